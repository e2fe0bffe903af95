"""A long game's report is written a piece at a time, never built whole.

A 1 MiB game of bare rolls carries about 57,000 findings. Its text block and its JSON were
built as one string (then copied by the writer): tens of MB above the report itself
(benchmarks/memory_bench.py). Now both are written `CHUNK` findings at a time, and the bytes
written are the same as the whole document's.
"""

from __future__ import annotations

import io
import json

import pytest

from monolog.findings.json_document import JsonStream, render_json
from monolog.findings.model import Finding, Severity
from monolog.findings.render import TextOutput, make_console, plain_game, render_game
from monolog.findings.report import CHUNK, GameReport
from monolog.notation.events import Span


def _long_report(findings: int) -> GameReport:
    lines = [f"{n}. Ann 3-4 £ wide 中文 line" for n in range(1, findings // 2 + 2)]
    found = [
        Finding(
            ("M301", "A04", "W001")[n % 3],
            (Severity.ERROR, Severity.INFO, Severity.WARNING)[n % 3],
            f'finding {n} says "quoted" and £{n}',
            Span(n // 2 + 1, 3, n // 2 + 1, 8),
            "RENT-01" if n % 2 else None,
        )
        for n in range(findings)
    ]
    return GameReport("long.mlog", {"Event": "A long game"}, found, lines)


@pytest.mark.parametrize("findings", [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 17])
def test_the_text_block_in_pieces_is_the_whole_block(findings: int) -> None:
    report = _long_report(findings)
    for first in (True, False):
        console = make_console()
        console.file = io.StringIO()  # not a terminal: no colour
        render_game(report, console, 80, first=first)
        assert plain_game(report, 80, first) == console.file.getvalue()


def test_the_text_output_writes_every_piece(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    report = _long_report(2 * CHUNK + 5)
    output = TextOutput()
    expected = output.block(report)
    output.game(report)
    written = capsys.readouterr().out
    assert written == expected
    assert sum(1 for line in written.split("\n") if "M301" in line) == len(
        [f for f in report.findings if f.code == "M301"]
    )


@pytest.mark.parametrize("findings", [0, 1, CHUNK, 2 * CHUNK + 17])
def test_the_json_in_pieces_is_the_whole_document(findings: int) -> None:
    reports = [_long_report(findings), _long_report(3)]
    parts: list[str] = []
    stream = JsonStream(parts.append)
    for report in reports:
        stream.game(report)
    stream.close()
    whole = render_json(reports) + "\n"
    assert "".join(parts) == whole
    assert len(json.loads(whole)["games"][0]["findings"]) == findings
    if findings > CHUNK:
        assert max(len(part) for part in parts) < len(whole) / 2
