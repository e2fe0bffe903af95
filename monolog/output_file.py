"""Writing a file the user named as a command's output (`audit -o`, `view -o`, `--output` of the
report commands, `check --junit`, `simulate --out`): all or nothing.

The text goes to a temporary file in the target's own folder, which is renamed over the target
only once everything is written and flushed to the disk. A write that fails (a full disk, an
I/O error, an interrupt) removes the temporary file and leaves the target as it was: an existing
file keeps its old content, and no empty or partial file is left where none was. The error
names the target (`OSError.filename`), so the command can say which file it could not write.

A target that exists and is not a regular file (`/dev/stdout`, a named pipe, `/dev/null`) is
written in place, never replaced; a link to a file is followed, so the link stays a link; the
new file gets the old file's permissions, or the usual ones (0666 less the umask).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import TextIO

from .findings.model import shown_name

__all__ = ["replaced", "write_failure", "write_text"]


@contextlib.contextmanager
def replaced(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A UTF-8 text stream (newlines written as `\\n`) whose content replaces the file at
    `path` when the block ends without an error. Raises OSError naming `path` when it cannot be
    written; any other error leaves the target untouched too, and propagates."""
    name = os.fspath(path)
    target = os.path.realpath(name)  # a link to a file: its target is replaced, the link kept
    try:
        existing: os.stat_result | None = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        existing = None
    except OSError as exc:
        raise _named(exc, name, always=True) from None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        with _in_place(name) as stream:  # a device or a pipe: nothing to replace
            yield stream
        return
    folder = os.path.dirname(target) or "."
    try:
        fd, temporary = tempfile.mkstemp(
            dir=folder, prefix=f".{os.path.basename(target)}.", suffix=".tmp"
        )
    except OSError as exc:
        raise _named(exc, name, always=True) from None
    finishing = False  # past the caller's block: every failure is the output's
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            finishing = True
            stream.flush()
            os.fsync(stream.fileno())
            os.chmod(temporary, _mode(existing))
        os.replace(temporary, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise _named(exc, name, always=finishing) from None
        raise


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at `path` with `text`, all or nothing (see `replaced`)."""
    with replaced(path) as stream:
        stream.write(text)


def write_failure(option: str, exc: OSError, path: str | os.PathLike[str] | None = None) -> str:
    """The error line for an output that could not be written: `--output x.html: cannot write
    (No space left on device)`. `option` is how the file was given (empty: no option)."""
    name = path if path is not None else exc.filename
    shown = shown_name(os.fsdecode(name)) if isinstance(name, str | bytes | os.PathLike) else "?"
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"{option + ' ' if option else ''}{shown}: cannot write ({reason})"


@contextlib.contextmanager
def _in_place(name: str) -> Iterator[TextIO]:
    try:
        stream = open(name, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise _named(exc, name, always=True) from None
    try:
        with stream:
            yield stream
    except OSError as exc:
        if exc.filename is None:
            raise _named(exc, name) from None
        raise


def _named(exc: OSError, name: str, always: bool = False) -> OSError:
    """`exc` with `name` as the file it is about: a failed write does not say which, and a
    failure to make, finish or rename the temporary file is the target's (`always`). An error
    of the caller's block that names another file is left as it is."""
    if exc.filename is not None and not always:
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), name)


def _mode(existing: os.stat_result | None) -> int:
    if existing is not None:
        return stat.S_IMODE(existing.st_mode)
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask
