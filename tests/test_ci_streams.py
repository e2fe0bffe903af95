"""The CI formats (SARIF, GitHub annotations, JUnit) are written a game at a time: `monolog
audit` keeps no game once it has been handed to the format's stream, SARIF and the annotations
reach stdout as each game is audited, and JUnit's cases go to its spool at once (the head of
its suite carries the totals, so the document is written when the run ends). What each stream
writes is the whole document `render_format` gives for the same games."""

from __future__ import annotations

import gc
import json
import re
import weakref
import xml.etree.ElementTree as ET

import pytest

from monolog.commands.audit_batch import Outcome
from monolog.commands.audit_output import ReportWriter
from monolog.findings.model import Finding, Severity
from monolog.findings.report import GameReport, RunSummary
from monolog.notation.events import Span
from monolog.reports.formats import render_format
from monolog.reports.formats.sarif import SarifStream


class _Findings(list[Finding]):
    """A game's findings, which a weak reference can follow (shared by any copy of its report
    a run would keep, as `GameReport.compact` makes)."""


def _report(file: str, n: int) -> GameReport:
    findings = [
        Finding("M301", Severity.ERROR, f"rent is ${n}", span=Span(3, 5, 3, 9), rule="RENT-01"),
        Finding("A04", Severity.INFO, "no second roll", span=Span(7, 1, 7, 4), rule="JAIL-07"),
    ]
    return GameReport(file, {"Event": f"game {n}"}, _Findings(findings[: 1 + n % 2]), parsed=True)


REPORTS = [_report(f"games/{name}.mlog", n) for n, name in enumerate("aabcd")]


@pytest.mark.parametrize("fmt", ["sarif", "github", "junit"])
def test_each_game_is_handed_on_at_once_and_the_document_is_the_whole_one(
    fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    writer = ReportWriter(fmt, strict=False, quiet=False, workers=1, statistics=False)
    written = []
    # what the worker held before is frozen: each collection below looks through what the test
    # made since (a game kept in a cycle), not the whole heap of a worker that has collected and
    # run its share of the suite (a full collection each time was most of this test's time)
    gc.freeze()
    try:
        for index in range(len(REPORTS)):
            report = _report(REPORTS[index].file, index)
            kept = weakref.ref(report.findings)
            writer.add(Outcome(index, report, None, strict=False, seconds=0.25))
            del report
            gc.collect()
            assert kept() is None  # nothing of the game is kept by the run
            written.append(capsys.readouterr().out)
    finally:
        gc.unfreeze()
    writer.close(RunSummary())
    tail = capsys.readouterr().out
    games = [(r.file, r.header, r.findings) for r in REPORTS]
    whole = render_format(fmt, games)
    if fmt == "junit":
        spool = writer.stream.writer.spool
        assert spool.closed and written == [""] * len(REPORTS)  # spooled until the totals
        root = ET.fromstring(tail.split("\n", 1)[1])
        assert {c.get("time") for c in root.iter("testcase")} == {"0.250"}
        assert root.get("time") == "1.250"
        assert _untimed(tail) == _untimed(whole)
        return
    # every game with a finding reached stdout as it came
    assert all(piece for piece in written)
    streamed = "".join(written) + tail
    assert streamed == whole
    if fmt == "sarif":
        json.loads(streamed)


@pytest.mark.parametrize("fmt", ["sarif", "github", "junit"])
def test_with_workers_records_are_written_in_file_order_as_soon_as_they_can_be(
    fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    writer = ReportWriter(fmt, strict=False, quiet=False, workers=2, statistics=False)
    out = ""
    # records 0..4 (one game each) finishing in the order 2, 0, 1, 4, 3
    for index in (2, 0, 1, 4, 3):
        writer.add(Outcome(index, REPORTS[index], None, strict=False, seconds=0.25))
        out += capsys.readouterr().out
        if index == 0 and fmt != "junit":  # record 0 goes out at once; 2 waits for 1
            assert "games/a.mlog" in out and "games/b.mlog" not in out
    writer.close(RunSummary())
    out += capsys.readouterr().out
    assert writer.ordered is not None and not writer.ordered.held
    whole = render_format(fmt, [(r.file, r.header, r.findings) for r in REPORTS])
    assert _untimed(out) == _untimed(whole)


def _untimed(text: str) -> str:
    """A JUnit document without its measured times and its suites' start times."""
    return re.sub(r' time(stamp)?="[^"]*"', "", text)


def test_the_sarif_stream_keeps_counts_of_the_current_file_only() -> None:
    parts: list[str] = []
    stream = SarifStream(parts.append, root=".")
    for report in REPORTS:
        stream.game(report.file, report.header, report.findings)
        assert list(stream.seen) == [report.file]  # the earlier files' counts are dropped
    stream.close()
    log = json.loads("".join(parts))
    results = log["runs"][0]["results"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    # rules in order of first appearance, each result pointing at its own
    assert [r["id"] for r in rules] == ["M301", "A04"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    # the file's second game repeats the first's finding: the second occurrence is numbered 2
    fingerprints = [next(iter(r["partialFingerprints"].values())) for r in results]
    assert fingerprints[0].endswith(":1") and fingerprints[1].endswith(":2")
    assert len(set(fingerprints)) == len(fingerprints)


def test_an_empty_run_gives_a_valid_document_in_each_format() -> None:
    sarif = json.loads(render_format("sarif", []))
    assert sarif["runs"][0]["results"] == [] and sarif["runs"][0]["tool"]["driver"]["rules"] == []
    assert render_format("github", []) == ""
    junit = ET.fromstring(render_format("junit", []).split("\n", 1)[1])
    assert junit.get("tests") == "0" and [s.get("tests") for s in junit] == ["0"]
