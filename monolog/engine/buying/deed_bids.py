"""The bids of a deed auction, each checked as it is made (BUY-04, BUY-05, CF-14, CF-15, CF-17,
CF-72): who may bid, the lowest bid, each bid beating the one before, and the bidder's cash.

The auction itself, and the sale to its winner, are buying.py's.
"""

from __future__ import annotations

from ...notation.events import Auction, Span
from ..core import follow
from ..core.game import Game
from ..core.names import resolve_player
from ..jail.jail_rights import while_jailed
from .bidding import SeatOrder, bid_after_pass


def check_bids(
    game: Game, ev: Auction, decliner: str | None, name: str, out: set[str]
) -> tuple[str, int] | None:
    """Check the bids (BUY-04, BUY-05, CF-14, CF-15); the last valid bid, or None if none.
    Bidders out of the game are added to `out`."""
    last: tuple[str, int] | None = None
    high = 0
    flagged_decliner = False
    flagged_order = False
    seats = [p.name for p in game.state.players if p.active]
    passed = tuple(r.text for r in ev.passed if r.text in seats)  # the passes written (CF-72)
    seat_order = SeatOrder(seats, passed)
    minimum_one = game.ruling("CF-15") == "minimum-one"
    stated = game.edition.rules.auction_min_bid  # None: the text names no lowest bid
    for bid in ev.bids:
        bidder = resolve_player(game, bid.player, ev.span)
        if bidder is None:
            continue
        span = bid.span if bid.span.line else ev.span
        if not game.state.player(bidder).active:
            out.add(bidder)
            game.emit(
                "M208",
                f"{bidder} is out of the game and cannot bid",
                span,
                "BUY-04",
                recorded=bidder,
            )
            continue
        while_jailed(game, bidder, "bids at auction", span)
        if bid.amount < (stated or 1) and minimum_one and stated is not None:
            game.emit(
                "M205",
                f"the lowest bid is {game.money(stated)}: {bidder} bid {game.money(bid.amount)}",
                span,
                "BUY-05",
                expected=stated,
                recorded=bid.amount,
            )
        elif bid.amount < (stated or 1):
            _low_bid(game, bidder, bid.amount, stated, span)
        elif last is not None and bid.amount <= high:
            game.emit(
                "M206",
                f"each bid must beat the one before: {bidder} bid {game.money(bid.amount)} "
                f"after {game.money(high)}",
                span,
                "BUY-05",
                expected=high + 1,
                recorded=bid.amount,
            )
        if bidder == decliner and last is None and not flagged_decliner:
            flagged_decliner = True
            if not _decliner_opens(game, bidder, name, bid.amount, span):
                continue  # a replay measuring decliner-joins-not-opens refuses the opening bid
        if not _within_cash(game, bidder, bid.amount, span):
            continue  # a replay measuring capped-by-cash refuses the bid
        if not seat_order.bids(bidder):
            passed_by = seat_order.passed_by(bidder)
            counts = bid_after_pass(
                game, bidder, bid.amount, passed_by, span, named=not flagged_order
            )
            flagged_order = True
            if not counts:
                continue  # a replay measuring seat-order refuses the bid
        if bid.amount > high or last is None:
            high = max(high, bid.amount)
            last = (bidder, bid.amount)
    return last


def _decliner_opens(game: Game, bidder: str, name: str, amount: int, span: Span) -> bool:
    """CF-14: the player who declined the deed opens the bidding. Named once; False where a
    replay measuring decliner-joins-not-opens refuses the opening bid (the record's own replay
    counts it, as the table took it)."""
    if game.ruling("CF-14") == "decliner-joins-not-opens":
        game.ambiguous(
            "CF-14",
            f"{bidder} declined {name} and may bid but not open: the opening bid of "
            f"{game.money(amount)} does not count (reading decliner-joins-not-opens); "
            "reading anyone-bids would accept it",
            span,
            "BUY-04",
            follows="anyone-bids",  # the record has the decliner open
        )
        return follow.record_settles(game)
    game.ambiguous(
        "CF-14",
        f"{bidder} declined {name} and then opened the bidding: every player may "
        f"open, the decliner included (reading {game.ruling('CF-14')}); reading "
        "decliner-joins-not-opens would make another player open",
        span,
        "BUY-04",
        follows="anyone-bids",
    )
    return True


def _within_cash(game: Game, bidder: str, amount: int, span: Span) -> bool:
    """CF-17: a bid above the bidder's cash in hand. Named once where capped-by-cash is in
    force; False where a replay measuring that reading refuses the bid (the record's own replay
    lets it stand, as the table took it)."""
    cash = game.state.player(bidder).cash
    if amount <= cash or game.ruling("CF-17") != "capped-by-cash":
        return True
    game.ambiguous(
        "CF-17",
        f"{bidder} bid {game.money(amount)} holding {game.money(cash)}: a bid may "
        f"not exceed the cash in hand, so it does not count (reading capped-by-cash); "
        "reading pay-at-close would let it stand",
        span,
        "BUY-06",
        follows="pay-at-close",  # the record's bid is above the cash in hand
    )
    return follow.record_settles(game)


def _low_bid(game: Game, bidder: str, amount: int, stated: int | None, span: Span) -> None:
    """CF-15: a bid below one unit where the text names no lowest bid, or the ruling allows it."""
    reading = game.ruling("CF-15")
    if stated is None:
        text = "this edition's text names no lowest bid"
        other = (
            f"reading minimum-one makes {game.money(1)} the lowest"
            if reading != "minimum-one"
            else "reading any-price takes any figure"
        )
        applied = (
            f"the lowest bid is {game.money(1)}, and the bid stands as written"
            if reading == "minimum-one"
            else "accepted"
        )
    else:
        text = f"the text opens bidding at {game.money(stated)}"
        applied = "accepted under the ruling"
        other = f"reading minimum-one would refuse it below {game.money(stated)}"
    game.ambiguous(
        "CF-15",
        f"{bidder} bid {game.money(amount)}: {text}; {applied} (reading {reading}); {other}",
        span,
        "BUY-05",
        follows="any-price",  # the record's bid is below one unit, or the text's floor
    )
