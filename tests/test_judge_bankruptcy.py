"""Whether a bankruptcy on open debts comes too soon (engine/bankruptcy/too_soon.py), decided
under each reading of the points that change what could be raised: the deeds won at auction
and not paid for (CF-60) and hotels the bank lacks the houses to take back (CF-29)."""

from __future__ import annotations

from estate_helpers import new_game

from monolog.engine.bankruptcy.too_soon import too_soon_decision
from monolog.engine.core import judge
from monolog.engine.money.raising import Raisable

# $100 could be raised, and a lot won and not paid for (Park Place, #37) is worth $60 more
LOTS = Raisable(total=100, unpaid_lots=(37,), lot_value=60)


def _others(decision: judge.Decision) -> list[tuple[str, str, object, str | None]]:
    return [(a.cf, a.reading, judge.figure(a.outcome), a.rule) for a in decision.others]


def test_a_bankruptcy_stands_when_nothing_more_could_be_raised_under_any_reading() -> None:
    decision = too_soon_decision(new_game(), Raisable(total=100), 150)
    assert decision == judge.Decision(judge.Choice(True), "BKR-01")
    assert too_soon_decision(new_game(), Raisable(total=200), 150).right == judge.Choice(False)


def test_the_lots_other_reading_counts_them_or_leaves_them_out() -> None:
    """Under lot-not-mortgaged the $100 raised is short of $150 (the bankruptcy stands) and
    lot-mortgaged would count $60 more ($160: too soon); under lot-mortgaged $100 counts the
    lot already, and lot-not-mortgaged would leave $40."""
    kept_out = too_soon_decision(new_game(), LOTS, 150)
    assert kept_out.right == judge.Choice(True)
    assert _others(kept_out) == [("CF-60", "lot-mortgaged", False, "BUY-06")]
    counted = too_soon_decision(new_game(rulings={"CF-60": "lot-mortgaged"}), LOTS, 80)
    assert counted.right == judge.Choice(False)
    assert _others(counted) == [("CF-60", "lot-not-mortgaged", True, "BUY-06")]


def test_blocked_hotels_sold_outright_would_count_what_their_groups_raise() -> None:
    game = new_game(rulings={"CF-29": "blocked"})
    blocked = Raisable(total=100, blocked=(37, 39), blocked_value=300)
    decision = too_soon_decision(game, blocked, 150)
    assert decision.right == judge.Choice(True)
    assert _others(decision) == [("CF-29", "sell-outright", False, "SELL-04")]
    both = Raisable(total=100, unpaid_lots=(1,), lot_value=30, blocked=(37,), blocked_value=20)
    assert [a.cf for a in too_soon_decision(game, both, 110).others] == ["CF-60", "CF-29"]
