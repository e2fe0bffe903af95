"""Text output prints a ruling that comes up again and again once per game, with its count and
lines; JSON keeps every instance."""

from __future__ import annotations

import json

from monolog.engine.replay import replay
from monolog.findings.render import GameReport, plain_game, render_json, shown
from monolog.notation.parser import parse_text

# Ann's mortgaged light blue: each rent on the group's other sites is a CF-01 point (A01)
RECORD = """[Players "Ann, Ben"]
setup Ann owns Oriental Avenue, Vermont Avenue, Connecticut Avenue mortgaged
setup Ben at GO
1. Ann 1-2 Baltic Avenue
2. Ben 2-4 Oriental Avenue rent
3. Ann 1-3 Reading Railroad
4. Ben 1-1 Vermont Avenue rent
1-2 Community Chest card CC10
"""


def _report() -> GameReport:
    events = parse_text(RECORD, "g.mlog")
    result = replay(events, file="g.mlog")
    return GameReport("g.mlog", result.header, result.findings, RECORD.splitlines())


def test_a_repeated_ruling_is_printed_once_with_its_count_and_lines() -> None:
    report = _report()
    a01 = [f for f in report.findings if f.code == "A01"]
    assert [f.span.line for f in a01] == [5, 7]
    printed = [f for f in shown(report.findings) if f.code == "A01"]
    assert len(printed) == 1
    assert printed[0].span.line == 5
    assert "came up 2 times in this game, on lines 5, 7" in printed[0].message
    text = plain_game(report, 100) or ""
    assert text.count("A01") == 1


def test_json_keeps_every_instance() -> None:
    report = _report()
    document = json.loads(render_json([report]))
    codes = [f["code"] for f in document["games"][0]["findings"]]
    assert codes.count("A01") == 2


def test_errors_and_single_rulings_are_printed_as_they_are() -> None:
    report = _report()
    once = [f for f in report.findings if sum(g.code == f.code for g in report.findings) == 1]
    assert all(f in shown(report.findings) for f in once)
