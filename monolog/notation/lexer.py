"""The lexer of a record's parse: Lark's contextual lexer, with one regex match per token.

Lark's contextual lexer asks the parser for its state before each token and matches the text
against the terminals that state accepts, plus the ignored ones (blanks, comments). This lexer
(a custom lexer class handed to Lark, its public way of taking one) does the same, in the same
order of preference, on the same terminal definitions; it differs only in how much work it
does per token:

- the blanks before a token are part of its match (`[ \\t]*` in front of every state's
  pattern), where Lark's lexer spends a separate match, and a line-counter update, on each run
  of blanks: about two matches for every three tokens of a record;
- a token is made, positions and all, in one place from the match, and only for what the
  parser receives (or a lexer callback: comments, line ends).

Measured with the event builder on the 200 simulated games of `benchmarks/run.py --quick`
(the whole parse, best of three, CPU seconds, machine under load): 2.06 s with Lark's
contextual lexer, 1.43 s with this one.

The parser's state is read from what Lark hands a custom lexer: the last state on the parser
state's `state_stack` (what its `position` gives) and the table of what each state accepts
(the data Lark's own `InteractiveParser.choices()` reads), never an underscored name. A
state's own pattern is compiled only once the state is met often (see `_Scanners`): a short
record is lexed mostly with one pattern of every terminal.

It never reports a mistake itself: where no terminal matches it raises `NoMatch`, and the
caller parses the record again with Lark's own lexer, whose exceptions describe the mistake
(monolog/notation/parser.py). That it gives Lark's events on every record is checked in
tests/test_lexer.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from lark import Token
from lark.lexer import Lexer, LexerState, PatternStr, TerminalDef

__all__ = ["NoMatch", "StateLexer"]

# Lark's terminal for blanks between tokens (grammar/monolog.lark), absorbed into every match:
# its regex as Lark gives it, the grammar's `\t` read as a tab (and as written, should a
# version of Lark keep the escape); the same regex either way
_BLANKS = frozenset(("[ \t]+", "[ \\t]+"))


class NoMatch(Exception):
    """No terminal the parser's state accepts matches here (the record has a mistake)."""


def _order(t: TerminalDef) -> tuple[int, int, int, str]:
    """Lark's order of preference among the terminals of one state (its BasicLexer's)."""
    return (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name)


_new_str = str.__new__


# How often a parser state is met before its own pattern is compiled; until then the pattern of
# every terminal serves it (see `_Scanners`)
OWN_PATTERN_AFTER = 32


class _Scanners(dict[int, Any]):
    """A parser state's matching function, shared by the states that accept the same terminals.

    Compiling the states' patterns was most of what a short record cost the lexer: the worked
    example meets 41 sets of terminals, and Python's `re` compiles the name terminal's Unicode
    classes anew in each (20 ms of CPU of a one-game audit, measured under load). So a state is
    first served by one pattern of every terminal, in the same order of preference, and gets
    its own once met `OWN_PATTERN_AFTER` times (the shared pattern tries more terminals per
    token), or at once when the shared pattern's first match is a terminal the state does not
    accept: 8 patterns for the worked example (7 ms). Where that first match is a terminal the
    state accepts, the state's own pattern gives the same match, since the terminals before it
    in the shared pattern, a superset of those before it in the state's, all failed there; where
    the shared pattern matches nothing, neither does the state's."""

    def __init__(self, lexer: StateLexer, table: dict[int, dict[str, Any]]) -> None:
        super().__init__()
        self.lexer = lexer
        self.table = table
        self.by_terminals: dict[frozenset[str], Any] = {}
        self.every = lexer.pattern(frozenset(lexer.terminals) - lexer.absorbed).match

    def own(self, state: int) -> Any:
        names = frozenset(self.table[state])
        scan = self.by_terminals.get(names)
        if scan is None:
            scan = self.by_terminals[names] = self.lexer.pattern(names).match
        self[state] = scan
        return scan

    def __missing__(self, state: int) -> Any:
        names = frozenset(self.table[state])
        if names in self.by_terminals:
            return self.own(state)
        accepted = names | self.lexer.ignored
        every = self.every
        met = 0

        def scan(text: str, pos: int, end: int) -> Any:
            nonlocal met
            met += 1
            m = every(text, pos, end)
            if m is None or (m.lastgroup in accepted and met < OWN_PATTERN_AFTER):
                return m
            return self.own(state)(text, pos, end)

        self[state] = scan
        return scan


