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
        b = self.builder
        self.clause: dict[str, Callable[[list[Tok], int], tuple[Any, int]]] = {
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
        self.callbacks: dict[str, Callable[[list[Any]], Any]] = {
            "DECLINE": b.decline,
            "JAIL": b.jail,
            "RESIGN": b.resign,
            "IGNORED": b.ignored,
            "TIME": b.time,
            "END": b.end,
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
        b = self.builder
        kind = tokens[0][0]
        if kind == "TURN_NO":
            head, who = tokens[0], tokens[1]
            if who[0] not in _PLAYER:
                raise Slow
            player = self._player(tokens, 1)
            number = int(self.text[head[1] : head[2] - 1])
            line = self.line
            span = _Span(line, head[1] - self.start + 1, line, who[2] - self.start + 1)
            start = _TurnStart(span, number, player)
            if len(tokens) == 3:  # the number, the player, EOL
                return [start]
            clauses = self._clauses(tokens, 2)
            if b.pairs:
                clauses = b.spread(clauses)
            clauses.insert(0, start)
            return clauses
        if kind in _PLAYER:
            return b.actor_line([self._player(tokens, 0), self._clauses(tokens, 1)])
        if kind == "DEAL":
            return self._deal(tokens)
        if kind == "LBRACKET":
            if [t[0] for t in tokens] != ["LBRACKET", "NAME", "STRING", "RBRACKET", ""]:
                raise Slow
            return b.tag([self._token(t) for t in tokens[:-1]])
        return b.cont([self._clauses(tokens, 0)])

    def _clauses(self, tokens: list[Tok], i: int) -> list[Any]:
        """`clauses`: one or more clauses up to the line's end."""
        out = []
        n = len(tokens) - 1  # EOL
        if i >= n:
            raise Slow
        clause = self.clause
        while i < n:
            read = clause.get(tokens[i][0])
            if read is None:
                raise Slow
            event, i = read(tokens, i)
            out.append(event)
        return out

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
    def _alone(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        t = tokens[i]
        return self.callbacks[t[0]]([self._token(t)]), i + 1

    def _amount_after(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """SALARY AMOUNT?, BUY AMOUNT?, FINE AMOUNT?"""
        t = tokens[i]
        make = self.amounted[t[0]]
        if tokens[i + 1][0] == "AMOUNT":
            a = tokens[i + 1]
            return make(self._span(t, a[2]), None, self._amount(a)), i + 2
        return make(self._span(t, t[2]), None, None), i + 1

    def _roll(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        # a roll starts nearly every line: its spans are made here, without `_span`
        _, s, e = tokens[i]
        text, line, start = self.text, self.line, self.start
        d1, d2 = ord(text[s]) - 48, ord(text[s + 2]) - 48  # ROLL is [1-6]-[1-6]
        after = tokens[i + 1]
        if after[0] in _SQUARE:
            square = self._square(tokens, i + 1)
            span = _Span(line, s - start + 1, line, after[2] - start + 1)
            return _Roll(span, None, d1, d2, square), i + 2
        return _Roll(_Span(line, s - start + 1, line, e - start + 1), None, d1, d2, None), i + 1

    def _move(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        square = self._square(tokens, i + 1)
        return _Move(self._span(tokens[i], tokens[i + 1][2]), None, square), i + 2

    def _rent(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
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
        if unclaimed:
            return _RentUnclaimed(span, None, payee), j
        return _Rent(span, None, amount, payee), j

    def _tax(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """TAX PERCENT? AMOUNT? COUNTED?"""
        head = tokens[i]
        j = i + 1
        parts: list[Tok | None] = [None, None, None]
        for k, kind in enumerate(_TAX_PARTS):
            if tokens[j][0] == kind:
                parts[k] = tokens[j]
                j += 1
        percent, amount, counted = parts
        return _Tax(
            self._span(head, tokens[j - 1][2]),
            None,
            None if percent is None else int(self.text[percent[1] : percent[2] - 1]),
            None if amount is None else self._amount(amount),
            counted is not None,
        ), j

    def _card(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """CARD card_ref AMOUNT?, or CARD CARD_ID square (the card and the move it made)."""
        head = tokens[i]
        if tokens[i + 1][0] not in _CARD:
            raise Slow
        ref = tokens[i + 1]
        card = self._player(tokens, i + 1) if ref[0] != "CARD_ID" else self._card_id(ref)
        if ref[0] == "CARD_ID" and tokens[i + 2][0] in _SQUARE:
            square = self._square(tokens, i + 2)
            self.builder.pairs = True
            draw = _CardDraw(self._span(head, ref[2]), None, card, None)
            return [draw, _Move(square.span, None, square)], i + 3
        if tokens[i + 2][0] == "AMOUNT":
            a = tokens[i + 2]
            return _CardDraw(self._span(head, a[2]), None, card, self._amount(a)), i + 3
        return _CardDraw(self._span(head, ref[2]), None, card, None), i + 2

    def _card_id(self, t: Tok) -> Ref:
        span = _Span(self.line, t[1] - self.start + 1, self.line, t[2] - self.start + 1)
        return _Ref(_intern(self.text[t[1] : t[2]]), "name", span)

    def _goojf(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        b = self.builder
        head = self._token(tokens[i])
        if tokens[i + 1][0] in _CARD:
            return b.goojf([head, b.card_ref([self._token(tokens[i + 1])])]), i + 2
        return b.goojf([head]), i + 1

    def _dice(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        c = [self._token(t) for t in tokens[i : i + 2]]
        if tokens[i + 1][0] == "ROLL":
            return self.builder.dice(c), i + 2
        if tokens[i + 1][0] == "SAME":
            return self.builder.dice_same(c), i + 2
        raise Slow

    def _check(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """EQUALS player? (AMOUNT | NEGATIVE), or EQUALS player? AT square; the counts of the
        bank's buildings and of the pot apart."""
        head = tokens[i]
        j = i + 1
        if tokens[j][0] in _BANK_OR_POT:
            return self._count(tokens, i)
        player = None
        if tokens[j][0] in _PLAYER:
            player = self._player(tokens, j)
            j += 1
        if tokens[j][0] == "AT":
            square = self._square(tokens, j + 1)
            return _SquareCheck(self._span(head, tokens[j + 1][2]), None, player, square), j + 2
        if tokens[j][0] not in _CHECKED:
            raise Slow
        a = tokens[j]
        return _CashCheck(self._span(head, a[2]), None, player, self._amount(a)), j + 1

    def _count(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """EQUALS POT AMOUNT, or EQUALS BANK (HOUSES INT (HOTELS INT)? | HOTELS INT)."""
        b = self.builder
        c = [self._token(tokens[i]), self._token(tokens[i + 1])]
        if tokens[i + 1][0] == "POT":
            if tokens[i + 2][0] != "AMOUNT":
                raise Slow
            return b.check_pot([*c, self._token(tokens[i + 2])]), i + 3
        j = i + 2
        for kind in ("HOUSES", "HOTELS"):
            if tokens[j][0] == kind:
                c += (self._token(tokens[j]), self._int(tokens[j + 1]))
                j += 2
        if len(c) == 2:
            raise Slow
        return b.check_bank(c), j

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

    def _listing(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
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
            return _Sell(span, None, tuple(things), amount, buyer), i
        return self.listed[head[0]](span, None, tuple(things), amount), i

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

    def _pay(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """PAY AMOUNT TO (player | BANK)"""
        if not (tokens[i + 1][0] == "AMOUNT" and tokens[i + 2][0] == "TO"):
            raise Slow
        to: Any = (
            self._token(tokens[i + 3])
            if tokens[i + 3][0] == "BANK"
            else self._player(tokens, i + 3)
        )
        c = [self._token(t) for t in tokens[i : i + 3]]
        return self.builder.pay([*c, to]), i + 4

    def _auction(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """AUCTION lot? passed? (BIDS bid (","? bid)* dropped? SOLD player AMOUNT | NOBIDS)"""
        b = self.builder
        c: list[Any] = [self._token(tokens[i])]
        i += 1
        kind = tokens[i][0]
        if kind in _SQUARE:  # the lot
            c.append(b.lot([self._square(tokens, i)]))
            i += 1
        elif kind in _BUILDINGS:
            c.append(b.lot([self._token(tokens[i])]))
            i += 1
        elif kind == "GOOJF":
            if tokens[i + 1][0] in _CARD:
                card = b.card_ref([self._token(tokens[i + 1])])
                c.append(b.lot([self._token(tokens[i]), card]))
                i += 2
            else:
                c.append(b.lot([self._token(tokens[i])]))
                i += 1
        if tokens[i][0] == "PASSED":
            c.append(b.passed(self._players(tokens, i)))
            i += len(c[-1]) * 2  # the keyword and the players, with a comma between two
        if tokens[i][0] == "NOBIDS":
            c.append(self._token(tokens[i]))
            return b.auction_nobids(c), i + 1
        if tokens[i][0] != "BIDS":
            raise Slow
        c.append(self._token(tokens[i]))
        i += 1
        while True:
            player = self._player(tokens, i)
            if tokens[i + 1][0] != "AMOUNT":
                raise Slow
            c.append(b.bid([player, self._token(tokens[i + 1])]))
            i += 2
            if tokens[i][0] == "COMMA" and tokens[i + 1][0] in _PLAYER:
                i += 1
            elif tokens[i][0] not in _PLAYER:
                break
        if tokens[i][0] == "OUT":
            players = self._players(tokens, i)
            c.append(b.dropped(players))
            i += len(players) * 2 - 2
        if tokens[i][0] != "SOLD" or tokens[i + 2][0] != "AMOUNT":
            raise Slow
        c += (self._token(tokens[i]), self._player(tokens, i + 1), self._token(tokens[i + 2]))
        return b.auction(c), i + 3

    def _players(self, tokens: list[Tok], i: int) -> list[Any]:
        """KEYWORD player ("," player)*: the keyword's token and the players."""
        c: list[Any] = [self._token(tokens[i]), self._player(tokens, i + 1)]
        i += 2
        while tokens[i][0] == "COMMA":
            c.append(self._player(tokens, i + 1))
            i += 2
        return c

    def _bankrupt(self, tokens: list[Tok], i: int) -> tuple[Any, int]:
        """BANKRUPT (TO (player | BANK))?, or BANKRUPT TO BANK "," CREDITOR player"""
        b = self.builder
        c: list[Any] = [self._token(tokens[i])]
        if tokens[i + 1][0] != "TO":
            return b.bankrupt(c), i + 1
        c.append(self._token(tokens[i + 1]))
        if tokens[i + 2][0] != "BANK":
            c.append(self._player(tokens, i + 2))
            return b.bankrupt(c), i + 3
        c.append(self._token(tokens[i + 2]))
        if tokens[i + 3][0] != "COMMA":
            return b.bankrupt(c), i + 3
        if tokens[i + 4][0] != "CREDITOR":
            raise Slow
        c += (self._token(tokens[i + 4]), self._player(tokens, i + 5))
        return b.bankrupt_creditor(c), i + 6

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
