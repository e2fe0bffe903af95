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
