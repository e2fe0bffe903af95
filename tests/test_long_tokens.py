"""A long token costs the lexer no memory per character.

The grammar's line end was `[ \\t]*(\\r?\\n[ \\t]*)+`, a name `C W*( C W*)*` and a quoted text
`"(?:[^"\\\\\\n]|\\\\.)*"`: Python's regex engine keeps a few hundred bytes for each repeat of a
group until the match ends, so a 1 MB record of a Players tag and blank lines peaked at
746 MiB, one with a 1 MB quoted text at 458 MiB, one with a 1 MB name at 124 MiB
(benchmarks/memory_bench.py --shapes). Each is now written with a lazy run of single
characters and a look-ahead saying where it stops, which the engine steps through in constant
memory. These tests hold the new patterns to the old ones' matches, everywhere.
"""

from __future__ import annotations

import itertools
import re

from hypothesis import given
from hypothesis import strategies as st

from monolog.notation.events import BlankLine
from monolog.notation.grammar import get_parser
from monolog.notation.mistakes import MISTAKES
from monolog.notation.parser import parse_text

# the terminals as the grammar wrote them before: the reference for what each one matches
REFERENCE = re.compile(r"[ \t]*(\r?\n[ \t]*)+")
_CAPITAL = "[A-Z\u00c0-\u024f\u0370-\u1fff]"
_WORD = r"[\w.&'’\-]"
NAME_REFERENCE = re.compile(f"(?:{_CAPITAL}{_WORD}*)(?: (?:{_CAPITAL}{_WORD}*))*")
STRING_REFERENCE = re.compile(r'"(?:[^"\\\n]|\\.)*"')
# the shape of a quoted text never closed (P115), as mistakes.py wrote it before
UNCLOSED_REFERENCE = re.compile(r'"(?:[^"\\\n]|\\.)*(?:\n|\Z)')


def _terminal(name: str) -> re.Pattern[str]:
    (terminal,) = [t for t in get_parser().terminals if t.name == name]
    return re.compile(terminal.pattern.to_regexp())


LINE_END = _terminal("_NL")
NAME = _terminal("NAME")
STRING = _terminal("STRING")
(UNCLOSED,) = [re.compile(m.shape or "") for m in MISTAKES if m.code == "P115"]


def _ends(pattern: re.Pattern[str], text: str, pos: int, endpos: int) -> int | None:
    m = pattern.match(text, pos, endpos)
    return None if m is None else m.end()


def test_no_repeated_group_but_over_the_backslashes_before_a_quote() -> None:
    for pattern in (LINE_END, NAME):
        assert "(" not in re.sub(r"\(\?<?[!=]", "", pattern.pattern), pattern.pattern
    for pattern in (STRING, UNCLOSED):
        bare = re.sub(r"\(\?<?[!=]", "", pattern.pattern).replace(r"(?:\\\\)*", "")
        assert "(" not in bare.replace(r"(?:\n|\Z)", ""), pattern.pattern


def _same_matches(pattern: re.Pattern[str], reference: re.Pattern[str], alphabet: str) -> int:
    """Checks `pattern` against `reference` on every text over `alphabet` of up to 6
    characters, from every position, to the text's end and to one character before it."""
    checked = 0
    for size in range(7):
        for chars in itertools.product(alphabet, repeat=size):
            text = "".join(chars)
            for pos in range(size + 1):
                for endpos in {size, max(pos, size - 1)}:
                    assert _ends(pattern, text, pos, endpos) == _ends(
                        reference, text, pos, endpos
                    ), (text, pos, endpos)
                    checked += 1
    return checked


def test_the_line_end_matches_as_the_reference_on_every_short_text() -> None:
    assert _same_matches(LINE_END, REFERENCE, " \t\r\nx") > 100_000


def test_a_name_matches_as_the_reference_on_every_short_text() -> None:
    # a capital, a small letter, a space, a capital that is no word character, a word mark
    assert _same_matches(NAME, NAME_REFERENCE, "Aa \u00d7-\n") > 100_000


def test_a_quoted_text_matches_as_the_reference_on_every_short_text() -> None:
    assert _same_matches(STRING, STRING_REFERENCE, '"\\\nx ') > 100_000


def test_a_quoted_text_never_closed_matches_as_the_reference_on_every_short_text() -> None:
    assert _same_matches(UNCLOSED, UNCLOSED_REFERENCE, '"\\\nx ') > 100_000


# the name's first run of ASCII word characters is read apart from the rest: a word character
# that is not ASCII (é), and the apostrophe a name may hold (’), are in the alphabet
_LONGER = ' \t\r\nx;["\\Aa\u00d7-.\u00e9’'


@given(text=st.text(alphabet=_LONGER, max_size=200), pos=st.integers(0, 200))
def test_the_terminals_match_as_the_references_on_longer_texts(text: str, pos: int) -> None:
    pos = min(pos, len(text))
    for pattern, reference in (
        (LINE_END, REFERENCE),
        (NAME, NAME_REFERENCE),
        (STRING, STRING_REFERENCE),
        (UNCLOSED, UNCLOSED_REFERENCE),
    ):
        assert _ends(pattern, text, pos, len(text)) == _ends(reference, text, pos, len(text))


def test_a_long_run_of_blank_lines_is_one_blank_line_event() -> None:
    for end in ("\n", "\r\n", " \t\n"):
        text = '[Players "Ann, Ben"]\n' + end * 50_000 + "1. Ann 3-4\n"
        events = parse_text(text, "r.mlog")
        blanks = [e for e in events if isinstance(e, BlankLine)]
        assert [(b.span.line, b.span.column) for b in blanks] == [(2, 1)]
        assert events[-1].span.line == 50_002
