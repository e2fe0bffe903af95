"""Files monolog is handed are read only when they are regular files, never by a blocking open,
and never past a size limit: a record path, `--edition`, an `extends:` target and a record's
Edition tag naming a FIFO, `/dev/stdin` or `/dev/zero` give a located error and exit 2 at once
(before, a FIFO or `/dev/stdin` hung the run and `/dev/zero` was read until memory ran out), and
an Edition tag naming a file outside the record's folder is neither read nor quoted (before,
`[Edition "/etc/passwd"]` printed the file's first line in W009, in every format)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from cli_process import run_cli

GOOD = '[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100\n'
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def _tagged(folder: Path, name: str, edition: str) -> Path:
    path = folder / name
    path.write_text(f'[Edition "{edition}"]\n' + GOOD, encoding="utf-8")
    return path


@needs_fifo
def test_a_fifo_record_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.mlog")
    (tmp_path / "good.mlog").write_text(GOOD, encoding="utf-8")
    out = run_cli(["audit", "pipe.mlog", "good.mlog"], tmp_path, timeout=30)
    assert out.clean and out.code == 2, out
    assert "pipe.mlog" in out.stderr and "not a regular file" in out.stderr
    assert "good.mlog" in out.stdout  # the other record is still audited


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_devices_as_records_are_refused(tmp_path: Path) -> None:
    # stdin is a pipe the test keeps open: reading it would block
    out = run_cli(["audit", "/dev/zero", "/dev/stdin"], tmp_path, stdin=subprocess.PIPE)
    assert out.clean and out.code == 2, out
    assert "/dev/zero" in out.stderr and "/dev/stdin" in out.stderr


@needs_fifo
def test_edition_option_and_extends_refuse_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "good.mlog").write_text(GOOD, encoding="utf-8")
    out = run_cli(["audit", "--edition", "pipe.yaml", "good.mlog"], tmp_path, timeout=30)
    assert out.clean and out.code == 2, out
    assert "not a regular file" in out.stderr
    (tmp_path / "child.yaml").write_text("extends: pipe.yaml\n", encoding="utf-8")
    out = run_cli(["audit", "--edition", "child.yaml", "good.mlog"], tmp_path, timeout=30)
    assert out.clean and out.code == 2, out
    assert "not a regular file" in out.stderr


@needs_fifo
def test_a_fifo_beside_the_record_is_called_what_it_is(tmp_path: Path) -> None:
    """A FIFO named by the tag, or by an `extends:` of the file the tag names, lies in the
    record's folder: the message says it is not a regular file (it said "no edition file beside
    the record", and "lies outside the record's folder" for the extends)."""
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "child.yaml").write_text("extends: pipe.yaml\n", encoding="utf-8")
    _tagged(tmp_path, "a.mlog", "pipe.yaml")
    _tagged(tmp_path, "b.mlog", "child.yaml")
    out = run_cli(["audit", "a.mlog", "b.mlog"], tmp_path, timeout=30)
    assert out.clean and out.code in (0, 1), out  # W009 is a warning: replayed on the default
    w009 = [line for line in out.stdout.splitlines() if "  W009  " in line]
    assert len(w009) == 2 and all("a named pipe (FIFO), not a regular file" in w for w in w009)


@pytest.mark.skipif(not Path("/etc/passwd").exists(), reason="needs /etc/passwd")
def test_edition_option_names_only_a_key_or_a_yaml_file(tmp_path: Path) -> None:
    """`--edition` follows the tag's file-type rule: a path that is not a .yaml file is refused
    unread (before, `--edition /etc/passwd` was read and its first line quoted)."""
    (tmp_path / "good.mlog").write_text(GOOD, encoding="utf-8")
    for name in ("/etc/passwd", "/dev/zero"):
        out = run_cli(["audit", "--edition", name, "good.mlog"], tmp_path, timeout=30)
        assert out.clean and out.code == 2, out
        assert "is not a .yaml file" in out.stderr and "root:" not in out.stderr


@needs_fifo
def test_edition_tags_naming_fifos_and_devices_do_not_block(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    names = []
    for n, edition in enumerate(("pipe.yaml", "/dev/stdin", "/dev/zero")):
        names.append(_tagged(tmp_path, f"g{n}.mlog", edition).name)
    out = run_cli(["audit", *names], tmp_path, stdin=subprocess.PIPE, timeout=30)
    assert out.clean and out.code in (0, 1), out  # W009 is a warning: replayed on the default
    assert out.stdout.count("  W009  ") == 3


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit"])
def test_an_edition_tag_outside_the_record_folder_is_not_quoted(tmp_path: Path, fmt: str) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("token-9f8e7d6c: x\n", encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    _tagged(games, "a.mlog", str(secret))
    _tagged(games, "b.mlog", "../secret.yaml")
    if Path("/etc/passwd").exists():
        _tagged(games, "c.mlog", "/etc/passwd")
    out = run_cli(["audit", "--format", fmt, "games"], tmp_path)
    assert out.clean and out.code in (0, 1), out
    assert "W009" in out.stdout
    assert "token-9f8e7d6c" not in out.stdout + out.stderr
    assert "root:" not in out.stdout + out.stderr


def test_record_size_limit_is_configurable(tmp_path: Path) -> None:
    big = tmp_path / "big.mlog"
    big.write_text(GOOD + "{" + "x" * 300_000 + "}\n", encoding="utf-8")
    out = run_cli(["audit", "big.mlog"], tmp_path, env={"MONOLOG_MAX_RECORD_MIB": "0.25"})
    assert out.clean and out.code == 2, out
    assert "MONOLOG_MAX_RECORD_MIB" in out.stderr and "at most 262,144" in out.stderr
    out = run_cli(["audit", "big.mlog"], tmp_path, env={"MONOLOG_MAX_RECORD_MIB": "1"})
    assert out.clean and out.code in (0, 1), out
    out = run_cli(["audit", "big.mlog"], tmp_path, env={"MONOLOG_MAX_RECORD_MIB": "lots"})
    assert out.clean and out.code == 2, out
    assert "MONOLOG_MAX_RECORD_MIB='lots'" in out.stderr


def test_edition_size_limit_is_configurable(tmp_path: Path) -> None:
    (tmp_path / "good.mlog").write_text(GOOD, encoding="utf-8")
    (tmp_path / "big.yaml").write_text("extends: us-2018\n" + "#" * 200_000 + "\n", "utf-8")
    env = {"MONOLOG_MAX_EDITION_MIB": "0.1"}
    out = run_cli(["audit", "--edition", "big.yaml", "good.mlog"], tmp_path, env=env)
    assert out.clean and out.code == 2, out
    assert "MONOLOG_MAX_EDITION_MIB" in out.stderr
    out = run_cli(["audit", "--edition", "big.yaml", "good.mlog"], tmp_path)
    assert out.clean and out.code in (0, 1), out


def test_json_report_of_a_refused_edition_tag_parses(tmp_path: Path) -> None:
    _tagged(tmp_path, "a.mlog", "/etc/passwd")
    out = run_cli(["audit", "--format", "json", "a.mlog"], tmp_path)
    assert out.clean
    assert "W009" in json.dumps(json.loads(out.stdout))
