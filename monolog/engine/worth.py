"""What each player is worth: cash, deeds and buildings at their printed values.

Deeds count at their printed price, or at the mortgage value when mortgaged; houses at their
printed cost; a hotel at its printed cost plus the houses it replaced (SHORT-08, CF-48, CF-49).
"""

from __future__ import annotations

from ..editions.model import Edition
from .state import GameState


def worth(state: GameState, edition: Edition) -> dict[str, int]:
    """Each player's total worth, by name, in seating order."""
    totals = {p.name: p.cash for p in state.players}
    per_hotel = edition.rules.houses_before_hotel
    for deed in state.deeds.values():
        if deed.owner is None or deed.owner not in totals:
            continue
        sq = edition.squares[deed.square]
        value = sq.mortgage_value if deed.mortgaged else sq.price
        if deed.hotel:
            value += sq.hotel_cost + per_hotel * sq.house_cost
        else:
            value += deed.houses * sq.house_cost
        totals[deed.owner] += value
    return totals


def tax_worth(state: GameState, edition: Edition, player: str) -> int:
    """Total worth for a percentage income tax (TAX-03, CF-42 reading worth-at-landing).

    Cash, every deed at its printed price whether mortgaged or not, every building at its
    printed cost, a hotel counting as its price plus the houses it replaced. Jail cards count
    nothing. The caller takes it as the board stood when the token landed.
    """
    total = state.player(player).cash
    per_hotel = edition.rules.houses_before_hotel
    for deed in state.deeds.values():
        if deed.owner != player:
            continue
        sq = edition.squares[deed.square]
        total += sq.price
        if deed.hotel:
            total += sq.hotel_cost + per_hotel * sq.house_cost
        else:
            total += deed.houses * sq.house_cost
    return total
