"""`monolog audit` over many records: --jobs, glob patterns, streaming, the closing summary.

These run the real engine on small records, so a worker process audits exactly what the
command's own process would.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands.command_line import expand_paths

runner = CliRunner()

CLEAN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 120\n'
WRONG_PRICE = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150\n'
TWO_WRONG = (
    '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150\n2. Ben 2-1 Baltic Avenue buy 80\n'
)
BROKEN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy @ 150\n'
# A U+2028 inside a comment: str.splitlines() would end a line there, the parser does not.
SEPARATOR_IN_COMMENT = (
    '[Players "Ann, Ben"]\n; note\u2028more\n1. Ann 3-4 Oriental Avenue buy 1000\n'
)


def _corpus(root: Path) -> dict[str, str]:
    texts = {
        "a-clean.mlog": CLEAN,
        "b-price.mlog": WRONG_PRICE,
        "sub/c-two.mlog": TWO_WRONG,
        "sub/deeper/d-clean.mlog": CLEAN,
        "sub/e-price.mlog": WRONG_PRICE,
    }
    for name, text in texts.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return texts


def _blocks(stdout: str) -> list[str]:
    """The per-game blocks of a text report (the closing summary left out)."""
    body = stdout.split("\n\n")
    return [b.strip("\n") for b in body if not re.match(r"\d+ records: ", b)]


def test_jobs_give_the_same_json_as_one_process(tmp_path: Path) -> None:
    _corpus(tmp_path)
    one = runner.invoke(app, ["audit", "--format", "json", str(tmp_path)])
    two = runner.invoke(app, ["audit", "--format", "json", "--jobs", "2", str(tmp_path)])
    assert one.exit_code == two.exit_code == 1, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)
    files = [g["file"] for g in json.loads(two.stdout)["games"]]
    assert files == expand_paths([str(tmp_path)])  # documents keep the order files were named


@pytest.mark.parametrize("fmt", ["sarif", "junit", "github"])
def test_jobs_give_the_same_documents_as_one_process(tmp_path: Path, fmt: str) -> None:
    _corpus(tmp_path)
    one = runner.invoke(app, ["audit", "--format", fmt, str(tmp_path)])
    two = runner.invoke(app, ["audit", "--format", fmt, "--jobs", "2", str(tmp_path)])
    assert one.exit_code == two.exit_code == 1
    assert _untimed(one.stdout) == _untimed(two.stdout)
    if fmt == "junit":  # the times are each game's own, measured: never all zero
        assert _untimed(one.stdout) != one.stdout


def _untimed(text: str) -> str:
    """A document with its measured times and start times (JUnit's time="..." and
    timestamp="...") left out."""
    return re.sub(r' time(stamp)?="[^"]*"', "", text)


def test_jobs_give_the_same_text_blocks_and_summary(tmp_path: Path) -> None:
    _corpus(tmp_path)
    one = runner.invoke(app, ["audit", str(tmp_path)])
    many = runner.invoke(app, ["audit", "--jobs", "0", str(tmp_path)])
    assert one.exit_code == many.exit_code == 1
    # blocks stream in the order games finish; the set of blocks and the summary are the same
    assert sorted(_blocks(one.stdout)) == sorted(_blocks(many.stdout))
    assert one.stdout.split("\n\n")[-1] == many.stdout.split("\n\n")[-1]


def test_one_process_streams_in_the_order_files_are_named(tmp_path: Path) -> None:
    _corpus(tmp_path)
    result = runner.invoke(app, ["audit", str(tmp_path)])
    heads = [b.splitlines()[0].split("  ")[0] for b in _blocks(result.stdout)]
    assert heads == expand_paths([str(tmp_path)])


def test_summary_counts_findings_by_code(tmp_path: Path) -> None:
    _corpus(tmp_path)
    result = runner.invoke(app, ["audit", "--jobs", "2", str(tmp_path)])
    tail = result.stdout.split("\n\n")[-1].splitlines()
    assert tail[0] == "5 records: 4 errors, 0 warnings, 0 info"
    assert tail[1] == "findings by code: M203 4"
    assert len(tail) == 2  # nothing unreadable


def test_unreadable_files_are_named_and_exit_2(tmp_path: Path) -> None:
    _corpus(tmp_path)
    (tmp_path / "z-broken.mlog").write_text(BROKEN, encoding="utf-8")
    missing = str(tmp_path / "missing.mlog")
    for jobs in ("1", "2"):
        result = runner.invoke(app, ["audit", "--jobs", jobs, str(tmp_path), missing])
        assert result.exit_code == 2
        tail = result.stdout.split("\n\n")[-1].splitlines()
        # z-broken.mlog is read past its unreadable line: its P112 counts as an error, and
        # it is listed among the records not read whole
        assert tail[0] == "7 records: 5 errors, 0 warnings, 0 info, 2 could not be read"
        assert tail[2:] == [  # one per line: a long list is still read line by line
            "could not be read or parsed:",
            f"  {missing}",
            f"  {tmp_path / 'z-broken.mlog'}",
        ]
        assert f"{tmp_path / 'z-broken.mlog'}:2:" in result.stderr
        assert "missing.mlog:1:1: P001" in result.stderr
        assert "Traceback" not in result.output


def test_unreadable_file_in_a_document_format_with_jobs(tmp_path: Path) -> None:
    _corpus(tmp_path)
    (tmp_path / "z-broken.mlog").write_text(BROKEN, encoding="utf-8")
    result = runner.invoke(app, ["audit", "--format", "json", "--jobs", "2", str(tmp_path)])
    assert result.exit_code == 2
    games = json.loads(result.stdout)["games"]
    assert len(games) == 6
    broken = [g for g in games if g["file"].endswith("z-broken.mlog")]
    assert [f["code"] for f in broken[0]["findings"]] == ["P102"]


def test_quoted_glob_patterns_are_expanded(tmp_path: Path) -> None:
    texts = _corpus(tmp_path)
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    everything = expand_paths([str(tmp_path / "**" / "*.mlog")])
    assert sorted(everything) == sorted(str(tmp_path / n) for n in texts)
    top = expand_paths([str(tmp_path / "*-price.mlog")])
    assert top == [str(tmp_path / "b-price.mlog")]
    # a pattern matching folders gives the records below them
    folders = expand_paths([str(tmp_path / "su?")])
    assert sorted(folders) == sorted(str(tmp_path / n) for n in texts if n.startswith("sub/"))
    # a pattern matching nothing is kept, to be reported as unreadable
    nothing = str(tmp_path / "*.nothing")
    assert expand_paths([nothing]) == [nothing]
    result = runner.invoke(app, ["audit", str(tmp_path / "**" / "*.mlog")])
    assert result.exit_code == 1
    assert "5 records: 4 errors" in result.stdout


def test_a_file_whose_name_looks_like_a_pattern_is_taken_as_named(tmp_path: Path) -> None:
    path = tmp_path / "game[1].mlog"
    path.write_text(CLEAN, encoding="utf-8")
    assert expand_paths([str(path)]) == [str(path)]


def test_negative_jobs_is_a_usage_error(tmp_path: Path) -> None:
    _corpus(tmp_path)
    result = runner.invoke(app, ["audit", "--jobs", "-1", str(tmp_path)])
    assert result.exit_code == 2
    assert "--jobs" in result.stderr


def test_one_record_has_no_summary(tmp_path: Path) -> None:
    _corpus(tmp_path)
    result = runner.invoke(app, ["audit", "--jobs", "2", str(tmp_path / "b-price.mlog")])
    assert result.exit_code == 1
    assert "records:" not in result.stdout
    assert "findings by code" not in result.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_source_line_under_a_finding_counts_only_newlines(tmp_path: Path, jobs: str) -> None:
    name = tmp_path / "sep.mlog"
    name.write_text(SEPARATOR_IN_COMMENT, encoding="utf-8")
    other = tmp_path / "other.mlog"
    other.write_text(CLEAN, encoding="utf-8")
    result = runner.invoke(app, ["audit", "--jobs", jobs, str(name), str(other)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{name}:3:28  M203"))
    assert lines[at + 1] == "    1. Ann 3-4 Oriental Avenue buy 1000"
    assert lines[at + 2] == "    " + " " * 27 + "^~~~~~~~"


def test_compact_report_keeps_only_the_lines_findings_point_at() -> None:
    import pickle

    from monolog.findings.model import Finding, Severity
    from monolog.findings.render import source_excerpt
    from monolog.findings.report import GameReport
    from monolog.notation.events import Span

    finding = Finding("M301", Severity.ERROR, "x", Span(3, 2, 3, 4))
    lines = ["first", "second", "third line", "fourth"]
    report = GameReport("g.mlog", {}, [finding], lines)
    compact = pickle.loads(pickle.dumps(report.compact()))
    assert len(compact.lines) == 4
    assert compact.lines[2] == "third line" and compact.lines[0] == ""
    assert source_excerpt(finding, compact.lines, 80) == source_excerpt(finding, lines, 80)
    assert len(report.compact(keep_lines=False).lines) == 0
