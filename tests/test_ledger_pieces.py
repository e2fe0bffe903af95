"""The ledger printed a block of rows at a time is the ledger printed whole, byte for byte.

`monolog ledger` prints its table in pieces (`FittedLedger.pieces`: the first works out the
columns' widths as Rich would for the whole table, the others are blocks of rows at those
widths), and makes its rows as it prints them (`ordered_rows`: movements, stock and findings
merged by line, where they were all made and sorted). Here both are held to the way it was
done before: the whole table printed at once, the rows made whole and sorted, on the
repository's games and a long game of bare rolls (several blocks), at several widths, with
colour, and through the piped path that strips the ends of lines.
"""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_chunks import _long_game  # the long game of bare rolls

from monolog.reports.console import export, offline_svg_format, print_all, recording_console
from monolog.reports.game import Game
from monolog.reports.ledger import (
    BLOCK_ROWS,
    FindingRow,
    FittedLedger,
    Ledger,
    MoneyRow,
    Row,
    StockRow,
    build_ledger,
    opening_balances,
    ordered_rows,
    parse_turns,
    render_ledger,
)
from monolog.reports.settled import load_ledger

ledger_module = sys.modules[FittedLedger.__module__]

REPO = Path(__file__).resolve().parent.parent
GAMES = sorted((REPO / "scenarios/games").glob("*.mlog"))
SCOPES = ((None, None), ("Ann", None), (None, "5-40"), ("Ben", "10-"))


def _sorted_rows(game: Game) -> list[Row]:
    """Every row made first and sorted, as `build_ledger` did before `ordered_rows`."""
    balances = opening_balances(game)
    keyed: list[tuple[tuple[int, int, int, int], Row]] = []
    for t in game.result.transfers:
        if t.payer in balances:
            balances[t.payer] -= t.amount
        if t.payee in balances:
            balances[t.payee] += t.amount
        row = MoneyRow(
            t.turn, t.span.line, t.span.column, t.payer, t.payee, t.amount, t.reason, dict(balances)
        )
        keyed.append(((t.span.line, 0, 0, len(keyed)), row))
    stock = (game.edition.rules.houses, game.edition.rules.hotels)
    trail = game.ledger_trail()
    for m in trail.stock:
        now = (m.houses, m.hotels)
        if now != stock:
            row_s = StockRow(
                m.turn, m.line, m.column, now[0], now[1], now[0] - stock[0], now[1] - stock[1]
            )
            keyed.append(((m.line, 1, 0, len(keyed)), row_s))
            stock = now
    for f in game.findings:
        row_f = FindingRow(trail.turn_at_line(f.line), f.line, f.column, f)
        keyed.append(((f.span.line, 2, f.span.column, len(keyed)), row_f))
    keyed.sort(key=lambda kr: kr[0])
    return [r for _, r in keyed]


def _printed(ledger: Ledger, width: int, in_pieces: bool) -> str:
    """The ledger's table printed at `width` with colour, whole or a piece at a time."""
    console = recording_console(width, colour=True)
    fitted = FittedLedger(ledger, [ledger.player] if ledger.player else ledger.game.players)
    for item in fitted.pieces() if in_pieces else [fitted]:
        console.print(item)
    return console.export_text(styles=True)


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    path = tmp_path_factory.mktemp("ledger") / "long.mlog"
    path.write_text(_long_game(1300), encoding="utf-8")  # about 2,000 rows: several blocks
    return load_ledger(str(path))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_rows_come_in_the_order_they_were_sorted_in(path: Path) -> None:
    game = load_ledger(str(path))
    assert list(ordered_rows(game)) == _sorted_rows(game)


def test_rows_whose_lines_go_back_are_sorted(long_game: Game) -> None:
    # a replay whose movements and findings did not come in the order of their lines
    result = long_game.result
    shuffled = dataclasses.replace(
        result,
        transfers=result.transfers[40:] + result.transfers[:40],
        findings=list(reversed(result.findings)) or result.findings,
    )
    game = dataclasses.replace(long_game, result=shuffled)
    rows = list(ordered_rows(game))
    assert rows == _sorted_rows(game)
    assert [r.line for r in rows] == sorted(r.line for r in rows)


