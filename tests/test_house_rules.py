"""House rules: every key plays something, the amount a key takes, and what each key changes."""

from __future__ import annotations

import re

import pytest

from monolog.editions.house_rules import (
    NOT_KEYS,
    check_house_rule,
    load_house_rules,
    split_house_rule,
)
from monolog.engine import replay
from monolog.engine.core import house_rules
from monolog.engine.core.replay import Replay
from monolog.notation.parser import parse_text


def run(body: str, *rules: str, players: str = "Ann, Ben") -> Replay:
    tags = "".join(f'[HouseRule "{r}"]\n' for r in rules)
    text = f'[Players "{players}"]\n{tags}{body}'
    return replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True)


def codes(r: Replay) -> list[str]:
    return [f.code for f in r.findings if f.severity.value != "info"]


def cash(r: Replay, name: str) -> int:
    return r.state.player(name).cash


# --------------------------------------------------------------------------- the keys


def test_every_key_is_described_in_the_engine_docstring() -> None:
    doc = house_rules.__doc__ or ""
    listed = set(re.findall(r"^\* ([a-z-]+)", doc, re.M))
    assert listed == set(load_house_rules())
    assert "change nothing" not in doc.lower()


def test_keys_taking_an_amount() -> None:
    rules = load_house_rules()
    assert [k for k, r in rules.items() if r.parameter] == ["free-parking-bonus"]
    assert split_house_rule("free-parking-bonus 500") == ("free-parking-bonus", 500)
    assert split_house_rule("free-parking-bonus £250") == ("free-parking-bonus", 250)
    assert split_house_rule("no-auctions") == ("no-auctions", None)
    assert check_house_rule("free-parking-bonus $500") is None
    assert "needs the sum" in (check_house_rule("free-parking-bonus") or "")
    assert "above zero" in (check_house_rule("free-parking-bonus 0") or "")
    assert "takes no amount" in (check_house_rule("no-auctions 5") or "")
    assert "'free-parking-bonus 300'" in (check_house_rule("Free Parking Bonus 300") or "")


def test_rent_immunity_is_not_a_key_and_says_why() -> None:
    assert "rent-immunity" not in load_house_rules()
    message = check_house_rule("rent-immunity") or ""
    assert message.startswith("rent-immunity is not a house rule") and "rent unclaimed" in message
    assert set(NOT_KEYS).isdisjoint(load_house_rules())


def test_a_key_declared_twice_with_different_sums_keeps_the_first() -> None:
    r = run(
        "setup Ann at #17\nsetup next Ann\n1. Ann 1-2 Free Parking\n",
        "free-parking-bonus 500",
        "free-parking-bonus 100",
    )
    assert codes(r) == ["W011"]
    assert cash(r, "Ann") == 2000


# --------------------------------------------------------------------------- Free Parking bonus


def test_bonus_wrong_amount_names_the_sum_and_is_replayed_as_written() -> None:
    r = run(
        "setup Ann at #17\nsetup next Ann\n1. Ann 1-2 Free Parking salary 400\n",
        "free-parking-bonus 500",
    )
    (finding,) = r.findings
    assert finding.code == "M105" and finding.expected == 500 and finding.recorded == 400
    assert "$500" in finding.message and "free-parking-bonus" in finding.message
    assert cash(r, "Ann") == 1900


def test_bonus_without_the_tag_names_the_tag_with_the_amount() -> None:
    r = run("setup Ann at #17\nsetup next Ann\n1. Ann 1-2 Free Parking salary 300\n")
    (finding,) = r.findings
    # the rule broken: Free Parking pays nothing (the house rules are PIR-01, M905's own rule)
    assert finding.code == "M905" and finding.rule == "PIR-03"
    assert '[HouseRule "free-parking-bonus 300"]' in finding.message
    assert cash(r, "Ann") == 1800


def test_the_go_salary_on_free_parking_reads_as_a_salary_written_by_mistake() -> None:
    r = run("setup Ann at #17\nsetup next Ann\n1. Ann 1-2 Free Parking salary 200\n")
    assert codes(r) == ["M106"]


def test_no_bonus_on_other_squares() -> None:
    r = run(
        "setup Ann at #17\nsetup next Ann\n1. Ann 2-2 Kentucky Avenue buy\n",
        "free-parking-bonus 500",
    )
    assert codes(r) == [] and cash(r, "Ann") == 1500 - 220


