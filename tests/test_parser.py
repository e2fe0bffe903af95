"""The parser, event by event: every kind of line and clause gives the event it should, with
the span of its text. A golden file pins the events (spans included) of a sample record, so
that work on the parser's speed cannot change what it produces."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from monolog.notation import ParseError, parse_text
from monolog.notation import events as ev
from monolog.notation.events import Ref, Span, to_data

GOLDEN = Path(__file__).parent / "golden"


def R(text: str, kind: ev.RefKind = "name") -> Ref:
    return Ref(text, kind)


def parse(text: str) -> list[ev.Event]:
    return [e for e in parse_text(text) if not isinstance(e, ev.TRIVIA)]


def clauses(text: str) -> list[ev.Event]:
    """The events of one turn line's clauses (the TurnStart left out)."""
    out = parse("1. Ann " + text)
    assert isinstance(out[0], ev.TurnStart)
    return out[1:]


def one(text: str) -> ev.Event:
    (event,) = clauses(text)
    return event


# ------------------------------------------------------------------ header and setup


def test_tag() -> None:
    (tag,) = parse('[Event "Thursday \\"open\\" league"]')
    assert tag == ev.Tag(Span(0, 0, 0, 0), "Event", 'Thursday "open" league')
    assert tag.span == Span(1, 1, 1, 35)


def test_setup_player_every_item() -> None:
    (s,) = parse(
        "setup Ann cash 1200 at Illinois Avenue owns Boardwalk x2, Park Place hotel, "
        "Reading Railroad mortgaged goojf CC05 goojf jail 2"
    )
    assert isinstance(s, ev.SetupPlayer)
    assert s.player == R("Ann")
    assert s.cash == 1200
    assert s.position == R("Illinois Avenue")
    assert s.holdings == (
        ev.Holding(R("Boardwalk"), 2, False, False),
        ev.Holding(R("Park Place"), 0, True, False),
        ev.Holding(R("Reading Railroad"), 0, False, True),
    )
    assert s.cards == (R("CC05"), None)
    assert s.jail_turns == 2
    assert s.span.line == 1 and s.span.column == 1


def test_setup_player_defaults() -> None:
    (s,) = parse('setup "le roi" jail at #30')
    assert isinstance(s, ev.SetupPlayer)
    assert s.player == R("le roi", "quoted")
    assert (s.cash, s.holdings, s.cards, s.jail_turns) == (None, (), (), 1)
    assert s.position == R("30", "number")
    assert s.position.number == 30


def test_setup_bank_deck_next() -> None:
    bank, deck, nxt = parse(
        'setup bank houses 30 hotels 11\nsetup deck CH03, CH07, "Go back three spaces"\n'
        "setup next Ben"
    )
    assert bank == ev.SetupBank(Span(0, 0, 0, 0), 30, 11)
    assert deck == ev.SetupDeck(
        Span(0, 0, 0, 0), (R("CH03"), R("CH07"), R("Go back three spaces", "quoted"))
    )
    assert nxt == ev.SetupNext(Span(0, 0, 0, 0), R("Ben"))
    assert parse("setup bank hotels 2")[0] == ev.SetupBank(Span(0, 0, 0, 0), None, 2)


# ------------------------------------------------------------------ turn structure


def test_turn_start_and_spans() -> None:
    turn, roll, buy = parse("12. Mary Jo 5-3 Vermont Avenue buy $100")
    assert turn == ev.TurnStart(Span(0, 0, 0, 0), 12, R("Mary Jo"))
    assert turn.span == Span(1, 1, 1, 12)
    assert roll == ev.Roll(Span(0, 0, 0, 0), None, 5, 3, R("Vermont Avenue"))
    assert roll.span == Span(1, 13, 1, 31)
    assert isinstance(roll, ev.Roll) and roll.square is not None
    assert roll.square.span == Span(1, 17, 1, 31)
    assert buy == ev.Buy(Span(0, 0, 0, 0), None, 100)
    assert buy.span == Span(1, 32, 1, 40)


def test_continuation_line_belongs_to_the_turn() -> None:
    events = parse("1. Ann 6-6 Electric Company buy\n4-3 Chance card CH07")
    assert [e.kind for e in events] == ["turn", "roll", "buy", "roll", "card"]
    assert all(getattr(e, "actor", None) is None for e in events[1:])
    assert events[3].span.line == 2


def test_actor_line_names_the_actor() -> None:
    events = parse("1. Ann 5-3\nBen build Park Place x2, Boardwalk hotel for 400 =Ben 600")
    build, check = events[2:]
    assert build == ev.Build(
        Span(0, 0, 0, 0),
        R("Ben"),
        (ev.BuildItem(R("Park Place"), 2, False), ev.BuildItem(R("Boardwalk"), 0, True)),
        400,
    )
    assert check == ev.CashCheck(Span(0, 0, 0, 0), R("Ben"), R("Ben"), 600)
    assert build.span == Span(2, 5, 2, 49)


