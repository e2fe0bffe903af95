"""JUnit XML for a scenario run: one testsuite per file, one testcase per scenario, with the
time each took. Written by the JUnit writer `monolog audit --format junit` uses too
(monolog/reports/formats/junit.py), so both give the shape CI systems read.

A failed scenario carries a `<failure>` with the readable diff; a file that is not a valid
scenario file gives one testcase with an `<error>`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..output_file import replaced
from ..reports.formats.junit import Case, JUnitWriter, Problem
from .suite import SuiteOutcome


def _classname(path: Path) -> str:
    parts = path.with_suffix("").parts
    return ".".join(p for p in parts if p not in ("", ".", "..", "/")) or path.stem


def write(suite: SuiteOutcome, path: str | Path, name: str = "monolog scenarios") -> None:
    """Write the JUnit document of a run (UTF-8, with an XML declaration); a `path` of `-`
    is stdout. Raises OSError naming `path` when it cannot be written, leaving no partial file
    (monolog/output_file.py)."""
    with JUnitWriter(name) as writer:
        for file in suite.files:
            writer.suite(str(file.path))
            classname = _classname(file.path)
            if file.error is not None:
                error = Problem(file.error.detail, "invalid", str(file.error))
                writer.case(
                    Case(classname, "(invalid scenario file)", file=str(file.path), error=error)
                )
            for result, seconds in zip(file.results, file.seconds, strict=True):
                scenario = result.scenario
                failure = None
                if not result.passed:
                    first = result.problems[0] if result.problems else "scenario failed"
                    failure = Problem(first, "scenario", result.diff)
                writer.case(
                    Case(
                        classname,
                        scenario.title,
                        seconds,
                        file=str(scenario.file),
                        line=scenario.line,
                        failure=failure,
                    )
                )
        if str(path) == "-":
            writer.finish(sys.stdout.write)
            sys.stdout.flush()
            return
        with replaced(path) as out:  # all or nothing: no partial document is left
            writer.finish(out.write)
