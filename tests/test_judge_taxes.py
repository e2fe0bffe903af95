"""The income tax a record writes, judged once by its decide steps (engine/core/judge.py): the
percentage under each reading of the rounding (CF-34) and of the worth (CF-42), the choice
between it and the flat sum (CF-43), and the reading of a point named where it arises."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.core.turn_flow import Due
from monolog.engine.money.taxes import (
    choice_decision,
    count_decision,
    flat_decision,
    percent_decision,
)
from monolog.engine.money.worth import TaxMeasure
from monolog.notation.events import Span

SPAN = Span(4, 1, 4, 9)


def _game(**rulings: str) -> Game:
    ed = load_edition("us-classic")
    return Game(ed, GameState.new(ed, ["Ann", "Ben"]), {**ed.readings, **rulings})


def _measures() -> list[TaxMeasure]:
    # the reading in force first, as worth.tax_measures gives them
    return [
        TaxMeasure("worth-at-landing", 1005, "on landing"),
        TaxMeasure("mortgage-value", 955, "mortgaged at their value"),
        TaxMeasure("worth-at-payment", 1105, "when paid"),
    ]


def _others(decision: judge.Decision) -> list[tuple[str, str, int]]:
    return [(a.cf, a.reading, judge.amount(a.outcome)) for a in decision.others]


def test_percent_decision_gives_each_rounding_and_each_worth() -> None:
    """10% of $1,005 is $101 rounded half up (in force); rounded down $100, up $101 (CF-34);
    the worth with mortgaged deeds at their value gives $96, the worth at payment $111
    (CF-42)."""
    decision = percent_decision(_game(), "Ann", 10, _measures())
    assert (decision.right, decision.rule) == (judge.Outcome(101, "Ann"), "TAX-03")
    assert _others(decision) == [
        ("CF-34", "down", 100),
        ("CF-34", "up", 101),
        ("CF-42", "mortgage-value", 96),
        ("CF-42", "worth-at-payment", 111),
    ]


def test_choice_decision_under_choice_first_adds_the_flat_sum_after_the_count() -> None:
    """Under choice-first the written percentage binds: its figures stand, and the flat $200
    paid instead is choice-after-count's figure, whatever was written."""
    game = _game()
    percent = percent_decision(game, "Ann", 10, _measures())
    for written in (200, 101, None):
        decision = choice_decision(game, "Ann", percent, 200, written)
        assert decision.right == percent.right and decision.rule == "TAX-03"
        assert decision.others == (
            *percent.others,
            judge.Alternative("CF-43", "choice-after-count", judge.Outcome(200, "Ann")),
        )


def test_choice_decision_under_choice_after_count_takes_the_flat_sum_settled_on() -> None:
    """Under choice-after-count the flat $200 written after the percentage is the right
    figure (TAX-04), choice-first's being the percentage; any other figure written is judged
    as the percentage, with no CF-43 reading beside it."""
    game = _game(**{"CF-43": "choice-after-count"})
    percent = percent_decision(game, "Ann", 10, _measures())
    settled = choice_decision(game, "Ann", percent, 200, 200)
    assert (settled.right, settled.rule) == (judge.Outcome(200, "Ann"), "TAX-04")
    assert _others(settled) == [("CF-43", "choice-first", 101)]
    assert choice_decision(game, "Ann", percent, 200, 100) == percent
    # a percentage that comes to the flat sum is the percentage, not a choice between them
    assert choice_decision(game, "Ann", percent, 101, 101) == percent


def test_count_decision_says_whether_the_choice_may_follow_the_count() -> None:
    """A record that says the worth was counted first: under choice-first the choice may not
    follow the count (choice-after-count's play); under choice-after-count it may."""
    first = count_decision(_game())
    assert first == judge.Decision(
        judge.Choice(False),
        "TAX-04",
        (judge.Alternative("CF-43", "choice-after-count", judge.Choice(True)),),
    )
    after = count_decision(_game(**{"CF-43": "choice-after-count"}))
    assert after == judge.Decision(
        judge.Choice(True),
        "TAX-04",
        (judge.Alternative("CF-43", "choice-first", judge.Choice(False)),),
    )


def test_flat_decision_lists_no_other_reading() -> None:
    due = Due("tax", "Ann", None, None, 75, "Luxury Tax", "TAX-01", SPAN)
    assert flat_decision(due, "Ann") == judge.Decision(judge.Outcome(75, "Ann"), "TAX-01")


def test_first_reading_names_the_reading_in_force_then_the_first_alternative() -> None:
    """first_reading (A42 at the worth, A43 where the dearer percentage binds): the reading in
    force for the right figure; for another figure the first alternative of the point giving
    it, even where a later one gives it too; none for a figure only another point's reading
    gives, or none at all."""
    game = _game(**{"CF-42": "mortgage-value"})
    decision = judge.Decision(
        judge.Outcome(96, "Ann"),
        "TAX-03",
        (
            judge.Alternative("CF-34", "up", judge.Outcome(97, "Ann")),
            judge.Alternative("CF-42", "worth-at-landing", judge.Outcome(101, "Ann")),
            judge.Alternative("CF-42", "worth-at-payment", judge.Outcome(101, "Ann")),
        ),
    )
    assert judge.first_reading(game, decision, "CF-42", 96) == "mortgage-value"
    assert judge.first_reading(game, decision, "CF-42", 101) == "worth-at-landing"
    assert judge.first_reading(game, decision, "CF-42", 97) is None
    assert judge.first_reading(game, decision, "CF-42", 150) is None
    assert judge.first_reading(game, decision, "CF-42", None) is None
