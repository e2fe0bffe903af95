"""Running monolog as a user does (a separate process, with a timeout so a hang fails the test
instead of stopping the suite), and a deadline for in-process calls that could block.

A command run with an empty stdin (/dev/null or a pipe) and stdout captured starts as a fork of
a Python process that has imported monolog already (tests/cli_zygote.py, one per environment): a
separate process all the same, with its own exit code, streams and folder, without paying the
import again each time. Any other command, or one whose forking process is gone, runs as
`python -m monolog`.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

TIMEOUT = 60  # seconds; a process still running then has hung


@dataclass(frozen=True)
class Outcome:
    code: int | None  # None: stopped by the timeout
    stdout: str
    stderr: str

    @property
    def clean(self) -> bool:
        """Ended by itself, without a traceback on either stream."""
        return (
            self.code is not None
            and "Traceback" not in self.stderr
            and "Traceback" not in self.stdout
        )


def run_cli(
    argv: list[str],
    cwd: Path | str | None = None,
    *,
    env: dict[str, str] | None = None,
    stdin: int | IO[Any] | None = subprocess.DEVNULL,
    stdout: int | IO[Any] | None = subprocess.PIPE,
    timeout: float = TIMEOUT,
) -> Outcome:
    environment = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    environment.update(env or {})
    return run_command(argv, cwd, environment, stdin=stdin, stdout=stdout, timeout=timeout)


def run_command(
    argv: list[str],
    cwd: Path | str | None,
    environment: dict[str, str],
    *,
    stdin: int | IO[Any] | None = subprocess.DEVNULL,
    stdout: int | IO[Any] | None = subprocess.PIPE,
    timeout: float = TIMEOUT,
    file_size_limit: int | None = None,
    prefix: tuple[str, ...] = (),
) -> Outcome:
    """`python -m monolog ARGV` run in exactly `environment` (run_cli adds its defaults);
    `file_size_limit`: the bytes the command may write to a file (RLIMIT_FSIZE; a write past it
    fails with EFBIG, Python ignoring SIGXFSZ), as `ulimit -f` sets it; `prefix`: a command that
    starts Python (as `setpriv … --`), the forking process started through it too."""
    if stdin in (subprocess.DEVNULL, subprocess.PIPE) and stdout == subprocess.PIPE and FORKS:
        piped = stdin == subprocess.PIPE  # closed at once by communicate(), as below
        where = Path(cwd or os.getcwd())
        forked = _forked(argv, where, environment, piped, timeout, file_size_limit, prefix)
        if forked is not None:
            return forked
    process = subprocess.Popen(
        [*prefix, sys.executable, "-m", "monolog", *argv],
        cwd=cwd,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=environment,
        preexec_fn=None if file_size_limit is None else lambda: _limit_files(file_size_limit),
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return Outcome(None, _text(out), _text(err))
    return Outcome(process.returncode, _text(out), _text(err))


def _text(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", "replace")


def _limit_files(size: int) -> None:
    import resource  # POSIX only, as a file size limit is

    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


# --------------------------------------------------------------------------- forked commands

ZYGOTE = Path(__file__).with_name("cli_zygote.py")
# fork is a POSIX call, and only Linux forks a process that has imported libraries safely
FORKS = sys.platform == "linux"


class _Zygote:
    """One tests/cli_zygote.py process: it runs one command at a time."""

    def __init__(self, environment: dict[str, str], prefix: tuple[str, ...] = ()) -> None:
        self.process = subprocess.Popen(
            [*prefix, sys.executable, str(ZYGOTE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment,
        )

    def run(
        self,
        argv: list[str],
        cwd: Path,
        environment: dict[str, str],
        piped: bool,
        timeout: float,
        file_size_limit: int | None = None,
    ) -> Outcome | None:
        """The command's outcome; None when this process is gone (nothing was run)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        with tempfile.TemporaryDirectory(prefix="monolog-cli-") as scratch:
            out, err = Path(scratch, "stdout"), Path(scratch, "stderr")
            request = {
                "argv": argv,
                "cwd": str(cwd),
                "env": environment,
                "stdin": "pipe" if piped else "devnull",
                "stdout": str(out),
                "stderr": str(err),
                "file_size_limit": file_size_limit,
            }
            try:
                self.process.stdin.write(json.dumps(request).encode() + b"\n")
                self.process.stdin.flush()
                pid = int(_reply(self.process.stdout.fileno(), None) or "")
                code = _reply(self.process.stdout.fileno(), timeout)
                if code is None:  # hung: stopped, as a timeout stops a process
                    os.kill(pid, signal.SIGKILL)
                    _reply(self.process.stdout.fileno(), None)
            except (OSError, ValueError):
                return None
            return Outcome(
                None if code is None else int(code),
                _text(out.read_bytes() if out.exists() else b""),
                _text(err.read_bytes() if err.exists() else b""),
            )

    def close(self) -> None:
        """End the process: its stdin ends (or, if that fails, it is killed)."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except OSError:
            self.process.kill()
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:  # a command of its own still running: stopped
            self.process.kill()
            self.process.wait()


def _reply(fd: int, timeout: float | None) -> str | None:
    """One line from the zygote; None if none came within `timeout` seconds."""
    line = b""
    end = None if timeout is None else time.monotonic() + timeout
    while not line.endswith(b"\n"):
        left = None if end is None else max(0.0, end - time.monotonic())
        if not select.select([fd], [], [], left)[0]:
            return None
        byte = os.read(fd, 1)  # a byte at a time: the pid's line and the code's stay apart
        if not byte:
            raise OSError("the forking process is gone")
        line += byte
    return line.decode()


# idle zygotes by prefix and environment, the one used longest ago first; a few are kept
# (~30 MB each), the rest closed
_IDLE: list[tuple[tuple[tuple[str, ...], frozenset[tuple[str, str]]], _Zygote]] = []
KEEP_IDLE = 4
_LOCK = threading.Lock()


def _forked(
    argv: list[str],
    cwd: Path,
    environment: dict[str, str],
    piped: bool,
    timeout: float,
    file_size_limit: int | None,
    prefix: tuple[str, ...],
) -> Outcome | None:
    """Run the command forked from a zygote of this prefix and environment (one per thread at a
    time)."""
    # pytest names the running test in the environment; the command sees its own value
    key = (prefix, frozenset((k, v) for k, v in environment.items() if k != "PYTEST_CURRENT_TEST"))
    with _LOCK:
        found = next((i for i, (k, _) in enumerate(_IDLE) if k == key), None)
        zygote = None if found is None else _IDLE.pop(found)[1]
    if zygote is None:
        zygote = _Zygote(environment, prefix)
    outcome = zygote.run(argv, cwd, environment, piped, timeout, file_size_limit)
    if outcome is None:  # gone: the command runs as `python -m monolog` instead
        zygote.close()
        return None
    with _LOCK:
        _IDLE.append((key, zygote))
        extra = [z for _, z in _IDLE[: max(0, len(_IDLE) - KEEP_IDLE)]]
        del _IDLE[: len(extra)]
    for old in extra:
        old.close()
    return outcome


@atexit.register
def _close_zygotes() -> None:
    with _LOCK:
        idle = [z for _, z in _IDLE]
        _IDLE.clear()
    for zygote in idle:
        zygote.close()


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Raise TimeoutError in this thread if the block runs longer than `seconds` (POSIX; a
    no-op where there is no SIGALRM)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: it blocked")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
