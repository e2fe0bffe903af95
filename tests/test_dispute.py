"""`monolog dispute`: one record replayed under its own rulings and under an alternative.

The numbers come from reading the records: the worked example (scenarios/games) and small
records written here. CF items are those of RULES-MATRIX §3.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest
from testkit.disputes import compared as measured
from typer.testing import CliRunner

from monolog.cli import app
from monolog.dispute import Comparison, verdicts
from monolog.dispute.compare import signature, state_differences
from monolog.editions import load_edition
from monolog.engine import GameState, replay
from monolog.findings.model import Severity
from monolog.notation.parser import parse_text

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "scenarios" / "games" / "worked-example.mlog"
runner = CliRunner()

# Ann holds the light blues with Connecticut Avenue mortgaged; Ben lands on Oriental Avenue and
# the rent is left for the engine to work out (RENT-05, CF-01).
LIGHT_BLUES = """\
[Players "Ann, Ben"]
setup Ann owns Oriental Avenue, Vermont Avenue, Connecticut Avenue mortgaged
setup next Ben
1. Ben 2-4 Oriental Avenue rent
"""


@cache
def compared(text: str, name: str, **rulings: str) -> Comparison:
    return measured(text, name, rulings)


def worked(cf: str, reading: str) -> Comparison:
    return compared(WORKED.read_text(encoding="utf-8"), "worked-example.mlog", **{cf: reading})


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["dispute", *args], env=env or {"NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


# --------------------------------------------------------------------------- the worked example
def test_cf04_extra_roll_diverges_at_the_disputed_line() -> None:
    """Line 47: Ann leaves jail on 5-5 and passes the dice. Under extra-roll (CF-04 b) she owed
    another throw, so that line becomes illegal (DBL-01); no money moves differently."""
    c = worked("CF-04", "extra-roll")
    assert c.rulings == {"CF-04": ("no-extra-roll", "extra-roll")}
    d = c.divergence
    assert d is not None
    assert (d.span.line, d.span.column) == (47, 9)
    assert d.text == "5-5 Free Parking"
    assert [(x.kind, x.subject) for x in d.differences] == [("finding", "M102")]
    assert d.differences[0].original is None  # only under the alternative
    assert [(f.code, f.line) for f in c.illegal] == [("M102", 47)]
    assert c.legal == ()
    assert {(side, f.code, f.line) for side, f in c.applied} == {
        ("original", "A04", 47),
        ("alternative", "A04", 47),
    }
    assert all(o.cash_delta == 0 and o.worth_delta == 0 for o in c.outcomes)
    assert [v.text for v in verdicts(c)] == [
        "the ruling was worth nothing to Ann",
        "the ruling was worth nothing to Ben",
        "the ruling was worth nothing to Cal",
    ]


def test_cf02_fourth_turn_pay_keeps_ben_in_jail_on_line_107() -> None:
    """Line 107: Ben fails his third jail throw (1-5), pays 50 and moves to St. James Place, where
    Ann's two houses take 200 (JAIL-08). Under fourth-turn-pay (CF-02 b) he stays in jail: no
    fine, no move, no rent, so Ben keeps 250 and Ann lacks 200 at that point."""
    c = worked("CF-02", "fourth-turn-pay")
    d = c.divergence
    assert d is not None and d.span.line == 107
    cash = {x.subject: x.delta for x in d.differences if x.kind == "cash"}
    assert cash == {"Ann": -200, "Ben": 250}
    position = next(x for x in d.differences if x.kind == "position")
    assert (position.subject, position.original) == ("Ben", "St. James Place")
    jail = next(x for x in d.differences if x.kind == "jail")
    assert jail.subject == "Ben" and jail.original == "not in jail"
    # the fine and the rent written on line 107 are now wrong
    assert {f.line for f in c.illegal} >= {107}
    assert all(f.severity is Severity.ERROR for f in c.illegal)
    worth = {o.name: o.worth_delta for o in c.outcomes}
    assert worth == {"Ann": -200, "Ben": 0, "Cal": 0}
    assert verdicts(c)[0].text == "the ruling was worth -$200 to Ann"


def test_cf03_the_jailing_turn_counts_from_line_40() -> None:
    """Line 40: Ann is sent to jail. Under jailing-turn-counts (CF-03 b) that turn is her first
    jail turn, so the tables part there, on her jail count alone."""
    c = worked("CF-03", "jailing-turn-counts")
    d = c.divergence
    assert d is not None and d.span.line == 40
    assert [(x.kind, x.subject) for x in d.differences] == [("jail", "Ann")]
    # Ben's third try would come on line 102, so line 107's fine is no longer due there
    assert any(f.line == 107 for f in c.illegal)


# Ann, on her third jail turn, fails the throw and plays her jail card for the fine it made due
# (CF-07, the default card-replaces-fine); Ben then takes his turn.
JAIL_CARD_FOR_THE_FINE = """\
[Players "Ann, Ben"]
setup Ann jail 3 goojf CC05
1. Ann 1-3 #14 goojf buy
2. Ben 1-2 Baltic Avenue buy
"""


def test_cf07_card_before_roll_only_makes_the_played_card_illegal() -> None:
    """Under card-before-roll-only (CF-07 b) the card cannot stand in for the fine after a failed
    third throw: the alternative side replays the rules, not the record's play, so the card stays
    in Ann's hand and the $50 is paid in cash. That verdict (M505 on the jail card) is filed only
    on this side, which no scenario replays, so its text is pinned here."""
    c = compared(JAIL_CARD_FOR_THE_FINE, "card.mlog", **{"CF-07": "card-before-roll-only"})
    assert [(f.code, f.line, f.message) for f in c.illegal] == [
        (
            "M505",
            3,
            "after a failed third throw Ann must pay the fine in cash (reading "
            "card-before-roll-only of CF-07)",
        )
    ]
    assert c.legal == ()
    assert {o.name: o.cash_delta for o in c.outcomes} == {"Ann": -50, "Ben": 0}


def test_a_ruling_that_never_changes_the_table() -> None:
    """Line 56: Cal's third double goes to jail; whether the token moves first (CF-09) changes
    only the A09 message, not the table or any other finding."""
    c = worked("CF-09", "moved")
    assert c.divergence is None
    assert c.illegal == c.legal == ()
    assert [f.line for _, f in c.applied] == [56, 56]


# --------------------------------------------------------------------------- small records
# Finn's count on line 4 is $200 above the replay (1,494 after the $6 rent worked out): the
# record's own replay takes it as Finn's cash, as settle, state and ledger do.
COUNTED = LIGHT_BLUES.replace(
    "setup next Ben\n1. Ben 2-4 Oriental Avenue rent",
    "setup next Ben\n1. Ben 2-4 Oriental Avenue rent =1694",
)


def test_a_count_taken_as_written_corrects_both_sides_alike() -> None:
    """The original has Ben at $1,694 after his count, as every report has; the alternative
    (a $12 rent) is corrected by the same $200, so the two differ by the ruling's $6 alone."""
    c = compared(COUNTED, "counted.mlog", **{"CF-01": "double-unmortgaged"})
    assert {o.name: o.cash for o in c.outcomes} == {"Ann": (1506, 1512), "Ben": (1694, 1688)}
    assert [v.text for v in verdicts(c)] == [
        "the ruling was worth $6 to Ann",
        "the ruling was worth -$6 to Ben",
    ]


