"""What tables do against the rules, written as it happened: buildings sold to a player, a
promise in a deal, a player out of an auction, and the bank written with a capital."""

from __future__ import annotations

import pytest

from monolog.engine import replay
from monolog.notation.errors import ParseError
from monolog.notation.formatter import format_events
from monolog.notation.parser import parse_text

HEADER = '[Players "Ann, Ben"]\n'


def _codes(text: str) -> list[tuple[str, int]]:
    result = replay(parse_text(text, "t.mlog"), file="t.mlog")
    return [(f.code, f.span.line) for f in result.findings]


@pytest.mark.parametrize(
    "line",
    [
        "Ann sell Baltic Avenue x2 to Ben for 30",
        "Ann sell Baltic Avenue to Ben",
        'deal Ann: Oriental Avenue | Ben: 100, promise "no rent for three turns"',
        "auction house bids Ann 50, Ben 60, Ann 70 out Ben sold Ann 70",
    ],
)
def test_the_new_acts_are_written_back_as_read(line: str) -> None:
    text = HEADER + line + "\n"
    assert format_events(parse_text(text)) == text


def test_a_sale_of_houses_to_a_player_is_reported_and_paid_by_the_buyer() -> None:
    text = HEADER + (
        "setup Ann cash 1000 owns Mediterranean Avenue x1, Baltic Avenue x1\n"
        "setup Ben cash 1000\nsetup next Ann\n"
        "Ann sell Baltic Avenue x1 to Ben for 30 =Ann 1030 =Ben 970\n"
    )
    assert _codes(text) == [("M620", 5)]


def test_a_promise_is_reported_and_the_deal_carried_out() -> None:
    text = HEADER + (
        "setup Ann cash 1000 owns Oriental Avenue\nsetup Ben cash 1000\nsetup next Ann\n"
        'deal Ann: Oriental Avenue | Ben: 100, promise "no rent" =Ann 1100 =Ben 900\n'
    )
    assert _codes(text) == [("M719", 5)]


def test_a_player_out_without_a_bid_contradicts_the_line() -> None:
    text = HEADER + "1. Ann 1-2 Baltic Avenue decline\nauction bids Ann 20 out Ben sold Ann 20\n"
    assert ("M211", 3) in _codes(text)
    fine = text.replace("out Ben ", "")
    assert "M211" not in {c for c, _ in _codes(fine)}


@pytest.mark.parametrize(
    "clause", ["pay 10 to Bank =1430", "pay 10 to BANK =1430", "bankrupt to Bank"]
)
def test_the_bank_is_read_in_any_case(clause: str) -> None:
    codes = _codes(HEADER + f"1. Ann 1-2 Baltic Avenue buy 60 {clause}\n")
    assert "M900" not in {c for c, _ in codes}
    assert "W001" not in {c for c, _ in codes}


def test_a_deal_with_the_bank_written_with_a_capital_is_a_sale_to_the_bank() -> None:
    text = HEADER + "setup Ann goojf CH09\nsetup next Ann\ndeal Ann: goojf CH09 | Bank: 50\n"
    assert _codes(text) == [("M716", 4)]


def test_bank_is_the_bank_unless_a_player_has_the_name() -> None:
    line = "1. Ann 1-2 Baltic Avenue buy 60 pay 10 to Bank =1430\n"

    def gift(players: str) -> str:
        result = replay(parse_text(f'[Players "{players}"]\n' + line, "t.mlog"), file="t.mlog")
        assert [f.code for f in result.findings] == ["M714"]
        return result.findings[0].message

    assert "give $10 to the bank" in gift("Ann, Ben")
    assert "give $10 to Bank" in gift("Ann, Bank")  # the player named so


def test_nothing_with_a_capital_is_a_side_that_gives_nothing() -> None:
    text = (
        HEADER + "setup Ann owns Baltic Avenue\nsetup next Ann\ndeal Ann: Baltic Avenue | Ben: {}\n"
    )
    assert _codes(text.format("Nothing")) == _codes(text.format("nothing")) == [("A64", 4)]


@pytest.mark.parametrize("line", ["Ann sell house to Ben for 50", "deal Ann: house | Ben: 50"])
def test_a_bare_house_says_how_a_building_is_written(line: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(HEADER + line + "\n", "t.mlog")
    assert caught.value.finding.code == "P127"
    assert "sell Baltic Avenue x1 to Ben" in caught.value.finding.message
