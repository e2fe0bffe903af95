"""The order of bids in an auction (CF-72), for deed auctions (buying.py) and building-shortage
auctions (shortage.py) alike.

Under reading seat-order bids go round the table in seat order and a player the bidding passes
over has passed and is out of the auction; under open-outcry (the default) anyone may bid until
the sale closes. A record writes the bids, and may write passes (`passed Ben`); a player
skipped between two bids passed too. A later bid from a player who passed is judged against
`decide_bid` (judge.py): it follows open-outcry, and is reported once per auction (A72); the
replay counts it, except one measuring seat-order (`monolog dispute`), which refuses it.
"""

from __future__ import annotations

from ...notation.events import Span
from ..core import follow, judge
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


def decide_bid(game: Game) -> judge.Decision:
    """Whether a player the bidding had gone past (a pass written, or passed over in seat order)
    may still bid (CF-72): open-outcry lets them, seat-order has dropped them. The figure is
    True where the bid counts; the other reading is listed (where an edition's text settled
    the point, `Game.ambiguous` would make the departure M990)."""
    if game.ruling("CF-72") == "seat-order":
        alt = judge.Alternative("CF-72", "open-outcry", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "BUY-04", (alt,))
    alt = judge.Alternative("CF-72", "seat-order", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "BUY-04", (alt,))


def bid_after_pass(
    game: Game, bidder: str, amount: int, passed_by: str, span: Span, *, named: bool = True
) -> bool:
    """CF-72: a bid from a player the bidding had already gone past, judged (`decide_bid`): the
    record shows the bid, so it follows open-outcry, named once per auction (`named`),
    agreeing under open-outcry and a warning under seat-order. True: the bid counts, as the
    table took it; a replay measuring seat-order (follow.py) refuses it. `passed_by` "": the
    record writes the player's pass (`passed Ben`)."""
    decision = decide_bid(game)
    verdict = judge.compare_arising(game, decision, True)
    if named:
        message = _after_pass(game, bidder, amount, passed_by)
        # the other reading is always listed, so the bid follows a reading (or, in a replay
        # measuring seat-order, `arising` names it so): the M code is there for form only
        words = judge.Words(
            "M990",
            f"{message}; the edition's own text settles this point (CF-72: {game.ruling('CF-72')})",
            other=lambda alt: message,
            agree=lambda: _named(game, message, span),
            data={"cf": "CF-72"},
        )
        judge.file(game, verdict, True, span, decision.rule, words)
    return follow.record_settles(game) or judge.figure(verdict.right) is True


def _named(game: Game, message: str, span: Span) -> None:
    game.ambiguous("CF-72", message, span, "BUY-04", follows="open-outcry")


def _after_pass(game: Game, bidder: str, amount: int, passed_by: str) -> str:
    """What A72 says of a bid after a pass."""
    if passed_by:
        return (
            f"{bidder} bid {game.money(amount)} though the bidding had gone past {bidder} to "
            f"{passed_by} in seat order: any player may bid until the sale closes "
            "(reading open-outcry); under reading seat-order a player passed over has passed and "
            "is out of the auction"
        )
    return (
        f"{bidder} bid {game.money(amount)} after passing, as the record writes: any player "
        "may bid until the sale closes, a pass included (reading open-outcry); under reading "
        "seat-order a pass drops the player out of the auction"
    )


def check_order(
    game: Game, bids: list[tuple[str, int, Span]], seats: list[str], passed: tuple[str, ...] = ()
) -> list[tuple[str, int, Span]]:
    """A72 at the first bid, if any, from a player the bidding had gone past: after a pass the
    record writes (`passed`), or passed over in seat order. Returns the bids that count: every
    one, as the table took them, except in a replay measuring seat-order, which refuses each
    bid after a pass, as in a deed auction (deed_bids.py)."""
    order = SeatOrder(seats, passed)
    counted: list[tuple[str, int, Span]] = []
    named = True
    for bidder, amount, span in bids:
        if not order.bids(bidder):
            counts = bid_after_pass(
                game, bidder, amount, order.passed_by(bidder), span, named=named
            )
            named = False
            if not counts:
                continue  # a replay measuring seat-order refuses the bid
        counted.append((bidder, amount, span))
    return counted
