"""Running monolog as a user does (a separate process, with a timeout so a hang fails the test
instead of stopping the suite), and a deadline for in-process calls that could block."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
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
    process = subprocess.Popen(
        [sys.executable, "-m", "monolog", *argv],
        cwd=cwd,
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=environment,
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
