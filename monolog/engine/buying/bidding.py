"""The order of bids in an auction (CF-72), for deed auctions (buying.py) and building-shortage
auctions (shortage.py) alike.

Under reading seat-order bids go round the table in seat order and a player the bidding passes
over has passed and is out of the auction; under open-outcry (the default) anyone may bid until
the sale closes. A record writes the bids, and may write passes (`passed Ben`); a player
skipped between two bids passed too. A later bid from a player who passed follows open-outcry,
and is reported once per auction (A72).
"""

from __future__ import annotations

from ...notation.events import Span
from ..core.game import Game


class SeatOrder:
    """The bidding of one auction under seat order. The first bid may come from anyone."""

    def __init__(self, seats: list[str], passed: tuple[str, ...] = ()) -> None:
        self.seats = seats
        self.last: str | None = None
        # player -> the bidder whose bid passed over them ("" for a pass the record writes)
        self.dropped: dict[str, str] = dict.fromkeys(passed, "")

    def bids(self, bidder: str) -> bool:
        """Record a counted bid; False when seat order had already dropped `bidder`."""
        if bidder in self.dropped or bidder not in self.seats:
            return bidder not in self.dropped
        if self.last is not None and self.last != bidder:
            at = self.seats.index(self.last)
            for step in range(1, len(self.seats)):
                between = self.seats[(at + step) % len(self.seats)]
                if between == bidder:
                    break
                self.dropped.setdefault(between, bidder)
        self.last = bidder
        return True

    def passed_by(self, bidder: str) -> str:
        return self.dropped.get(bidder, "")


def out_of_seat_order(game: Game, bidder: str, amount: int, passed_by: str, span: Span) -> None:
    """CF-72: a bid from a player the bidding had already gone past. Open outcry accepts it;
    seat order dropped the player at the pass. The record shows the bid: it follows open-outcry.
    `passed_by` "": the record writes the player's pass (`passed Ben`)."""
    if passed_by:
        message = (
            f"{bidder} bid {game.money(amount)} though the bidding had gone past {bidder} to "
            f"{passed_by} in seat order: any player may bid until the sale closes "
            "(reading open-outcry); under reading seat-order a player passed over has passed and "
            "is out of the auction"
        )
    else:
        message = (
            f"{bidder} bid {game.money(amount)} after passing, as the record writes: any player "
            "may bid until the sale closes, a pass included (reading open-outcry); under reading "
            "seat-order a pass drops the player out of the auction"
        )
    game.ambiguous(
        "CF-72",
        message,
        span,
        "BUY-04",
        follows="open-outcry",
    )


def check_order(game: Game, bids: list[tuple[str, int, Span]], seats: list[str]) -> None:
    """A72 at the first bid, if any, from a player the bidding had gone past in seat order."""
    order = SeatOrder(seats)
    for bidder, amount, span in bids:
        if not order.bids(bidder):
            out_of_seat_order(game, bidder, amount, order.passed_by(bidder), span)
            return
