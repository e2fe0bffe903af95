"""The ledger and the dispute without a snapshot per event give what they gave with one.

`monolog ledger` reads a trail (reports/trail.py) kept as the record is replayed a piece at a
time, where it read a moment (the whole table) kept after every event; `monolog dispute` steps
the two replays side by side (`dispute_record`), where it kept a signature of the table after
every event of each. Here each is held to the way it was done before, on a long game of bare
rolls (the `benchmarks/memory_bench.py` shape) read in pieces of a few lines, and on the
repository's games (those build, so the bank's stock moves).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_chunks import _long_game  # the long game of bare rolls

from monolog.dispute.compare import compare, dispute_record, run_side
from monolog.findings.lines import TextLines
from monolog.notation import chunks
from monolog.notation.parser import parse_text, read_source
from monolog.reports.chart import worth_series
from monolog.reports.game import load_game, source_lines
from monolog.reports.ledger import FindingRow, StockRow, build_ledger, parse_turns
from monolog.reports.settled import load_ledger

REPO = Path(__file__).resolve().parent.parent
# the long game's turns: about 70 pieces of 7 lines (no limit in the trail, the ledger or the
# dispute lies between 500 and 1,500 turns, which took three times as long)
LONG = 500
GAMES = sorted((REPO / "scenarios/games").glob("*.mlog"))


def _ledgers_agree(path: Path) -> None:
    whole = load_game(str(path))
    trail = load_ledger(str(path))
    assert trail.moments == [] and trail.trail is not None
    for player, turns in ((None, None), ("Ann", None), (None, "5-40"), ("Ben", "10-")):
        span = parse_turns(turns) if turns else None
        assert build_ledger(trail, player, span).rows == build_ledger(whole, player, span).rows
    # and as the ledger read the moments before the trail: the turn of the last event on or
    # before a finding's line, the stock after each event where it changed
    rows = build_ledger(trail).rows
    for row in rows:
        if isinstance(row, FindingRow):
            at = [m.turn for m in whole.moments if m.line <= row.line]
            assert row.turn == (at[-1] if at else 0)
    stock, changes = (whole.edition.rules.houses, whole.edition.rules.hotels), []
    for m in whole.moments:
        now = (m.snapshot["bank"]["houses"], m.snapshot["bank"]["hotels"])
        if now != stock:
            changes.append((m.line, m.turn, *now))
            stock = now
    assert [(r.line, r.turn, r.houses, r.hotels) for r in rows if isinstance(r, StockRow)] == (
        changes
    )
    a, b = worth_series(trail), worth_series(whole)
    assert list(a.turns) == list(b.turns)
    assert {n: list(v) for n, v in a.worth.items()} == b.worth


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_the_ledger_from_a_trail_is_the_ledger_from_moments(path: Path) -> None:
    _ledgers_agree(path)


def test_a_long_game_read_in_pieces_gives_the_same_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.mlog"
    path.write_text(_long_game(LONG), encoding="utf-8")
    monkeypatch.setattr(chunks, "LINES", 7)  # many pieces, so the trail is kept across them
    _ledgers_agree(path)


def _disputes_agree(path: Path, rulings: list[dict[str, str]]) -> None:
    """For each of `rulings`, the dispute stepped side by side is the dispute of the two sides
    replayed whole (the record's own side replayed once: each alternative copies what it reads
    of it, and the comparison reads it only)."""
    text = read_source(str(path))
    events = parse_text(text, str(path))
    lines = source_lines(text.removeprefix("\ufeff"))
    original = run_side(events, None, file=str(path))
    for asked in rulings:
        changed = {cf: r for cf, r in asked.items() if original.readings.get(cf) != r}
        alternative = (
            run_side(events, changed, file=str(path), alternative_of=original)
            if changed
            else original
        )
        before = compare(original, alternative, changed, lines, file=str(path))
        side, changed_now, _, now = dispute_record(events, {}, asked, lines, file=str(path))
        assert changed_now == changed, asked
        assert side.readings == original.readings, asked
        assert now == before, asked


RULINGS = [
    {"CF-03": "jailing-turn-counts"},
    {"CF-70": "double-salary"},
    {"CF-02": "fourth-turn-pay", "CF-69": "pot"},
    {"CF-04": "no-extra-roll"},  # the reading in force: nothing changes
]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_the_dispute_stepped_side_by_side_is_the_dispute_kept_whole(path: Path) -> None:
    _disputes_agree(path, RULINGS)


def test_a_long_game_disputed_side_by_side(tmp_path: Path) -> None:
    path = tmp_path / "long.mlog"
    path.write_text(_long_game(LONG), encoding="utf-8")
    _disputes_agree(path, RULINGS)


def _disputes_in_pieces_agree(path: Path, asked: dict[str, str]) -> None:
    """The dispute of the record read a piece at a time (`more`) is the dispute of the record
    parsed whole, its lines read from the text as `monolog dispute` now reads them."""
    text = read_source(str(path))
    events = parse_text(text, str(path))
    lines = source_lines(text.removeprefix("\ufeff"))
    _, changed, same, whole = dispute_record(events, {}, asked, lines, file=str(path))
    first, more = chunks.parse_pieces(text, str(path))
    in_lines = TextLines(text.removeprefix("\ufeff"))
    _, changed_p, same_p, pieces = dispute_record(
        first, {}, asked, in_lines, file=str(path), more=more
    )
    assert (changed_p, same_p) == (changed, same)
    assert pieces == whole


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_the_dispute_read_in_pieces_is_the_dispute_parsed_whole(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pieces of 7 lines: the header's piece, then many (a record without a Players tag, or a
    # tag after its first played line, is read whole)
    monkeypatch.setattr(chunks, "LINES", 7)
    for asked in RULINGS:
        _disputes_in_pieces_agree(path, asked)


def test_a_long_game_disputed_in_pieces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "long.mlog"
    path.write_text(_long_game(LONG), encoding="utf-8")
    monkeypatch.setattr(chunks, "LINES", 7)
    _, more = chunks.parse_pieces(read_source(str(path)), str(path))
    assert more is not None  # read in pieces indeed
    for asked in RULINGS:
        _disputes_in_pieces_agree(path, asked)