WIDTHS = (110, 70, 40, 24, 200)
# each game at two of the widths, in turn, so that every width meets four or five games (the
# long game below meets four of them with many blocks): every game at every width took most of
# this file's time and met no width a sample of games does not
GAME_WIDTHS = [
    (path, WIDTHS[(i + shift) % len(WIDTHS)]) for i, path in enumerate(GAMES) for shift in (0, 2)
]


@pytest.mark.parametrize(
    ("path", "width"), GAME_WIDTHS, ids=[f"{w}-{p.stem}" for p, w in GAME_WIDTHS]
)
def test_pieces_print_as_the_whole_table(
    path: Path, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ledger_module, "BLOCK_ROWS", 37)  # many blocks, of rows of all kinds
    game = load_ledger(str(path))
    for player, turns in SCOPES:
        if player is not None and player not in game.players:
            continue
        ledger = build_ledger(game, player, parse_turns(turns) if turns else None)
        assert _printed(ledger, width, True) == _printed(ledger, width, False)


# the narrow widths: at 110 and 70 (50 of this test's 72 s in one measured run) the long game is
# printed a block at a time and compared with the whole by
# test_piped_output_is_written_as_it_goes_and_is_the_same, and every width with colour, in blocks
# of 37 rows, by test_pieces_print_as_the_whole_table
@pytest.mark.parametrize("width", [40, 24])
def test_a_long_ledger_prints_in_blocks_as_the_whole_table(long_game: Game, width: int) -> None:
    ledger = build_ledger(long_game)
    assert len(ledger.rows) > 2 * BLOCK_ROWS
    fitted = FittedLedger(ledger, long_game.players)
    console = recording_console(width, colour=True)
    pieces = 0
    for item in fitted.pieces():
        console.print(item)
        pieces += 1
    # printed a block at a time at every width: before the row-per-line layout, at 40
    # columns the cash column got no width at all, which blocks at fixed widths cannot
    # repeat, and the table was printed whole
    assert pieces > 2
    assert console.export_text(styles=True) == _printed(ledger, width, False)


@pytest.fixture(scope="module")
def printed_whole(long_game: Game) -> tuple[list[Any], Console]:
    """The long game's ledger, and a console that recorded it printed whole, as `export` did
    (printed once for the three exports: each export below leaves the recording as it is)."""
    renderables = render_ledger(build_ledger(long_game), chart=False)
    console = recording_console()
    for item in renderables:  # each printed whole
        console.print(item)
    return renderables, console


@pytest.mark.parametrize("kind", ["txt", "svg", "html"])
def test_exports_are_as_printed_whole(printed_whole: tuple[list[Any], Console], kind: str) -> None:
    renderables, console = printed_whole
    if kind == "txt":
        text = console.export_text(styles=False, clear=False)
        whole = "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
    elif kind == "svg":
        whole = console.export_svg(
            title="t", unique_id="monolog", code_format=offline_svg_format(), clear=False
        )
    else:
        whole = console.export_html(inline_styles=True, clear=False)
    assert export(renderables, kind, "t") == whole


@pytest.mark.parametrize("width", [110, 70])
def test_piped_output_is_written_as_it_goes_and_is_the_same(
    long_game: Game, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderables = render_ledger(build_ledger(long_game, turns=parse_turns("1-900")))
    whole_console = Console(file=io.StringIO(), width=width, highlight=False, emoji=False)
    with whole_console.capture() as captured:
        for item in renderables:
            whole_console.print(item)
    whole = "\n".join(line.rstrip() for line in captured.get().splitlines()) + "\n"

    writes: list[str] = []

    class Out(io.StringIO):
        def write(self, s: str) -> int:
            writes.append(s)
            return len(s)

    monkeypatch.setattr(sys, "stdout", Out())
    console = Console(file=io.StringIO(), width=width, highlight=False, emoji=False)
    assert not console.is_terminal
    print_all(console, renderables)
    assert "".join(writes) == whole
    assert len(writes) > 3  # written a block at a time, not held whole
