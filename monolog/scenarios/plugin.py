"""pytest plugin: the scenario files of a project that asks for them are test files.

Installed through the `pytest11` entry point, and opt-in: a project names its scenario folders
in its pytest configuration, and a project that does not sees nothing of this plugin.

    [tool.pytest.ini_options]          # or [pytest] in pytest.ini, tox.ini, setup.cfg
    monolog_scenarios = ["scenarios"]  # folders, relative to the rootdir

`pytest` then runs each scenario of every `*.yaml` / `*.yml` file below those folders as one
test item, named by its title; a failure shows the same readable diff as `monolog check`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SUFFIXES = (".yaml", ".yml")
INI = "monolog_scenarios"


def scenario_folders(config: pytest.Config) -> list[Path]:
    """The folders the project's `monolog_scenarios` setting names (none: the plugin is off)."""
    names: list[str] = config.getini(INI)
    return [(config.rootpath / name).resolve() for name in names if name.strip()]


def is_scenario_file(path: Path, folders: list[Path]) -> bool:
    """True for a YAML file below one of the scenario `folders`."""
    if path.suffix not in SUFFIXES:
        return False
    resolved = path.resolve()
    return any(folder in resolved.parents for folder in folders)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        INI,
        type="linelist",
        default=[],
        help="Folders (relative to the rootdir) whose *.yaml files are monolog scenario files; "
        "unset, monolog collects nothing.",
    )
    group = parser.getgroup("monolog", "monolog scenarios")
    group.addoption(
        "--monolog-paranoid",
        action="store_true",
        default=False,
        help="Replay scenarios with the engine's state invariants checked after every event.",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    folders = scenario_folders(parent.config)
    if folders and is_scenario_file(file_path, folders):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one test item per scenario."""

    def collect(self) -> Iterator[pytest.Item]:
        # the scenario model and the replay are imported here, where a project that opted in
        # first needs them: pytest loads this plugin in every project it is installed beside
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
