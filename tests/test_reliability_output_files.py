"""A named output file is written all or nothing (monolog/output_file.py): when the write fails
(a full disk, a file size limit), `audit -o`, `view -o`, the report commands' `--output`,
`check --junit` and `simulate --out` exit 2 with one line naming the file, leave no empty or
partial file where there was none, keep an existing file as it was, and leave no temporary
file behind. Before, each left an empty or cut file (an existing one truncated), and `audit -o`
said only "monolog: cannot write the output: No space left on device".

The failing write is real: the process runs under a file size limit (RLIMIT_FSIZE; Python
ignores SIGXFSZ, so a write past the limit fails with EFBIG), which any user may set, and
`/dev/full` for a target that is a device, written in place and never replaced."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest
from cli_process import Outcome, run_command

import monolog.output_file as output_file

resource = pytest.importorskip("resource")

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "scenarios" / "games" / "uk-1996-sim-1.mlog"
SCENARIO = ROOT / "scenarios" / "games" / "uk-1996-sim-1.yaml"
LIMIT = 1500  # bytes: every output below is longer (the text audit report about 2,200)
OLD = "an older report, kept\n"

COMMANDS = {
    "audit -o": ["audit", str(GAME), "-o", "{out}"],
    "audit --jobs 2 -o": ["audit", str(GAME), str(GAME), "--jobs", "2", "-o", "{out}"],
    "view -o": ["view", str(GAME), "-o", "{out}"],
    "ledger --output": ["ledger", str(GAME), "--export", "txt", "--output", "{out}"],
    "state --output": ["state", str(GAME), "--export", "html", "--output", "{out}"],
    "check --junit": ["check", "-q", str(SCENARIO.parent), "--junit", "{out}"],
    "simulate --out": ["simulate", "-s", "1", "--out", "{out}"],
}


def _run(argv: list[str], cwd: Path, limit: bool = True) -> Outcome:
    # forked from a process that has imported monolog (tests/cli_process.py); the limit is set
    # in the command's own process, and its stdout and stderr, files there, stay below it
    return run_command(
        argv,
        cwd,
        {**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"},
        file_size_limit=LIMIT if limit else None,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")
@pytest.mark.parametrize("existing", [False, True], ids=["new file", "existing file"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_failed_write_leaves_the_target_as_it_was(
    tmp_path: Path, command: str, existing: bool
) -> None:
    out = tmp_path / "out" / "report.out"
    out.parent.mkdir()
    if existing:
        out.write_text(OLD, encoding="utf-8")
    argv = [part.format(out=out) for part in COMMANDS[command]]
    done = _run(argv, tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.code == 2, (done.code, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{out}: cannot write (File too large)" in lines[0], done.stderr
    assert sorted(p.name for p in out.parent.iterdir()) == (["report.out"] if existing else [])
    if existing:
        assert out.read_text(encoding="utf-8") == OLD
        # without the limit the same command writes the whole file, over the old one
        done = _run(argv, tmp_path, limit=False)
        assert done.code in (0, 1), done.stderr
        assert sorted(p.name for p in out.parent.iterdir()) == ["report.out"]
        assert len(out.read_bytes()) > LIMIT


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_audit_to_a_full_device_names_it() -> None:
    # a device is written in place, never replaced by a rename
    done = _run(["audit", str(GAME), "-o", "/dev/full"], ROOT, limit=False)
    assert done.code == 2, done.stderr
    assert done.stderr == (
        "monolog audit: --output-file /dev/full: cannot write (No space left on device)\n"
    )


def test_a_failure_in_the_block_removes_the_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(OSError) as caught, output_file.replaced(target) as stream:
        stream.write("half a report")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert caught.value.filename == str(target)  # the failed write names the output
    assert output_file.write_failure("-o", caught.value) == (
        f"-o {target}: cannot write (No space left on device)"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]
    assert target.read_text(encoding="utf-8") == OLD


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_stays_a_link_and_the_mode_is_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text(OLD, encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    output_file.write_text(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]
