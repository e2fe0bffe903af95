"""`monolog explain CODE` and `monolog explain --list`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands import explain as explain_cmd
from monolog.findings import catalogue as cat

runner = CliRunner()

ENTRIES = """\
M301:
  title: Wrong rent amount
  severity: error
  rule: RENT-01
  summary: The rent recorded differs from the rent the rules set.
  explanation: |
    Rent follows the deed, its buildings and whether the owner holds the group.
  fail: |
    [Players "Ann, Ben"]
    1. Ben 3-3 Oriental Avenue rent 12
  pass: |
    [Players "Ann, Ben"]
    1. Ben 3-3 Oriental Avenue rent 6
M302:
  title: Rent paid to the wrong player
  severity: error
  rule: RENT-01
  summary: The rent went to someone other than the owner.
  explanation: >-
    Only the owner of the deed collects the rent, never the banker, never another player who
    happens to sit next to the board, and never the player whose turn comes next in the round.
  fail: "1. Ben 3-3 Oriental Avenue rent 6 to Cal"
  pass: "1. Ben 3-3 Oriental Avenue rent 6 to Ann"
A02:
  title: Forced fine on the third jail turn
  severity: info
  rule: CF-02
  summary: The ruling on the third jail turn was applied.
  explanation: The rulebooks disagree on when the fine falls.
  fail: "4. Ann 1-2 fine"
  pass: "4. Ann 2-2"
"""


@pytest.fixture
def small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> cat.Catalogue:
    (tmp_path / "engine.yaml").write_text(ENTRIES, encoding="utf-8")
    loaded = cat.load(tmp_path)
    assert loaded.problems == []
    monkeypatch.setattr(explain_cmd, "load_catalogue", lambda: loaded)  # the one `explain` calls
    return loaded


def test_explain_shows_the_whole_entry(small: cat.Catalogue) -> None:
    result = runner.invoke(app, ["explain", "M301"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for part in (
        "M301  Wrong rent amount",
        "severity: error   rule: RENT-01",
        "The rent recorded differs from the rent the rules set.",
        "Rent follows the deed, its buildings and whether the owner holds the group.",
        "Fails (gives M301):",
        "    1. Ben 3-3 Oriental Avenue rent 12",
        "Passes (the same done right):",
        "    1. Ben 3-3 Oriental Avenue rent 6",
    ):
        assert part in out
    assert out.index("rent 12") < out.index("rent 6\n")


def test_prose_is_wrapped_to_the_width_but_records_are_not(small: cat.Catalogue) -> None:
    result = runner.invoke(app, ["explain", "M302"], env={"COLUMNS": "50"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "    1. Ben 3-3 Oriental Avenue rent 6 to Cal" in lines
    prose = lines[lines.index("The rent went to someone other than the owner.") + 2 :]
    prose = prose[: prose.index("")]
    assert len(prose) > 2 and all(len(line) <= 50 for line in prose)
    assert " ".join(prose).startswith("Only the owner of the deed collects the rent, never")


@pytest.mark.parametrize("spelling", ["m301", " M301 ", "a2", "A02"])
def test_codes_are_read_leniently(small: cat.Catalogue, spelling: str) -> None:
    result = runner.invoke(app, ["explain", spelling])
    assert result.exit_code == 0, result.output


def test_unknown_code_names_close_codes(small: cat.Catalogue) -> None:
    result = runner.invoke(app, ["explain", "M303"])
    assert result.exit_code == 2
    assert "unknown finding code 'M303'" in result.stderr
    assert "close codes: M302, M301" in result.stderr
    assert result.stdout == ""


def test_nonsense_code_still_gets_a_clear_message(small: cat.Catalogue) -> None:
    result = runner.invoke(app, ["explain", "rent"])
    assert result.exit_code == 2
    assert "unknown finding code 'rent'" in result.stderr
    assert "monolog explain --list" in result.stderr


def test_list_shows_every_code_in_order(small: cat.Catalogue) -> None:
    result = runner.invoke(app, ["explain", "--list"])
    assert result.exit_code == 0
    out = result.stdout
    assert out.index("M301") < out.index("M302") < out.index("A02")
    assert "Rent paid to the wrong player" in out
    assert "3 codes (rule violations 2, ambiguous rulings 1)" in out


def test_no_code_is_a_usage_error(small: cat.Catalogue) -> None:
    result = runner.invoke(app, ["explain"])
    assert result.exit_code == 2
    assert "--list" in result.stderr


def test_every_catalogued_code_explains() -> None:
    catalogue = cat.load_catalogue()
    assert len(catalogue), "the catalogue is empty"
    for entry in catalogue:
        result = runner.invoke(app, ["explain", entry.code])
        assert result.exit_code == 0, f"{entry.code}: {result.output}"
        assert entry.title in result.stdout
    listed = runner.invoke(app, ["explain", "--list"]).stdout
    assert all(e.code in listed for e in catalogue)


def test_explain_a_rule_id_and_a_cf_item() -> None:
    from typer.testing import CliRunner

    from monolog.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["explain", "cf-4"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert result.output.startswith("CF-04  ")
    assert "A04  " in result.output and "--ruling CF-04=READING" in result.output
    assert "no-extra-roll (default)" in result.output
    result = runner.invoke(app, ["explain", "RENT-04"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "M301  Wrong rent" in result.output
    result = runner.invoke(app, ["explain", "CF-13"], env={"NO_COLOR": "1"})
    assert "listed as not enforced" in result.output
    result = runner.invoke(app, ["explain", "RENT-99"])
    assert result.exit_code == 2 and "close IDs: RENT-09" in result.output
    # a finding code is still a finding code
    result = runner.invoke(app, ["explain", "m301"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and result.output.startswith("M301  Wrong rent")


def test_explain_names_the_codes_that_cite_a_rule_in_particular_cases() -> None:
    from typer.testing import CliRunner

    from monolog.cli import app

    runner = CliRunner()
    # RENT-11 is no code's own rule: M301 cites it for nothing paid on a part-mortgaged group
    result = runner.invoke(app, ["explain", "RENT-11"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "M301  Wrong rent" in result.output, result.output
    result = runner.invoke(app, ["explain", "M301"], env={"NO_COLOR": "1"})
    cites = "also cites: RENT-05, RENT-06, RENT-07, RENT-08, RENT-09, RENT-10, RENT-11"
    assert cites in result.output
