"""JUnit XML, as CI servers read it (Jenkins, GitLab, GitHub's test reporters), for both
`monolog audit --format junit` and `monolog check --junit`: one writer, one shape.

The document is `<testsuites>` holding one `<testsuite>` per suite, each holding one
`<testcase>` per test; the suites and the document carry the counts and times CI systems read
(`tests`, `failures`, `errors`, `skipped`, `time` in seconds, the time each case took,
measured); a suite also says when it started (`timestamp`, ISO 8601 with the UTC offset, as
pytest writes it) and on which machine (`hostname`), as Jenkins and GitLab show them. A case has
`classname`, `name`, `time`, and `file` and `line` when known. A case fails with `<failure
message type>` (a rule broken, a scenario not met) or errs with `<error message type>` (an input
that cannot be read); what is only reported goes to `<system-out>`. The document is valid under
Jenkins' JUnit schema (junit-10.xsd) but for a case's `file` and `line`, which that schema
leaves out and GitLab and the GitHub test reporters read (pytest's xunit1 output has them too).

`JUnitWriter` takes the cases one at a time and writes each out at once to a spool (held in
memory up to `SPOOL_IN_MEMORY` bytes, then in a temporary file), so a run holds one case
however many there are; `finish` writes the document, whose opening tags carry the totals,
then copies the spooled cases after them. An audit gives one suite (`monolog audit`), a game
one case: it fails when it has a rule violation (an error-severity finding; with `strict`, any
finding), its `<failure>` listing every failing finding, one per line, as
`file:line:col CODE message [RULE]`; a record that cannot be read or parsed is an `<error>`.
"""

from __future__ import annotations

import json
import re
import socket
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any

from ...findings.declared import Declared, declared_words
from ...findings.model import Finding, Severity
from .games import GameFindings

SUITE_NAME = "monolog audit"
# the spooled cases stay in memory up to this size (a few thousand games), then go to a file
SPOOL_IN_MEMORY = 4 * 1024 * 1024
COPY = 64 * 1024  # bytes of spooled cases written at a time
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
# characters XML 1.0 cannot hold, even escaped
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def now() -> str:
    """The time a suite starts: ISO 8601, to the second, in local time with its UTC offset."""
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def hostname() -> str:
    """The machine's name, as a suite's `hostname` (empty if it has none)."""
    return socket.gethostname()


def clean(text: str) -> str:
    """Text XML 1.0 can hold: a character it cannot is replaced by U+FFFD."""
    return _INVALID_XML.sub("\ufffd", text)


@dataclass(frozen=True, slots=True)
class Problem:
    """A `<failure>` or `<error>`: a one-line message, a type (a code) and the full text."""

    message: str
    type: str
    text: str


@dataclass(frozen=True, slots=True)
class Case:
    """One `<testcase>`."""

    classname: str
    name: str
    seconds: float = 0.0
    file: str | None = None
    line: int | None = None
    failure: Problem | None = None
    error: Problem | None = None
    output: str | None = None


def _seconds(value: float) -> str:
    return f"{max(value, 0.0):.3f}"


def _element(case: Case) -> ET.Element:
    attrs = {"classname": clean(case.classname), "name": clean(case.name)}
    if case.file is not None:
        attrs["file"] = clean(case.file)
    if case.line is not None:
        attrs["line"] = str(case.line)
    attrs["time"] = _seconds(case.seconds)
    el = ET.Element("testcase", attrs)
    for tag, problem in (("error", case.error), ("failure", case.failure)):
        if problem is not None:
            sub = ET.SubElement(el, tag, message=clean(problem.message), type=clean(problem.type))
            sub.text = clean(problem.text)
    if case.output:
        ET.SubElement(el, "system-out").text = clean(case.output)
    return el


@dataclass(slots=True)
class _Suite:
    name: str
    start: int  # where its cases begin in the spool
    timestamp: str = ""
    end: int = 0
    tests: int = 0
    failures: int = 0
    errors: int = 0
    seconds: float = 0.0


