"""`monolog rules list | show | diff`, text and --json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from monolog.cli import app

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, ["rules", *args])


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# ---------------------------------------------------------------- list


def test_list_names_editions_and_variants() -> None:
    result = run("list")
    assert result.exit_code == 0
    for word in ("us-2018", "us-classic", "uk-1996", "uk-esl", "Time-limit game", "Short game"):
        assert word in result.output
    data = {e["key"]: e for e in run_json("list")}
    assert list(data) == ["uk-1996", "uk-esl", "us-2018", "us-classic"]
    assert data["uk-1996"]["variants"] == {
        "standard": "Standard game",
        "short": "Short game",
        "time-limit": "Time-limit game",
    }
    assert data["us-2018"]["title"] == "Monopoly, US edition (2018 rules)"


# ---------------------------------------------------------------- show


def test_show_esl_prints_every_section() -> None:
    result = run("show", "uk-esl")
    assert result.exit_code == 0
    out = result.output
    for word in (
        "Parameters",
        "starting_cash",
        "SET-06",
        "Readings of the disputed points",
        "open-from-one",
        "Vocabulary",
        "fan stand",
        "Company Mail",
        "Assumptions",
        "starting-cash",
        "Variants",
    ):
        assert word in out, word


def test_show_json() -> None:
    data = run_json("show", "uk-esl")
    assert data["key"] == "uk-esl" and data["currency"] == "£" and data["variant"] == "standard"
    params = {p["name"]: p for p in data["parameters"]}
    assert params["starting_cash"] == {
        "name": "starting_cash",
        "value": 1500,
        "rule": "SET-06",
        "description": params["starting_cash"]["description"],
    }
    assert params["railroad_rents"]["value"] == [25, 50, 100, 200]
    readings = {r["cf"]: r for r in data["readings"]}
    assert len(readings) == 83
    assert readings["CF-28"]["reading"] == "open-from-one" and not readings["CF-28"]["default"]
    assert readings["CF-01"]["settled"] and readings["CF-01"]["rules"] == ["RENT-05", "RENT-11"]
    assert readings["CF-01"]["description"]
    assert data["vocabulary"]["hotel"] == "arena"
    assert {a["key"] for a in data["assumptions"]} >= {"starting-cash", "decks"}
    short = next(v for v in data["variants"] if v["key"] == "short")
    assert short["rules"]["opening_deal_deeds"] == 3 and "SHORT-02" in short["rule_ids"]


def test_show_a_variant() -> None:
    data = run_json("show", "uk-1996", "--variant", "short")
    params = {p["name"]: p["value"] for p in data["parameters"]}
    assert data["variant"] == "short" and params["houses_before_hotel"] == 3
    assert "none: every figure" not in run("show", "uk-1996").output  # it has assumptions
    assert "none: every figure" in run("show", "us-2018").output


def test_show_a_user_file(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: us-2018\ntitle: House\nrules: {starting_cash: 2000}\n", "utf-8")
    params = {p["name"]: p["value"] for p in run_json("show", str(path))["parameters"]}
    assert params["starting_cash"] == 2000


def test_unknown_edition_or_variant_is_a_usage_error() -> None:
    result = run("show", "us-2099")
    assert result.exit_code == 2 and "known editions" in result.output
    result = run("show", "uk-esl", "--variant", "time-limit")
    assert result.exit_code == 2 and "no variant 'time-limit'" in result.output
    assert run("diff", "us-2018", "nope").exit_code == 2


# ---------------------------------------------------------------- diff

# Every difference RULES-MATRIX records between 000 (us-2018) and 004 (uk-1996) that edition data
# can hold: rule ID -> (kind, item, us-2018 value, uk-1996 value).
EXPECTED_US_UK: dict[str, list[tuple[str, str, object, object]]] = {
    # section 0 "Amounts": $ in 000, £ in 004
    "SET-06": [("currency", "currency", "$", "£")],
    # SET-01: 2-6 in 000; 004 gives none but implies 8 (CF-56 six / eight)
    "SET-01": [("parameter", "max_players", 6, 8)],
    "CF-56": [
        ("reading", "CF-56", "six", "eight"),
        ("settled", "CF-56", "settled by the text", "open (flagged ambiguous)"),
    ],
    # SET-07: in 004 a Banker may only bank with more than five players (CF-53)
    "SET-07": [("parameter", "banker_sits_out_from", None, 6)],
    # BUY-05: $1 in 000; 004 names no lowest bid (CF-15 is a violation only in 000 mode)
    "BUY-05": [("parameter", "auction_min_bid", 1, None)],
    "CF-15": [("settled", "CF-15", "settled by the text", "open (flagged ambiguous)")],
    "CF-75": [("settled", "CF-75", "settled by the text", "open (flagged ambiguous)")],
    # SELL-04: 004 allows a hotel to be sold outright
    "SELL-04": [("parameter", "hotel_outright_sale", False, True)],
    # JAIL-04 / CF-06: before any roll in 000; at any time in 004 (its override)
    "CF-06": [
        ("reading", "CF-06", "before-any-roll", "any-time"),
        ("settled", "CF-06", "open (flagged ambiguous)", "settled by the text"),
    ],
    # BLD-13 / CF-28: openings from 1 in 000; from the deed price in 004
    "CF-28": [
        ("reading", "CF-28", "open-from-one", "deed-price-floor"),
        ("settled", "CF-28", "open (flagged ambiguous)", "settled by the text"),
    ],
    # DBL-03 / CF-09: 004 sends the player to Jail at once; 000 is silent
    "CF-09": [("settled", "CF-09", "open (flagged ambiguous)", "settled by the text")],
    # RENT-10 / CF-19: 004 uses the throw that moved the tenant; 000 reads like a fresh throw
    "CF-19": [("settled", "CF-19", "open (flagged ambiguous)", "settled by the text")],
    # MORT-01 / CF-33: 000 clears every building of the group first; 004 says "any buildings"
    "CF-33": [("settled", "CF-33", "settled by the text", "open (flagged ambiguous)")],
    # DEAL-06 / CF-23: 000 bans promises of free landing; 004 is silent
    "CF-23": [("settled", "CF-23", "settled by the text", "open (flagged ambiguous)")],
    # BLD-05 / CF-26: 004 needs four houses on every site; 000 names only the site itself
    "CF-26": [("settled", "CF-26", "open (flagged ambiguous)", "settled by the text")],
    # BLD-14 / CF-29: 004 forbids a break-down without houses in the Bank; 000 is silent
    "CF-29": [("settled", "CF-29", "open (flagged ambiguous)", "settled by the text")],
    # SHORT-07 / CF-47: 004 hands the last estate to the creditor
    "CF-47": [("settled", "CF-47", "open (flagged ambiguous)", "settled by the text")],
    # SHORT-01, TIME-01: 004 has a short game and a time-limit game; 000 neither
    "SHORT-01": [("variant", "short", None, "Short game")],
    "TIME-01": [("variant", "time-limit", None, "Time-limit game")],
    # section 1b: Railroads in 000, Stations in 004
    "BUY-01": [
        ("vocabulary", "railroad", "railroad", "station"),
        ("vocabulary", "railroads", "railroads", "stations"),
    ],
    # board (section 4a, reference data): Piccadilly's site rent 22 against Marvin Gardens' 24
    "RENT-07": [
        (
            "square",
            "#29 rents",
            [24, 120, 360, 850, 1025, 1200],
            [22, 120, 360, 850, 1025, 1200],
        )
    ],
}
SAME_NAME = {
    0,
    2,
    4,
    7,
    10,
    12,
    17,
    20,
    22,
    28,
    30,
    33,
    36,
}  # corners, decks, utilities, Income Tax


def test_diff_us_2018_uk_1996_lists_every_difference_the_matrix_records() -> None:
    data = run_json("diff", "us-2018", "uk-1996")
    assert (data["a"], data["b"]) == ("us-2018", "uk-1996")
    rows = data["differences"]
    rules_rows = [r for r in rows if r["kind"] not in ("card", "text") and r["item"][-4:] != "name"]
    got = {(r["kind"], r["item"], json.dumps(r["a"]), json.dumps(r["b"])) for r in rules_rows}
    expected = {
        (kind, item, json.dumps(a), json.dumps(b))
        for entries in EXPECTED_US_UK.values()
        for kind, item, a, b in entries
    }
    assert got == expected
    for rule, entries in EXPECTED_US_UK.items():
        for kind, item, _a, _b in entries:
            row = next(r for r in rows if (r["kind"], r["item"]) == (kind, item))
            assert rule in row["rules"], (rule, row)
    # square by square: every renamed square (sites, stations, Super Tax) and nothing else
    names = {int(r["item"][1:].split()[0]) for r in rows if r["item"].endswith(" name")}
    assert names == set(range(40)) - SAME_NAME
    luxury = next(r for r in rows if r["item"] == "#38 name")
    assert (luxury["a"], luxury["b"]) == ("Luxury Tax", "Super Tax")
    # card by card: the two decks differ in every position
    cards = {r["item"] for r in rows if r["kind"] == "card"}
    assert cards == {f"CH{n:02d}" for n in range(1, 17)} | {f"CC{n:02d}" for n in range(1, 17)}
    assert all(r["rules"] == ["CARD-02"] for r in rows if r["kind"] == "card")


# Section 2 of the rules matrix: the rules on which 000 and 004 stand differently (one states,
# the other is silent, or either differs from the reference rule).
TEXT_US_UK = """
SET-01 SET-07 TURN-04 MOVE-03 MOVE-05 DBL-03 BUY-05 BUY-06 RENT-06 RENT-10 RENT-11 RENT-13
RENT-14 CARD-05 TAX-02 TAX-05 JAIL-04 BLD-05 BLD-10 BLD-13 BLD-14 BLD-16 SELL-04 SELL-06
MORT-01 MORT-04 MORT-05 DEAL-02 DEAL-04 DEAL-06 DEAL-07 BKR-04 BKR-07 BKR-08 SHORT-01
SHORT-02 SHORT-03 SHORT-04 SHORT-06 SHORT-07 SHORT-08 SHORT-09 TIME-01 TIME-02 PIR-01 PIR-02
""".split()  # noqa: SIM905
MATRIX = Path(__file__).resolve().parents[1].parent / "shared" / "RULES-MATRIX.md"


def _matrix_text_differences(text: str, xs: tuple[str, ...], y: str) -> list[str]:
    """Straight from the matrix: rules where the texts xs (joined: the strongest status of them)
    and text y have different status words, or either says DIFFERS."""
    import re

    out: list[str] = []
    rule: str | None = None
    status: dict[str, str] = {}
    for line in [*text.splitlines(), "**END-00 end**"]:
        m = re.match(r"^\*\*([A-Z]+-\d{2}) ", line)
        if m:
            if rule and rule[:3] != "CF-" and status:
                rank = ["SILENT", "SAME", "DIFFERS"]
                sx = max((status[x] for x in xs), key=rank.index)
                sy = status[y]
                if sx != sy or "DIFFERS" in (sx, sy):
                    out.append(rule)
            rule, status = m[1], {}
            continue
        m = re.match(r"^- `(00[0-4])` \**(SAME|DIFFERS|SILENT)", line)
        if m and rule:
            status[m[1]] = m[2]
    return out


def test_diff_lists_the_rules_one_text_states_and_the_other_does_not() -> None:
    rows = run_json("diff", "us-2018", "uk-1996")["differences"]
    text = {r["rules"][0]: r for r in rows if r["kind"] == "text"}
    assert list(text) == TEXT_US_UK
    assert (text["SET-01"]["a"], text["SET-01"]["b"]) == ("states the rule", "silent")
    assert (text["SHORT-01"]["a"], text["SHORT-01"]["b"]) == ("silent", "states the rule")
    assert text["BUY-05"]["b"].startswith("differs: bidding starts at whatever another player")
    # the domain spec beside the repository (as in CI) gives the same list; us-2018 is 000 and 001
    # together, the same 2018 rules (001 states the card counts that 000's contents list omits)
    if MATRIX.is_file():
        assert (
            _matrix_text_differences(MATRIX.read_text("utf-8"), ("000", "001"), "004") == TEXT_US_UK
        )


def test_diff_text_table() -> None:
    result = run("diff", "us-2018", "uk-1996")
    assert result.exit_code == 0
    out = result.output
    for word in ("max_players", "SET-01", "Piccadilly", "station", "Super Tax", "differences"):
        assert word in out, word


def test_diff_of_an_edition_with_itself_is_empty() -> None:
    assert run_json("diff", "uk-esl", "uk-esl")["differences"] == []
    assert "do not differ" in run("diff", "us-2018", "us-2018").output


def test_diff_esl_against_uk_1996() -> None:
    """003 against 004: the ESL words, its readings and settled points, its variants, its tax and
    Company Mail squares; the board figures and card effects are the same."""
    rows = run_json("diff", "uk-1996", "uk-esl")["differences"]
    kinds = {(r["kind"], r["item"]) for r in rows}
    assert ("vocabulary", "house") in kinds and ("vocabulary", "chest") in kinds
    assert ("deck", "chest") in kinds and ("variant", "time-limit") in kinds
    assert ("variant", "short: opening_deal_deeds") in kinds
    assert ("variant", "short: max_jail_turns") in kinds
    assert ("square", "#4 name") in kinds and ("square", "#17 name") in kinds
    assert not [r for r in rows if r["kind"] == "card"]
    assert not [r for r in rows if r["kind"] == "square" and not r["item"].endswith("name")]
    short_deeds = next(r for r in rows if r["item"] == "short: opening_deal_deeds")
    assert (short_deeds["a"], short_deeds["b"]) == (2, 3) and "SHORT-02" in short_deeds["rules"]


def test_diff_compares_a_user_board_square_by_square(tmp_path: Path) -> None:
    path = tmp_path / "dear.yaml"
    path.write_text(
        "extends: us-2018\ntitle: Dear\nsquares:\n  - index: 39\n    price: 450\n", "utf-8"
    )
    rows = run_json("diff", "us-2018", str(path))["differences"]
    assert rows == [
        {"kind": "square", "item": "#39 price", "rules": ["BUY-02"], "a": 400, "b": 450}
    ]


def test_show_board_and_cards_in_text_and_json() -> None:
    import json as json_module

    from typer.testing import CliRunner

    from monolog.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["rules", "show", "us-2018", "--board", "--json"])
    assert result.exit_code == 0, result.output
    board = json_module.loads(result.output)["board"]
    assert len(board) == 40
    assert board[1]["name"] == "Mediterranean Avenue" and board[1]["rents"][0] == 2
    # a railroad's rents by railroads held, a utility's multipliers of the dice
    assert board[5]["rents"] == [25, 50, 100, 200] and board[12]["dice_multipliers"] == [4, 10]
    result = runner.invoke(app, ["rules", "show", "uk-1996", "--cards", "--json"])
    decks = json_module.loads(result.output)["decks"]
    assert {d["deck"] for d in decks} == {"chance", "chest"}
    assert all(c["title"] for d in decks for c in d["cards"])
    result = runner.invoke(
        app,
        ["rules", "show", "us-2018", "--board", "--cards"],
        env={"NO_COLOR": "1", "COLUMNS": "200"},
    )
    assert result.exit_code == 0
    assert "Mediterranean Avenue" in result.output and "$60" in result.output
    assert "$25/$50/$100/$200" in result.output and "4x dice/10x dice" in result.output
    assert "Advance to Boardwalk" in result.output


def test_piped_rules_tables_have_one_row_a_square_and_no_trailing_blanks() -> None:
    import os

    from cli_process import run_command  # a process of its own, forked from a pre-imported one

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR")}
    for args in (["show", "us-2018", "--board", "--cards"], ["show", "uk-1996"], ["list"]):
        done = run_command(["rules", *args], None, env)
        assert done.code == 0 and done.clean, (args, done.stderr)
        out = done.stdout
        lines = out.splitlines()
        assert lines and all(line == line.rstrip() for line in lines), args
        assert "\x1b" not in out
        if "--board" in args:
            rows = [line for line in lines if line[:1].isdigit()]
            assert len(rows) == 40  # each square on one line, at the fixed piped width
            board = lines[lines.index(rows[0]) : lines.index(rows[-1]) + 1]
            assert board == rows, [line for line in board if line not in rows]  # nothing wrapped
            assert "1   Mediterranean Avenue" in out and "$2/$10/$30/$90/$160/$250" in out
