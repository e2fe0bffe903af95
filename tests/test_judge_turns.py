"""What each reading requires of an action written on another player's turn, pinned at the
decide step (engine/core/judge.py): whether a player may act while the lander's landing is
still open (CF-25), and the other reading that would decide otherwise."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.handlers import inside_landing_decision
from monolog.engine.core.state import GameState


def _game(**rulings: str) -> Game:
    edition = load_edition("us-2018")
    readings = dict(edition.readings) | rulings
    return Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)


def test_acting_inside_another_players_landing_is_allowed_under_any_moment_only() -> None:
    assert inside_landing_decision(_game()) == judge.Decision(
        judge.Choice(False),
        "TURN-05",
        (judge.Alternative("CF-25", "any-moment", judge.Choice(True)),),
    )
    assert inside_landing_decision(_game(**{"CF-25": "any-moment"})) == judge.Decision(
        judge.Choice(True),
        "TURN-05",
        (judge.Alternative("CF-25", "between-events", judge.Choice(False)),),
    )
