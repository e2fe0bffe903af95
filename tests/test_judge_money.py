"""The money amounts a record writes besides rent and tax, each judged once by its decide step
(engine/core/judge.py): what each reading makes the figure, and the one finding a figure gets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import monolog
from monolog.editions.loader import load_edition
from monolog.engine.building.building_prices import build_decision
from monolog.engine.buying.deed_prices import auction_decision, price_decision
from monolog.engine.buying.paid_prices import Sold, sale_decision
from monolog.engine.cards.card_amounts import card_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.core.turn_flow import CardMove, Due
from monolog.engine.jail.fines import fine_decision
from monolog.engine.money.mortgage_amounts import amount_decision
from monolog.engine.money.salary import salary_decision
from monolog.notation.events import Interest, Mortgage, Span, Unmortgage


def _game(edition: str = "us-2018", **rulings: str) -> Game:
    ed = load_edition(edition)
    return Game(ed, GameState.new(ed, ["Ann", "Ben"]), {**ed.readings, **rulings})


def _cash(text: str, player: str, **rulings: str) -> int:
    game = monolog.parse_games(text)[0].replay(edition="us-2018", rulings=rulings)
    positions = list(game.positions())
    return int(positions[-1].state["players"][player]["cash"])  # type: ignore[index]


# --------------------------------------------------------------------------- GO salary

CARD = Span(4, 19, 4, 28)


def test_salary_decision_names_dice_moves_only_for_a_card_past_go() -> None:
    """A card move past GO (not to it) paid the salary under forward-cards-pay: the salary is
    $200, and reading dice-moves-only makes it nothing (CF-12). A salary of the dice, or of a
    card that sends the token to GO, is the same under every reading."""
    game = _game()
    game.flow.card_move = CardMove("CH03", 24, CARD, 30, True, player="Ann", salary_note="…")
    due = Due("salary", "Ann", None, "Ann", 200, "Ann passed GO on CH03", "MOVE-03", CARD)
    decision = salary_decision(game, due)
    assert decision.right == judge.Outcome(200, None, "Ann")
    assert decision.rule == "MOVE-03"
    assert [(a.cf, a.reading, a.outcome) for a in decision.others] == [
        ("CF-12", "dice-moves-only", judge.Outcome(0, None, "Ann"))
    ]
    dice = Due("salary", "Ann", None, "Ann", 200, "Ann passed GO", "MOVE-02", Span(4, 4, 4, 7))
    assert salary_decision(game, dice).others == ()
    game.flow.card_move = CardMove("CH02", 0, CARD, 30, True, player="Ann")
    to_go = Due("salary", "Ann", None, "Ann", 200, "Ann reached GO on CH02", "MOVE-03", CARD)
    assert salary_decision(game, to_go).others == ()


_TO_CHANCE = {3: "1-2", 4: "1-3", 5: "1-4", 6: "1-5", 7: "1-6", 8: "2-6", 9: "3-6", 10: "4-6"}


@settings(max_examples=60, deadline=None)
@given(
    throw=st.sampled_from(sorted(_TO_CHANCE)),
    card=st.sampled_from(["CH03", "CH04", "CH14"]),
    written=st.sampled_from([0, 200]) | st.integers(1, 400),
    reading=st.sampled_from(["forward-cards-pay", "dice-moves-only"]),
    clause=st.sampled_from(["salary ", ""]),
)
def test_a_salary_after_a_card_past_go_is_judged_once_and_followed(
    throw: int, card: str, written: int, reading: str, clause: str
) -> None:
    """Ann throws onto Chance (#36) and a card sends her forward past GO. A salary written (in
    a `salary` clause or as the amount after the card) that is either reading's figure
    (nothing, or $200) is never called wrong (M105, M106); one no reading gives is wrong once,
    with no A12 beside it; Ann's cash moves by what the record wrote."""
    text = (
        f'[Players "Ann, Ben"]\nsetup Ann at #{36 - throw}\nsetup next Ann\n'
        f"1. Ann {_TO_CHANCE[throw]} #36 card {card} {clause}{written}\n"
    )
    game = monolog.parse_games(text)[0].replay(edition="us-2018", rulings={"CF-12": reading})
    shown = [(f.code, f.message) for f in game.findings]
    wrong = [f.code for f in game.findings if f.code in ("M105", "M106", "W007")]
    assert wrong == ([] if written in (0, 200) else [wrong[0]]), shown
    if wrong:
        assert wrong[0] != "W007" and not [f for f in game.findings if f.code == "A12"], shown
    assert _cash(text, "Ann", **{"CF-12": reading}) - 1500 == written


