"""CF-80 one-throw-a-turn and CF-81 one-turn-then-free, the readings GNOME plays: the replay
follows them in full, so GNOME's games under them lose exactly the findings of those
departures, and nothing else moves."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest

from monolog.engine import replay
from monolog.findings.model import Finding, Severity
from monolog.notation import parse_text
from monolog.notation.jsonl import parse_jsonl

STREAMS = Path(__file__).resolve().parent.parent / "examples" / "gnome" / "streams"
GNOME = {"CF-80": "one-throw-a-turn", "CF-81": "one-turn-then-free"}
# what the two departures draw under the shipped reading (examples/gnome/README.md)
DEPARTURES = {"M102", "M507", "A03", "A04", "A05", "M112"}


def _findings(record: str, rulings: dict[str, str] | None = None, **kw: bool) -> list[Finding]:
    return replay(parse_text(textwrap.dedent(record), "t.mlog"), rulings=rulings, **kw).findings


@pytest.mark.parametrize("game", ["seed_6", "seed_13_opening", "seed_36"])
def test_gnome_games_under_gnomes_readings_lose_only_those_departures(game: str) -> None:
    events = parse_jsonl((STREAMS / f"{game}.jsonl").read_text(encoding="utf-8"), game)
    shipped = replay(events).findings
    ruled = replay(events, rulings=GNOME).findings
    named = [f for f in ruled if f.code in ("A80", "A81")]
    assert named and all(f.severity is Severity.INFO and "agrees" in f.message for f in named)
    assert not {f.code for f in ruled} & DEPARTURES
    # every other finding stays where it was: the replay follows GNOME's play without a cash
    # count or a later move drifting
    assert [(f.code, f.line, f.message) for f in ruled if f not in named] == [
        (f.code, f.line, f.message) for f in shipped if not _departure(f)
    ]


def _departure(f: Finding) -> bool:
    """A finding the two departures draw under the shipped readings: their codes, and the W001
    of the fine CF-03 jailing-turn-counts takes at the move after a one-turn stay (the last try
    under that reading, which the record follows; GNOME paid no fine)."""
    fine = f.code == "W001" and "jail turn 2 and no double, so" in f.message
    return f.code in DEPARTURES or fine


def test_the_three_gnome_games_name_each_departure_once() -> None:
    counts: Counter[str] = Counter()
    for stream in sorted(STREAMS.glob("*.jsonl")):
        events = parse_jsonl(stream.read_text(encoding="utf-8"), stream.name)
        counts.update(f.code for f in replay(events, rulings=GNOME).findings)
    # 32 doubles passed (M102 before) and 2 doubles after paying out of jail (A05 before);
    # 2 one-turn stays in jail (M507 and A03 before)
    assert (counts["A80"], counts["A81"]) == (34, 2)


def test_a_measured_one_throw_turn_refuses_the_second_throw() -> None:
    # `monolog dispute` replays under the other reading without following the record's play
    found = _findings(
        """\
        [Players "Ann, Ben"]
        1. Ann 3-3 #6 buy
        1-2 #9 buy
        2. Ben 1-2 #3 buy
        """,
        {"CF-80": "one-throw-a-turn"},
        recount=False,
    )
    assert [(f.code, f.line) for f in found] == [("M103", 3)]
    assert "one-throw-a-turn" in found[0].message


def test_a_double_on_the_one_jail_turn_is_no_throw_that_passes_the_turn() -> None:
    found = _findings(
        """\
        [Players "Ann, Ben"]
        setup Ann jail
        setup next Ann
        1. Ann 3-3 ignored
        2. Ben 1-2 Baltic Avenue buy
        3. Ann 1-3 #14 buy
        """,
        GNOME,
    )
    assert [(f.code, f.line, f.severity) for f in found] == [("A81", 4, Severity.INFO)]


def test_a_fine_paid_the_turn_after_the_one_jail_turn_follows_three_tries() -> None:
    # the record kept Ann in jail and has her pay out: reading up-to-three-turns, said once
    found = _findings(
        """\
        [Players "Ann, Ben"]
        setup Ann jail
        setup next Ann
        1. Ann 1-2
        2. Ben 1-2 Baltic Avenue buy
        3. Ann fine 50 1-3 #14 buy
        """,
        GNOME,
    )
    assert [(f.code, f.line, f.severity) for f in found] == [("A81", 6, Severity.WARNING)]
    assert "follows reading up-to-three-turns" in found[0].message


def test_a_throw_naming_no_square_after_the_one_jail_turn_shows_no_release() -> None:
    found = _findings(
        """\
        [Players "Ann, Ben"]
        setup Ann jail
        setup next Ann
        1. Ann 1-2
        2. Ben 1-2 Baltic Avenue buy
        3. Ann 2-3
        """,
        GNOME,
    )
    assert [(f.code, f.line) for f in found if f.code == "A81"] == [("A81", 4)]
    assert "agrees" not in found[0].message
