"""The notation's grammar, made into Lark's LALR parser with the event builder inline.

One parser per process, built on first use from `grammar/monolog.lark` with Lark's public API:
the LALR algorithm, the contextual lexer, and the event builder as its transformer, so no parse
tree is ever built. Comments and blank lines are collected by lexer callbacks (`Trivia`) and
merged into the events by the parser module.

Nothing is cached between processes: building the parser takes about a tenth of a second, which
a one-game audit can afford (benchmarks/README.md), and Lark's own cache is a pickle.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

from . import events as ev
from .transformer import EventBuilder

__all__ = ["TRIVIA", "Trivia", "example_error", "get_parser", "grammar_path"]

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


class Trivia:
    """Collects the comments and blank lines of the parse in progress (Lark's lexer hands
    them over through its callbacks)."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[ev.Event] = []

    def comment(self, tok: Token) -> Token:
        text = str(tok)
        span = ev.Span(tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0)
        # the text is kept as written (only trailing blanks of a `;` comment are dropped), so
        # the formatter gives back aligned columns and spacing exactly
        if text.startswith(";"):
            self.items.append(ev.Comment(span, text[1:].rstrip(), False))
        else:
            self.items.append(ev.Comment(span, text[1:-1], True))
        return tok

    def newline(self, tok: Token) -> Token:
        text = str(tok)
        if text.count("\n") >= 2:
            line = (tok.line or 0) + 1
            self.items.append(ev.BlankLine(ev.Span(line, 1, line, 1)))
        return tok


TRIVIA = Trivia()
_PARSER: Lark | None = None


def get_parser() -> Lark:
    """The process-wide parser, built on first use."""
    global _PARSER
    if _PARSER is None:
        callbacks: dict[str, Callable[[Token], Any]] = {
            "COMMENT": TRIVIA.comment,
            "BRACE_COMMENT": TRIVIA.comment,
            "_NL": TRIVIA.newline,
        }
        _PARSER = Lark(
            grammar_path().read_text(encoding="utf-8"),
            parser="lalr",
            lexer="contextual",
            transformer=EventBuilder(),
            lexer_callbacks=callbacks,
            maybe_placeholders=False,
        )
    return _PARSER


def example_error(text: str) -> UnexpectedInput | None:
    """How the parser fails on a text (for matching errors against examples of mistakes)."""
    parser = get_parser()
    saved, TRIVIA.items = TRIVIA.items, []
    try:
        parser.parse(text)
    except UnexpectedInput as exc:
        return exc
    except Exception:  # an example that breaks a callback matches nothing
        return None
    finally:
        TRIVIA.items = saved
    return None
