"""What a player could raise from the bank under the rules in force (BKR-01, CF-40, M802).

A player may go bankrupt only once selling buildings to the bank and mortgaging could not cover
the debt. What counts is only what the readings in force let the player raise:

* buildings at half price, on the basis of CF-30 in force (printed, or what was paid), except
  where CF-29 blocked stops a hotel sale because the bank lacks the houses to exchange for it:
  then nothing in that group can be sold (even selling takes the hotels down first) and, the
  group keeping its buildings, none of its deeds can be mortgaged (MORT-01);
* the mortgage value of every unmortgaged deed in a group left bare, except a deed won at
  auction whose price is still owed, under CF-60 lot-not-mortgaged (it is not paid for, so it
  cannot pay for itself).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..buying.paid_prices import site_refund
from ..core import house_rules, judge
from ..core.game import Game
from ..core.state import DeedState
from .debts import unpaid_lot
from .mortgage_points import unpaid_lot_decision


@dataclass(frozen=True, slots=True)
class Raisable:
    """What could be raised (`total`) and what the readings in force keep out of it."""

    total: int
    unpaid_lots: tuple[int, ...] = ()  # deeds not paid for (CF-60), by square
    lot_value: int = 0  # their mortgage value, which reading lot-mortgaged would count
    blocked: tuple[int, ...] = ()  # sites of groups whose hotels the bank cannot take (CF-29)
    blocked_value: int = 0  # what their buildings and mortgages would raise, sold outright


def _group_key(game: Game, deed: DeedState) -> str:
    group = game.square(deed.square).group
    return group if group else f"#{deed.square}"


def _blocked_groups(game: Game, deeds: list[DeedState]) -> set[str]:
    """The groups whose hotels cannot be sold under CF-29 blocked: the bank must hand over the
    houses a hotel is exchanged for, so the houses of bare-of-hotel groups are sold first (they
    fill the bank) and each group with hotels then needs that many houses at once."""
    if game.ruling("CF-29") != "blocked" or house_rules.active(game, "unlimited-buildings"):
        return set()
    per = game.edition.rules.houses_before_hotel
    groups: dict[str, list[DeedState]] = {}
    for deed in deeds:
        groups.setdefault(_group_key(game, deed), []).append(deed)
    bank = game.state.bank_houses
    with_hotels: list[tuple[int, str, int]] = []
    for key, members in groups.items():
        hotels = sum(1 for d in members if d.hotel)
        houses = sum(d.houses for d in members if not d.hotel)
        if hotels:
            with_hotels.append((hotels, key, houses))
        else:
            bank += houses
    blocked: set[str] = set()
    for hotels, key, houses in sorted(with_hotels):
        if per * hotels > bank:
            blocked.add(key)
        else:
            bank += houses  # the group sold bare: its houses come back to the bank
    return blocked


def raisable(game: Game, player: str) -> Raisable:
    """What `player` could raise from the bank before going bankrupt (see the module's note)."""
    deeds = game.state.owned_by(player)
    blocked = _blocked_groups(game, deeds)
    # CF-60: whether the reading in force lets a deed not yet paid for be mortgaged to pay it
    lots_barred = unpaid_lot_decision(game).right == judge.Choice(False)
    total = lot_value = blocked_value = 0
    lots: list[int] = []
    stuck: list[int] = []
    for deed in deeds:
        if _group_key(game, deed) in blocked:
            stuck.append(deed.square)
            blocked_value += site_refund(game, deed)[0]
            if not deed.mortgaged:
                blocked_value += game.square(deed.square).mortgage_value
            continue
        total += site_refund(game, deed)[0]
        if deed.mortgaged:
            continue
        value = game.square(deed.square).mortgage_value
        if unpaid_lot(game, player, deed.square) is not None:
            lots.append(deed.square)
            lot_value += value
            if lots_barred:
                continue
        total += value
    return Raisable(total, tuple(lots), lot_value, tuple(stuck), blocked_value)
