"""Keywords written with a capital where no name can clash: read as the keywords.

Keywords are lower case (`pay 50 to bank`, `deal Ann: Boardwalk | Ben: nothing`); a word with a
capital reads as a name. Two keywords stand where a name may too, and a table writes them with a
capital often enough: `Bank` (or `BANK`) where the bank may stand (a payment's payee, a
bankruptcy's creditor, a party to a deal), and `Nothing` as all a deal's side gives. Neither
names a player or a square of the game, so each is read as its keyword there. Where a player
(in any case) or a square has that name, the name is theirs, as written; quoted (`"Bank"`) it
is always a name.
"""

from __future__ import annotations

from dataclasses import replace

from ...editions.errors import ResolveError
from ...notation import events as E
from ..building.holdings import resolver
from .game import Game


def read_keywords(game: Game, ev: E.Event) -> E.Event:
    """`ev` with each capitalised keyword that no name clashes with read as the keyword."""
    if isinstance(ev, E.Pay) and _is_bank(game, ev.to):
        return replace(ev, to=None)
    if isinstance(ev, E.Bankrupt) and _is_bank(game, ev.creditor):
        return replace(ev, creditor=None)
    if isinstance(ev, E.Deal):
        first, second = _side(game, ev.first), _side(game, ev.second)
        if first is not ev.first or second is not ev.second:
            return replace(ev, first=first, second=second)
    return ev


def _side(game: Game, side: E.DealSide) -> E.DealSide:
    if _is_bank(game, side.player):
        side = replace(side, player=None)
    gives = side.gives
    if len(gives) == 1 and gives[0].kind == "square" and _is_nothing(game, gives[0].square):
        side = replace(side, gives=())
    return side


def _is_bank(game: Game, ref: E.Ref | None) -> bool:
    if ref is None or ref.kind != "name" or ref.text.casefold() != "bank":
        return False
    return not any(p.name.casefold() == "bank" for p in game.state.players)


def _is_nothing(game: Game, ref: E.Ref | None) -> bool:
    if ref is None or ref.kind != "name" or ref.text.casefold() != "nothing":
        return False
    try:
        resolver(game).square(ref)
    except ResolveError:
        return True  # no square has the name
    return False
