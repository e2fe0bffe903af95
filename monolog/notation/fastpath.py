"""The commonest lines of a record read without Lark's parser; Lark reads every other line.

Lark's LALR loop (`feed_token`, one call per token with a table look-up and a callback per
rule reduced) and the lexer's question to it before each token were more than half of a
parse. Most lines of real and simulated records are a turn, a continuation or an actor line
of a few common clauses, so this module reads those lines itself: it cuts the text into
tokens with one pattern of every terminal (the pattern `StateLexer` starts every parser state
with: Lark's terminals, in Lark's order of preference; its keywords and punctuation in a few
groups, `StateLexer.merged_pattern`, the same matches), and reads each line's tokens as the
grammar's rules for these lines say (monolog/notation/clausereader.py): the commonest events
made directly, as the event builder makes them, the others with the event builder's own
callbacks, given the children Lark would give them. What this pays for is in
benchmarks/README.md ("The parse: common lines without Lark's parser").

Why a line read here gives Lark's events: a token this reader accepts at a place is one the
grammar takes there, so Lark's parser state at that place accepts it too, and the contextual
lexer, trying only the accepted terminals in the same order, stops at the same terminal the
pattern of every terminal stopped at (all those before it failed to match; the one place the
grammar takes a terminal that another comes before is INT, see `ClauseReader._int`).
Anything else on a line (a keyword out of place, a clause not read here, a character no
terminal matches) leaves the line to Lark, which reads such lines a run at a time, in place
(its public `TextSlice`, lines numbered from the record's start). Should Lark find a mistake
there, or anything here fail, the caller parses the whole text again as before, so every
error is Lark's. tests/test_fastpath.py compares the two, spans included, on every record of
the repository, on simulated games and on damaged lines.
"""

from __future__ import annotations

from typing import Any

from .clausereader import EOL, ClauseReader, Slow, Tok
from .lexer import StateLexer

__all__ = ["LineReader"]

# A record whose lines fall to Lark in more runs than this has the rest read by Lark in one run:
# each run makes Lark count the lines before it, so many runs in a long record would cost time
# in proportion to its length squared
MAX_RUNS = 32

# the terminals not among a line's tokens: comments, and the line end
_APART = frozenset(("COMMENT", "BRACE_COMMENT", "_NL"))


class LineReader(ClauseReader):
    """Tokens of a text cut at its line ends, and the events of the lines read here."""

    def __init__(self, lexer: StateLexer) -> None:
        super().__init__()
        every = frozenset(lexer.terminals) - lexer.absorbed
        pattern, self.literals = lexer.merged_pattern(every)
        self.scan = pattern.match
        # each group's terminal by the group's number (None for a group of strings): a match's
        # `lastindex`, not its `lastgroup`, saves a look-up of the name in the pattern's table
        # per token; the token runs from the end of the blanks' group to the match's end
        kinds: list[str | None] = [""] * (pattern.groups + 1)
        for name, number in pattern.groupindex.items():
            kinds[number] = None if name.startswith("literal") else name
        self.kinds = kinds
        # the comments of the line being read (one list for every line: most have none)
        self.comments: list[Tok] = []

    def read(self, text: str, start: int, end: int) -> list[Any]:
        """The text from `start` (a line's first character) to `end`, a line at a time: a
        list of, in the text's order, [events, comments and blank lines] of lines read here
        and (start, end) ranges of the text for Lark to read."""
        self.text = text
        self.line = text.count("\n", 0, start) + 1
        self.start = text.rfind("\n", 0, start) + 1
        self.trivia.items = []
        self.comments.clear()
        try:
            return self._read(start, end)
        finally:
            self.text = ""  # not to keep a record alive once read
            self.trivia.items = []

    def _read(self, start: int, end: int) -> list[Any]:
        text = self.text
        out: list[Any] = []
        block: list[list[Any]] | None = None  # the lines read here since Lark's last run
        runs = 0
        pos = start
        comments = self.comments
        while pos < end:
            first = pos
            tokens, nl, pos = self._tokens(text, pos, end)
            if pos < 0:  # no terminal matches: Lark reads the rest and says why
                out.append((first, end))
                return out
            # the line's events (its comments to the trivia), or None: the line is Lark's
            try:
                events = self._events(tokens) if len(tokens) > 1 else []
            except (Slow, IndexError):
                events = None
            if comments:  # the line's comments, kept for a line read here
                if events is not None:
                    for t in comments:
                        self.trivia.comment(self._token(t))
                comments.clear()
            if nl is not None:
                if nl[2] - nl[1] == 1:  # a bare "\n", nearly every line's end
                    self.line += 1
                    self.start = pos
                else:
                    self._next_line(nl, events is not None)
            if events is None:
                block = None
                if out and out[-1].__class__ is tuple and out[-1][1] == first:
                    out[-1] = (out[-1][0], pos)  # the run of lines for Lark goes on
                    continue
                runs += 1
                if runs > MAX_RUNS:
                    out.append((first, end))
                    return out
                out.append((first, pos))
                continue
            if block is None:
                block = [[], []]
                out.append(block)
            block[0] += events
            if self.trivia.items:
                block[1] += self.trivia.items
                self.trivia.items = []
        return out

    def _tokens(self, text: str, pos: int, end: int) -> tuple[list[Tok], Tok | None, int]:
        """The tokens of the line from `pos` (ending with `EOL`; its comments added to
        `self.comments`), the line end's token (None at the text's end), and where the next
        line starts (-1 where no terminal matches)."""
        scan = self.scan
        kinds, literals = self.kinds, self.literals
        tokens: list[Tok] = []
        comments = self.comments
        # a line ending in a bare "\n" (no blank before or after it, nor another line end) is
        # a line end of one character, the match of `_NL` and of no other terminal, taken here
        # without the pattern (the parse of perf20, 3 passes: 1,443M instructions against 1,432M)
        eol = text.find("\n", pos, end)
        while pos < end:
            if pos == eol and eol + 1 < end and text[eol + 1] not in " \t\r\n":
                tokens.append(EOL)
                return tokens, ("_NL", eol, eol + 1), eol + 1
            m = scan(text, pos, end)
            if m is None:
                tokens.append(EOL)
                return tokens, None, (-1 if text[pos:end].strip(" \t") else end)
            number: int = m.lastindex  # type: ignore[assignment]
            s = m.end(1)  # the blanks before the token
            pos = m.end()
            kind = kinds[number]
            if kind is None:  # a keyword or punctuation: never a comment nor a line end
                tokens.append((literals[text[s:pos]], s, pos))
            elif kind not in _APART:
                tokens.append((kind, s, pos))
            elif kind == "_NL":
                tokens.append(EOL)
                return tokens, (kind, s, pos), pos
            else:
                comments.append((kind, s, pos))
        tokens.append(EOL)
        return tokens, None, pos

    def _next_line(self, nl: Tok, read: bool) -> None:
        """Past a line end: the next line's place, and a blank line kept where there is one
        after a line `read` here (Lark keeps those after the lines it reads)."""
        value = self.text[nl[1] : nl[2]]
        count = value.count("\n")
        if read and count >= 2:
            self.trivia.newline(self._token(nl))
        self.line += count
        self.start = nl[1] + value.rindex("\n") + 1
