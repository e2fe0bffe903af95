"""What each reading requires of a move, pinned at the decide step (engine/core/judge.py): the
square a card sends the token to, and the other reading of an open point that would send it
elsewhere."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.cards.card_move_judgement import card_move_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.obligations import CardMove
from monolog.engine.core.state import GameState
from monolog.notation.events import Span

SPAN = Span(2, 1, 2, 10)
READING, PENNSYLVANIA = 5, 15  # from the first Chance square (7): 2 back, 8 ahead


def _game(**rulings: str) -> Game:
    edition = load_edition("us-2018")
    readings = dict(edition.readings) | rulings
    return Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)


def test_the_nearest_railroad_card_names_the_other_reading_of_cf71() -> None:
    ahead = CardMove("CH05", PENNSYLVANIA, SPAN, 7, nearest=(PENNSYLVANIA, READING))
    assert card_move_decision(_game(), ahead) == judge.Decision(
        judge.Choice(PENNSYLVANIA),
        "CARD-06",
        (judge.Alternative("CF-71", "closest", judge.Choice(READING)),),
    )
    closest = CardMove("CH05", READING, SPAN, 7, nearest=(PENNSYLVANIA, READING))
    assert card_move_decision(_game(**{"CF-71": "closest"}), closest) == judge.Decision(
        judge.Choice(READING),
        "CARD-06",
        (judge.Alternative("CF-71", "ahead", judge.Choice(PENNSYLVANIA)),),
    )


def test_a_card_move_nothing_disputes_lists_no_other_reading() -> None:
    """From the Chance square on Kentucky Avenue's side (22) the railroad ahead, B. & O. (25),
    is the closest too: the card's square alone, whatever the reading."""
    decision = card_move_decision(_game(**{"CF-71": "closest"}), CardMove("CH05", 25, SPAN, 22))
    assert decision == judge.Decision(judge.Choice(25), "CARD-06")
