"""What every command line needs: exit codes, the files it names, error lines on stderr (also
for the report commands' helpers in monolog/reports). `_common` re-exports them for the
commands, beside the options they share."""

from __future__ import annotations

import fnmatch
import glob
import os
import sys
from collections.abc import Iterable
from pathlib import Path

from ..files import glob_like
from ..visible import visible_lines

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_UNREADABLE = 2

# what a folder named to a command that reads records gives: records and event streams
RECORD_SUFFIXES = (".mlog", ".jsonl")


def expand_paths(paths: Iterable[str], suffix: str | tuple[str, ...] = ".mlog") -> list[str]:
    """Files named on the command line; folders give the files with `suffix` (or one of the
    suffixes) below them. `audit`, `fmt`, `parse` and `standings` expand their records here,
    `check` its scenario files (monolog/scenarios/suite.py).

    A name that does not exist but holds a glob pattern (`*`, `?`, `[…]`; `**` crosses folders)
    is expanded here, for shells that leave a quoted pattern alone: the files it matches, sorted,
    and the `suffix` files below the folders it matches. A pattern matching nothing is kept as
    given, so it is reported as unreadable like a missing file.

    The checks never raise: a name too long for the system, a folder that cannot be searched
    or a NUL byte is passed on as it is, to be reported as unreadable while the other files are
    audited. Symbolic links to folders are not followed below the folders named (a link back up
    the tree would make the walk endless); a folder named directly may itself be a link.
    """
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):  # os.path's checks answer False where pathlib's would raise
            out.extend(_folder(p, suffix) or [p])  # an empty folder is reported as unreadable
        elif not os.path.lexists(p) and glob_like(p):
            found: list[str] = []
            for match in sorted(_glob(p)):
                if os.path.isdir(match):
                    found.extend(_folder(match, suffix))
                else:
                    found.append(match)
            out.extend(list(dict.fromkeys(found)) or [p])
        else:
            out.append(p)
    return out


def _glob(pattern: str) -> list[str]:
    """What `glob.glob(pattern, recursive=True)` matches, except that `**` does not descend into
    symbolic links to folders (glob's own `**` does, and never ends on a link cycle)."""
    if "**" not in pattern:
        return glob.glob(pattern)
    parts = pattern.replace(os.sep, "/").split("/")
    fixed = 0
    while fixed < len(parts) and not glob_like(parts[fixed]):
        fixed += 1
    base = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else "")
    wanted = [part for part in parts[fixed:] if part]
    found: list[str] = []
    for folder, dirs, files in os.walk(base or ".", followlinks=False):
        relative = os.path.relpath(folder, base or ".")
        prefix = [] if relative == "." else relative.split(os.sep)
        for name in (*dirs, *files):
            if name in dirs and os.path.islink(os.path.join(folder, name)):
                continue  # a link to a folder: neither searched nor matched
            if _matches(wanted, [*prefix, name]):
                found.append(os.path.join(folder, name) if base else os.path.join(*prefix, name))
        dirs[:] = [d for d in dirs if not d.startswith(".")]
    return found


def _matches(pattern: list[str], parts: list[str]) -> bool:
    """`parts` (a path split into names) matches `pattern` (split the same way, `**` standing
    for any number of folders); a wildcard does not match a hidden name, as in glob."""
    if not pattern:
        return not parts
    head = pattern[0]
    if head == "**":
        if _matches(pattern[1:], parts):
            return True
        return bool(parts) and not parts[0].startswith(".") and _matches(pattern, parts[1:])
    if not parts or (parts[0].startswith(".") and not head.startswith(".")):
        return False
    return fnmatch.fnmatchcase(parts[0], head) and _matches(pattern[1:], parts[1:])


def _folder(folder: str, suffix: str | tuple[str, ...]) -> list[str]:
    """The `suffix` files below `folder`, without following links to folders below it."""
    found: list[str] = []
    for below, _dirs, files in os.walk(folder, followlinks=False):
        found.extend(str(Path(below, f)) for f in files if f.endswith(suffix))
    return sorted(f for f in found if os.path.isfile(f))


def print_error(text: str) -> None:
    """Errors go to stderr, uncoloured, so they read the same in a terminal and a log; what
    they quote from a record (a player's name, say) is shown escaped (monolog/visible.py)."""
    sys.stderr.write(visible_lines(text.rstrip("\n")) + "\n")
