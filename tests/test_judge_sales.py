"""Deeds handed back to the bank, decided (engine/deals/deed_sales.decide_sale) and judged once:
the price each reading lets the bank pay, and a sale of a bare and a mortgaged deed together
named under both points it rests on, never an M code where the readings give it."""

from __future__ import annotations

from estate_helpers import deed, give, new_game

import monolog
from monolog.engine.core import judge
from monolog.engine.deals.deed_sales import NO_SALE, decide_sale, point_decision

_NO = judge.Choice(NO_SALE)


def test_decide_sale_bare_deeds() -> None:
    g = new_game()
    give(g, "Ann", "Baltic Avenue", "Oriental Avenue")
    deeds = [deed(g, "Baltic Avenue"), deed(g, "Oriental Avenue")]
    price = judge.Outcome(30 + 50)
    assert decide_sale(g, deeds) == judge.Decision(
        _NO, "DEAL-01", (judge.Alternative("CF-63", "at-mortgage-value", price, "DEAL-01"),)
    )
    ruled = new_game(rulings={"CF-63": "at-mortgage-value"})
    give(ruled, "Ann", "Baltic Avenue")
    assert decide_sale(ruled, [deed(ruled, "Baltic Avenue")]) == judge.Decision(
        judge.Outcome(30), "DEAL-01"
    )


def test_point_decision_prices_each_points_part_of_the_sale() -> None:
    """Each point a sale rests on, for its own deeds: the bare deeds' mortgage value under
    at-mortgage-value (CF-63), nothing for the mortgaged ones under foreclosed (CF-83); no sale
    under the reading that forbids it, the taking reading then the alternative."""
    g = new_game(rulings={"CF-63": "at-mortgage-value"})
    give(g, "Ann", "Baltic Avenue", "Oriental Avenue")
    give(g, "Ann", "Vermont Avenue", mortgaged=True)
    bare = [deed(g, "Baltic Avenue"), deed(g, "Oriental Avenue")]
    assert point_decision(g, "CF-63", bare) == judge.Decision(judge.Outcome(80), "DEAL-01")
    mortgaged = [deed(g, "Vermont Avenue")]
    assert point_decision(g, "CF-83", mortgaged) == judge.Decision(
        _NO, "SELL-06", (judge.Alternative("CF-83", "foreclosed", judge.Outcome(0)),)
    )
    forbidden = new_game()
    give(forbidden, "Ann", "Baltic Avenue")
    assert point_decision(forbidden, "CF-63", [deed(forbidden, "Baltic Avenue")]) == (
        judge.Decision(
            _NO, "DEAL-01", (judge.Alternative("CF-63", "at-mortgage-value", judge.Outcome(30)),)
        )
    )


def test_decide_sale_a_built_group_under_no_reading() -> None:
    g = new_game(rulings={"CF-63": "at-mortgage-value"})
    give(g, "Ann", "Baltic Avenue")
    give(g, "Ann", "Mediterranean Avenue", houses=1)
    assert decide_sale(g, [deed(g, "Baltic Avenue")]) == judge.Decision(_NO, "DEAL-01")


def test_decide_sale_bare_and_mortgaged() -> None:
    """A bare deed and a mortgaged one: the bare one's mortgage value, under at-mortgage-value
    and foreclosed together; each point not in force is an alternative."""
    g = new_game()
    give(g, "Ann", "Baltic Avenue")
    give(g, "Ann", "Oriental Avenue", mortgaged=True)
    deeds = [deed(g, "Baltic Avenue"), deed(g, "Oriental Avenue")]
    price = judge.Outcome(30)
    assert decide_sale(g, deeds) == judge.Decision(
        _NO,
        "SELL-06",
        (
            judge.Alternative("CF-63", "at-mortgage-value", price, "DEAL-01"),
            judge.Alternative("CF-83", "foreclosed", price, "SELL-06"),
        ),
    )
    both = new_game(rulings={"CF-63": "at-mortgage-value", "CF-83": "foreclosed"})
    give(both, "Ann", "Baltic Avenue")
    give(both, "Ann", "Oriental Avenue", mortgaged=True)
    deeds = [deed(both, "Baltic Avenue"), deed(both, "Oriental Avenue")]
    assert decide_sale(both, deeds) == judge.Decision(price, "SELL-06")


def test_a_bare_and_a_mortgaged_deed_sold_as_the_readings_give_are_named_not_m717() -> None:
    """Under at-mortgage-value and foreclosed, Baltic Avenue for its $30 and Oriental Avenue,
    mortgaged, for nothing: A63 and A83 agreeing (before: M717)."""
    text = (
        '[Players "Ann, Ben"]\nsetup Ann owns Baltic Avenue, Oriental Avenue mortgaged\n'
        "setup next Ann\nAnn sell deed Baltic Avenue, Oriental Avenue for 30\n"
    )
    rulings = {"CF-63": "at-mortgage-value", "CF-83": "foreclosed"}
    game = monolog.parse_games(text)[0].replay(edition="us-2018", rulings=rulings)
    assert [(f.code, f.severity.value) for f in game.findings] == [
        ("A63", "info"),
        ("A83", "info"),
    ]
