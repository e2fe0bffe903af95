"""SARIF 2.1.0 for code scanning (GitHub and others).

One run, one tool (`monolog`), one rule per finding code that occurs, described from the
finding catalogue with a `helpUri` to the code's section of docs/rules.md, and one invocation.
Every result has a location relative to the repository root (the nearest folder above the
working one holding `.git`, else the working folder), marked with `uriBaseId` %SRCROOT%, a
full region, and a partial fingerprint built from the code, the file, the rule and the values
the finding compares (expected, recorded), never from its words: the same finding keeps the
same fingerprint from run to run, when lines are added above it, and when its message is
reworded. A finding that only follows from an earlier one (`caused_by`) carries that root's
place as a related location. No property is ever an empty string: absent values are left out.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from ... import __version__
from ...findings.catalogue import code_key, help_uri, load_catalogue
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
}


def repository_root(start: Path | None = None) -> Path:
    """The nearest folder from `start` (default: the working folder) up holding `.git`; the
    working folder itself when there is none."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def artifact_uri(file: str, root: str | None = None) -> str:
    """The file as a URI reference relative to `root` (default: the repository root), with
    forward slashes; a file outside the root keeps its path as given."""
    path = Path(file)
    base = Path(root) if root is not None else repository_root()
    if not path.is_absolute() and root is None:
        path = Path.cwd() / path  # named from the working folder, placed from the root
    try:
        rel = path.resolve().relative_to(base.resolve()) if path.is_absolute() else path
    except ValueError:
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


def to_sarif_data(
    games: Sequence[GameFindings],
    *,
    catalogue: Any = None,
    root: str | None = None,
    information_uri: str | None = None,
) -> dict[str, Any]:
    """The SARIF log as plain data. `catalogue` None loads monolog's own when present."""
    if catalogue is None:
        catalogue = load_catalogue()
    codes = sorted({f.code for _, _, fs in games for f in fs}, key=code_key)
    index = {code: i for i, code in enumerate(codes)}
    results: list[dict[str, Any]] = []
    seen: dict[tuple[str, ...], int] = {}
    for file, _header, findings in games:
        for f in findings:
            uri = artifact_uri(f.file or file, root)
            key = _identity(f, uri)
            occurrence = seen.get(key, 0) + 1
            seen[key] = occurrence
            result: dict[str, Any] = {
                "ruleId": f.code,
                "ruleIndex": index[f.code],
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
                "partialFingerprints": {FINGERPRINT_KEY: fingerprint(key, occurrence)},
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
            results.append(result)
    driver: dict[str, Any] = {
        "name": TOOL_NAME,
        "version": __version__,
        "semanticVersion": __version__,
        "rules": [_rule(code, catalogue) for code in codes],
    }
    if information_uri:
        driver["informationUri"] = information_uri
    return {
        "$schema": SCHEMA_URI,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {"driver": driver},
                "invocations": [{"executionSuccessful": True}],
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def to_sarif(
    games: Sequence[GameFindings],
    *,
    catalogue: Any = None,
    root: str | None = None,
    information_uri: str | None = None,
) -> str:
    """The SARIF log as JSON text (UTF-8, indented, keys in a fixed order)."""
    data = to_sarif_data(games, catalogue=catalogue, root=root, information_uri=information_uri)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
