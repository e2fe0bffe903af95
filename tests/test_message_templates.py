"""Which message templates of the engine no scenario pins.

A message template is a call `game.emit(CODE, message, …)` or `game.ambiguous(CF, message, …)`
in the package whose code the source names (a call whose code is worked out at run time, as a
loop over CF items, is left out). A scenario pins one when it expects a finding with a `message`
and the finding that matches it was filed by that call. Every scenario that pins a message is
replayed here with the engine's `emit` watched, so each pinned message is traced to the call
that wrote it.

The templates no scenario pins yet are listed in tests/data/unpinned-message-templates.txt, one
`file:function:code` a line. The test fails when a template is missing from both (a new message
nobody pinned: pin it in a scenario) and when the list names one a scenario now pins (take it
off the list), so the list only shrinks.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from monolog.findings.model import Finding

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "monolog"
UNPINNED = ROOT / "tests" / "data" / "unpinned-message-templates.txt"
_CALLS = {"emit", "ambiguous"}


def _code(call: ast.Call, module: str) -> str | None:
    """The finding code a call files, where the source names it: "M412", or "A43" for CF-43."""
    if not call.args:
        return None
    first = call.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        text = first.value
    elif isinstance(first, ast.Name):
        text = _module_constant(module, first.id)
        if text is None:
            return None
    else:
        return None
    if isinstance(call.func, ast.Attribute) and call.func.attr == "ambiguous":
        return "A" + text.split("-")[-1]
    return text


def _module_constant(module: str, name: str) -> str | None:
    __import__(module)
    value = getattr(sys.modules[module], name, None)
    return value if isinstance(value, str) else None


def _walk(tree: ast.AST, function: str) -> Iterator[tuple[str, ast.Call]]:
    for node in ast.iter_child_nodes(tree):
        inner = node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _CALLS
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "game"
        ):
            yield function, node
        yield from _walk(node, inner)


@cache
def templates() -> frozenset[str]:
    """Every `file:function:code` that files a finding with a message written in place (read
    once: both tests use it)."""
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        module = rel[: -len(".py")].replace("/", ".")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function, call in _walk(tree, "<module>"):
            code = _code(call, module)
            if code is not None:
                found.add(f"{rel}:{function}:{code}")
    return frozenset(found)


def _site(frame: FrameType | None, finding: Finding, ambiguous: Any) -> str | None:
    """The template that filed `finding`: the caller of `emit`, or of `ambiguous` (whose code
    object is `ambiguous`) above it."""
    code = finding.code
    if frame is not None and frame.f_code is ambiguous:
        frame = frame.f_back
        cf = str(finding.data.get("cf", ""))
        code = "A" + cf.split("-")[-1] if cf else code
    if frame is None:
        return None
    # named from the package folder on, as in the source tree, whether the package runs from
    # the source tree or from an installed copy (which may lie inside it, in a .venv)
    parts = Path(frame.f_code.co_filename).resolve().parts
    if "monolog" not in parts:
        return None
    last = len(parts) - 1 - parts[::-1].index("monolog")
    return f"{'/'.join(parts[last:])}:{frame.f_code.co_name}:{code}"


def pinned_templates(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The templates that wrote a message some scenario pins."""
    # looked up now, not at import: a test run may have loaded the package afresh since (an
    # installed copy beside the source tree), and the engine must be the one the runner uses
    game_class = importlib.import_module("monolog.engine.core.game").Game
    run_scenario = importlib.import_module("monolog.scenarios.runner").run_scenario
    load_scenarios = importlib.import_module("monolog.scenarios.model").load_scenarios
    find_files = importlib.import_module("monolog.scenarios.suite").find_files
    filed: list[tuple[Finding, str | None]] = []
    original = game_class.emit
    ambiguous = game_class.ambiguous.__code__

    def watched(self: Any, *args: Any, **kwargs: Any) -> Finding:
        finding = original(self, *args, **kwargs)
        filed.append((finding, _site(sys._getframe(1), finding, ambiguous)))
        return finding

    monkeypatch.setattr(game_class, "emit", watched)
    pinned: set[str] = set()
    for path in find_files([ROOT / "scenarios"]):
        for scenario in load_scenarios(path):
            wants = [w for w in scenario.expect.findings or () if w.message is not None]
            if not wants:
                continue
            filed.clear()
            run_scenario(scenario)
            for want in wants:
                for finding, site in filed:
                    if (
                        site is not None
                        and finding.code == want.code
                        and finding.span.line == want.line
                        and want.message is not None
                        and want.message in finding.message
                    ):
                        pinned.add(site)
                        break
    return pinned


def test_every_message_template_is_pinned_or_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = {
        line.strip()
        for line in UNPINNED.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    every = templates()
    unpinned = every - pinned_templates(monkeypatch)
    new = sorted(unpinned - listed)
    assert not new, "message templates no scenario pins (pin them, or list them):\n" + "\n".join(
        new
    )
    stale = sorted(listed - unpinned)
    assert not stale, "listed as unpinned but pinned now, or gone (take them off):\n" + "\n".join(
        stale
    )


def test_templates_are_found() -> None:
    every = templates()
    # the calls the test follows are there to be found, ambiguous ones named by their A code
    assert "monolog/engine/money/claims.py:on_no_throw:M417" in every
    assert "monolog/engine/money/taxes.py:_counted_first:A43" in every
    assert len(every) > 150
