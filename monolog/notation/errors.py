"""Parse errors: turn anything that stops a record from being read into a located finding.

Every error says `file:line:col: CODE message`, shows the line with a caret under the spot,
and says in words what was expected there. The codes are P-codes of the finding catalogue.

A syntax error is described from Lark's account of it (its exceptions, its parser's terminals,
`match_examples` over the table of common mistakes in monolog/notation/mistakes.py).
"""

from __future__ import annotations

import difflib
import errno
import os
import re

from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from ..files import glob_like
from ..findings.model import WHOLE_FILE, Finding, Severity
from ..textwidth import cells
from .events import Span
from .grammar import example_error, get_parser
from .mistakes import MISTAKES, Mistake

# What each terminal means, in the words a referee would use.
TERMINAL_WORDS: dict[str, str] = {
    "ROLL": "a roll of both dice like 3-4",
    "TURN_NO": "a turn number like 12.",
    "PERCENT": "a percentage like 10%",
    "COUNT": "a house count like x2",
    "SQNUM": "a square number like #30",
    "AMOUNT": "an amount like 200",
    "NEGATIVE": "an amount below zero like -50",
    "INT": "a whole number",
    "NAME": "a name (a player, a square or a card)",
    "CARD_ID": "a card's id like CH07",
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
            span=WHOLE_FILE,
        )
        return cls(finding)

    def render(self) -> str:
        """The error as a person reads it: location, code, message, the line and a caret."""
        f = self.finding
        head = f"{f.location()}: {f.code} {f.message}"
        if self.source_line is None or not f.span.line:
            return head
        line = _visible(self.source_line.rstrip("\r\n"))
        shown, offset = _clip(line, max(f.span.column, 1) - 1)
        caret = " " * cells(shown[:offset]) + "^"  # by display width: wide characters take two
        parts = [head, "    " + shown, "    " + caret]
        expected = f.expected
        if expected:
            parts.append("    expected " + _join_words(expected))
        return "\n".join(parts)


def _visible(line: str) -> str:
    """The line as it can be shown: a tab is one space (as Lark counts columns), and other
    control characters are shown by their Unicode pictures, so the caret stays in place."""
    out = []
    for ch in line:
        code = ord(ch)
        if ch == "\t":
            out.append(" ")
        elif code < 0x20:
            out.append(chr(0x2400 + code))
        elif code == 0x7F:
            out.append("\u2421")
        else:
            out.append(ch)
    return "".join(out)


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
    """Line `line` of the text, counted as Lark counts: only '\\n' ends a line."""
    lines = text.split("\n")
    if 1 <= line <= len(lines):
        return lines[line - 1].rstrip("\r")
    return ""


# Terminals that can start a clause: when most of them are possible, they are named as one.
_CLAUSE_STARTS = frozenset(
    {
        "ROLL", "ARROW", "EQUALS", "SALARY", "BUY", "DECLINE", "AUCTION", "RENT", "TAX", "CARD",
        "DICE", "JAIL", "FINE", "GOOJF", "BUILD", "SELL", "MORTGAGE", "UNMORTGAGE", "INTEREST",
        "PAY", "BANKRUPT", "RESIGN", "TIME", "END", "DISPUTED", "IGNORED", "RESHUFFLE",
    }
)  # fmt: skip
_CLAUSE_WORDS = "another clause (a roll like 3-4, or a word like 'buy', 'rent', 'card' or 'build')"
_MAX_WORDS = 8


def _keyword_of(name: str) -> str | None:
    """The literal text of a keyword or punctuation terminal, else None."""
    for term in get_parser().terminals:
        if term.name == name:
            return str(term.pattern.value) if term.pattern.type == "str" else None
    return None


