"""Text output prints a ruling that comes up again and again once per game, with its count and
lines; JSON keeps every instance."""

from __future__ import annotations

import json

from monolog.findings.json_document import render_json
from monolog.findings.model import Finding, Severity
from monolog.findings.render import plain_game, shown
from monolog.findings.report import GameReport
from monolog.notation.events import Span

LINES = [f"{n}. Ann 1-2 Baltic Avenue rent" for n in range(1, 13)]


def _finding(code: str, line: int, severity: Severity = Severity.INFO) -> Finding:
    return Finding(code, severity, f"point on line {line}", Span(line, 1, line, 5), "RENT-05")


def _report() -> GameReport:
    findings = [
        _finding("A01", 2),
        _finding("M301", 3, Severity.ERROR),
        _finding("A01", 5),
        _finding("A19", 6),
        _finding("A01", 9),
        _finding("W001", 9, Severity.WARNING),
        _finding("M301", 11, Severity.ERROR),
    ]
    return GameReport("g.mlog", {}, findings, LINES)


def test_a_repeated_ruling_is_printed_once_with_its_count_and_lines() -> None:
    printed = [f for f in shown(_report().findings) if f.code == "A01"]
    assert len(printed) == 1
    assert printed[0].span.line == 2
    assert "came up 3 times in this game, on lines 2, 5, 9" in printed[0].message
    text = plain_game(_report(), 100) or ""
    assert text.count("  A01  ") == 1
    assert "0 errors" not in text and "2 errors, 1 warning, 4 info" in text  # all counted


def test_errors_warnings_and_single_rulings_are_printed_as_they_are() -> None:
    report = _report()
    assert [(f.code, f.span.line) for f in shown(report.findings) if f.code != "A01"] == [
        ("M301", 3),
        ("A19", 6),
        ("W001", 9),
        ("M301", 11),
    ]


def test_json_keeps_every_instance() -> None:
    document = json.loads(render_json([_report()]))
    codes = [f["code"] for f in document["games"][0]["findings"]]
    assert codes.count("A01") == 3


def test_a_warning_under_a_repeated_info_code_is_printed_where_it_stands() -> None:
    # the same A-code as info twice (the record agrees with the reading in force) and once as a
    # warning (the record departs from it): the warning is never folded into the info summary
    findings = [
        _finding("A09", 2),
        _finding("A09", 5),
        _finding("A09", 7, Severity.WARNING),
    ]
    printed = [(f.code, f.span.line, f.severity) for f in shown(findings)]
    assert printed == [("A09", 2, Severity.INFO), ("A09", 7, Severity.WARNING)]
    text = plain_game(GameReport("g.mlog", {}, findings, LINES), 100) or ""
    assert "came up 2 times in this game, on lines 2, 5" in text
    assert text.count("  A09  ") == 2
