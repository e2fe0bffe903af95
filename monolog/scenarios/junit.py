"""JUnit XML for a scenario run: one testsuite per file, one testcase per scenario.

A failed scenario carries a `<failure>` with the readable diff; a file that is not a valid
scenario file gives one testcase with an `<error>`. CI systems read this format directly.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from .suite import SuiteOutcome

# characters XML 1.0 cannot hold, even escaped
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text: str) -> str:
    return _INVALID_XML.sub("\ufffd", text)


def _classname(path: Path) -> str:
    parts = path.with_suffix("").parts
    return ".".join(p for p in parts if p not in ("", ".", "..", "/")) or path.stem


def build(suite: SuiteOutcome, name: str = "monolog scenarios") -> ET.ElementTree:
    """The JUnit document for a run."""
    root = ET.Element("testsuites", name=name)
    totals = {"tests": 0, "failures": 0, "errors": 0}
    total_time = 0.0
    for file in suite.files:
        node = ET.SubElement(root, "testsuite", name=_clean(str(file.path)))
        classname = _classname(file.path)
        counts = {"tests": 0, "failures": 0, "errors": 0}
        file_time = sum(file.seconds)
        if file.error is not None:
            case = ET.SubElement(
                node,
                "testcase",
                classname=classname,
                name="(invalid scenario file)",
                file=_clean(str(file.path)),
                time="0",
            )
            error = ET.SubElement(case, "error", message=_clean(file.error.detail), type="invalid")
            error.text = _clean(str(file.error))
            counts["tests"] += 1
            counts["errors"] += 1
        for result, seconds in zip(file.results, file.seconds, strict=True):
            scenario = result.scenario
            case = ET.SubElement(
                node,
                "testcase",
                classname=classname,
                name=_clean(scenario.title),
                file=_clean(str(scenario.file)),
                line=str(scenario.line),
                time=f"{seconds:.3f}",
            )
            counts["tests"] += 1
            if not result.passed:
                counts["failures"] += 1
                first = result.problems[0] if result.problems else "scenario failed"
                failure = ET.SubElement(case, "failure", message=_clean(first), type="scenario")
                failure.text = _clean(result.diff)
        for key, value in counts.items():
            node.set(key, str(value))
            totals[key] += value
        node.set("time", f"{file_time:.3f}")
        total_time += file_time
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{total_time:.3f}")
    ET.indent(root)
    return ET.ElementTree(root)


def write(suite: SuiteOutcome, path: str | Path) -> None:
    """Write the JUnit document (UTF-8, with an XML declaration)."""
    build(suite).write(path, encoding="utf-8", xml_declaration=True)
