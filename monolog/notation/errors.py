"""Parse errors: turn anything that stops a record from being read into a located finding.

Every error says `file:line:col: CODE message`, shows the line with a caret under the spot,
and says in words what was expected there. The codes are P-codes of the finding catalogue.
"""

from __future__ import annotations

import errno
import os

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..findings.model import Finding, Severity
from .events import Span

# What each terminal means, in the words a referee would use.
TERMINAL_WORDS: dict[str, str] = {
    "ROLL": "a roll of both dice like 3-4",
    "TURN_NO": "a turn number like 12.",
    "PERCENT": "a percentage like 10%",
    "COUNT": "a house count like x2",
    "SQNUM": "a square number like #30",
    "AMOUNT": "an amount like 200",
    "INT": "a whole number",
    "NAME": "a name (a player, a square or a card)",
    "STRING": 'a quoted text like "Go to Jail"',
    "LBRACKET": 'a tag like [Event "..."]',
    "RBRACKET": "']' to close the tag",
    "ARROW": "'->'",
    "EQUALS": "'=' and a cash checksum",
    "COLON": "':'",
    "COMMA": "','",
    "VBAR": "'|' between the two sides of a deal",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


class ParseError(Exception):
    """A record that cannot be read. `finding` is the located P-code finding."""

    def __init__(self, finding: Finding, source_line: str | None = None) -> None:
        super().__init__(finding.message)
        self.finding = finding
        self.source_line = source_line

    @classmethod
    def internal(cls, filename: str, text: str, exc: BaseException) -> ParseError:
        finding = Finding(
            "P900",
            Severity.ERROR,
            f"internal error while reading the record ({type(exc).__name__}); please report it",
            file=filename,
        )
        return cls(finding)

    def render(self) -> str:
        """The error as a person reads it: location, code, message, the line and a caret."""
        f = self.finding
        head = f"{f.location()}: {f.code} {f.message}"
        if self.source_line is None or not f.span.line:
            return head
        line = self.source_line.rstrip("\r\n").expandtabs(1)
        shown, offset = _clip(line, max(f.span.column, 1) - 1)
        caret = " " * offset + "^"
        parts = [head, "    " + shown, "    " + caret]
        expected = f.expected
        if expected:
            parts.append("    expected " + _join_words(expected))
        return "\n".join(parts)


def _clip(line: str, col: int, width: int = 100) -> tuple[str, int]:
    """Show at most `width` characters of a long line around the column."""
    if len(line) <= width:
        return line, col
    start = max(0, min(col - width // 2, len(line) - width))
    shown = line[start : start + width]
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + width < len(line) else ""
    return prefix + shown + suffix, col - start + len(prefix)


def _join_words(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _line_of(text: str, line: int) -> str:
    lines = text.splitlines()
    if 1 <= line <= len(lines):
        return lines[line - 1]
    return ""


def describe_terminals(names: set[str] | frozenset[str]) -> list[str]:
    """Plain words for a set of terminal names, keywords first in alphabetical order."""
    from .parser import get_parser

    parser = get_parser()
    by_name = {t.name: t for t in parser.terminals}
    keywords: list[str] = []
    others: list[str] = []
    for name in sorted(names):
        if name in TERMINAL_WORDS:
            others.append(TERMINAL_WORDS[name])
            continue
        term = by_name.get(name)
        if (term is not None and term.pattern.type == "str") or (
            name.startswith("__ANON") and term is not None
        ):
            keywords.append(f"'{term.pattern.value}'")
        else:
            others.append(name.lower())
    if len(keywords) > 8:
        keywords = [*keywords[:8], "another keyword"]
    return others + keywords


def describe_unexpected(exc: UnexpectedInput, text: str, filename: str) -> ParseError:
    """A clean ParseError from Lark's exception."""
    line = getattr(exc, "line", 0) or 0
    column = getattr(exc, "column", 0) or 0
    expected_names: set[str] = set()
    if isinstance(exc, UnexpectedToken):
        expected_names = set(exc.accepts or exc.expected)
        tok = exc.token
        if tok.type == "$END":
            what = "the record ends too early"
            line, column = _end_position(text)
        elif tok.type == "_NL":
            what = "the line ends too early"
        else:
            what = f"unexpected {_token_words(tok.type, str(tok))}"
        code = "P101"
    elif isinstance(exc, UnexpectedCharacters):
        expected_names = set(exc.allowed or ())
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        what = f"unexpected character {ch!r}" if not ch.isalnum() else _word_at(text, exc)
        code = "P102"
    elif isinstance(exc, UnexpectedEOF):
        expected_names = set(exc.expected or ())
        what = "the record ends too early"
        line, column = _end_position(text)
        code = "P101"
    else:  # pragma: no cover - Lark has no other kinds
        what, code = str(exc), "P100"
    words = describe_terminals(expected_names) if expected_names else []
    span = Span(line, column, line, column + 1)
    finding = Finding(
        code,
        Severity.ERROR,
        what,
        span=span,
        rule=None,
        expected=words or None,
        recorded=None,
        file=filename,
    )
    return ParseError(finding, _line_of(text, line))


def _token_words(type_: str, value: str) -> str:
    if type_ in TERMINAL_WORDS:
        return f"{TERMINAL_WORDS[type_].split(' like ')[0]} {value!r}"
    return f"{value!r}"


def _word_at(text: str, exc: UnexpectedCharacters) -> str:
    start = exc.pos_in_stream
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    return f"unexpected {text[start:end]!r}"


def _end_position(text: str) -> tuple[int, int]:
    lines = text.splitlines() or [""]
    return len(lines), len(lines[-1]) + 1


def decode_error(filename: str, data: bytes, exc: UnicodeDecodeError) -> ParseError:
    """The record is not UTF-8: say where the first bad byte is."""
    before = data[: exc.start]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    prefix = before[line_start:].decode("utf-8", errors="replace")
    column = len(prefix) + 1
    end = data.find(b"\n", exc.start)
    raw_line = data[line_start : end if end >= 0 else len(data)]
    finding = Finding(
        "P002",
        Severity.ERROR,
        f"the record is not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be read",
        span=Span(line, column, line, column + 1),
        expected=["UTF-8 text"],
        file=filename,
    )
    return ParseError(finding, raw_line.decode("utf-8", errors="replace"))


def io_error(filename: str, exc: OSError) -> ParseError:
    """The record cannot be opened."""
    if os.path.isdir(filename) or exc.errno == errno.EISDIR:
        message = "this is a folder, not a record file"
    elif exc.errno == errno.ENOENT:
        message = "no such file"
    elif exc.errno == errno.EACCES:
        message = "permission denied"
    else:
        message = f"cannot read the file ({exc.strerror or exc})"
    return ParseError(Finding("P001", Severity.ERROR, message, file=filename))
