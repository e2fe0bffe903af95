"""A deed sold to the bank: `sell deed Baltic Avenue for 30` (DEAL-01, SELL-06, CF-63).

The bank sells deeds and lends on them; no text lets it buy one back. Some tables let a bare,
unmortgaged deed go back to the bank for its mortgage value (CF-63, reading at-mortgage-value):
such a sale is A63, agreeing with that reading, a warning where forbidden is in force. Some
programs let a mortgaged deed go back for nothing, the loan cancelled (CF-83, reading
foreclosed: A83). `decide_sale` says what price each reading lets the bank pay, and the price
written is judged against it (judge.py): a price the readings give names each point it rests on
(`points_named`, each judged for its part by `point_decision`); any other price, or a deed whose
group carries buildings, fits no reading (M716, naming the mortgage value), nor does a mortgaged
deed sold for a price (M717). The record is what happened
at the table: each sale is reported once and replayed as written, the deed unowned again and the
cash as the line says. The same sale written as a deal with the bank is judged in bank_sales.py
by the same decision.
"""

from __future__ import annotations

from collections.abc import Callable

from ...notation.events import SellDeed, Span
from ..building.holdings import (
    buildings_in_group,
    group_built,
    group_of,
    owner_word,
    resolve_square,
)
from ..core import invariants, judge
from ..core.game import Game
from ..core.skipped import not_replayed
from ..core.state import DeedState

__all__ = [
    "NO_SALE",
    "decide_sale",
    "foreclosure_words",
    "on_sell_deed",
    "point_decision",
    "points_named",
]

_READING = "at-mortgage-value"


NO_SALE = "no sale"  # the figure of a sale the readings in force do not let the bank make
# the reading of each point that lets the bank take a deed back, and the rule it rests on
_TAKES = {"CF-63": (_READING, "DEAL-01"), "CF-83": ("foreclosed", "SELL-06")}


def decide_sale(game: Game, deeds: list[DeedState]) -> judge.Decision:
    """What the readings let the bank pay for `deeds` handed back to it: a bare deed (no
    mortgage, no building in its group) its mortgage value under CF-63 at-mortgage-value, a
    mortgaged one nothing under CF-83 foreclosed, a deed of a built group never. The price
    under the readings in force is `right` (from the bank); where they let the bank take none
    back, `NO_SALE`, with the readings that would (each point the sale departs on, unless the
    edition's text settles one: then no reading gives the sale)."""
    mortgaged = [d for d in deeds if d.mortgaged]
    bare = [d for d in deeds if not d.mortgaged and not group_built(game, d.square)]
    rule = "SELL-06" if mortgaged else "DEAL-01"
    if len(bare) + len(mortgaged) < len(deeds):
        return judge.Decision(judge.Choice(NO_SALE), rule)
    price = judge.Outcome(sum(game.square(d.square).mortgage_value for d in bare))
    needed = [cf for cf, part in (("CF-63", bare), ("CF-83", mortgaged)) if part]
    departed = [cf for cf in needed if game.ruling(cf) != _TAKES[cf][0]]
    if not departed:
        return judge.Decision(price, rule)
    if any(game.text_settles(cf) for cf in departed):
        return judge.Decision(judge.Choice(NO_SALE), rule)
    others = tuple(judge.Alternative(cf, _TAKES[cf][0], price, _TAKES[cf][1]) for cf in departed)
    return judge.Decision(judge.Choice(NO_SALE), rule, others)


