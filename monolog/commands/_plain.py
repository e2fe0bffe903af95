"""Command helpers that import nothing heavy (no typer): exit codes, the files a command line
names, error lines on stderr. `_common` re-exports them for the commands."""

from __future__ import annotations

import glob
import re
import sys
from collections.abc import Iterable
from pathlib import Path

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNREADABLE = 2


def expand_paths(paths: Iterable[str], suffix: str = ".mlog") -> list[str]:
    """Files named on the command line; folders give the files with `suffix` below them.

    A name that does not exist but holds a glob pattern (`*`, `?`, `[…]`; `**` crosses folders)
    is expanded here, for shells that leave a quoted pattern alone: the files it matches, sorted,
    and the `suffix` files below the folders it matches. A pattern matching nothing is kept as
    given, so it is reported as unreadable like a missing file."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(_folder(p, suffix) or [p])  # an empty folder is reported as unreadable
        elif not path.exists() and _GLOB_MAGIC.search(p):
            found: list[str] = []
            for match in sorted(glob.glob(p, recursive=True)):
                if Path(match).is_dir():
                    found.extend(_folder(match, suffix))
                else:
                    found.append(match)
            out.extend(found or [p])
        else:
            out.append(p)
    return out


_GLOB_MAGIC = re.compile(r"[*?[]")


def _folder(folder: str, suffix: str) -> list[str]:
    return sorted(str(f) for f in Path(folder).rglob(f"*{suffix}") if f.is_file())


def print_error(text: str) -> None:
    """Errors go to stderr, uncoloured, so they read the same in a terminal and a log."""
    sys.stderr.write(text.rstrip("\n") + "\n")
