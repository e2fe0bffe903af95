"""A record replayed for its settlement only (reports/settled.py) settles as the full replay
does: the same ranking, winner, exits and Result check, on the repository's records and on
simulated games of every variant, read whole and in pieces; and `monolog settle` and
`monolog standings` print the same report both ways. A record replayed for the table at one
line or turn shows the same table (`monolog state --at`), or the same reason why not."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples
from rich.console import Console

from monolog.notation import chunks
from monolog.reports.game import load_game
from monolog.reports.position import At, position_at, render_position
from monolog.reports.settled import load_position, load_settled
from monolog.reports.settlement import settle
from monolog.reports.settlement_table import render_settlement
from monolog.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "scenarios" / "games").glob("*.mlog")) + sorted(
    (ROOT / "tests" / "golden").glob("**/*.mlog")
)


def _settled(game: Any) -> tuple[Any, str]:
    settlement = settle(game)
    console = Console(width=120, file=io.StringIO())
    for part in render_settlement(game, settlement):
        console.print(part)
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    found = [f.to_data() for f in settlement.findings]
    return (
        settlement.ranking,
        settlement.winners,
        settlement.how,
        settlement.finished,
        settlement.exits,
        found,
    ), shown


def _compare(path: Path, lines: int) -> tuple[Any, str]:
    whole = _settled(load_game(str(path)))
    saved = chunks.LINES
    chunks.LINES = lines
    try:
        light = _settled(load_settled(str(path)))
    finally:
        chunks.LINES = saved
    assert light == whole
    return whole


def test_there_are_records_to_settle() -> None:
    assert len(RECORDS) >= 10


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_a_repository_record_settles_the_same(path: Path) -> None:
    _compare(path, 5)


EDITIONS = [("us-2018", "standard"), ("uk-1996", "short"), ("uk-1996", "time-limit")]


@settings(max_examples=examples(15), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    edition=st.sampled_from(EDITIONS),
    players_tag=st.booleans(),
    result=st.sampled_from(["as written", "*", "Zed"]),
)
def test_a_simulated_game_settles_the_same(
    tmp_path_factory: pytest.TempPathFactory,
    seed: int,
    players: int,
    edition: tuple[str, str],
    players_tag: bool,
    result: str,
) -> None:
    text = simulate(edition[0], players, seed, variant=edition[1]).text
    if not players_tag:
        text = re.sub(r'^\[Players "[^"\n]*"\]\n', "", text, count=1, flags=re.M)
    if result != "as written":
        text = re.sub(r'^\[Result "[^"\n]*"\]', f'[Result "{result}"]', text, count=1, flags=re.M)
    path = tmp_path_factory.mktemp("game") / "g.mlog"
    path.write_text(text, encoding="utf-8")
    _compare(path, 7)


def test_players_who_leave_keep_their_exits(tmp_path: Path) -> None:
    game = next(
        g
        for seed in range(40)
        if (g := simulate("us-2018", 4, seed)).finished and g.text.count(" bankrupt") >= 3
    )
    path = tmp_path / "g.mlog"
    path.write_text(game.text, encoding="utf-8")
    (_, winners, _, finished, exits, _), shown = _compare(path, 7)
    assert len(exits) == 3 and finished and winners
    assert "bankrupt" in shown


def _position(game: Any, at: At) -> tuple[Any, str]:
    try:
        pos = position_at(game, at)
    except ValueError as exc:
        return None, str(exc)
    console = Console(width=120, file=io.StringIO())
    for part in render_position(game, pos):
        console.print(part)
    return pos, console.file.getvalue()  # type: ignore[attr-defined]


def _same_positions(path: Path, pieces: int) -> int:
    """Compares the table at many lines and turns (and the end) read both ways; returns how
    many were compared."""
    whole = load_game(str(path))
    asked = sorted({1, 2, 3, len(whole.lines) // 2, len(whole.lines), len(whole.lines) + 1})
    ats = [At(n, False) for n in asked if n > 0]
    last = whole.last_turn()
    ats += [At(n, True) for n in sorted({0, 1, last // 3, last, last + 1})]
    saved = chunks.LINES
    chunks.LINES = pieces
    try:
        for at in ats:
            where = (None, at.number) if at.turn else (at.number, None)
            light = load_position(str(path), *where)
            assert _position(light, at) == _position(whole, at), at
        end = load_position(str(path))
        at_end = At(max(len(whole.lines), 1), False)
        assert _position(end, at_end) == _position(whole, at_end)
    finally:
        chunks.LINES = saved
    return len(ats) + 1


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_a_repository_record_shows_the_same_table_at_each_moment(path: Path) -> None:
    assert _same_positions(path, 5) >= 8


@settings(max_examples=examples(10), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    edition=st.sampled_from(EDITIONS),
)
def test_a_simulated_game_shows_the_same_table_at_each_moment(
    tmp_path_factory: pytest.TempPathFactory, seed: int, players: int, edition: tuple[str, str]
) -> None:
    text = simulate(edition[0], players, seed, variant=edition[1], turns=120).text
    path = tmp_path_factory.mktemp("game") / "g.mlog"
    path.write_text(text, encoding="utf-8")
    _same_positions(path, 7)
