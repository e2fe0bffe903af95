"""How the modules of monolog/ depend on one another, read from their source with `ast`.

Every import counts, at the top of a module or inside a function: an import put inside a
function to break a cycle still makes one. A cycle means two modules cannot be understood, or
changed, one without the other. A name starting with an underscore is private to its module:
another module that needs it needs a public name.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from testkit.structure import Import, cycles, graph, imports, modules

PACKAGE = Path(__file__).resolve().parent.parent / "monolog"
MODULES = modules(PACKAGE)


@cache
def _imports() -> dict[str, list[Import]]:
    """Every module's imports, read once for the checks below (a read parses all ~240 files)."""
    return {name: imports(name, MODULES) for name in sorted(MODULES)}


def _package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def test_the_cycle_finder_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_sees_imports_inside_functions() -> None:
    # replay imports its handlers' modules; the reader must see relative imports as modules
    read = imports("monolog.engine.core.replay", MODULES)
    assert "monolog.engine.core.game" in {target for target, _, _ in read}


def test_no_importcycles() -> None:
    assert cycles(graph(MODULES)) == []


# each check runs over every module and lists every offender as `module line N: what`


def test_no_private_name_taken_from_another_module() -> None:
    taken = [
        f"{name} line {line}: from {target} import {imported}"
        for name, read in _imports().items()
        for target, imported, line in read
        if imported is not None
        and imported.startswith("_")
        and not (imported.startswith("__") and imported.endswith("__"))
        and target != name
    ]
    assert taken == []


def test_no_private_module_imported_from_another_package() -> None:
    taken = [
        f"{name} line {line}: {target}"
        for name, read in _imports().items()
        for target, _, line in read
        if target.rpartition(".")[2].startswith("_")
        and not target.endswith("__")
        and target.rpartition(".")[0] != _package_of(name)
    ]
    assert taken == []


def test_no_private_attribute_set_on_an_object_of_another_module() -> None:
    # `obj._name = ...` outside a method of obj's own class reaches into it (self and cls are
    # the class's own)
    set_from_outside = [
        f"{name} line {node.lineno}: {ast.unparse(target)}"
        for name in sorted(MODULES)
        for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8")))
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and target.attr.startswith("_")
        and not target.attr.startswith("__")
        and not (isinstance(target.value, ast.Name) and target.value.id in ("self", "cls"))
    ]
    assert set_from_outside == []
