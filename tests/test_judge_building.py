"""The building decisions judged by their decide step (engine/core/judge.py): what each reading
requires of a build, a sale or a shortage auction, and the one finding the record's play gets."""

from __future__ import annotations

import pytest
from testkit.disputes import compared

from monolog.editions.loader import load_edition
from monolog.engine import replay
from monolog.engine.building.build_checks import hotel_decision
from monolog.engine.building.estate import exchange_decision
from monolog.engine.building.mortgaged_group import mortgage_decision
from monolog.engine.buying.shortage import opening_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.notation.parser import parse_text


def _game(edition: str = "us-2018", **rulings: str) -> Game:
    ed = load_edition(edition)
    return Game(ed, GameState.new(ed, ["Ann", "Ben"]), {**ed.readings, **rulings})


def _others(decision: judge.Decision) -> list[tuple[str, str, object]]:
    return [(a.cf, a.reading, judge.figure(a.outcome)) for a in decision.others]


# --------------------------------------------------------------------- mortgaged group (CF-50)


def test_mortgage_decision_beside_a_mortgaged_site_names_allowed_where_cf50_is_open() -> None:
    """The classic summary is silent on CF-50: under forbidden the build beside a mortgaged
    site may not stand, and reading allowed, which lets it, is listed (an A50, not M603)."""
    decision = mortgage_decision(_game("us-classic"), False)
    assert (decision.right, decision.rule) == (judge.Choice(False), "BLD-08")
    assert _others(decision) == [("CF-50", "allowed", True)]
    allowed = mortgage_decision(_game("us-classic", **{"CF-50": "allowed"}), False)
    assert allowed.right == judge.Choice(True)
    assert _others(allowed) == [("CF-50", "forbidden", False)]


@pytest.mark.parametrize("edition", ["us-2018", "uk-1996", "uk-esl"])
def test_mortgage_decision_lists_no_reading_where_the_text_forbids_it(edition: str) -> None:
    decision = mortgage_decision(_game(edition), False)
    assert decision == judge.Decision(judge.Choice(False), "BLD-08")


def test_mortgage_decision_on_the_mortgaged_site_itself_stands_under_no_reading() -> None:
    ruled = _game("us-classic", **{"CF-50": "allowed"})
    for game in (_game("us-classic"), ruled):
        assert mortgage_decision(game, True) == judge.Decision(judge.Choice(False), "BLD-08")


@pytest.mark.parametrize("ruling", ["", '[Ruling "CF-50=allowed"]\n'])
def test_a_build_beside_a_mortgage_that_stands_is_one_a50_on_a_sound_board(ruling: str) -> None:
    """us-classic: the house beside the mortgaged site stands (followed under the default,
    agreeing under allowed): one A50 and no M603, and the board's checks (`paranoid`) take it
    as reading allowed's play, not as a building the rules forbid (no P902)."""
    record = (
        f'[Players "Ann, Ben"]\n{ruling}setup Ann owns Oriental Avenue, Vermont Avenue '
        "mortgaged, Connecticut Avenue\nsetup next Ann\nAnn build Oriental Avenue\n"
    )
    events = parse_text(record, "t.mlog")
    result = replay(events, file="t.mlog", paranoid=True, edition="us-classic")
    assert [f.code for f in result.findings] == ["A50"]
    assert result.state.deeds[6].houses == 1


# --------------------------------------------------------------------------- hotel (CF-26)


@pytest.mark.parametrize("edition", ["us-2018", "uk-esl"])
def test_hotel_decision_beside_fewer_than_four_names_site_four_houses_where_it_is_open(
    edition: str,
) -> None:
    """us-2018 and uk-esl leave CF-26 open: under group-four-houses a hotel beside a site of
    three houses may not go up, and reading site-four-houses, which lets it, is listed (CF-27's
    one reading forbids nothing that reading allows)."""
    decision = hotel_decision(_game(edition), True)
    assert decision.right == judge.Choice(False)
    assert decision.rule == "BLD-05"
    assert _others(decision) == [("CF-26", "site-four-houses", True)]


def test_hotel_decision_names_site_four_houses_where_the_text_settles_it() -> None:
    """us-classic settles group-four-houses: the other reading is listed, and its departure is
    M990 when filed (Game.ambiguous)."""
    decision = hotel_decision(_game("us-classic"), True)
    assert decision.right == judge.Choice(False)
    assert _others(decision) == [("CF-26", "site-four-houses", True)]


def test_hotel_decision_under_the_uneven_building_house_rule_names_site_four_houses() -> None:
    """With even building lifted (uneven-building), the hotel follows reading site-four-houses."""
    game = _game("us-2018")
    game.house_rules.active["uneven-building"] = None
    assert _others(hotel_decision(game, True)) == [("CF-26", "site-four-houses", True)]


