"""What each reading of CF-18 requires of a purchase by a lander short of cash, pinned at the
decide step (engine/core/judge.py), and the one finding of a purchase no reading allows; and
whether a shortage auction goes on once the other askers pass (CF-61); whether the salary of the
move counts toward a purchase on the square reached (CF-11); what becomes of a deed nobody bid
for (CF-16)."""

from __future__ import annotations

import dataclasses

from monolog.editions.loader import load_edition
from monolog.engine import replay
from monolog.engine.buying.landing_cash import salary_decision
from monolog.engine.buying.purchase_judgement import purchase_decision
from monolog.engine.buying.shortage import uncontested_decision
from monolog.engine.buying.unbid import BOUGHT, SOLD, UNSOLD, unbid_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.notation.parser import parse_text

BOARDWALK, BALTIC = 39, 3


def _game(**rulings: str) -> Game:
    edition = load_edition("us-2018")
    readings = dict(edition.readings) | rulings
    game = Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)
    game.state.deeds[BOARDWALK].owner = "Ann"  # $200 to raise by a mortgage
    return game


def test_a_purchase_short_of_cash_is_allowed_under_raise_then_buy_only() -> None:
    assert purchase_decision(_game(), "Ann", 60, 50) == judge.Decision(
        judge.Choice(True),
        "BUY-02",
        (judge.Alternative("CF-18", "cash-in-hand", judge.Choice(False)),),
    )
    cash = _game(**{"CF-18": "cash-in-hand"})
    assert purchase_decision(cash, "Ann", 60, 50) == judge.Decision(
        judge.Choice(False),
        "BUY-02",
        (judge.Alternative("CF-18", "raise-then-buy", judge.Choice(True)),),
    )


def test_a_purchase_beyond_what_could_be_raised_is_allowed_by_no_reading() -> None:
    assert purchase_decision(_game(), "Ann", 300, 50) == judge.Decision(
        judge.Choice(False), "BUY-02"
    )
    assert purchase_decision(_game(), "Ben", 60, 50) == judge.Decision(
        judge.Choice(False), "BUY-02"
    )


def test_a_purchase_no_reading_allows_is_m212_and_replayed() -> None:
    """Before, the A18 said the record agreed with raise-then-buy, which refuses it too."""
    text = '[Players "Ann, Ben"]\nsetup Ann cash 50\n1. Ann 1-2 Baltic Avenue buy\n'
    r = replay(parse_text(text, "t.mlog"), "us-2018")
    assert [(f.code, f.span.line, f.rule, f.expected, f.recorded) for f in r.findings] == [
        ("M212", 3, "BUY-02", "auction", "buy")
    ]
    assert r.state.deeds[BALTIC].owner == "Ann"


def test_a_replay_measuring_cash_in_hand_judges_the_purchase_by_it() -> None:
    """`monolog dispute` under cash-in-hand: the purchase breaks that reading (M212, not the
    A18 of a record following raise-then-buy), and the deed goes to auction."""
    text = (
        '[Players "Ann, Ben"]\nsetup Ann cash 50 owns Boardwalk\n'
        "1. Ann 1-2 Baltic Avenue buy\nAnn mortgage Boardwalk\n"
    )
    r = replay(parse_text(text, "t.mlog"), "us-2018", {"CF-18": "cash-in-hand"}, recount=False)
    assert ("M212", 3) in [(f.code, f.span.line) for f in r.findings]
    assert "A18" not in {f.code for f in r.findings}
    assert r.state.deeds[BALTIC].owner is None


def test_a_shortage_auction_goes_on_after_the_others_pass_under_auction_goes_on_only() -> None:
    assert uncontested_decision(_game()) == judge.Decision(
        judge.Choice(False),
        "BLD-12",
        (judge.Alternative("CF-61", "auction-goes-on", judge.Choice(True)),),
    )
    goes_on = _game(**{"CF-61": "auction-goes-on"})
    assert uncontested_decision(goes_on) == judge.Decision(
        judge.Choice(True),
        "BLD-12",
        (judge.Alternative("CF-61", "printed-price-when-uncontested", judge.Choice(False)),),
    )


def test_the_salary_counts_toward_a_purchase_under_before_square_only() -> None:
    assert salary_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "MOVE-06",
        (judge.Alternative("CF-11", "after-square", judge.Choice(False)),),
    )
    assert salary_decision(_game(**{"CF-11": "after-square"})) == judge.Decision(
        judge.Choice(False),
        "MOVE-06",
        (judge.Alternative("CF-11", "before-square", judge.Choice(True)),),
    )


def test_a_deed_nobody_bid_for_under_each_reading_of_cf16() -> None:
    """Unsold (stays-with-bank), sold in a further round (sold-anyway), bought by the decliner
    (decliner-buys); with no decliner (a bankrupt's deed) decliner-buys leaves it unsold, as
    stays-with-bank does, so it is no other reading there."""

    def others(decision: judge.Decision) -> list[tuple[str, object]]:
        return [(alt.reading, judge.figure(alt.outcome)) for alt in decision.others]

    stays = unbid_decision(_game(), "Ann")
    assert (stays.right, stays.rule) == (judge.Choice(UNSOLD), "BUY-08")
    assert others(stays) == [("sold-anyway", SOLD), ("decliner-buys", BOUGHT)]
    assert others(unbid_decision(_game(), None)) == [("sold-anyway", SOLD)]
    sold = unbid_decision(_game(**{"CF-16": "sold-anyway"}), "Ann")
    assert sold.right == judge.Choice(SOLD)
    assert others(sold) == [("stays-with-bank", UNSOLD), ("decliner-buys", BOUGHT)]
    bought = unbid_decision(_game(**{"CF-16": "decliner-buys"}), "Ann")
    assert bought.right == judge.Choice(BOUGHT)
    assert others(bought) == [("stays-with-bank", UNSOLD), ("sold-anyway", SOLD)]
    nobody = unbid_decision(_game(**{"CF-16": "decliner-buys"}), None)
    assert nobody.right == judge.Choice(UNSOLD)
    assert others(nobody) == [("sold-anyway", SOLD)]


def test_the_a16_names_the_editions_lowest_bid_as_what_the_decliner_would_pay() -> None:
    """An edition whose lowest bid is $10: decliner-buys would make the decliner pay $10, as the
    replay charges under that reading, not $1."""
    us = load_edition("us-2018")
    edition = dataclasses.replace(us, rules=dataclasses.replace(us.rules, auction_min_bid=10))
    text = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue decline auction nobids\n'
    stays = replay(parse_text(text, "t.mlog"), edition).findings
    assert [f.code for f in stays] == ["A16"]
    assert "would make Ann buy it at $10" in stays[0].message
    bought = replay(parse_text(text, "t.mlog"), edition, {"CF-16": "decliner-buys"})
    assert "must buy it at $10" in bought.findings[0].message
    assert bought.state.player("Ann").cash == 1490