# ------------------------------------------------------------------ clauses, one by one


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3-4", ev.Roll(Span(0, 0, 0, 0), None, 3, 4, None)),
        ('6-6 "Go to Jail"', ev.Roll(Span(0, 0, 0, 0), None, 6, 6, R("Go to Jail", "quoted"))),
        ("-> #39", ev.Move(Span(0, 0, 0, 0), None, R("39", "number"))),
        ("-> St. Charles Place", ev.Move(Span(0, 0, 0, 0), None, R("St. Charles Place"))),
        ("salary", ev.Salary(Span(0, 0, 0, 0), None, None)),
        ("salary £200", ev.Salary(Span(0, 0, 0, 0), None, 200)),
        ("buy", ev.Buy(Span(0, 0, 0, 0), None, None)),
        ("decline", ev.Decline(Span(0, 0, 0, 0), None)),
        ("rent", ev.Rent(Span(0, 0, 0, 0), None, None, None)),
        ("rent 26 to Ben", ev.Rent(Span(0, 0, 0, 0), None, 26, R("Ben"))),
        ("rent to Ben", ev.Rent(Span(0, 0, 0, 0), None, None, R("Ben"))),
        ("rent unclaimed", ev.RentUnclaimed(Span(0, 0, 0, 0), None, None)),
        ("rent unclaimed to Ben", ev.RentUnclaimed(Span(0, 0, 0, 0), None, R("Ben"))),
        ("tax", ev.Tax(Span(0, 0, 0, 0), None, None, None)),
        ("tax 10%", ev.Tax(Span(0, 0, 0, 0), None, 10, None)),
        ("tax 10% 150", ev.Tax(Span(0, 0, 0, 0), None, 10, 150)),
        ("tax $200", ev.Tax(Span(0, 0, 0, 0), None, None, 200)),
        ("card CH07", ev.CardDraw(Span(0, 0, 0, 0), None, R("CH07"), None)),
        (
            'card "Bank error" €200',
            ev.CardDraw(Span(0, 0, 0, 0), None, R("Bank error", "quoted"), 200),
        ),
        ("dice 2-5", ev.Dice(Span(0, 0, 0, 0), None, 2, 5)),
        ("jail", ev.GoToJail(Span(0, 0, 0, 0), None)),
        ("fine", ev.PayFine(Span(0, 0, 0, 0), None, None)),
        ("fine 50", ev.PayFine(Span(0, 0, 0, 0), None, 50)),
        ("goojf", ev.UseJailCard(Span(0, 0, 0, 0), None, None)),
        ("goojf CC05", ev.UseJailCard(Span(0, 0, 0, 0), None, R("CC05"))),
        (
            "sell Park Place x1, Boardwalk",
            ev.Sell(
                Span(0, 0, 0, 0),
                None,
                (ev.BuildItem(R("Park Place"), 1, False), ev.BuildItem(R("Boardwalk"), 1, False)),
                None,
            ),
        ),
        (
            "mortgage Boardwalk, #37 for 375",
            ev.Mortgage(Span(0, 0, 0, 0), None, (R("Boardwalk"), R("37", "number")), 375),
        ),
        ("unmortgage Boardwalk", ev.Unmortgage(Span(0, 0, 0, 0), None, (R("Boardwalk"),), None)),
        ("interest Boardwalk for 20", ev.Interest(Span(0, 0, 0, 0), None, (R("Boardwalk"),), 20)),
        ("pay 50 to Ben", ev.Pay(Span(0, 0, 0, 0), None, 50, R("Ben"))),
        ("pay $20 to bank", ev.Pay(Span(0, 0, 0, 0), None, 20, None)),
        ("bankrupt", ev.Bankrupt(Span(0, 0, 0, 0), None, None)),
        ("bankrupt to bank", ev.Bankrupt(Span(0, 0, 0, 0), None, None, True)),
        ("bankrupt to Ben", ev.Bankrupt(Span(0, 0, 0, 0), None, R("Ben"))),
        ("resign", ev.Resign(Span(0, 0, 0, 0), None)),
        ("time", ev.TimeCalled(Span(0, 0, 0, 0), None)),
        ("end", ev.GameEnd(Span(0, 0, 0, 0), None)),
        ("=1320", ev.CashCheck(Span(0, 0, 0, 0), None, None, 1320)),
        ('="le roi" 5', ev.CashCheck(Span(0, 0, 0, 0), None, R("le roi", "quoted"), 5)),
        ("disputed", ev.Dispute(Span(0, 0, 0, 0), None, None)),
        ('disputed "host ruled"', ev.Dispute(Span(0, 0, 0, 0), None, "host ruled")),
    ],
)
def test_clause(text: str, expected: ev.Event) -> None:
    event = one(text)
    assert event == expected
    assert event.span.line == 1 and event.span.column == 8
    assert event.span.end_column == 8 + len(text)


