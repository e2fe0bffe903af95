"""Disputed points of the variants and the percentage tax, read from the finding messages.

CF-42 and CF-43 readings chosen with rulings (TAX-03, TAX-04), the short games' fourth house and
hotel value (CF-45, SHORT-03, SHORT-04), the ESL short game's one jail turn (CF-46, SHORT-05), the
wording after a CF-08 stay in jail, time called in a game with no time limit (M805, TIME-01), and
the ruling the settlement counts under (CF-48, CF-49).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.engine import replay
from monolog.engine.core.replay import Replay
from monolog.findings.model import Finding, Severity
from monolog.notation.parser import parse_text
from monolog.reports.game import load_game
from monolog.reports.settlement import settle

REPO = Path(__file__).resolve().parent.parent


def run(text: str, **kw: object) -> Replay:
    return replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True, **kw)  # type: ignore[arg-type]


def only(r: Replay, code: str) -> Finding:
    found = [f for f in r.findings if f.code == code]
    assert len(found) == 1, [(f.code, f.message) for f in r.findings]
    return found[0]


# --------------------------------------------------------------------------- CF-42, CF-43
SALE = (
    '[Edition "us-classic"]\n[Players "Ann, Ben"]\n'
    "setup Ann owns Park Place x1, Boardwalk x1, Reading Railroad mortgaged\n"
    "1. Ann 1-3 Income Tax\nAnn sell Boardwalk, Park Place\nAnn tax 10%\n"
)


@pytest.mark.parametrize(
    ("reading", "tax", "others"),
    [
        ("worth-at-landing", 285, ("mortgage-value takes $2,750", "worth-at-payment takes $2,650")),
        ("mortgage-value", 275, ("worth-at-landing takes $2,850", "worth-at-payment takes $2,650")),
        ("worth-at-payment", 265, ("worth-at-landing takes $2,850", "mortgage-value takes $2,750")),
    ],
)
def test_each_worth_reading_is_charged_and_names_the_others(
    reading: str, tax: int, others: tuple[str, ...]
) -> None:
    r = run(SALE, rulings={"CF-42": reading})
    assert r.state.player("Ann").cash == 1700 - tax
    a42 = only(r, "A42")
    assert f"(reading {reading}), so ${tax}" in a42.message
    assert all(o in a42.message for o in others)
    assert a42.data["reading"] == reading


def test_the_flat_amount_after_the_count_is_the_play_of_choice_after_count() -> None:
    text = '[Edition "us-classic"]\n[Players "Ann, Ben"]\nsetup Ann cash 2500\n'
    text += "1. Ann 1-3 Income Tax tax 10% 200\n"
    first = run(text)
    assert [f.code for f in first.findings] == ["A43"]  # a departure, not a wrong tax
    assert "switch to the flat $200" in only(first, "A43").message
    assert only(first, "A43").data["follows"] == "choice-after-count"
    assert first.state.player("Ann").cash == 2300
    after = run(text, rulings={"CF-43": "choice-after-count"})
    a43 = only(after, "A43")
    assert [f.code for f in after.findings] == ["A43"]
    assert "reading choice-after-count" in a43.message and "$250 is owed" in a43.message
    assert after.state.player("Ann").cash == 2300


# --------------------------------------------------------------------------- CF-45, SHORT-04
SHORT = '[Edition "uk-1996"]\n[Variant "short"]\n[Players "Ann, Ben"]\nsetup Ben cash 1000\n'


def test_fourth_house_and_hotel_over_it_under_fourth_house_allowed() -> None:
    r = run(
        SHORT + "setup Ann cash 1000 owns Park Lane x3, Mayfair x3\nsetup next Ann\n"
        "Ann build Park Lane\nAnn build Park Lane hotel\n"
    )
    first, second = (f for f in r.findings if f.code == "A45")
    assert "house number 4" in first.message and "three-house-cap" in second.message
    assert "all 4 go back" in second.message and "£800 (£200 + 3 × £200)" in second.message
    assert r.state.bank_houses == 32 - 6 - 1 + 4
    assert r.state.player("Ann").cash == 600


def test_three_house_cap_names_a_fourth_house_as_the_records_reading() -> None:
    # the record builds the fourth house reading three-house-cap refuses: it follows reading
    # fourth-house-allowed, named (a departure) and replayed as recorded
    r = run(
        SHORT + "setup Ann cash 1000 owns Park Lane x3, Mayfair x3\nsetup next Ann\n"
        "Ann build Park Lane\n",
        rulings={"CF-45": "three-house-cap"},
    )
    a45 = only(r, "A45")
    assert a45.rule == "SHORT-03" and a45.data["follows"] == "fourth-house-allowed"
    assert a45.severity == Severity.WARNING
    assert r.state.player("Ann").cash == 800
    assert [f.code for f in r.findings] == ["A45"]


def test_a_fifth_house_is_refused_under_either_reading() -> None:
    for rulings in ({"CF-45": "three-house-cap"}, {}):
        r = run(
            SHORT + "setup Ann cash 1000 owns Park Lane x3, Mayfair x3\nsetup next Ann\n"
            "Ann build Park Lane x2, Mayfair x2\n",
            rulings=rulings,
        )
        m604 = only(r, "M604")
        assert "not replayed" in m604.message
        assert r.state.player("Ann").cash == 1000


def test_a_short_game_hotel_sold_at_the_standard_value() -> None:
    r = run(
        SHORT + "setup Ann cash 1000 owns Park Lane hotel, Mayfair hotel\nsetup next Ann\n"
        "Ann sell Park Lane hotel, Park Lane x3, Mayfair hotel, Mayfair x3 for 1000\n"
    )
    m619 = only(r, "M619")
    assert m619.rule == "SHORT-04" and m619.expected == 800 and m619.recorded == 1000
    assert "sells for £400" in m619.message


# --------------------------------------------------------------------------- CF-46, CF-08
def test_the_esl_short_game_jail_turn_is_a46_not_a02() -> None:
    r = run(
        '[Edition "uk-esl"]\n[Variant "short"]\n[Players "Ann, Ben"]\n'
        "setup Ann cash 400 jail\nsetup Ben cash 400\nsetup next Ann\n"
        "1. Ann 1-2 Whitehall fine 50 buy 140\n"
    )
    assert [f.code for f in r.findings] == ["A46"]
    a46 = r.findings[0]
    assert "reading as-standard" in a46.message and "pays £50" in a46.message
    assert a46.rule == "SHORT-05"


def test_a02_after_a_stay_for_want_of_the_fine_says_so() -> None:
    r = run(
        '[Players "Ann, Ben"]\nsetup Ann jail 3 cash 30 owns Baltic Avenue\n1. Ann 6-4\n'
        "2. Ben 1-2 Baltic Avenue rent 4\nAnn mortgage Baltic Avenue\n3. Ann 6-4 Free Parking\n",
        rulings={"CF-08": "stays-in-jail"},
    )
    a02 = only(r, "A02")
    assert a02.span.line == 6
    assert "jail turn 4 and no double, after a stay in jail since jail turn 3" in a02.message
    assert "CF-08 reading stays-in-jail" in a02.message and "pays $50 now" in a02.message
    assert "fourth-turn-pay would take the fine at the start of this turn" in a02.message


def test_a08_on_a_second_hold_names_the_turn_the_stay_began() -> None:
    r = run(
        '[Players "Ann, Ben"]\nsetup Ann jail 3 cash 30\n1. Ann 6-4\n2. Ben 1-2 Baltic Avenue\n'
        "3. Ann 6-4\n",
        rulings={"CF-08": "stays-in-jail"},
    )
    first, second = (f for f in r.findings if f.code == "A08")
    assert "Ann holds $30 and cannot pay the $50 fine" in first.message
    assert "held in jail since jail turn 3" in second.message
    assert "debt to the bank on jail turn 3" in second.message
    assert r.state.player("Ann").in_jail


def test_a02_says_a_fine_short_of_cash_is_owed() -> None:
    r = run('[Players "Ann, Ben"]\nsetup Ann jail 3 cash 30\n1. Ann 6-4 Free Parking\n')
    assert "Ann owes the $50 fine and moves" in only(r, "A02").message


# --------------------------------------------------------------------------- TIME-01
def test_time_in_a_standard_game_is_m805_and_play_goes_on() -> None:
    r = run(
        '[Edition "uk-1996"]\n[Players "Ann, Ben"]\n1. Ann 1-2 Whitechapel Road buy\ntime\n'
        "2. Ben 1-2 Whitechapel Road rent 4\n"
    )
    m805 = only(r, "M805")
    assert m805.rule == "TIME-01" and "uk-1996" in m805.message and "standard" in m805.message
    assert not r.state.over and r.state.player("Ben").cash == 1496


# --------------------------------------------------------------------------- settlement
@pytest.mark.parametrize(
    ("record", "ruling"),
    [
        ("scenarios/games/uk-1996-short-game.mlog", "CF-48, reading price-or-half"),
        ("scenarios/games/worked-example-time-limit.mlog", "CF-49, reading hotel-plus-four"),
    ],
)
def test_settlement_names_the_counting_ruling(record: str, ruling: str) -> None:
    game = load_game(str(REPO / record))
    settlement = settle(game)
    cf, reading = ruling.split(", reading ")
    assert settlement.valuation == (cf, reading)
    assert f"counted under {cf} (reading {reading})" in settlement.how
    out = CliRunner().invoke(app, ["settle", str(REPO / record)], env={"NO_COLOR": "1"}).output
    assert f"Counted under {ruling}:" in out


def test_standard_settlement_names_no_counting_ruling() -> None:
    settlement = settle(load_game(str(REPO / "scenarios/games/worked-example.mlog")))
    assert settlement.valuation is None and "counted under" not in settlement.how


def test_w101_carries_the_counting_ruling(tmp_path: Path) -> None:
    text = (REPO / "scenarios/games/uk-1996-short-game.mlog").read_text(encoding="utf-8")
    path = tmp_path / "wrong.mlog"
    path.write_text(text.replace('[Result "Ben"]', '[Result "Dee"]'), encoding="utf-8")
    settlement = settle(load_game(str(path)))
    (w101,) = settlement.findings
    assert w101.data["valuation"] == {"cf": "CF-48", "reading": "price-or-half"}
    assert "counted under CF-48 (reading price-or-half)" in w101.message