def test_a_salary_no_reading_gives_after_a_card_past_go_says_it_passed_go() -> None:
    """Under dice-moves-only a figure neither reading gives is M106, whose words say the card
    passed GO and the reading pays nothing for it (not that the move fell short of GO)."""
    text = (
        '[Players "Ann, Ben"]\nsetup Ann at #30\nsetup next Ann\n'
        "1. Ann 3-3 Chance card CH03 salary 150\n"
    )
    game = monolog.parse_games(text)[0].replay(
        edition="us-2018", rulings={"CF-12": "dice-moves-only"}
    )
    m106 = [f for f in game.findings if f.code == "M106"]
    assert len(m106) == 1 and "passed GO on CH03" in m106[0].message


def test_no_salary_written_where_none_is_due_is_no_finding() -> None:
    """`salary 0` after a roll that does not reach GO says no salary was collected: that is
    right, so nothing is reported (an M106 whose right figure, 0, is the one written is no
    mistake)."""
    text = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue salary 0\n=1500\n'
    game = monolog.parse_games(text)[0].replay(edition="us-2018")
    assert [(f.code, f.message) for f in game.findings] == []


# --------------------------------------------------------------------------- jail fine


def test_fine_decision_is_the_editions_fine_under_every_reading() -> None:
    """The fine forced after the last failed try is the due's figure (JAIL-08), the fine paid
    to leave early the edition's (JAIL-04); no reading sets another figure, so none is listed."""
    game = _game("uk-1996")
    forced = Due("fine", "Ann", "Ann", None, 50, "the fine is £50", "JAIL-08", CARD)
    assert fine_decision(game, "Ann", forced) == judge.Decision(judge.Outcome(50, "Ann"), "JAIL-08")
    assert fine_decision(game, "Ann", None) == judge.Decision(judge.Outcome(50, "Ann"), "JAIL-04")


# --------------------------------------------------------------------------- mortgages


def _others(decision: judge.Decision) -> list[tuple[str, str, int]]:
    return [(a.cf, a.reading, judge.amount(a.outcome)) for a in decision.others]


def test_mortgage_decisions_give_each_rounding_and_the_open_base() -> None:
    """Electric Company (price 150, mortgage 75): lifting costs 75 + 7.50 rounded half up, $83;
    rounded down $82 (CF-34). The 10% on the printed price ($90) is another reading only where a
    ruling opens CF-35; the mortgage lent has no other figure."""
    game = _game()
    util = [game.square(12)]
    lift = Unmortgage(CARD, None, (), 83)
    decision = amount_decision(game, lift, "Ann", util)
    assert (decision.right, decision.rule) == (judge.Outcome(83, "Ann"), "MORT-03")
    assert _others(decision) == [("CF-34", "down", 82), ("CF-34", "up", 83)]
    ten = amount_decision(game, Interest(CARD, None, (), 8), "Ann", util)
    assert (ten.right, ten.rule) == (judge.Outcome(8, "Ann"), "MORT-07")
    assert _others(ten) == [("CF-34", "down", 7), ("CF-34", "up", 8)]
    lent = amount_decision(game, Mortgage(CARD, None, (), 75), "Ann", util)
    assert lent == judge.Decision(judge.Outcome(75, None, "Ann"), "MORT-02")
    ruled = _game(**{"CF-35": "printed-price"})
    decision = amount_decision(ruled, lift, "Ann", util, added=8)
    assert decision.right == judge.Outcome(98, "Ann")
    assert ("CF-35", "mortgage-value", 91) in _others(decision)


