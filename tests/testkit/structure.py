"""How the modules of a monolog package import one another, read from their source with `ast`.

Every import counts, at the top of a module or inside a function: an import put inside a
function to break a cycle still makes one. tests/test_module_structure.py holds the package to
no cycles and no use of another module's private names; benchmarks/compare.py counts the same
figures for two copies of the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["Import", "cycles", "graph", "imports", "modules"]

# (module imported, name taken from it or None, line)
Import = tuple[str, str | None, int]


def modules(package: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module and package under `package` (a folder)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, found: dict[str, Path]) -> list[Import]:
    """Every import in module `name`'s file, relative imports made absolute; only modules of
    `found` (see `modules`) are kept. `from . import x` names the submodule x."""
    path = found[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[Import] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names if a.name in found]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in found:
                    out.append((f"{target}.{alias.name}", None, node.lineno))
                elif target in found:
                    out.append((target, alias.name, node.lineno))
    return out


def graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the other modules of `found` it imports."""
    return {m: {t for t, _, _ in imports(m, found) if t != m} for m in found}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
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
        for w in sorted(edges[v]):
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

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found
