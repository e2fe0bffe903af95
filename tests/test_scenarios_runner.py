"""The scenario runner: loading and validation, running, diffs, JUnit, coverage, pytest plugin."""

from __future__ import annotations

import importlib.machinery
import importlib.metadata
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.findings.model import Finding, Severity
from monolog.notation import events as ev
from monolog.scenarios import coverage as cov_mod
from monolog.scenarios import junit
from monolog.scenarios.model import (
    RuleCatalogue,
    ScenarioFileError,
    load_scenarios,
    rule_catalogue,
)
from monolog.scenarios.runner import compare_partial, run_scenario
from monolog.scenarios.suite import find_files, run_files

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def one(tmp_path: Path, text: str, name: str = "s.yaml") -> Any:
    scenarios = load_scenarios(write(tmp_path, name, text))
    assert len(scenarios) == 1
    return scenarios[0]


# --------------------------------------------------------------------------- a stand-in engine
# The runner's contract with the engine is `replay(events, edition=, rulings=, file=, observer=)`
# returning an object with `findings`, `state` (with `snapshot(edition)`) and `edition`. This
# stand-in applies rent only: each rent moves its amount from the payer to the owner named in
# `to`, and a rent of 12 on Vermont Avenue is reported as wrong (it should be 6 here).


class FakeState:
    def __init__(self) -> None:
        self.cash = {"Ann": 1500, "Ben": 1500}
        self.turn = 0

    def snapshot(self, edition: str) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "edition": edition,
            "players": {n: {"cash": c, "cards": []} for n, c in self.cash.items()},
            "bank": {"houses": 32, "hotels": 12},
        }


def fake_replay(
    events: list[ev.Event],
    edition: str | None = None,
    rulings: dict[str, str] | None = None,
    file: str = "game.mlog",
    observer: Any = None,
) -> SimpleNamespace:
    state = FakeState()
    findings = []
    payer = "Ann"
    for e in events:
        if isinstance(e, ev.TurnStart):
            state.turn = e.number
            payer = e.player.text
        if isinstance(e, ev.Rent) and e.amount is not None and e.payee is not None:
            state.cash[payer] -= e.amount
            state.cash[e.payee.text] += e.amount
            if e.amount == 12:
                findings.append(
                    Finding(
                        "M301",
                        Severity.ERROR,
                        "rent is $6: Ann does not hold the whole group",
                        span=e.span,
                        rule="RENT-01",
                    )
                )
        if observer is not None:
            observer(e, state)
    return SimpleNamespace(findings=findings, state=state, edition=edition or "us-2018")


RENT_SCENARIO = """\
title: Rent on a lone light blue
rules: [RENT-01]
record: |
  [Players "Ann, Ben"]
  1. Ann 3-4 Vermont Avenue buy 100
  2. Ben 3-4 Vermont Avenue rent 12 to Ann
  3. Ann 1-2 Reading Railroad
expect:
  findings: [{code: M301, line: 3}]
  state:
    3: {players: {Ben: {cash: 1488}, Ann: {cash: 1512}}}
  final: {turn: 3, bank: {houses: 32}}
"""


# --------------------------------------------------------------------------- loading


def test_loads_a_single_scenario(tmp_path: Path) -> None:
    s = one(tmp_path, RENT_SCENARIO)
    assert s.title == "Rent on a lone light blue"
    assert s.rules == ("RENT-01",)
    assert s.expect.findings is not None and s.expect.findings[0].code == "M301"
    assert s.expect.state[3]["players"]["Ben"]["cash"] == 1488
    assert s.expect.needs_engine


def test_loads_a_list_and_a_record_file(tmp_path: Path) -> None:
    write(tmp_path, "games/g.mlog", '[Players "Ann, Ben"]\n')
    path = write(
        tmp_path,
        "list.yaml",
        """\
        scenarios:
          - title: first
            rules: [CF-01]
            record_file: games/g.mlog
          - title: second
            rules: []
            edition: uk-1996
            rulings: {CF-02: fourth-turn-pay}
            record: "[Players \\"Ann, Ben\\"]\\n"
            expect: {parse_error: {code: P101, line: 1, column: 2}}
        """,
    )
    first, second = load_scenarios(path)
    assert first.record_file == tmp_path / "games" / "g.mlog"
    assert first.record is None and first.index == 0
    assert second.rulings == {"CF-02": "fourth-turn-pay"} and second.edition == "uk-1996"
    assert second.expect.parse_error is not None and second.expect.parse_error.column == 2
    assert not second.expect.needs_engine
    assert second.line == 5


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("title: t\nrules: []\nrecord: x\nexpects: {}\n", "s.yaml:4: expects", "unknown key"),
        ("rules: []\nrecord: x\n", "s.yaml:1", "`title` is required"),
        ("title: t\nrecord: x\n", "s.yaml:1", "`rules` is required"),
        ("title: t\nrules: [RENT-99]\nrecord: x\n", "s.yaml:2: rules[0]", "not a RULES-MATRIX"),
        ("title: t\nrules: [rent 4]\nrecord: x\n", "s.yaml:2: rules[0]", "not a rule ID"),
        ("title: t\nrules: []\n", "s.yaml:1", "needs a `record`"),
        ("title: t\nrules: []\nrecord_file: nope.mlog\n", "record_file", "no such record file"),
        ("title: t\nrules: []\nrecord: x\nrulings: {RENT-01: a}\n", "rulings.RENT-01", "CF item"),
        ("title: t\nrules: []\nrecord: x\nexpect: {state: {four: {}}}\n", "state.four", "line"),
        (
            "title: t\nrules: []\nrecord: x\nexpect:\n  parse_error: {code: P101}\n  final: {}\n",
            "s.yaml:6: expect.final",
            "cannot also expect replay results",
        ),
        ("title: off\nrules: []\nrecord: x\n", "s.yaml:1: title", "got False: write it in quotes"),
        ("title: t\nrules: []\nrecord: x\nedition: mars\n", "edition", "unknown edition 'mars'"),
        ("title: t\nrules: []\nrecord: x\nrulings: {CF-02: b}\n", "CF-02", "no reading 'b'"),
        ("title: [unclosed\n", "s.yaml:2", "not valid YAML"),
        ("", "s.yaml", "the file is empty"),
        ("- a\n- b\n", "s.yaml:1", "expected a mapping"),
    ],
)
def test_invalid_files_name_the_file_line_and_key(
    tmp_path: Path, text: str, where: str, words: str
) -> None:
    path = write(tmp_path, "s.yaml", text)
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(path)
    message = str(info.value)
    assert str(path.parent) in message
    assert where in message
    assert words in message


