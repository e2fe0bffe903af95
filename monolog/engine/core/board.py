"""Questions about the board that every handler asks: who owns what, complete groups, movement.

Pure functions of the state and the edition; nothing here changes the game.
"""

from __future__ import annotations

from ...editions.model import Edition
from .state import DeedState, GameState

COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def owner_of(state: GameState, index: int) -> str | None:
    """The player who owns the deed of square `index`; None for the bank or a square no one owns."""
    deed = state.deeds.get(index)
    return deed.owner if deed is not None else None


def group_deeds(state: GameState, edition: Edition, group: str) -> list[DeedState]:
    """The deeds of a group (a colour group, "railroad" or "utility"), in board order."""
    return [state.deeds[i] for i in edition.groups.get(group, ()) if i in state.deeds]


def group_complete(state: GameState, edition: Edition, group: str, owner: str) -> bool:
    """True when `owner` holds every deed of the group (RENT-04, BLD-01)."""
    deeds = group_deeds(state, edition, group)
    return bool(deeds) and all(d.owner == owner for d in deeds)


def group_mortgaged(state: GameState, edition: Edition, group: str) -> list[int]:
    """The squares of the group whose deeds are mortgaged (RENT-05, BLD-08)."""
    return [d.square for d in group_deeds(state, edition, group) if d.mortgaged]


def group_built(state: GameState, edition: Edition, group: str) -> bool:
    """True when any site of the group carries a house or a hotel (DEAL-03, MORT-01)."""
    return any(d.houses or d.hotel for d in group_deeds(state, edition, group))


def owned_counts(state: GameState, edition: Edition, group: str, owner: str) -> tuple[int, int]:
    """How many deeds of the group `owner` holds, and how many of them are not mortgaged (the
    railroad and utility tiers under each reading of CF-20). One plain loop: asked at every
    railroad and utility rent quote."""
    every = unmortgaged = 0
    deeds = state.deeds
    for i in edition.groups.get(group, ()):
        d = deeds.get(i)
        if d is not None and d.owner == owner:
            every += 1
            if not d.mortgaged:
                unmortgaged += 1
    return every, unmortgaged


def all_word(n: int) -> str:
    """'both' for two, 'all three' for three: how a whole group is counted in messages."""
    return "both" if n == 2 else f"all {COUNT_WORDS.get(n, str(n))}"


def steps_forward(start: int, end: int, size: int = 40) -> int:
    """Squares travelled going forward from `start` to `end` (0 when they are the same)."""
    return (end - start) % size


def passes_go(start: int, steps: int, size: int = 40) -> bool:
    """True when moving `steps` squares forward from `start` reaches or passes GO (MOVE-02)."""
    return steps > 0 and start + steps >= size


def nearest(edition: Edition, start: int, kind: str) -> int:
    """The first square of `kind` ("railroad", "utility") going forward from `start`."""
    size = len(edition.squares)
    for step in range(1, size + 1):
        square = edition.squares[(start + step) % size]
        if square.kind == kind:
            return square.index
    raise ValueError(f"the board has no {kind}")


def closest(edition: Edition, start: int, kind: str) -> int:
    """The square of `kind` fewest squares away from `start`, ahead or behind (ahead on a tie):
    the nearest railroad under CF-71 reading closest."""
    size = len(edition.squares)
    for step in range(1, size + 1):
        for square in (
            edition.squares[(start + step) % size],
            edition.squares[(start - step) % size],
        ):
            if square.kind == kind:
                return square.index
    raise ValueError(f"the board has no {kind}")


def buildings(state: GameState, owner: str) -> tuple[int, int]:
    """(houses, hotels) standing on `owner`'s sites, for repair cards."""
    houses = hotels = 0
    for d in state.deeds.values():
        if d.owner == owner:
            if d.hotel:
                hotels += 1
            else:
                houses += d.houses
    return houses, hotels


def active_players(state: GameState) -> list[str]:
    """The players still in the game, in seating order."""
    return [p.name for p in state.players if p.active]


def next_active(state: GameState, after: int) -> int:
    """The seat of the next player still in the game to the left of seat `after` (TURN-02)."""
    players = state.players
    n = len(players)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if players[seat].active:
            return seat
    return after
