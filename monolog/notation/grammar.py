"""The notation's grammar, made into Lark's LALR parser with the event builder inline.

Two parsers per process, each made on first use from `grammar/monolog.lark` with Lark's public
API: the LALR algorithm and the event builder as its transformer, so no parse tree is ever
built. Records are read by the one with monolog's lexer (`record_parser`: Lark's contextual
lexer doing less work per token, monolog/notation/lexer.py); the one with Lark's contextual
lexer (`get_parser`) reads a record again only to describe a mistake, from Lark's exceptions.
Comments and blank lines are collected by lexer callbacks (`Trivia`) and merged into the events
by the parser module.

Lark's LALR analysis of the grammar takes ~60 ms in every process, as much as a one-game audit
spends on everything else of the notation, and more than the start-up limit leaves for it (a
one-game audit within 4x importing typer and rich, benchmarks/run.py). So the analysed parser
ships beside the grammar as plain data (`grammar/monolog.lalr`: Lark's `memo_serialize` of the
parser, written with `marshal`, which holds only dicts, lists, tuples, strings and numbers;
loading it takes ~7 ms). It is read only from the package itself, never from a folder other
programs write, and only when it was written from the same grammar text by the same Lark
version; otherwise (or if it cannot be read at all) the parser is built from the grammar as
before. Lark's own cache is a pickle, so it is not used. After changing the grammar, write the
tables again:

    python -m monolog.notation.tables
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.grammar import Rule
from lark.lexer import TerminalDef

from . import events as ev
from .lexer import StateLexer
from .transformer import EventBuilder

__all__ = [
    "TRIVIA",
    "Trivia",
    "build_parser",
    "example_error",
    "get_parser",
    "grammar_path",
    "load_tables",
    "record_parser",
    "tables_path",
    "write_tables",
]

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
_RECORD_PARSER: Lark | None = None
# the options given at run time: objects, not data, so never part of the tables
_RUNTIME_OPTIONS = ("transformer", "lexer_callbacks")


def _runtime_options() -> dict[str, Any]:
    callbacks: dict[str, Callable[[Token], Any]] = {
        "COMMENT": TRIVIA.comment,
        "BRACE_COMMENT": TRIVIA.comment,
        "_NL": TRIVIA.newline,
    }
    return {"transformer": EventBuilder(), "lexer_callbacks": callbacks}


_Lexer = str | type[StateLexer]


def build_parser(lexer: _Lexer = "contextual") -> Lark:
    """The parser built from the grammar, with Lark's LALR analysis."""
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer=lexer,
        maybe_placeholders=False,
        **_runtime_options(),
    )


def tables_path() -> Path:
    """The analysed parser shipped beside the grammar."""
    return grammar_path().with_suffix(".lalr")


def write_tables(path: Path | None = None) -> Path:
    """Write the analysed parser as plain data (see the module's docstring)."""
    parser = build_parser()
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _RUNTIME_OPTIONS}
    target = path or tables_path()
    record = {
        "lark": lark.__version__,
        "grammar": grammar_path().read_text(encoding="utf-8"),
        "data": data,
        "memo": memo,
    }
    target.write_bytes(marshal.dumps(record))
    return target


def load_tables(path: Path | None = None, lexer: _Lexer = "contextual") -> Lark | None:
    """The parser from the shipped tables, or None when they do not fit this grammar and this
    Lark, or cannot be read. The tables do not depend on the lexer: `lexer` is set where
    Lark's save() of a parser made with it would have written it."""
    try:
        record = marshal.loads((path or tables_path()).read_bytes())
        if (
            not isinstance(record, dict)
            or record.get("lark") != lark.__version__
            or record.get("grammar") != grammar_path().read_text(encoding="utf-8")
        ):
            return None
        data = dict(record["data"])
        data["options"] = {**data["options"], **_runtime_options(), "lexer": lexer}
        parser = data["parser"]
        data["parser"] = {**parser, "lexer_conf": {**parser["lexer_conf"], "lexer_type": lexer}}
        # Lark.load takes the dict its own save() would have pickled
        return Lark.load({"data": data, "memo": record["memo"]})
    except Exception:  # unusable tables only cost the time of building the parser
        return None


def get_parser() -> Lark:
    """The process-wide parser with Lark's contextual lexer, from the shipped tables or else
    built on first use: the one whose exceptions describe a mistake."""
    global _PARSER
    if _PARSER is None:
        _PARSER = load_tables() or build_parser()
    return _PARSER


def record_parser() -> Lark:
    """The process-wide parser with monolog's lexer, from the shipped tables or else built on
    first use: the one that reads records (it raises `lexer.NoMatch` where no terminal fits)."""
    global _RECORD_PARSER
    if _RECORD_PARSER is None:
        _RECORD_PARSER = load_tables(lexer=StateLexer) or build_parser(StateLexer)
    return _RECORD_PARSER


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