def test_invalid_finding_in_a_list_names_the_full_key_path(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "s.yaml",
        """\
        scenarios:
          - title: ok
            rules: []
            record: x
          - title: bad
            rules: []
            record: x
            expect:
              findings:
                - {code: M301, line: 2}
                - {code: rent, line: 3}
        """,
    )
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(path)
    assert info.value.path == "scenarios[1].expect.findings[1].code"
    assert info.value.line == 11
    assert "'rent' is not a finding code" in str(info.value)


def test_duplicate_titles_in_one_file_are_refused(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "s.yaml",
        "scenarios:\n  - {title: a, rules: [], record: x}\n  - {title: a, rules: [], record: y}\n",
    )
    with pytest.raises(ScenarioFileError, match="already used by scenarios\\[0\\]"):
        load_scenarios(path)


# --------------------------------------------------------------------------- running


# --------------------------------------------------------------------------- editions lists

TAX = """\
title: Luxury Tax paid in full
rules: [TAX-01]
editions: [us-2018, us-classic, uk-1996]
record: |
  [Players "Ann, Ben"]
  setup Ann at Short Line
  1. Ann 1-2 Luxury Tax tax $100
expect:
  findings: []
  final: {players: {Ann: {cash: 1400, position: Luxury Tax}}}
overrides:
  us-classic:
    lines: {3: "1. Ann 1-2 Luxury Tax tax $75"}
    expect: {final: {players: {Ann: {cash: 1425}}}}
"""


def test_an_editions_list_ports_the_scenario_to_each_edition(tmp_path: Path) -> None:
    scenarios = load_scenarios(write(tmp_path, "s.yaml", TAX))
    assert [(s.title, s.edition) for s in scenarios] == [
        ("Luxury Tax paid in full", None),
        ("Luxury Tax paid in full (us-classic)", "us-classic"),
        ("Super Tax paid in full (uk-1996)", "uk-1996"),
    ]
    uk = scenarios[2]
    assert uk.record is not None and "setup Ann at Liverpool Street Station\n" in uk.record
    assert "Super Tax tax £100" in uk.record
    assert uk.expect.final == {"players": {"Ann": {"cash": 1400, "position": "Super Tax"}}}
    # the override replaces a line of the ported record and the final snapshot, nothing else
    classic = scenarios[1]
    assert classic.record is not None and classic.record.endswith("tax $75\n")
    assert classic.expect.findings == ()
    results = [run_scenario(s) for s in scenarios]
    assert [r.edition for r in results] == ["us-2018", "us-classic", "uk-1996"]
    assert all(r.passed for r in results), [r.problems for r in results]


def test_without_its_override_the_port_fails_where_the_rulebook_differs(tmp_path: Path) -> None:
    text = TAX[: TAX.index("overrides:")]
    classic = load_scenarios(write(tmp_path, "s.yaml", text))[1]
    result = run_scenario(classic)
    assert not result.passed
    assert any("M407" in problem for problem in result.problems), result.problems


def test_a_files_editions_list_serves_scenarios_without_their_own(tmp_path: Path) -> None:
    write(tmp_path, "game.mlog", '[Players "Ann, Ben"]\n1. Ann 1-3 Income Tax tax 200\n')
    path = write(
        tmp_path,
        "s.yaml",
        """\
        editions: [us-2018, uk-esl]
        scenarios:
          - title: From a record file
            rules: [TAX-01]
            record_file: game.mlog
            expect: {findings: []}
          - title: Its own list
            editions: [us-2018]
            rules: [TAX-01]
            record: |
              [Players "Ann, Ben"]
            expect: {findings: []}
        """,
    )
    scenarios = load_scenarios(path)
    assert [(s.title, s.edition) for s in scenarios] == [
        ("From a record file", None),
        ("From a record file (uk-esl)", "uk-esl"),
        ("Its own list", None),
    ]
    assert scenarios[1].record_file is None
    ported = '[Players "Ann, Ben"]\n1. Ann 1-3 Event Travel Expenses tax 200\n'
    assert scenarios[1].record == ported
    assert all(run_scenario(s).passed for s in scenarios)


