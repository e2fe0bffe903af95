"""The line reader (monolog/notation/fastpath.py) against Lark reading the whole record.

The line reader reads the commonest lines itself and leaves the others to Lark; Lark, with its
own lexer, is the authority. So on any text the parse must give what Lark gives for the whole
text: the same events with the same spans (events compare equal whatever their spans, so spans
are compared here field by field), the same comments and blank lines, the same classes (no
token where Lark gives a `str`), and, where Lark fails, the same error, word for word and place
for place. Checked on every record in the repository, on simulated games, and on lines damaged
and rearranged at random.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from lark.exceptions import UnexpectedInput
from testkit.corpus import repository_records

from monolog.notation.errors import describe_unexpected
from monolog.notation.fastpath import LineReader
from monolog.notation.grammar import TRIVIA, get_parser, record_parser
from monolog.notation.lexer import StateLexer
from monolog.notation.parser import ParseError, parse_lines
from monolog.simulate import simulate


def _deep(x: Any) -> Any:
    """Everything an event holds, spans and classes included."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        fields = dataclasses.fields(x)
        return (type(x).__name__, tuple((f.name, _deep(getattr(x, f.name))) for f in fields))
    if isinstance(x, (tuple, list)):
        return (type(x).__name__, tuple(_deep(y) for y in x))
    return (type(x).__name__, x)


def _larks(text: str) -> Any:
    """The whole text read by Lark's parser with Lark's own lexer."""
    TRIVIA.items = []
    try:
        events = get_parser().parse(text)
    except UnexpectedInput as exc:
        return ("fails", describe_unexpected(exc, text, "r").render())
    finally:
        trivia, TRIVIA.items = TRIVIA.items, []
    merged = sorted([*events, *trivia], key=lambda e: (e.span.line, e.span.column))
    return ("reads", _deep(merged))


def _ours(text: str) -> Any:
    try:
        return ("reads", _deep(parse_lines(text, "r")))
    except ParseError as exc:
        return ("fails", exc.render())


def _agree(name: str, text: str) -> None:
    assert _ours(text) == _larks(text), name


def test_every_record_in_the_repository_reads_as_lark_reads_it() -> None:
    records = repository_records()
    assert len(records) > 1000  # the scenario files were found
    for name, text in records:
        _agree(name, text)


# what a damaged line may gain: a word of the notation, a name, a number, a sign
_PIECES = [
    "rent", "to", "buy", "bids", "nobids", "sold", "out", "passed", "card", "for", "at",
    "counted", "tax", "Ann", "Ben", "Mary Jo", "Boardwalk", '"Go to Jail"', "#5", "CH07",
    "CC12", "x2", "hotel", "house", "10%", "200", "$75", "-190", "=", "->", ",", "3-4",
    "dice", "same", "goojf", "bank", "pot", "12.", "{ note }", "; note", "\t", "  ", "",
    "unclaimed", "mortgaged", "build", "decline", "auction", "jail", "fine", "pay", "[",
]  # fmt: skip


def _damaged_line(line: str, rng: random.Random) -> str:
    words = line.split(" ")
    kind = rng.randrange(6)
    i = rng.randrange(len(words))
    if kind == 0:
        del words[i]
    elif kind == 1:
        words.insert(i, rng.choice(_PIECES))
    elif kind == 2:
        words[i] = rng.choice(_PIECES)
    elif kind == 3 and len(words) > 1:
        j = rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    elif kind == 4 and line:
        k = rng.randrange(len(line))
        return line[:k] + line[k + 1 :]
    else:
        return line + rng.choice(("  ", "\r", " ;x", "{y}", "\n", "\n\n  "))
    return " ".join(words)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_simulated_games_and_damaged_lines_read_as_lark_reads_them(seed: int) -> None:
    text = simulate("us-2018", 2 + seed % 5, seed).text
    _agree(f"seed {seed}", text)
    lines = text.split("\n")
    rng = random.Random(seed)
    for n in range(200):
        i = rng.randrange(len(lines))
        line = _damaged_line(lines[i], rng)
        # the damaged line alone (every error is then at it), and in a stretch of the game
        _agree(f"seed {seed}, damaged line {n}: {line!r}", line + "\n")
        stretch = "\n".join([*lines[max(0, i - 3) : i], line, *lines[i + 1 : i + 4]])
        _agree(f"seed {seed}, damaged stretch {n}: {line!r}", stretch)


