"""`Bank` written in any case where the notation lets the bank stand: the bank.

The keyword is `bank` (`pay 50 to bank`, `bankrupt to bank`, `deal Ann: 50 | bank: nothing`).
Written with a capital (`Bank`, `BANK`) it reads as a name, and no player has it: the record
means the bank, so it is read as the bank wherever the bank may stand (a payment's payee, a
bankruptcy's creditor, a party to a deal). Where a player of the game is named so (in any
case), the name is that player's, as written; quoted (`"Bank"`) it is always a name.
"""

from __future__ import annotations

from dataclasses import replace

from ..notation import events as E
from .game import Game


def read_bank(game: Game, ev: E.Event) -> E.Event:
    """`ev` with each name in a place of the bank that means the bank made the bank."""
    if isinstance(ev, E.Pay) and _is_bank(game, ev.to):
        return replace(ev, to=None)
    if isinstance(ev, E.Bankrupt) and _is_bank(game, ev.creditor):
        return replace(ev, creditor=None)
    if isinstance(ev, E.Deal) and (
        _is_bank(game, ev.first.player) or _is_bank(game, ev.second.player)
    ):
        first = replace(ev.first, player=None) if _is_bank(game, ev.first.player) else ev.first
        second = replace(ev.second, player=None) if _is_bank(game, ev.second.player) else ev.second
        return replace(ev, first=first, second=second)
    return ev


def _is_bank(game: Game, ref: E.Ref | None) -> bool:
    if ref is None or ref.kind != "name" or ref.text.casefold() != "bank":
        return False
    return not any(p.name.casefold() == "bank" for p in game.state.players)
