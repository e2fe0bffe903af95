"""A run of many scenario files: find them, load them, run them, keep the outcomes in order."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..commands.command_line import expand_paths
from ..files import glob_like, missing
from .model import Scenario, ScenarioFileError, load_scenarios
from .runner import Result, run_scenario

SUFFIXES = (".yaml", ".yml")


@dataclass(slots=True)
class FileOutcome:
    """One scenario file: its results, or the error that made it unusable."""

    path: Path
    results: list[Result] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    error: ScenarioFileError | None = None


@dataclass(slots=True)
class SuiteOutcome:
    """Every file of a run, in the order they were given."""

    files: list[FileOutcome] = field(default_factory=list)

    @property
    def results(self) -> list[Result]:
        return [r for f in self.files for r in f.results]

    @property
    def passed(self) -> int:
        return sum(1 for r in self.results if r.passed)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.results if not r.passed)

    @property
    def invalid(self) -> list[FileOutcome]:
        return [f for f in self.files if f.error is not None]


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files named on the command line, expanded as `audit` expands records
    (monolog/commands/command_line.py): folders give the YAML files below them, and a quoted
    glob (`'scenarios/**/*.yaml'`) the files it matches, without following links to folders.

    A path that does not exist, a pattern that matches nothing, or a folder without any YAML
    file, is kept as it is so that loading it reports the problem. A file named twice (or
    through a link) is run once.
    """
    out: list[Path] = []
    seen: set[Path] = set()
    for item in expand_paths([os.fspath(p) for p in paths], SUFFIXES):
        key = Path(os.path.realpath(item))  # pathlib's resolve raises on a link cycle
        if key not in seen:
            seen.add(key)
            out.append(Path(item))
    return out


def run_files(
    files: Iterable[Path],
    on_result: Callable[[Result], None] | None = None,
    on_error: Callable[[ScenarioFileError], None] | None = None,
    paranoid: bool = False,
) -> SuiteOutcome:
    """Load and run every scenario of every file; the callbacks report progress as it goes."""
    suite = SuiteOutcome()
    for path in files:
        outcome = FileOutcome(path)
        suite.files.append(outcome)
        scenarios: list[Scenario] = []
        if os.path.isdir(path):
            outcome.error = ScenarioFileError(
                str(path), "no scenario files (*.yaml) in this folder"
            )
        elif missing(path):  # anything else there is read, and says why it cannot be
            outcome.error = ScenarioFileError(
                str(path),
                "no such file or folder"
                + (", and nothing matches it as a pattern" if glob_like(str(path)) else ""),
            )
        else:
            try:
                scenarios = load_scenarios(path)
            except ScenarioFileError as exc:
                outcome.error = exc
        if outcome.error is not None:
            if on_error is not None:
                on_error(outcome.error)
            continue
        for scenario in scenarios:
            start = time.perf_counter()
            result = run_scenario(scenario, paranoid=paranoid)
            outcome.seconds.append(time.perf_counter() - start)
            outcome.results.append(result)
            if on_result is not None:
                on_result(result)
    return suite
