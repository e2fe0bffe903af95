"""The suite's way of running a command as a user does (tests/cli_process.py) gives what
`python -m monolog` gives: a command forked from the process that has imported monolog once
ends with the same exit code and the same stdout and stderr as one started afresh, whatever
its folder, environment and stdin; a command that hangs is stopped by the timeout and the
next one still runs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import cli_process
import pytest
from cli_process import run_cli

GOOD = '[Players "Ann, Ben"]\n1. Ann 2-4 Oriental Avenue buy 100\n'
WRONG = '[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 150\n'
NUL = '[Players "Ann, Ben"]\n1. Ann 3-4 Oriental\x00 Avenue buy 100\n'

pytestmark = pytest.mark.skipif(not cli_process.FORKS, reason="commands are forked on Linux only")

# (argv, extra environment, stdin): clean, findings, a located error, usage errors, a command
# that reads stdin, an environment of its own
CASES = [
    (["audit", "good.mlog"], {}, subprocess.DEVNULL),
    (["audit", "--format", "json", "wrong.mlog"], {}, subprocess.DEVNULL),
    (["parse", "nul.mlog"], {}, subprocess.DEVNULL),
    (["audit", "missing.mlog"], {}, subprocess.DEVNULL),
    (["explain"], {}, subprocess.DEVNULL),
    (["record", "new.mlog"], {}, subprocess.PIPE),
    (["audit", "wrong.mlog"], {"PYTHONIOENCODING": "ascii", "COLUMNS": "40"}, subprocess.PIPE),
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name, text in (("good.mlog", GOOD), ("wrong.mlog", WRONG), ("nul.mlog", NUL)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("argv", "env", "stdin"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_forked_command_gives_what_a_fresh_process_gives(
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    env: dict[str, str],
    stdin: int,
) -> None:
    forked = run_cli(argv, folder, env=env, stdin=stdin)
    monkeypatch.setattr(cli_process, "FORKS", False)
    fresh = run_cli(argv, folder, env=env, stdin=stdin)
    assert forked == fresh
    assert fresh.clean


def test_a_hung_command_is_stopped_and_the_next_one_runs(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a timeout no command meets stands for a command that hangs
    assert run_cli(["audit", "good.mlog"], folder, timeout=0.0).code is None
    assert run_cli(["audit", "good.mlog"], folder).code == 0
