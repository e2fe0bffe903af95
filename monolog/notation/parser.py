"""Parse .mlog text into events.

One LALR parser with the contextual lexer, built once per process from the grammar file and
cached on disk by Lark, with the event transformer passed in so no parse tree is ever built.
Comments and blank lines are collected by lexer callbacks and merged into the event stream in
source order, so the formatter can give back everything the writer wrote.
"""

from __future__ import annotations

import gc
import os
import re
from bisect import bisect_left
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

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
from .transformer import EventBuilder

__all__ = ["ParseError", "example_error", "get_parser", "parse_file", "parse_text", "read_source"]

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


class _Fallback(Exception):
    """The fast driver met something it leaves to Lark: an error, or a case it does not cover."""


class FastDriver:
    """A lean LALR driver over Lark's own parse table, terminals and rule shapes.

    Lark's parser spends most of its time in generic machinery: a lexer that matches ignored
    whitespace as tokens of its own, a token class built through a compatibility layer, and
    rule wrappers that filter and splice children. This driver reads the same tables and
    reproduces the same semantics with less work per token: each parser state gets one regular
    expression of the terminals Lark's contextual lexer would try there, in Lark's order, with
    the blanks before a token skipped by the same match; punctuation that no rule keeps is never
    made into a token; rules call the EventBuilder callbacks directly.

    It only ever accepts what Lark accepts. On anything unexpected it gives up (`_Fallback`)
    and the caller runs Lark itself, which produces the error (or, should the two ever differ,
    the events). A test compares the two on every input the fuzz tests draw.
    """

    def __init__(self, lark: Lark, builder: EventBuilder, trivia: _Trivia) -> None:
        from lark.lexer import _regexp_has_newline
        from lark.parsers.lalr_analysis import Shift

        conf = lark.lexer_conf
        table = lark.parser.parser.parser.parse_table
        terminals = {t.name: t for t in conf.terminals}
        ignore = set(conf.ignore)
        blank = terminals.get("WS")
        if blank is None or "WS" not in ignore or not _is_blank_pattern(blank.pattern.to_regexp()):
            raise ValueError(f"unexpected blank terminal {blank!r}")
        ignore.discard("WS")
        self.start_state: int = table.start_states["start"]
        self.end_state: int = table.end_states["start"]

        # which terminals a rule keeps, which it drops, which rule results it splices in
        rules: dict[Any, tuple[int, str, Callable[[list[Any]], Any] | None]] = {}
        kept_types: set[str] = set()
        for rule in lark.rules:
            rules[rule] = (
                len(rule.expansion),
                rule.origin.name,
                self._reducer(rule, builder),
            )
            kept_types.update(
                sym.name
                for sym in rule.expansion
                if sym.is_term and not sym.filter_out  # type: ignore[attr-defined]
            )
        self.dropped = frozenset(terminals) - kept_types - ignore

        self.actions: dict[int, dict[str, tuple[bool, Any]]] = {}
        self.goto: dict[int, dict[str, int]] = {}
        self.match_at = _Matchers(conf.g_regex_flags)
        for state, acts in table.states.items():
            self.actions[state] = {
                name: (True, arg) if action is Shift else (False, rules[arg])
                for name, (action, arg) in acts.items()
                if name.isupper() or name == "$END"
            }
            self.goto[state] = {
                name: arg for name, (action, arg) in acts.items() if not name.isupper()
            }
            allowed = [terminals[n] for n in acts if n in terminals and n != "WS"]
            allowed += [terminals[n] for n in sorted(ignore) if n not in acts]
            allowed.sort(
                key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name)
            )
            self.match_at.declare(state, allowed)
        self.kinds: dict[str, int] = {}
        for n, t in terminals.items():
            multiline = _regexp_has_newline(t.pattern.to_regexp())
            dropped = n in self.dropped
            if n in ignore:  # the comments: trivia
                self.kinds[n] = _COMMENT
            elif n == "_NL" and dropped:
                self.kinds[n] = _NEWLINE
            elif multiline:
                self.kinds[n] = _MULTILINE_DROPPED if dropped else _MULTILINE
            else:
                self.kinds[n] = _DROPPED if dropped else _KEPT
        self.trivia = trivia

    @staticmethod
    def _reducer(rule: Any, builder: EventBuilder) -> Callable[[list[Any]], Any] | None:
        """The callback of one rule: Lark's child filter and single-child inlining, then the
        EventBuilder method (rules named with `_` have none: their children are spliced)."""
        name = rule.alias or rule.options.template_source or rule.origin.name
        expand1 = bool(rule.options.expand1 and not rule.alias)
        callback = getattr(builder, name, None)
        if callback is None:
            if name.startswith("_"):
                callback = _identity
            elif expand1:
                callback = _unsupported  # a `?rule` that always has one child never calls it
            else:
                raise ValueError(f"no callback for rule {name}")
        include = [
            (i, not sym.is_term and sym.name.startswith("_"))
            for i, sym in enumerate(rule.expansion)
            if not (sym.is_term and sym.filter_out)
        ]
        if len(include) == len(rule.expansion) and not any(x for _, x in include):
            if not expand1:
                return callback
            if len(include) == 1:
                return None  # a `?rule` of one child: the child goes up unchanged

            def single(children: list[Any]) -> Any:
                return children[0] if len(children) == 1 else callback(children)

            return single
        if callback is _identity and not expand1 and len(include) == 2 and include[0] == (0, True):
            # the repetition rules Lark makes for `x*`: extend the list made so far in place
            _, (k, splice) = include

            if splice:

                def extend(children: list[Any]) -> Any:
                    out = children[0]
                    if out:
                        out += children[k]
                        return out
                    return children[k]

                return extend

            def append(children: list[Any]) -> Any:
                out = children[0]
                out.append(children[k])
                return out

            return append

        def filtered(children: list[Any]) -> Any:
            out: list[Any] = []
            for i, splice in include:
                if splice:
                    if out:
                        out += children[i]
                    else:  # left recursion: keep extending the same list
                        out = children[i]
                else:
                    out.append(children[i])
            if expand1 and len(out) == 1:
                return out[0]
            return callback(out)

        return filtered

    def parse(self, text: str) -> list[ev.Event]:
        """The events of `text`, as Lark's parser with the EventBuilder would give them;
        `_Fallback` for anything else."""
        match_at = self.match_at
        actions = self.actions
        goto = self.goto
        kinds = self.kinds
        comment = self.trivia.comment
        blank_lines = self.trivia.items
        str_new = _str_new
        token_class = Token
        state = self.start_state
        state_stack = [state]
        value_stack: list[Any] = []
        push_state = state_stack.append
        push_value = value_stack.append
        pos = 0
        line = 1
        line_start = 0
        while True:
            m = match_at[state](text, pos)
            if m is None:
                if text[pos:].strip(" \t"):
                    raise _Fallback
                return self._end(state_stack, value_stack)
            type_: str = m.lastgroup  # type: ignore[assignment]
            # the token is the pattern's last part: it ends where the match does
            start, pos = m.span(type_)
            kind = kinds[type_]
            if kind == _KEPT:
                value = text[start:pos]
                column = start - line_start + 1
                tok: Any = str_new(token_class, value)
                tok.type = type_
                tok.value = value
                tok.start_pos = start
                tok.line = tok.end_line = line
                tok.column = column
                tok.end_column = column + pos - start
                tok.end_pos = pos
            elif kind == _DROPPED:
                tok = None
            elif kind == _NEWLINE:
                value = text[start:pos]
                newlines = value.count("\n")
                if newlines >= 2:
                    blank = line + 1
                    blank_lines.append(ev.BlankLine(ev.Span(blank, 1, blank, 1)))
                line += newlines
                line_start = start + value.rindex("\n") + 1
                tok = None
            else:  # a token that may hold line breaks (a `{...}` comment), or a comment
                value = text[start:pos]
                column = start - line_start + 1
                first_line = line
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = start + value.rindex("\n") + 1
                tok = str_new(token_class, value)
                tok.type = type_
                tok.value = value
                tok.start_pos = start
                tok.line = first_line
                tok.column = column
                tok.end_line = line
                tok.end_column = pos - line_start + 1
                tok.end_pos = pos
                if kind == _COMMENT:  # ignored by the grammar, kept as trivia
                    comment(tok)
                    continue
                if kind == _MULTILINE_DROPPED:
                    tok = None
            while True:
                try:
                    shift, arg = actions[state][type_]
                except KeyError:
                    raise _Fallback from None
                if shift:
                    state = arg
                    push_state(state)
                    push_value(tok)
                    break
                size, origin, reduce = arg
                if reduce is None:  # one child, handed up as it is
                    state = goto[state_stack[-2]][origin]
                    state_stack[-1] = state
                else:
                    if size:
                        children = value_stack[-size:]
                        del state_stack[-size:]
                        del value_stack[-size:]
                    else:
                        children = []
                    push_value(reduce(children))
                    state = goto[state_stack[-1]][origin]
                    push_state(state)

    def _end(self, state_stack: list[int], value_stack: list[Any]) -> list[ev.Event]:
        """The end of the text: reduce until the start rule is complete (Lark never shifts
        the end)."""
        actions = self.actions
        goto = self.goto
        while True:
            try:
                shift, arg = actions[state_stack[-1]]["$END"]
            except KeyError:
                raise _Fallback from None
            if shift:
                raise _Fallback
            size, origin, reduce = arg
            if reduce is None:
                del state_stack[-1]
                state_stack.append(goto[state_stack[-1]][origin])
            else:
                if size:
                    children = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    children = []
                value_stack.append(reduce(children))
                state_stack.append(goto[state_stack[-1]][origin])
            if state_stack[-1] == self.end_state:
                return value_stack[-1]  # type: ignore[no-any-return]


