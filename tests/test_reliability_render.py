"""Rendering holds its shape whatever the names and lines: the caret stays under its column
after double-width characters (it was placed by character count, so it drifted left by one
column per wide character), a file name holding a newline is printed escaped (it broke the
location line in two), a finding about a whole file has a line and column like every other
(P001, P003 and P900 had none), and a line with many findings is prepared once, not once per
finding (which made rendering quadratic)."""

from __future__ import annotations

from pathlib import Path

import pytest

from monolog.commands.audit import audit_file
from monolog.findings import render
from monolog.findings.model import Finding, Severity
from monolog.findings.render import cells, plain_game, source_excerpt
from monolog.findings.report import GameReport
from monolog.notation import ParseError, parse_text
from monolog.notation.events import Span


def _finding(column: int, end: int) -> Finding:
    return Finding("M104", Severity.ERROR, "wrong", span=Span(1, column, 1, end))


@pytest.mark.parametrize(
    ("line", "column", "word"),
    [
        ("1. 山田 3-4 Oriental Avenue", 7, "3-4"),  # two wide characters before
        ("1. Zoë 3-4 Oriental Avenue", 8, "3-4"),  # a narrow accented one
        ("1. Ann 3-4 {メモ} Baltic Avenue", 17, "Baltic"),
    ],
)
def test_the_caret_is_under_its_column(line: str, column: int, word: str) -> None:
    excerpt = source_excerpt(_finding(column, column + len(word)), [line], 100)
    assert excerpt is not None
    shown, caret = excerpt
    start = shown.index(word)
    assert caret.index("^") == cells(shown[:start])
    assert len(caret.strip()) == cells(word)


@pytest.mark.parametrize(
    ("record", "mark"),
    [
        ('[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy 60 {日本語} rent 9!\n', "!"),
        ('[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy 60 {山田さん} ?\n', "?"),
    ],
)
def test_a_parse_error_s_caret_is_under_its_column(record: str, mark: str) -> None:
    """The caret of a parse error (P-codes, shown by ParseError.render) is placed by display
    width too: after wide characters it drifted left by one column each."""
    with pytest.raises(ParseError) as info:
        parse_text(record, "w.mlog")
    _, shown, caret = info.value.render().split("\n")[:3]
    assert caret.index("^") == cells(shown[: shown.index(mark)]), (shown, caret)


def test_cells() -> None:
    assert cells("abc") == 3
    assert cells("山田") == 4
    assert cells("e\u0301") == 1  # a combining accent takes no column


def test_a_file_name_with_a_newline_is_escaped(tmp_path: Path) -> None:
    name = tmp_path / "two\nlines.mlog"
    name.write_text('[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100\n', "utf-8")
    report, _ = audit_file(str(name))
    text = plain_game(report, 100)
    assert text is not None
    assert "two\\nlines.mlog" in text
    assert all(not line.startswith("lines.mlog") for line in text.splitlines())
    _, error = audit_file(str(tmp_path / "gone\n.mlog"))
    assert error is not None and "\n" not in error.split(": P001")[0]
    assert "gone\\n.mlog:1:1: P001" in error


def test_whole_file_findings_are_located(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mlog"
    empty.write_text("", encoding="utf-8")
    for path, code in ((tmp_path / "missing.mlog", "P001"), (empty, "P003")):
        report, error = audit_file(str(path))
        assert report.findings[0].code == code
        assert (report.findings[0].line, report.findings[0].column) == (1, 1)
        assert error is not None and error.startswith(f"{path}:1:1: {code} ")


def test_a_line_with_many_findings_is_prepared_once(monkeypatch: pytest.MonkeyPatch) -> None:
    line = "1. Ann 3-4 " + " ".join(["=1"] * 200)
    findings = [_finding(12 + 3 * i, 14 + 3 * i) for i in range(200)]
    calls = []
    real = render.shown_line

    def counted(lines: list[str], number: int) -> str:
        calls.append(number)
        return real(lines, number)

    monkeypatch.setattr(render, "shown_line", counted)
    report = GameReport("g.mlog", findings=findings, lines=[line])
    assert plain_game(report, 100) is not None
    assert calls == [1]