def test_a_count_met_by_the_same_table_is_judged_alike() -> None:
    """A ruling that moves no money: the count meets the same table on both sides, so both take
    it and report it in the same words; nothing tells the games apart but the ruling."""
    c = compared(COUNTED, "counted.mlog", **{"CF-04": "extra-roll"})
    assert {o.name: o.cash for o in c.outcomes} == {"Ann": (1506, 1506), "Ben": (1694, 1694)}
    assert c.divergence is None and c.other == ()


def test_derived_rent_changes_cash_and_worth() -> None:
    """Oriental Avenue's rent is 6; double-unmortgaged (CF-01 b) doubles it to 12."""
    c = compared(LIGHT_BLUES, "blues.mlog", **{"CF-01": "double-unmortgaged"})
    d = c.divergence
    assert d is not None and (d.span.line, d.span.column) == (4, 8)
    assert [(x.subject, x.original, x.alternative, x.delta) for x in d.differences] == [
        ("Ann", 1506, 1512, 6),
        ("Ben", 1494, 1488, -6),
    ]
    assert c.rejoined is None
    assert [v.text for v in verdicts(c)] == [
        "the ruling was worth $6 to Ann",
        "the ruling was worth -$6 to Ben",
    ]


def test_recorded_rent_becomes_illegal_and_the_tables_agree_again() -> None:
    """With `rent 6` written, the record's amount is what moved: the alternative calls it wrong
    (M301, RENT-05) and the cash is the same again once the clause is read."""
    text = LIGHT_BLUES.replace("rent\n", "rent 6\n")
    c = compared(text, "blues.mlog", **{"CF-01": "double-unmortgaged"})
    assert [(f.code, f.line, f.column) for f in c.illegal] == [("M301", 4, 28)]
    assert "$12" in c.illegal[0].message
    assert c.divergence is not None and c.divergence.span.line == 4
    assert c.rejoined is not None and c.rejoined.span.line == 4
    assert all(o.worth_delta == 0 for o in c.outcomes)


