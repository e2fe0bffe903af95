"""The dealing of a square a card move reached, judged once by its decide step
(engine/core/judge.py): a second card drawn there (CF-62), a deed declined there auctioned
(CF-67). Each is a `Choice` of two readings, so every choice the record makes is one of them."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.cards.card_landings import auction_decision, second_draw_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState


def _game(**rulings: str) -> Game:
    ed = load_edition("us-2018")
    return Game(ed, GameState.new(ed, ["Ann", "Ben"]), {**ed.readings, **rulings})


def _decision(cf: str, rule: str, right: bool, other: str) -> judge.Decision:
    alternative = judge.Alternative(cf, other, judge.Choice(not right))
    return judge.Decision(judge.Choice(right), rule, (alternative,))


def test_a_card_square_reached_by_a_card_draws_again_unless_no_second_draw() -> None:
    assert second_draw_decision(_game()) == _decision("CF-62", "CARD-01", True, "no-second-draw")
    once = _game(**{"CF-62": "no-second-draw"})
    assert second_draw_decision(once) == _decision("CF-62", "CARD-01", False, "draw-again")


def test_a_deed_declined_after_a_card_move_is_auctioned_unless_no_auction() -> None:
    assert auction_decision(_game()) == _decision("CF-67", "BUY-03", True, "no-auction")
    offered = _game(**{"CF-67": "no-auction"})
    assert auction_decision(offered) == _decision("CF-67", "BUY-03", False, "auction")
