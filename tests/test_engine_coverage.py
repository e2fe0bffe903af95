"""The engine's newer points: the percentage income tax (TAX-02, TAX-03, CF-42, CF-43), the
readings of the third jail turn (CF-02), a fine the player cannot pay (CF-08), runs of doubles
after a jail double (CF-10), bids below one (CF-15), acting inside another's landing (CF-25),
the salary's timing (CF-11), the UK pay-or-take-a-card and go-back cards, and `end` after the
end (WIN-01). Each test replays a short record and pins the figures."""

from __future__ import annotations

from monolog.editions import load_edition
from monolog.engine import replay
from monolog.engine.core.replay import Replay
from monolog.engine.core.state import GameState
from monolog.engine.money.worth import tax_worth
from monolog.notation.parser import parse_text


def run(body: str, players: str = "Ann, Ben", **kw: object) -> Replay:
    text = f'[Players "{players}"]\n' + body
    return replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True, **kw)  # type: ignore[arg-type]


def codes(r: Replay) -> list[str]:
    return [f.code for f in r.findings]


def cash(r: Replay, name: str) -> int:
    return r.state.player(name).cash


# --------------------------------------------------------------------------- worth (TAX-03)
def test_tax_worth_counts_deeds_at_price_mortgaged_or_not_and_buildings_at_cost() -> None:
    ed = load_edition("us-classic")
    st = GameState.new(ed, ["Ann", "Ben"])
    st.deeds[5].owner = "Ann"  # Reading Railroad, 200
    st.deeds[5].mortgaged = True
    st.deeds[39].owner = "Ann"  # Boardwalk, 400, houses 200
    st.deeds[39].houses = 2
    st.deeds[37].owner = "Ann"  # Park Place, 350, hotel 200 + four houses at 200
    st.deeds[37].hotel = True
    assert tax_worth(st, ed, "Ann") == 1500 + 200 + 400 + 400 + 350 + 200 + 800
    assert tax_worth(st, ed, "Ben") == 1500


# --------------------------------------------------------------------------- percentage tax
def test_percentage_tax_is_ten_per_cent_of_worth_on_landing() -> None:
    r = run(
        "setup Ann owns Reading Railroad\n1. Ann 1-3 Income Tax tax 10%\n",
        edition="us-classic",
    )
    assert codes(r) == [] and cash(r, "Ann") == 1500 - 170


def test_percentage_tax_rounds_half_up() -> None:
    # worth 1500 - 5 + 60 = 1555: 10 % is 155.5, paid as 156 (CF-34 half-up)
    r = run(
        "setup Ann cash 1495 owns Mediterranean Avenue\n1. Ann 1-3 Income Tax tax 10%\n",
        edition="us-classic",
    )
    assert cash(r, "Ann") == 1495 - 156


def test_percentage_tax_uses_worth_before_a_sale_and_says_what_payment_time_gives() -> None:
    r = run(
        "setup Ann owns Park Place x1, Boardwalk x1\n1. Ann 1-3 Income Tax\n"
        "Ann sell Boardwalk, Park Place\nAnn tax 10%\n",
        edition="us-classic",
    )
    assert cash(r, "Ann") == 1500 - 265 + 200
    a42 = next(f for f in r.findings if f.code == "A42")
    assert "$2,650" in a42.message and "$2,450" in a42.message


def test_percentage_tax_wrong_amount_is_replayed_as_written() -> None:
    r = run("1. Ann 1-3 Income Tax tax 10% 100\n", edition="us-classic")
    assert codes(r) == ["M407"] and cash(r, "Ann") == 1400


def test_percentage_tax_is_refused_where_the_edition_offers_none() -> None:
    r = run("1. Ann 1-3 Income Tax tax 10% 150\n")
    assert codes(r) == ["M409"] and cash(r, "Ann") == 1350


def test_flat_tax_under_classic_rules_needs_no_choice() -> None:
    r = run("1. Ann 1-3 Income Tax\n", edition="us-classic")
    assert codes(r) == [] and cash(r, "Ann") == 1300


# --------------------------------------------------------------------------- CF-02 readings
def test_fourth_turn_pay_keeps_the_player_in_jail_and_charges_on_the_fourth_turn() -> None:
    body = "setup Ann jail 3\n1. Ann 1-2\n2. Ben 1-2 Baltic Avenue buy\n3. Ann 1-2 States Avenue\n"
    r = run(body, rulings={"CF-02": "fourth-turn-pay"})
    assert cash(r, "Ann") == 1450
    assert r.state.snapshot(r.edition)["players"]["Ann"]["position"] == "States Avenue"
    assert codes(r) == ["A02"]


def test_third_roll_pay_and_move_charges_on_the_third_try() -> None:
    r = run("setup Ann jail 3\n1. Ann 1-2 States Avenue\n")
    assert cash(r, "Ann") == 1450 and not r.state.player("Ann").in_jail


