"""monolog's cache folder: what one process builds and the next can reuse.

`$XDG_CACHE_HOME/monolog` (else `~/.cache/monolog`). A file is written whole to a name of its
own and renamed into place, so a reader never meets half a file, and it starts with the SHA-256
of the rest, so a damaged one is never used. Nothing here is needed: a folder that cannot be
made or written, or a file that is missing or damaged, only means the thing is built again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path


def folder() -> Path | None:
    """The cache folder (made if need be), or None where it cannot be made."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(base, "monolog")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return None
    return Path(path)


def read(name: str) -> bytes | None:
    """What `write` kept under `name`, or None (no folder, no such file, or a damaged one)."""
    where = folder()
    if where is None:
        return None
    try:
        raw = (where / name).read_bytes()
    except OSError:
        return None
    digest, payload = raw[:32], raw[32:]
    if hashlib.sha256(payload).digest() != digest:  # cut short or damaged
        return None
    return payload


def write(name: str, payload: bytes) -> None:
    """Keep `payload` under `name` for the next process; nothing happens where the folder cannot
    be written."""
    where = folder()
    if where is None:
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=name, suffix=".tmp", dir=where)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(hashlib.sha256(payload).digest())
                out.write(payload)
            os.replace(tmp, where / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        return


def key(*parts: bytes) -> str:
    """A short name for what a cached thing depends on (each part length-prefixed)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()[:32]
