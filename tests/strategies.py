"""Hypothesis strategies for valid .mlog records, for round-trip, fuzz and property tests.

`records()` draws the text of a whole valid record: tags, setup lines, turn lines with random
clauses, continuation and actor lines, deals, `;` and `{…}` comments, blank lines, with the
spacing, currency signs and comma styles a person might type. Names come from a pool with
multi-word names, non-ASCII letters, quoted names with escapes and square numbers.
`event_lists()` draws the parsed events of such a record.

Every record drawn here must parse: a failure to parse one is a bug in the grammar or here.
Building blocks (`clause()`, `line()`, `player()`, `square()`, `card()`, `amount()` …) are public
so other tests can draw a single clause or line.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from monolog.notation import parse_text
from monolog.notation.events import Event

Draw = st.DrawFn

# --------------------------------------------------------------------------- names

PLAYER_NAMES = ["Ann", "Ben", "Cal", "Zoë", "Mary Jo", "Øresund Allé", "O'Neil", "Σοφία"]
QUOTED_PLAYERS = ["le roi", 'Ann "the shark"', "back\\slash", "ann", "Zoë {two}"]
SQUARE_NAMES = [
    "Boardwalk",
    "Park Place",
    "St. Charles Place",
    "B&O Railroad",
    "Marvin Gardens",
    "Vermont Avenue",
    "Øresund Allé",
    "Kentucky Ave.",
    "Reading Railroad",
    "Chance",
]
QUOTED_SQUARES = ["Go to Jail", "free parking", 'say "hi"', "a\\b", "Fenchurch St. station"]
CARD_NAMES = ["CH07", "CC05", "CH01", "Advance To Go", "Bank Error"]
QUOTED_CARDS = ["Go back three spaces", "bank pays you dividend of $50"]
TAG_KEYS = ["Event", "Site", "Date", "Round", "Players", "Edition", "Ruling", "Time Control"]

# capitalised words made up here, so names beyond the fixed pool are tried too
_CAPITALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÉÖØÞĀŁΣΩ"
_WORD_TAIL = "abcdefghijklmnopqrstuvwxyzäëöüßøåñ0123456789.&'’-"


# any character a quoted text may hold (a quote and a backslash are escaped when written)
_TEXT_CHARS = st.characters(exclude_characters="\r\n\0", exclude_categories=["Cs"])


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def quoted(text: str) -> str:
    """`text` as a quoted string of the notation."""
    return '"' + _escape(text) + '"'


@cache
@st.composite
def made_up_name(draw: Draw) -> str:
    """A capitalised name of one to three words that no pool holds."""
    words = draw(
        st.lists(
            st.builds(
                lambda head, tail: head + tail,
                st.sampled_from(_CAPITALS),
                st.text(alphabet=_WORD_TAIL, max_size=6),
            ),
            min_size=1,
            max_size=3,
        )
    )
    return " ".join(words)


@st.composite
def _quoted_text(draw: Draw, pool: list[str]) -> str:
    text = str(
        draw(
            st.one_of(
                st.sampled_from(pool),
                st.text(alphabet=_TEXT_CHARS, max_size=12),
            )
        )
    )
    written = quoted(text)
    if draw(st.booleans()) and "q" not in text:
        # a needless escape: `\q` reads as `q`
        written = written[:-1] + '\\q"'
    return written


@cache
def player() -> st.SearchStrategy[str]:
    """A player as written: a bare name or a quoted one."""
    return st.one_of(
        st.sampled_from(PLAYER_NAMES),
        made_up_name(),
        _quoted_text(QUOTED_PLAYERS),
    )


@cache
def square() -> st.SearchStrategy[str]:
    """A square as written: a bare name, a quoted one, or `#n`."""
    return st.one_of(
        st.sampled_from(SQUARE_NAMES),
        made_up_name(),
        _quoted_text(QUOTED_SQUARES),
        st.integers(0, 39).map(lambda n: f"#{n}"),
    )


@cache
def card() -> st.SearchStrategy[str]:
    """A card by id or title, bare or quoted."""
    return st.one_of(st.sampled_from(CARD_NAMES), _quoted_text(QUOTED_CARDS))


@cache
def amount() -> st.SearchStrategy[str]:
    """An amount of money with an optional currency sign."""
    return st.builds(
        lambda sign, n: f"{sign}{n}", st.sampled_from(["", "", "$", "£", "€"]), st.integers(0, 5000)
    )


@cache
def _dice() -> st.SearchStrategy[str]:
    return st.builds(lambda a, b: f"{a}-{b}", st.integers(1, 6), st.integers(1, 6))


# --------------------------------------------------------------------------- spacing


@cache
def _sp() -> st.SearchStrategy[str]:
    """Space between two tokens, as typed."""
    return st.sampled_from([" ", " ", " ", "  ", "\t", " \t "])


@st.composite
def _join(draw: Draw, parts: list[str]) -> str:
    out = parts[0]
    for p in parts[1:]:
        out += str(draw(_sp())) + p
    return out


@st.composite
def _listing(draw: Draw, items: list[str]) -> str:
    """Items separated by commas in any of the ways people write them."""
    out = items[0]
    for item in items[1:]:
        # a bare comma right after a number would read as a thousands separator
        tight = not out[-1].isdigit()
        seps = [", ", " , ", ",  ", ",\t"] + ([","] if tight else [])
        out += str(draw(st.sampled_from(seps))) + item
    return out


def _opt(draw: Draw, strategy: st.SearchStrategy[str]) -> list[str]:
    """Zero or one token from `strategy`."""
    return [str(draw(strategy))] if draw(st.booleans()) else []


# --------------------------------------------------------------------------- clauses


@cache
@st.composite
def _build_item(draw: Draw) -> str:
    parts = [str(draw(square()))]
    kind = draw(st.sampled_from(["", "count", "hotel"]))
    if kind == "count":
        parts.append(f"x{draw(st.integers(0, 5))}")
    elif kind == "hotel":
        parts.append("hotel")
    return str(draw(_join(parts)))


@st.composite
def _list_of(draw: Draw, item: st.SearchStrategy[str], max_size: int = 3) -> str:
    items = [str(x) for x in draw(st.lists(item, min_size=1, max_size=max_size))]
    return str(draw(_listing(items)))


@cache
@st.composite
def clause(draw: Draw) -> str:
    """One clause of a turn, continuation or actor line."""
    kind = draw(
        st.sampled_from(
            [
                "roll", "move", "salary", "buy", "decline", "auction", "rent", "unclaimed", "tax",
                "card", "dice", "jail", "fine", "goojf", "build", "sell", "sell deed",
                "mortgage", "unmortgage", "interest", "pay", "bankrupt", "resign", "time", "end",
                "check", "dispute",
            ]
        )
    )  # fmt: skip
    parts: list[str]
    if kind == "roll":
        parts = [str(draw(_dice())), *_opt(draw, square())]
    elif kind == "move":
        parts = [str(draw(st.sampled_from(["->", "-> "]))) + str(draw(square()))]
    elif kind in ("salary", "buy", "fine"):
        parts = [kind, *_opt(draw, amount())]
    elif kind in ("decline", "jail", "resign", "time", "end"):
        parts = [kind]
    elif kind == "auction":
        parts = ["auction"]
        lot = draw(st.sampled_from(["", "square", "house", "hotel"]))
        if lot == "square":
            parts.append(str(draw(square())))
        elif lot:
            parts.append(str(lot))
        if draw(st.integers(0, 3)) == 0:
            parts.append("nobids")
        else:
            bids = draw(st.lists(st.tuples(player(), amount()), min_size=1, max_size=3))
            bid_texts = [f"{p} {a}" for p, a in bids]
            # the comma between bids may be left out
            commas = draw(st.booleans())
            joined = draw(_listing(bid_texts)) if commas else " ".join(bid_texts)
            winner, price = bids[-1]
            parts += ["bids", joined, "sold", str(winner), str(price)]
    elif kind == "rent":
        parts = ["rent", *_opt(draw, amount())]
        if draw(st.booleans()):
            parts += ["to", str(draw(player()))]
    elif kind == "unclaimed":
        parts = ["rent", "unclaimed"]
        if draw(st.booleans()):
            parts += ["to", str(draw(player()))]
    elif kind == "tax":
        parts = [
            "tax",
            *_opt(draw, st.integers(1, 20).map(lambda n: f"{n}%")),
            *_opt(draw, amount()),
        ]
    elif kind == "card":
        parts = ["card", str(draw(card())), *_opt(draw, amount())]
    elif kind == "dice":
        parts = ["dice", str(draw(_dice()))]
    elif kind == "goojf":
        parts = ["goojf", *_opt(draw, card())]
    elif kind in ("build", "sell"):
        parts = [kind, str(draw(_list_of(_build_item())))]
        if draw(st.booleans()):
            parts += ["for", str(draw(amount()))]
    elif kind == "sell deed":  # the price is always written
        parts = ["sell", "deed", str(draw(_list_of(square()))), "for", str(draw(amount()))]
    elif kind in ("mortgage", "unmortgage", "interest"):
        parts = [kind, str(draw(_list_of(square())))]
        if draw(st.booleans()):
            parts += ["for", str(draw(amount()))]
    elif kind == "pay":
        parts = ["pay", str(draw(amount())), "to", str(draw(st.one_of(player(), st.just("bank"))))]
    elif kind == "bankrupt":
        parts = ["bankrupt"]
        to = draw(st.sampled_from(["", "to", "to bank, creditor"]))
        if to == "to":
            parts += ["to", str(draw(st.one_of(player(), st.just("bank"))))]
        elif to:  # the bank, the player owed named (CF-82)
            parts += ["to", str(draw(st.sampled_from(["bank,", "bank ,"]))), "creditor"]
            parts.append(str(draw(player())))
    elif kind == "check":
        who = _opt(draw, player())
        parts = [str(draw(st.sampled_from(["=", "= "]))) + " ".join([*who, str(draw(amount()))])]
    else:  # dispute
        parts = ["disputed", *_opt(draw, _quoted_text(["ruled by the table", "no rent"]))]
    return str(draw(_join(parts)))


@st.composite
def _clauses(draw: Draw, min_size: int) -> list[str]:
    return [str(c) for c in draw(st.lists(clause(), min_size=min_size, max_size=4))]


# --------------------------------------------------------------------------- comments


@cache
def inline_comment() -> st.SearchStrategy[str]:
    """A `{…}` comment, on one line."""
    text = st.text(
        alphabet=st.characters(exclude_characters="}\r\n\0", exclude_categories=["Cs"]),
        max_size=15,
    )
    return text.map(lambda t: "{" + t + "}")


@cache
def line_comment() -> st.SearchStrategy[str]:
    """A `;` comment to the end of the line."""
    text = st.text(
        alphabet=st.characters(exclude_characters="\r\n\0", exclude_categories=["Cs"]),
        max_size=15,
    )
    return text.map(lambda t: ";" + t)


@st.composite
def _with_comments(draw: Draw, parts: list[str], between: bool = True) -> str:
    """Parts of a line joined by spaces, with `{…}` comments dropped between them (or only
    around the line when `between` is False) and perhaps a `;` comment at the end."""
    out: list[str] = []
    for i, p in enumerate(parts):
        if (between or i == 0) and draw(st.integers(0, 5)) == 0:
            out.append(str(draw(inline_comment())))
        out.append(p)
    if draw(st.integers(0, 5)) == 0:
        out.append(str(draw(inline_comment())))
    if draw(st.integers(0, 4)) == 0:
        out.append(str(draw(line_comment())))
    return str(draw(_join(out)))


# --------------------------------------------------------------------------- lines


@cache
@st.composite
def tag(draw: Draw) -> str:
    key = str(draw(st.sampled_from(TAG_KEYS)))
    value = str(draw(_quoted_text(["Thursday league", "2024-05-01", "Ann, Ben, Cal", "us-2018"])))
    if draw(st.booleans()):
        return f"[{key} {value}]"
    return f"[ {key}\t{value} ]"


@cache
@st.composite
def _holding(draw: Draw) -> str:
    parts = [str(draw(square()))]
    kind = draw(st.sampled_from(["", "count", "hotel"]))
    if kind == "count":
        parts.append(f"x{draw(st.integers(0, 4))}")
    elif kind == "hotel":
        parts.append("hotel")
    if draw(st.booleans()):
        parts.append("mortgaged")
    return str(draw(_join(parts)))


@cache
@st.composite
def setup_line(draw: Draw) -> str:
    kind = draw(st.sampled_from(["player", "player", "bank", "deck", "next"]))
    if kind == "bank":
        items = [f"houses {draw(st.integers(0, 32))}", f"hotels {draw(st.integers(0, 12))}"]
        chosen = [str(x) for x in draw(st.permutations(items))][: draw(st.integers(1, 2))]
        return str(draw(_join(["setup", "bank", *chosen])))
    if kind == "deck":
        return str(draw(_join(["setup", "deck", str(draw(_list_of(card(), 5)))])))
    if kind == "next":
        return str(draw(_join(["setup", "next", str(draw(player()))])))
    pool = {
        "cash": lambda: f"cash {draw(amount())}",
        "at": lambda: f"at {draw(square())}",
        "owns": lambda: f"owns {draw(_list_of(_holding()))}",
        "goojf": lambda: " ".join(["goojf", *_opt(draw, card())]),
        "jail": lambda: " ".join(["jail", *_opt(draw, st.integers(0, 3).map(str))]),
    }
    keys = draw(
        st.lists(st.sampled_from(["cash", "at", "owns", "goojf", "jail", "goojf", "owns"]),
                 min_size=1, max_size=5)
    )  # fmt: skip
    items = [pool[str(k)]() for k in keys]
    return str(draw(_join(["setup", str(draw(player())), *items])))


@cache
@st.composite
def deal_line(draw: Draw) -> str:
    def side() -> str:
        if draw(st.integers(0, 4)) == 0:
            gives = "nothing"
        else:
            item = st.one_of(
                square(),
                amount(),
                st.builds(lambda c: f"goojf {c}".rstrip(), st.one_of(card(), st.just(""))),
            )
            gives = str(draw(_list_of(item)))
        return f"{draw(player())}: {gives}"

    return str(draw(_join(["deal", side(), "|", side()])))


@cache
@st.composite
def line(draw: Draw) -> str:
    """One movetext or setup line, comments included."""
    kind = draw(
        st.sampled_from(["turn", "turn", "turn", "cont", "actor", "actor", "deal", "setup"])
    )
    if kind == "turn":
        head = f"{draw(st.integers(1, 300))}. {draw(player())}"
        return str(draw(_with_comments([head, *draw(_clauses(0))])))
    if kind == "cont":
        return str(draw(_with_comments(draw(_clauses(1)))))
    if kind == "actor":
        who = str(draw(player()))
        return str(draw(_with_comments([who, *draw(_clauses(1))])))
    if kind == "deal":
        return str(draw(_with_comments([str(draw(deal_line()))], between=False)))
    return str(draw(_with_comments([str(draw(setup_line()))], between=False)))


@cache
@st.composite
def _filler(draw: Draw) -> str:
    """A line with nothing but comments or whitespace on it."""
    return str(
        draw(
            st.sampled_from(["", "   ", "\t"]).flatmap(
                lambda ws: st.one_of(
                    st.just(ws),
                    line_comment().map(lambda c: ws + c),
                    inline_comment().map(lambda c: ws + c),
                )
            )
        )
    )


@cache
@st.composite
def records(draw: Draw) -> str:
    """The text of a whole valid record."""
    tags = [
        str(draw(_with_comments([str(t)], between=False)))
        for t in draw(st.lists(tag(), max_size=4))
    ]
    body: list[str] = []
    real = bool(tags)  # a record needs at least one line that is more than comments
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.integers(0, 3)) == 0:
            body.append(draw(_filler()))
        else:
            body.append(draw(line()))
            real = True
    if not real:
        body.insert(draw(st.integers(0, len(body))), draw(line()))
    gap = draw(st.booleans())  # a blank line between the tags and the rest
    lines = tags + ([""] if tags and gap else []) + body
    trailing = str(draw(st.sampled_from(["", " ", "\t"])))
    newline = str(draw(st.sampled_from(["\n", "\n", "\r\n"])))
    text = newline.join(line_ + trailing for line_ in lines)
    if draw(st.booleans()):
        text += newline * int(draw(st.integers(1, 3)))
    if draw(st.integers(0, 5)) == 0:
        text = newline * int(draw(st.integers(1, 2))) + text
    return text


@cache
def event_lists() -> st.SearchStrategy[list[Event]]:
    """The events of a valid record (as the parser gives them, comments included)."""
    return records().map(lambda text: parse_text(text, "<drawn>"))