class _Matchers(dict[int, Callable[[str, int], "re.Match[str] | None"]]):
    """Each parser state's token matcher, compiled the first time the state is met.

    A record meets only some of the states, and compiling all of them up front cost more than
    a short record takes to parse; states that try the same terminals share one expression."""

    def __init__(self, flags: int) -> None:
        super().__init__()
        self.flags = flags
        self.terminals: dict[int, tuple[Any, ...]] = {}  # state -> terminals, in Lark's order
        self.compiled: dict[tuple[str, ...], Callable[[str, int], re.Match[str] | None]] = {}

    def declare(self, state: int, allowed: list[Any]) -> None:
        self.terminals[state] = tuple(allowed)

    def __missing__(self, state: int) -> Callable[[str, int], re.Match[str] | None]:
        allowed = self.terminals[state]  # KeyError for a state the table does not have
        key = tuple(t.name for t in allowed)
        match = self.compiled.get(key)
        if match is None:
            body = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in allowed)
            match = self.compiled[key] = re.compile(f"[ \\t]*(?:{body})", self.flags).match
        self[state] = match
        return match


# How the driver treats each kind of token.
_KEPT = 0  # made into a token for the rules (it cannot hold a line break)
_DROPPED = 1  # punctuation no rule keeps (no line break either)
_NEWLINE = 2  # the end of a line: counts lines and notes blank lines, kept by no rule
_MULTILINE = 3  # may hold line breaks: a token with both ends placed
_MULTILINE_DROPPED = 4  # may hold line breaks, kept by no rule
_COMMENT = 5  # ignored by the grammar (a comment): a token with both ends, handed to the trivia


