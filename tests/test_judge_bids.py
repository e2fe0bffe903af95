"""A bid from a player the bidding had gone past (CF-72), decided (buying/bidding.decide_bid)
and judged once: the record's bid follows open-outcry, and a replay measuring seat-order
refuses it, as that reading says."""

from __future__ import annotations

from estate_helpers import new_game

from monolog.dispute import compare, run_side, split_rulings
from monolog.engine.buying.bidding import decide_bid
from monolog.engine.core import judge
from monolog.notation.parser import parse_text


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
    events = parse_text(text, "bid.mlog")
    original = run_side(events, None, file="bid.mlog")
    changed, _ = split_rulings({"CF-72": "seat-order"}, original.readings)
    alternative = run_side(events, changed, file="bid.mlog", alternative_of=original)
    result = compare(original, alternative, changed, text.splitlines(), file="bid.mlog")
    assert [(f.code, f.span.line) for f in result.illegal] == [("M207", 4)]
    assert any(f.code == "A72" for side, f in result.applied if side == "alternative")
