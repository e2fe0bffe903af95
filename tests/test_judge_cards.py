"""The cards' points judged once by their decide steps (engine/core/judge.py): the dealing of a
square a card move reached, a second card drawn there (CF-62) and a deed declined there
auctioned (CF-67), a deck reshuffled during play (CF-76), and a card the deck's order does
not allow (CF-79). Each is a `Choice` of two
readings, so every choice the record makes is one of them."""

from __future__ import annotations

import dataclasses

from monolog.editions.loader import load_edition
from monolog.engine.cards.card_landings import auction_decision, second_draw_decision
from monolog.engine.cards.cards import reshuffle_decision
from monolog.engine.cards.decks import draw_order_decision
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


def test_a_reshuffle_during_play_is_reading_reshuffles_and_cycle_names_it() -> None:
    """Under cycle (every shipped edition's text) the reshuffle reading is still the other one
    listed: the A76 it gives is turned into M990 where the text settles the point."""
    assert reshuffle_decision(_game()) == _decision("CF-76", "CARD-03", False, "reshuffle")
    table = _game(**{"CF-76": "reshuffle"})
    assert reshuffle_decision(table) == _decision("CF-76", "CARD-03", True, "cycle")


def test_a_card_out_of_the_decks_order_is_with_replacements_where_the_text_leaves_it_open() -> None:
    """Every shipped edition settles CF-79 (no other reading listed: M403); an edition that
    leaves it open names with-replacement; a ruling of with-replacement draws at random."""
    assert draw_order_decision(_game(), "CARD-03") == judge.Decision(judge.Choice(False), "CARD-03")
    ed = load_edition("us-2018")
    ed = dataclasses.replace(ed, settled=ed.settled - {"CF-79"})
    open_point = Game(ed, GameState.new(ed, ["Ann", "Ben"]), dict(ed.readings))
    assert draw_order_decision(open_point, "CARD-05") == _decision(
        "CF-79", "CARD-05", False, "with-replacement"
    )
    ruled = _game(**{"CF-79": "with-replacement"})
    assert draw_order_decision(ruled, "CARD-03") == _decision(
        "CF-79", "CARD-03", True, "from-the-deck"
    )
