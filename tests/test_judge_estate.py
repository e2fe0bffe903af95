"""What each reading of CF-39 requires of a bankruptcy to the bank, pinned at the decide step
(engine/core/judge.py): whether the estate's deeds free of mortgage are auctioned."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.bankruptcy.estate_auctions import estate_decision
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
