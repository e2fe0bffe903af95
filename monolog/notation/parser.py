"""Parse .mlog text into events.

Lark's LALR parser (monolog/notation/grammar.py) turns the text straight into events through
the event builder; comments and blank lines, collected by its lexer callbacks, are merged into
the event stream in source order, so the formatter can give back everything the writer wrote.
Any mistake becomes a located error (monolog/notation/errors.py), described from the
exceptions of Lark's own lexer and parser: a record the faster lexer cannot read is read again
by them.
"""

from __future__ import annotations

import gc
import os
from bisect import bisect_left

from lark import TextSlice
from lark.exceptions import UnexpectedInput

from ..files import read_regular
from ..findings.model import Finding, Severity
from . import events as ev
from .errors import (
    ParseError,
    decode_error,
    describe_unexpected,
    empty_error,
    io_error,
    nul_error,
)
from .fastpath import LineReader
from .grammar import TRIVIA, get_parser, grammar_path, record_parser
from .lexer import StateLexer

__all__ = [
    "ParseError",
    "get_parser",
    "grammar_path",
    "parse_file",
    "parse_lines",
    "parse_text",
    "read_source",
]


def _position(event: ev.Event) -> tuple[int, int]:
    span = event.span
    return span.line, span.column


def _merge(events: list[ev.Event], trivia: list[ev.Event]) -> list[ev.Event]:
    """Merge trivia into the event list by source position (both lists are in order).

    Trivia are few, so each finds its place by binary search and the events between are
    copied a slice at a time."""
    if not trivia:
        return events
    out: list[ev.Event] = []
    i = 0
    for t in trivia:
        j = bisect_left(events, (t.span.line, t.span.column), lo=i, key=_position)
        out += events[i:j]
        out.append(t)
        i = j
    out += events[i:]
    return out


def parse_text(text: str, filename: str = "<record>") -> list[ev.Event]:
    """Parse a whole record. Raises ParseError (with a finding) on any mistake."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\0" in text:
        raise nul_error(filename, text)
    events = parse_lines(text, filename)
    if all(isinstance(e, ev.TRIVIA) for e in events):  # comments and blank lines, or nothing
        raise empty_error(filename)
    return events


def parse_lines(
    text: str, filename: str = "<record>", start: int = 0, end: int | None = None
) -> list[ev.Event]:
    """The events of the lines of `text` from character `start` (a line's first) to `end`
    (none when they hold only comments and blank lines), at the text's own line numbers;
    `parse_text` is this on a whole record, with a record's own checks (a byte-order mark, a
    NUL, no event)."""
    # Lark reads a part of the text in place (its public TextSlice), numbering lines from the
    # text's start: no copy, and no line numbers to move afterwards
    source = (
        text
        if start == 0 and end is None
        else TextSlice(text, start, len(text) if end is None else end)
    )
    # A parse makes many small objects and no reference cycles: the cyclic collector would
    # only walk them again and again as they pile up (it cost ~40% of the time), so it waits.
    collecting = gc.isenabled()
    gc.disable()
    try:
        try:
            events, trivia = _read(text, start, len(text) if end is None else end)
        except Exception:
            # a mistake (or a bug): Lark's own lexer and parser read the record again, so
            # that what is reported is what their exceptions say
            TRIVIA.items = []
            events = get_parser().parse(source)  # type: ignore[assignment]
            trivia = TRIVIA.items
    except UnexpectedInput as exc:
        raise _describe(exc, text, filename) from None
    except Exception as exc:
        # a callback failed: a bug in monolog, reported cleanly, not as a traceback
        raise ParseError.internal(filename, text, exc) from None
    finally:
        TRIVIA.items = []
        if collecting:
            gc.enable()
    return _merge(events, trivia)


_READER: LineReader | None = None


def _read(text: str, start: int, end: int) -> tuple[list[ev.Event], list[ev.Event]]:
    """The events and the trivia of the text from `start` to `end`: the common lines read by
    the line reader (monolog/notation/fastpath.py), the others a run at a time by Lark's
    parser with monolog's lexer, in place. Raises whatever either raises."""
    global _READER
    parser = record_parser()
    if _READER is None:
        _READER = LineReader(StateLexer(parser.lexer_conf))
    events: list[ev.Event] = []
    trivia: list[ev.Event] = []
    for item in _READER.read(text, start, end):
        if item.__class__ is tuple:
            TRIVIA.items = []
            events += parser.parse(TextSlice(text, item[0], item[1]))  # type: ignore[arg-type]
            trivia += TRIVIA.items
        else:
            events += item[0]
            trivia += item[1]
    return events, trivia


def _describe(exc: UnexpectedInput, text: str, filename: str) -> ParseError:
    """The located error for Lark's exception; should describing it fail (a bug), still a
    located error, with the generic code."""
    try:
        return describe_unexpected(exc, text, filename)
    except Exception:
        line = getattr(exc, "line", 0) or 1
        column = getattr(exc, "column", 0) or 1
        finding = Finding(
            "P101",
            Severity.ERROR,
            "the record cannot be read from here on",
            span=ev.Span(line, column, line, column + 1),
            file=filename,
        )
        lines = text.split("\n")
        return ParseError(finding, lines[line - 1] if line <= len(lines) else "")


def read_source(path: str | os.PathLike[str]) -> str:
    """Read a record as UTF-8; a clean ParseError for anything unreadable (a FIFO, a device or a
    file over the size limit is refused unread: see monolog/files.py)."""
    name = os.fspath(path)
    try:
        data = read_regular(name)
    except OSError as exc:
        raise io_error(name, exc) from None
    except ValueError:  # a NUL byte in the name
        raise io_error(name, OSError(None, "the name holds a NUL byte", name)) from None
    return decode_source(data, name)


def decode_source(data: bytes, name: str) -> str:
    """A record's bytes as text; a ParseError (P002) naming `name` when they are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise decode_error(name, data, exc) from None


def parse_file(path: str | os.PathLike[str]) -> list[ev.Event]:
    """Read and parse a record file."""
    name = os.fspath(path)
    return parse_text(read_source(name), name)
