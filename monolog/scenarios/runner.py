"""Run a scenario: parse its record, replay it when needed, compare with what it expects.

A scenario that expects only parse results (`parse_error`, or no replay expectations at all)
runs on the parser alone. Anything else needs the engine, imported on first use; when the
engine cannot be imported the scenario fails and says so.

Snapshots are compared partially: only the keys written in the expectation are compared, and
nested mappings recursively, so `{players: {Ann: {cash: 1488}}}` checks Ann's cash alone.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..findings.model import Finding
from ..notation import ParseError
from ..notation.events import TRIVIA
from ..notation.parser import decode_source, parse_text
from .model import ExpectedFinding, Scenario


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of one scenario. `problems` are the readable lines of the diff."""

    scenario: Scenario
    passed: bool
    problems: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = field(default=(), repr=False)
    edition: str | None = None  # the edition the record was replayed under (None: not replayed)

    @property
    def diff(self) -> str:
        """What differed, one point a line (empty when the scenario passed)."""
        return "\n".join(self.problems)


# the variant every engine plays; naming it needs no variant support
STANDARD = "standard"


class EngineUnavailable(Exception):
    """The engine could not be imported."""


def _load_replay() -> Callable[..., Any]:
    try:
        engine = importlib.import_module("monolog.engine")
        replay: Callable[..., Any] = engine.replay
    except Exception as exc:  # missing, or broken while it is being changed
        raise EngineUnavailable(
            f"the engine is not available ({type(exc).__name__}: {exc})"
        ) from None
    return replay


def run_scenario(
    scenario: Scenario, replay: Callable[..., Any] | None = None, paranoid: bool = False
) -> Result:
    """Run one scenario. `replay` replaces the engine's `replay` (tests use it).

    `paranoid` asks the engine to check its state invariants after every event; a broken
    invariant is then an unexpected finding of the scenario.
    """

    expect = scenario.expect
    try:
        if scenario.record_data is not None:  # read and checked when it was loaded
            text = decode_source(scenario.record_data, scenario.record_name)
        else:
            text = scenario.record or ""
        events = parse_text(text, scenario.record_name)
    except ParseError as exc:
        return _check_parse_error(scenario, exc.finding, exc.render())
    if expect.parse_error is not None:
        return _fail(
            scenario, [f"expected parse error {expect.parse_error}, but the record parsed"]
        )
    if not expect.needs_engine:
        return Result(scenario, True)

    try:
        replay_fn = replay or _load_replay()
    except EngineUnavailable as exc:
        return _fail(scenario, [f"cannot replay the record: {exc}"])

    wanted = set(expect.state)
    captured: dict[int, Any] = {}
    lines_with_events = {e.span.line for e in events if not _is_trivia(e)}

    def observer(event: Any, state: Any) -> None:
        line = event.span.line
        if line in wanted and not _is_trivia(event):
            captured[line] = copy.deepcopy(state)

    kwargs: dict[str, Any] = {
        "edition": scenario.edition,
        "rulings": dict(scenario.rulings) or None,
        "file": scenario.record_name,
        "observer": observer if wanted else None,
    }
    accepted = _parameters(replay_fn)
    if paranoid:
        if "paranoid" not in accepted:
            return _fail(scenario, ["the engine has no paranoid mode (replay has no paranoid)"])
        kwargs["paranoid"] = True
    if scenario.variant is not None and (scenario.variant != STANDARD or "variant" in accepted):
        if "variant" not in accepted:
            return _fail(
                scenario,
                [f"the engine cannot replay variant {scenario.variant!r} (replay has no variant)"],
            )
        kwargs["variant"] = scenario.variant
    try:
        outcome = replay_fn(events, **kwargs)
    except Exception as exc:  # an engine bug: report it in the scenario, not as a crash
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
        return _fail(
            scenario,
            [f"the engine raised {type(exc).__name__}: {exc}", *"".join(tb[-3:]).splitlines()],
        )

    problems: list[str] = []
    findings = tuple(outcome.findings)
    if expect.findings is not None:
        problems.extend(compare_findings(expect.findings, findings))
    edition = getattr(outcome, "edition", None)
    for line in sorted(expect.state):
        if line not in captured:
            if line not in lines_with_events:
                problems.append(f"state after line {line}: line {line} holds no event")
            else:
                problems.append(f"state after line {line}: the replay never reached line {line}")
            continue
        actual = _snapshot(captured[line], edition)
        problems.extend(compare_partial(expect.state[line], actual, f"after line {line}"))
    if expect.final is not None:
        actual = _snapshot(outcome.state, edition)
        problems.extend(compare_partial(expect.final, actual, "at the end"))
    key = getattr(edition, "key", None)
    return Result(
        scenario, not problems, tuple(problems), findings, key if isinstance(key, str) else None
    )


