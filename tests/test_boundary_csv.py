"""`standings --format csv`: a name, event, round or file that a spreadsheet would run as a
formula is written as text (a leading apostrophe); JSON keeps the exact text."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.standings_formats import text_cell

NAMES = ["=HYPERLINK(1)", "@SUM(A1)", "-2+3", "+cmd", "Ann"]
RECORD = (
    '[Event "=EV()"]\n[Round "@1"]\n[Table "-2"]\n[Edition "uk-1996"]\n'
    '[Players "=HYPERLINK(1), @SUM(A1), -2+3, +cmd, Ann"]\n'
)


def standings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.chdir(tmp_path)
    Path("=game.mlog").write_text(RECORD, encoding="utf-8")
    result = CliRunner().invoke(app, ["standings", "=game.mlog", *args], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_csv_cells_that_start_like_a_formula_are_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = list(csv.DictReader(io.StringIO(standings(tmp_path, monkeypatch, "--format", "csv"))))
    assert sorted(r["player"] for r in rows) == sorted(
        ("'" + n if n[0] in "=+-@" else n) for n in NAMES
    )
    assert {r["files"] for r in rows} == {"'=game.mlog"}
    detailed = standings(tmp_path, monkeypatch, "--format", "csv", "--details")
    (cells,) = {
        (r["event"], r["round"], r["table"], r["file"])
        for r in csv.DictReader(io.StringIO(detailed))
    }
    assert cells == ("'=EV()", "'@1", "'-2", "'=game.mlog")
    # numbers stay numbers, and JSON keeps the exact text
    assert all(not r["points"].startswith("'") for r in rows)
    data = json.loads(standings(tmp_path, monkeypatch, "--format", "json"))
    assert sorted(e["player"] for e in data["standings"]) == sorted(NAMES)


def test_a_cell_starting_with_a_tab_or_a_carriage_return_is_text() -> None:
    # a name in the notation loses its outer blanks; a file name may keep them
    assert [text_cell(t) for t in ("\tx", "\rx", "x=1", "")] == ["'\tx", "'\rx", "x=1", ""]
