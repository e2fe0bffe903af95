"""`check --coverage` counts a rule the same way in any folder: a rule listed as not enforced
for every edition, which a passing scenario exercises, is not called "not enforced" under the
editions the folder's scenarios leave out; they are missing, as for any rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

ROOT = Path(__file__).resolve().parent.parent
FILES = ("set-06-w001-starting-money.yaml", "cf-21-station-rent-counts-the-one-landed-on.yaml")


def test_a_listed_rule_a_scenario_exercises_is_never_not_enforced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in FILES:
        text = (ROOT / "scenarios" / "rules" / name).read_text(encoding="utf-8")
        # under the edition their records are written for alone: the others are left out
        text = re.sub(r"(?m)^ *editions: .*\n", "", text)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a user's project: no docs/, no scenarios/ of the repository
    result = CliRunner().invoke(app, ["check", "--coverage", "-q", "."], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "SET-06" in line or "CF-21" in line]
    assert not [line for line in said if "not enforced" in line]
    assert any(
        line.strip().startswith("missing:") and "SET-06 (us-classic, uk-1996)" in line
        for line in said
    )
