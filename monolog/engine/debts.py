"""Debts: money a player owes and could not pay in cash (BKR-01, CF-08, CF-17, CF-18).

A payment always goes through (`Game.transfer` lets cash go below zero, because the record is
what happened at the table). When it leaves the payer short, the shortfall is an open debt to
the payee. The debtor may raise the money (sell buildings, mortgage, deal) or go bankrupt; a
debt still open when the debtor's turn is over, or at the end of the game, is a violation.

Kept in `game.pending["debts"]`. Bankruptcy handlers read `open_debts` to know the creditors and
call `clear_debts` once they have settled the estate.
"""

from __future__ import annotations

from ..notation.events import Span
from ..records import Record
from .game import Game

KEY = "debts"


class Debt(Record):
    """`debtor` owes `amount` (the part not covered by cash) to `creditor` (None = the bank)."""

    __match_args__ = ("debtor", "creditor", "amount", "reason", "span", "reported")
    __slots__ = __match_args__

    debtor: str
    creditor: str | None
    amount: int
    reason: str
    span: Span
    reported: bool

    def __init__(
        self,
        debtor: str,
        creditor: str | None,
        amount: int,
        reason: str,
        span: Span,
        reported: bool = False,
    ) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.span = span
        self.reported = reported


def _debts(game: Game) -> list[Debt]:
    debts: list[Debt] = game.pending.setdefault(KEY, [])
    return debts


def open_debts(game: Game, debtor: str | None = None) -> list[Debt]:
    """The debts not yet paid, of one debtor or of everyone, oldest first.

    A debt counts as paid once the debtor's cash is back at zero or more.
    """
    refresh(game)
    return [d for d in _debts(game) if debtor is None or d.debtor == debtor]


def note_payment(
    game: Game, payer: str | None, payee: str | None, amount: int, reason: str, span: Span
) -> Debt | None:
    """After a payment of `amount` by `payer`, open a debt for the part their cash did not cover."""
    if payer is None or amount <= 0:
        return None
    cash = game.state.player(payer).cash
    if cash >= 0:
        return None
    short = min(amount, -cash)
    debt = Debt(payer, payee, short, reason, span)
    _debts(game).append(debt)
    return debt


def drop_recovered(game: Game, *names: str | None) -> None:
    """Close the debts of `names` whose cash is back at zero or more (BKR-01).

    Called on every movement of money, so a debt raised in full is gone at once and a later
    shortfall in the same turn opens a debt to its own creditor only (BKR-03, BKR-05).
    """
    debts = game.pending.get(KEY)
    if not debts:
        return
    st = game.state
    recovered = {n for n in names if n is not None and st.player(n).cash >= 0}
    if recovered:
        game.pending[KEY] = [d for d in debts if d.debtor not in recovered]


def refresh(game: Game) -> None:
    """Drop the debts of players whose cash is no longer below zero, or who left the game."""
    st = game.state
    kept = []
    for d in _debts(game):
        p = st.player(d.debtor)
        if p.cash < 0 and p.active:
            kept.append(d)
    game.pending[KEY] = kept


def clear_debts(game: Game, debtor: str) -> list[Debt]:
    """Remove and return every open debt of `debtor` (after a bankruptcy has settled them)."""
    debts = _debts(game)
    gone = [d for d in debts if d.debtor == debtor]
    game.pending[KEY] = [d for d in debts if d.debtor != debtor]
    return gone


def check_unpaid(game: Game, debtor: str | None, span: Span) -> None:
    """File M801 for each open debt of `debtor` (everyone when None) not yet reported.

    Called when the debtor's chance to raise the money has passed: the end of their turn,
    or the end of the game.
    """
    for d in open_debts(game, debtor):
        if d.reported:
            continue
        d.reported = True
        cash = game.state.player(d.debtor).cash
        to = d.creditor or "the bank"
        game.emit(
            "M801",
            f"{d.debtor} is {game.money(-cash)} short ({d.reason}, owed to {to}) and neither "
            "raised the money nor went bankrupt",
            span,
            "BKR-01",
            expected=0,
            recorded=cash,
            data={"debtor": d.debtor, "creditor": d.creditor, "since_line": d.span.line},
        )