def _parameters(fn: Callable[..., Any]) -> set[str]:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return set()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return set(params) | {"variant", "paranoid"}
    return set(params)


def _is_trivia(event: Any) -> bool:
    return isinstance(event, TRIVIA)


def _snapshot(state: Any, edition: Any) -> dict[str, Any]:
    snap = state.snapshot(edition) if edition is not None else state.snapshot()
    return snap  # type: ignore[no-any-return]


def _fail(scenario: Scenario, problems: list[str]) -> Result:
    return Result(scenario, False, tuple(problems))


def _check_parse_error(scenario: Scenario, found: Finding, rendered: str) -> Result:
    want = scenario.expect.parse_error
    if want is None:
        lines = rendered.splitlines()
        return _fail(scenario, ["the record does not parse:", *("  " + x for x in lines)])
    problems = []
    got = f"{found.code} at {found.span.line}:{found.span.column}"
    if (
        found.code != want.code
        or (want.line is not None and found.span.line != want.line)
        or (want.column is not None and found.span.column != want.column)
    ):
        problems.append(f"parse error: expected {want}, got {got}: {found.message}")
    return Result(scenario, not problems, tuple(problems), (found,))


# --------------------------------------------------------------------------- comparisons


def compare_findings(
    expected: tuple[ExpectedFinding, ...], actual: tuple[Finding, ...]
) -> list[str]:
    """Missing and unexpected findings; the expected set must match exactly (as a multiset).

    An expected finding without a column matches any column on its line; one that pins a part
    of the message, the severity or the rule matches only a finding that has them.
    """
    remaining = list(actual)
    missing: list[ExpectedFinding] = []
    # findings with a column first, so that a looser expectation cannot take their match
    order = sorted(
        range(len(expected)),
        key=lambda i: (expected[i].column is None, expected[i].message is None),
    )
    for i in order:
        want = expected[i]
        for j, got in enumerate(remaining):
            if (
                got.code == want.code
                and got.span.line == want.line
                and (want.column is None or got.span.column == want.column)
                and (want.message is None or want.message in got.message)
                and (want.severity is None or got.severity.value == want.severity)
                and (want.rule is None or got.rule == want.rule)
            ):
                del remaining[j]
                break
        else:
            missing.append(want)
    problems = []
    for want in sorted(missing, key=lambda w: (w.line, w.column or 0, w.code)):
        near = [f for f in actual if f.code == want.code or f.span.line == want.line]
        pinned = want.message is not None or want.severity is not None
        hint = ""
        if near:
            shown = [
                _short(f)
                + (f" [{f.rule}]" if want.rule is not None else "")
                + (f" ({f.severity.value}): {f.message}" if pinned else "")
                for f in near
            ]
            hint = " (found instead: " + (" | " if pinned else ", ").join(shown) + ")"
        problems.append(f"missing finding: {want}{hint}")
    for got in sorted(remaining, key=lambda f: (f.span.line, f.span.column, f.code)):
        problems.append(
            f"unexpected finding: {got.code} at {got.span.line}:{got.span.column}: {got.message}"
        )
    return problems


def _short(f: Finding) -> str:
    return f"{f.code} at {f.span.line}:{f.span.column}"


_MISSING = object()


def compare_partial(expected: Any, actual: Any, when: str, path: str = "") -> list[str]:
    """Differences between a partial expectation and actual data.

    Only keys present in `expected` are compared; nested mappings recursively. Lists and
    scalars compare whole. Mapping keys match by their text, so `4:` and `"4":` are the same.
    """
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return [f"{path or 'state'}: expected a mapping, got {_show(actual)} ({when})"]
        problems = []
        by_text = {str(k): v for k, v in actual.items()}
        for key, want in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            got = actual[key] if key in actual else by_text.get(str(key), _MISSING)
            if got is _MISSING:
                known = ", ".join(sorted(str(k) for k in actual)) or "nothing"
                problems.append(
                    f"{sub}: expected {_show(want)}, but there is no {key!r} "
                    f"(there is: {_clip(known)}) ({when})"
                )
                continue
            problems.extend(compare_partial(want, got, when, sub))
        return problems
    if _equal(expected, actual):
        return []
    return [f"{path or 'state'}: expected {_show(expected)}, got {_show(actual)} ({when})"]


def _equal(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, list | tuple) and isinstance(actual, list | tuple):
        return len(expected) == len(actual) and all(
            _equal(a, b) for a, b in zip(expected, actual, strict=True)
        )
    return bool(expected == actual)


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value and value.strip() == value and "," not in value else repr(value)
    return repr(value)


def _clip(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