def test_a_recorded_error_that_the_alternative_allows_becomes_legal() -> None:
    """`rent 12` is wrong under no-double and right under double-unmortgaged."""
    text = LIGHT_BLUES.replace("rent\n", "rent 12\n")
    c = compared(text, "blues.mlog", **{"CF-01": "double-unmortgaged"})
    assert [(f.code, f.line) for f in c.legal] == [("M301", 4)]
    assert c.illegal == ()


# Ann, owing Cal 1,100 with 100 in hand, sells both her deeds to Ben for 10 and goes bankrupt
# to Cal (CF-78; r/monopoly "Dealing with bankruptcy", monopoly.fandom.com/wiki/Bankruptcy).
DEALT_AWAY = """\
[Players "Ann, Ben, Cal"]
setup Ann cash 100 at #34 owns #1, #3
setup Cal owns #37 x3, #39 x3
setup bank houses 26
setup next Ann
1. Ann 1-2 #37 rent 1100
deal Ann: #1, #3 | Ben: 10
Ann bankrupt to Cal
"""


def test_cf78_must_cover_sets_the_deal_aside_at_the_bankruptcy() -> None:
    """Under must-cover the deal that did not clear the debt is set aside when Ann goes bankrupt:
    the two deeds go with the estate to Cal and Ben has his 10 back. (The record's deal was
    replayed as written on both sides before, so dispute saw no difference at all.)"""
    c = compared(DEALT_AWAY, "dealt.mlog", **{"CF-78": "must-cover"})
    d = c.divergence
    assert d is not None and d.span.line == 8
    assert [x.text for x in d.differences] == [
        "Ben's cash $1,490 -> $1,500 (+$10)",
        "Cal's cash $1,610 -> $1,600 (-$10)",
        "Mediterranean Avenue owned by Ben -> Cal",
        "Baltic Avenue owned by Ben -> Cal",
    ]
    assert [v.text for v in verdicts(c)] == [
        "the ruling was worth nothing to Ann",
        "the ruling was worth -$110 to Ben",
        "the ruling was worth $110 to Cal",
    ]
    # audit under must-cover follows the record: the deal stands, named as a departure
    audited = replay(parse_text(DEALT_AWAY, "dealt.mlog"), rulings={"CF-78": "must-cover"})
    assert audited.state.deeds[1].owner == "Ben"
    assert [(f.code, f.severity) for f in audited.findings] == [("A78", Severity.WARNING)]


