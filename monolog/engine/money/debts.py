"""Debts: money a player owes and could not pay in cash (BKR-01, CF-08, CF-17, CF-18).

A payment always goes through (`Game.transfer` lets cash go below zero, because the record is
what happened at the table). When it leaves the payer short, the shortfall is an open debt to
the payee. The debtor may raise the money (sell buildings, mortgage, deal) or go bankrupt; a
debt still open when the debtor's turn is over, or at the end of the game, is a violation.

Kept in `game.debts`. Bankruptcy handlers read `open_debts` to know the creditors and
call `clear_debts` once they have settled the estate.
"""

from __future__ import annotations

from ...notation.events import Span
from ..core.game import Debt, Game


def open_debts(game: Game, debtor: str | None = None) -> list[Debt]:
    """The debts not yet paid, of one debtor or of everyone, oldest first.

    A debt counts as paid once the debtor's cash is back at zero or more.
    """
    if not game.owing:  # no debt open (`owing` counts `debts`): at nearly every turn's end
        return []
    refresh(game)
    return [d for d in game.debts if debtor is None or d.debtor == debtor]


def note_payment(
    game: Game, payer: str | None, payee: str | None, amount: int, reason: str, span: Span
) -> Debt | None:
    """After a payment of `amount` by `payer`, open a debt for the part their cash did not cover.
    A payment to oneself (a record naming the payer as the payee) moves no money: it leaves
    nothing uncovered, and no player is ever owed by themselves."""
    if payer is None or amount <= 0 or payer == payee:
        return None
    cash = game.state.player(payer).cash
    if cash >= 0:
        return None
    short = min(amount, -cash)
    debt = Debt(payer, payee, short, reason, span)
    game.owe(debt)
    return debt


# the debts auction prices opened live in `game.lot_debts` (pending_state.LotDebts)


def note_lot_debt(game: Game, player: str, square: int, debt: Debt | None) -> None:
    """An auction winner left short by the price: the deed won is not paid for yet (CF-60)."""
    if debt is not None:
        game.lot_debts.by_lot[(player, square)] = debt


def unpaid_lot(game: Game, player: str, square: int) -> Debt | None:
    """The open debt of the auction price of `square` that `player` won, if it is still unpaid.

    While it is open the deed has not been paid for: under CF-60 lot-not-mortgaged it cannot be
    mortgaged to pay its own price (nor counted as money the winner could raise, M802).
    """
    lots = game.lot_debts.by_lot
    debt = lots.get((player, square))
    if debt is None:
        return None
    if any(d is debt for d in open_debts(game, player)):
        return debt
    del lots[(player, square)]
    return None


def refresh(game: Game) -> None:
    """Drop the debts of players whose cash is no longer below zero, or who left the game."""
    st = game.state
    gone = [n for n in game.owing if not (st.player(n).cash < 0 and st.player(n).active)]
    if gone:
        game.keep_debts([d for d in game.debts if d.debtor not in gone])


def clear_debts(game: Game, debtor: str) -> list[Debt]:
    """Remove and return every open debt of `debtor` (after a bankruptcy has settled them)."""
    debts = game.debts
    if debtor not in game.owing:
        return []
    gone = [d for d in debts if d.debtor == debtor]
    game.keep_debts([d for d in debts if d.debtor != debtor])
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
        lots = game.lot_debts.by_lot
        # an auction price left unpaid: the winner pays the bid in cash (BUY-06)
        rule = "BUY-06" if any(lot is d for lot in lots.values()) else "BKR-01"
        game.emit(
            "M801",
            f"{d.debtor} is {game.money(-cash)} short ({d.reason}, owed to {to}) and neither "
            "raised the money nor went bankrupt",
            span,
            rule,
            expected=0,
            recorded=cash,
            data={"debtor": d.debtor, "creditor": d.creditor, "since_line": d.span.line},
        )
