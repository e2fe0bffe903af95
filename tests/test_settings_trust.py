"""A settings file comes with the records, so it is not trusted blindly: the search for one stops
at the project's root and at the home folder, never enters another user's folder, never reads a
file another user owns or that group or others may write (and says so on stderr); every output
says which file was read, what it changed and which findings it hid; `--isolated` reads none,
`--show-settings` prints what is in force; a settings edition never overrides a record's Edition
tag; a file nested too deep is a located error, not a traceback."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

runner = CliRunner()

# Income Tax paid, then $200 taken on Free Parking: M905 (a house rule the record does not
# declare), an error, so the audit exits 1 unless something hides it
BAD = """\
[Edition "us-2018"]
[Players "Ann, Ben"]
setup Ann at #17
setup Ben at GO
setup next Ben
1. Ben 1-3 Income Tax tax 200
2. Ann 1-2 Free Parking salary 200
"""
HIDE = 'ignore = ["M", "W", "A"]\n'
OTHER_USER = 65534


def _game(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    record = folder / "bad.mlog"
    record.write_text(BAD, encoding="utf-8")
    return record


def _settings(folder: Path, text: str = HIDE) -> Path:
    path = folder / "monolog.toml"
    path.write_text(text, encoding="utf-8")
    path.chmod(0o644)
    return path


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of games, the current one, with the home folder elsewhere."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = tmp_path / "project" / "games"
    _game(folder)
    monkeypatch.chdir(folder)
    return folder


def _audit(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["audit", *args])
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def test_settings_in_the_project_apply_and_the_report_says_so(games: Path) -> None:
    settings = _settings(games.parent)
    code, out, _ = _audit("bad.mlog")
    assert code == 0
    assert f"settings: {settings}: ignore = " in out
    assert "1 finding hidden by monolog.toml: M905" in out


def test_the_search_stops_at_the_project_root(games: Path) -> None:
    _settings(games.parent.parent)  # above the project
    (games.parent / ".git").mkdir()
    code, out, _ = _audit("bad.mlog")
    assert code == 1 and "M905" in out and "settings:" not in out
    (games.parent / ".git").rmdir()
    (games.parent / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    code, out, _ = _audit("bad.mlog")
    assert code == 1 and "M905" in out


def test_the_search_stops_at_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    _settings(tmp_path)  # above the home folder
    _game(home / "games")
    monkeypatch.chdir(home / "games")
    code, out, _ = _audit("bad.mlog")
    assert code == 1 and "M905" in out
    _settings(home)  # the home folder's own is read
    assert _audit("bad.mlog")[0] == 0


@pytest.mark.parametrize("bits", [0o020, 0o002])
def test_a_file_group_or_others_may_write_is_skipped_and_said(games: Path, bits: int) -> None:
    settings = _settings(games.parent)
    settings.chmod(0o644 | bits)
    code, out, err = _audit("bad.mlog")
    assert code == 1 and "M905" in out and "settings:" not in out
    assert f"monolog audit: {settings}: skipped: group or others may write it" in err


def test_a_file_of_another_user_is_skipped_and_said(games: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    settings = _settings(games.parent)
    os.chown(settings, OTHER_USER, -1)
    code, out, err = _audit("bad.mlog")
    assert code == 1 and "M905" in out
    assert f"{settings}: skipped: it belongs to another user (uid {OTHER_USER})" in err


def test_the_search_never_enters_a_folder_of_another_user(games: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a folder to another user needs root")
    settings = _settings(games.parent)  # root's own file, in a folder root does not own
    os.chown(games.parent, OTHER_USER, -1)
    code, out, err = _audit("bad.mlog")
    assert code == 1 and "M905" in out
    assert f"{settings}: skipped: the folder {games.parent} belongs to another user" in err


def test_a_settings_edition_never_overrides_the_record_s_edition_tag(games: Path) -> None:
    """A US record audited where the settings say uk-1996: replayed on its own US board (on
    main, on the UK one: an M900 for every US square name)."""
    _settings(games, 'edition = "uk-1996"\n')
    code, out, _ = _audit("bad.mlog", "--format", "json")
    findings = json.loads(out)["games"][0]["findings"]
    assert [f["code"] for f in findings] == ["M905"] and code == 1
    assert "collects $200" in findings[0]["message"]  # the US edition's money
    untagged = games / "untagged.mlog"
    untagged.write_text(BAD.replace('[Edition "us-2018"]\n', ""), encoding="utf-8")
    out = _audit("untagged.mlog", "--format", "json")[1]
    findings = json.loads(out)["games"][0]["findings"]
    assert "collects £200" in findings[0]["message"]  # no tag: the settings' UK edition
    result = runner.invoke(app, ["dispute", "bad.mlog", "--ruling", "CF-04=extra-roll"])
    assert "$1,700" in result.stdout and "£" not in result.stdout, result.output  # main: £


def _hidden_in(fmt: str, out: str) -> dict[str, object]:
    if fmt == "json":
        return dict(json.loads(out)["settings"])
    if fmt == "jsonl":  # the last row
        return dict(json.loads(out.splitlines()[-1]))
    if fmt == "sarif":
        return dict(json.loads(out)["runs"][0]["invocations"][0]["properties"]["settings"])
    if fmt == "junit":
        found = ET.fromstring(out).findall("./testsuite/properties/property")
        props = {p.get("name"): p.get("value") or "" for p in found}
        return {
            "file": props["monolog.settings.file"],
            "hidden": json.loads(props["monolog.settings.hidden"]),
        }
    line = next(x for x in out.splitlines() if x.startswith("::notice title=monolog settings::"))
    file, rest = line.split("::", 2)[2].split(" applied ", 1)
    return {"file": file, "hidden": json.loads(rest.split("findings hidden by it: ", 1)[1])}


@pytest.mark.parametrize("fmt", ["json", "jsonl", "sarif", "junit", "github"])
def test_every_machine_format_names_the_file_and_counts_what_it_hid(games: Path, fmt: str) -> None:
    settings = _settings(games.parent, 'ignore = ["M9"]\n')
    code, out, _ = _audit("bad.mlog", "bad.mlog", "--format", fmt)
    assert code == 0
    data = _hidden_in(fmt, out)
    assert data["file"] == str(settings)
    assert data["hidden"] == {"M905": 2}


def test_the_text_summary_counts_what_the_settings_hid(games: Path) -> None:
    _settings(games.parent, 'ignore = ["M9"]\nstrict = true\n')
    code, out, _ = _audit("bad.mlog", "bad.mlog")
    assert code == 0
    assert out.rstrip().endswith("2 findings hidden by monolog.toml: M905 ×2")
    # an option that overrides a key: that key is not the settings' doing
    code, out, _ = _audit("bad.mlog", "--ignore", "W")
    assert code == 1 and "hidden by" not in out and 'ignore = ["M9"]' not in out


def test_isolated_reads_no_settings_file(games: Path) -> None:
    _settings(games.parent, HIDE + 'edition = "uk-1996"\n')
    code, out, _ = _audit("--isolated", "bad.mlog")
    assert code == 1 and "M905" in out and "settings:" not in out
    untagged = games / "untagged.mlog"
    untagged.write_text(BAD.replace('[Edition "us-2018"]\n', ""), encoding="utf-8")
    result = runner.invoke(app, ["settle", "--isolated", "untagged.mlog"])
    assert "US edition" in result.stdout, result.output


def test_show_settings_prints_each_setting_and_where_it_comes_from(games: Path) -> None:
    settings = _settings(games.parent, 'ignore = ["A"]\nstrict = true\n')
    result = runner.invoke(app, ["audit", "--show-settings", "--no-strict", "bad.mlog"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"settings file: {settings}"
    assert f'ignore = ["A"]  ({settings})' in lines
    assert "strict = false  (command line)" in lines
    assert "select: every code  (default)" in lines
    assert "M905" not in result.stdout  # nothing audited
    isolated = runner.invoke(app, ["audit", "--show-settings", "--isolated", "bad.mlog"])
    assert isolated.stdout.splitlines()[0] == "settings file: none (--isolated)"


@pytest.mark.parametrize("command", ["audit", "settle"])
def test_deep_nesting_is_a_located_error_not_a_traceback(games: Path, command: str) -> None:
    settings = _settings(games, "x = 1\nignore = " + "[" * 5000 + "]" * 5000 + "\n")
    result = runner.invoke(app, [command, "bad.mlog"])
    assert result.exit_code == 2, result.exception
    assert f"{settings}:2:42: cannot be read as TOML: brackets or braces nested" in result.stderr
    assert result.stderr.splitlines()[-1].strip() == "^"
    assert "Traceback" not in result.output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_game_of_a_file_weighs_the_settings_on_its_own(games: Path, jobs: str) -> None:
    """A file of two games, the first tagged US, the second with no Edition tag: the settings'
    edition is the second's alone, and what the settings hid is counted in every game, in this
    process and from worker processes."""
    _settings(games, 'edition = "uk-1996"\n')
    two = games / "two.mlog"
    two.write_text(BAD + "\n" + BAD.replace('[Edition "us-2018"]\n', ""), encoding="utf-8")
    (games / "copy.mlog").write_text(BAD, encoding="utf-8")
    out = _audit("two.mlog", "copy.mlog", "--format", "json", "--jobs", jobs)[1]
    messages = [g["findings"][0]["message"] for g in json.loads(out)["games"]]
    assert [m.split(" on ")[0] for m in messages] == [
        "Ann collects $200",
        "Ann collects £200",
        "Ann collects $200",
    ]
    _settings(games, 'edition = "uk-1996"\nignore = ["M9"]\n')
    for fmt in ("json", "text"):
        code, out, _ = _audit("two.mlog", "copy.mlog", "--format", fmt, "--jobs", jobs)
        assert code == 0
        if fmt == "json":
            assert json.loads(out)["settings"]["hidden"] == {"M905": 3}
        else:
            assert "3 findings hidden by monolog.toml: M905 ×3" in out


def test_a_folder_name_cannot_rewrite_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings file's path comes with the records: printed, its control characters are
    escaped, in the skip note, in a settings error and in the report."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = tmp_path / "a\x1b[2Jb"
    _game(folder)
    monkeypatch.chdir(folder)
    settings = _settings(folder, 'ignore = ["M9"]\n')
    shown = str(settings).replace("\x1b", "\\x1b")
    settings.chmod(0o666)
    code, out, err = _audit("bad.mlog")
    assert f"monolog audit: {shown}: skipped" in err and "\x1b" not in err
    settings.chmod(0o644)
    code, out, err = _audit("bad.mlog")
    assert f"settings: {shown}: " in out and "\x1b" not in out
    settings.write_text("ignore = [\x1b\n", encoding="utf-8")
    code, out, err = _audit("bad.mlog")
    assert code == 2 and f"monolog audit: {shown}:1:" in err and "\x1b" not in err


def test_a_pyproject_whose_tool_is_no_table_holds_no_settings(games: Path) -> None:
    (games.parent / "pyproject.toml").write_text("tool = 5\n", encoding="utf-8")
    code, out, _ = _audit("bad.mlog")
    assert code == 1 and "M905" in out  # on main: a TypeError out of the settings search


def test_a_ruling_option_overrides_only_its_own_point_of_the_settings(games: Path) -> None:
    _settings(games, 'rulings = { CF-39 = "auction-mortgaged-only", CF-04 = "extra-roll" }\n')
    out = _audit("bad.mlog", "--ruling", "CF-04=no-extra-roll")[1]
    assert (
        f'settings: {games / "monolog.toml"}: rulings = {{ CF-39 = "auction-mortgaged-only" }}'
        in (out)
    )
    shown = runner.invoke(app, ["audit", "--show-settings", "--ruling", "CF-04=no-extra-roll", "x"])
    assert 'rulings = { CF-04 = "no-extra-roll" }  (command line)' in shown.stdout
    assert 'rulings = { CF-39 = "auction-mortgaged-only" }  (' in shown.stdout