def describe_expected(names: set[str] | frozenset[str]) -> list[str]:
    """What the parser was ready to read, in plain words, trimmed to what helps a writer.

    The end of the line stands for the end of the file too; a name, a quoted name and a square
    number are said once; when most clauses could follow, they are named as one.
    """
    names = set(names)
    words: list[str] = []
    if "_NL" in names or "$END" in names:
        names -= {"_NL", "$END"}
        words.append("the end of the line")
    if len(names & _CLAUSE_STARTS) >= 8:
        names -= _CLAUSE_STARTS
        words.append(_CLAUSE_WORDS)
    if "NAME" in names:
        # a card's id is a name too, and is said with it
        names -= (
            {"NAME", "STRING", "CARD_ID", "SQNUM"}
            if "SQNUM" in names
            else {"NAME", "STRING", "CARD_ID"}
        )
        words.insert(0, TERMINAL_WORDS["NAME"])
    keywords: list[str] = []
    for name in sorted(names):
        if name in TERMINAL_WORDS:
            words.insert(0, TERMINAL_WORDS[name])
            continue
        literal = _keyword_of(name)
        keywords.append(f"'{literal}'" if literal is not None else name.lower())
    words = words[:-1] + keywords + words[-1:] if words else keywords
    if len(words) > _MAX_WORDS:
        words = [*words[: _MAX_WORDS - 1], "another keyword"]
    return words


def describe_terminals(names: set[str] | frozenset[str]) -> list[str]:
    """Plain words for a set of terminal names (kept for callers of the first version)."""
    return describe_expected(names)


def _error_position(exc: UnexpectedInput, text: str) -> tuple[int, int, int]:
    """Line, column and offset in `text` where the parser stopped (the end for an early end)."""
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        tok = exc.token
        pos = tok.start_pos if tok.start_pos is not None else len(text)
        return tok.line or 1, tok.column or 1, pos
    if isinstance(exc, UnexpectedCharacters):
        return exc.line, exc.column, exc.pos_in_stream or 0
    line, column = _end_position(text)
    return line, column, len(text)


def _expected_names(exc: UnexpectedInput) -> set[str]:

    if isinstance(exc, UnexpectedToken):
        return set(exc.accepts or exc.expected)
    if isinstance(exc, UnexpectedCharacters):
        # `allowed` is what the lexer state allows, which LALR widens with the lookaheads of
        # other places; the interactive parser says what can really follow here.
        interactive = getattr(exc, "interactive_parser", None)
        if interactive is not None:
            try:
                return set(interactive.accepts())
            except UnexpectedInput:  # pragma: no cover - accepts() catches these itself
                pass
        return set(exc.allowed or ())
    if isinstance(exc, UnexpectedEOF):
        return set(exc.expected or ())
    return set()  # pragma: no cover - Lark has no other kinds


def _word_from(text: str, pos: int) -> tuple[int, str]:
    """The whole word around `pos` (a keyword typed into a longer word stops mid-word)."""
    start = pos
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    end = pos
    while end < len(text) and (text[end].isalnum() or text[end] in "_-'"):
        end += 1
    return start, text[start:end]


def _hint_for(word: str, expected: set[str], text: str = "") -> str:
    """A suggestion for an unknown word: a player's name written in lower case, else the
    closest keyword, preferring those allowed there (and only those where a name could stand:
    'ben' there is a name, not a misspelt 'end')."""

    if "NAME" in expected and word.islower():
        hint = _lower_case_hint(word, text)
        if hint.startswith(":"):  # a player of the record
            return hint
    keywords = [
        str(t.pattern.value)
        for t in get_parser().terminals
        if t.pattern.type == "str" and str(t.pattern.value).isalpha()
    ]
    allowed = [k for t in expected if (k := _keyword_of(t) or "").isalpha()]
    pools = (allowed,) if "NAME" in expected else (allowed, keywords)
    for pool in pools:
        close = difflib.get_close_matches(word.lower(), pool, n=1, cutoff=0.6)
        if close:
            return f"; did you mean '{close[0]}'?"
    return (
        ": keywords are lower case and names start with a capital letter"
        ' (write any other name in quotes, like "Go to Jail")'
    )


_PLAYERS_TAG = re.compile(r'^[ \t]*\[Players[ \t]+"([^"\n]*)"', re.MULTILINE)


def _lower_case_hint(word: str, text: str) -> str:
    """The hint for a name typed in lower case: a player of the record's Players tag is named
    with its capitals; any other word is told how names are written."""
    players = [name.strip() for m in _PLAYERS_TAG.finditer(text) for name in m.group(1).split(",")]
    for name in players:
        if name.lower() == word.lower() and name != word:
            return (
                f": a player's name starts with a capital letter, like {name}"
                f' (a name written otherwise goes in quotes, like "{word}")'
            )
    return (
        f"; '{word}' is not a name: a name starts with a capital letter"
        f' (write any other name in quotes, like "{word}")'
    )


