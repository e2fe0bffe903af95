"""Round trip: parse → format → parse gives the same events, and formatting is idempotent.

Checked on every record the repository holds (`*.mlog` files, the records of the scenario
files, the ```mlog blocks of the docs) and on random valid records drawn by hypothesis.
Spans take no part in event equality, so only what the record says is compared. Blank lines at
the start and end of a record are dropped by the formatter (`canonical_events`).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from property_budget import examples
from strategies import event_lists, records
from testkit.corpus import distinct, shipped_scenario_data

from monolog.notation import parse_text
from monolog.notation.errors import ParseError
from monolog.notation.events import NO_SPAN, Event
from monolog.notation.formatter import canonical_events, format_events, format_text

ROOT = Path(__file__).resolve().parents[1]
SKIP_DIRS = {".git", ".venv", "venv", "node_modules", "build", "dist", ".hypothesis"}

# no timing in tests: hypothesis' deadline is off
PROPERTY = settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _tracked(path: Path) -> bool:
    parts = path.relative_to(ROOT).parts
    return not any(p in SKIP_DIRS or p.startswith(".") for p in parts[:-1])


def _mlog_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.mlog") if p.is_file() and _tracked(p))


# a block fenced exactly ```mlog (```mlog-error blocks show mistakes on purpose)
_FENCE = re.compile(r"^```mlog[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
# the rules document shows each parse error's failing record after this line
_FAILS_TO_PARSE = re.compile(r"^Fails \(gives P\d+\)")


def _doc_blocks() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for md in sorted((ROOT / "docs").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        for m in _FENCE.finditer(text):
            before = [ln for ln in text[: m.start()].splitlines() if ln.strip()]
            if before and _FAILS_TO_PARSE.match(before[-1]):
                continue
            line = text.count("\n", 0, m.start()) + 1
            out.append((f"{md.relative_to(ROOT)}:{line}", m.group(1)))
    return out


def _scenario_records() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for path, data in shipped_scenario_data():
        items = data.get("scenarios", [data]) if isinstance(data, dict) else []
        for i, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("record"), str):
                continue
            if (item.get("expect") or {}).get("parse_error"):
                continue  # a record that must not parse
            out.append((f"{path.relative_to(ROOT)}#{i}", item["record"]))
    return out


def _sources() -> list[tuple[str, str]]:
    files = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in _mlog_files()]
    return distinct(files + _doc_blocks() + _scenario_records())


def assert_round_trip(text: str, name: str = "<record>") -> str:
    """parse → format → parse gives the same events, and format is idempotent."""
    first = parse_text(text, name)
    out = format_events(first)
    second = parse_text(out, name + " (formatted)")
    assert second == canonical_events(first), f"{name}: formatting changed the events\n{out}"
    assert format_events(second) == out, f"{name}: formatting is not idempotent"
    assert format_text(out, name) == out
    return out


def test_the_repository_holds_records() -> None:
    # the worked examples are the round trip's main real-world material
    assert _mlog_files(), "no *.mlog file found below the repository root"


def test_repository_records_round_trip() -> None:
    # one pass over every record; the failure lists each record that does not round-trip (the
    # events compared include every comment, so a dropped or moved comment is listed too)
    offenders: list[str] = []
    sources = _sources()
    for name, text in sources:
        try:
            assert_round_trip(text, name)
        except (AssertionError, ParseError) as exc:
            offenders.append(f"{name}: {str(exc).splitlines()[0]}")
    kinds = {name.split("/")[0] for name, _ in sources}
    assert {"docs", "scenarios"} <= kinds, kinds  # the doc blocks and the scenario records
    assert not offenders, "\n".join(offenders)


@PROPERTY
@given(records())
def test_random_records_round_trip(text: str) -> None:
    # also: formatting the canonical text changes nothing (format_text is format_events of the
    # parse, and assert_round_trip formats its output again)
    assert_round_trip(text, "<drawn>")


def _without_spans(events: list[Event]) -> list[Event]:
    return [dataclasses.replace(e, span=NO_SPAN) for e in events]


@PROPERTY
@given(event_lists())
def test_events_without_spans_still_round_trip(events: list[Event]) -> None:
    # events made by a program carry no positions: the line kinds alone must give a text that
    # reads back as the same events
    out = format_events(_without_spans(events))
    assert parse_text(out, "<no spans>") == canonical_events(events)
    assert format_text(out) == out
