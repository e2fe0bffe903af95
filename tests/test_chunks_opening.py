"""A long record whose start needs more than its header, or whose Result tag is checked, is
audited a piece at a time too, with the report of the whole replay.

A record with no Players tag (the seating is the order names first appear, anywhere), or in a
variant that deals deeds before play (every setup line is checked against the deal), is read
through once for what its start needs (engine/core/opening.py) and replayed from its pieces again;
a Result tag is settled from the final state and from what the replay's observer saw. These
tests audit each record whole and in small pieces and compare every byte of the text and the
JSON reports: simulated games of every variant, with their header changed, and the records of
the repository that have such a start.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chunks import part, repository_records

from monolog.commands.audit_record import audit_file
from monolog.engine import replay
from monolog.engine.core.opening import opening_events
from monolog.engine.core.replay import replay_chunks
from monolog.findings.json_document import render_json
from monolog.findings.render import TextOutput
from monolog.notation import chunks
from monolog.notation import events as E
from monolog.notation.chunks import parse_pieces
from monolog.notation.parser import parse_text
from monolog.simulate import simulate


def _audited(path: Path, lines: int, capsys: pytest.CaptureFixture[str]) -> tuple[str, str, Any]:
    saved = chunks.LINES
    chunks.LINES = lines
    try:
        report, error = audit_file(str(path))
    finally:
        chunks.LINES = saved
    TextOutput().game(report)
    return capsys.readouterr().out, render_json([report]), error


def _same_report(path: Path, capsys: pytest.CaptureFixture[str], small: int = 3) -> str:
    whole = _audited(path, 1_000_000, capsys)
    assert _audited(path, small, capsys) == whole
    return whole[0]


def _pieces_taken(text: str, lines: int) -> bool:
    return parse_pieces(text, "r.mlog", lines)[1] is not None


def _changed(text: str, change: str) -> str:
    if change == "no Players tag":
        return re.sub(r'^\[Players "[^"\n]*"\]\n', "", text, count=1, flags=re.M)
    if change == "Result unfinished":
        return re.sub(r'^\[Result "[^"\n]*"\]', '[Result "*"]', text, count=1, flags=re.M)
    if change == "Result names another":
        return re.sub(r'^\[Result "[^"\n]*"\]', '[Result "Zed"]', text, count=1, flags=re.M)
    if change == "no Result tag":
        return re.sub(r'^\[Result "[^"\n]*"\]\n', "", text, count=1, flags=re.M)
    return text


# (edition, variant): uk-1996 has a short and a time-limit game, each dealing deeds before play
EDITIONS = [
    ("us-2018", "standard"),
    ("uk-1996", "standard"),
    ("uk-1996", "short"),
    ("uk-1996", "time-limit"),
]
CHANGES = ["as written", "no Players tag", "Result unfinished", "Result names another"]


@settings(max_examples=24, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    edition=st.sampled_from(EDITIONS),
    change=st.sampled_from(CHANGES),
)
def test_a_simulated_game_in_pieces_has_the_whole_report(
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    seed: int,
    players: int,
    edition: tuple[str, str],
    change: str,
) -> None:
    game = simulate(edition[0], players, seed, variant=edition[1], turns=60)
    text = _changed(game.text, change)
    assert _pieces_taken(text, 3)
    path = tmp_path_factory.mktemp("game") / "g.mlog"
    path.write_text(text, encoding="utf-8")
    _same_report(path, capsys, small=3)


@pytest.mark.parametrize("variant", ["short", "time-limit"])
def test_a_deal_and_a_result_checked_in_pieces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    game = simulate("uk-1996", 3, 5, variant=variant, turns=80)
    assert "setup" in game.text and "[Result" in game.text
    # a deed dealt twice and a setup line after the first turns: findings of the deal
    lines = game.text.split("\n")
    setup = next(i for i, line in enumerate(lines) if line.startswith("setup"))
    lines.insert(len(lines) // 2, lines[setup])
    text = _changed("\n".join(lines), "Result names another")
    path = tmp_path / "deal.mlog"
    path.write_text(text, encoding="utf-8")
    report = _same_report(path, capsys, small=5)
    assert "M209" in report and "W101" in report
    if variant == "time-limit":  # what the settlement learns from the observer, not the events
        assert "the richest when time was called" in report


def test_a_player_first_named_late_is_seated_in_pieces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    turns = [f"{n}. {('Ann', 'Ben')[n % 2]} 1-2" for n in range(1, 200)]
    turns.insert(150, "150. Cal 3-4")
    path = tmp_path / "late.mlog"
    path.write_text('[Event "x"]\n[Result "Cal"]\n' + "\n".join(turns) + "\n", encoding="utf-8")
    report = _same_report(path, capsys, small=7)
    assert "seating taken as Ben, Ann, Cal" in report


def test_the_opening_events_are_what_begin_reads_from_the_whole() -> None:
    text = (
        '[Variant "short"]\n; seats\nsetup Ann owns Boardwalk\n1. Ann 1-2\n2. Ben 3-4\n'
        "setup Ben owns Park Place\n3. Ann 1-2\n4. Cal 2-3\n5. Ben 1-2\n"
    )
    first, more = parse_pieces(text, "r.mlog", 1)
    assert more is not None
    kept = opening_events([first, *more])
    whole = parse_text(text, "r.mlog")
    assert kept[: len(first)] == first
    assert [e for e in kept[len(first) :]] == [
        e
        for e in whole
        if e.span.line > first[-1].span.line
        and (isinstance(e, E.SetupPlayer) or (isinstance(e, E.TurnStart) and e.span.line in (5, 8)))
    ]


def test_pieces_are_read_twice_only_when_the_start_needs_it() -> None:
    text = "".join(f"{n}. {('Ann', 'Ben')[n % 2]} 1-2\n" for n in range(1, 40))
    calls: list[int] = []

    def again() -> Iterator[list[E.Event]]:
        calls.append(1)
        first, more = parse_pieces(text, "r.mlog", 5)
        return iter([first, *(more or [])])

    whole = replay(parse_text(text, "r.mlog"), file="r.mlog")
    streamed = replay_chunks(again(), file="r.mlog", again=again)
    assert len(calls) == 2  # once for the seating, once for the replay
    assert [f.to_data() for f in streamed.findings] == [f.to_data() for f in whole.findings]
    calls.clear()
    tagged = '[Players "Ben, Ann"]\n' + text
    first, more = parse_pieces(tagged, "r.mlog", 5)
    replay_chunks(iter([first, *(more or [])]), file="r.mlog", again=again)
    assert calls == []


def _affected() -> list[tuple[str, str]]:
    return [
        (name, text)
        for name, text in repository_records()
        if "[Result" in text or "[Players" not in text or "[Variant" in text
    ]


def test_the_repository_has_records_whose_start_needs_more() -> None:
    affected = _affected()
    assert len(affected) >= 40
    assert [r for k in range(PARTS) for r in part(affected, k, PARTS)] == affected


PARTS = 6  # about 10 records in each


@pytest.mark.parametrize("k", range(PARTS))
def test_the_repository_records_whose_start_needs_more_have_the_whole_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], k: int
) -> None:
    for number, (name, text) in enumerate(part(_affected(), k, PARTS)):
        path = tmp_path / f"r{number}.mlog"
        path.write_text(text, encoding="utf-8")
        try:
            _same_report(path, capsys)
        except AssertionError as exc:
            raise AssertionError(f"{name}: {exc}") from None
