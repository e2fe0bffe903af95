"""Findings in the formats CI and query engines read: JSON Lines (a row per finding), SARIF
2.1.0, GitHub workflow annotations, JUnit XML.

Each format is written a game at a time by a stream (`open_stream`): `game(file, header,
findings, seconds)` writes what can be written of that game at once and keeps nothing of it,
`close()` writes the end of the document. So a run over any number of games holds one game at a
time; `declared`, the readings an edition's engine profile declares with their counts, is named
by every format (findings/declared.py). `render_format` gives a whole document as text. The same
input always gives the same text (but for JUnit's measured times), so the output can be diffed
and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ...findings.declared import Declared
from ...findings.formats import STREAMED
from ...findings.model import Finding
from .games import GameFindings
from .github import GithubStream, to_github
from .jsonl import JsonLinesStream, to_json_lines
from .junit import AuditJUnit, to_junit
from .sarif import SarifStream, to_sarif

FORMATS = STREAMED


class FormatStream(Protocol):
    """A document in one of FORMATS, written a game at a time."""

    def game(
        self,
        file: str,
        header: dict[str, str],
        findings: Sequence[Finding],
        seconds: float = 0.0,
        declared: Sequence[Declared] = (),
    ) -> None: ...

    def close(self) -> None: ...


def open_stream(kind: str, write: Callable[[str], object], strict: bool = False) -> FormatStream:
    """The stream writing a document in one of FORMATS through `write` (`strict`: every finding
    fails a JUnit case)."""
    if kind == "jsonl":
        return JsonLinesStream(write)
    if kind == "sarif":
        return SarifStream(write)
    if kind == "github":
        return GithubStream(write)
    if kind == "junit":
        return AuditJUnit(write, strict)
    raise ValueError(f"unknown format {kind!r}: expected one of {', '.join(FORMATS)}")


def render_format(kind: str, games: Sequence[GameFindings], strict: bool = False) -> str:
    """The games' findings in one of FORMATS (`strict`: every finding fails a JUnit case)."""
    if kind == "jsonl":
        return to_json_lines(games)
    if kind == "sarif":
        return to_sarif(games)
    if kind == "github":
        return to_github(games)
    if kind == "junit":
        return to_junit(games, strict=strict)
    raise ValueError(f"unknown format {kind!r}: expected one of {', '.join(FORMATS)}")
