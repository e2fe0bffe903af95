"""Helpers shared by the commands: reading records and reporting parse errors."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNREADABLE = 2


def expand_paths(paths: Iterable[str], suffix: str = ".mlog") -> list[str]:
    """Files named on the command line; folders give the files with `suffix` below them."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(str(f) for f in path.rglob(f"*{suffix}") if f.is_file())
            out.extend(found or [p])  # an empty folder is reported as unreadable
        else:
            out.append(p)
    return out


def print_error(text: str) -> None:
    """Errors go to stderr, uncoloured, so they read the same in a terminal and a log."""
    sys.stderr.write(text.rstrip("\n") + "\n")
