"""Small builders for the estate tests: a Game on the US 2018 edition and events to feed it."""

from __future__ import annotations

from monolog.editions import default_readings, load_edition
from monolog.engine.core.game import Game
from monolog.engine.core.invariants import check_invariants
from monolog.engine.core.state import GameState
from monolog.notation.events import (
    Bankrupt,
    Build,
    BuildItem,
    Deal,
    DealItem,
    DealSide,
    Interest,
    Mortgage,
    Ref,
    Sell,
    Span,
    Unmortgage,
)

SPAN = Span(1, 1, 1, 2)
EDITION = load_edition("us-2018")


def new_game(*names: str, rulings: dict[str, str] | None = None) -> Game:
    readings = {**default_readings(), **EDITION.readings, **(rulings or {})}
    return Game(EDITION, GameState.new(EDITION, list(names or ("Ann", "Ben"))), readings)


def index(name: str) -> int:
    return next(s.index for s in EDITION.squares if s.name == name)


def give(game: Game, player: str, *squares: str, houses: int = 0, mortgaged: bool = False) -> None:
    for name in squares:
        deed = game.state.deeds[index(name)]
        deed.owner = player
        deed.mortgaged = mortgaged
        if houses == 5:
            deed.hotel = True
            game.state.bank_hotels -= 1
        else:
            deed.houses = houses
            game.state.bank_houses -= houses


def deed(game: Game, name: str):  # type: ignore[no-untyped-def]
    return game.state.deeds[index(name)]


def item(square: str, houses: int = 1, hotel: bool = False) -> BuildItem:
    return BuildItem(Ref(square), 0 if hotel else houses, hotel)


def build(*items: BuildItem, amount: int | None = None) -> Build:
    return Build(SPAN, None, tuple(items), amount)


def sell(*items: BuildItem, amount: int | None = None) -> Sell:
    return Sell(SPAN, None, tuple(items), amount)


def mortgage(*squares: str, amount: int | None = None) -> Mortgage:
    return Mortgage(SPAN, None, tuple(Ref(s) for s in squares), amount)


def unmortgage(*squares: str, amount: int | None = None) -> Unmortgage:
    return Unmortgage(SPAN, None, tuple(Ref(s) for s in squares), amount)


def interest(*squares: str, amount: int | None = None) -> Interest:
    return Interest(SPAN, None, tuple(Ref(s) for s in squares), amount)


def side(player: str, *gives: str | int) -> DealSide:
    items = []
    for g in gives:
        if isinstance(g, int):
            items.append(DealItem("cash", amount=g))
        elif g.startswith("goojf"):
            card = g.split()[1] if " " in g else None
            items.append(DealItem("card", card=Ref(card) if card else None))
        else:
            items.append(DealItem("square", square=Ref(g)))
    return DealSide(Ref(player), tuple(items))


def deal(first: DealSide, second: DealSide) -> Deal:
    return Deal(SPAN, first, second)


def bankrupt(to: str | None = None) -> Bankrupt:
    return Bankrupt(SPAN, None, Ref(to) if to else None)


def codes(game: Game) -> list[str]:
    return [f.code for f in game.findings]


def sound(game: Game) -> bool:
    problems = check_invariants(game)
    assert problems == [], problems
    return True
