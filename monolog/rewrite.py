"""Rewriting a file in place without losing anything: what `monolog fmt --write` does.

- What was read is pinned (`Pinned`): whether the name was a symbolic link, the real path, the
  file's device, inode, size, modification time and mode.
- The new text goes to a temporary file beside the real file (same folder, same mode, and the
  same owner and group where this process may give them: root always can), flushed
  to disk. Just before it is renamed over the original, the name is checked again and the file
  read again: if anything changed (lines appended while formatting, the file replaced, a link
  put in its place or pointed elsewhere) nothing is replaced and the temporary file is removed.
  The rename replaces the directory entry, so it never writes through a link that appeared.
- A read-only file is refused unless forced.
- The temporary file is removed on any error and on SIGTERM; one left by a run that was killed
  outright (SIGKILL, a power cut) is removed by the next rewrite of the same file once it is
  older than `STALE_SECONDS`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType

from .files import read_regular

TEMP_SUFFIX = ".monolog-tmp"
STALE_SECONDS = 600  # a temporary file older than this is a killed run's, never a live one's


class NotRewritten(Exception):
    """The file was left as it is; the message says why."""


@dataclass(frozen=True)
class Pinned:
    """A file as it was when it was read."""

    linked: bool
    real: str
    device: int
    inode: int
    size: int
    mtime_ns: int
    mode: int
    uid: int = -1
    gid: int = -1


def pin(name: str) -> Pinned:
    """The state of the file `name` names, now (OSError if it cannot be looked at)."""
    linked = stat.S_ISLNK(os.lstat(name).st_mode)
    real = os.path.realpath(name)
    st = os.stat(real)
    return Pinned(
        linked,
        real,
        st.st_dev,
        st.st_ino,
        st.st_size,
        st.st_mtime_ns,
        stat.S_IMODE(st.st_mode),
        st.st_uid,
        st.st_gid,
    )


def _stale(folder: str, base: str) -> Iterator[str]:
    prefix = f".{base}."
    now = time.time()
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    info = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS:
                        yield entry.path


@contextlib.contextmanager
def _terminated_cleanly() -> Iterator[None]:
    """SIGTERM raises SystemExit while the block runs (in the main thread), so the temporary
    file is removed by the handler that removes it on any error."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except (ValueError, AttributeError):  # not the main thread, or no SIGTERM
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def rewrite(name: str, data: bytes, read: bytes, pinned: Pinned, force: bool = False) -> None:
    """Replace the content of the file `name` (pinned when `read` was read from it) by `data`.

    Raises NotRewritten when the file is read-only (and not `force`) or changed since it was
    read, OSError when it cannot be written."""
    if not force and not pinned.mode & stat.S_IWUSR:
        raise NotRewritten("the file is read-only (use --force to rewrite it anyway)")
    target = pinned.real
    folder = os.path.dirname(target) or "."
    base = os.path.basename(target)
    for old in _stale(folder, base):
        with contextlib.suppress(OSError):
            os.unlink(old)
    with _terminated_cleanly():
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{base}.", suffix=TEMP_SUFFIX)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, pinned.mode)
            _same_owner(tmp, pinned)
            _unchanged(name, read, pinned)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the OS allows
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _same_owner(tmp: str, pinned: Pinned) -> None:
    """Give the new file the old one's owner and group: a root run of `fmt --write` on a
    user's file made it root's. Where this process may not (a user who is not in the group),
    the new file stays this process's, as any file it writes would."""
    if pinned.uid < 0:
        return
    st = os.stat(tmp)
    if (st.st_uid, st.st_gid) == (pinned.uid, pinned.gid):
        return
    with contextlib.suppress(PermissionError):
        os.chown(tmp, pinned.uid, pinned.gid)


def _unchanged(name: str, read: bytes, pinned: Pinned) -> None:
    try:
        now = pin(name)
        again = read_regular(pinned.real)
    except OSError as exc:
        raise NotRewritten(f"the file changed while it was formatted ({exc.strerror})") from None
    if now.linked != pinned.linked:
        raise NotRewritten("the name was replaced by a symbolic link while it was formatted")
    if now != pinned or again != read:
        raise NotRewritten(
            "the file changed while it was formatted; it was left as it is (run fmt again)"
        )
