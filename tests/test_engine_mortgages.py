"""Mortgages: the value lent, lifting at value plus 10 %, the 10 % on deeds received, rounding."""

from __future__ import annotations

from estate_helpers import (
    SPAN,
    codes,
    deed,
    give,
    index,
    interest,
    mortgage,
    new_game,
    sound,
    unmortgage,
)

from monolog.engine.money.mortgages import (
    add_choice,
    flag_unsettled,
    on_interest,
    on_mortgage,
    on_unmortgage,
    pending_mortgage_choices,
)


def test_mortgage_pays_the_mortgage_value() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", "Reading Railroad")
    on_mortgage(g, mortgage("Boardwalk", "Reading Railroad"), "Ann")
    assert codes(g) == []
    assert g.state.player("Ann").cash == 1500 + 200 + 100
    assert deed(g, "Boardwalk").mortgaged
    assert sound(g)


def test_mortgage_amount_checked() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk")
    on_mortgage(g, mortgage("Boardwalk", amount=400), "Ann")
    assert codes(g) == ["M704"]
    assert g.findings[0].expected == 200


def test_mortgage_needs_a_bare_group() -> None:
    g = new_game()
    give(g, "Ann", "Park Place", "Boardwalk", houses=1)
    on_mortgage(g, mortgage("Park Place"), "Ann")
    assert codes(g) == ["M703"]
    assert deed(g, "Park Place").mortgaged  # reported, then followed
    assert g.state.player("Ann").cash == 1675
    assert "Boardwalk (1 house)" in g.findings[0].message


def test_mortgage_only_own_and_not_twice() -> None:
    g = new_game()
    give(g, "Ben", "Boardwalk")
    on_mortgage(g, mortgage("Boardwalk"), "Ann")
    give(g, "Ann", "Park Place", mortgaged=True)
    on_mortgage(g, mortgage("Park Place"), "Ann")
    assert codes(g) == ["M701", "M702"]


def test_unmortgage_costs_value_plus_ten_percent() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    on_unmortgage(g, unmortgage("Boardwalk"), "Ann")
    assert codes(g) == []
    assert g.state.player("Ann").cash == 1500 - 220
    assert not deed(g, "Boardwalk").mortgaged


def test_ten_percent_rounds_half_up() -> None:
    # Electric Company: mortgage $75, 10% = $7.50 -> $8, lift $83
    g = new_game()
    give(g, "Ann", "Electric Company", mortgaged=True)
    on_unmortgage(g, unmortgage("Electric Company", amount=82), "Ann")
    assert codes(g) == ["A34"]
    assert "$83" in g.findings[0].message
    assert g.state.player("Ann").cash == 1500 - 82  # the record's amount is what moved
    g2 = new_game()
    give(g2, "Ann", "Electric Company", mortgaged=True)
    on_unmortgage(g2, unmortgage("Electric Company", amount=90), "Ann")
    assert codes(g2) == ["M706"]
    g3 = new_game(rulings={"CF-34": "down"})
    give(g3, "Ann", "Electric Company", mortgaged=True)
    on_unmortgage(g3, unmortgage("Electric Company"), "Ann")
    assert g3.state.player("Ann").cash == 1500 - 82


def test_unmortgage_what_is_not_mortgaged() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk")
    on_unmortgage(g, unmortgage("Boardwalk"), "Ann")
    assert codes(g) == ["M705"]


def test_unmortgage_without_the_cash_is_reported_then_followed() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    g.state.player("Ann").cash = 100
    on_unmortgage(g, unmortgage("Boardwalk"), "Ann")
    assert codes(g) == ["M710"]
    # reported, then followed: the mortgage was lifted at the table, the cash goes below zero
    assert not deed(g, "Boardwalk").mortgaged
    assert g.state.player("Ann").cash == 100 - 220


def test_interest_on_a_deed_received() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    add_choice(g, "Ann", index("Boardwalk"), "deal", SPAN)
    on_interest(g, interest("Boardwalk"), "Ann")
    assert codes(g) == []
    assert g.state.player("Ann").cash == 1500 - 20
    assert deed(g, "Boardwalk").mortgaged
    assert pending_mortgage_choices(g) == []
    # lifting later costs the value plus 10% again (MORT-07)
    on_unmortgage(g, unmortgage("Boardwalk"), "Ann")
    assert g.state.player("Ann").cash == 1500 - 20 - 220


def test_interest_not_due() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    on_interest(g, interest("Boardwalk"), "Ann")
    assert codes(g) == ["M707"]
    assert g.state.player("Ann").cash == 1480  # reported, then the 10% paid is followed


def test_forgotten_ten_percent() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    add_choice(g, "Ann", index("Boardwalk"), "deal", SPAN)
    flag_unsettled(g, SPAN)
    assert codes(g) == ["M709"]
    assert "$20" in g.findings[0].message and "$220" in g.findings[0].message
    assert pending_mortgage_choices(g) == []


def test_lifting_an_inherited_mortgage_at_once() -> None:
    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    add_choice(g, "Ann", index("Boardwalk"), "bankruptcy", SPAN)
    on_unmortgage(g, unmortgage("Boardwalk"), "Ann")
    assert codes(g) == ["A36"]
    assert g.state.player("Ann").cash == 1500 - 220
    g2 = new_game(rulings={"CF-36": "one-twenty"})
    give(g2, "Ann", "Boardwalk", mortgaged=True)
    add_choice(g2, "Ann", index("Boardwalk"), "bankruptcy", SPAN)
    on_unmortgage(g2, unmortgage("Boardwalk"), "Ann")
    assert g2.state.player("Ann").cash == 1500 - 240


def test_interest_that_cannot_be_paid_is_a_debt() -> None:
    from monolog.engine.money.debts import open_debts

    g = new_game()
    give(g, "Ann", "Boardwalk", mortgaged=True)
    add_choice(g, "Ann", index("Boardwalk"), "bankruptcy", SPAN)
    g.state.player("Ann").cash = 5
    on_interest(g, interest("Boardwalk"), "Ann")
    assert codes(g) == ["A37"]
    assert g.state.player("Ann").cash == -15
    assert [d.creditor for d in open_debts(g, "Ann")] == [None]


def test_interest_paid_short_under_defer_interest_follows_debt_to_bank() -> None:
    """Under CF-37 defer-interest the 10% waits until the mortgage is lifted: a record that pays
    it now without the cash follows reading debt-to-bank (A37 naming it, not silence); the
    payment and its debt are replayed as recorded."""
    from monolog.engine.money.debts import open_debts

    g = new_game(rulings={"CF-37": "defer-interest"})
    give(g, "Ann", "Boardwalk", mortgaged=True)
    add_choice(g, "Ann", index("Boardwalk"), "bankruptcy", SPAN)
    g.state.player("Ann").cash = 5
    on_interest(g, interest("Boardwalk"), "Ann")
    assert codes(g) == ["A37"]
    assert "reading debt-to-bank" in g.findings[0].message
    assert g.state.player("Ann").cash == -15
    assert [d.creditor for d in open_debts(g, "Ann")] == [None]
