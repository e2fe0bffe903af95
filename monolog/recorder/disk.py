"""The record file on disk while it is kept: every change is whole or not made at all.

- A line is appended in one write and synced; a write that fails or is cut short (a full disk)
  is taken back out (the file is truncated to its size before it) and an error names the file.
- `undo` writes the new contents to a temporary file created exclusively in the record's folder
  (never through a link planted there), syncs it and renames it over the record.
- The record's real path is resolved once, when the file is opened, so a record that is a
  symbolic link is written through the link to its target, and the link stays a link.
- Before each change the file is compared with what this program last left there (size, inode,
  modification time). A file changed by someone else is not written to: the recording stops
  and says so, and nothing is merged.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from typing import NamedTuple

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class RecordFileError(Exception):
    """The record could not be changed as asked; the message names the file and why."""


class Stamp(NamedTuple):
    """What identifies the file's contents as this program last left them."""

    device: int
    inode: int
    size: int
    mtime_ns: int


def stamp_of(st: os.stat_result) -> Stamp:
    return Stamp(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


class RecordFile:
    """One record file: appended to and rewritten only as this program last left it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.shown = os.fspath(path)
        self.real = os.path.realpath(self.shown)  # once: a link is followed to its target
        self.stamp = self.current()

    def current(self) -> Stamp | None:
        """The file's stamp now; None when nothing is there."""
        try:
            return stamp_of(os.stat(self.real))
        except FileNotFoundError:
            return None

    def check(self) -> None:
        """Raise when the file is not as this program last left it."""
        now = self.current()
        if now != self.stamp:
            raise RecordFileError(self._changed(now))

    def _changed(self, now: Stamp | None) -> str:
        was = self.stamp
        if now is None:
            what = "it is gone"
        elif was is None:
            what = "it was created"
        elif (now.device, now.inode) != (was.device, was.inode):
            what = "it was replaced by another file"
        elif now.size != was.size:
            what = f"its size went from {was.size} to {now.size} bytes"
        else:
            what = "it was written to"
        return (
            f"{self.shown}: the record was changed by something else while it was being kept "
            f"({what}); nothing more is written to it and nothing is merged. Look at the file, "
            "then run `monolog record` on it again to carry on from what it holds."
        )

    def append(self, data: bytes, line: int) -> None:
        """Append `data` (whole lines) in one write, synced; on failure the file is as before."""
        self.check()
        flags = os.O_WRONLY | os.O_APPEND | _NOFOLLOW | _CLOEXEC
        if self.stamp is None:
            flags |= os.O_CREAT | os.O_EXCL  # a file or link put there meanwhile is refused
        try:
            fd = os.open(self.real, flags, 0o666)
        except OSError as exc:
            raise RecordFileError(self._failed(line, exc, kept=True)) from None
        try:
            opened = stamp_of(os.fstat(fd))
            if self.stamp is not None and opened != self.stamp:
                raise RecordFileError(self._changed(opened))
            try:
                written = os.write(fd, data)
                if written != len(data):
                    raise OSError(
                        errno.ENOSPC,
                        f"only {written} of its {len(data)} bytes went in: the disk may be full",
                    )
                os.fsync(fd)
            except OSError as exc:
                kept = _truncate(fd, opened.size)
                if self.stamp is None and kept:  # the file this call made: gone again
                    _unlink(self.real)
                raise RecordFileError(self._failed(line, exc, kept)) from None
            self.stamp = stamp_of(os.fstat(fd))
        finally:
            os.close(fd)

    def rewrite(self, data: bytes) -> None:
        """Replace the file's contents with `data`, through an exclusive temporary file."""
        self.check()
        folder, name = os.path.split(self.real)
        mode = stat.S_IMODE(os.stat(self.real).st_mode) if self.stamp is not None else 0o666
        fd, tmp = _exclusive(folder, name, mode)
        try:
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
                written = stamp_of(os.fstat(fd))
            finally:
                os.close(fd)
            self.check()  # the last moment before the rename
            os.replace(tmp, self.real)
        except OSError as exc:
            _unlink(tmp)
            raise RecordFileError(
                f"{self.shown}: the line could not be taken back ({_reason(exc)}); "
                "the record is as it was and recording stops here"
            ) from None
        except RecordFileError:
            _unlink(tmp)
            raise
        _sync_folder(folder)
        self.stamp = written

    def _failed(self, line: int, exc: OSError, kept: bool) -> str:
        state = (
            "the file is as it was before it"
            if kept
            else "part of it may be left at the end of the file: take it out before carrying on"
        )
        return (
            f"{self.shown}: line {line} could not be written ({_reason(exc)}); {state}. "
            "Recording stops here: make room or fix the cause, then run `monolog record` again."
        )


def _truncate(fd: int, size: int) -> bool:
    """Cut the file back to `size`; whether that worked."""
    try:
        os.ftruncate(fd, size)
        os.fsync(fd)
    except OSError:
        return False
    return True


def _exclusive(folder: str, name: str, mode: int) -> tuple[int, str]:
    """A new temporary file beside the record, created by this call and no one else."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    for _ in range(100):
        tmp = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.undo")
        try:
            return os.open(tmp, flags, mode), tmp
        except FileExistsError:
            continue
        except OSError as exc:
            raise RecordFileError(
                f"{os.path.join(folder, name)}: no temporary file can be made beside the record "
                f"({_reason(exc)}); the record is as it was"
            ) from None
    raise RecordFileError(f"{os.path.join(folder, name)}: no free name for a temporary file")


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _sync_folder(folder: str) -> None:
    """Put the rename itself on disk (where the system allows a folder to be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
