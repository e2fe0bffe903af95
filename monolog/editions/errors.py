"""Errors raised by the editions package."""

from __future__ import annotations


class EditionError(ValueError):
    """An edition file that cannot be used: unreadable, hostile, or not matching the schema.

    The message is one line naming the file, the key path (e.g. `squares[12].price`) and what
    was expected there.
    """

    def __init__(self, message: str, *, file: str = "", path: str = "") -> None:
        self.file = file
        self.path = path
        self.detail = message
        where = ": ".join(p for p in (file, path) if p)
        super().__init__(f"{where}: {message}" if where else message)


class ResolveError(LookupError):
    """A name in a record that names nothing, or more than one thing.

    `candidates` lists what an ambiguous name could mean (or close spellings for an unknown one).
    """

    def __init__(self, message: str, candidates: tuple[str, ...] | list[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.candidates = tuple(candidates)

    def __str__(self) -> str:
        return self.message
