"""The ledger's rows: every movement of money, the bank's building stock where it changes and
each finding, in the order of the record's lines, made from the game as they are read.

`Ledger` is what a ledger is drawn from (the game, the opening balances, the player and turns
shown); reports/ledger.py draws it.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..findings.model import Finding
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
    """What a ledger is drawn from: its rows are made from the game each time they are read
    (`iter_rows`), in order, so that a long game's ledger is never held whole."""

    game: Game
    opening: dict[str, int]  # cash before the first row shown
    player: str | None = None
    turns: TurnRange | None = None
    money_lines: frozenset[int] = frozenset()  # with `player`: the lines of their movements

    @property
    def rows(self) -> list[Row]:
        """Every row shown, in order."""
        return list(self.iter_rows())

    def iter_rows(self) -> Iterator[Row]:
        """The rows shown, one at a time, in the order of `ordered_rows`."""
        player, turns = self.player, self.turns
        for r in ordered_rows(self.game):
            if turns is not None and r.turn not in turns:
                continue
            if player is not None:
                if isinstance(r, MoneyRow) and not _wanted(r, player):
                    continue
                if isinstance(r, StockRow) and r.line not in self.money_lines:
                    continue
                if isinstance(r, FindingRow) and not (
                    r.line in self.money_lines or _mentions(r.finding, player)
                ):
                    continue
            yield r


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
    """The game's ledger, filtered to one player's movements and/or a turn range."""
    balances = opening_balances(game)
    ledger = Ledger(game, dict(balances), player=player, turns=turns)
    if turns is not None and turns.first is not None:
        for t in game.result.transfers:
            if t.payer in balances:
                balances[t.payer] -= t.amount
            if t.payee in balances:
                balances[t.payee] += t.amount
            if t.turn < turns.first:
                ledger.opening = dict(balances)  # the cash the shown turns start from
    if player is not None:
        ledger.money_lines = frozenset(
            t.span.line for t in game.result.transfers if player in (t.payer, t.payee)
        )
    return ledger


def ordered_rows(game: Game) -> Iterator[Row]:
    """Every row of the game's ledger in order: by line; on a line its movements (in the order
    they were made), then the stock, then its findings by column (in the order reported).

    Each kind comes in that order from the replay as a rule (the events follow the record's
    lines), so the three are merged as they are made, none held; a kind whose lines go back
    somewhere is made whole and sorted first (a stable sort, as the rows of all kinds were)."""
    money: Iterable[Row] = _money_rows(game)
    if not _ascending(t.span.line for t in game.result.transfers):
        money = sorted(money, key=lambda r: r.line)
    stock: Iterable[Row] = _stock_rows(game)
    if not _ascending(m.line for m in game.ledger_trail().stock):
        stock = sorted(stock, key=lambda r: r.line)
    found: Iterable[FindingRow] = _finding_rows(game)
    if not _ascending((f.span.line, f.span.column) for f in game.findings):
        found = sorted(found, key=lambda r: (r.finding.span.line, r.finding.span.column))
    keyed = (
        (((r.line, 0, 0), r) for r in money),
        (((r.line, 1, 0), r) for r in stock),
        (((r.finding.span.line, 2, r.finding.span.column), r) for r in found),
    )
    for _, row in heapq.merge(*keyed, key=_first):  # stable: equal keys keep their order
        yield row


def _first(pair: tuple[tuple[int, int, int], Row]) -> tuple[int, int, int]:
    return pair[0]


def _ascending(keys: Iterable[Any]) -> bool:
    """Whether `keys` never go down."""
    last: Any = None
    for k in keys:
        if last is not None and k < last:
            return False
        last = k
    return True


def _money_rows(game: Game) -> Iterator[MoneyRow]:
    """A row per movement of money, with every player's cash after it."""
    balances = opening_balances(game)
    for t in game.result.transfers:
        if t.payer in balances:
            balances[t.payer] -= t.amount
        if t.payee in balances:
            balances[t.payee] += t.amount
        yield MoneyRow(
            t.turn, t.span.line, t.span.column, t.payer, t.payee, t.amount, t.reason, dict(balances)
        )


def _stock_rows(game: Game) -> Iterator[StockRow]:
    """A row per event after which the bank's building stock is not as it was."""
    stock = (game.edition.rules.houses, game.edition.rules.hotels)
    for m in game.ledger_trail().stock:
        now = (m.houses, m.hotels)
        if now != stock:
            yield StockRow(
                m.turn, m.line, m.column, now[0], now[1], now[0] - stock[0], now[1] - stock[1]
            )
            stock = now


def _finding_rows(game: Game) -> Iterator[FindingRow]:
    """A row per finding, with the turn in play at its line."""
    trail = game.ledger_trail()
    for f in game.findings:
        yield FindingRow(trail.turn_at_line(f.line), f.line, f.column, f)


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