def test_state_differences_name_every_kind() -> None:
    ed = load_edition("us-2018")
    a = GameState.new(ed, ["Ann", "Ben"])
    b = GameState.new(ed, ["Ann", "Ben"])
    b.player("Ann").cash -= 35
    b.player("Ben").position = 10
    b.player("Ben").in_jail = True
    b.deeds[37].owner = "Ann"
    b.deeds[39].mortgaged = True
    b.deeds[1].houses = 2
    b.bank_houses -= 2
    diffs = state_differences(signature(a), signature(b), ed)
    assert [d.text for d in diffs] == [
        "Ann's cash $1,500 -> $1,465 (-$35)",
        "Ben on GO -> Jail / Just Visiting",
        "Ben not in jail -> in jail (turn 0)",
        "Mediterranean Avenue no buildings -> 2 houses",
        "Park Place owned by the bank -> Ann",
        "Boardwalk unmortgaged -> mortgaged",
        "bank stock 32 houses, 12 hotels -> 30 houses, 12 hotels",
    ]
    assert state_differences(signature(a), signature(a), ed) == []


# Ann fails her first throw from jail and pays the fine on that roll (JAIL-09, CF-06 open in
# the 2018 texts): reading any-time's play, Ann leaving jail at the start of her next turn.
FINE_AFTER_THROW = """\
[Players "Ann, Ben"]
setup Ann at #10 jail 1
setup next Ann
1. Ann 1-3 fine 50
2. Ben 1-2 #3 buy
3. Ann 1-2 #13 buy
"""


def test_cf06_a_fine_after_a_failed_throw_is_the_same_game_under_any_time() -> None:
    """The record follows any-time where CF-06 is open: the point is named on line 4 on both
    sides, and no M505 becomes legal under any-time, as none was filed under the default."""
    c = compared(FINE_AFTER_THROW, "fine-after-throw.mlog", **{"CF-06": "any-time"})
    assert [(side, f.code, f.line) for side, f in c.applied] == [
        ("original", "A06", 4),
        ("alternative", "A06", 4),
    ]
    assert c.illegal == c.legal == () and c.divergence is None


# Under the classic summary, silent on CF-50, Ann builds beside her mortgaged Vermont Avenue.
BESIDE_A_MORTGAGE = """\
[Edition "us-classic"]
[Players "Ann, Ben"]
setup Ann owns Oriental Avenue, Vermont Avenue mortgaged, Connecticut Avenue
setup next Ann
Ann build Oriental Avenue
"""


def test_cf50_a_build_beside_a_mortgage_is_the_same_game_under_allowed() -> None:
    """The record follows allowed where CF-50 is open: the point is named on line 5 on both
    sides (a departure from forbidden, then agreeing), and no M603 becomes legal."""
    c = compared(BESIDE_A_MORTGAGE, "beside-a-mortgage.mlog", **{"CF-50": "allowed"})
    assert [(side, f.code, f.line) for side, f in c.applied] == [
        ("original", "A50", 5),
        ("alternative", "A50", 5),
    ]
    assert c.illegal == c.legal == () and c.divergence is None


# Ben lands on Ann's Vermont Avenue; Cal throws, and only then is the rent asked for (CF-22).
RENT_AFTER_THE_NEXT_THROW = """\
[Players "Ann, Ben, Cal"]
setup Ann owns #8
setup next Ben
1. Ben 3-5 #8
2. Cal 1-2 #3 buy
Ben rent 6
"""


def test_cf22_a_rent_after_the_next_throw_is_the_same_game_under_second_player_rolls() -> None:
    """Late under until-next-roll, in time under second-player-rolls: the record follows that
    reading, so the point is named on line 6 on both sides and no M304 becomes legal."""
    rulings = {"CF-22": "second-player-rolls"}
    c = compared(RENT_AFTER_THE_NEXT_THROW, "late-rent.mlog", **rulings)
    assert [(side, f.code, f.line) for side, f in c.applied] == [
        ("original", "A22", 6),
        ("alternative", "A22", 6),
    ]
    assert c.illegal == c.legal == () and c.divergence is None