@pytest.mark.parametrize(
    "text",
    [
        "\n\n1. Ann 3-4 Boardwalk ; first\n\n\n  2. Ben 1-2 { a } rent 5 to Ann {b}\n",
        "   \t\n1. Ann 3-4",
        "1. Ann 3-4 \r\n2. Ben 5-6 card CH10 Community Chest\r\n\r\n=Ben 1500\r\n",
        '[Event "x"]\n; c\n1. Ann 6-6 #5 buy\n5-5 "Go to Jail" jail\nBen build Park Place x2, '
        "Boardwalk hotel for 400 =Ben 100\n",
        "1. Ann 2-3 auction Boardwalk passed Ben, Cal bids Ann 10, Dora 20 Ann 30 out Dora "
        "sold Ann 30\n2. Ben 1-1 dice same\n",
        "1. Ann 3-4 card CH10 Community Chest rent 25 to Ben\ndeal Ann: 100 | Ben: Boardwalk\n"
        "2. Ben 1-2 tax 10% 200 counted =Ben -20\n",
        "1. Ann 3-4 buyer\n",  # a keyword run into a word: Lark's error
        "1. Ann 3-4 tax x2\n",
        "1. Ann 3-4 auction nobids\n",
        'deal Ann: Boardwalk hotel x2, Park Place x3, 50, goojf CH07, promise "no rent" | '
        'bank: nothing =Ann 20 =Ben -$5\ndeal bank: goojf | Ben: "Go to Jail", #5 hotel\n',
        "1. Ann 3-4 bankrupt to bank, creditor Ben\n2. Ben 1-2 bankrupt to Cal bankrupt\n"
        "Cal sell Boardwalk x2, Park Place hotel to Ann for 200 sell deed Boardwalk for 5\n",
        "deal Ann: 5 Ben: 6\ndeal Ann: | Ben: 6\n1. Ann 1-1 sell Boardwalk to\n",
        "=bank houses 28 hotels 10 =bank hotels 9 =pot 50 =Ann 5\n=bank houses 012345\n",
        # (a mistake sends the whole text to Lark: one each)
        "=bank houses 1 =bank\n",
        "=bank houses 1234567\n",
        "=bank houses $5\n",
        "=bank hotels 1 houses 2\n",
        "=bank houses 2-\n",
        "1. Ann 1-2 auction house bids Ann 5 sold Ann 5 auction goojf CC01 nobids\n"
        "auction hotel passed Ben nobids auction goojf passed Ben, Cal bids Dee 1 sold Dee 1\n",
        # more runs of lines left to Lark than the reader hands over one by one
        "".join(f"{n}. Ann 1-2 ; {n}\nsetup bank houses {n}\n\n" for n in range(1, 80)),
        "1. Ann 3-4 Boardwalk ! rent\n2. Ben 1-2\n",  # a character no terminal matches
    ],
)
def test_blanks_comments_and_clauses_read_as_lark_reads_them(text: str) -> None:
    _agree(repr(text), text)


def test_a_slice_of_a_record_reads_as_lark_reads_it() -> None:
    text = '[Event "x"]\n1. Ann 3-4 Boardwalk ; noted\n\n2. Ben 1-2 Park Place rent 50 { ok }\n'
    start = text.index("2. Ben")
    events = parse_lines(text, "r", start)
    assert [e.span.line for e in events] == [4, 4, 4, 4]
    assert _deep(events) == _deep(parse_lines(text, "r")[-4:])


def test_the_lines_of_a_simulated_game_are_read_without_lark() -> None:
    # the reader's purpose: what a simulated game's lines say, bar deals and the rare clauses,
    # is read here (a shape that falls to Lark reads the same, only slower)
    reader = LineReader(StateLexer(record_parser().lexer_conf))
    text = simulate("us-2018", 4, 11).text
    items = reader.read(text, 0, len(text))
    left = [text[i[0] : i[1]] for i in items if isinstance(i, tuple)]
    lines = [line for part in left for line in part.splitlines() if line.strip()]
    rest = [line for line in lines if not line.startswith("deal ")]
    assert len(rest) <= len(text.splitlines()) // 50, rest[:5]


@pytest.mark.parametrize("text", ["1. Ann 3-4 Boardwalk \t", "1. Ann 3-4 =Ann 5  "])
def test_a_last_line_with_blanks_after_its_last_token_is_read_without_lark(text: str) -> None:
    # the blanks at the text's end match no terminal: the line is read here, as Lark reads it
    reader = LineReader(StateLexer(record_parser().lexer_conf))
    assert not any(isinstance(i, tuple) for i in reader.read(text, 0, len(text)))
    _agree(repr(text), text)
