"""Buildings sold or handed to another player (`sell Boardwalk x2 to Ben for 200`).

The bank alone buys buildings back, at half their price (SELL-01); a player cannot buy houses
from another, nor take them with a deed (DEAL-04). A table that does it anyway is reported
once, at the line, and the record is followed: the buildings leave the seller's site (they
cannot stand on a site the buyer does not own, so they go back to the bank's stock), and the
money the record writes passes from the buyer to the seller.
"""

from __future__ import annotations

from ...notation.events import Sell
from ..core.game import Game
from .holdings import resolve_player


def sale_to_player(game: Game, ev: Sell, actor: str) -> bool:
    """Report a sale of buildings to a player (M620); False when the buyer is no player of the
    game (reported as such, nothing replayed)."""
    assert ev.buyer is not None
    buyer = resolve_player(game, ev.buyer, ev.span)
    if buyer is None:
        return False
    if ev.amount:
        done = f"sold buildings to {buyer} for {game.money(ev.amount)}"
        money = f", and {buyer} pays {actor} the {game.money(ev.amount)} written"
    else:
        done, money = f"handed buildings to {buyer}", ""
    game.emit(
        "M620",
        f"{actor} {done}: buildings are sold only to the bank, at half their price, never to "
        f"another player; replayed as written: they leave the board for the bank's stock{money}",
        ev.span,
        "SELL-01",
        expected="bank",
        recorded=buyer,
    )
    return True
