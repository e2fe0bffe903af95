"""JUnit XML, as CI servers read it: one test suite, one test case per game.

A game fails when it has a rule violation (an error-severity finding; with `strict`, any
finding): the `<failure>` lists every failing finding, one per line, as
`file:line:col CODE message [RULE]`. A record that cannot be read or parsed is an `<error>`.
Findings that do not fail the game go to `<system-out>`. Times are not measured (always 0),
so the same input gives the same XML.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ...findings.model import Finding, Severity
from .games import GameFindings

SUITE_NAME = "monolog audit"


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


def to_junit(games: Sequence[GameFindings], strict: bool = False) -> str:
    """The games as a JUnit XML document (UTF-8 text with an XML declaration)."""
    root = ET.Element("testsuites", name="monolog")
    suite = ET.SubElement(root, "testsuite", name=SUITE_NAME)
    failures = errors = 0
    for file, header, findings in games:
        case = ET.SubElement(suite, "testcase", classname="monolog.audit", name=file, file=file)
        case.set("time", "0")
        event = header.get("Event")
        if event:
            props = ET.SubElement(case, "properties")
            ET.SubElement(props, "property", name="event", value=event)
        unreadable = [f for f in findings if f.code.startswith("P")]
        failing = [f for f in findings if _fails(f, strict) and not f.code.startswith("P")]
        others = [f for f in findings if f not in unreadable and f not in failing]
        if unreadable:
            errors += 1
            first = unreadable[0]
            el = ET.SubElement(case, "error", message=first.message, type=first.code)
            el.text = "\n".join(_line(f, file) for f in unreadable)
        elif failing:
            failures += 1
            codes = sorted({f.code for f in failing})
            el = ET.SubElement(
                case,
                "failure",
                message=f"{_plural(len(failing), 'finding')}: {', '.join(codes)}",
                type=failing[0].code,
            )
            el.text = "\n".join(_line(f, file) for f in failing)
        if others:
            out = ET.SubElement(case, "system-out")
            out.text = "\n".join(_line(f, file) for f in others)
    tests = str(len(games))
    for el in (root, suite):
        el.set("tests", tests)
        el.set("failures", str(failures))
        el.set("errors", str(errors))
    suite.set("skipped", "0")
    suite.set("time", "0")
    root.set("time", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
