"""Every `--format` of `monolog audit` is named once (monolog/findings/formats.py) and each is
served: a streamed format opens a stream and renders a whole document with the same bytes, and
every format is in the option's help and in docs/reports.md. A format added to the list with a
step of its recipe (CONTRIBUTING.md) missed fails here."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from monolog.cli import app
from monolog.findings.formats import AUDIT_FORMATS, STREAMED
from monolog.findings.model import Finding, Severity
from monolog.notation.events import Span
from monolog.reports.formats import open_stream, render_format

DOCS = Path(__file__).resolve().parent.parent / "docs" / "reports.md"
GAME = (
    "g.mlog",
    {"Players": "Ann, Ben"},
    [Finding("M301", Severity.ERROR, "rent is $6", Span(3, 9, 3, 20), "RENT-01", file="g.mlog")],
)


def test_every_streamed_format_writes_a_game_at_a_time_as_its_whole_document() -> None:
    unserved = []
    for fmt in STREAMED:
        parts: list[str] = []
        stream = open_stream(fmt, parts.append)
        stream.game(*GAME)
        stream.close()
        whole = render_format(fmt, [GAME])
        if not whole or "".join(parts) != whole:
            unserved.append(fmt)
    assert unserved == []


def test_every_format_is_in_the_help_and_the_docs() -> None:
    help_text = " ".join(CliRunner().invoke(app, ["audit", "--help"]).output.split())
    docs = DOCS.read_text(encoding="utf-8")
    missing = [
        fmt
        for fmt in AUDIT_FORMATS
        if fmt not in help_text or f"--format {fmt}" not in docs.replace("  ", " ")
    ]
    assert missing == []