_HEAD = "title: t\nrules: [TAX-01]\n"
_REC = 'record: |\n  [Players "Ann, Ben"]\n  1. Ann 1-3 Income Tax tax 200\n'


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (_HEAD + "editions: [us-2018, uk-1997]\n" + _REC, "s.yaml:3: editions[1]", "'uk-1997'"),
        (_HEAD + "editions: [us-2018, us-2018]\n" + _REC, "s.yaml:3: editions[1]", "already"),
        (_HEAD + "editions: [uk-1996]\n" + _REC, "s.yaml:3: editions", "must name us-2018"),
        (_HEAD + "editions: uk-1996\n" + _REC, "s.yaml:3: editions", "a list of editions"),
        (
            _HEAD + _REC + "overrides: {uk-1996: {expect: {findings: []}}}\n",
            "s.yaml:6: overrides",
            "need an `editions:` list",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\n" + _REC + "overrides:\n  uk-1996: {notes: n}\n",
            "s.yaml:8: overrides.uk-1996",
            "not in the scenario's editions",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\n" + _REC + "overrides:\n  us-2018: {notes: n}\n",
            "s.yaml:8: overrides.us-2018",
            "change the scenario itself",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\n" + _REC + "overrides:\n  uk-esl: {colour: x}\n",
            "s.yaml:8: overrides.uk-esl.colour",
            "unknown key",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\n" + _REC + "overrides:\n"
            "  uk-esl:\n    expect:\n      findings: [{code: X1, line: 2}]\n",
            "s.yaml:10: overrides.uk-esl.expect.findings[0].code",
            "'X1' is not a finding code",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\n" + _REC + "overrides:\n"
            "  uk-esl:\n    lines: {3: x}\n",
            "s.yaml:9: overrides.uk-esl.lines.3",
            "has 2 lines, not 3",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\n" + _REC + "overrides:\n"
            "  uk-esl: {record: x, lines: {1: y}}\n",
            "s.yaml:8: overrides.uk-esl.lines",
            "not both",
        ),
        (
            _HEAD + "editions: [us-2018, uk-esl]\nrecord: x\nexpect: {parse_error: {code: P101}}\n",
            "s.yaml:3: editions[1]",
            "cannot be ported to uk-esl: expects a parse error",
        ),
        (
            "editions: [us-2018, mars]\nscenarios:\n  - title: t\n    rules: []\n    record: x\n",
            "s.yaml:1: editions[1]",
            "unknown edition 'mars'",
        ),
    ],
)
def test_a_bad_editions_list_or_override_names_the_file_line_and_key(
    tmp_path: Path, text: str, where: str, words: str
) -> None:
    path = write(tmp_path, "s.yaml", text)
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(path)
    message = str(info.value)
    assert where in message, message
    assert words in message, message


def test_parse_only_scenario_passes_without_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "monolog.engine", None)  # importing it now fails
    s = one(tmp_path, 'title: t\nrules: []\nrecord: |\n  [Players "Ann, Ben"]\n')
    result = run_scenario(s)
    assert result.passed, result.diff


def test_expected_parse_error_matches_and_mismatches(tmp_path: Path) -> None:
    record = 'record: |\n  [Players "Ann, Ben"]\n  1. Ann 3-4 pay 50\n'
    good = one(
        tmp_path, f"title: t\nrules: []\n{record}expect: {{parse_error: {{code: P101, line: 2}}}}\n"
    )
    assert run_scenario(good).passed
    bad = one(
        tmp_path,
        f"title: t\nrules: []\n{record}"
        "expect:\n  parse_error: {code: P101, line: 2, column: 3}\n",
        "bad.yaml",
    )
    result = run_scenario(bad)
    assert not result.passed
    assert result.diff.startswith("parse error: expected P101 at 2:3, got P101 at 2:18: ")


def test_a_record_that_parses_when_an_error_was_expected_fails(tmp_path: Path) -> None:
    s = one(
        tmp_path,
        'title: t\nrules: []\nrecord: "[A \\"b\\"]"\n'
        "expect: {parse_error: {code: P101, line: 1}}\n",
    )
    result = run_scenario(s)
    assert result.problems == ("expected parse error P101 at line 1, but the record parsed",)


def test_a_record_that_does_not_parse_fails_with_the_parse_error(tmp_path: Path) -> None:
    s = one(tmp_path, "title: t\nrules: []\nrecord: |\n  1. Ann 3-7\n")
    result = run_scenario(s)
    assert not result.passed
    assert result.problems[0] == "the record does not parse:"
    assert "3-7" in result.diff


def test_correct_scenario_passes(tmp_path: Path) -> None:
    result = run_scenario(one(tmp_path, RENT_SCENARIO), replay=fake_replay)
    assert result.passed, result.diff
    assert [f.code for f in result.findings] == ["M301"]


