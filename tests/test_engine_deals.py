"""Deals: what may change hands, the 10 % choice on mortgaged deeds, cash gifts."""

from __future__ import annotations

from estate_helpers import SPAN, codes, deal, deed, give, index, new_game, side, sound

import monolog
from monolog.engine.deals.deals import on_deal, on_pay, pending_mortgage_choices
from monolog.notation.events import Pay, Ref


def test_swap_with_cash_and_a_card() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk")
    give(g, "Ben", "Illinois Avenue")
    g.state.player("Ann").cards.append("CC05")
    on_deal(g, deal(side("Ann", "Boardwalk", 100, "goojf CC05"), side("Ben", "Illinois Avenue")))
    assert codes(g) == []
    assert deed(g, "Boardwalk").owner == "Ben"
    assert deed(g, "Illinois Avenue").owner == "Ann"
    assert g.state.player("Ben").cards == ["CC05"]
    assert g.state.player("Ann").cash == 1400 and g.state.player("Ben").cash == 1600
    assert sound(g)


def test_mortgaged_deed_opens_the_choice() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    on_deal(g, deal(side("Ann", "Boardwalk"), side("Ben", 150)))
    assert codes(g) == []
    choices = pending_mortgage_choices(g)
    assert [(c.player, c.square, c.origin) for c in choices] == [
        ("Ben", index("Boardwalk"), "deal")
    ]


def test_no_trading_from_a_built_group() -> None:
    g = new_game()
    give(g, "Ann", "Park Place", "Boardwalk", houses=1)
    on_deal(g, deal(side("Ann", "Park Place"), side("Ben", 500)))
    assert codes(g) == ["M712"]
    # reported, then followed: the deed and the cash changed hands at the table
    assert deed(g, "Park Place").owner == "Ben"
    assert g.state.player("Ben").cash == 1000


def test_only_what_the_giver_holds() -> None:
    g = new_game()
    give(g, "Ben", "Boardwalk")
    on_deal(g, deal(side("Ann", "Boardwalk"), side("Ben", 100)))
    on_deal(g, deal(side("Ann", "goojf"), side("Ben", 100)))
    on_deal(g, deal(side("Ann", 2000), side("Ben", "Boardwalk")))
    on_deal(g, deal(side("Ann", "Income Tax"), side("Ben", 100)))
    assert codes(g) == ["M711", "M711", "M711", "M711"]
    # each item the giver does not hold is skipped alone; the rest of each deal is followed,
    # the $2,000 Ann does not have included (her cash goes below zero)
    assert deed(g, "Boardwalk").owner == "Ann"
    assert g.state.player("Ann").cash == 1500 + 100 + 100 - 2000 + 100
    assert g.state.player("Ben").cash == 1500 - 100 - 100 + 2000 - 100


def test_cash_for_nothing_is_a_gift() -> None:
    g = new_game()
    on_deal(g, deal(side("Ann", 100), side("Ben")))
    assert codes(g) == ["M714"]
    assert g.state.player("Ben").cash == 1600  # reported, then followed


def test_plain_payment_with_nothing_owed() -> None:
    g = new_game()
    on_pay(g, Pay(SPAN, None, 50, Ref("Ben")), "Ann")
    on_pay(g, Pay(SPAN, None, 50, None), "Ann")
    assert codes(g) == ["M714", "M714"]
    assert "$50" in g.findings[0].message
    assert g.state.player("Ann").cash == 1400  # reported, then followed
    assert g.state.player("Ben").cash == 1550


def test_deal_with_oneself_or_a_player_out() -> None:
    g = new_game("Ann", "Ben", "Cal")
    give(g, "Ann", "Boardwalk")
    on_deal(g, deal(side("Ann", "Boardwalk"), side("Ann", 100)))
    g.state.player("Cal").bankrupt = True
    on_deal(g, deal(side("Ann", "Boardwalk"), side("Cal", 100)))
    assert codes(g) == ["M713", "M713"]


def test_a_mortgaged_deed_dealt_as_the_record_ends_owes_its_choice() -> None:
    """The record's last line deals a mortgaged deed and the receiver writes neither the 10%
    nor the lift: M709 at the deal (before, the record was clean: the choice was checked only
    at the next turn or at the game's end)."""
    text = (
        '[Players "Ann, Ben"]\nsetup Ann owns Oriental Avenue mortgaged\nsetup next Ann\n'
        "1. Ann 4-6 #10\ndeal Ann: Oriental Avenue | Ben: 20\n"
    )
    game = monolog.parse_games(text)[0].replay(edition="us-2018")
    assert [(f.code, f.span.line, f.expected) for f in game.findings] == [("M709", 5, 5)]
    assert game.findings[0].message.endswith("neither was done before the record ends")
