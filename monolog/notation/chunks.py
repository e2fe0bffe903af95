"""A long record parsed a piece at a time, so its events are never all held at once.

`parse_pieces` gives the events of a record in pieces of about `LINES` lines, each piece the
events `parse_text` gives for those lines (comments and blank lines merged in, spans at the
record's own line numbers): the replay steps through one piece, lets it go, and takes the next.
A 1 MiB game of bare rolls holds 141,289 events (35 MiB) when parsed whole; a piece of 10,000
lines about 20,000 of them, and a 10 MB game no more.

A piece ends after a line break followed by a character that is not a blank: the grammar is a
sequence of lines and no token spans a line break outside the line breaks themselves (comments,
braces and quoted text end on their line), so the tokens, the events and their places are the
ones the whole parse gives (tests/test_chunks.py compares them on every record of the
repository and on fuzzed ones). Lark parses each piece in place, counting lines from the start
of the text. A record with any mistake is parsed again whole for its error, so every error
(its place, its caret, its words) is the one `parse_text` gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from . import events as ev
from .errors import ParseError, empty_error, nul_error
from .parser import parse_lines, parse_text

# lines per piece: a record of fewer than two pieces' worth is parsed whole
LINES = 10_000
_HEADER_START = ("[", ";")  # how the lines before the first played one start, if not blank

Pieces = Iterator[list[ev.Event]]


def parse_pieces(
    text: str, filename: str = "<record>", lines: int | None = None
) -> tuple[list[ev.Event], Pieces | None]:
    """The events of `text` as `parse_text` gives them: the first piece, holding every line up
    to the first played one (so the whole header), and the pieces after it, of about `lines`
    lines each, to be parsed as they are taken (None when the record is parsed whole: it is
    short, or a tag comes after its first played line). Raises ParseError as `parse_text` does,
    when the piece holding the mistake is reached. `lines` is `LINES` unless given (read at
    each call, so that a test can make the pieces small)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\0" in text:
        raise nul_error(filename, text)
    size = LINES if lines is None else lines
    pieces = _pieces(text, max(size, 1)) if _tags_first(text) else []
    if len(pieces) < 2:
        return parse_text(text, filename), None
    parsed = _parse(text, filename, pieces)
    first: list[ev.Event] = []
    for events in parsed:
        first += events
        if any(not isinstance(e, _NOT_PLAYED) for e in events):
            break
    if not any(not isinstance(e, ev.TRIVIA) for e in first):
        raise empty_error(filename)  # comments and blank lines only
    return first, parsed


_NOT_PLAYED = (*ev.TRIVIA, ev.Tag)


def then(
    first: Sequence[ev.Event], rest: Iterable[Sequence[ev.Event]]
) -> Iterator[Sequence[ev.Event]]:
    """`first`, then the pieces of `rest`, keeping none once given: `itertools.chain([first],
    rest)` keeps the first piece (the header and its 10,000 lines' events) to the end."""
    held = [first]
    del first
    while held:
        yield held.pop()
    yield from rest


def _parse(text: str, filename: str, pieces: list[tuple[int, int, int]]) -> Pieces:
    for before, start, end in pieces:
        try:
            events = parse_lines(text, filename, start, end)
        except ParseError:
            # the whole record gives the error, located and worded as it always is; should it
            # have none (the piece and the whole disagree: a bug), its events from here on
            whole = parse_text(text, filename)
            yield [e for e in whole if e.span.line > before]
            return
        if events:
            yield events
        del events  # the piece goes once the replay lets it go, before the next is parsed


def _tags_first(text: str) -> bool:
    """Whether no tag can come after the record's first played line: no `[` after it."""
    at = 0
    size = len(text)
    while at < size:
        end = text.find("\n", at)
        end = size if end < 0 else end + 1
        line = text[at:end].strip()
        if line and not line.startswith(_HEADER_START):
            return text.find("[", at) < 0
        at = end
    return True


def _pieces(text: str, lines: int) -> list[tuple[int, int, int]]:
    """(lines before it, first character, end) of each piece of about `lines` lines: each ends
    after a line break followed by a character that is not a blank or a line break, or at the
    end of the text."""
    pieces: list[tuple[int, int, int]] = []
    start = 0
    before = 0
    size = len(text)
    while start < size:
        end = start
        for _ in range(lines):
            end = text.find("\n", end) + 1
            if end == 0:
                end = size
                break
        while end < size and text[end].isspace():  # a blank line, or one starting with a blank
            end = text.find("\n", end) + 1
            if end == 0:
                end = size
        pieces.append((before, start, end))
        before += text.count("\n", start, end)
        start = end
    return pieces
