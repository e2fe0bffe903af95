"""The bids of a deed auction, decided and judged once: a bid from a player the bidding had
gone past (CF-72, buying/bidding.decide_bid; the record's bid follows open-outcry, and a replay
measuring seat-order refuses it, as that reading says), the decliner's opening bid (CF-14), a
bid above the cash in hand (CF-17) and a bid below the lowest (CF-15), buying/deed_bids.py."""

from __future__ import annotations

from estate_helpers import new_game
from testkit.disputes import compared

from monolog.engine.buying.bidding import decide_bid
from monolog.engine.buying.deed_bids import cash_decision, low_bid_decision, opening_decision
from monolog.engine.core import judge


def test_decide_bid_under_each_reading() -> None:
    assert decide_bid(new_game()) == judge.Decision(
        judge.Choice(True),
        "BUY-04",
        (judge.Alternative("CF-72", "seat-order", judge.Choice(False)),),
    )
    assert decide_bid(new_game(rulings={"CF-72": "seat-order"})) == judge.Decision(
        judge.Choice(False),
        "BUY-04",
        (judge.Alternative("CF-72", "open-outcry", judge.Choice(True)),),
    )


def test_a_replay_measuring_seat_order_refuses_the_bid_after_a_pass() -> None:
    """Ben passes and then bids $20 over Ann's $10. Measured under seat-order (monolog dispute)
    his bid no longer counts, so the sale to him is against the last valid bid, Ann's (M207);
    before, the replay took the bid all the same and the two readings never differed."""
    text = (
        '[Players "Ann, Ben, Cal"]\nsetup next Ann\n1. Ann 1-2 Baltic Avenue\n'
        "auction passed Ben bids Ann 10, Ben 20 sold Ben 20\n"
    )
    result = compared(text, "bid.mlog", {"CF-72": "seat-order"})
    assert [(f.code, f.span.line) for f in result.illegal] == [("M207", 4)]
    assert any(f.code == "A72" for side, f in result.applied if side == "alternative")


def test_a_replay_measuring_seat_order_refuses_a_shortage_bid_after_a_pass() -> None:
    """A house auction in a shortage (buying/shortage.py): Ben passes and then bids $150 over
    Ann's $100. Measured under seat-order his bid no longer counts, as in a deed auction, so the
    sale to him is against the highest bid that counts, Ann's (M617); before, the shortage
    auction took the bid all the same and the two readings never differed."""
    text = (
        '[Players "Ann, Ben, Cal"]\nsetup Ann owns Park Place, Boardwalk\n'
        "setup Ben owns Mediterranean Avenue, Baltic Avenue\nsetup bank houses 1 hotels 12\n"
        "setup next Ann\nAnn auction house passed Ben bids Ann 100, Ben 150 sold Ben 150\n"
    )
    result = compared(text, "shortage.mlog", {"CF-72": "seat-order"})
    assert [(f.code, f.span.line) for f in result.illegal] == [("M617", 6)]


def _bid(value: bool, cf: str = "", reading: str = "", rule: str = "BUY-04") -> judge.Decision:
    others = (judge.Alternative(cf, reading, judge.Choice(not value)),) if cf else ()
    return judge.Decision(judge.Choice(value), rule, others)


def test_the_decliners_opening_bid_counts_under_anyone_bids_only() -> None:
    assert opening_decision(new_game()) == _bid(True, "CF-14", "decliner-joins-not-opens")
    rulings = {"CF-14": "decliner-joins-not-opens"}
    assert opening_decision(new_game(rulings=rulings)) == _bid(False, "CF-14", "anyone-bids")


def test_a_bid_above_the_cash_counts_under_pay_at_close_only() -> None:
    capped = new_game(rulings={"CF-17": "capped-by-cash"})
    assert cash_decision(new_game(), 300, 200) == _bid(True, "CF-17", "capped-by-cash", "BUY-06")
    assert cash_decision(capped, 300, 200) == _bid(False, "CF-17", "pay-at-close", "BUY-06")
    # within the cash both readings let it stand: no other reading listed
    assert cash_decision(capped, 200, 200) == _bid(True, rule="BUY-06")


def test_a_low_bid_is_open_only_where_the_text_names_no_lowest_bid() -> None:
    anyprice = new_game(rulings={"CF-15": "any-price"})
    assert low_bid_decision(new_game(), 0, None) == _bid(False, "CF-15", "any-price", "BUY-05")
    assert low_bid_decision(anyprice, 0, None) == _bid(True, "CF-15", "minimum-one", "BUY-05")
    # the text opens bidding at 1: it settles the floor, so no other reading is listed
    assert low_bid_decision(new_game(), 0, 1) == _bid(False, rule="BUY-05")
    assert low_bid_decision(anyprice, 0, 1) == _bid(True, rule="BUY-05")
    assert low_bid_decision(new_game(), 1, None) == _bid(True, rule="BUY-05")


def test_a_replay_measuring_minimum_one_refuses_a_bid_of_nothing() -> None:
    """Under the classic text (no lowest bid named) Ben buys Baltic Avenue for a bid of $0,
    read under any-price. Measured under minimum-one (monolog dispute) the bid no longer
    counts, so the sale has no valid bid behind it (M207); before, the replay took the bid all
    the same and the two readings never differed."""
    text = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue decline auction bids Ben 0 sold Ben 0\n'
    result = compared(
        text, "bid.mlog", {"CF-15": "minimum-one"}, own={"CF-15": "any-price"}, edition="us-classic"
    )
    assert [(f.code, f.span.line) for f in result.illegal] == [("M207", 2)]