_TURN_LINE = re.compile(r"^[ \t]*([0-9]{1,6})\.", re.MULTILINE)


def _next_turn(text: str, pos: int) -> int:
    """The number a turn line at `pos` would carry: one more than the last turn line above."""
    last = 0
    for m in _TURN_LINE.finditer(text, 0, pos):
        last = int(m.group(1))
    return last + 1


def describe_unexpected(exc: UnexpectedInput, text: str, filename: str) -> ParseError:
    """A clean ParseError from Lark's exception: a known mistake when one fits, else generic."""
    line, column, pos = _error_position(exc, text)
    expected = _expected_names(exc)
    found = _find_mistake(exc, text, pos, line, expected)
    if found is not None:
        mistake, matched = found
        word, hint, turn = "", "", 0
        if mistake.code == "P112":
            start, word = _word_from(text, pos)
            column -= pos - start
            hint = _hint_for(word[:40], expected, text)
            if len(word) > 40:  # a message is one readable line, whatever was typed
                word = word[:40] + "…"
        elif mistake.code == "P118":
            word = _word_from(text, pos)[1]
            if word.isalpha() and word.islower():  # after the example's own colon: a ';'
                hint = "; " + _lower_case_hint(word, text)[2:]
        elif mistake.code == "P125":
            line_text = _line_of(text, line)
            word = line_text.split(";")[0].split("{")[0].strip()
            column = len(line_text) - len(line_text.lstrip(" \t")) + 1  # where the number goes
            turn = _next_turn(text, pos)
        message = mistake.message.format(text=matched, word=word, hint=hint, turn=turn)
        words = list(mistake.expected) or describe_expected(expected)
        code = mistake.code
    else:
        code, message = _generic(exc, text, pos)
        words = describe_expected(expected)
    finding = Finding(
        code,
        Severity.ERROR,
        clip_quoted(message),
        span=Span(line, column, line, column + 1),
        expected=words or None,
        file=filename,
    )
    return ParseError(finding, _line_of(text, line))


# a quoted token of over 40 characters with no blank in it: prose between two quoted words
# ("'3–4' is joined by … '-'") has blanks and is never clipped
_LONG_QUOTED = re.compile(r"'([^'\s]{41,})'")


def clip_quoted(message: str, width: int = 40) -> str:
    """Clip quoted words of a message, so a huge token never makes a huge one-line message."""
    return _LONG_QUOTED.sub(lambda m: "'" + m.group(1)[:width] + "…'", message)


def _generic(exc: UnexpectedInput, text: str, pos: int) -> tuple[str, str]:

    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type in ("$END", "_NL"):
            return "P101", "the line ends too early"
        return "P101", f"unexpected {_token_words(tok.type, str(tok))}"
    if isinstance(exc, UnexpectedCharacters):
        ch = text[pos] if pos < len(text) else ""
        if ch.isalnum():
            return "P102", f"unexpected {_word_from(text, pos)[1]!r}"
        return "P102", f"unexpected character {ch!r}"
    return "P101", "the line ends too early"


def _find_mistake(
    exc: UnexpectedInput, text: str, pos: int, line: int, expected: set[str]
) -> tuple[Mistake, str] | None:
    """The first entry of the mistake table that fits this error, with the text it matched."""

    line_text = _line_of(text, line)
    for mistake in MISTAKES:
        matched = ""
        if mistake.shape is not None:
            m = _compiled(mistake.shape).match(text, pos)
            if m is None:
                continue
            matched = m.group(0).strip()
        if mistake.needs is not None and mistake.needs not in expected:
            continue
        if mistake.unreadable and not isinstance(exc, UnexpectedCharacters):
            continue
        if mistake.line is not None and not _compiled(mistake.line).match(line_text):
            continue
        if mistake.anywhere:
            return mistake, matched
        if exc.state is None:
            continue
        # Lark compares what each side accepts itself when asked to (use_accepts), but its
        # debug message for a mismatch fails to format (lark 1.3.1), so the examples whose
        # accepted set differs are left out here and Lark only compares the states.
        examples = [ex for ex in mistake.examples if _accepts_agree(exc, _example(ex))]
        label = exc.match_examples(_replay, [(mistake.code, examples)], use_accepts=False)  # type: ignore[arg-type]
        if label is not None:
            return mistake, matched
    return None


