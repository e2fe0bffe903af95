"""A finding code's letter says its severity: P and M error, W warning, A and I info. A code
moved to another letter (W004, now I001) is still read under its old name."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from monolog.cli import app
from monolog.findings.catalogue import load_catalogue

runner = CliRunner()

LETTER_SEVERITY = {"P": "error", "M": "error", "A": "info", "W": "warning", "I": "info"}

DISPUTED = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy disputed "at list price"\n'


def test_every_code_letter_says_its_severity() -> None:
    offenders = [
        f"{e.code} is {e.severity.value}"
        for e in load_catalogue()
        if LETTER_SEVERITY.get(e.code[0]) != e.severity.value
    ]
    assert offenders == []


def _audit(tmp_path: Path, *options: str) -> str:
    path = tmp_path / "disputed.mlog"
    path.write_text(DISPUTED, encoding="utf-8")
    here = os.getcwd()
    os.chdir(tmp_path)  # the settings of the folder the test runs in, none of the repository's
    try:
        result = runner.invoke(app, ["audit", *options, str(path)])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_disputed_line_is_a_note_not_a_warning(tmp_path: Path) -> None:
    out = _audit(tmp_path)
    assert "I001" in out and "0 warnings, 1 info" in out
    assert "I001" not in _audit(tmp_path, "--select", "W")


def test_the_old_code_still_selects_and_ignores(tmp_path: Path) -> None:
    assert "I001" in _audit(tmp_path, "--select", "W004")
    assert "I001" not in _audit(tmp_path, "--ignore", "w004")
    (tmp_path / "monolog.toml").write_text('ignore = ["W004"]\n', encoding="utf-8")
    out = _audit(tmp_path)  # no I001 finding; the summary says the settings hid one
    assert "  I001  " not in out and "1 finding hidden by monolog.toml: I001" in out


def test_explain_reads_the_old_code() -> None:
    result = runner.invoke(app, ["explain", "W004"])
    assert result.exit_code == 0
    assert "I001" in result.stdout and "Disputed at the table" in result.stdout