class JUnitWriter:
    """A JUnit document written one case at a time (see the module's docstring).

    `suite(name)` starts a suite, `case(...)` adds a case to the current one (a first case
    with no suite started goes to a suite named as the document), `finish(write)` writes the
    document and closes the spool. `seconds`, given to `finish`, is the run's own time (else
    the sum of the suites')."""

    def __init__(self, name: str) -> None:
        self.name = name
        # closed by finish or __exit__
        self.spool = tempfile.SpooledTemporaryFile(SPOOL_IN_MEMORY, "w+b")  # noqa: SIM115
        self.suites: list[_Suite] = []
        self.properties: list[tuple[str, str]] = []  # (name, value) of every suite

    def __enter__(self) -> JUnitWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.spool.close()

    def suite(self, name: str) -> None:
        self._end_suite()
        self.suites.append(_Suite(name, self.spool.tell(), now()))

    def _end_suite(self) -> None:
        if self.suites:
            self.suites[-1].end = self.spool.tell()

    def case(self, case: Case) -> None:
        if not self.suites:
            self.suite(self.name)
        suite = self.suites[-1]
        suite.tests += 1
        suite.errors += case.error is not None
        suite.failures += case.failure is not None and case.error is None
        suite.seconds += max(case.seconds, 0.0)
        el = _element(case)
        ET.indent(el, level=2)
        text = "    " + ET.tostring(el, encoding="unicode") + "\n"
        self.spool.write(text.encode("utf-8"))

    def finish(self, write: Callable[[str], object], seconds: float | None = None) -> None:
        """Write the whole document through `write`, a piece at a time; the cases are copied
        from the spool in pieces of about `COPY` characters."""
        self._end_suite()
        tests = sum(s.tests for s in self.suites)
        failures = sum(s.failures for s in self.suites)
        errors = sum(s.errors for s in self.suites)
        total = sum(s.seconds for s in self.suites) if seconds is None else seconds
        head = [("name", self.name), *_counts(tests, failures, errors), ("time", _seconds(total))]
        write(DECLARATION + _tag("testsuites", head, "") + "\n")
        host = hostname()
        for suite in self.suites:
            attrs = [
                ("name", suite.name),
                *_counts(suite.tests, suite.failures, suite.errors),
                ("skipped", "0"),
                ("time", _seconds(suite.seconds)),
                ("timestamp", suite.timestamp),
                ("hostname", host),
            ]
            if suite.tests == 0 and not self.properties:
                write("  " + _tag("testsuite", attrs, " /") + "\n")
                continue
            write("  " + _tag("testsuite", attrs, "") + "\n" + self._properties())
            if suite.tests == 0:
                write("  </testsuite>\n")
                continue
            self.spool.seek(suite.start)
            piece: list[bytes] = []
            size = 0
            while self.spool.tell() < suite.end:
                line = self.spool.readline()  # whole lines: no character is cut in two
                piece.append(line)
                size += len(line)
                if size >= COPY:
                    write(b"".join(piece).decode("utf-8"))
                    piece, size = [], 0
            write(b"".join(piece).decode("utf-8") + "  </testsuite>\n")
        write("</testsuites>\n")
        self.spool.close()

    def _properties(self) -> str:
        if not self.properties:
            return ""
        items = [
            "      " + _tag("property", [("name", k), ("value", v)], " /") + "\n"
            for k, v in self.properties
        ]
        return "    <properties>\n" + "".join(items) + "    </properties>\n"

    def text(self, seconds: float | None = None) -> str:
        """The whole document as text."""
        parts: list[str] = []
        self.finish(parts.append, seconds)
        return "".join(parts)


def _counts(tests: int, failures: int, errors: int) -> list[tuple[str, str]]:
    return [("tests", str(tests)), ("failures", str(failures)), ("errors", str(errors))]


def _tag(tag: str, attrs: list[tuple[str, str]], close: str) -> str:
    """An opening tag (`close` " /" for an empty element), its attributes escaped."""
    text = ET.tostring(ET.Element(tag, {k: clean(v) for k, v in attrs}), encoding="unicode")
    return text.removesuffix(" />") + close + ">"


