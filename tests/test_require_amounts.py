"""`monolog audit --require-amounts`, and `require-amounts` in the project settings: every amount
the record leaves out and the replay works out is a W014 at its line, as a `[Strict "amounts"]`
tag asks. Without them, the same record gives none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.config import ConfigError, load_settings

# line 3: the tax left out (worked out: $200); line 5: the rent left out ($12); the prices are
# written
RECORD = """[Players "Ann, Ben"]
1. Ann 1-2 Baltic Avenue buy 60
2. Ben 1-3 Income Tax tax
3. Ann 6-5 Virginia Avenue buy 160
4. Ben 4-6 Virginia Avenue rent
"""


@pytest.fixture(autouse=True)
def _folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test runs in an empty folder of its own, the record in it."""
    monkeypatch.chdir(tmp_path)
    assert load_settings().path is None
    (tmp_path / "game.mlog").write_text(RECORD, encoding="utf-8")
    return tmp_path


def _w014(*args: str) -> tuple[int, list[tuple[int, int | None]]]:
    result = CliRunner().invoke(app, ["audit", "--format", "json", *args, "game.mlog"])
    (game,) = json.loads(result.output)["games"]
    found = [(f["line"], f["expected"]) for f in game["findings"] if f["code"] == "W014"]
    return result.exit_code, found


def test_without_the_option_no_amount_is_asked_for() -> None:
    assert _w014() == (0, [])


def test_the_option_reports_each_amount_worked_out_at_its_line() -> None:
    code, found = _w014("--require-amounts")
    assert code == 0  # warnings: only --strict fails on them
    assert found == [(3, 200), (5, 12)]
    assert _w014("--require-amounts", "--strict")[0] == 1


def test_the_option_reports_what_the_strict_tag_reports(_folder: Path) -> None:
    (_folder / "tagged.mlog").write_text('[Strict "amounts"]\n' + RECORD, encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", "--format", "json", "tagged.mlog"])
    (game,) = json.loads(result.output)["games"]
    tagged = [(f["line"] - 1, f["message"]) for f in game["findings"] if f["code"] == "W014"]
    asked = ["audit", "--format", "json", "--require-amounts", "game.mlog"]
    result = CliRunner().invoke(app, asked)
    (game,) = json.loads(result.output)["games"]
    assert tagged == [(f["line"], f["message"]) for f in game["findings"] if f["code"] == "W014"]


@pytest.mark.parametrize("name", ["pyproject.toml", "monolog.toml"])
def test_the_settings_key_asks_the_same(_folder: Path, name: str) -> None:
    table = "[tool.monolog]\n" if name == "pyproject.toml" else ""
    (_folder / name).write_text(f"{table}require-amounts = true\n", encoding="utf-8")
    assert load_settings().require_amounts is True
    assert _w014()[1] == [(3, 200), (5, 12)]
    assert _w014("--no-require-amounts")[1] == []  # the command line overrides the settings


def test_the_settings_key_wants_true_or_false(_folder: Path) -> None:
    (_folder / "monolog.toml").write_text('require-amounts = "yes"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="'require-amounts' expects true or false"):
        load_settings()
    result = CliRunner().invoke(app, ["audit", "game.mlog"])
    assert result.exit_code == 2


def test_worker_processes_ask_the_same(_folder: Path) -> None:
    (_folder / "other.mlog").write_text(RECORD, encoding="utf-8")
    args = ["audit", "--format", "json", "--require-amounts", "--jobs", "2"]
    result = CliRunner().invoke(app, [*args, "game.mlog", "other.mlog"])
    games = json.loads(result.output)["games"]
    assert [sum(f["code"] == "W014" for f in g["findings"]) for g in games] == [2, 2]


def test_help_names_the_option() -> None:
    out = CliRunner().invoke(app, ["audit", "--help"], env={"COLUMNS": "200"}).output
    assert "--require-amounts" in out and "W014" in out
