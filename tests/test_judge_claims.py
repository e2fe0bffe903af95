"""When a rent may still be claimed, judged once by its decide step (engine/core/judge.py): the
rent a claim asks for after the board changed between the landing and the claim (CF-24)."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.core.turn_flow import Due
from monolog.engine.money.claims import claim_time_decision
from monolog.notation.events import Span


def _game(**rulings: str) -> Game:
    ed = load_edition("us-2018")
    return Game(ed, GameState.new(ed, ["Ann", "Ben", "Cal"]), {**ed.readings, **rulings})


def _claim(amount: int) -> Due:
    return Due("rent", "Ben", "Ben", "Ann", amount, "rent", "RENT-01", Span(4, 1, 4, 9), 8)


def test_a_house_built_before_the_claim_names_the_other_readings_rent() -> None:
    """A house on Vermont Avenue after Ben landed: $12 at the landing, $30 at the claim."""
    landing = judge.Outcome(12, "Ben", "Ann")
    claim = judge.Outcome(30, "Ben", "Ann")
    assert claim_time_decision(_game(), _claim(12), 30, "Ann") == judge.Decision(
        landing, "RENT-01", (judge.Alternative("CF-24", "at-claim", claim),)
    )
    at_claim = _game(**{"CF-24": "at-claim"})
    assert claim_time_decision(at_claim, _claim(12), 30, "Ann") == judge.Decision(
        claim, "RENT-01", (judge.Alternative("CF-24", "at-landing", landing),)
    )


def test_a_deed_that_changed_owner_alone_leaves_no_other_reading() -> None:
    """Sold to Cal at the same rent: the figure says nothing of CF-24, so no alternative; the
    reading in force still says who is paid."""
    assert claim_time_decision(_game(), _claim(12), 12, "Cal") == judge.Decision(
        judge.Outcome(12, "Ben", "Ann"), "RENT-01"
    )
    at_claim = _game(**{"CF-24": "at-claim"})
    assert claim_time_decision(at_claim, _claim(12), 12, "Cal") == judge.Decision(
        judge.Outcome(12, "Ben", "Cal"), "RENT-01"
    )
