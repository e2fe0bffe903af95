"""`monolog explain RULE-ID`: the rule in monolog's own words, the editions that state it and how
they differ, the codes that check it, and a record that breaks it beside one that keeps it."""

from __future__ import annotations

from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands.explain import rule_words
from monolog.scenarios.model import rule_catalogue

runner = CliRunner()


def test_every_rule_and_disputed_point_has_words() -> None:
    rules = rule_catalogue()
    without = [key for key in [*rules.rules, *rules.conflicts] if not rule_words(key)]
    assert without == []


def test_a_rule_is_explained_whole() -> None:
    result = runner.invoke(app, ["explain", "RENT-04"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    out = result.stdout
    assert rule_words("RENT-04") in out
    assert "us-2018: states it" in out and "uk-esl: states it" in out
    assert "M301" in out
    broken, kept = out.index("Breaks it (gives M301):"), out.index("Keeps it:")
    assert broken < kept
    assert "rent 6" in out[broken:kept] and "rent 12" in out[kept:]


def test_an_edition_that_differs_says_how() -> None:
    result = runner.invoke(app, ["explain", "set-01"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "us-classic: states it differently: 2 to 8 players." in result.stdout
    assert "uk-1996: silent" in result.stdout
