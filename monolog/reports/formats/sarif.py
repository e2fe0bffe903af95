"""SARIF 2.1.0 for code scanning (GitHub and others), written a game at a time (`SarifStream`).

One run, one tool (`monolog`), one rule per finding code that occurs (in order of first
appearance, after the results: see `SarifStream`), described from the finding catalogue with a
`helpUri` to the code's section of docs/rules.md, and one invocation. Every result has a
location relative to the repository root (the nearest folder above the working one holding
`.git`, else the working folder), marked with `uriBaseId` %SRCROOT%, a full region, and a
partial fingerprint built from the code, the file, the rule and the values the finding compares
(expected, recorded), never from its words: the same finding keeps the same fingerprint from run
to run, when lines are added above it, and when its message is reworded. A finding that only
follows from an earlier one (`caused_by`) carries that root's place as a related location. No
property is ever an empty string: absent values are left out. The readings engine profiles
declare are the run's `properties.declared`: each point and reading with the times the games
played it and the games that declared it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from ... import __version__
from ...findings.catalogue import help_uri, load_catalogue
from ...findings.declared import Declared, Totals, add_totals
from ...findings.model import Cause, Finding, Severity
from ...notation.events import Span
from .games import GameFindings

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
TOOL_NAME = "monolog"
FINGERPRINT_KEY = "monologFinding/v2"
URI_BASE_ID = "%SRCROOT%"
LEVELS: dict[Severity, str] = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
}
FAMILY_TAGS = {
    "P": "parse-error",
    "M": "rule-violation",
    "A": "ambiguous-ruling",
    "W": "record-warning",
    "I": "record-note",
}


def repository_root(start: Path | None = None) -> Path:
    """The nearest folder from `start` (default: the working folder) up holding `.git`; the
    working folder itself when there is none."""
    # os.path's realpath and exists never raise (pathlib's resolve raises on a link cycle)
    try:
        here = Path(os.path.realpath(start or os.getcwd()))
    except OSError:  # the working folder was removed
        return Path()
    for folder in (here, *here.parents):
        if os.path.exists(folder / ".git"):
            return folder
    return here


def artifact_uri(file: str, root: str | None = None) -> str:
    """The file as a URI reference relative to `root` (default: the repository root), with
    forward slashes; a file outside the root keeps its path as given."""
    path = Path(file)
    base = Path(root) if root is not None else repository_root()
    if not path.is_absolute() and root is None:
        with contextlib.suppress(OSError):  # (kept as named when the working folder is gone)
            path = Path(os.getcwd()) / path  # named from the working folder, placed from the root
    try:
        real = Path(os.path.realpath(path))
        rel = real.relative_to(os.path.realpath(base)) if path.is_absolute() else path
    except (ValueError, OSError):  # outside the root, or no working folder to place it from
        rel = path
    text = PurePosixPath(*rel.parts).as_posix() if rel.parts else file
    return text.removeprefix("./") or file


def _rule(code: str, catalogue: Any) -> dict[str, Any]:
    """A reportingDescriptor for `code`, from its catalogue entry when there is one."""
    entry = catalogue.get(code) if catalogue is not None else None
    rule: dict[str, Any] = {"id": code}
    if entry is not None:
        rule["name"] = "".join(w.capitalize() for w in entry.title.split() if w.isalnum()) or code
        rule["shortDescription"] = {"text": entry.title}
        rule["fullDescription"] = {"text": entry.summary}
        help_text = entry.explanation.strip()
        if entry.rule:
            help_text += f"\n\nRule: {entry.rule}."
        rule["help"] = {"text": help_text}
        rule["helpUri"] = help_uri(code, entry.title)
        rule["defaultConfiguration"] = {"level": LEVELS[entry.severity]}
        props: dict[str, Any] = {"tags": [FAMILY_TAGS.get(code[0], "finding")]}
        if entry.rule:
            props["rule"] = entry.rule
        rule["properties"] = props
    else:
        rule["shortDescription"] = {"text": f"monolog finding {code}"}
        rule["fullDescription"] = {"text": f"monolog finding {code}."}
        rule["help"] = {"text": f"See `monolog explain {code}`."}
        rule["properties"] = {"tags": [FAMILY_TAGS.get(code[0], "finding")]}
    return rule


def _region(finding: Finding) -> dict[str, int]:
    return _span_region(finding.span)


def _span_region(span: Span) -> dict[str, int]:
    start_line = max(span.line, 1)
    start_col = max(span.column, 1)
    end_line = max(span.end_line, start_line)
    end_col = span.end_column if span.end_column >= 1 else start_col + 1
    if end_line == start_line and end_col <= start_col:
        end_col = start_col + 1
    return {
        "startLine": start_line,
        "startColumn": start_col,
        "endLine": end_line,
        "endColumn": end_col,
    }


def _cause_location(cause: Cause, uri: str) -> dict[str, Any]:
    """The root finding a result only follows from, as a related location in the same file."""
    return {
        "id": 1,
        "physicalLocation": {
            "artifactLocation": {"uri": uri, "uriBaseId": URI_BASE_ID},
            "region": _span_region(cause.span),
        },
        "message": {"text": f"follows from {cause.code} on line {cause.span.line}"},
    }


def _identity(finding: Finding, uri: str) -> tuple[str, ...]:
    """What a finding is, apart from its line and its words: code, file, rule and the values
    it compares."""
    values = (finding.rule, finding.expected, finding.recorded)
    return (finding.code, uri, *(json.dumps(v, default=str, sort_keys=True) for v in values))


def fingerprint(identity: tuple[str, ...], occurrence: int) -> str:
    """A stable hash of what the finding is and where (not its line number, not its words)."""
    text = "\x1f".join((*identity, str(occurrence)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32] + f":{occurrence}"


class SarifStream:
    """The SARIF log written a game at a time through `write`, so a run keeps no game once it
    is written: `game` writes the game's results at once, `close` the run's tail (the tool and
    its rules, the invocation) and the end of the document.

    The run object lists `results` first and `tool` after them (JSON members have no order),
    since the rules are those of the codes met; a rule's `ruleIndex` is its place in order of
    first appearance. What is kept between games is bounded: the codes met, and the occurrence
    counts of the current file's findings (a file's games come one after another)."""

    def __init__(
        self,
        write: Callable[[str], object],
        *,
        catalogue: Any = None,
        root: str | None = None,
        information_uri: str | None = None,
    ) -> None:
        self.write = write
        self.catalogue = load_catalogue() if catalogue is None else catalogue
        self.root = root
        self.information_uri = information_uri
        self.codes: dict[str, int] = {}  # code -> ruleIndex
        self.seen: dict[str, dict[tuple[str, ...], int]] = {}  # uri -> identity -> occurrences
        self.file: str | None = None
        self.results = 0
        # the settings file the run read and what it changed: the invocation's properties
        self.settings: dict[str, Any] | None = None
        # (engine, point, reading) an engine profile declares -> [times played, games]
        self.declared: Totals = {}

    def game(
        self,
        file: str,
        header: dict[str, str],
        findings: Sequence[Finding],
        seconds: float = 0.0,
        declared: Sequence[Declared] = (),
    ) -> None:
        """One game's findings (`seconds`, the time its audit took, is not written here); the
        readings its edition's engine profile declares are added up for the run's properties."""
        add_totals(self.declared, declared)
        if file != self.file:  # the previous file's games are all written
            if self.file is not None:
                self.seen.pop(artifact_uri(self.file, self.root), None)
            self.file = file
        for f in findings:
            uri = artifact_uri(f.file or file, self.root)
            key = _identity(f, uri)
            counts = self.seen.setdefault(uri, {})
            occurrence = counts[key] = counts.get(key, 0) + 1
            index = self.codes.setdefault(f.code, len(self.codes))
            text = json.dumps(_result(f, uri, index, occurrence), ensure_ascii=False, indent=2)
            start = _HEAD if not self.results else ","
            self.write(start + "\n" + _indented(text, 8))
            self.results += 1

    def close(self) -> None:
        driver: dict[str, Any] = {
            "name": TOOL_NAME,
            "version": __version__,
            "semanticVersion": __version__,
            "rules": [_rule(code, self.catalogue) for code in self.codes],
        }
        if self.information_uri:
            driver["informationUri"] = self.information_uri
        invocation: dict[str, Any] = {"executionSuccessful": True}
        if self.settings is not None:
            invocation["properties"] = {"settings": self.settings}
        tail = {
            "tool": {"driver": driver},
            "invocations": [invocation],
            "columnKind": "unicodeCodePoints",
        }
        if self.declared:
            tail["properties"] = {"declared": _declared(self.declared)}
        members = json.dumps(tail, ensure_ascii=False, indent=2)[2:-2]  # without the braces
        start = _HEAD + "]" if not self.results else "\n      ]"
        self.write(start + ",\n" + _indented(members, 4) + "\n    }\n  ]\n}\n")


# the document up to the results' opening bracket
_HEAD = (
    "{\n"
    f'  "$schema": {json.dumps(SCHEMA_URI)},\n'
    f'  "version": {json.dumps(SARIF_VERSION)},\n'
    '  "runs": [\n'
    "    {\n"
    '      "results": ['
)


def _declared(totals: Totals) -> list[dict[str, Any]]:
    """The run's declared readings: each engine's point and reading, the times the games
    played it and the games whose edition declared it."""
    return [
        {"engine": engine, "cf": cf, "reading": reading, "count": count, "games": games}
        for (engine, cf, reading), (count, games) in totals.items()
    ]


def _indented(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line else line for line in text.split("\n"))


def _result(f: Finding, uri: str, index: int, occurrence: int) -> dict[str, Any]:
    """The SARIF result of one finding, `index` its rule's place in the rules."""
    result: dict[str, Any] = {
        "ruleId": f.code,
        "ruleIndex": index,
        "level": LEVELS[f.severity],
        "message": {"text": f.message or f.code},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri, "uriBaseId": URI_BASE_ID},
                    "region": _region(f),
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(_identity(f, uri), occurrence)},
    }
    props = {
        k: v
        for k, v in (("rule", f.rule), ("expected", f.expected), ("recorded", f.recorded))
        if v is not None and v != ""
    }
    if props:
        result["properties"] = json.loads(json.dumps(props, default=str))
    if f.caused_by is not None:
        result["relatedLocations"] = [_cause_location(f.caused_by, uri)]
    return result


def to_sarif(
    games: Sequence[GameFindings],
    *,
    catalogue: Any = None,
    root: str | None = None,
    information_uri: str | None = None,
) -> str:
    """The SARIF log as JSON text (UTF-8, indented), as `SarifStream` writes it."""
    parts: list[str] = []
    stream = SarifStream(
        parts.append, catalogue=catalogue, root=root, information_uri=information_uri
    )
    for file, header, findings in games:
        stream.game(file, header, findings)
    stream.close()
    return "".join(parts)


def to_sarif_data(
    games: Sequence[GameFindings],
    *,
    catalogue: Any = None,
    root: str | None = None,
    information_uri: str | None = None,
) -> dict[str, Any]:
    """The SARIF log as plain data. `catalogue` None loads monolog's own when present."""
    text = to_sarif(games, catalogue=catalogue, root=root, information_uri=information_uri)
    data: dict[str, Any] = json.loads(text)
    return data
