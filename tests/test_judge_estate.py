"""What each reading requires of a bankruptcy, pinned at the decide step (engine/core/judge.py):
whether the estate's deeds free of mortgage are auctioned (CF-39), whether a deal the debtor made
without clearing the debt stands (CF-78), whether deeds may go to a creditor towards a debt
(CF-51), the estate that ends a short game (CF-47, one reading), and who takes the deeds of an
estate owed to several players (CF-59)."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.bankruptcy.decisions import final_estate_decision, property_payment_decision
from monolog.engine.bankruptcy.deeds_heir import decide_deeds
from monolog.engine.bankruptcy.estate_auctions import estate_decision
from monolog.engine.bankruptcy.insolvent_deals import deal_in_debt_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState


def _game(**rulings: str) -> Game:
    edition = load_edition("us-2018")
    readings = dict(edition.readings) | rulings
    return Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)


def test_the_free_deeds_are_auctioned_under_auction_all_only() -> None:
    assert estate_decision(_game(**{"CF-39": "auction-all"})) == judge.Decision(
        judge.Choice(True),
        "BKR-07",
        (judge.Alternative("CF-39", "auction-mortgaged-only", judge.Choice(False)),),
    )
    only = _game(**{"CF-39": "auction-mortgaged-only"})
    assert estate_decision(only) == judge.Decision(
        judge.Choice(False),
        "BKR-07",
        (judge.Alternative("CF-39", "auction-all", judge.Choice(True)),),
    )


def test_a_deal_that_left_the_debt_unpaid_stands_under_allowed_only() -> None:
    assert deal_in_debt_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "BKR-01",
        (judge.Alternative("CF-78", "must-cover", judge.Choice(False)),),
    )
    assert deal_in_debt_decision(_game(**{"CF-78": "must-cover"})) == judge.Decision(
        judge.Choice(False),
        "BKR-01",
        (judge.Alternative("CF-78", "allowed", judge.Choice(True)),),
    )


def test_deeds_go_to_a_creditor_towards_a_debt_under_creditor_may_accept_only() -> None:
    assert property_payment_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "RENT-14",
        (judge.Alternative("CF-51", "cash-only", judge.Choice(False)),),
    )
    assert property_payment_decision(_game(**{"CF-51": "cash-only"})) == judge.Decision(
        judge.Choice(False),
        "RENT-14",
        (judge.Alternative("CF-51", "creditor-may-accept", judge.Choice(True)),),
    )


def test_the_short_games_last_estate_passes_whole_with_no_other_reading() -> None:
    assert final_estate_decision() == judge.Decision(judge.Choice(True), "SHORT-07")


def test_an_estate_owed_to_players_gives_its_deeds_to_the_first_left_short_under_first_unpaid() -> (
    None
):
    assert decide_deeds(_game(), "Ben") == judge.Decision(
        judge.Choice("the bank"),
        "BKR-05",
        (judge.Alternative("CF-59", "first-unpaid", judge.Choice("Ben")),),
    )
    assert decide_deeds(_game(**{"CF-59": "first-unpaid"}), "Ben") == judge.Decision(
        judge.Choice("Ben"),
        "BKR-05",
        (judge.Alternative("CF-59", "auction", judge.Choice("the bank")),),
    )
