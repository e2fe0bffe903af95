"""The ledger: every movement of money in the order it happened, with running balances.

Rows come from the engine's ledger (`Replay.transfers`); each shows the turn, the record line,
who paid whom, the amount, the engine's reason and every player's cash after it. The bank's
building stock appears where it changes, and each finding at the line it concerns, after that
line's money. Opening balances are the cash each player had before the first movement (the
edition's starting cash, or what `setup` lines gave).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..findings.model import Finding, shown_name
from ..findings.render import SEVERITY_STYLES
from ..visible import visible
from .chart import render_chart, worth_series
from .fitted import least_width
from .game import Game
from .ledger_rows import (
    FindingRow,
    Ledger,
    MoneyRow,
    Row,
    StockRow,
    TurnRange,
    build_ledger,
    opening_balances,
    ordered_rows,
    parse_turns,
    resolve_player,
)

# --------------------------------------------------------------------------- rendering

# the rows are made in ledger_rows.py; what they are is named here too, where they are drawn
__all__ = [
    "BLOCK_ROWS",
    "LAYOUTS",
    "LISTED",
    "STACKED",
    "WIDE",
    "FindingRow",
    "FittedLedger",
    "Ledger",
    "MoneyRow",
    "Row",
    "StockRow",
    "TurnRange",
    "build_ledger",
    "card_words",
    "opening_balances",
    "ordered_rows",
    "parse_turns",
    "render_ledger",
    "resolve_player",
    "stock_words",
    "title_of",
]


def title_of(game: Game, what: str) -> str:
    """`Ledger: Worked example, round 1, table 2 (scenarios/games/worked-example.mlog)`."""
    header = game.header
    parts = [visible(header[k]) for k in ("Event",) if header.get(k)]
    parts += [f"{k.lower()} {visible(header[k])}" for k in ("Round", "Table") if header.get(k)]
    name = ", ".join(parts) or shown_name(game.file)
    return f"{what}: {name}"


_CARD_ID = re.compile(r"\b[A-Z]{2,3}\d{2}\b")


def card_words(text: str, game: Game) -> str:
    """`CH08 pays Ann $50` -> `CH08 "Bank pays you dividend" pays Ann $50`: a card is named by
    its id and the title its deck gives it (ids the edition does not have are left alone)."""

    def titled(m: re.Match[str]) -> str:
        try:
            card = game.edition.card(m[0])
        except KeyError:
            return m[0]
        return f'{m[0]} "{card.title}"'

    return _CARD_ID.sub(titled, text, count=1)


def _party(name: str | None, game: Game) -> str:
    return name if name is not None else game.edition.word("bank")


def _count(game: Game, n: int, word: str) -> str:
    return f"{n} {game.edition.word(word if n == 1 else word + 's')}"


def stock_words(game: Game, row: StockRow) -> str:
    """`bank holds 29 houses, 12 hotels (3 houses out)`."""
    changes: list[str] = []
    for change, word in ((row.houses_change, "house"), (row.hotels_change, "hotel")):
        if change < 0:
            changes.append(f"{_count(game, -change, word)} out")
        elif change > 0:
            changes.append(f"{_count(game, change, word)} back")
    held = f"{_count(game, row.houses, 'house')}, {_count(game, row.hotels, 'hotel')}"
    return f"{game.edition.word('bank')} holds {held} ({', '.join(changes)})"


# a column: its heading, justification, whether it never wraps, and its least width (with
# which it takes a share of the width there is)
_Column = tuple[str, JustifyMethod, bool, int | None]

# the table's layouts, the first that fits is printed: a cash column per player; every
# player's cash listed in one column; each row written out in one column beside its line
WIDE, LISTED, STACKED = "wide", "listed", "stacked"
LAYOUTS = (WIDE, LISTED, STACKED)


def _columns(players: list[str], layout: str) -> list[_Column]:
    if layout == STACKED:
        return [("Line", "right", True, None), ("Turn and movement", "left", False, 12)]
    columns: list[_Column] = [
        ("Turn", "right", True, None),
        ("Line", "right", True, None),
        ("Payer → payee", "left", True, None),
        ("Amount", "right", True, None),
        ("What", "left", False, 20 if layout == WIDE else 16),
    ]
    if layout == WIDE:
        columns += [(visible(name), "right", True, None) for name in players]
    else:
        columns.append(("Cash after", "left", False, 12))
    return columns


def _empty_table(
    players: list[str], layout: str, widths: list[int] | None = None, header: bool = True
) -> Table:
    """The ledger's table without rows: its columns as wide as Rich fits them to their cells,
    or `widths` wide."""
    table = Table(
        box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False, show_header=header
    )
    for k, (name, justify, no_wrap, least) in enumerate(_columns(players, layout)):
        # a word longer than a wrapping column is folded onto the next line, not cut with an
        # ellipsis: Rich may give the column less than its longest word (a reading's name)
        fold: dict[str, Any] = {} if no_wrap else {"overflow": "fold"}
        if widths is not None:
            table.add_column(name, justify=justify, no_wrap=no_wrap, width=widths[k], **fold)
        elif least is not None:
            table.add_column(
                name, justify=justify, no_wrap=no_wrap, ratio=1, min_width=least, **fold
            )
        else:
            table.add_column(name, justify=justify, no_wrap=no_wrap, **fold)
    return table


def _cells(ledger: Ledger, players: list[str], layout: str) -> Iterator[list[RenderableType]]:
    """The cells of the table's rows, one row at a time: the opening cash, then the rows: with
    a cash column per player (WIDE), with one column that lists every player's cash after the
    movement (LISTED), or with each row written out beside its line (STACKED)."""

    game = ledger.game
    money = game.money
    wide = layout == WIDE

    def cash(balances: dict[str, int]) -> list[str]:
        if wide:
            return [money(balances[n]) for n in players]
        return [", ".join(f"{n}\u00a0{money(balances[n])}" for n in players)]

    if layout == STACKED:
        yield from _stacked_cells(ledger, lambda balances: cash(balances)[0])
        return
    blank = [""] * (len(players) if wide else 1)
    yield ["", "", "", "", Text(_opening_words(ledger), style="dim"), *cash(ledger.opening)]
    for row in ledger.iter_rows():
        if isinstance(row, MoneyRow):
            yield [
                str(row.turn),
                str(row.line),
                f"{_party(row.payer, game)} → {_party(row.payee, game)}",
                money(row.amount),
                card_words(row.reason or "", game),
                *cash(row.balances),
            ]
        elif isinstance(row, StockRow):
            yield [
                str(row.turn),
                str(row.line),
                Text(game.edition.word("bank"), style="dim"),
                "",
                Text(stock_words(game, row), style="dim"),
                *blank,
            ]
        else:
            yield [
                str(row.turn),
                str(row.line),
                Text(f"! {row.finding.code}", style=SEVERITY_STYLES[row.finding.severity]),
                "",
                _finding_words(row.finding),
                *blank,
            ]


def _opening_words(ledger: Ledger) -> str:
    if ledger.turns is not None and ledger.turns.first is not None:
        return f"cash before turn {ledger.turns.first}"
    return "opening cash"


def _finding_words(f: Finding) -> Text:
    message = Text(f.message, style=SEVERITY_STYLES[f.severity])
    if f.rule:
        message.append(f"  [{f.rule}]", style="dim")
    return message


def _stacked_cells(
    ledger: Ledger, cash: Callable[[dict[str, int]], str]
) -> Iterator[list[RenderableType]]:
    """The STACKED layout's rows: the line, and the row written out, wrapped as it needs:
    "turn 1: Ann → bank £200, bought Boardwalk; cash after: Ann £1,100, Ben £1,500"."""
    game = ledger.game
    money = game.money
    opening = Text(_opening_words(ledger), style="dim")
    opening.append(f": {cash(ledger.opening)}")
    yield ["", opening]
    for row in ledger.iter_rows():
        if isinstance(row, MoneyRow):
            text = Text(
                f"turn {row.turn}: {_party(row.payer, game)} → {_party(row.payee, game)} "
                f"{money(row.amount)}"
            )
            reason = card_words(row.reason or "", game)
            if reason:
                text.append(f", {reason}")
            text.append(f"; cash after: {cash(row.balances)}")
        elif isinstance(row, StockRow):
            text = Text(f"turn {row.turn}: {stock_words(game, row)}", style="dim")
        else:
            f = row.finding
            text = Text(f"turn {row.turn}: ")
            text.append(f"! {f.code} ", style=SEVERITY_STYLES[f.severity])
            text.append_text(_finding_words(f))
        yield [str(row.line), text]


def _ledger_table(ledger: Ledger, players: list[str], layout: str) -> Table:
    """The whole ledger as one table."""
    table = _empty_table(players, layout)
    for cells in _cells(ledger, players, layout):
        table.add_row(*cells)
    return table


def _does_not_fit(players: list[str], width: int, layout: str) -> Text:
    if len(players) == 1:
        what, whose = f"{players[0]}'s cash column does not fit", f"{players[0]}'s cash"
    else:
        what, whose = f"The {len(players)} players' cash columns do not fit", "every player's cash"
    if layout == STACKED:
        how = f"each row is written out beside its line, with {whose} after it"
    else:
        how = f"each row lists {whose} after it"
    return Text(f"{what} in {width} columns: {how}.", style="dim")


class FittedLedger:
    """The ledger's table at the width it is printed at: a cash column per player when they
    all fit, else every player's cash in one wrapped column, else each row written out in
    one column beside its line, with a line that says so. No player's column is ever cut off.

    Printed as it is, it is one table of every row; `pieces` gives the same output as
    renderables to print one after another, a block of rows each, so that a long game's
    ledger is never held whole (tests/test_ledger_pieces.py holds the two to each other)."""

    def __init__(self, ledger: Ledger, players: list[str]) -> None:
        self.ledger = ledger
        self.players = players

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        layout, _, _ = _Plan(self.ledger, self.players).fitting(console, options)
        if layout != WIDE:
            yield _does_not_fit(self.players, options.max_width, layout)
        yield _ledger_table(self.ledger, self.players, layout)

    def pieces(self) -> Iterator[RenderableType]:
        """The output of printing this, as renderables to print in turn, each printed before
        the next is asked for, with the same console and options: the first works out the
        columns' widths (one pass over the rows, measuring their cells) and prints the
        heading and the first block of rows, each next one a block of rows at those widths."""
        plan = _Plan(self.ledger, self.players)
        yield plan
        if plan.cells is None or plan.widths is None:  # printed whole
            return
        while rows := list(islice(plan.cells, BLOCK_ROWS)):
            yield _Block(plan, rows)


BLOCK_ROWS = 500  # rows printed at a time


class _Probe:
    """A cell that stands for all of a column's cells: it measures as they do together (the
    widest of their least widths, the widest of their widths) and notes the width it is drawn
    at, the column's."""

    def __init__(self, least: int, most: int) -> None:
        self.measurement = Measurement(least, most)
        self.width: int | None = None

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return self.measurement

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.width = options.max_width
        yield from ()


