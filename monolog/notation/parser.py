"""Parse .mlog text into events.

One LALR parser with the contextual lexer, built once per process from the grammar file and
cached on disk by Lark, with the event transformer passed in so no parse tree is ever built.
Comments and blank lines are collected by lexer callbacks and merged into the event stream in
source order, so the formatter can give back everything the writer wrote.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, VisitError

from . import events as ev
from .errors import (
    ParseError,
    decode_error,
    describe_unexpected,
    empty_error,
    io_error,
    nul_error,
)
from .transformer import EventBuilder

_PACKAGE_GRAMMAR = Path(__file__).resolve().parent.parent / "grammar" / "monolog.lark"
_SOURCE_GRAMMAR = Path(__file__).resolve().parents[2] / "grammar" / "monolog.lark"


def grammar_path() -> Path:
    """The grammar file: inside the installed package, or in a source checkout."""
    for candidate in (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"monolog's grammar is missing: looked for {_PACKAGE_GRAMMAR} and {_SOURCE_GRAMMAR}"
    )


class _Trivia:
    """Collects the comments and blank lines of the parse in progress."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[ev.Event] = []

    def comment(self, tok: Token) -> Token:
        text = str(tok)
        span = ev.Span(tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0)
        if text.startswith(";"):
            self.items.append(ev.Comment(span, text[1:].strip(), False))
        else:
            self.items.append(ev.Comment(span, text[1:-1].strip(), True))
        return tok

    def newline(self, tok: Token) -> Token:
        text = str(tok)
        if text.count("\n") >= 2:
            line = (tok.line or 0) + 1
            self.items.append(ev.BlankLine(ev.Span(line, 1, line, 1)))
        return tok


_TRIVIA = _Trivia()
_PARSER: Lark | None = None


def _cache_path() -> str | bool:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "monolog")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return True  # Lark falls back to the system temporary folder
    return os.path.join(folder, "grammar-lalr.cache")


def get_parser() -> Lark:
    """The process-wide parser, built on first use."""
    global _PARSER
    if _PARSER is None:
        callbacks: dict[str, Callable[[Token], Token]] = {
            "COMMENT": _TRIVIA.comment,
            "BRACE_COMMENT": _TRIVIA.comment,
            "_NL": _TRIVIA.newline,
        }
        text = grammar_path().read_text(encoding="utf-8")
        try:
            _PARSER = Lark(
                text,
                parser="lalr",
                lexer="contextual",
                transformer=EventBuilder(),
                lexer_callbacks=callbacks,
                cache=_cache_path(),
                maybe_placeholders=False,
            )
        except OSError:
            _PARSER = Lark(
                text,
                parser="lalr",
                lexer="contextual",
                transformer=EventBuilder(),
                lexer_callbacks=callbacks,
                maybe_placeholders=False,
            )
    return _PARSER


def _merge(events: list[ev.Event], trivia: list[ev.Event]) -> list[ev.Event]:
    """Merge trivia into the event list by source position (both lists are in order)."""
    if not trivia:
        return events
    out: list[ev.Event] = []
    i = 0
    for t in trivia:
        key = (t.span.line, t.span.column)
        while i < len(events) and (events[i].span.line, events[i].span.column) < key:
            out.append(events[i])
            i += 1
        out.append(t)
    out.extend(events[i:])
    return out


def parse_text(text: str, filename: str = "<record>") -> list[ev.Event]:
    """Parse a whole record. Raises ParseError (with a finding) on any mistake."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\0" in text:
        raise nul_error(filename, text)
    parser = get_parser()
    _TRIVIA.items = []
    try:
        events: list[ev.Event] = parser.parse(text)  # type: ignore[assignment]
    except UnexpectedInput as exc:
        raise describe_unexpected(exc, text, filename) from None
    except (VisitError, RecursionError, ValueError, TypeError, IndexError) as exc:
        # a transformer callback failed: a bug in monolog, reported cleanly, not as a traceback
        raise ParseError.internal(filename, text, exc) from None
    finally:
        trivia, _TRIVIA.items = _TRIVIA.items, []
    if not events:  # nothing but comments and blank lines, or nothing at all
        raise empty_error(filename)
    return _merge(events, trivia)


def example_error(text: str) -> UnexpectedInput | None:
    """How the parser fails on a text (for matching errors against examples of mistakes)."""
    parser = get_parser()
    saved, _TRIVIA.items = _TRIVIA.items, []
    try:
        parser.parse(text)
    except UnexpectedInput as exc:
        return exc
    finally:
        _TRIVIA.items = saved
    return None


def read_source(path: str | os.PathLike[str]) -> str:
    """Read a record as UTF-8; a clean ParseError for anything unreadable."""
    name = os.fspath(path)
    try:
        data = Path(name).read_bytes()
    except OSError as exc:
        raise io_error(name, exc) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise decode_error(name, data, exc) from None


def parse_file(path: str | os.PathLike[str]) -> list[ev.Event]:
    """Read and parse a record file."""
    name = os.fspath(path)
    return parse_text(read_source(name), name)