def on_sell_deed(game: Game, ev: SellDeed, actor: str) -> None:
    """`sell deed Square, … for amt`: the deeds go back to the bank, the amount to the seller.
    The price written is judged against `decide_sale`: a price the readings give names each
    point it rests on (A63 for the bare deeds, A83 for the mortgaged ones), any other is M716
    or M717; the sale is carried out as written either way."""
    deeds = _deeds(game, ev, actor)
    if not deeds:
        return  # reported: nothing the seller holds was named, so nothing changes hands
    decision = decide_sale(game, deeds)
    verdict = judge.compare_arising(game, decision, ev.amount)
    if verdict.kind == judge.BREAKS:
        value = sum(game.square(d.square).mortgage_value for d in deeds)
        words = _refusal(game, ev, actor, deeds, value)
        judge.file(game, verdict, ev.amount, ev.span, decision.rule, words)
    else:
        _taken_back(game, actor, deeds, ev.span)
    _carry_out(game, actor, deeds, ev.amount, ev.span)


def point_decision(game: Game, cf: str, deeds: list[DeedState]) -> judge.Decision:
    """What the point `cf` makes of its part of a sale to the bank: `deeds`, the bare ones
    under CF-63 and the mortgaged ones under CF-83, go back for their mortgage value (nothing
    for a mortgaged deed) under the reading that lets the bank take them (at-mortgage-value,
    foreclosed), and are no sale under another. That reading is the alternative where another
    is in force, none where the edition's text settles the point."""
    taking, rule = _TAKES[cf]
    price = judge.Outcome(_price(game, deeds))
    if game.ruling(cf) == taking:
        return judge.Decision(price, rule)
    others = () if game.text_settles(cf) else (judge.Alternative(cf, taking, price),)
    return judge.Decision(judge.Choice(NO_SALE), rule, others)


def points_named(
    game: Game, deeds: list[DeedState], span: Span, says: Callable[[str, list[DeedState]], str]
) -> None:
    """A sale the readings give (`decide_sale` judged its price): each point it rests on judged
    for its part (`point_decision`) and named, agreeing with the reading in force or following
    the reading that lets the bank take the deeds. `says` words the point for its deeds."""
    bare = [d for d in deeds if not d.mortgaged]
    mortgaged = [d for d in deeds if d.mortgaged]
    for cf, part in (("CF-63", bare), ("CF-83", mortgaged)):
        if part:
            decision = point_decision(game, cf, part)
            _point_named(game, cf, decision, (_price(game, part), span), says(cf, part))


def _point_named(
    game: Game, cf: str, decision: judge.Decision, where: tuple[int, Span], message: str
) -> None:
    """One point of a sale the readings give, its part sold at `price`: the record's sale is
    the play of the reading that lets the bank take the deeds (a replay measuring the reading in
    force names it too, `compare_arising`). `where`: the part's price and the line's place."""
    price, span = where

    def agree() -> None:
        follows = judge.first_reading(game, decision, cf, price)
        game.ambiguous(cf, message, span, decision.rule, follows=follows)

    # a part's price no reading gives cannot come here: the line's price was judged already
    words = judge.Words("M716", message, other=lambda _alt: message, agree=agree)
    judge.file(
        game, judge.compare_arising(game, decision, price), price, span, decision.rule, words
    )


def _price(game: Game, deeds: list[DeedState]) -> int:
    """What the bank pays for `deeds` where a reading lets it take them: the bare deeds' mortgage
    value, nothing for a mortgaged one."""
    return sum(game.square(d.square).mortgage_value for d in deeds if not d.mortgaged)


def _taken_back(game: Game, actor: str, deeds: list[DeedState], span: Span) -> None:
    """A sale the readings give, each point it rests on named: the bare deeds at their
    mortgage value (CF-63), the mortgaged ones for nothing (CF-83)."""

    def says(cf: str, part: list[DeedState]) -> str:
        names = game.listing([game.name(d.square) for d in part])
        if cf == "CF-83":
            return foreclosure_words(game, actor, names)
        reading = game.ruling("CF-63")
        other = game.edition.readings.get("CF-63") if reading == _READING else reading
        return (
            f"{actor} sells {names} to the bank for {game.money(_price(game, part))}, the "
            f"mortgage value (reading {_READING}); under reading {other} the bank buys no deed"
        )

    points_named(game, deeds, span, says)


