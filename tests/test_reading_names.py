"""Every reading name the code compares with a disputed point's reading is a reading of that
point in the catalogue (monolog/editions/data/readings.yaml).

The engine asks `game.ruling("CF-04")` and compares the answer with a name written in the
code (`== "extra-roll"`), or names the reading a record follows (`ambiguous("CF-04", …,
follows="extra-roll")`), or lists it as another reading in a decide step
(`judge.Alternative("CF-04", "extra-roll", …)`). A misspelt name there never matches, so the
branch it guards is silently dead. This test reads the code (its syntax tree, nothing is run)
and lists every such name that is not a reading of its point, with the place.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from monolog.editions.readings import load_readings

PACKAGE = Path(__file__).resolve().parent.parent / "monolog"


def _cf_of_call(node: ast.AST) -> str | None:
    """`X.ruling("CF-nn")` -> "CF-nn"."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "ruling"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
        and node.args[0].value.startswith("CF-")
    ):
        return node.args[0].value
    return None


def _strings(node: ast.AST, constants: dict[str, str]) -> Iterator[str]:
    """The reading names an operand spells: a string, a module constant holding one, or a
    tuple, list or set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Name) and node.id in constants:
        yield constants[node.id]
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _strings(item, constants)


def _module_constants(tree: ast.Module) -> dict[str, str]:
    out = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            out[node.targets[0].id] = node.value.value
    return out


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module or function, not those of the functions defined inside it."""
    out: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        out.append(node)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))
    return out


def _scopes(tree: ast.Module) -> Iterator[list[ast.AST]]:
    """The nodes of each scope: the module's, then each function's."""
    yield _own_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield _own_nodes(node)


def _holds(bound: dict[str, list[tuple[int, str | None]]], name: str, line: int) -> str | None:
    """The point whose reading `name` holds at `line`: that of its last assignment before."""
    before = [(at, cf) for at, cf in bound.get(name, ()) if at <= line]
    return max(before, key=lambda b: b[0])[1] if before else None


def _uses(path: Path) -> Iterator[tuple[int, str, str]]:
    """(line, CF item, reading name) for every name compared with a point's reading, or given
    as the reading a record follows."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = _module_constants(tree)
    for nodes in _scopes(tree):
        # a local name holding a point's reading: where each assignment stands, and the point
        bound: dict[str, list[tuple[int, str | None]]] = {}
        for node in nodes:
            if isinstance(node, ast.Assign):
                cf = _cf_of_call(node.value)
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        bound.setdefault(target.id, []).append((node.lineno, cf))

        for node in nodes:
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                for operand in operands:
                    cf = _cf_of_call(operand)
                    if cf is None and isinstance(operand, ast.Name):
                        cf = _holds(bound, operand.id, node.lineno)
                    if cf is None:
                        continue
                    for other in operands:
                        if other is not operand:
                            for name in _strings(other, constants):
                                yield node.lineno, cf, name
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "ambiguous"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                cf = node.args[0].value
                for keyword in node.keywords:
                    if keyword.arg == "follows":
                        for name in _strings(keyword.value, constants):
                            yield node.lineno, cf, name
            elif _is_alternative(node):
                assert isinstance(node, ast.Call)
                cf = node.args[0].value  # type: ignore[attr-defined]
                for name in _strings(node.args[1], constants):
                    yield node.lineno, cf, name


def _is_alternative(node: ast.AST) -> bool:
    """`judge.Alternative("CF-nn", "reading", …)`: another reading a decide step lists."""
    if not isinstance(node, ast.Call) or len(node.args) < 2:
        return False
    func = node.func
    named = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    first = node.args[0]
    return (
        named == "Alternative"
        and isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and first.value.startswith("CF-")
    )


def test_every_reading_name_in_the_code_is_a_reading_of_its_point() -> None:
    catalogue = {cf: set(item.readings) for cf, item in load_readings().items()}
    checked = 0
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, cf, name in sorted(set(_uses(path))):
            checked += 1
            if name not in catalogue.get(cf, ()):
                where = path.relative_to(PACKAGE.parent)
                offenders.append(f"{where}:{line}: {cf} has no reading {name!r}")
    assert offenders == []
    # the test reads what it should: 172 places when it was written
    assert checked >= 150


def test_a_misspelt_reading_is_caught(tmp_path: Path) -> None:
    """The reader finds the three shapes a reading name takes in the code."""
    source = tmp_path / "m.py"
    source.write_text(
        'PAID = "paid-prize"\n'
        "def f(game):\n"
        '    reading = game.ruling("CF-30")\n'
        '    if reading in ("paid-prize", "printed-price"):\n'
        "        pass\n"
        '    if game.ruling("CF-30") == PAID:\n'
        "        pass\n"
        '    game.ambiguous("CF-30", "m", None, "R", follows="paid-prize")\n',
        encoding="utf-8",
    )
    found = sorted(_uses(source))
    assert found == [
        (4, "CF-30", "paid-prize"),
        (4, "CF-30", "printed-price"),
        (6, "CF-30", "paid-prize"),
        (8, "CF-30", "paid-prize"),
    ]
