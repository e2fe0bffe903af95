"""Errors raised by the editions package, and how their messages quote an edition file.

An edition file may be anything a user (or a record's Edition tag) names, a copy of a system
file included, so a message about one never shows more of its content than a short, escaped
excerpt of one YAML line (`excerpt`): never a newline, never a control character, never more
than EXCERPT_CHARS characters of a value. A plain or quoted scalar written over several lines is
folded into one value by YAML; its excerpt is taken from its first line as written (the
loader notes those lines: `FirstLines`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

EXCERPT_CHARS = 24

# a value folded from several lines of the file -> its first line as written
FirstLines = Mapping[str, str]


def excerpt(value: Any, first_lines: FirstLines | None = None) -> str:
    """A value read from an edition file as a message quotes it: `'Park Place'`, cut to
    EXCERPT_CHARS characters of its first line (`'root:x:0:0:root:/root:/b'...` when cut),
    escaped as Python escapes a string; a mapping, a list or nothing in words."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int):
        if value.bit_length() > 64:  # also: str() refuses ints of over 4,300 digits
            return "a whole number too large to show"
        return str(value)
    if isinstance(value, str):
        folded = first_lines.get(value) if first_lines else None
        lines = (value if folded is None else folded).splitlines() or [""]
        first = lines[0]
        cut = len(first) > EXCERPT_CHARS or len(lines) > 1 or folded is not None
        return repr(first[:EXCERPT_CHARS]) + ("..." if cut else "")
    text = repr(value)  # a float, a date, bytes, a set…: escaped by repr
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "..."


def shown_path(path: str) -> str:
    """A key path as a message shows it: it holds the file's keys, so each is escaped onto one
    line and cut to EXCERPT_CHARS characters (`squares[3].price` is shown as it is)."""
    return ".".join(_key(part) for part in path.split("."))


def _key(part: str) -> str:
    """One key of a key path: as written when it is short, printable text; otherwise quoted as
    Python quotes a string (a newline as a backslash and n), cut to EXCERPT_CHARS characters."""
    if part.isprintable() and len(part) <= EXCERPT_CHARS:
        return part
    text = repr(part)
    return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + "..."


def fold_path(path: str, first_lines: FirstLines | None) -> str:
    """A key path with each key folded from several lines of the file shown as its first line
    as written, cut (`...`)."""
    for folded, first in (first_lines or {}).items():
        if folded in path:
            path = path.replace(folded, first + "...")
    return path


_LONG_QUOTE = re.compile(rf"'((?:[^'\\\n]|\\.){{{EXCERPT_CHARS + 1},}})'")


def short_quotes(text: str) -> str:
    """A YAML reader's message with each long quoted piece of the file it holds (a tag, an
    anchor) cut as `excerpt` cuts a value; on one line, escaped."""
    text = _one_line(text)
    return _LONG_QUOTE.sub(lambda m: "'" + m[1][:EXCERPT_CHARS] + "'...", text)


def _one_line(text: str, limit: int | None = None) -> str:
    """`text` with no newline or control character (escaped as Python escapes them), cut to
    `limit` characters."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


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
        shown = shown_path(path)
        where = ": ".join(p for p in (_one_line(file), shown) if p)
        text = _one_line(message)
        super().__init__(f"{where}: {text}" if where else text)


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