def foreclosure_words(game: Game, actor: str, names: str) -> str:
    """CF-83: what handing mortgaged deeds back to the bank for nothing says."""
    return (
        f"{actor} hands {names}, mortgaged, back to the bank for nothing, the loan cancelled "
        "(reading foreclosed); under reading never the bank takes back no mortgaged deed, "
        "which goes only to another player"
    )


def _deeds(game: Game, ev: SellDeed, actor: str) -> list[DeedState]:
    """The deeds named that the seller holds; any other name is reported and left out (with no
    deed left, nothing changes hands)."""
    out: list[DeedState] = []
    for ref in ev.squares:
        where = ref.span if ref.span.line else ev.span
        sq = resolve_square(game, ref, where)
        if sq is None:
            continue
        deed = game.state.deeds.get(sq.index)
        if deed is not None and deed.owner == actor:
            if deed not in out:
                out.append(deed)
            continue
        game.emit(
            "M711",
            f"{actor} cannot sell {sq.name} to the bank: "
            + ("it is no deed" if deed is None else f"it belongs to {owner_word(game, deed.owner)}")
            + "; "
            + not_replayed(
                f"{sq.name} is left out of the sale (the rest of it is)"
                if len(ev.squares) > 1
                else f"nothing is sold, and the {game.money(ev.amount)} is not paid"
            ),
            where,
            "DEAL-02",
            expected=actor,
            recorded=None if deed is None else owner_word(game, deed.owner),
        )
    return out


def _refusal(
    game: Game, ev: SellDeed, actor: str, deeds: list[DeedState], value: int
) -> judge.Words:
    """What a sale no reading gives says: M717 for a mortgaged deed, else M716 with the price
    a table that lets the bank buy bare deeds would pay."""
    names = game.listing([game.name(d.square) for d in deeds])
    head = f"{actor} sells {names} to the bank for {game.money(ev.amount)}: "
    tail = "; replayed as the table did it"
    mortgaged = [game.name(d.square) for d in deeds if d.mortgaged]
    cf = {"cf": "CF-63"}
    if mortgaged:
        why = (
            f"the bank never buys a mortgaged deed ({game.listing(mortgaged)}); it can go "
            "only to another player"
        )
        return judge.Words("M717", head + why + tail, "SELL-06", shown=(None, ev.amount), data=cf)
    built = [d for d in deeds if group_built(game, d.square)]
    reading = game.ruling("CF-63")
    if built:
        why = (
            "the bank buys buildings back, never a deed of a group that has them: "
            f"{buildings_in_group(game, built[0].square)} must be sold to it first; a bare "
            f"deed goes back, where a table allows it, for its mortgage value, {game.money(value)}"
        )
    elif reading == _READING:
        why = (
            f"the bank pays the mortgage value, {game.money(value)}, not "
            f"{game.money(ev.amount)} (CF-63, reading {reading})"
        )
    else:
        why = (
            f"the bank buys no deed (CF-63, reading {reading}); a table that lets it buy a "
            f"bare deed pays the mortgage value, {game.money(value)}"
        )
    return judge.Words("M716", head + why + tail, "DEAL-01", shown=(value, ev.amount), data=cf)


def _carry_out(game: Game, actor: str, deeds: list[DeedState], amount: int, span: Span) -> None:
    """As the table did it: each deed unowned and unmortgaged, its buildings back in the bank's
    stock (the rest of its group keeps what it has, as the table left it), the amount paid."""
    st = game.state
    for deed in deeds:
        if group_built(game, deed.square):
            invariants.followed(game, [d.square for d in group_of(game, deed.square)])
        st.bank_houses += deed.houses
        st.bank_hotels += int(deed.hotel)
        deed.owner, deed.houses, deed.hotel, deed.mortgaged = None, 0, False, False
    game.transfer(None, actor, amount, "deed sold to the bank", span)
