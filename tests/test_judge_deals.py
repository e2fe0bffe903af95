"""What each reading requires of a deal, pinned at the decide step (engine/core/judge.py):
whether deeds handed over for nothing may change hands (CF-64), whether a deed may change hands
while its group has buildings (CF-77), whether the bank auctions a bankrupt's jail card (CF-75),
and the other reading that would decide otherwise."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.deals.bank_sales import card_auction_decision
from monolog.engine.deals.deals import built_trade_decision, gift_decision


def _game(edition_name: str = "us-2018", **rulings: str) -> Game:
    edition = load_edition(edition_name)
    readings = dict(edition.readings) | rulings
    return Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)


def test_deeds_given_for_nothing_change_hands_under_allowed_only() -> None:
    assert gift_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "DEAL-01",
        (judge.Alternative("CF-64", "forbidden", judge.Choice(False)),),
    )
    assert gift_decision(_game(**{"CF-64": "forbidden"})) == judge.Decision(
        judge.Choice(False),
        "DEAL-01",
        (judge.Alternative("CF-64", "allowed", judge.Choice(True)),),
    )


def test_a_deed_of_a_built_group_changes_hands_under_with_buildings_only() -> None:
    # us-2018's text settles sold-first: no other reading is listed, a trade breaks the rule
    assert built_trade_decision(_game()) == judge.Decision(judge.Choice(False), "DEAL-03")
    # another reading chosen is no longer the text's: the point is open again
    assert built_trade_decision(_game(**{"CF-77": "with-buildings"})) == judge.Decision(
        judge.Choice(True),
        "DEAL-03",
        (judge.Alternative("CF-77", "sold-first", judge.Choice(False)),),
    )
    # us-classic's text leaves it open: sold-first in force, with-buildings the other reading
    assert built_trade_decision(_game("us-classic")) == judge.Decision(
        judge.Choice(False),
        "DEAL-03",
        (judge.Alternative("CF-77", "with-buildings", judge.Choice(True)),),
    )


def test_a_bankrupts_jail_card_is_auctioned_under_auctioned_only() -> None:
    # us-2018's text settles back-to-deck: no other reading is listed, an auction breaks it
    assert card_auction_decision(_game()) == judge.Decision(judge.Choice(False), "BKR-09")
    # uk-1996's text leaves it open
    assert card_auction_decision(_game("uk-1996")) == judge.Decision(
        judge.Choice(False),
        "BKR-09",
        (judge.Alternative("CF-75", "auctioned", judge.Choice(True)),),
    )
    assert card_auction_decision(_game("uk-1996", **{"CF-75": "auctioned"})) == judge.Decision(
        judge.Choice(True),
        "BKR-09",
        (judge.Alternative("CF-75", "back-to-deck", judge.Choice(False)),),
    )
