"""A record with lines that cannot be read: each is reported at its line and skipped, and the
rest of the game is audited (monolog/notation/recovery.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands.audit_record import audit_file, audit_games
from monolog.notation.errors import ParseError
from monolog.notation.recovery import CUT, LIMIT, parse_recovering
from monolog.reports.formats.junit import game_case

runner = CliRunner()

TWO_TYPOS = """[Event "Two typos"]
[Players "Ann, Ben"]
1. Ann 3-4 Chance card CH08
2. Ben 5-3 Vermont Avenue buy 100
3. Ann 6-2 Vermont Avenue rnet 6 to Ben
4. Ben 1-2 Oriental Avenue buy 100 frob
5. Ann 2-3 Baltic Avenue buy 60
"""


def _write(tmp_path: Path, text: str, name: str = "typos.mlog") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_every_unreadable_line_is_reported_and_the_rest_audited(tmp_path: Path) -> None:
    report, error = audit_file(_write(tmp_path, TWO_TYPOS))
    codes = [(f.code, f.span.line) for f in report.findings]
    assert ("P112", 5) in codes and ("P112", 6) in codes
    # line 7 is replayed: Ann's 2-3 from Chance does not reach Baltic Avenue
    assert ("M104", 7) in codes
    # each line is read up to its mistake (the turn, its roll and square), the rest skipped
    assert all(f.message.endswith(CUT) for f in report.findings if f.code == "P112")
    assert error is not None
    assert "typos.mlog:5:27: P112 unknown word 'rnet'" in error
    assert "typos.mlog:6:36: P112 unknown word 'frob'" in error
    assert error.count("    expected ") == 2  # the usual words under each caret


def test_the_command_exits_2_and_shows_both_errors(tmp_path: Path) -> None:
    path = _write(tmp_path, TWO_TYPOS)
    result = runner.invoke(app, ["audit", path])
    assert result.exit_code == 2
    assert "rnet" in result.stderr and "frob" in result.stderr
    assert "M104" in result.stdout


def test_junit_lists_the_violations_beside_the_unread_lines(tmp_path: Path) -> None:
    report, _ = audit_file(_write(tmp_path, TWO_TYPOS))
    case = game_case((report.file, report.header, report.findings))
    assert case.error is not None and case.error.type == "P112"
    assert "M104" in case.error.text


def test_reading_stops_after_the_limit() -> None:
    bad = "".join(f"{n}. Ann 3-4 byu\n" for n in range(1, LIMIT + 6))
    recovered = parse_recovering('[Players "Ann, Ben"]\n' + bad, "r.mlog")
    codes = [e.finding.code for e in recovered.errors]
    assert codes == ["P112"] * LIMIT + ["P126"]
    assert recovered.errors[-1].finding.span.line == LIMIT + 2


def test_a_record_with_no_readable_line_is_the_first_error() -> None:
    with pytest.raises(ParseError) as caught:
        parse_recovering("byu Ann 3-4\nfrob Ben 1-2\n", "r.mlog")
    assert caught.value.finding.span.line == 1


def test_a_later_game_of_a_file_is_read_past_its_mistakes_at_the_file_lines(
    tmp_path: Path,
) -> None:
    first = '[Event "One"]\n[Players "Ann, Ben"]\n1. Ann 3-4\n'
    path = _write(tmp_path, first + TWO_TYPOS, "night.mlog")
    games = list(audit_games(path))
    assert len(games) == 2
    report, error = games[1]
    assert report.parsed
    assert [f.span.line for f in report.findings if f.code == "P112"] == [8, 9]
    assert error is not None and "night.mlog:8:27: P112" in error and "night.mlog:9:36:" in error
    assert "    3. Ann 6-2 Vermont Avenue rnet 6 to Ben" in error


def test_sarif_and_strict_treat_the_unread_lines_as_errors(tmp_path: Path) -> None:
    import json

    path = _write(tmp_path, TWO_TYPOS)
    result = runner.invoke(app, ["audit", "--format", "sarif", path])
    assert result.exit_code == 2
    results = json.loads(result.stdout)["runs"][0]["results"]
    levels = {(r["ruleId"], r["level"]) for r in results}
    assert ("P112", "error") in levels and ("M104", "error") in levels
    assert sum(r["ruleId"] == "P112" for r in results) == 2
    assert runner.invoke(app, ["audit", "--strict", path]).exit_code == 2


# Each typo is in the clause after the square: the turn, its roll and square are read, the
# rules fill in the rent, and the purchase that could not be read is what the record left undone
# on that line (M201), which follows from the mistake.
CUT_LINES = """[Players "Ann, Ben"]
1. Ann 2-4 Oriental Avenue buy 100
2. Ben 2-4 Oriental Avenue rnet 6
3. Ann 1-2 Connecticut Avenue buy 120
4. Ben 1-2 Connecticut Avenue rent 8
5. Ann 2-3 Virginia Avenue by 160
6. Ben 1-3 States Avenue buy 140 =1346
"""


def test_a_line_read_up_to_its_mistake_keeps_the_game_in_step(tmp_path: Path) -> None:
    report, _ = audit_file(_write(tmp_path, CUT_LINES))
    roots = [(f.code, f.span.line) for f in report.findings if f.caused_by is None]
    assert roots == [("P112", 3), ("P112", 6)]  # no turn out of order, no cash count off
    (undone,) = [f for f in report.findings if f.caused_by is not None]
    (purchase,) = [f for f in report.findings if f.code == "P112" and f.span.line == 6]
    assert undone.code == "M201" and undone.caused_by == ("P112", purchase.span)
