"""A deed sold to the bank: `sell deed Baltic Avenue for 30` (DEAL-01, SELL-06, CF-63).

The bank sells deeds and lends on them; no text lets it buy one back. Some tables let a bare,
unmortgaged deed go back to the bank for its mortgage value (CF-63, reading at-mortgage-value):
such a sale is A63, agreeing with that reading, a warning where forbidden is in force. Any other
price, or a deed whose group carries buildings, fits no reading (M716, naming the mortgage value);
a mortgaged deed is never bought back (M717). The record is what happened at the table: each
sale is reported once and replayed as written, the deed unowned again and the cash as the line
says. The same sale written as a deal with the bank is judged in bank_sales.py.
"""

from __future__ import annotations

from ...notation.events import SellDeed, Span
from ..building.holdings import (
    buildings_in_group,
    group_built,
    group_of,
    owner_word,
    resolve_square,
)
from ..core import invariants
from ..core.game import Game
from ..core.skipped import not_replayed
from ..core.state import DeedState

__all__ = ["foreclosed", "on_sell_deed"]

_READING = "at-mortgage-value"


def on_sell_deed(game: Game, ev: SellDeed, actor: str) -> None:
    """`sell deed Square, … for amt`: the deeds go back to the bank, the amount to the seller."""
    deeds = _deeds(game, ev, actor)
    if not deeds:
        return  # reported: nothing the seller holds was named, so nothing changes hands
    value = sum(game.square(d.square).mortgage_value for d in deeds)
    names = game.listing([game.name(d.square) for d in deeds])
    reading = game.ruling("CF-63")
    bare = not any(d.mortgaged or group_built(game, d.square) for d in deeds)
    if foreclosed(game, actor, deeds, ev.amount, ev.span):
        _carry_out(game, actor, deeds, ev.amount, ev.span)
        return
    if bare and ev.amount == value and (reading == _READING or not game.text_settles("CF-63")):
        other = game.edition.readings.get("CF-63") if reading == _READING else reading
        game.ambiguous(
            "CF-63",
            f"{actor} sells {names} to the bank for {game.money(value)}, the mortgage value "
            f"(reading {_READING}); under reading {other} the bank buys no deed",
            ev.span,
            "DEAL-01",
            follows=_READING,
        )
    else:
        _refused(game, ev, actor, deeds, value)
    _carry_out(game, actor, deeds, ev.amount, ev.span)


def foreclosed(game: Game, actor: str, deeds: list[DeedState], amount: int, span: Span) -> bool:
    """CF-83: mortgaged deeds, and only those, handed back to the bank for nothing. Reading
    foreclosed takes them back, the loans cancelled; under never the bank takes back no
    mortgaged deed (a warning naming foreclosed, where the edition's text leaves it open). True
    when the point was reported (the caller then carries the sale out as written)."""
    if amount or not deeds or not all(d.mortgaged for d in deeds):
        return False
    reading = game.ruling("CF-83")
    if reading != "foreclosed" and game.text_settles("CF-83"):
        return False
    names = game.listing([game.name(d.square) for d in deeds])
    game.ambiguous(
        "CF-83",
        f"{actor} hands {names}, mortgaged, back to the bank for nothing, the loan cancelled "
        "(reading foreclosed); under reading never the bank takes back no mortgaged deed, "
        "which goes only to another player",
        span,
        "SELL-06",
        follows="foreclosed",
    )
    return True


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


def _refused(game: Game, ev: SellDeed, actor: str, deeds: list[DeedState], value: int) -> None:
    """A sale no reading of CF-63 allows: M717 for a mortgaged deed, else M716 with the price
    a table that lets the bank buy bare deeds would pay."""
    names = game.listing([game.name(d.square) for d in deeds])
    head = f"{actor} sells {names} to the bank for {game.money(ev.amount)}: "
    tail = "; replayed as the table did it"
    mortgaged = [game.name(d.square) for d in deeds if d.mortgaged]
    if mortgaged:
        game.emit(
            "M717",
            head + f"the bank never buys a mortgaged deed ({game.listing(mortgaged)}); it can "
            "go only to another player" + tail,
            ev.span,
            "SELL-06",
            expected=None,
            recorded=ev.amount,
            data={"cf": "CF-63"},
        )
        return
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
    game.emit(
        "M716",
        head + why + tail,
        ev.span,
        "DEAL-01",
        expected=value,
        recorded=ev.amount,
        data={"cf": "CF-63"},
    )


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
