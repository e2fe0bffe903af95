"""Findings as one JSON document: `{"schema": 1, "games": [...]}`, each game with its file,
header, findings and counts by severity, written whole (`render_json`) or a game at a time
(`JsonStream`) with the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..notation.events import to_data
from .declared import declared_data
from .model import Finding
from .report import CHUNK, GameReport

JSON_SCHEMA = 1


def to_document(reports: Sequence[GameReport]) -> dict[str, Any]:
    """`{"schema": 1, "games": [{"file", "header", "findings", "summary", "declared"}]}`:
    `declared`, the readings the edition's engine profile declares, each with its count."""
    return {"schema": JSON_SCHEMA, "games": [_game_data(report) for report in reports]}


def _game_data(report: GameReport, findings: bool = True) -> dict[str, Any]:
    return {
        "file": report.file,
        "header": dict(report.header),
        "findings": [_with_file(f, report.file) for f in report.findings] if findings else [],
        "summary": report.summary(),
        "declared": declared_data(report.declared),
    }


# where a game's findings go in its JSON text: the game dumped with none, split at this line
_NO_FINDINGS = '\n  "findings": [],'


def _indented(text: str, by: int) -> str:
    pad = " " * by
    return "\n".join(pad + line for line in text.split("\n"))


class JsonStream:
    """The JSON document `render_json` gives, written a game at a time through `write`, so a
    run over many games keeps none of them once written; `close` ends the document."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.games = 0
        # the settings file the run read and what it changed: the document's last member
        self.settings: dict[str, Any] | None = None

    def game(self, report: GameReport) -> None:
        """Write one game, its findings `CHUNK` at a time: the game's text is never whole."""
        data = _game_data(report, findings=False)
        text = json.dumps(data, ensure_ascii=False, indent=2, default=jsonable)
        start = f'{{\n  "schema": {JSON_SCHEMA},\n  "games": [\n' if not self.games else ",\n"
        self.games += 1
        if not report.findings:
            self.write(start + _indented(text, 4))
            return
        head, tail = text.split(_NO_FINDINGS)
        self.write(start + _indented(head + '\n  "findings": [', 4))
        findings = report.findings
        for at in range(0, len(findings), CHUNK):
            items = [
                json.dumps(
                    _with_file(f, report.file), ensure_ascii=False, indent=2, default=jsonable
                )
                for f in findings[at : at + CHUNK]
            ]
            self.write(("\n" if at == 0 else ",\n") + _indented(",\n".join(items), 8))
        self.write("\n" + _indented("  ]," + tail, 4))

    def close(self) -> None:
        if not self.games:
            document = to_document([])
            if self.settings is not None:
                document["settings"] = self.settings
            self.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        elif self.settings is None:
            self.write("\n  ]\n}\n")
        else:
            settings = json.dumps(self.settings, ensure_ascii=False, indent=2)
            self.write('\n  ],\n  "settings": ' + _indented(settings, 2).lstrip() + "\n}\n")


def _with_file(finding: Finding, file: str) -> dict[str, Any]:
    data = finding.to_data()
    if data.get("file") is None:
        data["file"] = file
    return data


def render_json(reports: Sequence[GameReport]) -> str:
    """The JSON document as text (UTF-8, indented); values JSON cannot hold become strings."""
    return json.dumps(to_document(reports), ensure_ascii=False, indent=2, default=jsonable)


def jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    if hasattr(value, "__dataclass_fields__"):
        return to_data(value)
    if isinstance(getattr(value, "value", None), str | int):  # enums
        return value.value
    return str(value)
