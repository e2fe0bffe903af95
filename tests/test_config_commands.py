"""The project's settings (`[tool.monolog]` in pyproject.toml, or monolog.toml) for the commands
that replay one record: settle, state, ledger, view and dispute take the edition, the rulings
and the house rules from there; `--edition` and `--ruling` override them; a setting that cannot
be used is exit 2 naming the file; check keeps to what each scenario file states."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

# A tax paid, then Free Parking reached: under the free-parking-jackpot house rule the pool is
# taken and the record is clean; without it the money taken there is M905 (as in
# scenarios/editions/uk-esl/variants-and-house-rules.yaml).
POOL = """\
[Edition "uk-esl"]
[Players "Ann, Ben"]
setup Ann at #17
setup Ben at GO
setup next Ben
1. Ben 1-3 Event Travel Expenses tax 200
2. Ann 1-2 Free Parking salary 200
"""
UK_GAME = ROOT / "scenarios" / "games" / "uk-1996-short.mlog"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pool.mlog").write_text(POOL, encoding="utf-8")
    (tmp_path / "uk.mlog").write_text(UK_GAME.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def _settings(folder: Path, text: str, pyproject: bool = False) -> None:
    body = textwrap.dedent(text)
    if pyproject:
        (folder / "pyproject.toml").write_text("[tool.monolog]\n" + body, encoding="utf-8")
    else:
        (folder / "monolog.toml").write_text(body, encoding="utf-8")


def test_the_settings_edition_is_only_a_default_and_the_option_overrides_the_tag(
    project: Path,
) -> None:
    """A record's Edition tag wins over the settings' edition, which applies to a record with
    no Edition tag; `--edition` overrides both (on main the settings' edition overrode the
    tag, so a UK record audited in a US project was replayed on the US board)."""
    untagged = project / "untagged.mlog"
    untagged.write_text(
        "".join(
            line + "\n"
            for line in UK_GAME.read_text(encoding="utf-8").splitlines()
            if not line.startswith("[Edition ")
        ),
        encoding="utf-8",
    )
    assert "UK edition (1996" in runner.invoke(app, ["settle", "uk.mlog"]).stdout
    _settings(project, 'edition = "us-2018"\n')
    for command in ("settle", "state", "ledger"):
        result = runner.invoke(app, [command, "uk.mlog"])
        assert "UK edition (1996" in result.stdout, (command, result.output)
        result = runner.invoke(app, [command, "untagged.mlog"])
        assert "US edition (2018 rules)" in result.stdout, (command, result.output)
        result = runner.invoke(app, [command, "uk.mlog", "--edition", "us-2018"])
        assert "US edition (2018 rules)" in result.stdout, (command, result.output)
    audited = runner.invoke(app, ["audit", "uk.mlog"])
    assert audited.exit_code == 0 and "M900" not in audited.stdout, audited.output


@pytest.mark.parametrize("command", ["audit", "settle", "state", "ledger", "view", "dispute"])
def test_an_edition_that_cannot_be_used_is_exit_2_naming_where_it_was_named(
    project: Path, command: str
) -> None:
    """The settings' edition is named as the settings file's, not as an --edition the user did
    not give; dispute refuses it too (it once replayed on the default edition instead)."""
    extra = {"dispute": ["--ruling", "CF-04=extra-roll"], "view": ["--output", "page.html"]}
    args = [command, "uk.mlog", *extra.get(command, [])]
    _settings(project, 'edition = "no-such-edition"\n')
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert (
        f"monolog {command}: {project / 'monolog.toml'}: edition 'no-such-edition': "
        "unknown edition" in result.stderr
    )
    result = runner.invoke(app, [*args, "--edition", "nope"])
    assert result.exit_code == 2, result.output
    assert f"monolog {command}: --edition 'nope': unknown edition" in result.stderr
    assert not (project / "page.html").exists()


@pytest.mark.parametrize("pyproject", [False, True])
def test_house_rules_come_from_the_settings(project: Path, pyproject: bool) -> None:
    without = runner.invoke(app, ["ledger", "pool.mlog"])
    assert "M905" in without.stdout
    _settings(project, 'house-rules = ["free-parking-jackpot"]\n', pyproject)
    with_rule = runner.invoke(app, ["ledger", "pool.mlog"])
    assert "M905" not in with_rule.stdout, with_rule.output
    state = runner.invoke(app, ["state", "pool.mlog"])
    assert "£1,700" in state.stdout  # Ann took the pool


def test_rulings_come_from_the_settings_and_ruling_overrides_them(project: Path) -> None:
    plain = runner.invoke(app, ["ledger", "uk.mlog"])
    assert "(reading auction-all)" in plain.stdout
    _settings(project, 'rulings = { CF-39 = "auction-mortgaged-only" }\n')
    configured = runner.invoke(app, ["ledger", "uk.mlog"])
    assert "(reading auction-mortgaged-only)" in configured.stdout, configured.output
    overridden = runner.invoke(app, ["ledger", "uk.mlog", "--ruling", "CF-39=auction-all"])
    assert "(reading auction-all)" in overridden.stdout, overridden.output
    page = project / "page.html"
    result = runner.invoke(app, ["view", "uk.mlog", "--output", str(page)])
    assert result.exit_code == 0, result.output
    assert "auction-mortgaged-only" in page.read_text(encoding="utf-8")


def test_dispute_starts_from_the_settings(project: Path) -> None:
    _settings(project, 'rulings = { CF-39 = "auction-mortgaged-only" }\n', pyproject=True)
    result = runner.invoke(app, ["dispute", "uk.mlog", "--ruling", "CF-39=auction-mortgaged-only"])
    assert result.exit_code == 0, result.output
    where = project / "pyproject.toml"
    assert f"CF-39 is already auction-mortgaged-only in this record (the rulings of {where})" in (
        result.stdout
    )
    back = runner.invoke(app, ["dispute", "uk.mlog", "--ruling", "CF-39=auction-all"])
    assert "CF-39 auction-mortgaged-only -> auction-all" in back.stdout, back.output


@pytest.mark.parametrize("command", ["settle", "state", "ledger", "view", "dispute"])
def test_settings_that_cannot_be_used_are_exit_2_naming_the_file(
    project: Path, command: str
) -> None:
    _settings(project, 'rulings = { CF-39 = "no-such-reading" }\n')
    extra = {"dispute": ["--ruling", "CF-04=extra-roll"], "view": ["--output", "page.html"]}
    args = [command, "uk.mlog", *extra.get(command, [])]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"monolog {command}: {project / 'monolog.toml'}: rulings:" in result.stderr
    assert "--ruling" not in result.stderr  # not named as an option the user did not give
    assert "Traceback" not in result.output
    _settings(project, "colour = 1\n")
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "unknown key 'colour'" in result.stderr


def test_check_keeps_to_what_the_scenario_files_state(project: Path) -> None:
    _settings(
        project,
        'edition = "us-2018"\nhouse-rules = ["no-auctions"]\nrulings = { CF-04 = "extra-roll" }\n',
    )
    scenario = ROOT / "scenarios" / "editions" / "uk-esl" / "variants-and-house-rules.yaml"
    result = runner.invoke(app, ["check", str(scenario)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("key", ["select", "ignore"])
def test_a_code_in_the_settings_that_is_none_is_named_as_the_settings(
    project: Path, key: str
) -> None:
    """Not as an option the user did not give (on main: `--select 'Q1'`)."""
    _settings(project, f'{key} = ["Q1"]\n')
    result = runner.invoke(app, ["audit", "uk.mlog"])
    assert result.exit_code == 2
    assert f"monolog audit: {project / 'monolog.toml'}: {key} 'Q1': no finding code" in (
        result.stderr
    )
    result = runner.invoke(app, ["audit", "uk.mlog", f"--{key}", "Q2"])
    assert f"monolog audit: --{key} 'Q2': no finding code" in result.stderr
