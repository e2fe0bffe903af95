"""Findings in the formats CI reads: SARIF 2.1.0, GitHub workflow annotations, JUnit XML.

Each format is a pure function from a list of `(file, header, findings)` to text: the same
input always gives the same text, so the output can be diffed and cached.
"""

from __future__ import annotations

from collections.abc import Sequence

from .games import GameFindings
from .github import to_github
from .junit import to_junit
from .sarif import to_sarif

FORMATS: tuple[str, ...] = ("sarif", "github", "junit")


def render_format(kind: str, games: Sequence[GameFindings], strict: bool = False) -> str:
    """The games' findings in one of FORMATS (`strict`: every finding fails a JUnit case)."""
    if kind == "sarif":
        return to_sarif(games)
    if kind == "github":
        return to_github(games)
    if kind == "junit":
        return to_junit(games, strict=strict)
    raise ValueError(f"unknown format {kind!r}: expected one of {', '.join(FORMATS)}")
