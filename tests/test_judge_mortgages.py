"""The mortgage decisions judged by their decide step (engine/core/judge.py): what each reading
requires of a mortgage taken, a mortgage lifted (received in a bankruptcy and lifted on
receipt: CF-36) or the 10% on deeds received."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.money.mortgage_amounts import receipt_lift_decision
from monolog.engine.money.mortgage_points import (
    bare_site_decision,
    short_interest_decision,
    unpaid_lot_decision,
)


def _game(edition: str = "uk-1996", **rulings: str) -> Game:
    ed = load_edition(edition)
    return Game(ed, GameState.new(ed, ["Ann", "Ben"]), {**ed.readings, **rulings})


def _others(decision: judge.Decision) -> list[tuple[str, str, object]]:
    return [(a.cf, a.reading, judge.figure(a.outcome)) for a in decision.others]


# --------------------------------------------------------------------------- bare site (CF-33)


def test_bare_site_decision_where_cf33_is_open_names_site_bare() -> None:
    """uk-1996 leaves CF-33 open: under whole-group-bare a bare site of a built group may not
    be mortgaged, and reading site-bare, which allows it, is listed."""
    decision = bare_site_decision(_game("uk-1996", **{"CF-33": "whole-group-bare"}), True)
    assert decision.right == judge.Choice(False)
    assert decision.rule == "MORT-01"
    assert _others(decision) == [("CF-33", "site-bare", True)]


def test_bare_site_decision_under_site_bare_names_whole_group_bare() -> None:
    """Ruled site-bare, the bare site may be mortgaged; whole-group-bare would forbid it."""
    decision = bare_site_decision(_game("uk-1996", **{"CF-33": "site-bare"}), True)
    assert decision.right == judge.Choice(True)
    assert _others(decision) == [("CF-33", "whole-group-bare", False)]


def test_bare_site_decision_where_the_text_settles_cf33_lists_no_other_reading() -> None:
    """us-2018 settles whole-group-bare: no other reading is listed, so the mortgage is M703."""
    decision = bare_site_decision(_game("us-2018"), True)
    assert decision.right == judge.Choice(False)
    assert decision.others == ()


def test_site_with_buildings_breaks_every_cf33_reading() -> None:
    """A site that holds buildings itself may be mortgaged under no reading: nothing listed."""
    for reading in ("whole-group-bare", "site-bare"):
        decision = bare_site_decision(_game("uk-1996", **{"CF-33": reading}), False)
        assert decision.right == judge.Choice(False)
        assert decision.others == ()


# --------------------------------------------------------------------------- unpaid lot (CF-60)


def test_unpaid_lot_decision_by_default_forbids_it_and_names_lot_mortgaged() -> None:
    """Under lot-not-mortgaged a deed whose auction price is still owed may not be mortgaged to
    pay it; reading lot-mortgaged, which allows it, is listed (no edition settles CF-60)."""
    decision = unpaid_lot_decision(_game("us-2018"))
    assert decision.right == judge.Choice(False)
    assert decision.rule == "BUY-06"
    assert _others(decision) == [("CF-60", "lot-mortgaged", True)]


def test_unpaid_lot_decision_under_lot_mortgaged_names_the_other_reading() -> None:
    decision = unpaid_lot_decision(_game("us-2018", **{"CF-60": "lot-mortgaged"}))
    assert decision.right == judge.Choice(True)
    assert _others(decision) == [("CF-60", "lot-not-mortgaged", False)]


# --------------------------------------------------------------------------- short 10% (CF-37)


def test_short_interest_decision_by_default_owes_it_now_and_names_defer_interest() -> None:
    """Under debt-to-bank the 10% a receiver cannot cover is owed now; only defer-interest,
    which has it wait until the mortgage is lifted, says otherwise (refuse-deeds, the deeds
    kept, has it due now too)."""
    decision = short_interest_decision(_game("us-2018"))
    assert decision.right == judge.Choice(True)
    assert decision.rule == "BKR-06"
    assert _others(decision) == [("CF-37", "defer-interest", False)]


def test_short_interest_decision_under_defer_interest_names_those_owing_it_now() -> None:
    decision = short_interest_decision(_game("us-2018", **{"CF-37": "defer-interest"}))
    assert decision.right == judge.Choice(False)
    assert _others(decision) == [
        ("CF-37", "debt-to-bank", True),
        ("CF-37", "refuse-deeds", True),
    ]


# ------------------------------------------------------------------------ on receipt (CF-36)

READING_RR, ELECTRIC = 5, 12  # mortgages $100 and $75 (10%: $10 and $8), prices $200 and $150


def _lift(game: Game, received: tuple[int, ...] = (READING_RR, ELECTRIC)) -> judge.Decision:
    squares = [game.edition.squares[i] for i in (READING_RR, ELECTRIC)]
    deeds = [sq for sq in squares if sq.index in received]
    return receipt_lift_decision(game, "Ben", squares, deeds)


def test_a_lift_on_receipt_costs_one_ten_and_names_one_twentys_sum() -> None:
    """The line lifts both deeds, one received in a bankruptcy: $110 + $83 under one-ten; the
    further 10% of one-twenty is on the deed received only ($10)."""
    decision = _lift(_game("us-2018"), (READING_RR,))
    assert decision.right == judge.Outcome(193, "Ben")
    assert decision.rule == "BKR-06"
    assert _others(decision) == [("CF-36", "one-twenty", 203)]


def test_a_lift_on_receipt_under_one_twenty_names_one_tens_sum() -> None:
    decision = _lift(_game("us-2018", **{"CF-36": "one-twenty"}))
    assert decision.right == judge.Outcome(211, "Ben")
    assert _others(decision) == [("CF-36", "one-ten", 193)]


def test_a_lift_on_receipt_where_cf35_is_open_names_each_reading_on_the_other_base() -> None:
    """Ruled printed-price, the 10% is $20 and $15: one-ten $120 + $90; on the mortgage value
    one-ten's $193 is CF-35's figure, one-twenty's $211 both points' (named by CF-36's
    reading)."""
    decision = _lift(_game("us-2018", **{"CF-35": "printed-price"}))
    assert decision.right == judge.Outcome(210, "Ben")
    assert _others(decision) == [
        ("CF-36", "one-twenty", 245),
        ("CF-35", "mortgage-value", 193),
        ("CF-36", "one-twenty", 211),
    ]
