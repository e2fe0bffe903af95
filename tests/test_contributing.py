"""CONTRIBUTING.md's recipe for a disputed point lists every decide function of the engine, so
the step that names a new one cannot be missed: a public function of `monolog/engine` whose
return annotation names `judge.Decision` is listed as `module.function` (read with `ast`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "monolog" / "engine"


def _decide_functions(source: str) -> list[str]:
    """The public functions of a module's source whose return annotation names a Decision."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.returns is None:
            continue
        returned = {
            part.attr if isinstance(part, ast.Attribute) else part.id
            for part in ast.walk(node.returns)
            if isinstance(part, ast.Attribute | ast.Name)
        }
        if "Decision" in returned and not node.name.startswith("_"):
            names.append(node.name)
    return names


def test_the_reader_finds_a_decide_function() -> None:
    source = (
        "def a(game) -> judge.Decision: ...\n"
        "def b(game) -> tuple[judge.Decision, int]: ...\n"
        "def _c(game) -> judge.Decision: ...\n"
        "def d(game) -> judge.Words: ...\n"
    )
    assert _decide_functions(source) == ["a", "b"]


def test_every_decide_function_is_listed() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    unlisted = [
        f"{path.relative_to(ROOT)}: {path.stem}.{name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name in _decide_functions(path.read_text(encoding="utf-8"))
        if f"`{path.stem}.{name}`" not in text
    ]
    assert not unlisted, "decide functions missing from CONTRIBUTING.md's list:\n" + "\n".join(
        unlisted
    )
