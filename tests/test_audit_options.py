"""`monolog audit` options as ruff users expect them (-q, --select/--ignore, --exit-zero,
--output-file, --statistics, `-` for stdin), the project settings in pyproject.toml or
monolog.toml, and the Result tag checked as `settle` checks it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.config import ConfigError, load_settings
from monolog.findings.model import Finding, Severity
from monolog.findings.selection import Selection, SelectionError, read_codes

ROOT = Path(__file__).resolve().parents[1]
UK = ROOT / "scenarios" / "games" / "uk-1996-short.mlog"  # A04 and A39, Result "Ben"
GAMES = ROOT / "scenarios" / "games"


def _audit(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["audit", *args], input=stdin)
    return result.exit_code, result.output


@pytest.fixture(autouse=True)
def _no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test runs in an empty folder of its own (no settings file above it)."""
    monkeypatch.chdir(tmp_path)
    assert load_settings().path is None
    return tmp_path


def _wrong_result(tmp_path: Path) -> str:
    path = tmp_path / "wrong.mlog"
    path.write_text(UK.read_text(encoding="utf-8").replace('[Result "Ben"]', '[Result "Ann"]'))
    return str(path)


def test_selection_longest_prefix_decides() -> None:
    def keeps(sel: Selection, code: str, severity: Severity = Severity.ERROR) -> bool:
        return sel.keeps(Finding(code, severity, "x"))

    assert keeps(Selection(), "M301")
    assert not keeps(Selection(ignore=("M",)), "M301")
    assert keeps(Selection(select=("M301",), ignore=("M",)), "M301")
    assert not keeps(Selection(select=("M",), ignore=("M3",)), "M301")
    assert not keeps(Selection(select=("W",)), "M301")
    assert not keeps(Selection(quiet=True), "I001", Severity.INFO)
    assert read_codes(["m3, a", "W101"], "--select", ["M301", "A04", "W101"]) == (
        "M3",
        "A",
        "W101",
    )
    with pytest.raises(SelectionError):
        read_codes(["Q1"], "--select", ["M301"])


def test_ignore_a_prefix() -> None:
    code, out = _audit(str(UK))
    assert "A04" in out and "A39" in out
    code, out = _audit("--ignore", "A", str(UK))
    assert code == 0
    assert "A04" not in out and "clean: no findings" in out


def test_select_keeps_only_those_codes() -> None:
    _, out = _audit("--select", "A39", str(UK))
    assert "A39" in out and "A04" not in out


def test_unknown_code_is_a_usage_error() -> None:
    code, out = _audit("--select", "Z9", str(UK))
    assert code == 2 and "Z9" in out


def test_quiet_prints_no_block_for_a_game_without_findings() -> None:
    _, loud = _audit("--ignore", "A", str(UK), str(UK))
    _, quiet = _audit("-q", "--ignore", "A", str(UK), str(UK))
    assert "UK example" in loud and "UK example" not in quiet
    # the summary alone, with no blank line before it (there is nothing above to set it off)
    assert quiet.startswith("2 records: clean: no findings\n"), repr(quiet)


def test_exit_zero_with_strict() -> None:
    assert _audit("--strict", str(UK))[0] == 1
    assert _audit("--strict", "--exit-zero", str(UK))[0] == 0


def test_output_file_gets_the_report(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    code, out = _audit("--format", "json", "--output-file", str(target), str(UK))
    assert code == 0 and out == ""
    assert json.loads(target.read_text(encoding="utf-8"))["games"][0]["file"] == str(UK)


def test_output_file_dash_is_stdout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`-o -` writes to stdout, as `--output -` does for the other commands (it made a file
    named '-')."""
    monkeypatch.chdir(tmp_path)
    code, out = _audit("--format", "json", "-o", "-", str(UK))
    assert code == 0 and json.loads(out)["games"]
    assert not (tmp_path / "-").exists()


def test_output_file_that_cannot_be_written(tmp_path: Path) -> None:
    code, out = _audit("--output-file", str(tmp_path / "no" / "such" / "x.txt"), str(UK))
    assert code == 2 and "--output-file" in out


def test_statistics_count_per_code() -> None:
    code, out = _audit("--statistics", str(GAMES))
    assert code == 0
    first = out.splitlines()[0].split()
    assert first[0].isdigit() and first[1].startswith(("A", "M", "W"))
    _, data = _audit("--statistics", "--format", "json", str(UK))
    stats = json.loads(data)["statistics"]
    assert {s["code"]: s["count"] for s in stats} == {"A04": 1, "A39": 1}
    assert _audit("--statistics", "--format", "sarif", str(UK))[0] == 2


def test_stdin_is_a_record() -> None:
    code, out = _audit("-", stdin=UK.read_text(encoding="utf-8"))
    assert code == 0
    assert "<stdin>:29:9  A04" in out


def test_an_unparsable_stdin_is_located() -> None:
    code, _ = _audit("-", stdin="1. Ann 3-4 ???\n")
    assert code == 2


def test_a_wrong_result_tag_is_a_finding(tmp_path: Path) -> None:
    code, out = _audit("--select", "W101", _wrong_result(tmp_path))
    assert code == 0  # a warning
    assert "W101  the Result tag says Ann, but Ben wins as the last player left" in out
    settle = CliRunner().invoke(app, ["settle", _wrong_result(tmp_path)])
    line = next(x for x in out.splitlines() if "W101" in x)
    assert line.split("W101", 1)[1].split("[")[0].strip() in settle.output.replace("\n", " ")
    assert _audit("--strict", "--select", "W101", _wrong_result(tmp_path))[0] == 1


def test_settings_in_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.monolog]\nignore = ["A04"]\nstrict = true\n'
        'rulings = { CF-39 = "auction-mortgaged-only" }\n',
        encoding="utf-8",
    )
    sub = tmp_path / "deeper"
    sub.mkdir()
    assert load_settings(sub).ignore == ("A04",)
    code, out = _audit(str(UK))
    assert "  A04  " not in out  # left out, and counted as left out by the settings
    assert "1 finding hidden by pyproject.toml: A04" in out
    assert code == 1  # strict, from the settings: A39 counts
    code, out = _audit("--no-strict", "--ignore", "A39", str(UK))
    assert code == 0 and "A04" in out and "A39" not in out  # the options override


def test_monolog_toml_wins_and_unknown_keys_are_named(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.monolog]\nignore = ["A04"]\n')
    (tmp_path / "monolog.toml").write_text('select = ["A04"]\n')
    assert load_settings().select == ("A04",)
    (tmp_path / "monolog.toml").write_text('selects = ["A04"]\n')
    with pytest.raises(ConfigError, match="unknown key 'selects'"):
        load_settings()
    code, out = _audit(str(UK))
    assert code == 2 and "selects" in out


def test_house_rules_and_edition_from_settings(tmp_path: Path) -> None:
    _, plain = _audit(str(UK))
    (tmp_path / "monolog.toml").write_text(
        'house-rules = ["free-parking-jackpot"]\nedition = "uk-1996"\n'
    )
    assert load_settings().house_rules == ("free-parking-jackpot",)
    code, out = _audit(str(UK))
    assert code == 0 and "W011" not in out
    (tmp_path / "monolog.toml").write_text('house-rules = ["no-such-rule"]\n')
    _, out = _audit(str(UK))
    assert "W011" in out and "W011" not in plain
