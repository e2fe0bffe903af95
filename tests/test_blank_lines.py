"""A run of blank lines costs the lexer no memory per line.

The grammar's line end was `[ \\t]*(\\r?\\n[ \\t]*)+`: Python's regex engine keeps a few hundred
bytes for each repeat of a group until the match ends, so a record of a Players tag and a
million blank lines (1 MB) peaked at 746 MiB (benchmarks/memory_bench.py --shapes). It is now
written with a lazy run of single characters, which the engine steps through in constant
memory. These tests hold the new pattern to the old one's matches, everywhere.
"""

from __future__ import annotations

import itertools
import re

from hypothesis import given
from hypothesis import strategies as st

from monolog.notation.events import BlankLine
from monolog.notation.grammar import get_parser
from monolog.notation.parser import parse_text

# the line end as the grammar wrote it before: the reference for what a line end is
REFERENCE = re.compile(r"[ \t]*(\r?\n[ \t]*)+")


def _line_end() -> re.Pattern[str]:
    (terminal,) = [t for t in get_parser().terminals if t.name == "_NL"]
    return re.compile(terminal.pattern.to_regexp())


LINE_END = _line_end()


def _ends(pattern: re.Pattern[str], text: str, pos: int, endpos: int) -> int | None:
    m = pattern.match(text, pos, endpos)
    return None if m is None else m.end()


def test_the_line_end_has_no_repeated_group() -> None:
    assert "(" not in LINE_END.pattern.replace("(?!", "")


def test_the_line_end_matches_as_the_reference_on_every_short_text() -> None:
    checked = 0
    for size in range(7):
        for chars in itertools.product(" \t\r\nx", repeat=size):
            text = "".join(chars)
            for pos in range(size + 1):
                for endpos in {size, max(pos, size - 1)}:
                    assert _ends(LINE_END, text, pos, endpos) == _ends(
                        REFERENCE, text, pos, endpos
                    ), (text, pos, endpos)
                    checked += 1
    assert checked > 100_000


@given(text=st.text(alphabet=" \t\r\nx;[", max_size=200), pos=st.integers(0, 200))
def test_the_line_end_matches_as_the_reference_on_longer_texts(text: str, pos: int) -> None:
    pos = min(pos, len(text))
    assert _ends(LINE_END, text, pos, len(text)) == _ends(REFERENCE, text, pos, len(text))


def test_a_long_run_of_blank_lines_is_one_blank_line_event() -> None:
    for end in ("\n", "\r\n", " \t\n"):
        text = '[Players "Ann, Ben"]\n' + end * 50_000 + "1. Ann 3-4\n"
        events = parse_text(text, "r.mlog")
        blanks = [e for e in events if isinstance(e, BlankLine)]
        assert [(b.span.line, b.span.column) for b in blanks] == [(2, 1)]
        assert events[-1].span.line == 50_002
