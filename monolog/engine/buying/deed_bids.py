"""The bids of a deed auction, each checked as it is made (BUY-04, BUY-05, CF-14, CF-15, CF-17,
CF-72): who may bid, the lowest bid, each bid beating the one before, and the bidder's cash.

The auction itself, and the sale to its winner, are buying.py's.
"""

from __future__ import annotations

from dataclasses import replace

from ...notation.events import Auction, Span
from ..core import follow, judge
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
        if bid.amount < (stated or 1):
            if not _low_bid(game, bidder, bid.amount, stated, span):
                continue  # a replay measuring minimum-one refuses the bid below one unit
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


ANYONE = "anyone-bids"
NOT_OPENS = "decliner-joins-not-opens"
AT_CLOSE = "pay-at-close"
CAPPED = "capped-by-cash"


def _either(counts: bool, other: judge.Alternative, rule: str) -> judge.Decision:
    """Whether a bid counts (`counts`) under the reading in force, and the `other` reading
    saying otherwise."""
    return judge.Decision(judge.Choice(counts), rule, (other,))


def opening_decision(game: Game) -> judge.Decision:
    """CF-14: whether the opening bid of the player who declined the deed counts (True under
    anyone-bids, False under decliner-joins-not-opens), with the other reading. The other
    reading is always listed: where an edition's text settled the point, `Game.ambiguous`
    makes the departure M990."""
    if game.ruling("CF-14") == NOT_OPENS:
        return _either(False, judge.Alternative("CF-14", ANYONE, judge.Choice(True)), "BUY-04")
    return _either(True, judge.Alternative("CF-14", NOT_OPENS, judge.Choice(False)), "BUY-04")


def cash_decision(game: Game, amount: int, cash: int) -> judge.Decision:
    """CF-17: whether a bid of `amount` by a bidder holding `cash` counts: always under
    pay-at-close, only within the cash under capped-by-cash (no other reading where both
    agree)."""
    if amount <= cash:
        return judge.Decision(judge.Choice(True), "BUY-06")
    if game.ruling("CF-17") == CAPPED:
        return _either(False, judge.Alternative("CF-17", AT_CLOSE, judge.Choice(True)), "BUY-06")
    return _either(True, judge.Alternative("CF-17", CAPPED, judge.Choice(False)), "BUY-06")


def _counts(game: Game, decision: judge.Decision, span: Span, words: judge.Words) -> bool:
    """Judge a bid the record counts (the figure written is True) and file its one finding;
    whether the replay counts it: always as the table took it, except in a replay measuring
    a reading that refuses it (`monolog dispute`)."""
    verdict = judge.compare_arising(game, decision, True)
    judge.file(game, verdict, True, span, decision.rule, words)
    return follow.record_settles(game) or judge.figure(verdict.right) is True


def _form_only(game: Game, cf: str, message: str) -> judge.Words:
    """Words for a point whose other reading is always listed, so the record's bid follows a
    reading: the M code is there for form only."""
    return judge.Words(
        "M990",
        f"{message}; the edition's own text settles this point ({cf}: {game.ruling(cf)})",
        other=lambda alt: message,
        data={"cf": cf},
    )


def _decliner_opens(game: Game, bidder: str, name: str, amount: int, span: Span) -> bool:
    """CF-14: the player who declined the deed opens the bidding, judged by
    `opening_decision`. Named once; False where a replay measuring decliner-joins-not-opens
    refuses the opening bid (the record's own replay counts it, as the table took it)."""
    decision = opening_decision(game)
    message = (
        f"{bidder} declined {name} and may bid but not open: the opening bid of "
        f"{game.money(amount)} does not count (reading {NOT_OPENS}); "
        f"reading {ANYONE} would accept it"
    )
    agreed = (
        f"{bidder} declined {name} and then opened the bidding: every player may "
        f"open, the decliner included (reading {game.ruling('CF-14')}); reading "
        f"{NOT_OPENS} would make another player open"
    )

    def agree() -> None:
        game.ambiguous("CF-14", agreed, span, "BUY-04", follows=ANYONE)

    words = _form_only(game, "CF-14", message)
    return _counts(game, decision, span, replace(words, agree=agree))


