"""The pending-obligation model: what the rules make due, and what is still open, turn by turn.

When a token comes to rest the engine works out what follows: money that moves (salary, rent,
tax, card money, the forced jail fine) and decisions still to be taken (buy or auction a deed,
draw a card, throw the dice for a utility card).

* Money is a `Due`: the engine applies the amount the rules set at once, so a record that leaves
  it out is still replayed right. When the record states the movement, the statement is checked
  and the recorded amount replaces the derived one in the ledger (`settle_due`): the record is
  what happened at the table.
* Decisions are open items (`Lot`, a card to draw, a throw to make): they must be closed before
  the turn goes on, or the turn check reports them.
* Rent claims (`Due` of kind "rent") stay open until the next player in turn order first rolls
  (RENT-03, CF-22).

Everything lives in one `Flow` object (turn_flow.py) at `game.flow` (see `flow_of`).
"""

from __future__ import annotations

from ...notation.events import Span
from ..money.debts import note_payment
from . import house_rules
from .game import Game
from .turn_flow import CardMove as CardMove
from .turn_flow import CardUtility as CardUtility
from .turn_flow import Draw as Draw
from .turn_flow import Due as Due
from .turn_flow import Flow
from .turn_flow import Lot as Lot


def flow_of(game: Game) -> Flow:
    """The turn-flow state of a replay."""
    return game.flow


def apply_due(game: Game, due: Due) -> Due:
    """Record a due and apply the rules' amount at once (when it is known)."""
    flow = game.flow
    flow.dues.append(due)
    house_rules.into_pot(game, due)  # house rule free-parking-jackpot (PIR-02)
    if due.kind == "rent":
        flow.claims.append(due)
        flow.last_rent[due.player] = due
    if due.amount:
        due.entry = game.transfer(due.payer, due.payee, due.amount, due.reason, due.span)
        # a debt opens only where the payer's cash went below zero: asked here first, most
        # payments leave none (21,000 calls fewer over run.py's 200 games)
        if due.payer is not None and game.state.seats[due.payer].cash < 0:
            note_payment(game, due.payer, due.payee, due.amount, due.reason, due.span)
    return due


def settle_due(
    game: Game,
    due: Due,
    recorded: int | None,
    span: Span,
    *,
    payee: str | None = None,
    reason: str | None = None,
) -> None:
    """The record states a due: apply the recorded amount (and payee) in place of the derived one.

    The caller has already compared and reported; this only moves the money.
    """
    due.stated = True
    amount = due.amount if recorded is None else recorded
    new_payee = due.payee if payee is None else payee
    if amount is None:
        return
    old = due.entry
    same = old is not None and old.amount == amount and old.payee == new_payee
    if same:
        if recorded is not None:
            due.entry = game.confirm(old)
        return
    if old is None and amount == 0:
        return
    if old is None:
        due.entry = game.transfer(due.payer, new_payee, amount, reason or due.reason, span)
    else:
        due.entry = game.amend(old, amount, payee=new_payee, reason=reason)
        if due.entry is None:
            return
    due.payee = new_payee
    note_payment(game, due.payer, new_payee, amount, reason or due.reason, span)


def cancel_due(game: Game, due: Due) -> None:
    """Undo a derived due entirely (the record shows it did not happen)."""
    if due.entry is not None:
        game.amend(due.entry, 0)
        due.entry = None
    due.stated = True


def find_due(game: Game, kind: str, player: str, *, open_only: bool = True) -> Due | None:
    """The latest due of `kind` for `player` in the turn in progress (not yet stated)."""
    for due in reversed(game.flow.dues):
        if due.kind == kind and due.player == player and not (open_only and due.stated):
            return due
    return None


def open_lot(game: Game, square: int, lander: str | None, span: Span) -> Lot:
    """Put a deed up for sale by the bank: the lander may buy it, else it must be auctioned.

    Bankruptcy handlers call this with `lander=None` for deeds the bank must auction (BKR-07),
    so that the record's `auction Square …` lines are accepted.
    """
    flow = game.flow
    for lot in flow.lots:
        if lot.square == square:
            return lot
    lot = Lot(square, lander, span, declined=lander is None)
    flow.lots.append(lot)
    return lot


def mark_card_landing(game: Game, player: str, square: int, card: str) -> None:
    """The token of `player` came to rest on `square` by `card`: the deed offered there (CF-67)
    or the card to draw there (CF-62) is a disputed point, named when the record shows what the
    table did."""
    flow = game.flow
    if flow.draw is not None and flow.draw.player == player and flow.draw.square == square:
        flow.draw.moved_by = card
    for lot in flow.lots:
        if lot.square == square and lot.lander == player:
            lot.moved_by = card


def find_lot(game: Game, square: int | None = None) -> Lot | None:
    """The open lot on `square`, or the latest open lot when `square` is None."""
    lots = game.flow.lots
    if square is None:
        return lots[-1] if lots else None
    for lot in lots:
        if lot.square == square:
            return lot
    return None


def close_lot(game: Game, lot: Lot) -> None:
    """The lot is sold (bought or auctioned) or settled."""
    flow = game.flow
    flow.lots = [x for x in flow.lots if x is not lot]
