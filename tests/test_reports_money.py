"""Ledger and settlement arithmetic: balances, filters, worth, winners and the Result check."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.engine.money.worth import worth
from monolog.reports.chart import sample, sparkline, worth_series
from monolog.reports.game import load_game
from monolog.reports.ledger import (
    FindingRow,
    MoneyRow,
    StockRow,
    build_ledger,
    opening_balances,
    parse_turns,
)
from monolog.reports.settlement import breakdown, settle

REPO = Path(__file__).resolve().parent.parent
WORKED = str(REPO / "scenarios/games/worked-example.mlog")
TIMED = str(REPO / "scenarios/games/worked-example-time-limit.mlog")
UK = str(REPO / "scenarios/games/uk-1996-short.mlog")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.mlog"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("file", [WORKED, TIMED, UK])
def test_running_balances_end_at_the_final_cash(file: str) -> None:
    game = load_game(file)
    rows = [r for r in build_ledger(game).rows if isinstance(r, MoneyRow)]
    assert len(rows) == len(game.result.transfers)
    final = {p.name: p.cash for p in game.result.state.players}
    assert rows[-1].balances == final


def test_opening_balances_follow_setup_lines() -> None:
    assert opening_balances(load_game(TIMED)) == {"Ann": 640, "Ben": 410, "Cal": 980}
    assert opening_balances(load_game(UK)) == {"Ann": 1500, "Ben": 1500}


def test_stock_rows_follow_the_bank() -> None:
    game = load_game(UK)
    stock = [r for r in build_ledger(game).rows if isinstance(r, StockRow)]
    # Ben builds one house on each light blue at line 26: 32 -> 29
    assert [(r.line, r.houses, r.houses_change) for r in stock] == [(26, 29, -3)]


def test_findings_sit_after_the_money_of_their_line() -> None:
    game = load_game(UK)
    rows = build_ledger(game).rows
    lines = [r.line for r in rows]
    assert lines == sorted(lines)
    a04 = next(i for i, r in enumerate(rows) if isinstance(r, FindingRow))
    assert rows[a04].finding.code == "A04" and rows[a04].line == 29
    assert all(r.line > 29 for r in rows[a04 + 1 :])


def test_player_and_turn_filters() -> None:
    game = load_game(UK)
    rows = build_ledger(game, player="Ann", turns=parse_turns("5-9")).rows
    money = [r for r in rows if isinstance(r, MoneyRow)]
    assert money and all("Ann" in (r.payer, r.payee) for r in money)
    assert all(5 <= r.turn <= 9 for r in rows)
    assert {r.turn for r in money} == {5, 7}


@pytest.mark.parametrize(
    ("text", "first", "last"), [("10-20", 10, 20), ("7", 7, 7), ("10-", 10, None), ("-3", None, 3)]
)
def test_parse_turns(text: str, first: int | None, last: int | None) -> None:
    r = parse_turns(text)
    assert (r.first, r.last) == (first, last)


@pytest.mark.parametrize("text", ["x", "20-10", "-", "1-2-3"])
def test_parse_turns_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_turns(text)


@pytest.mark.parametrize("file", [WORKED, TIMED, UK])
def test_breakdown_totals_match_the_engine(file: str) -> None:
    game = load_game(file)
    totals = worth(game.result.state, game.edition)
    assert {w.name: w.total for w in breakdown(game.result)} == totals


def test_time_limit_game_counts_up_as_the_record_says() -> None:
    # A UK 1996 time-limit game (TIME-01), counted per CF-49 (TIME-03 is silent): cash, deeds at
    # their price (mortgaged at half), houses at cost. Worked from the record, not from output:
    # Ann 640 + 600 (Vine Street, 3 houses) - 25 (one station) + 550 (Bow Street, 3 houses) = 1,765
    #     + Bow, Marlborough 180 each, Vine 200, King's Cross 200 = 760 + 9 houses x 100 = 3,425.
    # Cal 980 - 600 + 25 = 405 + Strand, Fleet 220 each, Trafalgar 240, Liverpool St 200 = 880
    #     + 9 houses x 150 = 2,635.
    # Ben 410 + 6 light-blue houses sold at 25 - 550 = 10 + Angel, Euston 100 each, Pentonville
    #     120, Electric Company 150, Water Works mortgaged 75 = 545 + 6 houses x 50 = 855.
    # No Piccadilly here, so the UK figures are the US board's throughout.
    s = settle(load_game(TIMED))
    assert [(w.name, w.total) for w in s.ranking] == [("Ann", 3425), ("Cal", 2635), ("Ben", 855)]
    assert s.winners == ["Ann"] and s.findings == []
    assert "time was called" in s.how


def test_hotel_counts_with_the_houses_it_replaced(tmp_path: Path) -> None:
    game = load_game(
        write(
            tmp_path,
            '[Players "Ann, Ben"]\n[Result "*"]\n'
            "setup Ann cash 100 owns Park Place hotel, Boardwalk hotel\n"
            "setup bank houses 32 hotels 10\nsetup next Ben\n",
        )
    )
    ann = breakdown(game.result)[0]
    # Park Place 350 + Boardwalk 400; each hotel 200 plus the 4 houses at 200 it replaced
    assert (ann.deeds_value, ann.hotels, ann.hotels_value) == (750, 2, 2000)
    assert ann.total == 100 + 750 + 2000
    s = settle(game)
    assert s.winners == [] and s.findings == []  # unfinished, and the tag says so


RECORD = '[Players "Ann, Ben"]\n[Result "{result}"]\n1. Ann 1-2 Baltic Avenue buy\n{tail}'


@pytest.mark.parametrize(
    ("result", "tail", "w101"),
    [
        ("Ann", "2. Ben resign\n", False),
        ("Ben", "2. Ben resign\n", True),
        ("*", "2. Ben resign\n", True),
        ("*", "", False),
        ("Ann", "", True),
    ],
)
def test_result_tag_check(tmp_path: Path, result: str, tail: str, w101: bool) -> None:
    s = settle(load_game(write(tmp_path, RECORD.format(result=result, tail=tail))))
    assert [f.code for f in s.findings] == (["W101"] if w101 else [])
    if w101:
        f = s.findings[0]
        assert f.span.line == 2 and "$" in f.message and "Ann" in f.message


def test_settle_exits_one_on_a_mismatch(tmp_path: Path) -> None:
    path = write(tmp_path, RECORD.format(result="Ben", tail="2. Ben resign\n"))
    result = CliRunner().invoke(app, ["settle", path])
    assert result.exit_code == 1
    assert "W101" in result.output and "Ann wins" in result.output


def test_worth_series_starts_at_the_opening_and_ends_at_the_final_worth() -> None:
    game = load_game(UK)
    series = worth_series(game)
    assert series.turns[0] == 0 and series.turns[-1] == game.last_turn()
    assert series.worth["Ann"][0] == 1500
    final = worth(game.result.state, game.edition)
    assert {n: v[-1] for n, v in series.worth.items()} == final


def test_sparkline_and_sample() -> None:
    assert sparkline([0, 50, 100], 100) == "▁▅█"
    assert sample(list(range(10)), 5) == [1, 3, 5, 7, 9]
    assert sample([1, 2], 5) == [1, 2]


def test_chart_worths_count_as_the_variant_counts() -> None:
    # SHORT-08: in the 1996 short game a hotel counts as three houses' worth plus its own
    # price; the worth chart's last point must agree with the settlement, not the standard count
    from monolog.reports.game import load_game
    from monolog.reports.settlement import settle

    game = load_game(str(REPO / "scenarios/games/uk-1996-short-game.mlog"))
    settled = {
        w.name: w.cash + w.deeds_value + w.mortgaged_value + w.houses_value + w.hotels_value
        for w in settle(game).ranking
    }
    last = game.moments[-1].worth
    assert {n: last[n] for n in settled} == settled


SHORT_GAME = """[Edition "uk-1996"]
[Variant "short"]
[Players "Ann, Ben, Cal, Dan"]
[Result "Dan"]
setup Ann cash 10 at Bond Street
setup Ben cash 1500 owns Mayfair x3, Park Lane x3
setup Cal cash 10 at Bond Street
setup Dan cash 100
setup next Ann
1. Ann 1-2 Park Lane rent 1100 bankrupt to Ben
2. Ben 1-2 Whitechapel Road buy 60
3. Cal 1-2 Park Lane rent 1100 bankrupt to Ben
"""

TIME_GAME = """[Edition "uk-1996"]
[Variant "time-limit"]
[Players "Ann, Ben"]
[Result "Ann"]
setup Ann cash 100
setup Ben cash 1500
setup next Ann
1. Ann 1-2 Whitechapel Road buy 60
time
end
"""


@pytest.mark.parametrize(
    ("record", "how", "rule"),
    [
        (RECORD.format(result="Ben", tail="2. Ben resign\n"), "the last player left", "WIN-01"),
        (RECORD.format(result="Ann", tail=""), "the record stops", "WIN-01"),
        (SHORT_GAME, "the richest when the game ended", "SHORT-09"),
        (TIME_GAME, "the richest when time was called", "TIME-01"),
    ],
    ids=["last player left", "unfinished", "short game", "time limit"],
)
def test_a_wrong_result_tag_cites_the_rule_that_names_the_winner(
    tmp_path: Path, record: str, how: str, rule: str
) -> None:
    # before: W101 cited WIN-01 (the last player left wins) whatever decided the game
    s = settle(load_game(write(tmp_path, record)))
    assert [(f.code, f.rule) for f in s.findings] == [("W101", rule)]
    assert how in s.findings[0].message