class _Plan:
    """The first piece of a `FittedLedger`: it decides the layout as the whole table would, and
    prints what the whole table prints before its rows, then the first block of them.

    Rich sizes a column from its cells' measurements, the widest least width and the widest
    width, and nothing else of them; a table whose rows are one `_Probe` a column, measured as
    the column's cells together, is sized the same, and the widths its probes are drawn at are
    the whole table's. Where Rich gives a column no width at all (a probe it does not draw),
    which a column of a set width cannot repeat, the table is printed whole, as before."""

    def __init__(self, ledger: Ledger, players: list[str]) -> None:
        self.ledger = ledger
        self.players = players
        self.layout = WIDE
        self.widths: list[int] | None = None
        self.cells: Iterator[list[RenderableType]] | None = None
        self.drawn_width = 0  # the width the whole table is drawn at

    def probed(
        self, console: Console, options: ConsoleOptions, layout: str
    ) -> tuple[Table, list[_Probe]]:
        """The table with one probe a column, each measured as the column's cells together."""
        big = options.update_width(1 << 30)  # each cell's own measurement, not clipped
        least: list[int] = []
        most: list[int] = []
        for cells in _cells(self.ledger, self.players, layout):
            if not least:
                least = [0] * len(cells)
                most = [0] * len(cells)
            for k, cell in enumerate(cells):
                m = Measurement.get(console, big, cell)
                least[k] = max(least[k], m.minimum)
                most[k] = max(most[k], m.maximum)
        probes = [_Probe(a, b) for a, b in zip(least, most, strict=True)]
        table = _empty_table(self.players, layout)
        table.add_row(*probes)
        return table, probes

    def fitting(self, console: Console, options: ConsoleOptions) -> tuple[str, Table, list[_Probe]]:
        """The first layout whose columns fit the width there is (the last one if none does),
        with its table of probes. The fit counts a column that never wraps whole
        (fitted.least_width): a ledger judged to fit by Rich's own measurement was drawn wider
        than the terminal and cut (at 80 columns, a two-player game's last cash column lost
        its last digit)."""
        for layout in LAYOUTS:
            table, probes = self.probed(console, options, layout)
            if least_width(console, options, table) <= options.max_width:
                break
        return layout, table, probes

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.layout, table, probes = self.fitting(console, options)
        if self.layout != WIDE:
            yield _does_not_fit(self.players, options.max_width, self.layout)
        drawn = Segment.split_lines(console.render(table, options))
        self.drawn_width = max(Segment.get_line_length(line) for line in drawn)
        if any(p.width is None for p in probes):  # not drawn: printed whole, as before
            yield _ledger_table(self.ledger, self.players, self.layout)
            return
        self.widths = [p.width or 0 for p in probes]
        self.cells = _cells(self.ledger, self.players, self.layout)
        yield self.block(options, header=True)

    def block(self, options: ConsoleOptions, header: bool) -> RenderableType:
        """The next rows at the widths found (see `_Block`)."""
        assert self.cells is not None
        return _Block(self, list(islice(self.cells, BLOCK_ROWS)), header).drawn(options)


