"""The common mistakes made when writing a record, each with a stable code and a message that
says what is wrong and how to write it instead.

This module is data: `MISTAKES` is read in order and the first entry that fits an error wins.
An entry is recognised in one of two ways:

- by its shape: `shape` is a regular expression that must match the text where the parser
  stopped. With `anywhere`, the shape is enough: the mistake looks the same wherever it is made
  (an unclosed `{`, an amount with a thousands separator). `needs` adds that the parser must have
  been ready for that kind of token there (a bare `3` where a roll could stand); `unreadable`,
  that no token of the notation could be read there at all (a word that is no keyword).
- by its place: the parser stopped in the same state as on one of the `examples` (Lark's
  `match_examples`). `shape` and `line` (a pattern for the whole line) narrow it further.

Every example text must produce the entry's code: the tests check each one, and the finding
catalogue shows them. Messages may use `{text}` (the text where the parser stopped), `{word}`
and `{hint}` (for an unknown word or a name written in lower case: the word and the suggestion,
if any; for a name alone on a line, the name) and `{turn}` (the number the next turn line
would carry: one more than the last one above).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mistake:
    """One common mistake: its code, its message and the texts that show it."""

    code: str
    message: str
    expected: tuple[str, ...]
    examples: tuple[str, ...]
    shape: str | None = None
    anywhere: bool = False
    needs: str | None = None
    line: str | None = None
    unreadable: bool = False


# Where a clause can stand: first or later on a turn line, a continuation line or an actor
# line, on the first line of the record or a later one. Lark tells parser states apart by the
# depth of the stack too, so an example of a mistake inside a clause is tried in each place.
_CLAUSE_PLACES = (
    "1. Ann {}",
    "1. Ann decline {}",
    "{}",
    "decline {}",
    "Ben {}",
    "Ben decline {}",
)
_LINE_PLACES = ("{}", '[Event "x"]\n{}')


def on_a_line(*texts: str) -> tuple[str, ...]:
    """Examples of a mistake that spans a whole line, as the first line and as a later one."""
    return tuple(place.format(t) for t in texts for place in _LINE_PLACES)


def in_a_clause(*texts: str) -> tuple[str, ...]:
    """Examples of a mistake inside a clause, in every place a clause can stand."""
    lines = [place.format(t) for t in texts for place in _CLAUSE_PLACES]
    return on_a_line(*lines)


MISTAKES: tuple[Mistake, ...] = (
    Mistake(
        "P113",
        "this '{{' comment is never closed on its line: end it with '}}' before the line ends",
        ("a '}' to close the comment on the same line",),
        (
            "1. Ann 3-4 Vermont Avenue {bought it",
            "{ a note\n1. Ann 3-4",
            "{ a note\nover two lines } 1. Ann 3-4",
        ),
        shape=r"\{[^}\n]*(?:\n|\Z)",
        anywhere=True,
    ),
    Mistake(
        "P115",
        "this quoted text is never closed: end it with '\"' on the same line",
        ("a '\"' to close the quoted text",),
        ('[Event "Thursday league]', '1. Ann -> "Go to Jail'),
        # no closing quote before the line's end: "(?:[^"\\\n]|\\.)*(?:\n|\Z) without its
        # repeated group, which costs memory a character (the quoted text of the grammar)
        shape=r'"(?![^\n]*?(?<!\\)(?:\\\\)*")[^\n]*?(?<!\\)(?:\\\\)*(?:\n|\Z)',
        anywhere=True,
    ),
    Mistake(
        "P111",
        "'{text}' is not a roll: each die shows 1 to 6, so write a roll like 3-4",
        ("a roll of both dice like 3-4",),
        ("1. Ann 3-7 Vermont Avenue", "1. Ann 0-4", "1. Ann dice 12-3"),
        shape=r"(?:[0-9]+-(?:0|[7-9]|[0-9]{2,})|(?:0|[7-9]|[0-9]{2,})-[0-9]+)(?![0-9])",
        anywhere=True,
    ),
    Mistake(
        "P114",
        "'{text}' is not an amount: write whole numbers with no separators, like 1500 or $1500",
        ("an amount like 200 or $200",),
        (
            "1. Ann buy 1,500",
            "1. Ann buy $-5",
            "1. Ann rent 12.50",
            "deal Ann: 1,000 | Ben: nothing",
        ),
        shape=r"[$£€]?-[0-9]+|[$£€]?[0-9]+(?:[,.][0-9]+)+|[$£€](?![0-9])\S*",
        anywhere=True,
    ),
    Mistake(
        "P123",
        "'{text}' is joined by a dash that is not a hyphen: write the roll with '-', like 3-4",
        ("a roll of both dice like 3-4",),
        ("1. Ann 3–4 Vermont Avenue", "1. Ann 6—6", "Ann dice 2−5"),
        shape=r"[0-9]+[‐‑‒–—―−][0-9]+",
        anywhere=True,
    ),
    Mistake(
        "P122",
        "a turn number ends with a dot: write '{text}.', like 12. Ann 3-4",
        ("a turn number like 12.",),
        ("12 Ann 3-4 Vermont Avenue", "1) Ann 3-4", '[Event "x"]\n2: Ben 6-6', "3, Cal 1-2"),
        shape=r"[0-9]+(?=[):,]|[ \t]+[A-Z\"][^\n]*?[ \t][0-9]-[0-9])",
        anywhere=True,
        needs="TURN_NO",
    ),
    Mistake(
        "P124",
        "'{text}' is a roll written with spaces: write the two dice joined by '-', like 3-4",
        ("a roll of both dice like 3-4",),
        ("1. Ann 4 - 2 Vermont Avenue", "1. Ann 4 -2", "1. Ann 4- 2 Chance", "Ann dice 6 - 6"),
        shape=r"[0-9]+(?:[ \t]+-[ \t]*|-[ \t]+)[0-9]+(?![0-9])",
        anywhere=True,
        needs="ROLL",
    ),
    Mistake(
        "P110",
        "a die is missing: a roll gives both dice, like 3-4",
        ("a roll of both dice like 3-4",),
        ("1. Ann 3- Vermont Avenue", "1. Ann buy 3-"),
        shape=r"[0-9]+-(?![0-9])",
        anywhere=True,
    ),
    Mistake(
        "P110",
        "a die is missing: a roll gives both dice, like 3-4",
        ("a roll of both dice like 3-4",),
        ("1. Ann 3 Vermont Avenue", "1. Ann 7", "Ann decline 4 Chance"),
        shape=r"(?:1[0-2]|[1-9])(?=[ \t]+[A-Z\"#]|[ \t]*(?:\r?\n|\Z))",
        anywhere=True,
        needs="ROLL",
    ),
    Mistake(
        "P121",
        "a new turn starts on a line of its own: put '{text}' at the start of the next line",
        ("the end of the line before the next turn",),
        ("1. Ann 3-4 Vermont Avenue decline 2. Ben 6-6", "1. Ann 3-4 2. Ben"),
        shape=r"[0-9]+\.(?![0-9])",
        anywhere=True,
    ),
    Mistake(
        "P117",
        'a tag is written [Key "value"]: a capitalised key, then the value in double quotes',
        ('a tag like [Event "Thursday league"]',),
        on_a_line(
            "[Event Thursday]",
            "[Event x]",
            "[Event 2024]",
            "[Event]",
            "[event]",
            '[event "x"]',
            "[]",
            "[",
        ),
        line=r"[ \t]*\[",
    ),
    Mistake(
        "P116",
        "this tag is not closed: end it with ']' after the quoted value",
        ("']' to close the tag",),
        on_a_line('[Event "Thursday league"', '[Event "Thursday league" x', '[Event "a" "b"]'),
        line=r"[ \t]*\[",
    ),
    Mistake(
        "P125",
        "a turn line starts with its number: write '{turn}. {word}' to start {word}'s turn "
        "(a line that only names a player is not a turn)",
        ("a turn number like 12. before the player",),
        on_a_line("Ann", "Ann {comment}", "Ann ; comment"),
        line=r"[ \t]*[A-Z\u00C0-\u024F][\w.&'’\-]*(?: [A-Z\u00C0-\u024F][\w.&'’\-]*)*"
        r"[ \t]*(?:[;{].*)?\r?$",
    ),
    Mistake(
        "P118",
        "a turn number is followed by the player whose turn it is, like 12. Ann 3-4{hint}",
        ("the player's name",),
        on_a_line("1.", "1. 3-4 Vermont Avenue", "1. buy", "1. ann", "1. 200", "1. -> Go"),
    ),
    Mistake(
        "P112",
        "unknown word '{word}'{hint}",
        (),
        ("1. Ann 3-4 byu 100", "1. Ann 3-4 Vermont Avenue rnet 26", "setup Ann csh 1200"),
        shape=r"[a-z]",
        anywhere=True,
        unreadable=True,
    ),
    Mistake(
        "P127",
        "a building is written by the site it stands on: 'sell Baltic Avenue x1' to the bank, "
        "'sell Baltic Avenue x1 to Ben' to a player (against the rules), 'Baltic Avenue x1' "
        "in a deal",
        ("a site with its buildings, like Baltic Avenue x1",),
        (
            *in_a_clause("sell house", "sell houses", "sell hotel", "build house"),
            *on_a_line("deal Ann: house | Ben: 50", "deal Ann: 50 | Ben: hotel"),
        ),
        shape=r"(?:house|hotel)s?(?![\w])",
    ),
    Mistake(
        "P119",
        "an auction with bids ends with 'sold' and the winner's bid, like "
        "auction bids Ben 10, Cal 20 sold Cal 20",
        ("'sold', the winner and the price",),
        in_a_clause(
            "auction bids Ben 10",
            "auction bids Ben 10, Cal 20",
            "auction bids Ben 10 Cal 20 Dan 30",
            "auction Boardwalk bids Ben 10",
            "auction house bids Ben 10, Cal 20",
            "auction bids Ben 10, Cal 20, Dan 30 Cal 20",
        ),
    ),
    Mistake(
        "P120",
        "a deal gives both sides, separated by '|', like deal Ann: Boardwalk | Ben: 400",
        ("'|' and the other side of the deal",),
        on_a_line(
            "deal Ann: Boardwalk",
            "deal Ann: Boardwalk, 100",
            "deal Ann: nothing",
            "deal Ann: goojf",
            "deal Ann: goojf CC05",
            "deal Ann: Boardwalk Ben: Park Place",
            'deal Ann: "Go" Ben: nothing',
            "deal Ann: 100, Boardwalk Ben: nothing",
        ),
        line=r"[ \t]*deal\b",
    ),
)

# Every code a parse error can carry, with a short title (the catalogue holds the full entry).
PARSE_CODES: dict[str, str] = {
    "P001": "Record file cannot be read",
    "P002": "Record is not UTF-8 text",
    "P003": "Record is empty",
    "P004": "Record holds a NUL byte",
    "P101": "Unexpected word or symbol",
    "P102": "Unexpected character",
    "P110": "A die is missing from a roll",
    "P111": "A die out of range",
    "P112": "Unknown word",
    "P113": "Unclosed comment",
    "P114": "Malformed amount",
    "P115": "Unclosed quoted text",
    "P116": "Unclosed tag",
    "P117": "Malformed tag",
    "P118": "Turn number without a player",
    "P119": "Auction without a sale",
    "P120": "Deal without two sides",
    "P121": "Two turns on one line",
    "P122": "Turn number without its dot",
    "P123": "Roll written with a dash",
    "P124": "Roll written with spaces",
    "P125": "Turn without its number",
    "P127": "Building without its site",
    "P126": "Too many lines cannot be read",
    "P130": "Event stream line is not JSON",
    "P131": "Event stream line is not an event",
    "P900": "Internal error while parsing",
}