# --------------------------------------------------------------------------- building sales


def test_sale_decision_gives_the_other_basis_only_where_the_figures_differ() -> None:
    """Boardwalk's house (printed $200) won at a shortage auction for $260: sold back, half of
    what was paid is $130 (us-classic, price-paid) and half the printed price $100 (CF-30). A
    house bought at its printed price gives one figure, so no other reading is listed."""
    game = _game("us-classic")
    deed = game.state.deeds[39]
    deed.owner, deed.houses = "Ann", 1
    game.paid_prices.houses[39] = [260]
    decision = sale_decision(game, [Sold(deed, 0, 1)], 100, 4)
    assert (decision.right, decision.rule) == (judge.Outcome(130), "SELL-02")
    assert _others(decision) == [("CF-30", "printed-price", 100)]
    game.paid_prices.houses.clear()
    assert sale_decision(game, [Sold(deed, 0, 1)], 100, 4) == judge.Decision(
        judge.Outcome(100), "SELL-02"
    )


def test_a_builds_cost_is_the_printed_prices_under_every_reading() -> None:
    """A build costs what the caller worked out under every reading, its rule the hotel's
    price for hotels alone (BLD-06), else the building prices (BLD-02)."""
    assert build_decision("Ann", 400, True) == judge.Decision(judge.Outcome(400, "Ann"), "BLD-06")
    assert build_decision("Ann", 150, False).rule == "BLD-02"


# --------------------------------------------------------------------------- deeds bought


def test_a_deeds_price_is_its_list_price_and_an_auction_goes_to_the_last_bid() -> None:
    """A deed bought on landing costs its list price under every reading (BUY-02); an auction
    goes to the last and highest bid that counts, at that bid, or to nobody when none counts
    (BUY-07), the winner and price judged together."""
    game = _game()
    assert price_decision(game, "Ann", 39) == judge.Decision(judge.Outcome(400, "Ann"), "BUY-02")
    won = auction_decision(("Ben", 120), "BUY-07")
    assert won == judge.Decision(judge.Choice(["Ben", 120]), "BUY-07")
    assert judge.compare(game, won, ["Ben", 120]).kind == judge.AGREES
    assert judge.compare(game, won, ["Ann", 120]).kind == judge.BREAKS
    nobody = auction_decision(None, "BUY-07")
    assert judge.compare(game, nobody, ["Ben", 120]).kind == judge.BREAKS


# --------------------------------------------------------------------------- card money


def test_card_decision_sums_the_dues_and_names_the_other_repairs_reading() -> None:
    """CH12 ($25 a house, $100 a hotel) on three houses and a hotel: $175 with the hotel at its
    rate alone (hotel-only), $275 with the four houses it replaced (CF-65). A card paying each
    player is judged on its total; without hotels no reading sets another figure."""
    game = _game()
    edition = game.edition
    repairs = edition.card("CH12")
    for index, houses, hotel in ((37, 3, False), (39, 0, True)):
        deed = game.state.deeds[index]
        deed.owner, deed.houses, deed.hotel = "Ann", houses, hotel
    due = Due("card", "Ann", "Ann", None, 175, "repairs", "CARD-02", CARD, card="CH12")
    decision = card_decision(game, "Ann", repairs, [due])
    assert (decision.right, decision.rule) == (judge.Outcome(175, "Ann"), "CARD-02")
    assert _others(decision) == [("CF-65", "hotel-and-houses", 275)]
    each = edition.card("CH15")
    dues = [
        Due("card", "Ben", "Ben", who, 50, "each", "CARD-02", CARD, card="CH15")
        for who in ("Ann", "Cy")
    ]
    assert card_decision(game, "Ben", each, dues) == judge.Decision(
        judge.Outcome(100, "Ben"), "CARD-02"
    )
