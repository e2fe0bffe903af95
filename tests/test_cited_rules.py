"""A rule a finding code cites in particular cases (`cites:` in the catalogue) is really cited.

docs/rules.md counts a rule as checked when a code names it as its `rule` or lists it under
`cites`. A listed rule must be pinned (`rule:`) on an expected finding of that code in some
scenario, and a rule pinned on an expected finding must be one its code names or cites: the
catalogue and the scenarios cannot drift apart.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from testkit.corpus import shipped_scenarios

from monolog.findings.catalogue import load, load_catalogue, load_rule_ids
from monolog.scenarios.model import load_scenarios
from monolog.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]


@cache
def _pinned() -> dict[tuple[str, str], list[str]]:
    """(code, rule) -> the scenarios whose expected finding of that code pins that rule, those
    tagged with the rule (`rules:`) marked with a trailing `*`. Read when a test first asks, not
    as the suite is collected (every worker collects every file)."""
    out: dict[tuple[str, str], list[str]] = defaultdict(list)
    for scenario in shipped_scenarios():
        for want in scenario.expect.findings or ():
            if want.rule is not None:
                tagged = "*" if want.rule in scenario.rules else ""
                out[(want.code, want.rule)].append(scenario.name + tagged)
    return out


def test_every_cited_rule_is_pinned_by_a_scenario_of_its_code() -> None:
    unpinned = [
        f"{entry.code} cites {rule}"
        for entry in load_catalogue()
        for rule in entry.cites
        if (entry.code, rule) not in _pinned()
    ]
    assert unpinned == []


def test_every_cited_rule_has_a_violation_tagged_with_it() -> None:
    """A scenario that pins a cited rule and lists it under `rules:`: the rule's own violation."""
    untagged = [
        f"{entry.code} cites {rule}"
        for entry in load_catalogue()
        for rule in entry.cites
        if not any(name.endswith("*") for name in _pinned().get((entry.code, rule), []))
    ]
    assert untagged == []


def test_a_pinned_rule_is_one_its_code_names_or_cites() -> None:
    catalogue = load_catalogue()
    stray = [
        f"{code} [{rule}] in {names[0]}"
        for (code, rule), names in _pinned().items()
        if code in catalogue and rule not in catalogue[code].rules
    ]
    assert stray == []


def test_the_cited_rules_are_counted_as_checked() -> None:
    from monolog.findings.docs import covered_rules

    catalogue = load_catalogue()
    covered = covered_rules(catalogue)
    assert all(rule in covered for entry in catalogue for rule in entry.cites)


@pytest.mark.parametrize(
    ("cites", "problem"),
    [
        ("[RENT-99]", "'cites' RENT-99 is not a RULES-MATRIX rule ID"),
        ("[RENT-01]", "'cites' names RENT-01 twice"),
        ("[RENT-02, RENT-02]", "'cites' names RENT-02 twice"),
        ("RENT-02", "'cites' must be a list of rule IDs"),
        ("[rent two]", "'cites' holds 'rent two', not a rule ID"),
    ],
)
def test_a_bad_cites_list_is_a_catalogue_problem(tmp_path: Path, cites: str, problem: str) -> None:
    (tmp_path / "engine.yaml").write_text(
        "M301:\n  title: Wrong rent\n  severity: error\n  rule: RENT-01\n"
        f"  cites: {cites}\n  summary: s\n  explanation: e\n  fail: f\n  pass: p\n",
        encoding="utf-8",
    )
    found = load(tmp_path, load_rule_ids())
    assert any(problem in p for p in found.problems), found.problems


def test_a_scenario_that_pins_another_rule_fails_and_names_the_rule_found(tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        "title: Rent on a mortgaged deed\n"
        "rules: [RENT-02]\n"
        "record: |\n"
        '  [Players "Ann, Ben"]\n'
        "  setup Ann owns Baltic Avenue mortgaged\n"
        "  setup next Ben\n"
        "  1. Ben 1-2 Baltic Avenue rent 4\n"
        "expect:\n"
        "  findings:\n"
        "    - {code: M302, line: 4, rule: RENT-01}\n",
        encoding="utf-8",
    )
    (loaded,) = load_scenarios(scenario)
    result = run_scenario(loaded)
    assert not result.passed
    assert "[RENT-02]" in result.diff, result.diff
    right = scenario.read_text(encoding="utf-8").replace("rule: RENT-01", "rule: RENT-02")
    scenario.write_text(right, encoding="utf-8")
    (loaded,) = load_scenarios(scenario)
    assert run_scenario(loaded).passed, run_scenario(loaded).diff
