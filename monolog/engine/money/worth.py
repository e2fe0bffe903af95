"""What each player is worth: cash, deeds and buildings at their printed values.

Deeds count at their printed price, or at the mortgage value when mortgaged; houses at their
printed cost; a hotel at its printed cost plus the houses it replaced (SHORT-08, CF-48, CF-49).

The percentage income tax (TAX-02, TAX-03) measures worth its own way, and how is disputed
(CF-42): `tax_measures` gives the figure under each reading, so the tax clause can charge the
one in force and say what the others would have charged.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...editions.model import Edition
from ..core.game import Game
from ..core.state import GameState


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


def tax_worth(
    state: GameState, edition: Edition, player: str, *, mortgaged_at_value: bool = False
) -> int:
    """Total worth for a percentage income tax (TAX-03).

    Cash, every deed at its printed price whether mortgaged or not (CF-42 worth-at-landing and
    worth-at-payment), or a mortgaged deed at its mortgage value with `mortgaged_at_value`
    (CF-42 mortgage-value); every building at its printed cost, a hotel counting as its price
    plus the houses it replaced. Jail cards count nothing.
    """
    total = state.player(player).cash
    per_hotel = edition.rules.houses_before_hotel
    for deed in state.deeds.values():
        if deed.owner != player:
            continue
        sq = edition.squares[deed.square]
        total += sq.mortgage_value if deed.mortgaged and mortgaged_at_value else sq.price
        if deed.hotel:
            total += sq.hotel_cost + per_hotel * sq.house_cost
        else:
            total += deed.houses * sq.house_cost
    return total


def worth_on_landing(game: Game, player: str) -> int:
    """The worth for the percentage tax as the board stands when the token lands (CF-42).

    Returns the printed-price measure (reading worth-at-landing); the measure with mortgaged
    deeds at their mortgage value is kept for the tax clause (reading mortgage-value).
    """
    state, edition = game.state, game.edition
    game.worth.at_landing[player] = tax_worth(state, edition, player, mortgaged_at_value=True)
    return tax_worth(state, edition, player)


@dataclass(frozen=True, slots=True)
class TaxMeasure:
    """The worth one reading of CF-42 takes, and how it was measured, in words."""

    reading: str
    worth: int
    how: str


def tax_measures(game: Game, player: str, on_landing: int, flat_taken: int) -> list[TaxMeasure]:
    """The worth for the percentage tax under each reading of CF-42 (TAX-03).

    `on_landing` is the printed-price worth when the token landed; `flat_taken` the flat tax the
    engine charged on landing, which the worth at payment leaves out (the player has not paid
    any tax yet when choosing). The reading in force comes first.
    """
    held = game.worth.at_landing.get(player, on_landing)
    now = tax_worth(game.state, game.edition, player) + flat_taken
    out = [
        TaxMeasure(
            "worth-at-landing",
            on_landing,
            "as it stood on landing, deeds at their printed price mortgaged or not",
        ),
        TaxMeasure(
            "mortgage-value",
            held,
            "as it stood on landing, mortgaged deeds at their mortgage value",
        ),
        TaxMeasure(
            "worth-at-payment",
            now,
            "as it stands when the tax is paid, deeds at their printed price",
        ),
    ]
    reading = game.ruling("CF-42")
    out.sort(key=lambda m: m.reading != reading)
    return out
