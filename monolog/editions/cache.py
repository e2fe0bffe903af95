"""Shipped editions and readings kept between processes.

Reading an edition from its YAML and checking it costs several milliseconds, more than a short
record takes to audit; what it gives is always the same for the same files. It is pickled into
monolog's cache folder (monolog/cachedir.py) under a name made from every data file shipped
with the editions, every module of this package, monolog's version and Python's (whose
`dataclasses` makes the classes kept here and their pickled state), so that a change to any of
them builds afresh. Only files this process wrote there are read back; a missing, damaged or
unpicklable one only means the YAML is read again.
"""

from __future__ import annotations

import contextlib
import pickle
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

from .. import __version__, cachedir

T = TypeVar("T")

_HERE = Path(__file__).resolve().parent


@cache
def _key() -> str | None:
    """What every shipped thing depends on; None where the package's files cannot be read."""
    try:
        files = [
            *sorted(_HERE.glob("*.py")),
            *sorted((_HERE / "data").glob("*.yaml")),
        ]
        parts = [f"{f.name}\n".encode() + f.read_bytes() for f in files]
    except OSError:
        return None
    return cachedir.key(*parts, __version__.encode(), sys.version.encode())


def shipped(name: str, build: Callable[[], T]) -> T:
    """`build()`, or what it gave the last time for the same shipped files."""
    key = _key()
    if key is None:
        return build()
    file = f"{name}-{key}.pickle"
    payload = cachedir.read(file)
    if payload is not None:
        try:
            return pickle.loads(payload)  # type: ignore[no-any-return]
        except Exception:  # written by this process's code, so only damage gets here
            pass
    value = build()
    with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError, RecursionError):
        cachedir.write(file, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value
