"""A scenario file's `record_file` reads only a regular file in the scenario file's own folder
(or below it), within the record size limit: an absolute path, a `..` way out or a link out of
the folder, a named pipe and a file over the limit are each an invalid scenario file, with
file:line and the key path. Before, `record_file: /etc/passwd` was read and its first line
shown in the parse error of a failing scenario (`root:x:0:0:…`), and a file over the limit
was a failing scenario, not an invalid file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_process import run_cli

from monolog.scenarios.model import ScenarioFileError, load_scenarios
from monolog.scenarios.runner import run_scenario

SECRET = "secret-first-line: not a record\n"
GOOD = '[Players "Ann, Ben"]\n1. Ann 2-4 Oriental Avenue buy 100\n'


def _scenario(folder: Path, record_file: str) -> Path:
    path = folder / "s.yaml"
    path.write_text(
        f"title: t\nrules: [BUY-01]\nrecord_file: {record_file!r}\nexpect:\n  findings: []\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """tmp/outside/secret.txt beside tmp/sc/ (the scenario folder)."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text(SECRET, encoding="utf-8")
    (tmp_path / "sc" / "games").mkdir(parents=True)
    (tmp_path / "sc" / "games" / "g.mlog").write_text(GOOD, encoding="utf-8")
    return tmp_path


def _refused(folder: Path, record_file: str) -> str:
    path = _scenario(folder, record_file)
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(path)
    error = info.value
    assert error.line == 3 and error.path == "record_file", str(error)
    assert str(error).startswith(f"{path}:3: record_file: "), str(error)
    assert "secret-first-line" not in str(error)
    return error.detail


def test_an_absolute_path_is_refused(layout: Path) -> None:
    detail = _refused(layout / "sc", str(layout / "outside" / "secret.txt"))
    assert "is not a path relative to this file" in detail


@pytest.mark.parametrize("ref", ["../outside/secret.txt", "games/../../outside/secret.txt"])
def test_a_way_out_by_dot_dot_is_refused(layout: Path, ref: str) -> None:
    assert "leads outside the scenario file's folder" in _refused(layout / "sc", ref)


def test_a_way_out_by_dot_dot_to_nothing_says_nothing_of_what_is_there(layout: Path) -> None:
    assert "leads outside" in _refused(layout / "sc", "../outside/none.txt")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_out_of_the_folder_is_refused(layout: Path) -> None:
    (layout / "sc" / "link.mlog").symlink_to(layout / "outside" / "secret.txt")
    (layout / "sc" / "up").symlink_to(layout / "outside")
    assert "leads outside" in _refused(layout / "sc", "link.mlog")
    assert "leads outside" in _refused(layout / "sc", "up/secret.txt")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_inside_the_folder_is_followed(layout: Path) -> None:
    (layout / "sc" / "same.mlog").symlink_to("games/g.mlog")
    (scenario,) = load_scenarios(_scenario(layout / "sc", "same.mlog"))
    assert run_scenario(scenario).passed


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_blocking(layout: Path) -> None:
    os.mkfifo(layout / "sc" / "pipe.mlog")
    detail = _refused(layout / "sc", "pipe.mlog")
    assert "a named pipe (FIFO), not a regular file" in detail


def test_a_folder_is_refused(layout: Path) -> None:
    assert "a folder, not a regular file" in _refused(layout / "sc", "games")


def test_a_file_over_the_record_limit_is_an_invalid_file(
    layout: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (layout / "sc" / "big.mlog").write_text(GOOD * 100, encoding="utf-8")
    monkeypatch.setenv("MONOLOG_MAX_RECORD_MIB", "0.001")  # 1,048 bytes
    detail = _refused(layout / "sc", "big.mlog")
    assert "at most 1,048 are read (set MONOLOG_MAX_RECORD_MIB" in detail


def test_a_record_file_below_the_folder_is_read_once_when_loaded(layout: Path) -> None:
    (scenario,) = load_scenarios(_scenario(layout / "sc", "games/g.mlog"))
    assert scenario.record_file == layout / "sc" / "games" / "g.mlog"
    (layout / "sc" / "games" / "g.mlog").write_text(SECRET, encoding="utf-8")
    result = run_scenario(scenario)  # the bytes checked are the bytes replayed
    assert result.passed, result.diff


def test_a_record_file_that_is_not_utf8_is_still_the_records_parse_error(layout: Path) -> None:
    (layout / "sc" / "latin.mlog").write_bytes(b'[Event "Caf\xe9"]\n')
    path = layout / "sc" / "s.yaml"
    path.write_text(
        "title: t\nrules: []\nrecord_file: latin.mlog\nexpect:\n"
        "  parse_error: {code: P002, line: 1}\n",
        encoding="utf-8",
    )
    (scenario,) = load_scenarios(path)
    assert run_scenario(scenario).passed


def test_check_reports_etc_passwd_as_an_invalid_file(tmp_path: Path) -> None:
    _scenario(tmp_path, "/etc/passwd")
    out = run_cli(["check", "s.yaml"], tmp_path)
    assert out.clean and out.code == 2, out
    assert out.stderr == (
        "invalid scenario file: s.yaml:3: record_file: '/etc/passwd' is not a path relative "
        "to this file; a record file must lie in the scenario file's folder or below it\n"
    )
    assert "root" not in out.stdout + out.stderr


def test_check_shows_a_records_line_as_written(tmp_path: Path) -> None:
    # before: Rich read `:x:` and `:smile:` in the failing line as emoji codes ("root❌0:0 😄")
    (tmp_path / "s.yaml").write_text(
        'title: t\nrules: []\nrecord: "root:x:0:0 :smile:\\n"\nexpect:\n  findings: []\n',
        encoding="utf-8",
    )
    out = run_cli(["check", "s.yaml"], tmp_path)
    assert out.clean and out.code == 1, out
    assert "    root:x:0:0 :smile:\n" in out.stdout, out.stdout
