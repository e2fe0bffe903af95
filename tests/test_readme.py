"""The README tells the truth: its audit output is what monolog prints, and CI runs exactly the
README's test command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, re.S)


def test_readme_opens_with_the_two_setup_commands() -> None:
    commands = _blocks("sh")[:2]
    assert "monolog audit scenarios/games/" in commands[0]
    assert "pytest" in commands[1] and "'.[test]'" in commands[1]
    for cmd in commands:
        assert cmd.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install")
    shipped = re.search(r"monolog audit (\S+)", commands[0])
    assert shipped is not None and (REPO / shipped.group(1)).is_file()


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = _blocks("sh")[1].strip()
    ci = (REPO / ".ci/run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()


def test_the_audit_shown_is_what_monolog_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _blocks("mlog")[0]
    wrong = record.replace("=1550", "=1500").replace("rent 6 to Ben", "rent 12 to Ben")
    assert wrong != record
    (tmp_path / "wrong.mlog").write_text(wrong, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    shown = _blocks("text")[0]
    command, _, expected = shown.partition("\n")
    assert command == "$ monolog audit wrong.mlog"
    result = CliRunner().invoke(
        app, ["audit", "wrong.mlog"], env={"NO_COLOR": "1", "COLUMNS": "100", "TERM": "dumb"}
    )
    assert result.exit_code == 1
    assert result.output.rstrip() == expected.rstrip()