# --------------------------------------------------------------------------- the command
def test_text_report_on_the_worked_example() -> None:
    code, out, _ = invoke(str(WORKED), "--ruling", "CF-04=extra-roll")
    assert code == 0
    assert "CF-04 no-extra-roll -> extra-roll" in out
    assert re.search(r"^  \S+worked-example\.mlog:47:9  5-5 Free Parking$", out, re.M)
    assert "Becomes illegal under the alternative (1)" in out
    assert "the ruling was worth nothing to Cal" in out
    assert "\x1b[" not in out


def test_json_report_is_versioned_and_deterministic() -> None:
    args = (str(WORKED), "--ruling", "cf-02=fourth-turn-pay", "--format", "json")
    code, out, _ = invoke(*args)
    assert code == 0
    assert invoke(*args)[1] == out
    doc = json.loads(out)
    assert doc["schema"] == 1
    assert doc["rulings"] == [
        {"cf": "CF-02", "in_force": "third-roll-pay-and-move", "alternative": "fourth-turn-pay"}
    ]
    assert doc["divergence"]["line"] == 107
    ann = next(p for p in doc["players"] if p["name"] == "Ann")
    assert ann["worth"]["diff"] == -200
    assert doc["verdict"][0] == {
        "player": "Ann",
        "worth": -200,
        "text": "the ruling was worth -$200 to Ann",
    }


def test_several_rulings_at_once() -> None:
    code, out, _ = invoke(
        str(WORKED), "--ruling", "CF-04=extra-roll", "--ruling", "CF-02=fourth-turn-pay"
    )
    assert code == 0
    assert "CF-04 no-extra-roll -> extra-roll" in out
    assert "CF-02 third-roll-pay-and-move -> fourth-turn-pay" in out
    # the earlier of the two points is where the games part
    assert re.search(r"^First divergence\n  \S+:47:9 ", out, re.M)


def test_the_ruling_in_force_is_said_so() -> None:
    code, out, _ = invoke(str(WORKED), "--ruling", "CF-04=no-extra-roll")
    assert code == 0
    assert "CF-04 is already no-extra-roll in this record (the us-2018 edition's reading)" in out
    code, out, _ = invoke(str(WORKED), "--ruling", "CF-23=unclaimed-not-owed")
    assert code == 0
    assert "the only reading monolog knows for it" in out


