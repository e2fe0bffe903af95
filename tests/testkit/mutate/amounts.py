"""Operators that rewrite an amount a clause states."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from monolog.editions import Resolver
from monolog.editions.errors import ResolveError
from monolog.notation import events as E

from ..base import (
    Analysis,
    Step,
    amounts_in,
    analyse,
    join,
    replace_columns,
)
from .model import Edit, operator
from .spots import (
    actor_of,
    counts_moved,
    payer_payee,
    pick,
    retype,
    same_line_only,
    wrong_amount,
)


def _amount_operator(
    name: str,
    code: str,
    rule: str,
    summary: str,
    event_type: type[E.Event],
    who: Callable[[Analysis, Step], dict[str, int]],
    accept: Callable[[Analysis, Step], bool] = lambda a, s: True,
    which: int = 0,
    other_readings: Callable[[Analysis, Step], set[int]] | None = None,
) -> None:
    """An operator that rewrites the amount written in one clause of `event_type`; never to an
    amount that `other_readings` says another reading of a disputed point would charge (that
    is a ruling, reported as such, not a mistake)."""

    def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
        a = analyse(text)
        spots = []
        for s in a.steps:
            if not isinstance(s.event, event_type) or not same_line_only(a, s):
                continue
            if not amounts_in(a, s.event.span) or not accept(a, s):
                continue
            spots.append(s)
        rng.shuffle(spots)
        for s in spots:
            found = amounts_in(a, s.event.span)
            start, end, _sign, value = found[which]
            new = wrong_amount(rng, value)
            if other_readings is not None and new in other_readings(a, s):
                continue
            delta = new - value
            touched = who(a, s)
            loss = {p: sign * delta for p, sign in touched.items()}
            if not a.steady(s, {p: max(v, 0) for p, v in loss.items()}):
                continue
            if not touched:
                out = replace_columns(a, s.line, start, end, str(new))
                return Edit(out, s.line, (s.line,), note=f"line {s.line}: {value} written as {new}")
            # the amount written was paid at the table: its later counts go on from it
            moved = _paid_as_written(a, s, start, end, str(new), loss)
            if moved is None:
                continue
            out, counts = moved
            return Edit(
                out,
                s.line,
                tuple(sorted({s.line, *counts})),
                note=f"line {s.line}: {value} written as {new}"
                + (
                    f"; later counts moved by {dict((p, -v) for p, v in loss.items())}"
                    if counts
                    else ""
                ),
            )
        return None

    operator(name, code, rule, summary)(op)


def _paid_as_written(
    a: Analysis, s: Step, start: int, end: int, new: str, loss: dict[str, int]
) -> tuple[str, tuple[int, ...]] | None:
    """The record with columns start..end-1 of step `s`'s line replaced by `new`, and the later
    counts of the players in `loss` moved as a table that paid the amount written would have
    counted (`counts_moved`); and the lines whose counts moved."""
    moved = counts_moved(a, s, loss, end)
    if moved is None:
        return None
    lines, counts = moved
    old = lines[s.line - 1]
    lines[s.line - 1] = old[: start - 1] + new + old[end - 1 :]
    return join(a, lines), counts


def _payer(a: Analysis, s: Step) -> dict[str, int]:
    """The actor pays the amount (a larger amount is a loss for them)."""
    actor = actor_of(a, s)
    return {actor: 1} if actor else {}


def _receiver(a: Analysis, s: Step) -> dict[str, int]:
    actor = actor_of(a, s)
    return {actor: -1} if actor else {}


def _rent_parties(a: Analysis, s: Step) -> dict[str, int]:
    payer, payee = payer_payee(a, s)
    out: dict[str, int] = {}
    if payer:
        out[payer] = 1
    if payee:
        out[payee] = -1
    return out


def _tax_flat(a: Analysis, s: Step) -> bool:
    ev = s.event
    return isinstance(ev, E.Tax) and ev.percent is None and ev.amount is not None


def _card_money(a: Analysis, s: Step) -> bool:
    ev = s.event
    if not isinstance(ev, E.CardDraw) or ev.amount is None:
        return False
    try:
        card = a.edition.card(ev.card.text)
    except Exception:
        return False
    return card.kind in ("collect", "pay")


def _card_parties(a: Analysis, s: Step) -> dict[str, int]:
    ev = s.event
    assert isinstance(ev, E.CardDraw)
    card = a.edition.card(ev.card.text)
    actor = actor_of(a, s)
    if actor is None:
        return {}
    return {actor: -1 if card.kind == "collect" else 1}


def _build_parties(a: Analysis, s: Step) -> dict[str, int]:
    return _payer(a, s)


def _auction_winner(a: Analysis, s: Step) -> dict[str, int]:
    ev = s.event
    assert isinstance(ev, E.Auction)
    return {ev.winner.text: 1} if ev.winner is not None else {}


def deed_auction(s: Step) -> bool:
    """An auction of a deed (a shortage auction of a house or hotel has codes of its own)."""
    return isinstance(s.event, E.Auction) and s.event.lot_kind in ("square", "pending")


def _has_amount(attr: str) -> Callable[[Analysis, Step], bool]:
    return lambda a, s: getattr(s.event, attr, None) is not None


_amount_operator(
    "rent-amount",
    "M301",
    "RENT-04",
    "a rent written for another amount than the rules set",
    E.Rent,
    _rent_parties,
    _has_amount("amount"),
)
_amount_operator(
    "salary-amount",
    "M105",
    "MOVE-02",
    "a GO salary written for another amount",
    E.Salary,
    _receiver,
    _has_amount("amount"),
)
_amount_operator(
    "tax-amount",
    "M407",
    "TAX-01",
    "a tax written for another amount than the square's",
    E.Tax,
    _payer,
    _tax_flat,
    which=-1,
)
_amount_operator(
    "card-amount",
    "M405",
    "CARD-02",
    "a money card written for another amount than the card's",
    E.CardDraw,
    _card_parties,
    _card_money,
)
_amount_operator(
    "buy-price",
    "M203",
    "BUY-02",
    "a deed bought from the bank at another price than the printed one",
    E.Buy,
    _payer,
    _has_amount("amount"),
)
_amount_operator(
    "auction-price",
    "M207",
    "BUY-07",
    "an auction sold at another price than the last bid",
    E.Auction,
    _auction_winner,
    lambda a, s: deed_auction(s) and getattr(s.event, "price", None) is not None,
    which=-1,
)
_amount_operator(
    "build-price",
    "M609",
    "BLD-02",
    "houses or hotels bought for another amount than the printed prices",
    E.Build,
    _build_parties,
    _has_amount("amount"),
    which=-1,
)
_amount_operator(
    "sell-price",
    "M614",
    "SELL-02",
    "buildings sold back for another amount than half their price",
    E.Sell,
    _receiver,
    _has_amount("amount"),
    which=-1,
)
_amount_operator(
    "mortgage-amount",
    "M704",
    "MORT-02",
    "a mortgage raised for another amount than the deeds' mortgage values",
    E.Mortgage,
    _receiver,
    _has_amount("amount"),
    which=-1,
)


def _interest_readings(a: Analysis, s: Step) -> set[int]:
    """Every sum the 10% on the deeds of an `interest` clause comes to under some reading: of
    the mortgage value or of the printed price (CF-35), each deed's 10% rounded half up or
    down (CF-34), or the 10% of their total rounded either way."""
    ev = s.event
    assert isinstance(ev, E.Interest)
    squares = [_resolve_square(a, ref) for ref in ev.squares]
    out: set[int] = set()
    for base in ("mortgage_value", "price"):
        tenths = [getattr(a.square(i), base) for i in squares if i is not None]
        for parts in (tenths, [sum(tenths)]):
            out.add(sum(v // 10 for v in parts))
            out.add(sum((v + 5) // 10 for v in parts))
    return out


_amount_operator(
    "interest-amount",
    "M708",
    "MORT-07",
    "the 10% on a mortgaged deed received written for another amount",
    E.Interest,
    _payer,
    _has_amount("amount"),
    which=-1,
    other_readings=_interest_readings,
)
_amount_operator(
    "fine-amount",
    "M504",
    "JAIL-04",
    "the jail fine written for another amount",
    E.PayFine,
    _payer,
    _has_amount("amount"),
)


@operator("checksum", "W001", "-", "a cash note that is off by some amount")
def checksum(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    s = pick(rng, [s for s in a.steps if isinstance(s.event, E.CashCheck)])
    if s is None:
        return None
    done = retype(a, s, rng, -1)
    if done is None:
        return None
    out, old, new = done
    return Edit(out, s.line, (s.line,), note=f"={old} -> ={new}")


@operator(
    "unmortgage-no-interest",
    "M706",
    "MORT-03",
    "a mortgage lifted for the mortgage value alone, the 10% forgotten",
)
def unmortgage_no_interest(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        ev = s.event
        if isinstance(ev, E.Unmortgage) and ev.amount is not None and same_line_only(a, s):
            spots.append(s)
    rng.shuffle(spots)
    for s in spots:
        ev = s.event
        assert isinstance(ev, E.Unmortgage) and ev.amount is not None
        actor = actor_of(a, s)
        if actor is None:
            continue
        value = 0
        for ref in ev.squares:
            sq = _resolve_square(a, ref)
            if sq is None:
                value = -1
                break
            value += a.square(sq).mortgage_value
        if value <= 0 or value == ev.amount or not a.steady(s, {actor: 0}):
            continue
        start, end, _sign, _old = amounts_in(a, ev.span)[-1]
        # the replay follows the amount paid: the lifter's later counts keep the 10% saved
        moved = _paid_as_written(a, s, start, end, str(value), {actor: value - ev.amount})
        if moved is None:
            continue
        out, counts = moved
        return Edit(
            out,
            s.line,
            tuple(sorted({s.line, *counts})),
            note=f"lifted for {value} instead of {ev.amount}",
        )
    return None


def _resolve_square(a: Analysis, ref: E.Ref) -> int | None:
    try:
        names = list(a.steps[0].before.players) if a.steps else []
        return Resolver(a.edition, names).square(ref).index
    except (ResolveError, Exception):
        return None