_PATTERNS: dict[str, re.Pattern[str]] = {}
_EXAMPLE_ERRORS: dict[str, UnexpectedInput | None] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    compiled = _PATTERNS.get(pattern)
    if compiled is None:
        compiled = _PATTERNS[pattern] = re.compile(pattern)
    return compiled


def _example(example: str) -> UnexpectedInput | None:
    """How the parser fails on an example of a mistake (parsed once per process)."""
    if example not in _EXAMPLE_ERRORS:
        _EXAMPLE_ERRORS[example] = example_error(example)
    return _EXAMPLE_ERRORS[example]


def _accepts_agree(exc: UnexpectedInput, example: UnexpectedInput | None) -> bool:

    if isinstance(exc, UnexpectedToken) and isinstance(example, UnexpectedToken):
        return bool(exc.accepts == example.accepts)
    return True


def _replay(example: str) -> None:
    """match_examples' parse function: fail as the example fails, without parsing it again."""
    error = _example(example)
    if error is not None:
        raise error


_TOKEN_NOUNS: dict[str, str] = {
    "NAME": "name",
    "CARD_ID": "card id",
    "STRING": "quoted text",
    "SQNUM": "square number",
    "AMOUNT": "amount",
    "NEGATIVE": "amount",
    "INT": "number",
    "ROLL": "roll",
    "TURN_NO": "turn number",
    "PERCENT": "percentage",
    "COUNT": "house count",
}


def _token_words(type_: str, value: str) -> str:
    noun = _TOKEN_NOUNS.get(type_)
    return f"{noun} {value!r}" if noun else repr(value)


def _end_position(text: str) -> tuple[int, int]:
    """The spot just after the last character of the last line that is not empty."""
    lines = text.rstrip("\r\n").split("\n")
    return len(lines), len(lines[-1].rstrip("\r")) + 1


def empty_error(filename: str) -> ParseError:
    """The record holds no tag, no setup and no turn: nothing to read."""
    finding = Finding(
        "P003",
        Severity.ERROR,
        "the record is empty: it holds no tag, setup or turn line",
        expected=["a tag, a setup line or a turn line"],
        file=filename,
        span=WHOLE_FILE,
    )
    return ParseError(finding)


def nul_error(filename: str, text: str) -> ParseError:
    """A NUL byte: the file is binary, or damaged."""
    pos = text.index("\0")
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    finding = Finding(
        "P004",
        Severity.ERROR,
        "the record holds a NUL byte: it looks like a binary or damaged file, not a record",
        span=Span(line, column, line, column + 1),
        expected=["text"],
        file=filename,
    )
    return ParseError(finding, _line_of(text, line))


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


def _holds_records(folder: str) -> bool:
    """Whether a record or an event stream lies in the folder or below it: a folder the
    command line expands to no file at all is named as such, not as a folder given for a file."""
    for _, dirs, files in os.walk(folder, followlinks=False):
        if any(name.endswith((".mlog", ".jsonl")) for name in files):
            return True
        dirs[:] = [d for d in dirs if not d.startswith(".")]
    return False


def io_error(filename: str, exc: OSError) -> ParseError:
    """The record cannot be opened."""
    if os.path.isdir(filename) and not _holds_records(filename):
        message = "no record (*.mlog) or event stream (*.jsonl) in this folder or below it"
    elif os.path.isdir(filename) or exc.errno == errno.EISDIR:
        message = "this is a folder, not a record file"
    elif exc.errno == errno.ENOENT:
        message = "no such file"
        if glob_like(filename):  # a quoted pattern the command line expanded to nothing
            message += ", and no file matches it as a pattern"
    elif exc.errno == errno.EACCES:
        message = "permission denied"
    else:
        message = f"cannot read the file ({exc.strerror or exc})"
    return ParseError(Finding("P001", Severity.ERROR, message, file=filename, span=WHOLE_FILE))