class StateLexer(Lexer):
    """Lark's contextual lexer, one match per token (see the module's docstring)."""

    # Lark's interface for a custom lexer: lex(lexer_state, parser_state)
    __future_interface__ = 2

    def __init__(self, conf: Any) -> None:
        self.terminals: dict[str, TerminalDef] = {t.name: t for t in conf.terminals}
        ignore = set(conf.ignore)
        self.absorbed = {n for n in ignore if self.terminals[n].pattern.to_regexp() in _BLANKS}
        # comments: ignored, but matched as tokens so that their callbacks see them
        self.ignored = frozenset(ignore - self.absorbed)
        self.callbacks: dict[str, Callable[[Token], Token]] = dict(conf.callbacks)
        self.re_flags = conf.g_regex_flags
        self.scanners: _Scanners | None = None

    def order(self, names: frozenset[str]) -> list[TerminalDef]:
        """The terminals `names` and the ignored ones, in Lark's order of preference."""
        return sorted(
            (self.terminals[n] for n in names | self.ignored if n in self.terminals),
            key=_order,
        )

    def pattern(self, names: frozenset[str]) -> re.Pattern[str]:
        """The blanks, then the first terminal of the state that matches (Lark's order)."""
        terminals = self.order(names)
        alternatives = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
        return re.compile(f"[ \\t]*(?:{alternatives})", self.re_flags)

    def merged_pattern(self, names: frozenset[str]) -> tuple[re.Pattern[str], dict[str, str]]:
        """`pattern(names)` with each run of plain strings (keywords, punctuation) that are
        next to each other in Lark's order as one alternative (named `literal` and a number),
        and what terminal each string is. The alternatives are tried in the same order, so a
        match is the same match. A token's text runs from the end of the match's first group
        (the blanks before it) to the match's end, and its terminal is the match's `lastgroup`,
        or the terminal of that text for a `literal` group.

        What it saves: a named group is a branch Python's regex engine cannot skip by its
        first character, and a match object keeps two places for each group, so a keyword
        late in the order cost about three times a number; with the 61 strings of the
        grammar in 3 groups (18 alternatives instead of 76), reading a keyword costs about
        what reading a number does (`timeit` on one line: ` =` 8.4 against 1.7 µs, ` 240`
        1.5 against 0.9 µs, under load). And each alternative's group is an empty one after
        it, which marks which alternative matched: an alternative that starts with a
        character or a class of them (a name, a quoted name, a comment, every keyword) is
        then skipped by the engine at a glance where the next character cannot start it
        (the matches of the 200 games of `run.py --quick`, alone: 0.21 against 0.18 s)."""
        parts: list[str] = []
        run: list[str] = []
        literals: dict[str, str] = {}

        def close_run() -> None:
            if run:
                parts.append(f"(?:{'|'.join(run)})(?P<literal{len(parts)}>)")
                run.clear()

        # a string matched whatever its case is not named by its text: left in a group of its own
        merge = not self.re_flags & re.IGNORECASE
        for t in self.order(names):
            value = t.pattern.value
            plain = isinstance(t.pattern, PatternStr) and not t.pattern.flags
            if merge and plain and value not in literals:
                run.append(t.pattern.to_regexp())
                literals[value] = t.name
            else:
                close_run()
                parts.append(f"(?:{t.pattern.to_regexp()})(?P<{t.name}>)")
        close_run()
        return re.compile(f"([ \\t]*)(?:{'|'.join(parts)})", self.re_flags), literals

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        scanners = self.scanners
        if scanners is None or scanners.table is not parser_state.parse_conf.parse_table.states:
            scanners = self.scanners = _Scanners(self, parser_state.parse_conf.parse_table.states)
        states = parser_state.state_stack  # its last item is the parser's state
        ignored = self.ignored
        callbacks = self.callbacks
        source = lexer_state.text
        text, pos, end = source.text, source.start, source.end
        counter = lexer_state.line_ctr
        line, line_start = counter.line, counter.line_start_pos
        new = _new_str
        while pos < end:
            m = scanners[states[-1]](text, pos, end)
            if m is None:
                if text[pos:end].strip(" \t"):
                    raise NoMatch(pos)
                return  # blanks at the end
            kind = m.lastgroup
            start, pos = m.span(kind)
            value = text[start:pos]
            # Token(...) runs Lark's keyword handling in Python for every token; filling the
            # same fields of a bare Token is 0.35 µs against 1.05 µs a token, 0.3 s of the
            # 1.6 s parse of benchmarks/run.py --quick's corpus
            t = new(Token, value)
            t.type = kind
            t.value = value
            t.start_pos = start
            t.line = line
            t.column = start - line_start + 1
            if "\n" in value:  # only the line ends
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            t.end_line = line
            t.end_column = pos - line_start + 1
            t.end_pos = pos
            if kind in callbacks:
                t = callbacks[kind](t)
            if kind not in ignored:
                yield t