def test_wrong_scenario_fails_with_a_readable_diff(tmp_path: Path) -> None:
    text = (
        RENT_SCENARIO.replace("[{code: M301, line: 3}]", "[{code: M302, line: 3}]")
        .replace("Ben: {cash: 1488}", "Ben: {cash: 1494}")
        .replace("turn: 3", "turn: 4")
    )
    result = run_scenario(one(tmp_path, text), replay=fake_replay)
    assert not result.passed
    assert result.problems == (
        "missing finding: M302 at line 3 (found instead: M301 at 3:27)",
        "unexpected finding: M301 at 3:27: rent is $6: Ann does not hold the whole group",
        "players.Ben.cash: expected 1494, got 1488 (after line 3)",
        "turn: expected 4, got 3 (at the end)",
    )


def test_findings_are_an_exact_multiset_and_columns_count_when_given(tmp_path: Path) -> None:
    twice = RENT_SCENARIO.replace(
        "[{code: M301, line: 3}]", "[{code: M301, line: 3}, {code: M301, line: 3}]"
    )
    result = run_scenario(one(tmp_path, twice), replay=fake_replay)
    assert "missing finding: M301 at line 3 (found instead: M301 at 3:27)" in result.problems
    column = RENT_SCENARIO.replace("line: 3}]", "line: 3, column: 5}]")
    result = run_scenario(one(tmp_path, column, "c.yaml"), replay=fake_replay)
    assert result.problems[0] == "missing finding: M301 at 3:5 (found instead: M301 at 3:27)"
    empty = RENT_SCENARIO.replace("[{code: M301, line: 3}]", "[]")
    result = run_scenario(one(tmp_path, empty, "e.yaml"), replay=fake_replay)
    assert result.problems == (
        "unexpected finding: M301 at 3:27: rent is $6: Ann does not hold the whole group",
    )


def test_state_on_a_line_without_events_is_reported(tmp_path: Path) -> None:
    text = RENT_SCENARIO.replace("    3: {players", "    1: {turn: 0}\n    3: {players").replace(
        "  [Players", "  ; a comment\n  [Players"
    )
    text = text.replace("line: 3}", "line: 4}").replace("    3: {players", "    4: {players")
    result = run_scenario(one(tmp_path, text), replay=fake_replay)
    assert result.problems == ("state after line 1: line 1 holds no event",)


def test_findings_not_checked_when_omitted(tmp_path: Path) -> None:
    text = RENT_SCENARIO.replace("  findings: [{code: M301, line: 3}]\n", "")
    assert run_scenario(one(tmp_path, text), replay=fake_replay).passed


def test_engine_missing_gives_a_clear_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "monolog.engine", None)
    result = run_scenario(one(tmp_path, RENT_SCENARIO))
    assert not result.passed
    assert result.problems[0].startswith("cannot replay the record: the engine is not available")


def test_an_engine_crash_is_a_failure_not_a_crash(tmp_path: Path) -> None:
    def broken(events: list[ev.Event], **kwargs: Any) -> Any:
        raise KeyError("Vermont Avenue")

    result = run_scenario(one(tmp_path, RENT_SCENARIO), replay=broken)
    assert not result.passed
    assert result.problems[0] == "the engine raised KeyError: 'Vermont Avenue'"


def test_a_variant_the_engine_cannot_take_fails(tmp_path: Path) -> None:
    text = RENT_SCENARIO.replace("rules: [RENT-01]", "rules: [RENT-01]\nvariant: short")
    result = run_scenario(one(tmp_path, text), replay=fake_replay)
    assert result.problems == ("the engine cannot replay variant 'short' (replay has no variant)",)


REAL_ENGINE = """\
title: Buying two streets
rules: [BUY-02]
record: |
  [Players "Ann, Ben"]
  1. Ann 3-5 Vermont Avenue buy 100
  2. Ben 2-1 Baltic Avenue buy 60
expect:
  findings: []
  state:
    2:
      players: {Ann: {cash: 1400, position: Vermont Avenue}}
      deeds: {Vermont Avenue: {owner: Ann}}
  final: {turn: 2, player: Ben, players: {Ben: {cash: 1440}}, deeds: {Baltic Avenue: {owner: Ben}}}
"""


def test_runs_on_the_real_engine(tmp_path: Path) -> None:
    result = run_scenario(one(tmp_path, REAL_ENGINE))
    assert result.passed, result.diff
    wrong = REAL_ENGINE.replace("buy 60", "buy 70")
    result = run_scenario(one(tmp_path, wrong, "wrong.yaml"))
    assert not result.passed
    assert "players.Ben.cash: expected 1440, got 1430 (at the end)" in result.problems
    assert any(p.startswith("unexpected finding: ") and "3:" in p for p in result.problems)


def test_standard_variant_needs_no_variant_support(tmp_path: Path) -> None:
    text = RENT_SCENARIO.replace("rules: [RENT-01]", "rules: [RENT-01]\nvariant: standard")
    assert run_scenario(one(tmp_path, text), replay=fake_replay).passed


