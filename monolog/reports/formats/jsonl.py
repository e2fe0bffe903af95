"""Findings as rows: JSON Lines, one object per line, for a query engine over a large corpus.

Each finding is a line of its own (the convention of ruff's `json-lines` output), with the game
it belongs to, so the file can be read by DuckDB (`read_json_auto`), pandas or `jq` without
holding a document. After a game's findings comes one line for the game itself, so a game with
no finding is counted too (a rate per game needs its denominator):

    {"kind": "finding", "file": "a.mlog", "game": 1, "line": 3, "column": 9, "end_line": 3,
     "end_column": 20, "code": "M301", "severity": "error", "rule": "RENT-01", "cf": null,
     "message": "...", "expected": 6, "recorded": 12, "caused_by": null}
    {"kind": "game", "file": "a.mlog", "game": 1, "header": {"Event": "..."},
     "summary": {"error": 1, "warning": 0, "info": 0}, "declared": []}

`declared` lists the readings the edition's engine profile declares (`engine`, `cf`, `reading`,
`count`: the times the game played it, `line`: the first, null when never), an empty list
without a profile.

When a settings file was read, a last line of `kind` `settings` names it, the keys it applied
and the findings its codes hid (`file`, `applied`, `hidden`).

`game` numbers the games of one file from 1, in file order. `cf` is the disputed point a
finding rules on (an A-code's), else null. Every key is on every line of its kind, null where
there is no value, so the columns a reader infers do not depend on which findings came first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ...findings.declared import Declared, declared_data
from ...findings.json_document import jsonable
from ...findings.model import Finding
from ...findings.report import summarise
from .games import GameFindings


def finding_row(finding: Finding, file: str, game: int) -> dict[str, Any]:
    """One finding as its row."""
    span = finding.span
    cf = finding.data.get("cf") if finding.data else None
    return {
        "kind": "finding",
        "file": finding.file or file,
        "game": game,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
        "code": finding.code,
        "severity": finding.severity.value,
        "rule": finding.rule,
        "cf": cf,
        "message": finding.message,
        "expected": finding.expected,
        "recorded": finding.recorded,
        "caused_by": finding.cause_data(),
    }


def _line(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False, default=jsonable) + "\n"


class JsonLinesStream:
    """The rows written a game at a time through `write`: nothing of a game is kept once its
    lines are written, and nothing closes the output (a truncated file is still every line it
    holds)."""

    def __init__(self, write: Callable[[str], object]) -> None:
        self.write = write
        self.file: str | None = None
        self.game_number = 0
        # the settings file the run read and what it changed: a closing `settings` row
        self.settings: dict[str, Any] | None = None

    def game(
        self,
        file: str,
        header: dict[str, str],
        findings: Sequence[Finding],
        seconds: float = 0.0,
        declared: Sequence[Declared] = (),
    ) -> None:
        """One game's rows (`seconds`, the time its audit took, is not written)."""
        self.game_number = self.game_number + 1 if file == self.file else 1
        self.file = file
        number = self.game_number
        rows = [_line(finding_row(f, file, number)) for f in findings]
        rows.append(
            _line(
                {
                    "kind": "game",
                    "file": file,
                    "game": number,
                    "header": dict(header),
                    "summary": summarise(findings),
                    "declared": declared_data(declared),
                }
            )
        )
        self.write("".join(rows))

    def close(self) -> None:
        """After the last game's lines, a `settings` row when a settings file was read."""
        if self.settings is not None:
            self.write(_line({"kind": "settings", **self.settings}))


def to_json_lines(games: Sequence[GameFindings]) -> str:
    """Every game's rows as one text."""
    parts: list[str] = []
    stream = JsonLinesStream(parts.append)
    for file, header, findings in games:
        stream.game(file, header, findings)
    return "".join(parts)