def _within_cash(game: Game, bidder: str, amount: int, span: Span) -> bool:
    """CF-17: a bid above the bidder's cash in hand, judged by `cash_decision`. Named where
    capped-by-cash is in force; False where a replay measuring that reading refuses the bid
    (the record's own replay lets it stand, as the table took it)."""
    cash = game.state.player(bidder).cash
    if amount <= cash:
        # what judging it by `cash_decision` comes to for a bid within the cash (one reading,
        # counting it; nothing filed), without the decision, verdict and words: nearly every
        # bid (6,500 over run.py's 200 games; benchmarks/README.md)
        return True
    message = (
        f"{bidder} bid {game.money(amount)} holding {game.money(cash)}: a bid may "
        f"not exceed the cash in hand, so it does not count (reading {CAPPED}); "
        f"reading {AT_CLOSE} would let it stand"
    )
    decision = cash_decision(game, amount, cash)
    return _counts(game, decision, span, _form_only(game, "CF-17", message))


MIN_ONE = "minimum-one"
ANY_PRICE = "any-price"


def low_bid_decision(game: Game, amount: int, stated: int | None) -> judge.Decision:
    """CF-15: whether a bid of `amount` stands where the edition's text opens bidding at
    `stated` (None: it names no lowest bid): under minimum-one from the text's figure, or one
    unit; under any-price at any figure. Where the text names the lowest bid it settles the
    floor, and no other reading is listed; nor where the bid is one unit or more."""
    minimum_one = game.ruling("CF-15") == MIN_ONE
    stands = not minimum_one or amount >= (stated or 1)
    if stated is not None or amount >= 1:
        return judge.Decision(judge.Choice(stands), "BUY-05")
    if minimum_one:
        return _either(stands, judge.Alternative("CF-15", ANY_PRICE, judge.Choice(True)), "BUY-05")
    return _either(stands, judge.Alternative("CF-15", MIN_ONE, judge.Choice(False)), "BUY-05")


def _low_bid(game: Game, bidder: str, amount: int, stated: int | None, span: Span) -> bool:
    """CF-15: a bid below the text's lowest bid, or below one unit where the text names none,
    judged by `low_bid_decision`: below the text's figure under minimum-one it stands under no
    reading (M205); otherwise the point is named (A15), the record following any-price. True:
    the bid counts either way, as the table took it; a replay measuring minimum-one (`monolog
    dispute`) refuses a bid below one unit where the text names no lowest bid."""
    reading = game.ruling("CF-15")
    if stated is None:
        text = "this edition's text names no lowest bid"
        other = (
            f"reading {MIN_ONE} makes {game.money(1)} the lowest"
            if reading != MIN_ONE
            else f"reading {ANY_PRICE} takes any figure"
        )
        applied = (
            f"the lowest bid is {game.money(1)}, and the bid stands as written"
            if reading == MIN_ONE
            else "accepted"
        )
    else:
        text = f"the text opens bidding at {game.money(stated)}"
        applied = "accepted under the ruling"
        other = f"reading {MIN_ONE} would refuse it below {game.money(stated)}"
    message = f"{bidder} bid {game.money(amount)}: {text}; {applied} (reading {reading}); {other}"

    def named() -> None:
        game.ambiguous("CF-15", message, span, "BUY-05", follows=ANY_PRICE)

    decision = low_bid_decision(game, amount, stated)
    verdict = judge.compare_arising(game, decision, True)
    words = judge.Words(
        "M205",
        f"the lowest bid is {game.money(stated or 1)}: {bidder} bid {game.money(amount)}",
        other=lambda alt: message,
        agree=named,
        shown=(stated, amount),
    )
    judge.file(game, verdict, True, span, decision.rule, words)
    return not judge.measured(game, decision, True)
