"""The command line's standard streams, guarded: every command runs through `run_guarded`.

- A stdout that was closed before monolog started (`monolog audit x.mlog >&-`) is an error with
  exit 2 before anything runs: a report with nowhere to go must not pass as a clean run.
- A stream whose encoding cannot show a character (`PYTHONIOENCODING=ascii`, a Latin-1
  terminal) writes a replacement for it (`?`) instead of failing on the first "£".
- A write that fails (a full disk: `> /dev/full`; an I/O error) ends the run with one line on
  stderr and exit 2; a closed pipe (`| head`) exits 1 quietly, as click does. Unbuffered
  streams (`PYTHONUNBUFFERED=1`, `python -u`) are given a buffer that is flushed at each line:
  Python's unbuffered text stream writes once and drops what a short write left over, so a pipe
  closed in the middle of a long line lost the rest and the run exited 0.
- A file a command could not open that reached this guard (a name too long for the system, a
  folder that cannot be searched) is named as the file that could not be used, exit 2, never
  taken for a failure to write the output.
- Running out of memory ends the run with one line on stderr and exit 2, not a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .findings.model import shown_name

EXIT_UNREADABLE = 2


def _say(text: str) -> None:
    stream = sys.__stderr__ if sys.stderr is None else sys.stderr
    if stream is None:
        return
    try:
        stream.write(text.rstrip("\n") + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def prepare() -> str | None:
    """Make the standard streams replace what they cannot encode; a message if stdout is
    closed."""
    if sys.stdout is None:
        return "monolog: standard output is closed; there is nowhere to write the report"
    sys.stdout = _buffered(sys.stdout)
    if sys.stderr is not None:
        sys.stderr = _buffered(sys.stderr)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        if getattr(stream, "errors", "strict") in ("strict", "surrogateescape"):
            with contextlib.suppress(OSError, ValueError):
                reconfigure(errors="replace")
    return None


def _buffered(stream: TextIO) -> TextIO:
    """`stream`, or when it writes straight to an unbuffered file (a raw FileIO, as under
    PYTHONUNBUFFERED=1), the same file behind a buffer flushed at every line: a buffered
    writer writes until everything is out or the write fails."""
    raw = getattr(stream, "buffer", None)
    if not isinstance(raw, io.RawIOBase) or not isinstance(stream, io.TextIOWrapper):
        return stream
    return io.TextIOWrapper(
        io.BufferedWriter(raw),
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=True,
    )


def _silence_stdout() -> None:
    """Point stdout at the null device, so what is still buffered for a stream that failed is
    not written (and fails) again when the interpreter exits."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _exit_code(code: Any) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    _say(str(code))
    return 1


def run_guarded(call: Callable[[], int | None]) -> int:
    """Run a command (`call` returns its exit code, or raises SystemExit) with its output
    flushed and its write failures, closed stdout and memory exhaustion reported cleanly."""
    problem = prepare()
    if problem is not None:
        _say(problem)
        return EXIT_UNREADABLE
    try:
        try:
            code = _exit_code(call())
        except SystemExit as exc:
            code = _exit_code(exc.code)
        sys.stdout.flush()
    except MemoryError:
        _say("monolog: out of memory; audit fewer or smaller records at a time")
        return EXIT_UNREADABLE
    except OSError as exc:
        what = exc.strerror or str(exc)
        name = exc.filename
        if isinstance(name, (str, bytes)):  # a file the command could not use, not the output
            _say(f"monolog: {shown_name(os.fsdecode(name))}: cannot be used ({what})")
            return EXIT_UNREADABLE
        _silence_stdout()
        if exc.errno == errno.EPIPE:
            return 1
        _say(f"monolog: cannot write the output: {what}")
        return EXIT_UNREADABLE
    return code