def test_auctions() -> None:
    a, b, c, d = clauses(
        "decline auction bids Ben 10, Cal 20 sold Cal 20 auction Boardwalk nobids "
        "auction house bids Ann 5 Ben 6 sold Ben 6 auction hotel nobids"
    )[1:]
    assert a == ev.Auction(
        Span(0, 0, 0, 0),
        None,
        "pending",
        None,
        (ev.Bid(R("Ben"), 10), ev.Bid(R("Cal"), 20)),
        R("Cal"),
        20,
    )
    assert b == ev.Auction(Span(0, 0, 0, 0), None, "square", R("Boardwalk"), (), None, None)
    assert c == ev.Auction(
        Span(0, 0, 0, 0),
        None,
        "house",
        None,
        (ev.Bid(R("Ann"), 5), ev.Bid(R("Ben"), 6)),
        R("Ben"),
        6,
    )
    assert d == ev.Auction(Span(0, 0, 0, 0), None, "hotel", None, (), None, None)


def test_deal() -> None:
    (deal,) = parse('deal Ann: Boardwalk, 100, goojf CC05, goojf | "le roi": nothing')
    assert deal == ev.Deal(
        Span(0, 0, 0, 0),
        ev.DealSide(
            R("Ann"),
            (
                ev.DealItem("square", square=R("Boardwalk")),
                ev.DealItem("cash", amount=100),
                ev.DealItem("card", card=R("CC05")),
                ev.DealItem("card"),
            ),
        ),
        ev.DealSide(R("le roi", "quoted"), ()),
    )
    assert deal.span == Span(1, 1, 1, 64)


# ------------------------------------------------------------------ trivia and layout


def test_comments_and_blank_lines_are_kept_in_order() -> None:
    events = parse_text('; head\n[Event "x"]\n\n\n1. Ann 3-4 {quick} buy ; cheap\n')
    assert [e.kind for e in events] == [
        "comment",
        "tag",
        "blank",
        "turn",
        "roll",
        "comment",
        "buy",
        "comment",
    ]
    head, _, blank, _, _, quick, _, cheap = events
    assert head == ev.Comment(Span(0, 0, 0, 0), " head", False)
    assert quick == ev.Comment(Span(0, 0, 0, 0), "quick", True)
    assert cheap == ev.Comment(Span(0, 0, 0, 0), " cheap", False)
    assert blank.span.line == 3
    assert quick.span == Span(5, 12, 5, 19)


def test_a_brace_comment_stays_on_its_line() -> None:
    # an unclosed `{` is an error on its own line, not a comment that eats the next lines
    with pytest.raises(ParseError) as err:
        parse_text("{ one\ntwo } 1. Ann 3-4\n2. Ben 1-2")
    assert (err.value.finding.code, err.value.finding.span.line) == ("P113", 1)
    events = parse_text("{ one } 1. Ann 3-4\n2. Ben 1-2")
    assert [e.kind for e in events] == ["comment", "turn", "roll", "turn", "roll"]
    assert events[0].span == Span(1, 1, 1, 8)


def test_layout_does_not_change_events() -> None:
    tight = parse_text("1. Ann 3-4 Vermont Avenue buy 100\n")
    loose = parse_text("\n  1.   Ann\t3-4   Vermont Avenue buy 100   \r\n\n")
    assert [e for e in loose if not isinstance(e, ev.BlankLine)] == tight


def test_names_with_accents_and_signs() -> None:
    turn, roll = parse("3. Zoë 2-2 Øresund Allé")
    assert turn == ev.TurnStart(Span(0, 0, 0, 0), 3, R("Zoë"))
    assert isinstance(roll, ev.Roll) and roll.square == R("Øresund Allé")
    (_, r2) = parse("4. O'Neil 1-3 B&O Railroad")
    assert isinstance(r2, ev.Roll) and r2.square == R("B&O Railroad")


# ------------------------------------------------------------------ the golden record


def test_golden_record_events_are_unchanged() -> None:
    """Events and spans of a sample record, as the parser produced them before any tuning."""
    text = (GOLDEN / "parse_sample.mlog").read_text(encoding="utf-8")
    expected = [
        json.loads(line)
        for line in (GOLDEN / "parse_sample.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    got = [to_data(e) for e in parse_text(text, "sample.mlog")]
    assert len(got) == len(expected)
    for i, (g, x) in enumerate(zip(got, expected, strict=True)):
        assert g == x, f"event {i} differs"


def _strings_not_plain(value: object, path: str) -> list[str]:
    """Where `value` (an event, and what it holds) keeps a `str` that is not a plain one."""
    if isinstance(value, str):
        return [] if type(value) is str else [f"{path}: {type(value).__name__}"]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found: list[str] = []
        for field in dataclasses.fields(value):
            found += _strings_not_plain(getattr(value, field.name), f"{path}.{field.name}")
        return found
    if isinstance(value, (list, tuple)):
        return [x for i, item in enumerate(value) for x in _strings_not_plain(item, f"{path}[{i}]")]
    return []


GAMES = sorted((Path(__file__).parents[1] / "scenarios" / "games").glob("*.mlog"))


@pytest.mark.parametrize("record", GAMES[:8], ids=lambda p: p.name)
def test_no_token_reaches_the_events(record: Path) -> None:
    """Lark's tokens are `str` subclasses; the events hold plain strings, so nothing downstream
    (reports, pickled results of workers, JSON) meets a token."""
    events = parse_text(record.read_text(encoding="utf-8"), record.name)
    assert events
    assert _strings_not_plain(events, record.name) == []