class _Block:
    """Rows of the table at the widths of the whole, drawn as wide as the whole table: where
    that is wider than the width there is (the columns' least widths do not fit), the console
    cuts each line at its width, as it cut the whole table's."""

    def __init__(self, plan: _Plan, rows: list[list[RenderableType]], header: bool = False):
        self.plan = plan
        self.rows = rows
        self.header = header

    def drawn(self, options: ConsoleOptions) -> RenderableType:
        plan = self.plan
        table = _empty_table(plan.players, plan.layout, plan.widths, header=self.header)
        for cells in self.rows:
            table.add_row(*cells)
        if plan.drawn_width <= options.max_width:
            return table
        return _DrawnAt(table, plan.drawn_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.drawn(options)


class _DrawnAt:
    """A renderable drawn `width` wide, whatever the width there is."""

    def __init__(self, renderable: RenderableType, width: int) -> None:
        self.renderable = renderable
        self.width = width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from console.render(self.renderable, options.update_width(self.width))


def render_ledger(ledger: Ledger, chart: bool = False) -> list[RenderableType]:
    """The ledger as Rich renderables: a heading, the table, a closing line, the chart."""

    game = ledger.game
    money = game.money
    shown_players = [ledger.player] if ledger.player else game.players
    table = FittedLedger(ledger, shown_players)
    heading = Text(title_of(game, "Ledger"), style="bold")
    scope: list[str] = []
    if ledger.player:
        scope.append(f"{ledger.player}'s movements")
    if ledger.turns is not None:
        scope.append(ledger.turns.words())
    sub = Text(
        f"{shown_name(game.file)} · {game.edition.title} · amounts in {game.edition.currency}"
        + (f" · {', '.join(scope)}" if scope else ""),
        style="dim",
    )
    moves = noted = total = 0
    for r in ledger.iter_rows():
        if isinstance(r, MoneyRow):
            moves += 1
            total += r.amount
        elif isinstance(r, FindingRow):
            noted += 1
    closing = Text(
        f"{moves} movement{'s' if moves != 1 else ''}, {money(total)} in all; "
        f"{noted} finding{'s' if noted != 1 else ''} shown"
    )
    out: list[RenderableType] = [heading, sub, table, closing]
    if chart:
        out.append(Text(""))
        out.extend(render_chart(game, worth_series(game), players=shown_players))
    return out
