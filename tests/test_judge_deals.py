"""What each reading requires of a deal, pinned at the decide step (engine/core/judge.py):
whether deeds handed over for nothing may change hands (CF-64), and the other reading that
would decide otherwise."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.deals.deals import gift_decision


def _game(**rulings: str) -> Game:
    edition = load_edition("us-2018")
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
