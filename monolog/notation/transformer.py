"""The callbacks that turn parse rules straight into events (no intermediate tree).

They are passed to Lark's LALR parser as its transformer, so each runs as soon as its rule is
reduced. Spans are taken from the tokens (Lark cannot give `meta` to an inline transformer).
Callbacks take the children as a list: optional parts are found by their token type, not by
position. A token is Lark's `Token`, a `str`; nothing else among the children is a `str`.
"""

from __future__ import annotations

import sys
from typing import Any, Protocol, TypeGuard

from lark import Token

from . import events as ev
from .events import Ref, Span


class Placed(Protocol):
    """What the callbacks read of a token (Lark's `Token`, a `str`): its terminal, text and
    place (lines and columns 1-based, the end column just past its last character; Lark's
    contextual lexer always sets them)."""

    type: str
    value: str
    line: int
    column: int
    end_line: int
    end_column: int


def is_token(item: object) -> TypeGuard[Placed]:
    """Whether a child is a token: the only `str` among children."""
    return isinstance(item, str)


def _token_span(tok: Placed) -> Span:
    return Span(tok.line, tok.column, tok.end_line, tok.end_column)


def _span(c: Any) -> Span:
    """The span of a rule whose first child is a token: from it to the end of the last child
    (a token, or anything with a span; a token of another class than Lark's, as lark-cython's
    in benchmarks/parse_bench.py, has its own ends)."""
    first = c[0]
    last = c[-1]
    end: Any = last if last.__class__ is Token else getattr(last, "span", last)
    return Span(first.line, first.column, end.end_line, end.end_column)


def _span_from(start: Span, last: Any) -> Span:
    """From the start of `start` to the end of `last` (a token, or anything with a span)."""
    end: Any = last if last.__class__ is Token else getattr(last, "span", last)
    return Span(start.line, start.column, end.end_line, end.end_column)


def _end_of(item: Any) -> Any:
    """What a setup item's span ends with (items are (kind, value, last child) tuples)."""
    return item[2]


_DIGITS = frozenset("0123456789")


def amount_value(tok: Placed) -> int:
    return amount_of(tok.value)


def amount_of(text: str) -> int:
    """200, $200 or £200 as a number; a checksum's count below zero is -190 or -$190."""
    if text[0] == "-":
        return -amount_of(text[1:])
    return int(text) if text[0] in _DIGITS else int(text[1:])


def unquote(text: str) -> str:
    body = text[1:-1]
    if "\\" not in body:
        return body
    out = []
    it = iter(body)
    for ch in it:
        out.append(next(it, "") if ch == "\\" else ch)
    return "".join(out)


def _refs(children: list[Any]) -> tuple[Ref, ...]:
    return tuple(c for c in children if isinstance(c, Ref))


_DIE = {str(n): n for n in range(10)}


def _roll(tok: Placed) -> tuple[int, int]:
    text = tok.value
    return _DIE[text[0]], _DIE[text[2]]


