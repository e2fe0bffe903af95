"""Every dependency in pyproject.toml, with the reason it is there. A dependency added without
a line here fails this test; a line here whose dependency is gone fails it too."""

from __future__ import annotations

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"

# (where, name) -> why
REASONS = {
    ("build-system", "hatchling"): "builds the wheel and the sdist (pyproject's build backend)",
    ("dependencies", "typer"): "the command line: every command, -h, completion",
    ("dependencies", "lark"): "parses the notation (grammar/monolog.lark)",
    ("dependencies", "pyyaml"): "reads the editions, the finding catalogue and scenario files",
    ("dependencies", "rich"): "terminal output: colours, tables, progress, svg/html exports",
    ("dependencies", "prompt-toolkit"): "monolog record's line editor: completion, history, "
    "the bottom toolbar (the library ptpython and IPython use)",
    ("dependencies", "tomli"): "reads [tool.monolog] settings on Python 3.10 (3.11 has tomllib)",
    ("test", "pytest"): "runs the tests; the scenario plugin is a pytest plugin",
    ("test", "pytest-xdist"): "runs the suite on every core (-n auto in pytest's addopts)",
    ("test", "hypothesis"): "property tests of the parser, the formatter and the engine",
    ("test", "jsonschema"): "validates SARIF, the event stream and scenario/edition files "
    "against their JSON Schemas",
    ("test", "xmlschema"): "validates the JUnit XML against Jenkins' junit-10.xsd "
    "(tests/data/junit)",
    ("test", "playwright"): "drives the system's chromium in the viewer's browser tests "
    "(executable_path: no browser build is ever downloaded)",
    ("test", "hatchling"): "tests/test_installed_package.py builds the wheel offline "
    "(without build isolation)",
    ("test", "distributed"): "tests/test_cluster.py audits on a LocalCluster of 2 worker processes",
    ("dask", "distributed"): "monolog audit --scheduler: the records audited as tasks on a "
    "Dask cluster (docs/scale.md)",
    ("dev", "monolog-audit"): "the test extra, so a developer gets everything the tests need",
    ("dev", "ruff"): "lint and format checks (ruff check, ruff format)",
    ("dev", "mypy"): "strict type checking of the package (mypy monolog)",
    ("dev", "types-pyyaml"): "type stubs for PyYAML, for mypy",
    ("bench", "chess"): "benchmarks/run.py compares audit speed with python-chess",
    ("bench", "lark-cython"): "benchmarks/parse_bench.py times the grammar under lark-cython",
}


def _name(requirement: str) -> str:
    name = re.match(r"[A-Za-z0-9._-]+", requirement.strip())
    assert name is not None, requirement
    return re.sub(r"[-_.]+", "-", name.group(0)).lower()


def _declared() -> set[tuple[str, str]]:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    out = {("build-system", _name(r)) for r in data["build-system"]["requires"]}
    out |= {("dependencies", _name(r)) for r in data["project"]["dependencies"]}
    for extra, requirements in data["project"]["optional-dependencies"].items():
        out |= {(extra, _name(r)) for r in requirements}
    return out


def test_every_dependency_has_a_reason() -> None:
    declared = _declared()
    assert sorted(declared - set(REASONS)) == [], "add the reason for each new dependency"
    assert sorted(set(REASONS) - declared) == [], "remove the reason of a dependency gone"
    assert all(len(why) > 20 for why in REASONS.values())


def test_the_distribution_name_is_not_the_taken_one() -> None:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert data["project"]["name"] == "monolog-audit"
    assert data["project"]["scripts"]["monolog"] == "monolog.cli:main"