def test_hotel_decision_under_site_four_houses_names_the_group_reading() -> None:
    """Ruled site-four-houses, the hotel may go up; group-four-houses would make it wait. A
    group whose other sites all hold four houses lets it go up under every reading."""
    decision = hotel_decision(_game("us-2018", **{"CF-26": "site-four-houses"}), True)
    assert decision.right == judge.Choice(True)
    assert _others(decision) == [("CF-26", "group-four-houses", False)]
    level = hotel_decision(_game("us-classic"), False)
    assert level.right == judge.Choice(True) and level.others == ()


# --------------------------------------------------------------------------- hotel sale (CF-29)


def test_exchange_decision_names_the_readings_that_would_not_let_it_stand() -> None:
    """us-2018's text describes only the exchange for four houses: a hotel sold outright with
    too few houses in the bank stands under sell-outright, and partial-swap and blocked would
    not let it stand as written (CF-29)."""
    decision = exchange_decision(_game("us-2018"))
    assert decision.right == judge.Choice(True)
    assert decision.rule == "SELL-04"
    assert _others(decision) == [
        ("CF-29", "partial-swap", False),
        ("CF-29", "blocked", False),
    ]


@pytest.mark.parametrize("edition", ["us-classic", "uk-1996"])
def test_exchange_decision_lists_none_where_the_text_offers_the_outright_sale(
    edition: str,
) -> None:
    """Where the edition's text lets a hotel be sold whole, sell-outright is not disputed."""
    decision = exchange_decision(_game(edition))
    assert decision.right == judge.Choice(True) and decision.others == ()


@pytest.mark.parametrize("reading", ["blocked", "partial-swap"])
def test_exchange_decision_under_another_reading_names_sell_outright(reading: str) -> None:
    """Ruled blocked or partial-swap, the outright sale does not stand under the reading in
    force; the record's sale follows sell-outright (an A29 warning, never M613)."""
    decision = exchange_decision(_game("us-classic", **{"CF-29": reading}))
    assert decision.right == judge.Choice(False)
    assert _others(decision) == [("CF-29", "sell-outright", True)]


# --------------------------------------------------------------------------- shortage auction


def test_opening_decision_under_the_floor_names_open_from_one() -> None:
    """A $50 opening where the bidders' lowest printed house price is $200: under reading
    deed-price-floor it does not stand, and reading open-from-one lets it (CF-28)."""
    decision = opening_decision(_game("us-classic"), 50, 200)
    assert decision.right == judge.Choice(False)
    assert decision.rule == "BLD-13"
    assert _others(decision) == [("CF-28", "open-from-one", True)]


def test_opening_decision_from_one_names_the_floor() -> None:
    """Under reading open-from-one the $50 opening stands; deed-price-floor would refuse it."""
    decision = opening_decision(_game("us-2018"), 50, 200)
    assert decision.right == judge.Choice(True)
    assert _others(decision) == [("CF-28", "deed-price-floor", False)]


@pytest.mark.parametrize("edition", ["us-2018", "us-classic"])
def test_opening_decision_below_one_stands_under_no_reading(edition: str) -> None:
    """An opening of nothing stands under neither reading: no other reading is listed."""
    decision = opening_decision(_game(edition), 0, 200)
    assert decision.right == judge.Choice(False)
    assert decision.others == ()


def test_opening_decision_lists_no_reading_where_the_text_settles_the_floor() -> None:
    """The 1996 UK text sets the printed-price floor: the point is not open, so a low opening
    stands under no reading; a ruling for open-from-one opens it again."""
    settled = opening_decision(_game("uk-1996"), 50, 200)
    assert settled.right == judge.Choice(False)
    assert settled.others == ()
    ruled = opening_decision(_game("uk-1996", **{"CF-28": "open-from-one"}), 50, 200)
    assert ruled.right == judge.Choice(True)
    assert _others(ruled) == [("CF-28", "deed-price-floor", False)]


# us-2018 opens a shortage auction from $1 (CF-28 open-from-one): Ann opens the house at $20.
LOW_OPENING = """\
[Edition "us-2018"]
[Players "Ann, Ben"]
setup Ann owns Park Place, Boardwalk
setup bank houses 1
setup next Ann
Ann auction house bids Ann 20 sold Ann 20
Ann build Park Place
"""


def test_a_low_opening_is_illegal_in_a_dispute_under_the_floor() -> None:
    """`monolog dispute --ruling CF-28=deed-price-floor`: the replay under the floor judges the
    $20 opening by that reading alone, as it judges a written amount: illegal (M616, the $200
    floor), not a warning that the record follows open-from-one; the bid still stands."""
    c = compared(LOW_OPENING, "low.mlog", {"CF-28": "deed-price-floor"})
    assert [(f.code, f.line, f.expected, f.recorded) for f in c.illegal] == [("M616", 6, 200, 20)]
    assert all(o.worth_delta == 0 for o in c.outcomes)
