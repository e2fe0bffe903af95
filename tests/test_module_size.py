"""How long the modules and functions of monolog/ may grow, read from their source with `ast`.

No function over 100 lines (from its `def` to its last line), no module over 600 lines, and no
function of the engine over a cyclomatic complexity of 30: one, plus one for each `if`, `elif`
and conditional expression, each loop (and its `else`), each `except` (and the `else` of a
`try`), each `and`/`or` beyond the first operand, each `for` and `if` of a comprehension, each
`assert` and each `case`; a nested function counts within the one around it. That is how radon
counts (`radon cc`), so its figures and these agree.

Every offender is listed, as `path:function` or `path`, with its figure.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "monolog"
ENGINE = PACKAGE / "engine"

MOST_LINES = 100
MOST_MODULE_LINES = 600
MOST_COMPLEXITY = 30


def _functions(folder: Path) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function of the modules under `folder` (methods and nested ones too), each with the
    name it is listed by: `path:function`."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                out.append((f"{name}:{node.name}", node))
    return out


def _complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The cyclomatic complexity of a function, as radon counts it (the module's docstring)."""
    total = 1
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            total += _complexity(node) - 1
            continue
        if isinstance(node, ast.ClassDef):
            continue  # a class's methods are blocks of their own
        if isinstance(node, ast.Try):
            total += len(node.handlers) + bool(node.orelse)
        elif isinstance(node, ast.BoolOp):
            total += len(node.values) - 1
        elif isinstance(node, ast.If | ast.IfExp | ast.Assert):
            total += 1
        elif isinstance(node, ast.For | ast.AsyncFor | ast.While):
            total += 1 + bool(node.orelse)
        elif isinstance(node, ast.comprehension):
            total += 1 + len(node.ifs)
        elif isinstance(node, ast.Match):
            total += len(node.cases)
        stack.extend(ast.iter_child_nodes(node))
    return total


def test_no_function_over_100_lines() -> None:
    long = [
        f"{name} ({node.end_lineno - node.lineno + 1} lines)"
        for name, node in _functions(PACKAGE)
        if node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MOST_LINES
    ]
    assert long == []


def test_no_module_over_600_lines() -> None:
    long = [
        f"{name} ({lines} lines)"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (name := path.relative_to(ROOT).as_posix())
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_MODULE_LINES
    ]
    assert long == []


def test_no_engine_function_over_complexity_30() -> None:
    tangled = [
        f"{name} (complexity {figure})"
        for name, node in _functions(ENGINE)
        if (figure := _complexity(node)) > MOST_COMPLEXITY
    ]
    assert tangled == []
