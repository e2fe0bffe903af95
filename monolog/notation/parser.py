"""Parse .mlog text into events.

One LALR parser with the contextual lexer, built once per process from the grammar file and
cached on disk by Lark, with the event transformer passed in so no parse tree is ever built.
Comments and blank lines are collected by lexer callbacks and merged into the event stream in
source order, so the formatter can give back everything the writer wrote.

Records are parsed by a lean driver over the same tables (`FastDriver`); Lark parses only
what the driver gives up on, and describes every mistake. The driver's tables, with its
regular expressions already compiled, are kept in the cache folder as plain data, so a
process that parses only good records never imports Lark at all (nor the `regex` module Lark
loads): Lark is imported where its parser is built (tables not in the cache, a record the
driver leaves to it, a mistake to describe), and nowhere else.
"""

from __future__ import annotations

import gc
import os
import re
import sys
from bisect import bisect_left
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from .. import cachedir
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
from .tokens import Token
from .transformer import EventBuilder

if TYPE_CHECKING:
    from lark import Lark
    from lark.exceptions import UnexpectedInput

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
    folder = cachedir.folder()
    if folder is None:
        return True  # Lark falls back to the system temporary folder
    return str(folder / "grammar-lalr.cache")


def get_parser() -> Lark:
    """The process-wide parser, built on first use."""
    global _PARSER
    if _PARSER is None:
        from lark import Lark  # only where Lark's parser is needed: good records do without

        callbacks: dict[str, Callable[[Any], Any]] = {
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

    def __init__(self, tables: dict[str, Any], builder: EventBuilder, trivia: _Trivia) -> None:
        """The driver over `tables` (see `driver_tables`), calling `builder`'s callbacks."""
        self.start_state: int = tables["start"]
        self.end_state: int = tables["end"]
        rules = [
            (size, origin, self._reducer(name, expand1, expansion, builder))
            for size, origin, name, expand1, expansion in tables["rules"]
        ]
        self.actions: dict[int, dict[str, tuple[bool, Any]]] = {
            state: {
                name: (True, arg) if shift else (False, rules[arg])
                for name, (shift, arg) in acts.items()
            }
            for state, acts in tables["actions"].items()
        }
        self.goto: dict[int, dict[str, int]] = tables["goto"]
        self.kinds: dict[str, int] = tables["kinds"]
        self.match_at = _Matchers(tables)
        self.trivia = trivia
        self.configurations: dict[tuple[int, ...], _Configuration] = {}
        self.start = self._configuration((self.start_state,))

    def _configuration(self, stack: tuple[int, ...]) -> _Configuration:
        found = self.configurations.get(stack)
        if found is None:
            # the grammar nests nothing in itself, so the stacks met are few (some hundreds
            # over thousands of records); should that ever not hold, Lark takes over
            if len(self.configurations) >= _MAX_CONFIGURATIONS:
                raise _Fallback
            found = self.configurations[stack] = _Configuration(stack)
        return found

    def _learn(self, at: _Configuration, type_: str) -> tuple[tuple[Any, ...], _Configuration]:
        """What a token of `type_` does in configuration `at`: the reductions it sets off, in
        order, as (size, callback) pairs (callback None: one child handed up as it is), then
        its shift, and the configuration that follows. Worked out once from the tables, on the
        configuration's stack of states, and remembered (`_Fallback` if the token cannot come
        here)."""
        actions = self.actions
        goto = self.goto
        stack = list(at.stack)
        steps: list[tuple[int, Any]] = []
        while True:
            try:
                shift, arg = actions[stack[-1]][type_]
            except KeyError:
                raise _Fallback from None
            if shift:
                stack.append(arg)
                break
            size, origin, reduce = arg
            steps.append((size, reduce))
            if reduce is None:
                stack[-1] = goto[stack[-2]][origin]
            else:
                if size:
                    del stack[-size:]
                stack.append(goto[stack[-1]][origin])
        step = (tuple(steps), self._configuration(tuple(stack)))
        at.then[type_] = step
        return step

    @staticmethod
    def _reducer(
        name: str, expand1: bool, expansion: list[tuple[bool, bool, str]], builder: EventBuilder
    ) -> Callable[[list[Any]], Any] | None:
        """The callback of one rule (`name` its callback's name, `expansion` its symbols as
        (terminal?, filtered out?, name)): Lark's child filter and single-child inlining, then
        the EventBuilder method (rules named with `_` have none: their children are spliced)."""
        callback = getattr(builder, name, None)
        if callback is None:
            if name.startswith("_"):
                callback = _identity
            elif expand1:
                callback = _unsupported  # a `?rule` that always has one child never calls it
            else:
                raise ValueError(f"no callback for rule {name}")
        include = [
            (i, not is_term and sym.startswith("_"))
            for i, (is_term, filtered_out, sym) in enumerate(expansion)
            if not (is_term and filtered_out)
        ]
        if len(include) == len(expansion) and not any(x for _, x in include):
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
        `_Fallback` for anything else.

        The parser's stack of states is not kept as such: the configuration it is in stands
        for it (`_Configuration`), and what each kind of token does in each configuration met
        is worked out once (`_learn`), so a token costs one lookup and its reductions' calls."""
        match_at = self.match_at
        kinds = self.kinds
        comment = self.trivia.comment
        blank_lines = self.trivia.items
        str_new = _str_new
        token_class = Token
        at = self.start
        value_stack: list[Any] = []
        push_value = value_stack.append
        pos = 0
        line = 1
        line_start = 0
        while True:
            match = at.match
            if match is None:
                match = at.match = match_at[at.stack[-1]]
            m = match(text, pos)
            if m is None:
                if text[pos:].strip(" \t"):
                    raise _Fallback
                return self._end(list(at.stack), value_stack)
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
            step = at.then.get(type_)
            if step is None:
                step = self._learn(at, type_)
            steps, at = step
            for size, reduce in steps:
                if reduce is not None:  # (None: one child, handed up as it is)
                    if size:
                        children = value_stack[-size:]
                        del value_stack[-size:]
                    else:
                        children = []
                    push_value(reduce(children))
            push_value(tok)

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


_MAX_CONFIGURATIONS = 100_000


class _Configuration:
    """A stack of parser states the fast driver has met (`stack`), with what it has learnt
    there: the token matcher of the state on top, and what each kind of token does next."""

    __slots__ = ("match", "stack", "then")

    def __init__(self, stack: tuple[int, ...]) -> None:
        self.stack = stack
        self.match: Callable[[str, int], re.Match[str] | None] | None = None
        self.then: dict[str, tuple[tuple[Any, ...], _Configuration]] = {}


class _Matchers(dict[int, Callable[[str, int], "re.Match[str] | None"]]):
    """Each parser state's token matcher, made the first time the state is met.

    A record meets only some of the states, and compiling all of them up front cost more than
    a short record takes to parse; states that try the same terminals share one expression.
    The tables may carry each expression already compiled by `re` (`_sre_parts`): it is then
    rebuilt from that in microseconds, where compiling the Unicode classes of names takes a
    millisecond or two per expression."""

    def __init__(self, tables: dict[str, Any]) -> None:
        super().__init__()
        self.flags: int = tables["flags"]
        self.patterns: dict[str, str] = tables["patterns"]
        self.allowed: dict[int, tuple[str, ...]] = tables["allowed"]  # in Lark's order
        self.ready: dict[tuple[str, ...], Any] = tables.get("compiled", {})
        self.compiled: dict[tuple[str, ...], Callable[[str, int], re.Match[str] | None]] = {}

    def __missing__(self, state: int) -> Callable[[str, int], re.Match[str] | None]:
        key = self.allowed[state]  # KeyError for a state the table does not have
        match = self.compiled.get(key)
        if match is None:
            pattern = _combined(key, self.patterns)
            match = self.compiled[key] = _compile(pattern, self.flags, self.ready.get(key)).match
        self[state] = match
        return match


def _combined(names: tuple[str, ...], patterns: dict[str, str]) -> str:
    """One expression trying the terminals `names` in order, blanks before them skipped."""
    body = "|".join(f"(?P<{name}>{patterns[name]})" for name in names)
    return f"[ \\t]*(?:{body})"


def _sre_parts(pattern: str, flags: int) -> tuple[Any, ...] | None:
    """What `re.compile(pattern, flags)` hands to the regular expression engine (`_sre`), as
    plain data; None where this Python's `re` is not built as expected."""
    try:
        try:
            from re import _compiler, _parser  # type: ignore[attr-defined]
        except ImportError:  # Python 3.10
            import sre_compile as _compiler
            import sre_parse as _parser
        import _sre

        parsed = _parser.parse(pattern, flags)
        code = [int(op) for op in _compiler._code(parsed, flags)]
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        return (
            _sre.MAGIC,
            flags | parsed.state.flags,
            code,
            parsed.state.groups - 1,
            groupindex,
            tuple(indexgroup),
        )
    except Exception:
        return None


def _compile(pattern: str, flags: int, parts: tuple[Any, ...] | None) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, from `parts` (`_sre_parts`) when they fit this Python:
    the engine checks the code it is given, and the result is checked against `re`'s own
    expectations (same pattern, same groups); anything amiss and `re` compiles it."""
    if parts is not None:
        try:
            import _sre

            magic, final_flags, code, groups, groupindex, indexgroup = parts
            if magic == _sre.MAGIC:
                compiled: re.Pattern[str] = _sre.compile(
                    pattern, final_flags, code, groups, groupindex, indexgroup
                )
                if compiled.pattern == pattern and compiled.groupindex == groupindex:
                    return compiled
        except Exception:
            pass
    return re.compile(pattern, flags)


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
    """The fast driver (None when it cannot be built: Lark alone then parses everything).

    Its tables come from the cache folder when they were written there for this grammar, this
    Lark, this Python and this module (`_tables_name`); otherwise from Lark's parser, and they
    are written there for next time. Lark's own parser is then built only when a record needs
    it (a mistake to describe)."""
    global _DRIVER, _NO_DRIVER
    if _DRIVER is None and not _NO_DRIVER:
        builder = EventBuilder()
        cached = _read_tables()
        if cached is not None:
            try:
                _DRIVER = FastDriver(cached, builder, _TRIVIA)
                return _DRIVER
            except (ValueError, AttributeError, KeyError, TypeError, IndexError, re.error):
                pass  # tables of another shape: made again below
        try:
            tables = driver_tables(get_parser())
            _DRIVER = FastDriver(tables, builder, _TRIVIA)
        except (ValueError, AttributeError, KeyError, ImportError, re.error):
            _NO_DRIVER = True  # another Lark version: Lark alone still parses everything
        else:
            _write_tables(tables)
    return _DRIVER


def driver_tables(lark: Lark) -> dict[str, Any]:
    """What the fast driver reads from Lark's parser, as plain data (ints, strings, tuples,
    lists and dicts, which `marshal` stores): the parse table, each rule's shape, each state's
    terminals in the order Lark's contextual lexer tries them, how each kind of token is
    treated, and each expression the driver may need, compiled (`_sre_parts`)."""
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

    # each rule's size, result name, callback name, `?rule` flag and symbols; which terminals
    # a rule keeps
    index: dict[Any, int] = {}
    rules: list[tuple[int, str, str, bool, list[tuple[bool, bool, str]]]] = []
    kept: set[str] = set()
    for rule in lark.rules:
        index[rule] = len(rules)
        rules.append(
            (
                len(rule.expansion),
                rule.origin.name,
                rule.alias or rule.options.template_source or rule.origin.name,
                bool(rule.options.expand1 and not rule.alias),
                [
                    (
                        bool(sym.is_term),
                        bool(sym.is_term and sym.filter_out),  # type: ignore[attr-defined]
                        sym.name,
                    )
                    for sym in rule.expansion
                ],
            )
        )
        kept.update(
            sym.name
            for sym in rule.expansion
            if sym.is_term and not sym.filter_out  # type: ignore[attr-defined]
        )
    dropped = set(terminals) - kept - ignore

    actions: dict[int, dict[str, tuple[bool, int]]] = {}
    goto: dict[int, dict[str, int]] = {}
    allowed: dict[int, tuple[str, ...]] = {}
    for state, acts in table.states.items():
        actions[state] = {
            name: (True, arg) if action is Shift else (False, index[arg])
            for name, (action, arg) in acts.items()
            if name.isupper() or name == "$END"
        }
        goto[state] = {name: arg for name, (action, arg) in acts.items() if not name.isupper()}
        tried = [terminals[n] for n in acts if n in terminals and n != "WS"]
        tried += [terminals[n] for n in sorted(ignore) if n not in acts]
        tried.sort(key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name))
        allowed[state] = tuple(t.name for t in tried)
    kinds: dict[str, int] = {}
    for n, t in terminals.items():
        multiline = _regexp_has_newline(t.pattern.to_regexp())
        if n in ignore:  # the comments: trivia
            kinds[n] = _COMMENT
        elif n == "_NL" and n in dropped:
            kinds[n] = _NEWLINE
        elif multiline:
            kinds[n] = _MULTILINE_DROPPED if n in dropped else _MULTILINE
        else:
            kinds[n] = _DROPPED if n in dropped else _KEPT
    patterns = {n: t.pattern.to_regexp() for n, t in terminals.items()}
    flags = int(conf.g_regex_flags)
    compiled: dict[tuple[str, ...], tuple[Any, ...]] = {}
    for names in set(allowed.values()):
        parts = _sre_parts(_combined(names, patterns), flags)
        if parts is not None:
            compiled[names] = parts
    # a Lark parser built from the grammar, rather than loaded from Lark's cache, names some
    # rules by its own tokens, which `marshal` refuses: everything is made plain data
    tables: dict[str, Any] = _plain(
        {
            "start": table.start_states["start"],
            "end": table.end_states["start"],
            "rules": rules,
            "actions": actions,
            "goto": goto,
            "allowed": allowed,
            "kinds": kinds,
            "patterns": patterns,
            "flags": flags,
            "compiled": compiled,
        }
    )
    return tables


def _plain(data: Any) -> Any:
    """`data` with every `str` of a subclass made a plain `str`, through tuples, lists and
    dicts (keys too), so that `marshal` stores it."""
    if isinstance(data, str):
        return str(data)
    if isinstance(data, tuple):
        return tuple(_plain(x) for x in data)
    if isinstance(data, list):
        return [_plain(x) for x in data]
    if isinstance(data, dict):
        return {_plain(k): _plain(v) for k, v in data.items()}
    return data


def _tables_name() -> str:
    """The cache file of the driver's tables: named for what they depend on, the grammar, Lark,
    Python (its regular expression engine above all) and this module, which reads and writes
    them."""
    from .. import __version__

    key = cachedir.key(
        grammar_path().read_bytes(),
        Path(__file__).read_bytes(),
        _lark_identity(),
        __version__.encode(),
        sys.version.encode(),
    )
    return f"driver-{key}.marshal"


def _lark_identity() -> bytes:
    """What tells this Lark from another, without importing it (that is what the cached tables
    spare): the bytes of its `__init__.py`, which hold its version (`__version__`). Where that
    file cannot be read (Lark missing, or loaded from somewhere that is not a file), its
    version, from Lark itself."""
    loaded = sys.modules.get("lark")
    if loaded is not None:
        origin = getattr(loaded, "__file__", None)
    else:
        from importlib.util import find_spec

        try:
            spec = find_spec("lark")
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
    if origin:
        try:
            return b"lark/__init__.py:" + Path(origin).read_bytes()
        except OSError:
            pass
    try:
        import lark
    except ImportError:
        return b"lark: none"
    return b"lark " + str(getattr(lark, "__version__", "")).encode()


def _read_tables() -> dict[str, Any] | None:
    """The driver's tables from the cache folder, or None (none there, unreadable, damaged or
    not a table: they are made again)."""
    import marshal

    try:
        payload = cachedir.read(_tables_name())
        if payload is None:
            return None
        data = marshal.loads(payload)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return data if isinstance(data, dict) else None


def _write_tables(tables: dict[str, Any]) -> None:
    """Keep the tables in the cache folder for the next process."""
    import marshal

    try:
        cachedir.write(_tables_name(), marshal.dumps(tables))
    except (OSError, ValueError):
        return


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
    except Exception as exc:
        if _is_unexpected_input(exc):
            raise _describe(exc, text, filename) from None
        # a callback failed: a bug in monolog, reported cleanly, not as a traceback
        raise ParseError.internal(filename, text, exc) from None
    finally:
        trivia, _TRIVIA.items = _TRIVIA.items, []
        if collecting:
            gc.enable()
    if not events:  # nothing but comments and blank lines, or nothing at all
        raise empty_error(filename)
    return _merge(events, trivia)


def _is_unexpected_input(exc: BaseException) -> TypeGuard[UnexpectedInput]:
    """Whether `exc` is Lark's account of a mistake in the text (`UnexpectedInput`). Only Lark
    raises those, so Lark is loaded when it is one: the check never imports it."""
    lark_exceptions = sys.modules.get("lark.exceptions")
    return lark_exceptions is not None and isinstance(exc, lark_exceptions.UnexpectedInput)


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
    from lark.exceptions import UnexpectedInput  # describing a mistake: Lark is loaded anyway

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