# --------------------------------------------------------------------------- first lap


def test_first_lap_ends_with_the_first_salary() -> None:
    body = (
        "setup Ben at GO\nsetup next Ann\n1. Ann 1-2 Baltic Avenue\n2. Ben 1-2 Baltic Avenue buy\n"
    )
    r = run(body, "first-lap-no-buying")
    assert codes(r) == []  # Ben was set up mid-game: past the first lap
    assert r.state.deeds[3].owner == "Ben"
    body = (
        "1. Ann 3-4 Chance card CH02 -> GO salary 200\n"
        "2. Ben 1-2 Baltic Avenue\n"
        "3. Ann 1-2 Baltic Avenue buy\n"
    )
    r = run(body, "first-lap-no-buying")
    assert codes(r) == [] and r.state.deeds[3].owner == "Ann"  # a card to GO ends the lap


def test_a_bid_before_the_first_lap_is_flagged_once_per_bidder() -> None:
    body = (
        "setup Ann at Boardwalk\n"
        "setup next Ann\n"
        "1. Ann 1-3 Baltic Avenue salary 200 decline auction bids Ben 10, Ann 20, Ben 30, "
        "Ann 40 sold Ann 40\n"
    )
    r = run(body, "first-lap-no-buying")
    assert codes(r) == ["M210"]
    assert r.findings[0].message.startswith("Ben may not bid for Baltic Avenue")
    assert r.state.deeds[3].owner == "Ann"


# --------------------------------------------------------------------------- buildings


def test_uneven_building_keeps_the_hotel_rules() -> None:
    body = "setup Ann owns Park Place, Boardwalk\nsetup next Ann\nAnn build Boardwalk x4\n"
    r = run(body, "uneven-building")
    assert codes(r) == [] and r.state.deeds[39].houses == 4
    r = run(body + "Ann build Boardwalk hotel\n", "uneven-building")
    assert r.state.deeds[39].hotel  # four on its own site; the group's others: CF-26
    assert [f.code for f in r.findings] in (["A26"], ["M990"])


def test_unlimited_buildings_never_leave_the_bank_below_zero() -> None:
    full = (
        "setup Ann cash 9000 owns Park Place x4, Boardwalk x4, Pacific Avenue x4, "
        "North Carolina Avenue x4, Pennsylvania Avenue x4, Marvin Gardens x4, Ventnor Avenue x4, "
        "Atlantic Avenue x4, Kentucky Avenue, Indiana Avenue, Illinois Avenue\n"
        "setup next Ann\n"
    )
    build = "Ann build Kentucky Avenue, Indiana Avenue, Illinois Avenue\n"
    r = run(full + build + "Ann sell Boardwalk, Park Place\n", "unlimited-buildings")
    assert codes(r) == []  # paranoid: the stock adds up with the pieces made up
    snap = r.state.snapshot(r.edition)
    assert snap["bank"]["houses"] == 2
    assert sum(d["houses"] for d in snap["deeds"].values()) == 33
    assert cash(r, "Ann") == 9000 - 3 * 150 + 2 * 100
    assert codes(run(full + build)) == ["M608"]
    # a set-up beyond the stock is made up too
    over = "Kentucky Avenue x1, Indiana Avenue x1, Illinois Avenue x1"
    r = run(
        full.replace("Kentucky Avenue, Indiana Avenue, Illinois Avenue", over),
        "unlimited-buildings",
    )
    assert codes(r) == [] and r.state.bank_houses == 0


@pytest.mark.parametrize("rule", ["cash-gifts", "loans-between-players"])
def test_a_bare_payment_between_players_is_carried_out(rule: str) -> None:
    r = run("setup next Ann\nAnn pay 100 to Ben\n", rule)
    assert codes(r) == [] and cash(r, "Ben") == 1600
    (entry,) = r.transfers
    assert rule in entry.reason


def test_loans_are_booked_as_loans_and_repayments() -> None:
    r = run(
        "setup next Ann\nAnn pay 200 to Ben\nBen pay 150 to Ann\nBen pay 100 to Ann\n",
        "loans-between-players",
    )
    assert codes(r) == []
    reasons = [t.reason.split(" (house rule")[0] for t in r.transfers]
    assert reasons == [
        "Ann lends Ben $200",
        "Ben repays $150 of Ann's loan, $50 still owed",
        "Ben repays $50 of Ann's loan, clearing it, and lends Ann $50",
    ]
