"""`monolog audit`: exit codes, --strict, JSON output, rulings and the text report.

Most tests replace the engine with a small stand-in that reports the findings a record asks
for in `; finding CODE SEVERITY RULE message` comments, so the command's own behaviour is
tested whatever the engine checks. The tests at the end run the real engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands import audit_options, audit_record
from monolog.findings.catalogue import load_catalogue
from monolog.findings.model import Finding, Severity
from monolog.notation import events as ev

runner = CliRunner()


class StandIn:
    """Reports the findings asked for in comments, at the first event of the comment's line."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, events: list[ev.Event], **kwargs: Any) -> SimpleNamespace:
        self.calls.append(kwargs)
        first_on_line: dict[int, ev.Span] = {}
        for e in events:
            if not isinstance(e, ev.TRIVIA):
                first_on_line.setdefault(e.span.line, e.span)
        findings = []
        for e in events:
            text = e.text.strip() if isinstance(e, ev.Comment) else ""
            if text.startswith("finding "):
                _, code, severity, rule, message = text.split(" ", 4)
                span = first_on_line.get(e.span.line, e.span)
                findings.append(
                    Finding(code, Severity(severity), message, span, rule, file=kwargs["file"])
                )
        header = {e.key: e.value for e in events if isinstance(e, ev.Tag)}
        return SimpleNamespace(findings=findings, header=header)


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> StandIn:
    stand_in = StandIn()
    monkeypatch.setattr(audit_record, "_replay_function", lambda: stand_in)
    return stand_in


HEADER = '[Event "Club night"]\n[Round "3"]\n[Table "2"]\n[Players "Ann, Ben, Cal"]\n'
CLEAN = HEADER + "1. Ann 5-3 Vermont Avenue buy 100\n"
RENT = HEADER + (
    "1. Ann 5-3 Vermont Avenue buy 100\n"
    "2. Ben 5-3 Vermont Avenue rent 12 ; finding M301 error RENT-01 rent is $6: no group\n"
)
AMBIGUOUS = HEADER + "1. Ann 5-3 Vermont Avenue buy 100 ; finding A19 info CF-19 dice reused\n"
WARNING = HEADER + "1. Ann 5-3 Vermont Avenue buy 100 =1400 ; finding W001 warning - cash\n"
BROKEN = HEADER + "1. Ann 5-3 Vermont Avenue buy @ 100\n"