def test_paranoid_mode_is_passed_to_the_engine(tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def careful(events: list[ev.Event], paranoid: bool = False, **kwargs: Any) -> Any:
        seen["paranoid"] = paranoid
        return fake_replay(events, **kwargs)

    s = one(tmp_path, RENT_SCENARIO)
    assert run_scenario(s, replay=careful, paranoid=True).passed
    assert seen == {"paranoid": True}
    assert run_scenario(s, replay=careful).passed and seen == {"paranoid": False}
    result = run_scenario(s, replay=fake_replay, paranoid=True)
    assert result.problems == ("the engine has no paranoid mode (replay has no paranoid)",)


# --------------------------------------------------------------------------- partial matching


def test_partial_matching_compares_only_keys_written() -> None:
    actual = {
        "players": {"Ann": {"cash": 1476, "position": "GO", "cards": ["CC05"]}},
        "bank": {"houses": 30, "hotels": 12},
        "turn": 4,
    }
    assert compare_partial({"players": {"Ann": {"position": "GO"}}}, actual, "at the end") == []
    assert compare_partial({}, actual, "at the end") == []
    assert compare_partial({"players": {"Ann": {"cash": 1488}}}, actual, "after line 4") == [
        "players.Ann.cash: expected 1488, got 1476 (after line 4)"
    ]
    problems = compare_partial({"players": {"Cal": {"cash": 1}}}, actual, "at the end")
    assert problems == [
        "players.Cal: expected {'cash': 1}, but there is no 'Cal' (there is: Ann) (at the end)"
    ]
    # lists compare whole; booleans are not numbers
    assert compare_partial({"players": {"Ann": {"cards": []}}}, actual, "x") == [
        "players.Ann.cards: expected [], got ['CC05'] (x)"
    ]
    assert compare_partial({"a": 1}, {"a": True}, "x") == ["a: expected 1, got true (x)"]
    assert compare_partial({"a": None}, {"a": None}, "x") == []
    assert compare_partial({"a": {"b": 1}}, {"a": 3}, "x") == ["a: expected a mapping, got 3 (x)"]


# --------------------------------------------------------------------------- JUnit


def test_junit_is_well_formed_with_one_testcase_per_scenario(tmp_path: Path) -> None:
    write(
        tmp_path,
        "sc/a.yaml",
        """\
        scenarios:
          - {title: parses, rules: [], record: "[A \\"b\\"]\\n"}
          - title: "wrong <code> & \\x01"
            rules: []
            record: "[A \\"b\\"\\n"
            expect: {parse_error: {code: P999, line: 1}}
        """,
    )
    write(tmp_path, "sc/b.yaml", "title: t\nrules: [NOPE-01]\nrecord: x\n")
    suite = run_files(find_files([tmp_path / "sc"]))
    out = tmp_path / "junit.xml"
    junit.write(suite, out)
    root = ET.parse(out).getroot()
    assert root.tag == "testsuites"
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == 3  # two scenarios and the invalid file
    assert root.get("tests") == "3" and root.get("failures") == "1" and root.get("errors") == "1"
    failure = cases[1].find("failure")
    assert failure is not None and "expected P999 at line 1" in (failure.text or "")
    assert cases[1].get("name") == "wrong <code> & \ufffd"
    error = cases[2].find("error")
    assert error is not None and "NOPE-01" in (error.text or "")


# --------------------------------------------------------------------------- coverage


def test_rule_ids_ship_with_the_package() -> None:
    cat = rule_catalogue()
    assert len(cat.rules) == 133
    assert len(cat.conflicts) == 83  # CF-01..CF-57 of the matrix and CF-58.. of readings.yaml
    assert list(cat.conflicts)[:2] == ["CF-01", "CF-02"] and "CF-57" in cat.conflicts
    assert cat.title("RENT-04") and "RENT-04" in cat and "RENT-15" not in cat


def test_generator_takes_ids_titles_and_statuses_only() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_rule_ids
    finally:
        sys.path.remove(str(ROOT / "tools"))
    text = textwrap.dedent(
        """\
        **RENT-04 Double rent on a complete group**
        Rule: some words here.
        - `000` SILENT: words.
        - `001` SAME: words.
        - `002` **DIFFERS**: bidding opens at any price (L72).
        - `003` SILENT.
        - `004` SILENT.
        **JAIL-08 Third turn**
        - `000` SILENT.
        - `001` SILENT.
        - `002` SILENT.
        - `003` SILENT.
        - `004` SILENT.
        **CF-02 [H] Second item** (JAIL-08)
        **CF-01 [M] First item** (RENT-04, JAIL-08)
        - `000` SAME: **bold** text
        """
    )
    rules, conflicts, stated, arises, about, notes = gen_rule_ids.extract(text)
    assert rules == {"RENT-04": "Double rent on a complete group", "JAIL-08": "Third turn"}
    assert list(conflicts.items()) == [("CF-01", "First item"), ("CF-02", "Second item")]
    # 000 and 001 join as us-2018: stated when either text states the rule
    assert stated["RENT-04"] == {
        "us-2018": "same",
        "us-classic": "differs",
        "uk-1996": "silent",
        "uk-esl": "silent",
    }
    # an item arises where a rule it is about is stated; a point all texts are silent on, everywhere
    assert arises == {
        "CF-01": ["us-2018", "us-classic"],
        "CF-02": ["us-2018", "us-classic", "uk-1996", "uk-esl"],
    }
    assert about == {"CF-01": ["RENT-04", "JAIL-08"], "CF-02": ["JAIL-08"]}
    # a DIFFERS line keeps its note, without the line citation
    assert notes == {"RENT-04": {"us-classic": "bidding opens at any price."}}
    with pytest.raises(ValueError, match="RENT-04 appears twice"):
        gen_rule_ids.extract(text + "**RENT-04 Again**\n")
    with pytest.raises(ValueError, match="SET-01 has no status line for 000"):
        gen_rule_ids.extract(text + "**SET-01 Players**\n- `001` SAME.\n")


def _result(tmp_path: Path, rules: str, passed: bool, name: str, edition: str | None = None) -> Any:
    expect = "" if passed else "expect: {parse_error: {code: P101, line: 1}}\n"
    ed = f"edition: {edition}\n" if edition else ""
    s = one(tmp_path, f'title: {name}\n{ed}rules: {rules}\nrecord: "[A \\"b\\"]"\n{expect}', name)
    result = run_scenario(s)
    assert result.passed is passed
    return result


def test_coverage_counts_ids_with_a_passing_scenario(tmp_path: Path) -> None:
    results = [
        _result(tmp_path, "[RENT-04, CF-01]", True, "a"),
        _result(tmp_path, "[RENT-04]", True, "b"),
        _result(tmp_path, "[JAIL-08, CF-02]", False, "c"),
        _result(tmp_path, "[RENT-04]", True, "d", edition="uk-1996"),
    ]
    doc = write(
        tmp_path,
        "rules.md",
        """\
        # Rules
        ## Enforced
        - RENT-04, RENT-05
        ## Not enforced
        - TIME-01 (time-limit games), CF-53
        | SET-07 (uk-esl, us-classic) | Banker | not observable (SET-09) |
        ### Details
        - SHORT-02
        ### Not yet covered
        - MOVE-02
        ## Glossary
        - MOVE-01
        """,
    )
    listed = cov_mod.not_enforced_ids(doc)
    every = frozenset({cov_mod.ALL})
    # only the ID that opens a row counts; the IDs a reason cites do not (SET-09, CF-53 here)
    assert listed == {
        "TIME-01": every,
        "SHORT-02": every,
        "SET-07": frozenset({"uk-esl", "us-classic"}),
    }
    assert cov_mod.not_enforced_ids(tmp_path / "missing.md") is None
    catalogue = RuleCatalogue(
        rules={"RENT-04": "a", "JAIL-08": "b", "TIME-01": "c", "SET-07": "d", "BLD-01": "e"},
        conflicts={"CF-01": "f", "CF-02": "g"},
        stated={
            "RENT-04": {"us-2018": "same", "uk-1996": "differs", "uk-esl": "silent"},
            "JAIL-08": {"us-2018": "same"},
            "TIME-01": {"uk-1996": "same"},
            "SET-07": {"us-classic": "same", "uk-esl": "same", "uk-1996": "same"},
            "BLD-01": {"us-2018": "same", "uk-esl": "same"},
        },
        arises={"CF-01": ["us-2018"], "CF-02": ["us-2018"]},
    )
    cov = cov_mod.compute(results, listed, catalogue)
    # TIME-01 is listed, not covered: counted apart (SET-07, listed under two of its three
    # editions, is missing under the third)
    assert cov.totals() == "rules 1/5, 1 not enforced; conflicts 1/2"
    assert cov.count(["RENT-04", "TIME-01", "BLD-01"]) == "1/3, 1 not enforced"
    assert cov.status("RENT-04") == "covered"  # us-2018 and uk-1996; silent in uk-esl
    assert cov.passing[("RENT-04", "us-2018")] == [f"{tmp_path / 'a'}::a", f"{tmp_path / 'b'}::b"]
    assert cov.status("JAIL-08") == "failing"
    assert cov.status("TIME-01") == "listed"
    assert cov.status("SET-07") == "missing" and cov.gaps("SET-07") == ["uk-1996"]
    assert cov.status("BLD-01") == "missing" and cov.gaps("BLD-01") == ["us-2018", "uk-esl"]
    assert cov.gaps("CF-02") == ["us-2018 (failing)"]
    assert cov.pairs() == (3, 3, 11)  # (covered, listed, required)
    # a plain list of IDs counts as listed under every edition
    assert cov_mod.compute(results, ["BLD-01"], catalogue).status("BLD-01") == "listed"


def test_coverage_shows_apart_an_id_enforced_under_some_editions_only(tmp_path: Path) -> None:
    # CF-58's kind: enforced and covered where the point arises in play, listed as not enforced
    # (it cannot arise) under the others. It counts as covered, shown apart, not as not enforced.
    results = [_result(tmp_path, "[CF-01]", True, "a"), _result(tmp_path, "[CF-02]", True, "b")]
    catalogue = RuleCatalogue(
        rules={"RENT-04": "a"},
        conflicts={"CF-01": "f", "CF-02": "g", "CF-03": "h"},
        stated={"RENT-04": {"us-2018": "same"}},
        arises={"CF-01": ["us-2018", "uk-1996"], "CF-02": ["us-2018"], "CF-03": ["us-2018"]},
    )
    listed = {"CF-01": frozenset({"uk-1996"}), "CF-03": frozenset({cov_mod.ALL})}
    cov = cov_mod.compute(results, listed, catalogue)
    assert cov.status("CF-01") == "partly"
    assert cov.status("CF-02") == "covered" and cov.status("CF-03") == "listed"
    assert cov.partly(["CF-01", "CF-02", "CF-03"]) == ["CF-01"]
    assert (
        cov.count(["CF-01", "CF-02", "CF-03"]) == "2/3 (1 under some editions only), 1 not enforced"
    )
    assert cov.pairs() == (2, 2, 5)
    # listed under every edition it arises in, it is not enforced at all
    every = cov_mod.compute(results[1:], {"CF-01": frozenset({cov_mod.ALL})}, catalogue)
    assert every.status("CF-01") == "listed"


# --------------------------------------------------------------------------- the command


def test_check_command_exit_codes_output_junit_and_coverage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    runner = CliRunner()
    good = write(
        tmp_path,
        "scenarios/good.yaml",
        'title: fine\nrules: [SET-04, CF-01]\nrecord: "[A \\"b\\"]"\n',
    )
    result = runner.invoke(app, ["check", str(good)])
    assert result.exit_code == 0, result.output
    assert f"PASS  {good}::fine" in result.output
    assert "1 scenario: 1 passed, 0 failed" in result.output

    bad = write(
        tmp_path,
        "scenarios/bad.yaml",
        'title: wrong\nrules: []\nrecord: "[A b]"\nexpect: {parse_error: {code: P117, line: 2}}\n',
    )
    xml = tmp_path / "out.xml"
    doc = write(tmp_path, "rules.md", "## Not enforced\n- TIME-01\n")
    result = runner.invoke(
        app,
        [
            "check",
            str(tmp_path / "scenarios"),
            "--junit",
            str(xml),
            "--coverage",
            "--rules-doc",
            str(doc),
        ],
    )
    assert result.exit_code == 1, result.output
    assert f"FAIL  {bad}::wrong" in result.output
    assert "parse error: expected P117 at line 2, got P117 at 1:4" in result.output
    assert "2 scenarios: 1 passed, 1 failed" in result.output
    # SET-04 is stated by every edition, CF-01 arises under every one: us-2018 alone is not enough
    assert "rules 0/133, 1 not enforced; conflicts 0/83" in result.output
    assert "TIME   0/3, 1 not enforced" in result.output
    assert "  listed, not enforced: TIME-01" in result.output
    assert "SET-04 (us-classic, uk-1996, uk-esl)" in result.output
    assert "CF-01 (us-classic, uk-1996, uk-esl)" in result.output
    assert len(ET.parse(xml).getroot().findall(".//testcase")) == 2

    write(tmp_path, "scenarios/broken.yaml", "title: t\nrules: []\n")
    result = runner.invoke(app, ["check", str(tmp_path / "scenarios")])
    assert result.exit_code == 2
    assert "invalid scenario file" in result.output and "broken.yaml:1" in result.output
    assert "1 invalid file" in result.output

    result = runner.invoke(app, ["check", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "nowhere: no such file or folder" in result.output
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["check", str(tmp_path / "empty")])
    assert result.exit_code == 2
    assert "no scenario files (*.yaml) in this folder" in result.output


def test_repository_notation_scenarios_pass() -> None:
    suite = run_files(find_files([ROOT / "scenarios" / "notation"]))
    assert not suite.invalid
    assert suite.results and all(r.passed for r in suite.results), [
        r.diff for r in suite.results if not r.passed
    ]


# --------------------------------------------------------------------------- the pytest plugin


def _plugin_args() -> list[str]:
    """Load the plugin explicitly unless the installed entry point already does."""
    installed = any(
        e.value == "monolog.scenarios.plugin"
        for e in importlib.metadata.entry_points(group="pytest11")
    )
    quiet = ["-p", "no:benchmark", "-p", "no:cacheprovider"]
    return quiet if installed else [*quiet, "-p", "monolog.scenarios.plugin"]


def test_plugin_collects_scenarios_and_reports_failures_readably(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmonolog_scenarios = scenarios\n")
    pytester.makefile(
        ".yaml",
        **{
            "scenarios/notation/cases": """\
            scenarios:
              - title: parses
                rules: []
                record: "[Players \\"Ann, Ben\\"]\\n"
              - title: wrong spot
                rules: [SET-01]
                record: "[Players Ann]\\n"
                expect: {parse_error: {code: P117, line: 1, column: 3}}
            """,
            "config/settings": "title: not a scenario\n",
        },
    )
    pkg = pytester.mkpydir("pkg")
    (pkg / "scenarios").mkdir()
    (pkg / "scenarios" / "__init__.py").write_text("")
    (pkg / "scenarios" / "data.yaml").write_text("not: a scenario\n")
    result = pytester.runpytest(*_plugin_args(), "-v")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*scenarios/notation/cases.yaml::parses PASSED*",
            "*scenarios/notation/cases.yaml::wrong spot FAILED*",
            "*scenario failed: wrong spot (scenarios/notation/cases.yaml:5)",
            "*parse error: expected P117 at 1:3, got P117 at 1:13: *",
        ]
    )
    assert "Traceback" not in result.stdout.str()
    assert "settings.yaml" not in result.stdout.str()
    assert "data.yaml" not in result.stdout.str()
    # rule IDs are keywords: -k picks the scenarios of a rule
    result = pytester.runpytest(*_plugin_args(), "-k", "SET-01")
    result.assert_outcomes(failed=1, deselected=1)


def test_plugin_reports_an_invalid_file_as_a_collection_error(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmonolog_scenarios = scenarios\n")
    pytester.makefile(".yaml", **{"scenarios/bad": "title: t\nrules: [X]\nrecord: y\n"})
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(errors=1)
    text = result.stdout.str()
    assert "invalid scenario file: scenarios/bad.yaml:2: rules[0]: 'X' is not a rule ID" in text
    assert "Traceback" not in text


def test_plugin_leaves_a_project_that_has_not_opted_in_alone(pytester: pytest.Pytester) -> None:
    pytester.makefile(".yaml", **{"scenarios/login": "user: ann\npassword: x\n"})
    pytester.makepyfile(test_ok="def test_ok():\n    pass\n")
    result = pytester.runpytest(*_plugin_args())
    result.assert_outcomes(passed=1)
    assert "login.yaml" not in result.stdout.str()


def test_plugin_loads_none_of_monolog_in_a_project_that_has_not_opted_in(
    pytester: pytest.Pytester,
) -> None:
    # pytest loads the plugin in every project monolog is installed beside: there it must cost
    # no more than its own module (the replay it would import otherwise is ~0.2 s of CPU, more
    # with pytest rewriting its asserts, at every start of pytest); a fresh process, as this
    # one has imported monolog already
    pytester.makepyfile(
        test_loaded="""\
        import sys

        def test_loaded():
            mine = {"monolog", "monolog.scenarios", "monolog.scenarios.plugin"}
            assert "monolog.scenarios.plugin" in sys.modules
            assert sorted(n for n in sys.modules if n.split(".")[0] == "monolog") == sorted(mine)
        """
    )
    result = pytester.runpytest_subprocess(*_plugin_args())
    result.assert_outcomes(passed=1)


def test_the_suite_leaves_the_asserts_of_monolog_and_hypothesis_alone() -> None:
    # the suite names its plugins (pyproject's addopts): autoloaded, they would have pytest
    # rewrite the asserts of every module of monolog and of Hypothesis in every worker, anew in
    # each where no bytecode is written (PYTHONDONTWRITEBYTECODE), ~1.2 s of CPU a worker
    import hypothesis.strategies

    import monolog.engine.core.replay

    plain = (importlib.machinery.SourceFileLoader, importlib.machinery.SourcelessFileLoader)
    for module in (monolog, monolog.engine.core.replay, hypothesis.strategies):
        assert module.__spec__ is not None
        assert isinstance(module.__spec__.loader, plain), module.__name__


def test_plugin_collects_only_the_folders_named(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".toml",
        pyproject='[tool.pytest.ini_options]\nmonolog_scenarios = ["games/checks"]\n',
    )
    good = 'title: t\nrules: []\nrecord: "[Players \\"Ann, Ben\\"]\\n"\n'
    pytester.makefile(".yaml", **{"games/checks/one": good, "scenarios/other": "x: 1\n"})
    result = pytester.runpytest(*_plugin_args(), "-v")
    result.assert_outcomes(passed=1)
    assert "other.yaml" not in result.stdout.str()


def test_coverage_reads_the_not_enforced_list_from_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monolog.scenarios.coverage import catalogue_not_enforced, not_enforced_ids

    assert catalogue_not_enforced() == not_enforced_ids(ROOT / "docs" / "rules.md")
    monkeypatch.chdir(tmp_path)  # a folder with no docs/ of its own
    result = CliRunner().invoke(
        app, ["check", "--coverage", "-q", str(ROOT / "scenarios" / "notation")]
    )
    assert result.exit_code == 0, result.output
    assert "no rules documentation found" not in result.output
    assert "listed, not enforced" in result.output


def test_rule_ids_are_made_from_the_repository_alone() -> None:
    """Each CF item is declared once, in the readings catalogue: a point added, retitled or
    pointed at other rules there, without rule_ids.yaml made again, fails here."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_rule_ids
    finally:
        sys.path.remove(str(ROOT / "tools"))
    current = (ROOT / "monolog/scenarios/rule_ids.yaml").read_text(encoding="utf-8")
    readings = (ROOT / "monolog/editions/data/readings.yaml").read_text(encoding="utf-8")
    assert gen_rule_ids.from_repo(current, readings) == current, "run python tools/gen_rule_ids.py"
    retitled = readings.replace("CF-78:\n  title: ", "CF-78:\n  title: Renamed ", 1)
    assert retitled != readings
    assert gen_rule_ids.from_repo(current, retitled) != current
