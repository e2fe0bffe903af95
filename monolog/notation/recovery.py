"""A record read past its mistakes: every line that cannot be read is reported and skipped.

`parse_text` stops at a record's first mistake. `parse_recovering` goes on: the line holding a
mistake is reported (the error `parse_text` gives for it, its place, caret and words, with a note
of what is skipped) and read only up to the mistake, when that part reads on its own (a turn,
its roll and the square reached: the game goes on from there and the rules fill in what the
rest of the line would have said), else left out whole; the record is read again from the next
line, so the rest of the game can be audited. The grammar is a sequence of lines, so reading can
start again at any line: the lines before the mistake are read on their own, then the lines
after it.

After `LIMIT` unreadable lines the rest of the record is not read: one more error says so, at
the line where reading stopped. A mistake that is not on a line (a NUL byte, an empty record, a
bug) is not recovered from: it is raised, as `parse_text` raises it.
"""

from __future__ import annotations

from dataclasses import replace

from . import events as ev
from .errors import ParseError, empty_error, nul_error
from .parser import parse_lines

__all__ = ["CUT", "LIMIT", "SKIPPED", "Recovered", "parse_recovering"]

# unreadable lines reported in one game before the rest of it is left unread
LIMIT = 50

# what a skipped line's error adds to its message
SKIPPED = "; the line is skipped, the rest of the game is audited"
# what it adds when the line is read up to the mistake: what comes before it on the line is kept
# (a turn, its roll and square), so the game goes on from it and the rules fill in the rest
CUT = "; the line is read up to here, the rest of it skipped, and the rest of the game audited"


class Recovered:
    """What a record gives when read past its mistakes: its events (without the skipped lines)
    and the errors, one per skipped line, in line order."""

    def __init__(self, events: list[ev.Event], errors: list[ParseError]) -> None:
        self.events = events
        self.errors = errors


def parse_recovering(text: str, filename: str = "<record>", limit: int = LIMIT) -> Recovered:
    """The events of `text` with every unreadable line left out, and an error for each (see the
    module's docstring). Raises ParseError for a mistake not on a line, and when no line of the
    record can be read at all."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\0" in text:
        raise nul_error(filename, text)
    errors: list[ParseError] = []
    events = _read(text, filename, 0, len(text), errors, max(limit, 1))
    errors.sort(key=lambda e: e.finding.span.line)
    if not errors:
        if all(isinstance(e, ev.TRIVIA) for e in events):
            raise empty_error(filename)
        return Recovered(events, [])
    if all(isinstance(e, ev.TRIVIA) for e in events):
        raise errors[0]  # nothing read: the record's first error, as parse_text gives it
    return Recovered(events, errors)


def _read(
    text: str, filename: str, start: int, end: int, errors: list[ParseError], limit: int
) -> list[ev.Event]:
    """The events of the text from `start` to `end` (both at a line's start, or the text's
    end), each unreadable line left out and its error added to `errors`."""
    out: list[ev.Event] = []
    while start < end:
        if len(errors) >= limit:
            errors.append(_stopped(text, filename, start, limit))
            return out
        try:
            out += parse_lines(text, filename, start, end)
            return out
        except ParseError as exc:
            at = _line_start(text, exc.finding.span.line)
            if at is None or not start <= at < end:
                raise  # not on a line of this part: nothing to skip
            if at > start:  # the lines before the mistake, read on their own
                out += _read(text, filename, start, at, errors, limit)
            kept = _before_the_mistake(text, filename, at, exc)
            errors.append(_skipped(exc, cut=bool(kept)))
            out += kept
            following = text.find("\n", at) + 1
            start = end if following == 0 else min(following, end)
    return out


def _before_the_mistake(text: str, filename: str, at: int, exc: ParseError) -> list[ev.Event]:
    """The events of the line starting at `at` up to its mistake (the turn, its roll and the
    square it reached, say), when that part reads on its own and holds a play; else none, and
    the whole line is skipped."""
    column = exc.finding.span.column
    if column <= 1:
        return []
    try:
        events = parse_lines(text, filename, at, at + column - 1)
    except ParseError:
        return []
    return events if any(not isinstance(e, ev.TRIVIA) for e in events) else []


def _line_start(text: str, line: int) -> int | None:
    """Where line `line` (counted from 1, as the parser counts) starts in `text`."""
    if line < 1:
        return None
    at = 0
    for _ in range(line - 1):
        at = text.find("\n", at) + 1
        if at == 0:
            return None
    return at


def _skipped(error: ParseError, cut: bool = False) -> ParseError:
    """The error of a line left out (`cut`: left out from the mistake on), saying so."""
    finding = error.finding
    words = CUT if cut else SKIPPED
    return ParseError(replace(finding, message=finding.message + words), error.source_line)


def _stopped(text: str, filename: str, start: int, limit: int) -> ParseError:
    """The error that ends the reading of a record with too many unreadable lines."""
    from ..findings.model import Finding, Severity

    line = text.count("\n", 0, start) + 1
    finding = Finding(
        "P126",
        Severity.ERROR,
        f"{limit} lines of this game cannot be read: the record is not read from here on",
        span=ev.Span(line, 1, line, 2),
        expected=["fewer unreadable lines: correct the ones reported and audit it again"],
        file=filename,
    )
    end = text.find("\n", start)
    return ParseError(finding, text[start : len(text) if end < 0 else end].rstrip("\r"))
