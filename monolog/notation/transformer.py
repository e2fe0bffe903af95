"""The Lark transformer that turns parse rules straight into events (no intermediate tree).

It is passed to the LALR parser, so each callback runs as soon as its rule is reduced. Spans
are taken from the tokens (Lark cannot give `meta` to an inline transformer). Callbacks take
the children as a list: optional parts are found by their token type, not by position.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from . import events as ev
from .events import Ref, Span


def _first(item: Any) -> tuple[int, int]:
    if isinstance(item, Token):
        return item.line or 0, item.column or 0
    if isinstance(item, (Ref, ev.Event)):
        return item.span.line, item.span.column
    if isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], str):
        return _first(item[2])
    if isinstance(item, (list, tuple)):
        return _first(item[0])
    span = getattr(item, "span", None)
    if isinstance(span, Span):
        return span.line, span.column
    raise TypeError(f"no position for {item!r}")


def _last(item: Any) -> tuple[int, int]:
    if isinstance(item, Token):
        return item.end_line or 0, item.end_column or 0
    if isinstance(item, (Ref, ev.Event)):
        return item.span.end_line, item.span.end_column
    if isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], str):
        return _last(item[2])
    if isinstance(item, (list, tuple)):
        return _last(item[-1])
    span = getattr(item, "span", None)
    if isinstance(span, Span):
        return span.end_line, span.end_column
    raise TypeError(f"no position for {item!r}")


def span_of(children: list[Any]) -> Span:
    line, column = _first(children[0])
    end_line, end_column = _last(children[-1])
    return Span(line, column, end_line, end_column)


def _token_span(tok: Token) -> Span:
    return Span(tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0)


def amount_value(tok: Token) -> int:
    text = str(tok)
    return int(text[1:] if not text[0].isdigit() else text)


def _unquote(text: str) -> str:
    body = text[1:-1]
    if "\\" not in body:
        return body
    out = []
    it = iter(body)
    for ch in it:
        out.append(next(it, "") if ch == "\\" else ch)
    return "".join(out)


def _amount(children: list[Any]) -> int | None:
    for c in children:
        if isinstance(c, Token) and c.type == "AMOUNT":
            return amount_value(c)
    return None


def _refs(children: list[Any]) -> tuple[Ref, ...]:
    return tuple(c for c in children if isinstance(c, Ref))


def _roll(tok: Token) -> tuple[int, int]:
    text = str(tok)
    return int(text[0]), int(text[2])


class EventBuilder(Transformer[Token, list[ev.Event]]):
    """Builds the event list of a whole record. Each line rule returns a list of events."""

    # ------------------------------------------------------------ references
    def square(self, c: list[Token]) -> Ref:
        tok = c[0]
        if tok.type == "STRING":
            return Ref(_unquote(str(tok)), "quoted", _token_span(tok))
        if tok.type == "SQNUM":
            return Ref(str(tok)[1:], "number", _token_span(tok))
        return Ref(str(tok), "name", _token_span(tok))

    def player(self, c: list[Token]) -> Ref:
        tok = c[0]
        if tok.type == "STRING":
            return Ref(_unquote(str(tok)), "quoted", _token_span(tok))
        return Ref(str(tok), "name", _token_span(tok))

    card_ref = player

    # ------------------------------------------------------------ top level
    def start(self, lines: list[list[ev.Event]]) -> list[ev.Event]:
        out: list[ev.Event] = []
        for line in lines:
            out.extend(line)
        return out

    def tag(self, c: list[Token]) -> list[ev.Event]:
        return [ev.Tag(span_of(c), str(c[1]), _unquote(str(c[2])))]

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
        return [
            ev.SetupPlayer(span_of(c), player, cash, position, tuple(holdings), tuple(cards), jail)
        ]

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
        for x in c[1:]:
            if isinstance(x, tuple):
                houses, hotel, _ = x
            elif isinstance(x, Token) and x.type == "MORTGAGED":
                mortgaged = True
        return ev.Holding(c[0], houses, hotel, mortgaged, span_of(c))

    def building(self, c: list[Token]) -> tuple[int, bool, Token]:
        tok = c[0]
        if tok.type == "HOTEL":
            return (0, True, tok)
        return (int(str(tok)[1:]), False, tok)

    def bank_item(self, c: list[Token]) -> tuple[str, int, Token]:
        return (str(c[0]), int(c[1]), c[1])

    def setup_bank(self, c: list[Any]) -> list[ev.Event]:
        houses = hotels = None
        for key, value, _ in c[2:]:
            if key == "houses":
                houses = value
            else:
                hotels = value
        return [ev.SetupBank(span_of(c), houses, hotels)]

    def setup_deck(self, c: list[Any]) -> list[ev.Event]:
        return [ev.SetupDeck(span_of(c), _refs(c))]

    def setup_next(self, c: list[Any]) -> list[ev.Event]:
        return [ev.SetupNext(span_of(c), c[2])]

    # ------------------------------------------------------------ lines
    def turn(self, c: list[Any]) -> list[ev.Event]:
        number = int(str(c[0])[:-1])
        head = ev.TurnStart(span_of(c[:2]), number, c[1])
        return [head, *c[2:]]

    def cont(self, c: list[ev.Event]) -> list[ev.Event]:
        return c

    def actor_line(self, c: list[Any]) -> list[ev.Event]:
        actor: Ref = c[0]
        out: list[ev.Event] = []
        for e in c[1:]:
            # every clause is an Action built with actor None: name the actor of the line
            out.append(_with_actor(e, actor))
        return out

    # ------------------------------------------------------------ deals
    def deal(self, c: list[Any]) -> list[ev.Event]:
        return [ev.Deal(span_of(c), c[1], c[2])]

    def party(self, c: list[Any]) -> ev.DealSide:
        items = tuple(x for x in c[1:] if isinstance(x, ev.DealItem))
        return ev.DealSide(c[0], items, span_of(c))

    def deal_square(self, c: list[Any]) -> ev.DealItem:
        return ev.DealItem("square", square=c[0], span=span_of(c))

    def deal_cash(self, c: list[Token]) -> ev.DealItem:
        return ev.DealItem("cash", amount=amount_value(c[0]), span=span_of(c))

    def deal_goojf(self, c: list[Any]) -> ev.DealItem:
        return ev.DealItem("card", card=c[1] if len(c) > 1 else None, span=span_of(c))

    # ------------------------------------------------------------ clauses
    def roll(self, c: list[Any]) -> ev.Event:
        d1, d2 = _roll(c[0])
        return ev.Roll(span_of(c), None, d1, d2, c[1] if len(c) > 1 else None)

    def move(self, c: list[Any]) -> ev.Event:
        return ev.Move(span_of(c), None, c[1])

    def salary(self, c: list[Any]) -> ev.Event:
        return ev.Salary(span_of(c), None, _amount(c))

    def buy(self, c: list[Any]) -> ev.Event:
        return ev.Buy(span_of(c), None, _amount(c))

    def decline(self, c: list[Any]) -> ev.Event:
        return ev.Decline(span_of(c), None)

    def lot(self, c: list[Any]) -> tuple[ev.LotKind, Ref | None, Any]:
        x = c[0]
        if isinstance(x, Ref):
            return ("square", x, x)
        return ("house" if x.type == "HOUSE" else "hotel", None, x)

    def bid(self, c: list[Any]) -> ev.Bid:
        return ev.Bid(c[0], amount_value(c[1]), span_of(c))

    def auction(self, c: list[Any]) -> ev.Event:
        lot_kind: ev.LotKind = "pending"
        lot: Ref | None = None
        if isinstance(c[1], tuple):
            lot_kind, lot, _ = c[1]
        bids = tuple(x for x in c if isinstance(x, ev.Bid))
        winner: Ref = next(x for x in c if isinstance(x, Ref))
        return ev.Auction(span_of(c), None, lot_kind, lot, bids, winner, amount_value(c[-1]))

    def auction_nobids(self, c: list[Any]) -> ev.Event:
        lot_kind: ev.LotKind = "pending"
        lot: Ref | None = None
        if isinstance(c[1], tuple):
            lot_kind, lot, _ = c[1]
        return ev.Auction(span_of(c), None, lot_kind, lot, (), None, None)

    def rent(self, c: list[Any]) -> ev.Event:
        payee = c[-1] if isinstance(c[-1], Ref) else None
        return ev.Rent(span_of(c), None, _amount(c), payee)

    def unclaimed(self, c: list[Any]) -> ev.Event:
        payee = c[-1] if isinstance(c[-1], Ref) else None
        return ev.RentUnclaimed(span_of(c), None, payee)

    def tax(self, c: list[Any]) -> ev.Event:
        percent = None
        for x in c:
            if isinstance(x, Token) and x.type == "PERCENT":
                percent = int(str(x)[:-1])
        return ev.Tax(span_of(c), None, percent, _amount(c))

    def card(self, c: list[Any]) -> ev.Event:
        return ev.CardDraw(span_of(c), None, c[1], _amount(c))

    def dice(self, c: list[Any]) -> ev.Event:
        d1, d2 = _roll(c[1])
        return ev.Dice(span_of(c), None, d1, d2)

    def jail(self, c: list[Any]) -> ev.Event:
        return ev.GoToJail(span_of(c), None)

    def fine(self, c: list[Any]) -> ev.Event:
        return ev.PayFine(span_of(c), None, _amount(c))

    def goojf(self, c: list[Any]) -> ev.Event:
        return ev.UseJailCard(span_of(c), None, c[1] if len(c) > 1 else None)

    def item(self, c: list[Any]) -> ev.BuildItem:
        if len(c) > 1:
            houses, hotel, _ = c[1]
            return ev.BuildItem(c[0], houses, hotel, span_of(c))
        return ev.BuildItem(c[0], 1, False, span_of(c))

    def build(self, c: list[Any]) -> ev.Event:
        items = tuple(x for x in c if isinstance(x, ev.BuildItem))
        return ev.Build(span_of(c), None, items, _amount(c))

    def sell(self, c: list[Any]) -> ev.Event:
        items = tuple(x for x in c if isinstance(x, ev.BuildItem))
        return ev.Sell(span_of(c), None, items, _amount(c))

    def mortgage(self, c: list[Any]) -> ev.Event:
        return ev.Mortgage(span_of(c), None, _refs(c), _amount(c))

    def unmortgage(self, c: list[Any]) -> ev.Event:
        return ev.Unmortgage(span_of(c), None, _refs(c), _amount(c))

    def interest(self, c: list[Any]) -> ev.Event:
        return ev.Interest(span_of(c), None, _refs(c), _amount(c))

    def pay(self, c: list[Any]) -> ev.Event:
        to = c[-1] if isinstance(c[-1], Ref) else None
        return ev.Pay(span_of(c), None, amount_value(c[1]), to)

    def bankrupt(self, c: list[Any]) -> ev.Event:
        creditor = c[-1] if isinstance(c[-1], Ref) else None
        return ev.Bankrupt(span_of(c), None, creditor)

    def resign(self, c: list[Any]) -> ev.Event:
        return ev.Resign(span_of(c), None)

    def time(self, c: list[Any]) -> ev.Event:
        return ev.TimeCalled(span_of(c), None)

    def end(self, c: list[Any]) -> ev.Event:
        return ev.GameEnd(span_of(c), None)

    def check(self, c: list[Any]) -> ev.Event:
        player = c[1] if isinstance(c[1], Ref) else None
        return ev.CashCheck(span_of(c), None, player, amount_value(c[-1]))

    def dispute(self, c: list[Any]) -> ev.Event:
        text = _unquote(str(c[1])) if len(c) > 1 else None
        return ev.Dispute(span_of(c), None, text)


def _with_actor(event: ev.Event, actor: Ref) -> ev.Event:
    if isinstance(event, ev.Action):
        # dataclasses.replace is slow on slotted classes; copy the fields by hand
        values = {name: getattr(event, name) for name in event.__dataclass_fields__}
        values["actor"] = actor
        return type(event)(**values)
    return event
