"""How the modules of monolog/ depend on one another, read from their source with `ast`.

Every import counts, at the top of a module or inside a function: an import put inside a
function to break a cycle still makes one. A cycle means two modules cannot be understood, or
changed, one without the other. A name starting with an underscore is private to its module:
another module that needs it needs a public name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "monolog"


def _modules() -> dict[str, Path]:
    """Dotted name -> file, for every module and package of monolog/."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def _imports(name: str) -> list[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for every import in `name`'s file,
    relative imports made absolute. Only modules of monolog/ are kept."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    out: list[tuple[str, str | None, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names if a.name in MODULES]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(name).split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in MODULES:  # a submodule: `from . import x`
                    out.append((f"{target}.{alias.name}", None, node.lineno))
                elif target in MODULES:
                    out.append((target, alias.name, node.lineno))
    return out


def _graph() -> dict[str, set[str]]:
    return {m: {t for t, _, _ in _imports(m) if t != m} for m in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_sees_imports_inside_functions() -> None:
    # replay imports its handlers' modules; the reader must see relative imports as modules
    assert "monolog.engine.game" in _graph()["monolog.engine.replay"]


def test_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_taken_from_another_module(name: str) -> None:
    taken = [
        f"line {line}: from {target} import {imported}"
        for target, imported, line in _imports(name)
        if imported is not None
        and imported.startswith("_")
        and not (imported.startswith("__") and imported.endswith("__"))
        and target != name
    ]
    assert taken == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_module_imported_from_another_package(name: str) -> None:
    own = _package_of(name)
    taken = [
        f"line {line}: {target}"
        for target, _, line in _imports(name)
        if target.rpartition(".")[2].startswith("_")
        and not target.endswith("__")
        and target.rpartition(".")[0] != own
    ]
    assert taken == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_attribute_set_on_an_object_of_another_module(name: str) -> None:
    # `obj._name = ...` outside a method of obj's own class reaches into it (self and cls are
    # the class's own)
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    set_from_outside = [
        f"line {node.lineno}: {ast.unparse(target)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and target.attr.startswith("_")
        and not target.attr.startswith("__")
        and not (isinstance(target.value, ast.Name) and target.value.id in ("self", "cls"))
    ]
    assert set_from_outside == []
