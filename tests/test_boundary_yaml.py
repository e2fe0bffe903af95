"""A scenario file nested without end (`monolog check`, and the pytest plugin) is an invalid
file named with its line, never a RecursionError traceback."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

pytest_plugins = ["pytester"]

# flow lists on the first line; block mappings one line deeper each
FLOW = "scenarios: " + "[" * 5000 + "]" * 5000 + "\n"
BLOCK = "scenarios:\n" + "".join("  " * i + "k:\n" for i in range(1, 3000))


@pytest.mark.parametrize(("text", "line"), [(FLOW, 1), (BLOCK, 64)])
def test_check_refuses_a_file_nested_without_end(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path)], env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"deep.yaml:{line}: not valid YAML: lists and mappings nested more than 64" in (
        result.output
    )
    assert result.exit_code == 2


def test_the_plugin_reports_a_file_nested_without_end(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmonolog_scenarios = scenarios\n")
    pytester.makefile(".yaml", **{"scenarios/deep": FLOW})
    installed = any(
        e.value == "monolog.scenarios.plugin"
        for e in importlib.metadata.entry_points(group="pytest11")
    )
    plugin = [] if installed else ["-p", "monolog.scenarios.plugin"]
    result = pytester.runpytest("-p", "no:cacheprovider", *plugin)
    result.stdout.fnmatch_lines(["*invalid scenario file: *deep.yaml:1: not valid YAML: *"])
    assert "RecursionError" not in result.stdout.str()


def test_a_points_file_nested_without_end_is_refused_at_its_place(tmp_path: Path) -> None:
    points = tmp_path / "points.yaml"
    points.write_text("points: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    record = Path(__file__).resolve().parent.parent / "scenarios/games/worked-example.mlog"
    args = ["standings", str(record), "--points-file", str(points)]
    result = CliRunner().invoke(app, args, env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "points.yaml:1:72: lists and mappings nested more than 64 levels deep" in result.output
    assert result.exit_code == 2