def test_pay_then_move_next_turn_leaves_the_token_on_the_jail_square() -> None:
    r = run("setup Ann jail 3\n1. Ann 1-2\n", rulings={"CF-02": "pay-then-move-next-turn"})
    ann = r.state.player("Ann")
    assert cash(r, "Ann") == 1450 and not ann.in_jail and ann.position == 10


# --------------------------------------------------------------------------- CF-08, CF-10
def test_a_fine_the_player_cannot_pay_is_a_debt_to_the_bank() -> None:
    r = run("setup Ann jail 3 cash 30\n1. Ann 6-4 Free Parking\n2. Ben 1-2 Baltic Avenue\n")
    assert codes(r) == ["A02", "A08", "M801"] and cash(r, "Ann") == -20


def test_a_jail_double_starts_no_run() -> None:
    body = (
        "setup Ann jail\n1. Ann 1-1 Electric Company buy\nAnn 2-2 St. James Place buy\n"
        "Ann 1-1 Tennessee Avenue buy\nAnn 1-2 Kentucky Avenue buy\n"
    )
    r = run(body, rulings={"CF-04": "extra-roll"})
    assert "A10" in codes(r) and not r.state.player("Ann").in_jail


# --------------------------------------------------------------------------- CF-15
def test_a_bid_of_nothing_is_a_violation_under_the_2018_rules_only() -> None:
    body = "1. Ann 1-2 Baltic Avenue decline auction bids Ben 0, Ann 5 sold Ann 5\n"
    assert codes(run(body)) == ["M205"]
    assert codes(run(body, edition="us-classic")) == ["A15"]
    assert codes(run(body, rulings={"CF-15": "any-price"})) == ["A15"]


# --------------------------------------------------------------------------- CF-25
def test_acting_inside_a_landing_is_flagged_but_a_debtor_raising_money_is_not() -> None:
    inside = run(
        "setup Ben owns Baltic Avenue\n1. Ann 2-4 Oriental Avenue\nBen mortgage Baltic Avenue\n"
        "Ann buy\n"
    )
    assert codes(inside) == ["A25"] and cash(inside, "Ben") == 1530
    debtor = run(
        "setup Ann owns Baltic Avenue\nsetup Ben cash 2 owns Oriental Avenue\nsetup next Ben\n"
        "1. Ben 1-2 Baltic Avenue\nBen mortgage Oriental Avenue\n"
    )
    assert "A25" not in codes(debtor)


# --------------------------------------------------------------------------- CF-11
def test_salary_after_the_square_paid_with_it_is_one_departure() -> None:
    body = "setup Ann cash 50 at Short Line\n1. Ann 1-5 Mediterranean Avenue buy\n"
    assert codes(run(body)) == ["A11"]
    # the record pays with the salary counted: before-square's play, named once (no A18 for a
    # purchase short of cash), and replayed so
    after = run(body, rulings={"CF-11": "after-square"})
    assert codes(after) == ["A11"] and cash(after, "Ann") == 190
    # money raised first: the salary is not counted, and the purchase is not short
    raised = (
        "setup Ann cash 50 at Short Line owns Baltic Avenue\n1. Ann 1-5 Mediterranean Avenue\n"
        "Ann mortgage Baltic Avenue\nAnn buy\n"
    )
    assert codes(run(raised, rulings={"CF-11": "after-square"})) == ["A11"]


# --------------------------------------------------------------------------- UK cards
UK = '[Edition "uk-1996"]\n'


def test_pay_or_take_a_card_cancels_the_fine_when_a_chance_is_taken() -> None:
    r = run(UK + "setup Ann at Northumberland Avenue\n1. Ann 1-2 #17 card CC16 card CH15\n")
    assert codes(r) == [] and cash(r, "Ann") == 1550


def test_pay_or_take_a_card_refuses_the_wrong_deck() -> None:
    r = run(UK + "setup Ann at Northumberland Avenue\n1. Ann 1-2 #17 card CC16 card CC07\n")
    assert codes(r) == ["M402"]


def test_go_back_to_old_kent_road_moves_to_the_target_without_salary() -> None:
    r = run(UK + "setup Ann at Regent Street\n1. Ann 1-1 #33 card CC02\n")
    assert r.state.player("Ann").position == 1 and cash(r, "Ann") == 1500


# --------------------------------------------------------------------------- WIN-01
def test_end_after_a_resignation_is_accepted_and_play_after_it_is_not() -> None:
    assert codes(run("1. Ann 1-2 Baltic Avenue buy\nBen resign\nend\n")) == []
    after = run("1. Ann 1-2 Baltic Avenue buy\ntime\nend\n2. Ben 1-2\n")
    # TIME-01: time called in a standard game ends nothing (M805), so `end` comes too soon (M804)
    assert codes(after) == ["M805", "M804", "M903", "M903"]
