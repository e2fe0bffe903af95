"""pytest plugin: every scenario file under a `scenarios` folder is a test file.

Installed through the `pytest11` entry point. `pytest` (with `scenarios` in testpaths) then runs
each scenario as one test item, named by its title; a failure shows the same readable diff as
`monolog check`. Only `*.yaml` / `*.yml` files below a folder named `scenarios` (inside the
rootdir, and not a Python package) are collected, so other YAML files are left alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SUFFIXES = (".yaml", ".yml")
FOLDER = "scenarios"


def is_scenario_file(path: Path, rootpath: Path) -> bool:
    """True for a YAML file below a `scenarios` folder that is not a Python package."""
    if path.suffix not in SUFFIXES:
        return False
    try:
        rel = path.relative_to(rootpath)
        base = rootpath
    except ValueError:
        rel, base = Path(*path.parts[1:]), Path(path.parts[0])
    folder = base
    for part in rel.parts[:-1]:
        folder = folder / part
        if part == FOLDER and not (folder / "__init__.py").exists():
            return True
    return False


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("monolog", "monolog scenarios")
    group.addoption(
        "--monolog-paranoid",
        action="store_true",
        default=False,
        help="Replay scenarios with the engine's state invariants checked after every event.",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if is_scenario_file(file_path, parent.config.rootpath):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one test item per scenario."""

    def collect(self) -> Iterator[pytest.Item]:
        from .model import ScenarioFileError, load_scenarios

        try:
            scenarios = load_scenarios(self._shown_path())
        except ScenarioFileError as exc:
            raise self.CollectError(f"invalid scenario file: {exc}") from None
        for scenario in scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.title, scenario=scenario)

    def _shown_path(self) -> Path:
        try:
            return self.path.relative_to(self.config.rootpath)
        except ValueError:
            return self.path


class ScenarioFailure(Exception):
    """A scenario whose replay differs from what it expects."""

    def __init__(self, diff: str) -> None:
        super().__init__(diff)
        self.diff = diff


class ScenarioItem(pytest.Item):
    """One scenario."""

    def __init__(self, *, scenario: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        # `pytest -k RENT-04` picks the scenarios of a rule
        self.extra_keyword_matches.update(scenario.rules)

    def runtest(self) -> None:
        from .runner import run_scenario

        paranoid = bool(self.config.getoption("monolog_paranoid", default=False))
        result = run_scenario(self.scenario, paranoid=paranoid)
        if not result.passed:
            raise ScenarioFailure(result.diff)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            where = f"{self.scenario.file}:{self.scenario.line}"
            head = f"scenario failed: {self.scenario.title} ({where})"
            return head + "\n" + _indent(excinfo.value.diff)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.line - 1, f"scenario: {self.scenario.title}"


def _indent(text: str) -> str:
    return "\n".join("  " + line if line else line for line in text.splitlines())
