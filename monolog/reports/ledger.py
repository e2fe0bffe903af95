"""The ledger: every movement of money in the order it happened, with running balances.

Rows come from the engine's ledger (`Replay.transfers`); each shows the turn, the record line,
who paid whom, the amount, the engine's reason and every player's cash after it. The bank's
building stock appears where it changes, and each finding at the line it concerns, after that
line's money. Opening balances are the cash each player had before the first movement (the
edition's starting cash, or what `setup` lines gave).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..findings.model import Finding, shown_name
from ..findings.render import SEVERITY_STYLES
from .chart import render_chart, worth_series
from .game import Game


@dataclass(frozen=True, slots=True)
class MoneyRow:
    turn: int
    line: int
    column: int
    payer: str | None
    payee: str | None
    amount: int
    reason: str
    balances: dict[str, int]


@dataclass(frozen=True, slots=True)
class StockRow:
    turn: int
    line: int
    column: int
    houses: int
    hotels: int
    houses_change: int
    hotels_change: int


@dataclass(frozen=True, slots=True)
class FindingRow:
    turn: int
    line: int
    column: int
    finding: Finding


Row = MoneyRow | StockRow | FindingRow


@dataclass(frozen=True, slots=True)
class TurnRange:
    """Turns `first`..`last` inclusive; None leaves that end open."""

    first: int | None = None
    last: int | None = None

    def __contains__(self, turn: object) -> bool:
        if not isinstance(turn, int):
            return False
        return (self.first is None or turn >= self.first) and (
            self.last is None or turn <= self.last
        )

    def words(self) -> str:
        if self.first == self.last and self.first is not None:
            return f"turn {self.first}"
        if self.last is None:
            return f"turns {self.first} on"
        if self.first is None:
            return f"turns up to {self.last}"
        return f"turns {self.first}-{self.last}"


def parse_turns(text: str) -> TurnRange:
    """`10-20`, `10`, `10-` or `-20`; ValueError with a one-line reason otherwise."""
    raw = text.strip()
    first_s, dash, last_s = raw.partition("-")
    try:
        first = int(first_s) if first_s.strip() else None
        last = int(last_s) if last_s.strip() else None
    except ValueError:
        raise ValueError(f"--turns {text!r}: expected a turn or a range like 10-20") from None
    if not dash:
        last = first
    if first is None and last is None:
        raise ValueError(f"--turns {text!r}: expected a turn or a range like 10-20")
    if first is not None and last is not None and first > last:
        raise ValueError(f"--turns {text!r}: the range runs backwards")
    return TurnRange(first, last)


@dataclass(slots=True)
class Ledger:
    """The rows of a ledger and what it was drawn from."""

    game: Game
    opening: dict[str, int]  # cash before the first row shown
    rows: list[Row] = field(default_factory=list)
    player: str | None = None
    turns: TurnRange | None = None


def opening_balances(game: Game) -> dict[str, int]:
    """Cash before the first movement: final cash less every movement in the ledger."""
    cash = {p.name: p.cash for p in game.result.state.players}
    for t in game.result.transfers:
        if t.payer in cash:
            cash[t.payer] += t.amount
        if t.payee in cash:
            cash[t.payee] -= t.amount
    return cash


def build_ledger(game: Game, player: str | None = None, turns: TurnRange | None = None) -> Ledger:
    """Every row of the game's ledger, filtered to one player's movements and/or a turn range."""
    balances = opening_balances(game)
    ledger = Ledger(game, dict(balances), player=player, turns=turns)
    keyed: list[tuple[tuple[int, int, int, int], Row]] = []
    order = 0
    for t in game.result.transfers:
        if t.payer in balances:
            balances[t.payer] -= t.amount
        if t.payee in balances:
            balances[t.payee] += t.amount
        if turns is not None and turns.first is not None and t.turn < turns.first:
            ledger.opening = dict(balances)  # the cash the shown turns start from
        row = MoneyRow(
            t.turn, t.span.line, t.span.column, t.payer, t.payee, t.amount, t.reason, dict(balances)
        )
        order += 1
        keyed.append(((t.span.line, 0, 0, order), row))
    stock = (game.edition.rules.houses, game.edition.rules.hotels)
    trail = game.ledger_trail()
    for m in trail.stock:  # the events after which the stock was not as before
        now = (m.houses, m.hotels)
        if now != stock:
            row_s = StockRow(
                m.turn, m.line, m.column, now[0], now[1], now[0] - stock[0], now[1] - stock[1]
            )
            order += 1
            keyed.append(((m.line, 1, 0, order), row_s))
            stock = now
    for f in game.findings:
        order += 1
        keyed.append(
            (
                (f.span.line, 2, f.span.column, order),
                FindingRow(trail.turn_at_line(f.line), f.line, f.column, f),
            )
        )
    keyed.sort(key=lambda kr: kr[0])
    rows = [r for _, r in keyed]
    money_lines = {r.line for r in rows if isinstance(r, MoneyRow) and _wanted(r, player)}
    for r in rows:
        if turns is not None and r.turn not in turns:
            continue
        if player is not None:
            if isinstance(r, MoneyRow) and not _wanted(r, player):
                continue
            if isinstance(r, StockRow) and r.line not in money_lines:
                continue
            if isinstance(r, FindingRow) and not (
                r.line in money_lines or _mentions(r.finding, player)
            ):
                continue
        ledger.rows.append(r)
    return ledger


def _wanted(row: MoneyRow, player: str | None) -> bool:
    return player is None or player in (row.payer, row.payee)


def _mentions(finding: Finding, player: str) -> bool:
    return re.search(rf"\b{re.escape(player)}\b", finding.message) is not None


def resolve_player(game: Game, name: str) -> str:
    """The seated player `name` names (exact, else case-insensitive, else a unique prefix)."""
    players = game.players
    if name in players:
        return name
    folded = [p for p in players if p.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    starts = [p for p in players if p.casefold().startswith(name.casefold())]
    if len(starts) == 1:
        return starts[0]
    raise ValueError(f"--player {name!r}: no such player; the players are {', '.join(players)}")


# --------------------------------------------------------------------------- rendering


def title_of(game: Game, what: str) -> str:
    """`Ledger: Worked example, round 1, table 2 (scenarios/games/worked-example.mlog)`."""
    header = game.header
    parts = [header[k] for k in ("Event",) if header.get(k)]
    parts += [f"{k.lower()} {header[k]}" for k in ("Round", "Table") if header.get(k)]
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


def _ledger_table(ledger: Ledger, players: list[str], wide: bool) -> Table:
    """The rows as a table: with a cash column per player (`wide`), or with one column that
    lists every player's cash after the movement, wrapped to the width there is."""

    game = ledger.game
    money = game.money
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    table.add_column("Turn", justify="right", no_wrap=True)
    table.add_column("Line", justify="right", no_wrap=True)
    table.add_column("Payer → payee", no_wrap=True)
    table.add_column("Amount", justify="right", no_wrap=True)
    table.add_column("What", ratio=1, min_width=24 if wide else 16)
    if wide:
        for name in players:
            table.add_column(name, justify="right", no_wrap=True)
    else:
        table.add_column("Cash after", ratio=1, min_width=12)

    def cash(balances: dict[str, int]) -> list[str]:
        if wide:
            return [money(balances[n]) for n in players]
        return [", ".join(f"{n}\u00a0{money(balances[n])}" for n in players)]

    blank = [""] * (len(players) if wide else 1)
    start = "opening cash"
    if ledger.turns is not None and ledger.turns.first is not None:
        start = f"cash before turn {ledger.turns.first}"
    table.add_row("", "", "", "", Text(start, style="dim"), *cash(ledger.opening))
    for row in ledger.rows:
        if isinstance(row, MoneyRow):
            table.add_row(
                str(row.turn),
                str(row.line),
                f"{_party(row.payer, game)} → {_party(row.payee, game)}",
                money(row.amount),
                card_words(row.reason or "", game),
                *cash(row.balances),
            )
        elif isinstance(row, StockRow):
            table.add_row(
                str(row.turn),
                str(row.line),
                Text(game.edition.word("bank"), style="dim"),
                "",
                Text(stock_words(game, row), style="dim"),
                *blank,
            )
        else:
            f = row.finding
            style = SEVERITY_STYLES[f.severity]
            message = Text(f.message, style=style)
            if f.rule:
                message.append(f"  [{f.rule}]", style="dim")
            table.add_row(
                str(row.turn),
                str(row.line),
                Text(f"! {f.code}", style=style),
                "",
                message,
                *blank,
            )
    return table