def _record(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_clean_record_exits_0(tmp_path: Path, engine: StandIn) -> None:
    result = runner.invoke(app, ["audit", _record(tmp_path, "clean.mlog", CLEAN)])
    assert result.exit_code == 0, result.output
    assert "clean: no findings" in result.stdout
    assert "Club night, round 3, table 2 (Ann, Ben, Cal)" in result.stdout


def test_violation_exits_1_with_location_rule_and_caret(tmp_path: Path, engine: StandIn) -> None:
    name = _record(tmp_path, "rent.mlog", RENT)
    result = runner.invoke(app, ["audit", name])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    at = lines.index(f"{name}:6:1  M301  rent is $6: no group  [RENT-01]")
    assert (
        lines[at + 1]
        == "    2. Ben 5-3 Vermont Avenue rent 12 ; finding M301 error RENT-01 rent is $6: no group"
    )
    assert lines[at + 2].startswith("    ^")
    assert f"{name}: 1 error, 0 warnings, 0 info" in lines


def test_caret_sits_under_the_column(tmp_path: Path) -> None:
    from monolog.findings.render import source_excerpt

    finding = Finding("M301", Severity.ERROR, "x", ev.Span(1, 8, 1, 12))
    shown, caret = source_excerpt(finding, ["2. Ben rent 12"], 80) or ("", "")
    assert caret.index("^") - 4 == 7
    assert caret.endswith("^~~~")
    assert shown == "    2. Ben rent 12"


@pytest.mark.parametrize("text", [AMBIGUOUS, WARNING])
def test_strict_counts_ambiguous_rulings_and_warnings(
    tmp_path: Path, engine: StandIn, text: str
) -> None:
    name = _record(tmp_path, "game.mlog", text)
    assert runner.invoke(app, ["audit", name]).exit_code == 0
    assert runner.invoke(app, ["audit", "--strict", name]).exit_code == 1


def test_unparsable_file_exits_2_and_others_are_still_audited(
    tmp_path: Path, engine: StandIn
) -> None:
    broken = _record(tmp_path, "a-broken.mlog", BROKEN)
    rent = _record(tmp_path, "b-rent.mlog", RENT)
    result = runner.invoke(app, ["audit", broken, rent, str(tmp_path / "missing.mlog")])
    assert result.exit_code == 2
    assert f"{broken}:5:" in result.stderr and "P10" in result.stderr
    assert "    1. Ann 5-3 Vermont Avenue buy @ 100" in result.stderr
    assert "missing.mlog:1:1: P001 no such file" in result.stderr
    assert f"{rent}:6:1  M301" in result.stdout
    assert "3 records: 2 errors, 0 warnings, 0 info, 2 could not be read" in result.stdout
    # the broken record is read past its line: its P102 counts among the findings
    assert "findings by code: M301 1, P102 1" in result.stdout
    assert "Traceback" not in result.output


def test_folder_is_expanded(tmp_path: Path, engine: StandIn) -> None:
    _record(tmp_path, "one.mlog", CLEAN)
    _record(tmp_path, "two.mlog", RENT)
    result = runner.invoke(app, ["audit", str(tmp_path)])
    assert result.exit_code == 1
    assert "2 records: 1 error, 0 warnings, 0 info" in result.stdout


def test_folder_with_no_record_says_so(tmp_path: Path, engine: StandIn) -> None:
    # a folder holding only an engine profile: nothing to audit, and the error says why
    games = tmp_path / "games"
    games.mkdir()
    (games / "my-engine.yaml").write_text("extends: us-2018\n", encoding="utf-8")
    result = runner.invoke(app, ["audit", str(games)])
    assert result.exit_code == 2
    assert "no record (*.mlog) or event stream (*.jsonl) in this folder" in result.stderr
    assert "not a record file" not in result.stderr


def test_json_is_one_valid_document(tmp_path: Path, engine: StandIn) -> None:
    rent = _record(tmp_path, "rent.mlog", RENT)
    broken = _record(tmp_path, "broken.mlog", BROKEN)
    result = runner.invoke(app, ["audit", "--format", "json", rent, broken])
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert doc["schema"] == 1
    first, second = doc["games"]
    assert first["file"] == rent
    assert first["header"]["Players"] == "Ann, Ben, Cal"
    assert first["summary"] == {"error": 1, "warning": 0, "info": 0}
    (finding,) = first["findings"]
    assert finding["code"] == "M301" and finding["line"] == 6 and finding["rule"] == "RENT-01"
    assert second["file"] == broken and second["findings"][0]["code"].startswith("P1")


def test_json_of_a_clean_record_exits_0(tmp_path: Path, engine: StandIn) -> None:
    result = runner.invoke(app, ["audit", "--format=json", _record(tmp_path, "c.mlog", CLEAN)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"][0]["findings"] == []


def test_unknown_format_is_a_usage_error(tmp_path: Path, engine: StandIn) -> None:
    result = runner.invoke(app, ["audit", "--format", "xml", _record(tmp_path, "c.mlog", CLEAN)])
    assert result.exit_code == 2
    assert "--format 'xml'" in result.stderr
    assert engine.calls == []


def test_paranoid_and_rulings_reach_the_engine(tmp_path: Path, engine: StandIn) -> None:
    known = audit_options.known_readings()
    assert known, "the readings catalogue (monolog/editions/data/readings.yaml) is missing"
    cf, readings = next(iter(known.items()))
    reading = readings[-1]
    name = _record(tmp_path, "c.mlog", CLEAN)
    result = runner.invoke(
        app, ["audit", "--paranoid", "--ruling", f"{cf.lower()}={reading}", name]
    )
    assert result.exit_code == 0, result.output
    (call,) = engine.calls
    assert call["paranoid"] is True
    assert call["rulings"] == {cf: reading}
    assert call["file"] == name


def test_unknown_ruling_key_lists_the_valid_keys(tmp_path: Path, engine: StandIn) -> None:
    known = audit_options.known_readings()
    assert known, "the readings catalogue (monolog/editions/data/readings.yaml) is missing"
    result = runner.invoke(
        app, ["audit", "--ruling", "CF-99=anything", _record(tmp_path, "c.mlog", CLEAN)]
    )
    assert result.exit_code == 2
    assert "unknown disputed point CF-99" in result.stderr
    assert ", ".join(known) in result.stderr
    assert engine.calls == []


def test_unknown_reading_lists_the_valid_readings(tmp_path: Path, engine: StandIn) -> None:
    known = audit_options.known_readings()
    assert known, "the readings catalogue (monolog/editions/data/readings.yaml) is missing"
    cf, readings = next(iter(known.items()))
    result = runner.invoke(
        app, ["audit", "--ruling", f"{cf}=no-such-reading", _record(tmp_path, "c.mlog", CLEAN)]
    )
    assert result.exit_code == 2
    assert f"{cf} has no reading 'no-such-reading'" in result.stderr
    assert ", ".join(readings) in result.stderr


@pytest.mark.parametrize("value", ["CF02", "CF-02", "CF-02=", "RENT-01=a"])
def test_malformed_ruling_is_a_usage_error(tmp_path: Path, engine: StandIn, value: str) -> None:
    result = runner.invoke(app, ["audit", "--ruling", value, _record(tmp_path, "c.mlog", CLEAN)])
    assert result.exit_code == 2
    assert "expected CF-nn=READING" in result.stderr


def test_engine_failure_is_reported_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(events: list[ev.Event], **kwargs: Any) -> None:
        raise KeyError("Vermont Avenue")

    monkeypatch.setattr(audit_record, "_replay_function", lambda: broken)
    result = runner.invoke(app, ["audit", _record(tmp_path, "c.mlog", CLEAN)])
    assert result.exit_code == 2
    assert "P900 internal error while replaying the record (KeyError" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_unknown_edition_is_a_usage_error(tmp_path: Path, engine: StandIn) -> None:
    result = runner.invoke(
        app, ["audit", "--edition", "no-such-edition", _record(tmp_path, "c.mlog", CLEAN)]
    )
    assert result.exit_code == 2
    assert "--edition 'no-such-edition'" in result.stderr
    assert engine.calls == []


def test_edition_option_reaches_the_engine(tmp_path: Path, engine: StandIn) -> None:
    name = _record(tmp_path, "c.mlog", CLEAN)
    result = runner.invoke(app, ["audit", "--edition", "us-2018", name])
    assert result.exit_code == 0, result.output
    (call,) = engine.calls
    assert call["edition"].key == "us-2018"
    assert call["rulings"] is None and call["paranoid"] is False


# --------------------------------------------------------------------------- the real engine

VIOLATIONS = [e for e in load_catalogue() if e.family == "M" and e.fail is not None]


def test_real_engine_reports_a_catalogued_violation(tmp_path: Path) -> None:
    assert VIOLATIONS, "the catalogue has no M-code with a failing record"
    entry = VIOLATIONS[0]
    assert entry.fail is not None
    name = _record(tmp_path, "fail.mlog", entry.fail)
    result = runner.invoke(app, ["audit", name])
    assert result.exit_code == 1, result.output
    assert f"  {entry.code}  " in result.stdout
    doc = json.loads(runner.invoke(app, ["audit", "--format", "json", name]).stdout)
    assert entry.code in {f["code"] for f in doc["games"][0]["findings"]}


def test_real_engine_passes_a_clean_opening(tmp_path: Path) -> None:
    name = _record(
        tmp_path, "clean.mlog", '[Players "Ann, Ben"]\n1. Ann 5-3 Vermont Avenue buy 100\n'
    )
    result = runner.invoke(app, ["audit", name])
    assert result.exit_code == 0, result.output
    assert "clean: no findings" in result.stdout


def _rendered(monkeypatch: pytest.MonkeyPatch, **env: str) -> str:
    from monolog.findings.render import make_console, render_text
    from monolog.findings.report import GameReport

    for key in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    finding = Finding("M301", Severity.ERROR, "rent is $6", ev.Span(1, 8, 1, 12), "RENT-01")
    report = GameReport("g.mlog", {"Players": "Ann, Ben"}, [finding], ["2. Ben rent 12"])
    console = make_console()
    with console.capture() as captured:
        render_text([report], console)
    return captured.get()


def test_colour_only_when_asked_and_never_under_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "\x1b[" not in _rendered(monkeypatch)  # not a terminal: plain
    assert "\x1b[" in _rendered(monkeypatch, FORCE_COLOR="1")
    coloured = _rendered(monkeypatch, FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[31" not in coloured and "\x1b[1;31" not in coloured
    assert "g.mlog:1:8  M301  rent is $6  [RENT-01]" in _rendered(monkeypatch)