# --------------------------------------------------------------------------- audit's cases


def _line(finding: Finding, file: str) -> str:
    where = finding.file or file
    if finding.span.line:
        where += f":{finding.span.line}:{finding.span.column}"
    rule = f" [{finding.rule}]" if finding.rule else ""
    return f"{where} {finding.code} {finding.message}{rule}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _fails(finding: Finding, strict: bool) -> bool:
    return strict or finding.severity is Severity.ERROR


def game_case(
    game: GameFindings,
    strict: bool = False,
    seconds: float = 0.0,
    declared: Sequence[Declared] = (),
) -> Case:
    """The test case of one audited game, `seconds` the time its audit took; the readings its
    edition's engine profile declares (`declared`) are named first in its output."""
    file, _header, findings = game
    unreadable = [f for f in findings if f.code.startswith("P")]
    failing = [f for f in findings if _fails(f, strict) and not f.code.startswith("P")]
    others = [f for f in findings if f not in unreadable and f not in failing]
    error = failure = None
    if unreadable:
        first = unreadable[0]
        # a record read past its unreadable lines: the violations of the rest are listed too
        shown = [*unreadable, *failing]
        error = Problem(first.message, first.code, "\n".join(_line(f, file) for f in shown))
    elif failing:
        codes = sorted({f.code for f in failing})
        message = f"{_plural(len(failing), 'finding')}: {', '.join(codes)}"
        failure = Problem(message, failing[0].code, "\n".join(_line(f, file) for f in failing))
    return Case(
        "monolog.audit",
        file,
        seconds,
        file=file,
        failure=failure,
        error=error,
        output="\n".join([*_declared_line(declared), *(_line(f, file) for f in others)]) or None,
    )


def _declared_line(declared: Sequence[Declared]) -> list[str]:
    words = declared_words(declared)
    return [] if words is None else [words]


class AuditJUnit:
    """The JUnit document of an audit written through `write`, one game at a time: one suite,
    a case per game (`game`), the document written out by `close`. A case is named after its
    file, and a file's later games after it too (`file (game 2)`), so that no two cases share
    a name (GitLab keeps only the first of two); a file's games come one after another, so only
    the current file's count is kept."""

    def __init__(self, write: Callable[[str], object], strict: bool = False) -> None:
        self.write = write
        self.strict = strict
        self.writer = JUnitWriter("monolog")
        self.writer.suite(SUITE_NAME)
        self.file: str | None = None
        self.number = 0  # games of `file` so far
        # the settings file the run read and what it changed: the suite's properties
        self.settings: dict[str, Any] | None = None

    def game(
        self,
        file: str,
        header: dict[str, str],
        findings: Sequence[Finding],
        seconds: float = 0.0,
        declared: Sequence[Declared] = (),
    ) -> None:
        """One game's case; `seconds`, the time its audit took."""
        self.number = self.number + 1 if file == self.file else 1
        self.file = file
        case = game_case((file, header, findings), self.strict, seconds, declared)
        if self.number > 1:
            case = replace(case, name=f"{file} (game {self.number})")
        self.writer.case(case)

    def close(self) -> None:
        if self.settings is not None:
            self.writer.properties = [
                (f"monolog.settings.{key}", v if isinstance(v, str) else json.dumps(v))
                for key, v in self.settings.items()
            ]
        self.writer.finish(self.write)


def to_junit(
    games: Sequence[GameFindings],
    strict: bool = False,
    seconds: Sequence[float] | None = None,
) -> str:
    """The games as a JUnit XML document (UTF-8 text with an XML declaration); `seconds`, the
    time each game's audit took (none given: 0)."""
    parts: list[str] = []
    document = AuditJUnit(parts.append, strict)
    for k, (file, header, findings) in enumerate(games):
        document.game(file, header, findings, seconds[k] if seconds is not None else 0.0)
    document.close()
    return "".join(parts)