def test_a_ruling_tag_sets_the_reading_in_force(tmp_path: Path) -> None:
    record = tmp_path / "tagged.mlog"
    record.write_text(
        LIGHT_BLUES.replace("\n", '\n[Ruling "CF-01=double-unmortgaged"]\n', 1), encoding="utf-8"
    )
    code, out, _ = invoke(str(record), "--ruling", "CF-01=double-unmortgaged")
    assert code == 0
    assert "the record's Ruling tag at line 2" in out
    code, out, _ = invoke(str(record), "--ruling", "CF-01=no-double", "--format", "json")
    doc = json.loads(out)
    assert doc["rulings"][0]["in_force"] == "double-unmortgaged"
    assert [v["worth"] for v in doc["verdict"]] == [-6, 6]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ruling", "CF-99=x"], "valid keys: CF-01, CF-02"),
        (["--ruling", "CF-04=sideways"], "valid readings: no-extra-roll, extra-roll"),
        (["--ruling", "CF-04"], "expected CF-nn=READING"),
        (["--ruling", "CF-04=extra-roll", "--ruling", "CF-04=no-extra-roll"], "given twice"),
        ([], "give at least one --ruling"),
        (["--ruling", "CF-04=extra-roll", "--format", "xml"], "expected one of text, json"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    code, out, err = invoke(str(WORKED), *args)
    assert code == 2
    assert message in err
    assert out == ""


@pytest.mark.parametrize("value", ["CF-99=x", "CF-04=sideways", "CF-04", "cf4=extra-roll"])
def test_ruling_values_are_read_as_audit_reads_them(value: str) -> None:
    """dispute and audit take `--ruling` through one reader: the same value gets the same
    verdict and the same words from both (they once had two readers worded differently)."""
    code, _, err = invoke(str(WORKED), "--ruling", value)
    audit = runner.invoke(app, ["audit", "--ruling", value, str(WORKED)], env={"NO_COLOR": "1"})
    if value == "cf4=extra-roll":
        assert code == 0 and audit.exit_code != 2
        return
    assert code == 2 and audit.exit_code == 2
    assert err.removeprefix("monolog dispute: ") == audit.stderr.removeprefix("monolog audit: ")


def test_unreadable_and_unparsable_records_exit_2(tmp_path: Path) -> None:
    code, _, err = invoke(str(tmp_path / "missing.mlog"), "--ruling", "CF-04=extra-roll")
    assert code == 2 and "P001" in err
    bad = tmp_path / "bad.mlog"
    bad.write_text('[Players "Ann, Ben"]\n1. Ann 3-4 Vermont Avenue buy 100 ?!\n', encoding="utf-8")
    code, _, err = invoke(str(bad), "--ruling", "CF-04=extra-roll")
    assert code == 2 and "bad.mlog:2:" in err
    code, _, err = invoke(str(tmp_path), "--ruling", "CF-04=extra-roll")
    assert code == 2 and "folder" in err


def test_the_table_fits_a_narrow_terminal() -> None:
    code, out, _ = invoke(
        str(WORKED), "--ruling", "CF-02=fourth-turn-pay", env={"NO_COLOR": "1", "COLUMNS": "60"}
    )
    assert code == 0
    table = out[out.index("at the end") :].split("\n\n")[0].splitlines()
    assert all(len(line) <= 60 for line in table)
    assert "…" not in "\n".join(table)


def test_the_documented_example_is_what_the_command_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/disputes.md shows the CF-02 comparison as it prints (default piped width)."""
    monkeypatch.chdir(ROOT)
    doc = (ROOT / "docs" / "disputes.md").read_text(encoding="utf-8")
    command = "$ monolog dispute scenarios/games/worked-example.mlog --ruling CF-02=fourth-turn-pay"
    after = doc[doc.index(command) :]
    shown = after[after.index("```text\n") + len("```text\n") :]
    shown = shown[: shown.index("```\n")]
    result = runner.invoke(
        app,
        ["dispute", "scenarios/games/worked-example.mlog", "--ruling", "CF-02=fourth-turn-pay"],
        env={"NO_COLOR": "1"},
    )
    assert result.exit_code == 0
    assert result.stdout == shown


# A short game: three houses allow a hotel, and Ann builds a fourth on Park Lane (CF-45).
FOURTH_HOUSE = """\
[Edition "uk-1996"]
[Variant "short"]
[Players "Ann, Ben"]
setup Ann cash 1000 owns Park Lane x3, Mayfair x3
setup Ben cash 1000
setup next Ann
Ann build Park Lane
"""


def test_cf45_three_house_cap_refuses_a_fourth_house_the_deed_prints_a_rent_for() -> None:
    """Under three-house-cap the fourth house is refused (M604) for the reading's cap, not for
    a missing rent: the deed prints one for four houses."""
    c = compared(FOURTH_HOUSE, "fourth-house.mlog", **{"CF-45": "three-house-cap"})
    [m604] = [f for f in c.illegal if f.code == "M604"]
    assert m604.line == 7
    assert "no rent is printed" not in m604.message
    assert m604.message.endswith(
        "not replayed: reading three-house-cap caps a site at 3 houses, though the deed prints "
        "a rent for 4"
    )