class FittedLedger:
    """The ledger's table at the width it is printed at: a cash column per player when they
    all fit, else every player's cash in one wrapped column, with a line that says so. No
    player's column is ever cut off."""

    def __init__(self, ledger: Ledger, players: list[str]) -> None:
        self.ledger = ledger
        self.players = players

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        wide = _ledger_table(self.ledger, self.players, wide=True)
        unbounded = options.update_width(10_000)  # a measurement is clipped to the width given
        if Measurement.get(console, unbounded, wide).minimum <= options.max_width:
            yield wide
            return
        yield Text(
            f"The {len(self.players)} players' cash columns do not fit in {options.max_width} "
            "columns: each row lists every player's cash after it.",
            style="dim",
        )
        yield _ledger_table(self.ledger, self.players, wide=False)


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
    moves = sum(1 for r in ledger.rows if isinstance(r, MoneyRow))
    noted = sum(1 for r in ledger.rows if isinstance(r, FindingRow))
    total = sum(r.amount for r in ledger.rows if isinstance(r, MoneyRow))
    closing = Text(
        f"{moves} movement{'s' if moves != 1 else ''}, {money(total)} in all; "
        f"{noted} finding{'s' if noted != 1 else ''} shown"
    )
    out: list[RenderableType] = [heading, sub, table, closing]
    if chart:
        out.append(Text(""))
        out.extend(render_chart(game, worth_series(game), players=shown_players))
    return out
