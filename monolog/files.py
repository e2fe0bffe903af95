"""Reading a file the user named, safely: a regular file only, never a blocking open, and never
more than a size limit.

Every record, `--edition` file, `extends:` target and edition named by a record's Edition tag is
read through `read_regular`. The path is checked with stat before it is opened and the open file
with fstat after (the same file, still regular), and it is opened non-blocking, so a FIFO, a
terminal or a device (`/dev/stdin`, `/dev/zero`) is refused at once instead of hanging the run or
filling memory. Reading stops one byte past the limit.

The limits are set in MiB by environment variables: `MONOLOG_MAX_RECORD_MIB` (default 512) and
`MONOLOG_MAX_EDITION_MIB` (default 1). A task of a run on a cluster reads under the values the
run's own environment set (`limits_given`), not under its worker's.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from contextvars import ContextVar
from typing import BinaryIO

RECORD_LIMIT_VARIABLE = "MONOLOG_MAX_RECORD_MIB"
EDITION_LIMIT_VARIABLE = "MONOLOG_MAX_EDITION_MIB"
_DEFAULT_MIB = {RECORD_LIMIT_VARIABLE: 512.0, EDITION_LIMIT_VARIABLE: 1.0}
_MIB = 1 << 20
_CHUNK = 1 << 20


class UnsafeFile(OSError):
    """A path that is not read: not a regular file, swapped while it was opened, or larger than
    its limit. `strerror` says which, in words."""

    def __init__(self, message: str, filename: str) -> None:
        super().__init__(None, message, filename)


# the two variables as the run's own environment set them, for an audit elsewhere (a task on a
# cluster's worker, monolog/commands/cluster.py) that must read files as the run would
_GIVEN: ContextVar[dict[str, str] | None] = ContextVar("monolog_size_limits", default=None)


def limits_here() -> dict[str, str]:
    """The two variables as this process's environment sets them ("" when unset)."""
    return {variable: os.environ.get(variable, "") for variable in _DEFAULT_MIB}


@contextlib.contextmanager
def limits_given(given: dict[str, str] | None) -> Iterator[None]:
    """`limit` reads the variables from `given` (None: from the environment) while this
    lasts."""
    token = _GIVEN.set(given)
    try:
        yield
    finally:
        _GIVEN.reset(token)


def limit(variable: str) -> int:
    """The size limit in bytes that `variable` (one of the two above) sets, or its default."""
    given = _GIVEN.get()
    raw = (os.environ.get(variable, "") if given is None else given.get(variable, "")).strip()
    if not raw:
        return int(_DEFAULT_MIB[variable] * _MIB)
    try:
        mib = float(raw)
    except ValueError:
        mib = -1.0
    if not mib > 0 or mib == float("inf"):
        raise UnsafeFile(
            f"{variable}={raw!r} is not a size in MiB (expected a positive number)", variable
        )
    return int(mib * _MIB)


def record_limit() -> int:
    return limit(RECORD_LIMIT_VARIABLE)


def edition_limit() -> int:
    return limit(EDITION_LIMIT_VARIABLE)


def glob_like(name: str) -> bool:
    """Whether a name holds a glob pattern (`*`, `?`, `[`), which the command line expands
    where the shell left it alone (monolog/commands/command_line.py)."""
    return any(c in name for c in "*?[")


def missing(path: str | os.PathLike[str]) -> bool:
    """Whether nothing at all is at `path`. Never raises: a name too long for the system, a
    folder that cannot be searched or a NUL byte is not "missing" (reading it says what it is),
    where `os.path.exists` would answer False and pathlib's checks would raise."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):
        return False
    return False


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse_irregular(mode: int, name: str) -> None:
    if not stat.S_ISREG(mode):
        kind = _kind(mode)
        what = kind if kind.startswith("not") else f"{kind}, not a regular file"
        raise UnsafeFile(what, name)


def _too_large(size: int, cap: int, variable: str, name: str) -> UnsafeFile:
    return UnsafeFile(
        f"the file is {size:,} bytes; at most {cap:,} are read (set {variable}=<MiB> to raise it)",
        name,
    )


_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def read_regular(path: str | os.PathLike[str], variable: str = RECORD_LIMIT_VARIABLE) -> bytes:
    """The bytes of the regular file at `path`, at most the limit `variable` sets.

    Raises OSError: the open's own (no such file, permission denied, name too long…) or an
    UnsafeFile saying why the path was refused."""
    name = os.fspath(path)
    cap = limit(variable)
    before = os.stat(name)
    _refuse_irregular(before.st_mode, name)
    if before.st_size > cap:
        raise _too_large(before.st_size, cap, variable, name)
    fd = os.open(name, _FLAGS)
    try:
        opened = os.fstat(fd)
        _refuse_irregular(opened.st_mode, name)
        if (opened.st_dev, opened.st_ino) != (before.st_dev, before.st_ino):
            raise UnsafeFile("the file was replaced while it was being opened", name)
        parts: list[bytes] = []
        size = 0
        while size <= cap:
            part = os.read(fd, min(_CHUNK, cap + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
    finally:
        os.close(fd)
    if size > cap:
        raise _too_large(size, cap, variable, name)
    return b"".join(parts)


def open_regular(path: str | os.PathLike[str], variable: str = RECORD_LIMIT_VARIABLE) -> BinaryIO:
    """The regular file at `path` opened for reading in binary, checked as `read_regular`
    checks it (stat before, fstat after, non-blocking open, the size limit on what stat says);
    for reading a large file in parts."""
    name = os.fspath(path)
    cap = limit(variable)
    before = os.stat(name)
    _refuse_irregular(before.st_mode, name)
    if before.st_size > cap:
        raise _too_large(before.st_size, cap, variable, name)
    fd = os.open(name, _FLAGS)
    try:
        opened = os.fstat(fd)
        _refuse_irregular(opened.st_mode, name)
        if (opened.st_dev, opened.st_ino) != (before.st_dev, before.st_ino):
            raise UnsafeFile("the file was replaced while it was being opened", name)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
