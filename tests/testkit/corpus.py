"""The repository's scenarios, loaded once in a process.

Several test files read every scenario file (the parser's and the lexer's agreement with Lark,
the records read in pieces, the rules the scenarios pin); each loading them anew cost about 3 s
of CPU in every worker that ran the file. Loaded when a test first asks, never at import (every
worker imports every test file to collect it). A file that cannot be loaded raises: the scenario
files' own items report it too.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from monolog.scenarios.cases import Scenario
from monolog.scenarios.model import load_scenarios

ROOT = Path(__file__).resolve().parents[2]


@cache
def shipped_scenarios() -> tuple[Scenario, ...]:
    """Every scenario of every YAML file below scenarios/, a file at a time in path order."""
    return tuple(
        scenario
        for path in sorted((ROOT / "scenarios").glob("**/*.yaml"))
        for scenario in load_scenarios(path)
    )


@cache
def shipped_scenario_data() -> tuple[tuple[Path, Any], ...]:
    """Every YAML file below scenarios/ as YAML data, in path order: read by LibYAML where PyYAML
    has it (a tenth of the pure-Python reader's CPU; the same data for every shipped file)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return tuple(
        (path, yaml.load(path.read_text(encoding="utf-8"), Loader=loader))
        for path in sorted((ROOT / "scenarios").glob("**/*.yaml"))
    )


def distinct(records: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """`(name, text)` pairs with each text kept once, under the first name it comes with. About
    half the scenarios' records are another scenario's record word for word (the same game under
    other rulings, or with other expectations); a test that reads, splits or audits a record
    gives the same for the same text, so it reads each text once."""
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for name, text in records:
        if text not in seen:
            seen.add(text)
            out.append((name, text))
    return out


def repository_records() -> list[tuple[str, str]]:
    """Every record text in the repository, each once (`distinct`): the scenarios' records,
    then the .mlog files below scenarios/ and tests/ and the golden records."""
    records = [(sc.name, sc.record) for sc in shipped_scenarios() if sc.record is not None]
    for pattern in ("scenarios/**/*.mlog", "tests/**/*.mlog", "tests/golden/**/*.record"):
        for path in sorted(ROOT.glob(pattern)):
            records.append((str(path), path.read_text(encoding="utf-8")))
    return distinct(records)