def _is_blank_pattern(pattern: str) -> bool:
    """Whether a pattern matches exactly the runs of spaces and tabs (what the driver skips)."""
    probe = re.compile(pattern)
    good = all(probe.fullmatch(x) for x in (" ", "\t", " \t  \t"))
    return good and not any(probe.match(x) for x in ("\n", "\r", "x", "\u00a0", "\f"))


def _unsupported(children: list[Any]) -> Any:
    raise _Fallback


def _identity(children: list[Any]) -> list[Any]:
    return children


_str_new = str.__new__


_DRIVER: FastDriver | None = None
_NO_DRIVER = False


def get_driver() -> FastDriver | None:
    """The fast driver over the process-wide parser's tables (None when it cannot be built)."""
    global _DRIVER, _NO_DRIVER
    if _DRIVER is None and not _NO_DRIVER:
        try:
            _DRIVER = FastDriver(get_parser(), EventBuilder(), _TRIVIA)
        except (ValueError, AttributeError, KeyError, ImportError, re.error):
            _NO_DRIVER = True  # another Lark version: Lark alone still parses everything
    return _DRIVER


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
    _TRIVIA.items = []
    events: list[ev.Event] | None = None
    # A parse makes many small objects and no reference cycles: the cyclic collector would
    # only walk them again and again as they pile up (it cost ~40% of the time), so it waits.
    collecting = gc.isenabled()
    gc.disable()
    try:
        driver = get_driver()
        if driver is not None:
            try:
                events = driver.parse(text)
            except Exception:  # whatever it is, Lark parses again and reports it
                _TRIVIA.items = []
        if events is None:
            events = get_parser().parse(text)  # type: ignore[assignment]
    except UnexpectedInput as exc:
        raise _describe(exc, text, filename) from None
    except Exception as exc:
        # a callback failed: a bug in monolog, reported cleanly, not as a traceback
        raise ParseError.internal(filename, text, exc) from None
    finally:
        trivia, _TRIVIA.items = _TRIVIA.items, []
        if collecting:
            gc.enable()
    if not events:  # nothing but comments and blank lines, or nothing at all
        raise empty_error(filename)
    return _merge(events, trivia)


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


def example_error(text: str) -> UnexpectedInput | None:
    """How the parser fails on a text (for matching errors against examples of mistakes)."""
    parser = get_parser()
    saved, _TRIVIA.items = _TRIVIA.items, []
    try:
        parser.parse(text)
    except UnexpectedInput as exc:
        return exc
    except Exception:  # an example that breaks a callback matches nothing
        return None
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
