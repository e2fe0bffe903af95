"""Output that cannot be written ends the run cleanly: a full disk (`> /dev/full`) gives one line
on stderr and exit 2, a stdout closed before the start exits 2 (before, the report was dropped and
the run exited 0), and a stream that cannot encode a character (`PYTHONIOENCODING=ascii`, a
Latin-1 terminal) shows a replacement for it (before, "£" alone was a UnicodeEncodeError)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import TIMEOUT, run_cli

GOOD = '[Event "£5 night — ☃"]\n[Players "Ann, Ben"]\n1. Ann 3-4 Chance card CH08 {£ ☃}\n'
COMMANDS = [
    ["audit", "good.mlog"],
    ["audit", "--format", "json", "good.mlog"],
    ["audit", "--format", "sarif", "good.mlog"],
    ["audit", "good.mlog", "good.mlog", "--jobs", "2"],
    ["fmt", "good.mlog"],
    ["parse", "good.mlog"],
    ["rules", "list"],
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "good.mlog").write_text(GOOD, encoding="utf-8")
    return tmp_path


needs_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")


@needs_dev_full
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_full_disk_is_a_clean_error(folder: Path, argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        out = run_cli(argv, folder, stdout=full)
    assert out.clean, out
    assert out.code == 2, out
    assert "No space left on device" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")
@pytest.mark.parametrize("argv", COMMANDS[:2], ids=" ".join)
def test_a_closed_stdout_exits_non_zero(folder: Path, argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "monolog", *argv],
        cwd=folder,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),  # as `monolog … >&-` in a shell
        timeout=TIMEOUT,
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, stderr
    assert "Traceback" not in stderr and "standard output is closed" in stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_an_encoding_that_cannot_show_a_character_replaces_it(
    folder: Path, argv: list[str], encoding: str
) -> None:
    out = run_cli(argv, folder, env={"PYTHONIOENCODING": encoding})
    assert out.clean, out
    assert out.code in (0, 1), out
    if argv == ["audit", "good.mlog"]:
        assert "night ? " in out.stdout  # the dash neither encoding has


def test_a_pipe_closed_early_exits_quietly(folder: Path) -> None:
    many = [f"g{n}.mlog" for n in range(40)]
    for name in many:
        (folder / name).write_text(GOOD, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "monolog", "audit", *many],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=TIMEOUT)
    assert b"Traceback" not in err
    assert process.returncode != 0


def _many_games(folder: Path, count: int = 3000) -> Path:
    """One file of many games, its canonical form far larger than a pipe's buffer; `fmt` writes
    it in one write."""
    path = folder / "many.mlog"
    path.write_text(("\n" + GOOD) * count, encoding="utf-8")
    return path


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
@pytest.mark.parametrize(
    "argv",
    [
        ["fmt", "many.mlog"],
        ["parse", "--json", "many.mlog"],
        ["simulate", "-s", "1", "--count", "40"],
    ],
    ids=" ".join,
)
def test_a_pipe_closed_early_is_not_a_clean_run_when_unbuffered(
    folder: Path, argv: list[str]
) -> None:
    # Python's unbuffered text stream writes once and drops what a short write left: the pipe
    # closed in the middle of one long write lost the rest, and the run exited 0
    _many_games(folder)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "monolog", *argv],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(timeout=TIMEOUT)
    assert b"Traceback" not in err, err
    assert process.returncode == 1, err  # a closed pipe: quietly, as click does


@needs_dev_full
def test_simulate_to_a_full_disk_names_the_output(folder: Path) -> None:
    with open("/dev/full", "wb") as full:
        out = run_cli(["simulate", "-s", "1"], folder, stdout=full)
    assert out.clean and out.code == 2, out
    assert out.stderr.strip() == "monolog: cannot write the output: No space left on device"


def test_fmt_escapes_a_newline_in_a_file_name(folder: Path) -> None:
    # a name holding a newline was printed raw, breaking the line that names it in two
    name = "new\nline.mlog"
    (folder / name).write_text(GOOD.replace("1. Ann", "1.  Ann"), encoding="utf-8")
    out = run_cli(["fmt", "--check", name, "good.mlog"], folder)
    assert out.clean and out.code == 1, out
    assert out.stdout == "would reformat: new\\nline.mlog\n", out
    out = run_cli(["fmt", "--write", name], folder)
    assert out.clean and out.code == 0, out
    assert out.stdout == "reformatted: new\\nline.mlog\n", out
