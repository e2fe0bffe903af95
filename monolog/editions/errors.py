"""Errors raised by the editions package."""

from __future__ import annotations

EXCERPT = 40  # characters of a value or key from a file that a message may quote


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A value from an edition file as a message may quote it: its repr (so on one line, with
    control characters escaped), cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain(text: object, limit: int = EXCERPT) -> str:
    """A name from an edition file shown without quotes when it is short, printable text;
    otherwise as `excerpt` shows it."""
    if isinstance(text, str) and text.isprintable() and len(text) <= limit:
        return text
    return excerpt(text, limit)


def listing(names: object, most: int = 8) -> str:
    """Names from an edition file (deck keys, say) for a message: each as `plain` shows it,
    at most `most` of them."""
    items = [plain(name) for name in list(names)[: most + 1]]  # type: ignore[call-overload]
    return ", ".join(items[:most]) + (", ..." if len(items) > most else "")


def shown_path(path: str, limit: int = EXCERPT) -> str:
    """A key path as a message shows it: each key from the file on one line, escaped, and cut
    to `limit` characters (`squares[3].price` is shown as it is)."""
    return ".".join(plain(part, limit) for part in path.split("."))


class EditionError(ValueError):
    """An edition file that cannot be used: unreadable, hostile, or not matching the schema.

    The message is one line naming the file (`file:line:col` where the value is written), the
    key path as written in that file (e.g. `squares[12].price`) and what was expected there;
    anything quoted from the file is escaped and cut short (`excerpt`).

    `related` gives, for a conflict between two values (a card id used twice, a group that
    lists a square of another group), the other value's key path and the message that says
    the same from its side: when the edition extends another, the loader reports whichever
    of the two the most derived file wrote.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str = "",
        path: str = "",
        related: dict[str, str] | None = None,
    ) -> None:
        self.file = file
        self.path = path
        self.detail = message
        self.related = dict(related or {})
        where = ": ".join(p for p in (file, shown_path(path)) if p)
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
