"""The clauses of a line, read for the line reader (monolog/notation/fastpath.py).

`ClauseReader` holds what reading a line's tokens needs: the line's place in the text, the
event builder (monolog/notation/transformer.py) and the lexer callbacks' collector of
comments and blank lines. It reads the tokens of a turn, a continuation, an actor line, a tag
or a deal as the grammar's rules for them say, and makes their events: the commonest directly,
as the event builder makes them, the others with the event builder's own callbacks, given the
children Lark would give them. Anything the grammar does not take there, or that is not read
here, raises `Slow` (or an `IndexError`, past a line's `EOL`): the line is then Lark's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from lark import Token

from . import events as ev
from .events import Ref, Span
from .grammar import Trivia
from .slots import maker
from .transformer import EventBuilder, amount_of, unquote

__all__ = ["EOL", "ClauseReader", "Slow", "Tok"]

# a token here: its terminal, and where it starts and ends in the text (a line's tokens are on
# that line; Lark's `Token` is made only for the event builder's callbacks)
Tok = tuple[str, int, int]
# the end of a line's tokens, of no terminal: whatever looks one token past the last finds it
EOL: Tok = ("", 0, 0)

_SQUARE = frozenset(("NAME", "STRING", "SQNUM"))
_PLAYER = frozenset(("NAME", "STRING"))
_CARD = frozenset(("NAME", "STRING", "CARD_ID"))
_CHECKED = frozenset(("AMOUNT", "NEGATIVE"))
_ITEMS = frozenset(("BUILD", "SELL"))
_BANK_OR_POT = frozenset(("BANK", "POT"))
_BUILDINGS = frozenset(("HOUSE", "HOTEL"))
_DIGITS = frozenset("0123456789")
_TAX_PARTS = ("PERCENT", "AMOUNT", "COUNTED")
_new_str = str.__new__
_intern = sys.intern


_Span = maker(Span)
_Ref = maker(Ref)
_TurnStart = maker(ev.TurnStart)
_Roll = maker(ev.Roll)
_Move = maker(ev.Move)
_CardDraw = maker(ev.CardDraw)
_CashCheck = maker(ev.CashCheck)
_SquareCheck = maker(ev.SquareCheck)
_Rent = maker(ev.Rent)
_RentUnclaimed = maker(ev.RentUnclaimed)
_Tax = maker(ev.Tax)
_BuildItem = maker(ev.BuildItem)
_Sell = maker(ev.Sell)
_Tag = maker(ev.Tag)
_Bid = maker(ev.Bid)
_Bankrupt = maker(ev.Bankrupt)


class Slow(Exception):
    """The line is not one this module reads: Lark reads it."""


class ClauseReader:
    """The events of a line's tokens (see the module's docstring)."""

    def __init__(self) -> None:
        self.builder = EventBuilder()
        self.trivia = Trivia()
        # the line being read: the text, its number, where it starts in the text
        self.text = ""
        self.line = 1
        self.start = 0
        self.clause: dict[str, Callable[[list[Tok], int, list[Any]], int]] = {
            "ROLL": self._roll,
            "ARROW": self._move,
            "SALARY": self._amount_after,
            "BUY": self._amount_after,
            "FINE": self._amount_after,
            "DECLINE": self._alone,
            "JAIL": self._alone,
            "RESIGN": self._alone,
            "IGNORED": self._alone,
            "TIME": self._alone,
            "END": self._alone,
            "RENT": self._rent,
            "TAX": self._tax,
            "CARD": self._card,
            "GOOJF": self._goojf,
            "DICE": self._dice,
            "EQUALS": self._check,
            "BUILD": self._listing,
            "MORTGAGE": self._listing,
            "UNMORTGAGE": self._listing,
            "INTEREST": self._listing,
            "SELL": self._listing,
            "PAY": self._pay,
            "AUCTION": self._auction,
            "BANKRUPT": self._bankrupt,
        }
        # the events of the clauses made from an amount that may be left out, directly
        self.amounted: dict[str, Callable[..., Any]] = {
            "SALARY": maker(ev.Salary),
            "BUY": maker(ev.Buy),
            "FINE": maker(ev.PayFine),
        }
        # the events of a listing of squares or items (but a sale's), directly
        self.listed: dict[str, Callable[..., Any]] = {
            "BUILD": maker(ev.Build),
            "MORTGAGE": maker(ev.Mortgage),
            "UNMORTGAGE": maker(ev.Unmortgage),
            "INTEREST": maker(ev.Interest),
        }
        # the events of a keyword alone, as the event builder's `decline`, `jail`, ... make them
        self.alone: dict[str, Callable[[Span, None], Any]] = {
            "DECLINE": ev.Decline,
            "JAIL": ev.GoToJail,
            "RESIGN": ev.Resign,
            "IGNORED": ev.Ignored,
            "TIME": ev.TimeCalled,
            "END": ev.GameEnd,
        }

    def _token(self, t: Tok) -> Any:
        """Lark's token for `t`, as monolog's lexer makes it (lexer.py), for a callback (the
        callbacks' `Placed`: its places are set, never None)."""
        kind, s, e = t
        value = self.text[s:e]
        tok = _new_str(Token, value)
        tok.type = kind
        tok.value = value
        tok.start_pos = s
        tok.end_pos = e
        tok.line = self.line
        tok.column = s - self.start + 1
        if kind == "_NL":
            tok.end_line = self.line + value.count("\n")
            tok.end_column = e - (s + value.rindex("\n") + 1) + 1
        else:
            tok.end_line = self.line
            tok.end_column = e - self.start + 1
        return tok

    def _events(self, tokens: list[Tok]) -> list[Any]:
        kind = tokens[0][0]
        if kind == "TURN_NO":
            head, who = tokens[0], tokens[1]
            if who[0] not in _PLAYER:
                raise Slow
            player = self._player(tokens, 1)
            number = int(self.text[head[1] : head[2] - 1])
            line = self.line
            span = _Span(line, head[1] - self.start + 1, line, who[2] - self.start + 1)
            events = [_TurnStart(span, number, player)]
            if len(tokens) == 3:  # the number, the player, EOL
                return events
            return self._clauses(tokens, 2, events)
        if kind in _PLAYER:
            actor = self._player(tokens, 0)
            return self.builder.actor_line([actor, self._clauses(tokens, 1, [])])
        if kind == "DEAL":
            return self._deal(tokens)
        if kind == "LBRACKET":  # a tag, as the event builder's `tag` makes it
            if [t[0] for t in tokens] != ["LBRACKET", "NAME", "STRING", "RBRACKET", ""]:
                raise Slow
            key, value, end = tokens[1], tokens[2], tokens[3]
            text = self.text
            span = self._span(tokens[0], end[2])
            return [_Tag(span, text[key[1] : key[2]], unquote(text[value[1] : value[2]]))]
        return self._clauses(tokens, 0, [])

    def _clauses(self, tokens: list[Tok], i: int, events: list[Any]) -> list[Any]:
        """`clauses`: one or more clauses up to the line's end, their events added to
        `events`. Each clause's reader adds its events (a card's move too) and returns the
        place of the token after the clause."""
        n = len(tokens) - 1  # EOL
        if i >= n:
            raise Slow
        clause = self.clause
        while i < n:
            read = clause.get(tokens[i][0])
            if read is None:
                raise Slow
            i = read(tokens, i, events)
        return events

    # ------------------------------------------------------------------ parts of clauses
    def _span(self, first: Tok, end: int) -> Span:
        """From the start of token `first` to the text's position `end`, on this line."""
        return _Span(self.line, first[1] - self.start + 1, self.line, end - self.start + 1)

    def _square(self, tokens: list[Tok], i: int) -> Ref:
        """A square as the event builder's `square` makes it."""
        kind, s, e = tokens[i]
        span = _Span(self.line, s - self.start + 1, self.line, e - self.start + 1)
        if kind == "NAME":
            return _Ref(self.text[s:e], "name", span)
        if kind == "STRING":
            return _Ref(unquote(self.text[s:e]), "quoted", span)
        if kind == "SQNUM":
            return _Ref(self.text[s + 1 : e], "number", span)
        raise Slow

    def _player(self, tokens: list[Tok], i: int) -> Ref:
        """A player (or a card) as the event builder's `player` makes it."""
        kind, s, e = tokens[i]
        span = _Span(self.line, s - self.start + 1, self.line, e - self.start + 1)
        if kind == "NAME":
            return _Ref(_intern(self.text[s:e]), "name", span)
        if kind == "STRING":
            return _Ref(unquote(self.text[s:e]), "quoted", span)
        raise Slow

    def _amount(self, t: Tok) -> int:
        return amount_of(self.text[t[1] : t[2]])

    # ------------------------------------------------------------------ clauses
    def _alone(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        t = tokens[i]
        events.append(self.alone[t[0]](self._span(t, t[2]), None))
        return i + 1

    def _amount_after(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """SALARY AMOUNT?, BUY AMOUNT?, FINE AMOUNT?"""
        t = tokens[i]
        make = self.amounted[t[0]]
        a = tokens[i + 1]
        if a[0] == "AMOUNT":
            events.append(make(self._span(t, a[2]), None, self._amount(a)))
            return i + 2
        events.append(make(self._span(t, t[2]), None, None))
        return i + 1

    def _roll(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        # a roll starts nearly every line: its spans are made here, without `_span`
        _, s, e = tokens[i]
        text, line, start = self.text, self.line, self.start
        d1, d2 = ord(text[s]) - 48, ord(text[s + 2]) - 48  # ROLL is [1-6]-[1-6]
        after = tokens[i + 1]
        if after[0] in _SQUARE:
            square = self._square(tokens, i + 1)
            span = _Span(line, s - start + 1, line, after[2] - start + 1)
            events.append(_Roll(span, None, d1, d2, square))
            return i + 2
        events.append(_Roll(_Span(line, s - start + 1, line, e - start + 1), None, d1, d2, None))
        return i + 1

    def _move(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        square = self._square(tokens, i + 1)
        events.append(_Move(self._span(tokens[i], tokens[i + 1][2]), None, square))
        return i + 2

    def _rent(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """RENT AMOUNT? (TO player)?, or RENT UNCLAIMED (TO player)?"""
        head = tokens[i]
        j = i + 1
        unclaimed = tokens[j][0] == "UNCLAIMED"
        amount = None
        if unclaimed or tokens[j][0] == "AMOUNT":
            if not unclaimed:
                amount = self._amount(tokens[j])
            j += 1
        payee = None
        if tokens[j][0] == "TO":
            payee = self._player(tokens, j + 1)
            j += 2
        span = self._span(head, tokens[j - 1][2])
        event = _RentUnclaimed(span, None, payee) if unclaimed else _Rent(span, None, amount, payee)
        events.append(event)
        return j

    def _tax(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """TAX PERCENT? AMOUNT? COUNTED?"""
        head = tokens[i]
        j = i + 1
        parts: list[Tok | None] = [None, None, None]
        for k, kind in enumerate(_TAX_PARTS):
            if tokens[j][0] == kind:
                parts[k] = tokens[j]
                j += 1
        percent, amount, counted = parts
        events.append(
            _Tax(
                self._span(head, tokens[j - 1][2]),
                None,
                None if percent is None else int(self.text[percent[1] : percent[2] - 1]),
                None if amount is None else self._amount(amount),
                counted is not None,
            )
        )
        return j

    def _card(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """CARD card_ref AMOUNT?, or CARD CARD_ID square (the card and the move it made: two
        events)."""
        head = tokens[i]
        if tokens[i + 1][0] not in _CARD:
            raise Slow
        ref = tokens[i + 1]
        card = self._card_ref(tokens, i + 1)
        if ref[0] == "CARD_ID" and tokens[i + 2][0] in _SQUARE:
            square = self._square(tokens, i + 2)
            events.append(_CardDraw(self._span(head, ref[2]), None, card, None))
            events.append(_Move(square.span, None, square))
            return i + 3
        if tokens[i + 2][0] == "AMOUNT":
            a = tokens[i + 2]
            events.append(_CardDraw(self._span(head, a[2]), None, card, self._amount(a)))
            return i + 3
        events.append(_CardDraw(self._span(head, ref[2]), None, card, None))
        return i + 2

    def _card_ref(self, tokens: list[Tok], i: int) -> Ref:
        """A card (a NAME, STRING or CARD_ID) as the event builder's `card_ref` makes it."""
        kind, s, e = tokens[i]
        if kind != "CARD_ID":
            return self._player(tokens, i)
        span = _Span(self.line, s - self.start + 1, self.line, e - self.start + 1)
        return _Ref(_intern(self.text[s:e]), "name", span)

    def _goojf(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        b = self.builder
        head = self._token(tokens[i])
        if tokens[i + 1][0] in _CARD:
            events.append(b.goojf([head, b.card_ref([self._token(tokens[i + 1])])]))
            return i + 2
        events.append(b.goojf([head]))
        return i + 1

    def _dice(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        make = {"ROLL": self.builder.dice, "SAME": self.builder.dice_same}.get(tokens[i + 1][0])
        if make is None:
            raise Slow
        events.append(make([self._token(t) for t in tokens[i : i + 2]]))
        return i + 2

    def _check(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """EQUALS player? (AMOUNT | NEGATIVE), or EQUALS player? AT square; the counts of the
        bank's buildings and of the pot apart."""
        head = tokens[i]
        j = i + 1
        if tokens[j][0] in _BANK_OR_POT:
            return self._count(tokens, i, events)
        player = None
        if tokens[j][0] in _PLAYER:
            player = self._player(tokens, j)
            j += 1
        if tokens[j][0] == "AT":
            square = self._square(tokens, j + 1)
            span = self._span(head, tokens[j + 1][2])
            events.append(_SquareCheck(span, None, player, square))
            return j + 2
        if tokens[j][0] not in _CHECKED:
            raise Slow
        a = tokens[j]
        events.append(_CashCheck(self._span(head, a[2]), None, player, self._amount(a)))
        return j + 1

    def _count(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """EQUALS POT AMOUNT, or EQUALS BANK (HOUSES INT (HOTELS INT)? | HOTELS INT)."""
        b = self.builder
        c = [self._token(tokens[i]), self._token(tokens[i + 1])]
        if tokens[i + 1][0] == "POT":
            if tokens[i + 2][0] != "AMOUNT":
                raise Slow
            events.append(b.check_pot([*c, self._token(tokens[i + 2])]))
            return i + 3
        j = i + 2
        for kind in ("HOUSES", "HOTELS"):
            if tokens[j][0] == kind:
                c += (self._token(tokens[j]), self._int(tokens[j + 1]))
                j += 2
        if len(c) == 2:
            raise Slow
        events.append(b.check_bank(c))
        return j

    def _int(self, t: Tok) -> Any:
        """INT's token where the grammar takes only INT: the pattern of every terminal gives
        INT, or AMOUNT where both match (AMOUNT comes first); an AMOUNT of at most six digits
        and no sign covers what INT matches there (both stop before a digit)."""
        kind, s, e = t
        if kind == "AMOUNT" and e - s <= 6 and self.text[s] in _DIGITS:
            kind = "INT"
        if kind != "INT":
            raise Slow
        return self._token(("INT", s, e))

    def _listing(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """KEYWORD thing ("," thing)* (FOR AMOUNT)?: a build's items, or squares; a sale's
        items, then (TO player)? before the amount. Made directly, as the event builder's
        `build`, `sell`, `mortgage`, `unmortgage` and `interest` make them."""
        head = tokens[i]
        build = head[0] in _ITEMS
        if tokens[i + 1][0] == "DEED":
            raise Slow  # a sale of bare deeds: Lark reads it
        things: list[Any] = []
        while True:
            square: Any = self._square(tokens, i + 1)
            i += 2
            if build:
                square, i = self._item(square, tokens, i)
            things.append(square)
            if tokens[i][0] != "COMMA":
                break
        buyer = None
        if head[0] == "SELL" and tokens[i][0] == "TO":
            buyer = self._player(tokens, i + 1)
            i += 2
        amount = None
        if tokens[i][0] == "FOR":
            if tokens[i + 1][0] != "AMOUNT":
                raise Slow
            amount = self._amount(tokens[i + 1])
            i += 2
        span = self._span(head, tokens[i - 1][2])
        if head[0] == "SELL":
            events.append(_Sell(span, None, tuple(things), amount, buyer))
        else:
            events.append(self.listed[head[0]](span, None, tuple(things), amount))
        return i

    def _item(self, square: Ref, tokens: list[Tok], i: int) -> tuple[ev.BuildItem, int]:
        """`square building?` as the event builder's `item` makes it, `tokens[i]` the token
        after the square."""
        kind, s, e = tokens[i]
        if kind == "HOTEL":
            return _BuildItem(square, 0, True, self._span_on(square.span, e)), i + 1
        if kind == "COUNT":
            houses = int(self.text[s + 1 : e])
            return _BuildItem(square, houses, False, self._span_on(square.span, e)), i + 1
        return _BuildItem(square, 1, False, square.span), i

    def _span_on(self, first: Span, end: int) -> Span:
        """From the start of `first` to the text's position `end`, on this line."""
        return _Span(first.line, first.column, self.line, end - self.start + 1)

    def _pay(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """PAY AMOUNT TO (player | BANK)"""
        if not (tokens[i + 1][0] == "AMOUNT" and tokens[i + 2][0] == "TO"):
            raise Slow
        to: Any = (
            self._token(tokens[i + 3])
            if tokens[i + 3][0] == "BANK"
            else self._player(tokens, i + 3)
        )
        c = [self._token(t) for t in tokens[i : i + 3]]
        events.append(self.builder.pay([*c, to]))
        return i + 4

    def _auction(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """AUCTION lot? passed? (BIDS bid (","? bid)* dropped? SOLD player AMOUNT | NOBIDS),
        made directly, as the event builder's `auction` and `auction_nobids` make it."""
        head = tokens[i]
        i += 1
        kind = tokens[i][0]
        lot_kind: ev.LotKind = "pending"
        lot = None
        if kind in _SQUARE:
            lot_kind, lot = "square", self._square(tokens, i)
            i += 1
        elif kind in _BUILDINGS:
            lot_kind = "house" if kind == "HOUSE" else "hotel"
            i += 1
        elif kind == "GOOJF":
            lot_kind = "card"
            if tokens[i + 1][0] in _CARD:
                lot = self._card_ref(tokens, i + 1)
                i += 1
            i += 1
        passed: tuple[Ref, ...] = ()
        if tokens[i][0] == "PASSED":
            passed, i = self._players(tokens, i)
        if tokens[i][0] == "NOBIDS":
            span = self._span(head, tokens[i][2])
            events.append(ev.Auction(span, None, lot_kind, lot, (), None, None, passed))
            return i + 1
        if tokens[i][0] != "BIDS":
            raise Slow
        i += 1
        bids = []
        while True:
            player = self._player(tokens, i)
            a = tokens[i + 1]
            if a[0] != "AMOUNT":
                raise Slow
            bids.append(_Bid(player, self._amount(a), self._span_on(player.span, a[2])))
            i += 2
            if tokens[i][0] == "COMMA" and tokens[i + 1][0] in _PLAYER:
                i += 1
            elif tokens[i][0] not in _PLAYER:
                break
        dropped: tuple[Ref, ...] = ()
        if tokens[i][0] == "OUT":
            dropped, i = self._players(tokens, i)
        price = tokens[i + 2]
        if tokens[i][0] != "SOLD" or price[0] != "AMOUNT":
            raise Slow
        winner = self._player(tokens, i + 1)
        span = self._span(head, price[2])
        amount = self._amount(price)
        events.append(
            ev.Auction(span, None, lot_kind, lot, tuple(bids), winner, amount, passed, dropped)
        )
        return i + 3

    def _players(self, tokens: list[Tok], i: int) -> tuple[tuple[Ref, ...], int]:
        """KEYWORD player ("," player)*: the players, and the place of the token after."""
        players = [self._player(tokens, i + 1)]
        i += 2
        while tokens[i][0] == "COMMA":
            players.append(self._player(tokens, i + 1))
            i += 2
        return tuple(players), i

    def _bankrupt(self, tokens: list[Tok], i: int, events: list[Any]) -> int:
        """BANKRUPT (TO (player | BANK))?, or BANKRUPT TO BANK "," CREDITOR player: made
        directly, as the event builder's `bankrupt` and `bankrupt_creditor` make it."""
        head = tokens[i]
        creditor, to_bank, j = None, False, i + 1
        if tokens[j][0] == "TO":
            to_bank = tokens[j + 1][0] == "BANK"
            if not to_bank:
                creditor = self._player(tokens, j + 1)
            elif tokens[j + 2][0] == "COMMA":
                if tokens[j + 3][0] != "CREDITOR":
                    raise Slow
                creditor = self._player(tokens, j + 4)
                j += 3
            j += 2
        events.append(_Bankrupt(self._span(head, tokens[j - 1][2]), None, creditor, to_bank))
        return j

    # ------------------------------------------------------------------ deals
    def _deal(self, tokens: list[Tok]) -> list[Any]:
        """DEAL party "|" party deal_check*, a deal_check being EQUALS player (AMOUNT |
        NEGATIVE)."""
        b = self.builder
        c: list[Any] = [self._token(tokens[0])]
        party, i = self._party(tokens, 1)
        if tokens[i][0] != "VBAR":
            raise Slow
        c.append(party)
        party, i = self._party(tokens, i + 1)
        c.append(party)
        while tokens[i] is not EOL:
            if not (tokens[i][0] == "EQUALS" and tokens[i + 2][0] in _CHECKED):
                raise Slow
            player = self._player(tokens, i + 1)
            c.append(b.check([self._token(tokens[i]), player, self._token(tokens[i + 2])]))
            i += 3
        return b.deal(c)

    def _party(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """(player | BANK) ":" (deal_item ("," deal_item)* | NOTHING)"""
        b = self.builder
        who = self._token(tokens[i]) if tokens[i][0] == "BANK" else self._player(tokens, i)
        if tokens[i + 1][0] != "COLON":
            raise Slow
        i += 2
        if tokens[i][0] == "NOTHING":
            return b.party([who, self._token(tokens[i])]), i + 1
        c: list[Any] = [who]
        while True:
            item, i = self._deal_item(tokens, i)
            c.append(item)
            if tokens[i][0] != "COMMA":
                return b.party(c), i
            i += 1

    def _deal_item(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """square standing? | AMOUNT | GOOJF card_ref? | PROMISE STRING"""
        b = self.builder
        kind = tokens[i][0]
        if kind in _SQUARE:
            c: list[Any] = [self._square(tokens, i)]
            i += 1
            if tokens[i][0] == "COUNT":
                c.append(b.standing([self._token(tokens[i])]))
                i += 1
            elif tokens[i][0] == "HOTEL":
                n = 2 if tokens[i + 1][0] == "COUNT" else 1
                c.append(b.standing([self._token(t) for t in tokens[i : i + n]]))
                i += n
            return b.deal_square(c), i
        if kind == "AMOUNT":
            return b.deal_cash([self._token(tokens[i])]), i + 1
        if kind == "GOOJF":
            if tokens[i + 1][0] in _CARD:
                card = b.card_ref([self._token(tokens[i + 1])])
                return b.deal_goojf([self._token(tokens[i]), card]), i + 2
            return b.deal_goojf([self._token(tokens[i])]), i + 1
        if kind == "PROMISE" and tokens[i + 1][0] == "STRING":
            return b.deal_promise([self._token(t) for t in tokens[i : i + 2]]), i + 2
        raise Slow
