"""The edition files of the MONOLOG_EDITIONS folders, read once where a run starts, so that an
audit elsewhere (a worker of a cluster, on another machine or in another folder, with another
environment) finds the editions a record's Edition tag names as that process would have.

`read_folders` reads, below each folder the variable lists, every `.yaml` or `.yml` file that
lies inside it once links are resolved (the files a tag, or an `extends:` of a tagged edition,
may name there); `carrying` makes the loader (monolog/editions/loader.py) look in what was read
instead of in the environment and the file system, for as long as one audit runs. A folder
holding more than `MOST_ENTRIES` entries or `MOST_BYTES` of edition files is refused: the whole
of it would go to every worker."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from ..files import EDITION_LIMIT_VARIABLE, read_regular

# entries looked at below the folders at most (a folder of editions holds a handful)
MOST_ENTRIES = 10_000
# bytes of edition files read at most (an edition is about 20 KiB)
MOST_BYTES = 64 << 20
SUFFIXES = (".yaml", ".yml")


class TooMuch(ValueError):
    """A folder too large to be sent whole; the message names it and says why."""


@dataclass(frozen=True)
class ReadFile:
    """One edition file as it was read: its real path, and its bytes or why it could not be
    read (the loader's words)."""

    real: str
    data: bytes | None
    error: str | None


@dataclass
class Folders:
    """The folders (real paths, in the variable's order) and their edition files, by the path
    a name inside a folder spells (links not resolved) and by real path."""

    folders: tuple[str, ...] = ()
    named: dict[str, ReadFile] = field(default_factory=dict)
    real: dict[str, ReadFile] = field(default_factory=dict)

    def inside(self, folder: str, name: str) -> str | None:
        """The real path of the edition file `name` names inside `folder`, if one was read."""
        candidate = os.path.normpath(os.path.join(folder, name))
        if os.path.commonpath([folder, candidate]) != folder:
            return None
        found = self.named.get(candidate) or self.real.get(candidate)
        return found.real if found is not None else None

    def resolved(self, path: str) -> str | None:
        """The real path of `path` (a file of these folders), else None."""
        found = self.named.get(os.path.normpath(path)) or self.real.get(path)
        return found.real if found is not None else None


_ACTIVE: ContextVar[Folders | None] = ContextVar("carried_edition_folders", default=None)


def active() -> Folders | None:
    """The folders an audit in this context looks in instead of the environment's, if any."""
    return _ACTIVE.get()


@contextlib.contextmanager
def carrying(folders: Folders | None) -> Iterator[None]:
    """The loader looks in `folders` (None: in the environment, as usual) while this lasts."""
    token = _ACTIVE.set(folders)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def read_edition_file(path: str) -> tuple[bytes | None, str | None]:
    """An edition file's bytes, or why it cannot be read, in the loader's words."""
    try:
        return read_regular(path, EDITION_LIMIT_VARIABLE), None
    except OSError as exc:
        return None, f"cannot read: {exc.strerror or exc}"
    except ValueError:
        return None, "cannot read: the name holds a NUL byte"


def read_folders(listed: list[str]) -> Folders:
    """The edition files below each folder of `listed` (relative ones taken from here);
    raises TooMuch for folders too large to send."""
    out = Folders(tuple(os.path.realpath(folder) for folder in listed))
    budget = _Budget(MOST_ENTRIES, MOST_BYTES)
    for base in dict.fromkeys(out.folders):  # a folder listed twice is read once
        _walk(base, out, budget)
    return out


@dataclass
class _Budget:
    """What is left to look at and to read before the folders are too large to send."""

    entries: int
    size: int

    def entry(self, base: str) -> None:
        self.entries -= 1
        if self.entries < 0:
            raise TooMuch(f"{base}: more than {MOST_ENTRIES:,} entries below it")

    def read(self, base: str, data: bytes | None) -> None:
        self.size -= len(data or b"")
        if self.size < 0:
            raise TooMuch(f"{base}: more than {MOST_BYTES >> 20} MiB of edition files")


def _walk(base: str, out: Folders, budget: _Budget) -> None:
    """The edition files below `base` added to `out`, links followed while they stay inside
    (a link back to a folder above is not followed again)."""
    stack: list[tuple[str, tuple[str, ...]]] = [(base, (base,))]
    while stack:
        folder, above = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            budget.entry(base)
            real = os.path.realpath(entry.path)
            if os.path.commonpath([base, real]) != base:
                continue
            if entry.name.lower().endswith(SUFFIXES) and _exists(real):
                _add(entry.path, real, out, budget, base)
            with contextlib.suppress(OSError):
                if entry.is_dir() and real not in above:
                    stack.append((entry.path, (*above, real)))


def _exists(path: str) -> bool:
    """Whether something is at `path` (a link that leads nowhere is as if absent)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _add(path: str, real: str, out: Folders, budget: _Budget, base: str) -> None:
    """The file at `path` (`real` once links are resolved) added to `out`, read once."""
    found = out.real.get(real)
    if found is None:
        data, error = read_edition_file(real)
        budget.read(base, data)
        found = out.real[real] = ReadFile(real, data, error)
    out.named[path] = found
