"""Players who dropped out of an auction (`auction house bids Ann 150, Cal 160, Ann 175 out
Cal sold Ann 175`).

A player who bid and then dropped out takes no more part: the sale goes to a player still in
it. `out` names players who bid; a player who asked and never bid is `passed`. The record is
followed as written, and where it contradicts itself it is reported (M211): the winner written
among those out, or a player out who never bid. A shortage auction counts those out among the
players whose requests made it (their bids say so), as it counts those who passed.
"""

from __future__ import annotations

from ...notation.events import Auction
from ..building.holdings import resolve_player
from ..core.game import Game


def check_dropped(game: Game, ev: Auction) -> None:
    """M211 where the players written `out` contradict the rest of the auction's line."""
    bidders = {resolve_player(game, b.player, ev.span) for b in ev.bids}
    winner = resolve_player(game, ev.winner, ev.span) if ev.winner is not None else None
    for ref in ev.dropped:
        who = resolve_player(game, ref, ev.span)
        if who is None:
            continue
        at = ref.span if ref.span.line else ev.span
        if who == winner:
            problem = f"{who} is written out of the auction and also as its winner"
            follows = f"the sale to {who} is replayed as written"
        elif who not in bidders:
            problem = f"{who} is written out of the auction without a bid in it"
            follows = "a player who asked and bid nothing is written `passed`"
        else:
            continue
        game.emit(
            "M211",
            f"{problem}: a player who drops out makes no more bids and cannot win; {follows}",
            at,
            "BUY-04",
            expected=None,
            recorded=who,
        )