class EventBuilder:
    """Builds the event list of a whole record. Each line rule returns a list of events.

    Lark looks its callbacks up by rule name (and by terminal name, for lexer callbacks: there
    are none here); a rule without one (the `_` rules, whose children are spliced into their
    parent) gets Lark's tree, as Lark's own `Transformer` base would give it.

    Callbacks are called once per rule reduced, so they are written for speed: children are
    found by position (the grammar fixes where each optional part can stand), spans are built
    from the first and last child directly, and dataclasses are built positionally.
    """

    # ------------------------------------------------------------ references
    def square(self, c: list[Placed]) -> Ref:
        tok = c[0]
        span = Span(tok.line, tok.column, tok.end_line, tok.end_column)
        kind = tok.type
        if kind == "NAME":
            return Ref(tok.value, "name", span)
        if kind == "STRING":
            return Ref(unquote(tok.value), "quoted", span)
        return Ref(tok.value[1:], "number", span)

    def player(self, c: list[Placed]) -> Ref:
        tok = c[0]
        span = Span(tok.line, tok.column, tok.end_line, tok.end_column)
        if tok.type == "STRING":
            return Ref(unquote(tok.value), "quoted", span)
        # a NAME, or a card's id (CARD_ID); a game names its few players on every line: one
        # string each, not one per line
        return Ref(sys.intern(tok.value), "name", span)

    card_ref = player

    # ------------------------------------------------------------ top level
    def lines(self, c: list[list[ev.Event]]) -> list[ev.Event]:
        """`lines? line?`: the events so far and a line's, as one list (either may be left
        out: a blank line, the first line, a record without a line end at its end)."""
        if len(c) == 2:
            c[0].extend(c[1])
        return c[0] if c else []

    start = lines

    def tag(self, c: list[Placed]) -> list[ev.Event]:
        return [ev.Tag(_span(c), c[1].value, unquote(c[2].value))]

    # ------------------------------------------------------------ setup
    def setup_player(self, c: list[Any]) -> list[ev.Event]:
        player: Ref = c[1]
        cash: int | None = None
        position: Ref | None = None
        holdings: list[ev.Holding] = []
        cards: list[Ref | None] = []
        jail: int | None = None
        for kind, value, _ in c[2:]:
            if kind == "cash":
                cash = value
            elif kind == "at":
                position = value
            elif kind == "owns":
                holdings.extend(value)
            elif kind == "goojf":
                cards.append(value)
            elif kind == "jail":
                jail = value
        span = _span_from(_token_span(c[0]), c[-1][2])
        return [ev.SetupPlayer(span, player, cash, position, tuple(holdings), tuple(cards), jail)]

    # setup items are (kind, value, last child) so the line's span can end at the last child
    def setup_cash(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("cash", amount_value(c[1]), c[-1])

    def setup_at(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("at", c[1], c[-1])

    def setup_owns(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("owns", c[1:], c[-1])

    def setup_goojf(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("goojf", c[1] if len(c) > 1 else None, c[-1])

    def setup_jail(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("jail", int(c[1]) if len(c) > 1 else 1, c[-1])

    def holding(self, c: list[Any]) -> ev.Holding:
        houses, hotel = 0, False
        mortgaged = False
        last = c[-1]
        for x in c[1:]:
            if isinstance(x, tuple):
                houses, hotel, last = x
            else:  # MORTGAGED
                mortgaged = True
                last = x
        square: Ref = c[0]
        return ev.Holding(square, houses, hotel, mortgaged, _span_from(square.span, last))

    def building(self, c: list[Placed]) -> tuple[int, bool, Placed]:
        tok = c[0]
        if tok.type == "HOTEL":
            return (0, True, tok)
        return (int(tok.value[1:]), False, tok)

    def standing(self, c: list[Placed]) -> tuple[int, bool, Placed]:
        """A site's buildings in a setup or a deal; `hotel x2`, a hotel with houses beside
        it, is read as written for the engine to report (BLD-07)."""
        if len(c) > 1:
            return (int(c[1].value[1:]), True, c[-1])
        return self.building(c)

    def bank_item(self, c: list[Placed]) -> tuple[str, int, Placed]:
        return (c[0].value, int(c[1].value), c[1])

    def bank_pot(self, c: list[Placed]) -> tuple[str, int, Placed]:
        return ("pot", amount_value(c[1]), c[1])

    def setup_bank(self, c: list[Any]) -> list[ev.Event]:
        houses = hotels = pot = None
        for key, value, _ in c[2:]:
            if key == "houses":
                houses = value
            elif key == "pot":
                pot = value
            else:
                hotels = value
        return [ev.SetupBank(_span_from(_token_span(c[0]), c[-1][2]), houses, hotels, pot)]

    def setup_deck(self, c: list[Any]) -> list[ev.Event]:
        return [ev.SetupDeck(_span(c), tuple(c[2:]))]

    def setup_next(self, c: list[Any]) -> list[ev.Event]:
        doubles: int | None = None
        landing = False
        for item in c[3:]:
            if item[0].type == "LANDING":
                landing = True
            else:
                doubles = int(item[1].value)
        last = c[-1][-1] if len(c) > 3 else c[2]
        return [ev.SetupNext(_span_from(_token_span(c[0]), last), c[2], doubles, landing)]

    def next_item(self, c: list[Placed]) -> list[Placed]:
        return c

    # ------------------------------------------------------------ lines
    # a clause that stands for two events (`card CH10 Community Chest`: the draw and the move)
    # is a list; the lines that hold one spread it out. The flag spares every other line the
    # look through its clauses.
    pairs = False

    def spread(self, c: list[Any]) -> list[Any]:
        self.pairs = False
        out: list[Any] = []
        for e in c:
            if isinstance(e, list):
                out.extend(e)
            else:
                out.append(e)
        return out

    def clauses(self, c: list[Any]) -> list[Any]:
        """`clauses? clause`: the clauses so far, as one list."""
        if len(c) == 1:
            return c
        out: list[Any] = c[0]
        out.append(c[1])
        return out

    def turn(self, c: list[Any]) -> list[ev.Event]:
        tok = c[0]
        player: Ref = c[1]
        end = player.span
        span = Span(tok.line, tok.column, end.end_line, end.end_column)
        start = ev.TurnStart(span, int(tok.value[:-1]), player)
        if len(c) == 2:
            return [start]
        rest = self.spread(c[2]) if self.pairs else c[2]
        rest.insert(0, start)
        return rest

    def cont(self, c: list[Any]) -> list[ev.Event]:
        return self.spread(c[0]) if self.pairs else c[0]

    def actor_line(self, c: list[Any]) -> list[ev.Event]:
        actor: Ref = c[0]
        c = self.spread(c[1]) if self.pairs else c[1]
        for e in c:
            # every clause is an Action built with actor None a moment ago, referenced from
            # nowhere else yet: name the actor of the line in place
            _set_actor(e, actor)
        return c

    # ------------------------------------------------------------ deals
    def deal(self, c: list[Any]) -> list[ev.Event]:
        # DEAL party party check*: the checksums after the deal are events of their own
        deal = ev.Deal(_span(c[:3]), c[1], c[2])
        return [deal, *c[3:]]

    def party(self, c: list[Any]) -> ev.DealSide:
        first = c[0]
        # the bank as a party (`bank: 50`) is None; the engine reports the sale to the bank
        player: Ref | None = first if isinstance(first, Ref) else None
        start = first.span if isinstance(first, Ref) else _token_span(first)
        if len(c) == 2 and is_token(c[1]):  # `nothing`
            items: tuple[ev.DealItem, ...] = ()
        else:
            items = tuple(c[1:])
        return ev.DealSide(player, items, _span_from(start, c[-1]))

    def deal_square(self, c: list[Any]) -> ev.DealItem:
        square: Ref = c[0]
        if len(c) > 1:  # `Boardwalk x2`, `Boardwalk hotel`
            houses, hotel, last = c[1]
            span = _span_from(square.span, last)
            return ev.DealItem("square", square, houses=houses, hotel=hotel, span=span)
        return ev.DealItem("square", square, span=square.span)

    def deal_cash(self, c: list[Placed]) -> ev.DealItem:
        tok = c[0]
        return ev.DealItem("cash", amount=amount_value(tok), span=_token_span(tok))

    def deal_promise(self, c: list[Any]) -> ev.DealItem:
        return ev.DealItem("promise", text=unquote(c[1].value), span=_span(c))

    def deal_goojf(self, c: list[Any]) -> ev.DealItem:
        return ev.DealItem("card", card=c[1] if len(c) > 1 else None, span=_span(c))

    # ------------------------------------------------------------ clauses
    def roll(self, c: list[Any]) -> ev.Event:
        d1, d2 = _roll(c[0])
        return ev.Roll(_span(c), None, d1, d2, c[1] if len(c) > 1 else None)

    def move(self, c: list[Any]) -> ev.Event:
        return ev.Move(_span(c), None, c[1])

    def salary(self, c: list[Any]) -> ev.Event:
        return ev.Salary(_span(c), None, amount_value(c[1]) if len(c) > 1 else None)

    def buy(self, c: list[Any]) -> ev.Event:
        return ev.Buy(_span(c), None, amount_value(c[1]) if len(c) > 1 else None)

    def decline(self, c: list[Any]) -> ev.Event:
        return ev.Decline(_span(c), None)

    def lot(self, c: list[Any]) -> tuple[ev.LotKind, Ref | None, Any]:
        x = c[0]
        if isinstance(x, Ref):
            return ("square", x, x)
        if x.type == "GOOJF":  # a Get Out of Jail Free card, optionally which one
            return ("card", c[1] if len(c) > 1 else None, c[-1])
        return ("house" if x.type == "HOUSE" else "hotel", None, x)

    def bid(self, c: list[Any]) -> ev.Bid:
        player: Ref = c[0]
        return ev.Bid(player, amount_value(c[1]), _span_from(player.span, c[1]))

    def passed(self, c: list[Any]) -> list[Ref]:
        return [x for x in c if isinstance(x, Ref)]

    def dropped(self, c: list[Any]) -> _Out:
        return _Out(x for x in c if isinstance(x, Ref))

    def auction(self, c: list[Any]) -> ev.Event:
        lot_kind, lot, passed = _auction_head(c)
        # ... bids ..., SOLD, winner, AMOUNT
        bids = tuple(x for x in c[2:-3] if x.__class__ is ev.Bid)
        out = next((tuple(x) for x in c[2:-3] if x.__class__ is _Out), ())
        winner, price = c[-2], amount_value(c[-1])
        return ev.Auction(_span(c), None, lot_kind, lot, bids, winner, price, passed, out)

    def auction_nobids(self, c: list[Any]) -> ev.Event:
        lot_kind, lot, passed = _auction_head(c)
        return ev.Auction(_span(c), None, lot_kind, lot, (), None, None, passed)

    def rent(self, c: list[Any]) -> ev.Event:
        # RENT [AMOUNT] [TO player]
        amount = amount_value(c[1]) if len(c) > 1 and c[1].type == "AMOUNT" else None
        payee = c[-1] if len(c) > 2 else None
        return ev.Rent(_span(c), None, amount, payee)

    def unclaimed(self, c: list[Any]) -> ev.Event:
        return ev.RentUnclaimed(_span(c), None, c[3] if len(c) > 3 else None)

    def tax(self, c: list[Any]) -> ev.Event:
        percent = amount = None
        counted = False
        for x in c[1:]:
            if x.type == "PERCENT":
                percent = int(x.value[:-1])
            elif x.type == "COUNTED":
                counted = True
            else:
                amount = amount_value(x)
        return ev.Tax(_span(c), None, percent, amount, counted)

    def card(self, c: list[Any]) -> ev.Event:
        return ev.CardDraw(_span(c), None, c[1], amount_value(c[2]) if len(c) > 2 else None)

    def dice_same(self, c: list[Any]) -> ev.Event:
        return ev.NoThrow(_span(c), None)

    def reshuffle(self, c: list[Any]) -> ev.Event:
        return ev.Reshuffle(_span(c), None, self.player(c[1:]) if len(c) > 1 else None)

    def card_to(self, c: list[Any]) -> list[ev.Event]:
        # CARD CARD_ID square: the card, then the square it moved the token to
        draw = ev.CardDraw(_span(c[:2]), None, self.player(c[1:2]), None)
        square: Ref = c[2]
        self.pairs = True
        return [draw, ev.Move(square.span, None, square)]

    def dice(self, c: list[Any]) -> ev.Event:
        d1, d2 = _roll(c[1])
        return ev.Dice(_span(c), None, d1, d2)

    def jail(self, c: list[Any]) -> ev.Event:
        return ev.GoToJail(_span(c), None)

    def fine(self, c: list[Any]) -> ev.Event:
        return ev.PayFine(_span(c), None, amount_value(c[1]) if len(c) > 1 else None)

    def goojf(self, c: list[Any]) -> ev.Event:
        return ev.UseJailCard(_span(c), None, c[1] if len(c) > 1 else None)

    def item(self, c: list[Any]) -> ev.BuildItem:
        square: Ref = c[0]
        if len(c) > 1:
            houses, hotel, tok = c[1]
            return ev.BuildItem(square, houses, hotel, _span_from(square.span, tok))
        return ev.BuildItem(square, 1, False, square.span)

    def build(self, c: list[Any]) -> ev.Event:
        items, amount = _listing(c)
        return ev.Build(_span(c), None, items, amount)

    def sell(self, c: list[Any]) -> ev.Event:
        # SELL item ("," item)* [TO player] [FOR AMOUNT]
        buyer = next((x for x in c if x.__class__ is Ref), None)
        items = tuple(x for x in c if x.__class__ is ev.BuildItem)
        last = c[-1]
        amount = amount_value(last) if is_token(last) and last.type == "AMOUNT" else None
        return ev.Sell(_span(c), None, items, amount, buyer)

    def sell_deed(self, c: list[Any]) -> ev.Event:
        # SELL DEED square ("," square)* FOR AMOUNT
        squares = tuple(x for x in c if x.__class__ is Ref)
        return ev.SellDeed(_span(c), None, squares, amount_value(c[-1]))

    def mortgage(self, c: list[Any]) -> ev.Event:
        squares, amount = _listing(c)
        return ev.Mortgage(_span(c), None, squares, amount)

    def unmortgage(self, c: list[Any]) -> ev.Event:
        squares, amount = _listing(c)
        return ev.Unmortgage(_span(c), None, squares, amount)

    def interest(self, c: list[Any]) -> ev.Event:
        squares, amount = _listing(c)
        return ev.Interest(_span(c), None, squares, amount)

    def pay(self, c: list[Any]) -> ev.Event:
        to = c[3] if c[3].__class__ is Ref else None
        return ev.Pay(_span(c), None, amount_value(c[1]), to)

    def bankrupt(self, c: list[Any]) -> ev.Event:
        creditor = c[2] if len(c) > 2 and c[2].__class__ is Ref else None
        return ev.Bankrupt(_span(c), None, creditor, len(c) > 2 and creditor is None)

    def bankrupt_creditor(self, c: list[Any]) -> ev.Event:
        # BANKRUPT TO BANK "," CREDITOR player
        return ev.Bankrupt(_span(c), None, c[-1], True)

    def resign(self, c: list[Any]) -> ev.Event:
        return ev.Resign(_span(c), None)

    def ignored(self, c: list[Any]) -> ev.Event:
        return ev.Ignored(_span(c), None)

    def time(self, c: list[Any]) -> ev.Event:
        return ev.TimeCalled(_span(c), None)

    def end(self, c: list[Any]) -> ev.Event:
        return ev.GameEnd(_span(c), None)

    def check(self, c: list[Any]) -> ev.Event:
        player = c[1] if len(c) > 2 else None
        return ev.CashCheck(_span(c), None, player, amount_value(c[-1]))

    def check_at(self, c: list[Any]) -> ev.Event:
        player = c[1] if len(c) > 3 else None
        return ev.SquareCheck(_span(c), None, player, c[-1])

    def check_bank(self, c: list[Any]) -> ev.Event:
        # keyword, count, keyword, count: the grammar allows each keyword once
        counts = {c[i].value: int(c[i + 1].value) for i in range(2, len(c), 2)}
        return ev.StockCheck(_span(c), None, counts.get("houses"), counts.get("hotels"))

    def check_pot(self, c: list[Any]) -> ev.Event:
        return ev.PotCheck(_span(c), None, amount_value(c[-1]))

    def dispute(self, c: list[Any]) -> ev.Event:
        text = unquote(c[1].value) if len(c) > 1 else None
        return ev.Dispute(_span(c), None, text)


class _Out(tuple[Ref, ...]):
    """The players written after `out` in an auction: they bid, then dropped out."""


def _auction_head(c: list[Any]) -> tuple[ev.LotKind, Ref | None, tuple[Ref, ...]]:
    """The lot (a (kind, ref, last child) tuple, when written) and the players who passed (a
    list, when written) that follow AUCTION."""
    lot_kind: ev.LotKind = "pending"
    lot: Ref | None = None
    passed: tuple[Ref, ...] = ()
    for x in c[1:3]:
        if isinstance(x, tuple):
            lot_kind, lot, _ = x
        elif isinstance(x, list):
            passed = tuple(x)
    return lot_kind, lot, passed


def _listing(c: list[Any]) -> tuple[tuple[Any, ...], int | None]:
    """`KEYWORD x, y, z [for AMOUNT]`: the listed things and the amount (commas are dropped)."""
    last = c[-1]
    if is_token(last):  # ... FOR AMOUNT
        return tuple(c[1:-2]), amount_value(last)
    return tuple(c[1:]), None


_set_field = object.__setattr__


def _set_actor(event: ev.Event, actor: Ref) -> None:
    if isinstance(event, ev.Action):
        _set_field(event, "actor", actor)
