"""A scenario and what it expects: the data a scenario file is read into (model.py reads and
checks the file), with the key names and patterns a scenario file may use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..findings.model import shown_name

RULE_ID = re.compile(r"^[A-Z]+-\d{2}$")
CF_ID = re.compile(r"^CF-\d{2}$")
FINDING_CODE = re.compile(r"^[PMAWI]\d{2,3}$")

SCENARIO_KEYS = (
    "title",
    "rules",
    "edition",
    "variant",
    "rulings",
    "record",
    "record_file",
    "expect",
    "notes",
    "editions",
    "overrides",
)
EXPECT_KEYS = ("findings", "state", "final", "parse_error", "settlement")
FINDING_KEYS = ("code", "line", "column", "message", "severity", "rule")
SEVERITIES = ("error", "warning", "info")
PARSE_ERROR_KEYS = ("code", "line", "column")


class ScenarioFileError(Exception):
    """A scenario file that cannot be used: unreadable, not YAML, or not a valid scenario."""

    def __init__(self, file: str, message: str, line: int | None = None, path: str = "") -> None:
        self.file = file
        self.line = line
        self.path = path
        self.detail = message
        where = f"{shown_name(file)}:{line}" if line else shown_name(file)
        super().__init__(f"{where}: {path + ': ' if path else ''}{message}")


@dataclass(frozen=True, slots=True)
class ExpectedFinding:
    """A finding the replay must give: code and line, and the column, a part of the message,
    the severity and the rule ID it cites when written."""

    code: str
    line: int
    column: int | None = None
    message: str | None = None
    severity: str | None = None
    rule: str | None = None

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}" if self.column is not None else f"line {self.line}"
        text = f"{self.code} at {where}"
        if self.rule is not None:
            text += f" [{self.rule}]"
        if self.severity is not None:
            text += f" ({self.severity})"
        if self.message is not None:
            text += f" saying {self.message!r}"
        return text


@dataclass(frozen=True, slots=True)
class ExpectedParseError:
    """The record must fail to parse with this code, at this line and column when written."""

    code: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.code
        where = f"{self.line}:{self.column}" if self.column is not None else f"line {self.line}"
        return f"{self.code} at {where}"


@dataclass(frozen=True, slots=True)
class Expectation:
    """What a scenario expects. None means "not checked"."""

    findings: tuple[ExpectedFinding, ...] | None = None
    state: dict[int, dict[str, Any]] = field(default_factory=dict)
    final: dict[str, Any] | None = None
    parse_error: ExpectedParseError | None = None
    settlement: Any = None

    @property
    def needs_engine(self) -> bool:
        """True when checking needs a replay, not just a parse."""
        if self.parse_error is not None:
            return False
        return self.findings is not None or bool(self.state) or self.final is not None


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scenario, loaded and validated."""

    title: str
    file: Path
    line: int
    index: int
    rules: tuple[str, ...]
    record: str | None
    record_file: Path | None
    expect: Expectation
    edition: str | None = None
    variant: str | None = None
    rulings: dict[str, str] = field(default_factory=dict)
    notes: str | None = None
    # the bytes of `record_file`, read and checked when the scenario was loaded
    record_data: bytes | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        """`file::title`, the scenario's name in reports."""
        return f"{self.file}::{self.title}"

    @property
    def record_name(self) -> str:
        """The file name findings and parse errors are reported against."""
        if self.record_file is not None:
            return str(self.record_file)
        return f"{self.file}::{self.title}"
