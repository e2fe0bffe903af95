"""The one shape every finding takes, from a parse error to a disputed ruling.

Codes: `P` parse errors (the record cannot be read), `M` rule violations (the record breaks a
rule), `A` ambiguous rulings (the rulebooks disagree or are silent; the ruling applied is
reported), `W` warnings about the record itself (a checksum that does not add up, say).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from ..notation.events import NO_SPAN, Span
from ..visible import visible

# Where a finding about a whole file stands (it cannot be read, it is empty, monolog failed on
# it): its first line and column, so every message has the same file:line:col shape.
WHOLE_FILE = Span(1, 1, 1, 1)


def shown_name(file: str) -> str:
    """A file name as it is printed: characters that would break the line (a newline, a
    control character) escaped as Python writes them, the rest as it is."""
    return visible(file)


class Cause(NamedTuple):
    """The finding another one only follows from: its code and where it is (its span)."""

    code: str
    span: Span


class Severity(str, Enum):
    """How much a finding matters. `error` findings make `audit` exit 1 (P-codes exit 2)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Finding:
    """One reported problem.

    `message` is one line that states the correct value and the reason. `rule` is the
    RULES-MATRIX ID (RENT-05, CF-01, ...). `expected` and `recorded` carry the values as data.
    `caused_by` names the earlier finding this one only follows from (same cause, same player
    or deck): text output folds it into that root finding; JSON and SARIF keep the link.
    """

    code: str
    severity: Severity
    message: str
    span: Span = NO_SPAN
    rule: str | None = None
    expected: Any = None
    recorded: Any = None
    file: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    caused_by: Cause | None = None

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    def location(self) -> str:
        where = shown_name(self.file or "<record>")
        if self.span.line:
            return f"{where}:{self.span.line}:{self.span.column}"
        return where

    def to_data(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "rule": self.rule,
            "expected": self.expected,
            "recorded": self.recorded,
            **({"data": self.data} if self.data else {}),
            **({"caused_by": self.cause_data()} if self.caused_by is not None else {}),
        }

    def cause_data(self) -> dict[str, Any] | None:
        """`caused_by` as JSON holds it: the root finding's code, line and column."""
        if self.caused_by is None:
            return None
        code, span = self.caused_by
        return {"code": code, "line": span.line, "column": span.column}

    def root_of(self, other: Finding) -> bool:
        """Whether this finding is the one `other` only follows from."""
        return other.caused_by == (self.code, self.span)
