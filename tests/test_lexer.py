"""monolog's lexer (monolog/notation/lexer.py) against Lark's contextual lexer.

Records are read by Lark's parser with monolog's lexer; a record it cannot read is read again
with Lark's own lexer, whose exceptions describe the mistake. So the two must agree on every
record: the same events and comments where Lark's lexer reads it, a failure where Lark's
fails. Checked on every record in the repository (the scenario files' records, the games, the
goldens), on simulated games, and on damaged copies of them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from lark import Lark
from lark.utils import TextSlice
from property_budget import examples
from testkit.corpus import repository_records

from monolog.notation.grammar import TRIVIA, get_parser, grammar_path, record_parser
from monolog.notation.lexer import NoMatch, StateLexer
from monolog.simulate import simulate


def _outcome(parser: Lark, text: str | TextSlice[str]) -> tuple[Any, ...]:
    TRIVIA.items = []
    try:
        events = parser.parse(text)
    except Exception:
        return ("fails",)
    finally:
        trivia, TRIVIA.items = TRIVIA.items, []
    return ("reads", events, trivia)


def _damaged(text: str, rng: random.Random) -> str:
    """The record with a character deleted, doubled or swapped, or a word dropped."""
    kind = rng.randrange(4)
    i = rng.randrange(len(text))
    if kind == 0:
        return text[:i] + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[i] + text[i:]
    if kind == 2 and i + 1 < len(text):
        return text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    words = text.split(" ")
    j = rng.randrange(len(words))
    return " ".join(words[:j] + words[j + 1 :])


def _agree(name: str, text: str) -> None:
    mine, larks = _outcome(record_parser(), text), _outcome(get_parser(), text)
    assert mine == larks, name


def test_every_record_in_the_repository_reads_as_with_larks_lexer() -> None:
    records = repository_records()
    assert len(records) > 1000  # the scenario files were found
    for name, text in records:
        _agree(name, text)


# damaged copies of each simulated game: drawn as a property test's examples are, a fifth of
# them unless pytest runs with --hypothesis-profile=thorough (tests/property_budget.py)
DAMAGED = examples(60)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_simulated_games_and_damaged_copies_read_as_with_larks_lexer(seed: int) -> None:
    text = simulate("us-2018", 2 + seed % 5, seed).text
    _agree(f"seed {seed}", text)
    rng = random.Random(seed)
    for n in range(DAMAGED):
        _agree(f"seed {seed}, damaged copy {n}", _damaged(text, rng))


@pytest.mark.parametrize(
    "text",
    [
        "1. Ann 3-4 Boardwalk\t{ a comment }  ; and another  \n\n\n2. Ben 1-2   \n",
        "   \t\n1. Ann 3-4",  # blanks only on the first line, no line end at the end
        "1. Ann 3-4 \r\n2. Ben 5-6 card CH10 Community Chest\r\n",
        "setup Ann jail 2 cash 100\nsetup bank houses 28 hotels 10\n=bank houses 28\n",
        "1. Ann 3-4 Boardwalk rent 50 to Ben   ",  # blanks at the end of the record
        "; only a comment",
        "",
    ],
)
def test_blanks_comments_and_context_read_as_with_larks_lexer(text: str) -> None:
    _agree(repr(text), text)


def test_no_terminal_matching_is_left_to_larks_lexer_to_describe() -> None:
    TRIVIA.items = []
    with pytest.raises(NoMatch):
        record_parser().parse("1. Ann 3-4 Boardwalk ! rent\n")
    TRIVIA.items = []


def test_a_state_pattern_is_compiled_when_the_state_is_first_met() -> None:
    # as Lark's contextual lexer does: a one-game audit compiles only the states it meets
    parser = Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer=StateLexer,
        maybe_placeholders=False,
    )
    parser.parse("1. Ann 3-4 Boardwalk\n2. Ben 1-2 Park Place\n")
    lexer = parser.parser.lexer
    assert isinstance(lexer, StateLexer)
    assert lexer.scanners is not None
    met = len(lexer.scanners)
    assert 0 < met < len(lexer.scanners.table) / 4
    parser.parse("3. Ann 3-4 Boardwalk\n")
    assert len(lexer.scanners) == met


def test_a_slice_of_a_record_reads_as_with_larks_lexer() -> None:
    # a part of a record handed to Lark as a TextSlice keeps its lines and columns in the whole
    text = '[Event "x"]\n1. Ann 3-4 Boardwalk ; noted\n\n2. Ben 1-2 Park Place rent 50 { ok }\n'
    start = text.index("2. Ben")
    for end in (len(text), len(text) - 1):
        part = TextSlice(text, start, end)
        mine, larks = _outcome(record_parser(), part), _outcome(get_parser(), part)
        assert mine == larks
        assert mine[0] == "reads"
        assert mine[1][0].span.line == 4


def test_strings_merged_in_groups_match_as_the_pattern_of_every_terminal() -> None:
    # the line reader cuts lines with the keywords and punctuation merged in a few groups: at
    # every place of a text, for every terminal or some of them, the same match as the pattern
    # of one group per terminal, and the same terminal once the string is looked up
    lexer = StateLexer(record_parser().lexer_conf)
    every = frozenset(lexer.terminals) - lexer.absorbed
    rng = random.Random(7)
    sets = [every, *(frozenset(rng.sample(sorted(every), 24)) for _ in range(6))]
    text = simulate("us-2018", 3, 5).text[:6000] + (
        '\n=-$5 ->-5 -> x2 rentbuy bank: nothing | hotels 9 #3 10% CH07x CC12 "q\\"" ;c\n'
        "{b} unmortgaged\t, 3-4. 12.5 =pot 1,000 £7 sold Ann 30 out Dora\r\n   \n"
    )
    # (the saving: 76 terminals in 18 groups)
    assert len(lexer.merged_pattern(every)[0].groupindex) < len(every) / 2
    for names in sets:
        plain = lexer.pattern(names).match
        merged, literals = lexer.merged_pattern(names)
        for pos in range(len(text)):
            a, b = plain(text, pos), merged.match(text, pos)
            if a is None or b is None:
                assert a is b, (pos, text[pos : pos + 20])
                continue
            kind = b.lastgroup or ""
            if kind.startswith("literal"):
                kind = literals[text[b.end(1) : b.end()]]
            assert (a.lastgroup, a.span()) == (kind, b.span()), (pos, text[pos : pos + 20])
            assert a.span(a.lastgroup) == (b.end(1), b.end()), (pos, text[pos : pos + 20])


def _tokens(parser: Lark, text: str) -> list[tuple[Any, ...]]:
    """What the parser's lexer hands the parser, places and all."""
    TRIVIA.items = []
    try:
        tokens = parser.parse_interactive(text).iter_parse()
        return [
            (t.type, str(t), t.start_pos, t.end_pos, t.line, t.column, t.end_line, t.end_column)
            for t in tokens
        ]
    finally:
        TRIVIA.items = []


def test_blanks_between_tokens_are_part_of_the_next_match_not_a_token_of_their_own() -> None:
    # Lark's blanks terminal (`[ \t]+` in the grammar, a real tab once Lark reads it) is taken
    # by the `[ \t]*` every pattern starts with: no alternative of its own, and the parser gets
    # the tokens Lark's own lexer gives it, blanks and tabs anywhere
    lexer = StateLexer(record_parser().lexer_conf)
    assert lexer.absorbed == {"WS"}
    assert lexer.ignored == {"COMMENT", "BRACE_COMMENT"}
    every = frozenset(lexer.terminals) - lexer.absorbed
    assert "WS" not in lexer.pattern(every).groupindex
    text = "1. Ann\t3-4  Boardwalk \t rent 50 to Ben { x }\t; y\n\t=Ann  100 \t"
    tokens = _tokens(record_parser(), text)
    assert tokens == _tokens(get_parser(), text)
    assert [t[0] for t in tokens][:4] == ["TURN_NO", "NAME", "ROLL", "NAME"]
