"""The starting position written on setup lines: impossible parts are the record's fault, at the
line that wrote them, and `--paranoid` does not blame the engine for them (no P902)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.engine import replay
from monolog.engine.core.state import GameState
from monolog.notation.parser import parse_text

IMPOSSIBLE = {
    "uneven": "setup Ann owns Oriental Avenue x4, Vermont Avenue, Connecticut Avenue x1\n",
    "five houses": "setup Ann owns Park Place x5, Boardwalk x5\n",
    "unheld group": "setup Ann owns Park Place x1\nsetup Ben owns Boardwalk x1\n",
    "mortgaged group": "setup Ann owns Park Place mortgaged, Boardwalk x1\n",
    "card twice": "setup Ann goojf CH09\nsetup Ben goojf CH09\n",
    "card held and in its deck": "setup Ann goojf CH09\nsetup deck CH09, CH01\n",
    "deed twice": "setup Ann owns Boardwalk\nsetup Ben owns Boardwalk x1\n",
    "cash below zero": "setup Ann cash -50\n",
    "jail turn 0": "setup Ann jail 0\n",
    "jail turn past the last": "setup Ann jail 4\n",
    "too many houses": (
        "setup Ann owns Mediterranean Avenue x4, Baltic Avenue x4, Oriental Avenue x4, "
        "Vermont Avenue x4, Connecticut Avenue x4\n"
        "setup Ben owns St. Charles Place x4, States Avenue x4, Virginia Avenue x4, "
        "St. James Place x4, Tennessee Avenue x4, New York Avenue x4\n"
    ),
}


@pytest.mark.parametrize("name", sorted(IMPOSSIBLE))
def test_impossible_setup_is_the_records_fault_even_when_paranoid(name: str) -> None:
    text = (
        '[Players "Ann, Ben"]\n' + IMPOSSIBLE[name] + "setup next Ben\n1. Ben 1-2 Baltic Avenue\n"
    )
    result = replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True)
    codes = [f.code for f in result.findings]
    assert "M120" in codes, codes
    assert not [c for c in codes if c.startswith("P9")], [f.message for f in result.findings]
    setup_lines = {i + 1 for i, line in enumerate(text.splitlines()) if line.startswith("setup")}
    assert all(f.span.line in setup_lines for f in result.findings if f.code == "M120")


def test_setup_after_play_began_is_reported_once_and_applied() -> None:
    text = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy\nsetup Ben cash 2000\n'
    result = replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True)
    assert [(f.code, f.span.line) for f in result.findings] == [("M121", 3)]
    assert result.state.player("Ben").cash == 2000


def test_state_at_shows_the_coming_jail_turn_as_setup_writes_it(tmp_path: Path) -> None:
    """`setup … jail N` and `state --at` use one number: the jail turn the next turn will be."""
    record = tmp_path / "jail.mlog"
    record.write_text(
        '[Players "Ann, Ben"]\nsetup Ann jail 2\nsetup next Ben\n'
        "1. Ben 1-2 Baltic Avenue buy\n2. Ann 1-2\n"
        "3. Ben 1-1 Oriental Avenue buy 4-5 Vermont Avenue\n",
        encoding="utf-8",
    )
    runner = CliRunner()
    shown: dict[str, str] = {}
    for at in ("t1", "t2"):
        result = runner.invoke(app, ["state", "--at", at, str(record)], terminal_width=200)
        assert result.exit_code == 0, result.output
        ann = next(line for line in result.output.splitlines() if line.startswith("Ann"))
        shown[at] = ann
    assert "in jail, jail turn 2 next" in shown["t1"]
    assert "in jail, jail turn 3 next" in shown["t2"]
    # the number shown, written back as a setup line, gives the same position: the third try
    again = replay(
        parse_text('[Players "Ann, Ben"]\nsetup Ann jail 3\n1. Ann 1-2 States Avenue buy\n')
    )
    assert not [f for f in again.findings if f.code.startswith("M")], again.findings
    assert not again.state.player("Ann").in_jail


BANKRUPT_TO_BANK = (
    '[Players "Ann, Ben, Cal"]\n'
    "setup Ann cash 50 at Pennsylvania Avenue owns Boardwalk mortgaged, Park Place mortgaged\n"
    "setup next Ann\n"
    "1. Ann 1-3 Luxury Tax tax 100 bankrupt to bank\n"
)


@pytest.mark.parametrize(
    ("auctions", "missing"),
    [
        ("", "Park Place and Boardwalk were"),
        ("auction Boardwalk bids Cal 20 sold Cal 20\n", "Park Place was"),
    ],
)
def test_a_record_ending_before_the_banks_auctions_names_the_deeds_once(
    auctions: str, missing: str
) -> None:
    """BKR-07: a record that ends after a bankruptcy to the bank without every auction gets one
    finding at the bankruptcy line, as one that goes on without them does."""
    result = replay(parse_text(BANKRUPT_TO_BANK + auctions, "t.mlog"), file="t.mlog")
    found = [(f.code, f.span.line, f.message) for f in result.findings]
    assert len(found) == 1, found
    code, line, message = found[0]
    assert (code, line) == ("M201", 4)
    assert message.startswith(f"{missing} not auctioned"), message
    assert "the record ends without" in message


def test_a_record_ending_after_all_the_banks_auctions_is_clean() -> None:
    text = (
        BANKRUPT_TO_BANK
        + "auction Boardwalk bids Cal 20 sold Cal 20\nauction Park Place bids Ben 10 sold Ben 10\n"
    )
    assert replay(parse_text(text, "t.mlog"), file="t.mlog").findings == []


def _bank_findings(setup: str) -> list[tuple[str, int, str]]:
    text = '[Players "Ann, Ben"]\n' + setup + "setup next Ben\n1. Ben 1-2 Baltic Avenue buy\n"
    result = replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True)
    return [(f.code, f.span.line, f.message) for f in result.findings]


def test_a_bank_stock_short_of_the_edition_less_the_buildings_placed_is_a_warning() -> None:
    """SET-02: fewer houses in the bank than the edition's 32 less those placed is W013 too,
    with both figures (a setup may list only the players that matter, so not an error)."""
    found = _bank_findings(
        "setup Ann owns Park Place x2, Boardwalk x2\nsetup bank houses 20 hotels 12\n"
    )
    assert [(code, line) for code, line, _ in found] == [("W013", 3)]
    message = found[0][2]
    assert "the edition has 32 houses and 12 hotels and the setup places 4 houses" in message
    assert "the bank should hold 28 houses and 12 hotels" in message
    assert "its line gives 20 houses and 12 hotels" in message


@pytest.mark.parametrize(
    "setup",
    [
        "setup Ann owns Park Place x2, Boardwalk x2\nsetup bank houses 28 hotels 12\n",
        "setup bank houses 28 hotels 12\nsetup Ann owns Park Place x2, Boardwalk x2\n",
        "setup Ann owns Park Place hotel, Boardwalk hotel\nsetup bank hotels 10\n",
    ],
)
def test_a_bank_stock_that_adds_up_is_silent_wherever_its_line_stands(setup: str) -> None:
    assert _bank_findings(setup) == []


def test_the_bank_holds_what_its_line_says_before_or_after_the_players_lines() -> None:
    for setup in (
        "setup bank houses 20\nsetup Ann owns Park Place x2, Boardwalk x2\n",
        "setup Ann owns Park Place x2, Boardwalk x2\nsetup bank houses 20\n",
    ):
        text = '[Players "Ann, Ben"]\n' + setup
        assert replay(parse_text(text, "t.mlog"), file="t.mlog").state.bank_houses == 20


def _setup(lines: str) -> tuple[list[tuple[str, int, str]], GameState]:
    text = '[Players "Ann, Ben"]\n' + lines + "setup next Ben\n1. Ben 1-2 Baltic Avenue buy\n"
    result = replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True)
    return [(f.code, f.span.line, f.message) for f in result.findings], result.state


def test_two_setup_lines_about_different_facts_of_one_player_combine() -> None:
    found, state = _setup("setup Ann cash 1200\nsetup Ann owns Boardwalk goojf CH09\n")
    assert found == []
    ann = state.player("Ann")
    assert (ann.cash, ann.cards) == (1200, ["CH09"])


@pytest.mark.parametrize(
    ("lines", "stands", "second"),
    [
        ("setup Ann cash 1200\nsetup Ann cash 900\n", "$1,200", "$900"),
        ("setup Ann at Boardwalk\nsetup Ann at Park Place\n", "Boardwalk", "Park Place"),
        ("setup Ann jail 2\nsetup Ann jail 3\n", "2", "3"),
        (
            "setup Ann jail 2\nsetup Ann at Park Place\n",
            "Jail / Just Visiting (in jail)",
            "Park Place",
        ),
        (
            "setup Ann owns Boardwalk\nsetup Ann owns Boardwalk mortgaged\n",
            "unmortgaged and bare",
            "mortgaged and bare",
        ),
    ],
)
def test_a_second_value_for_one_fact_is_a_warning_at_the_second_line_and_the_first_stands(
    lines: str, stands: str, second: str
) -> None:
    found, _ = _setup(lines)
    assert [(code, line) for code, line, _ in found] == [("W019", 3)], found
    message = found[0][2]
    assert message.startswith("a second value for Ann's "), message
    assert f"{stands} on line 2, and {second} here" in message
    assert f"the first value, {stands}" in message and "stands" in message


def test_the_first_value_is_the_one_replayed() -> None:
    _, state = _setup("setup Ann cash 1200 jail 2\nsetup Ann cash 900 at Park Place jail 3\n")
    ann = state.player("Ann")
    assert (ann.cash, ann.in_jail, ann.jail_turns) == (1200, True, 1)


@pytest.mark.parametrize(
    "lines",
    [
        "setup Ann cash 1200\nsetup Ann cash 1200\n",
        "setup Ann owns Boardwalk\nsetup Ann owns Boardwalk\n",
        "setup Ann goojf CH09\nsetup Ann goojf CH09\n",
    ],
)
def test_the_same_fact_given_twice_is_a_warning_not_an_impossible_position(lines: str) -> None:
    found, _ = _setup(lines)
    assert [(code, line) for code, line, _ in found] == [("W019", 3)], found
    assert "given twice, on line 2 and here" in found[0][2]


@pytest.mark.parametrize(
    ("lines", "what"),
    [
        ("setup bank houses 30\nsetup bank houses 20\n", "the bank's house stock"),
        ("setup next Ann\nsetup next Ben\n", "the player to move first"),
    ],
)
def test_the_bank_and_the_first_player_have_one_value_too(lines: str, what: str) -> None:
    text = '[Players "Ann, Ben"]\n' + lines + "1. Ann 1-2 Baltic Avenue buy\n"
    result = replay(parse_text(text, "t.mlog"), file="t.mlog")
    second = [f for f in result.findings if f.code == "W019"]
    assert [f.span.line for f in second] == [3]
    assert second[0].message.startswith(f"a second value for {what}: ")
