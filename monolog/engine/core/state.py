"""The game state: players, deeds, the bank's buildings, the decks, and whose turn it is.

Mutable and compact (slotted dataclasses, squares by board index). The engine's handlers change
it as events are applied; `snapshot()` gives plain data for scenarios and reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...editions.model import Edition


@dataclass(slots=True)
class PlayerState:
    """One player. `jail_turns` counts the turns spent in jail in the current stay (JAIL-08).

    `cards` holds the ids of the Get Out of Jail Free cards the player keeps (CARD-04); the deck
    each came from is the card's deck in the edition's data.
    """

    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    cards: list[str] = field(default_factory=list)
    bankrupt: bool = False
    resigned: bool = False

    @property
    def active(self) -> bool:
        return not (self.bankrupt or self.resigned)


@dataclass(slots=True)
class DeedState:
    """One ownable square: owner (None = the bank), mortgage, buildings (houses 0-4 or hotel)."""

    square: int
    owner: str | None = None
    mortgaged: bool = False
    houses: int = 0
    hotel: bool = False

    @property
    def buildings(self) -> int:
        """Building level for even-building checks: houses, or houses_before_hotel + 1."""
        return 5 if self.hotel else self.houses


@dataclass(slots=True)
class DeckState:
    """A deck. `cards` is the deck as far as it is known, top first.

    `drawn` lists the ids drawn so far in order. Once every card has been drawn once, the order
    is known (a drawn card goes to the bottom, CARD-03) and `known` is True: later draws must
    follow it. Held jail cards are out of the deck until used (CARD-04, CARD-05).
    """

    key: str
    cards: list[str]
    drawn: list[str] = field(default_factory=list)
    known: bool = False
    held_out: list[str] = field(default_factory=list)
    # the deck as a queue, top first: a card id where the card in that place is known, None
    # where it is not yet (the deck is shuffled at the start); see engine/cards/decks.py
    slots: list[str | None] = field(default_factory=list)


@dataclass(slots=True)
class GameState:
    """Everything on the table at one moment."""

    players: list[PlayerState]
    deeds: dict[int, DeedState]
    bank_houses: int
    bank_hotels: int
    decks: dict[str, DeckState]
    turn: int = 0
    current: int = 0
    doubles: int = 0
    over: bool = False
    # each player by name, the first seated of a name (not part of the position): the seating
    # never changes once the state is made, so `player` is one lookup, and the replay's
    # busiest callers (a payment, an action's actor) read it directly
    seats: dict[str, PlayerState] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.seats = {}
        for p in self.players:
            self.seats.setdefault(p.name, p)

    @classmethod
    def new(cls, edition: Edition, names: list[str]) -> GameState:
        """The opening position of a standard game under `edition`."""
        rules = edition.rules
        players = [PlayerState(n, rules.starting_cash) for n in names]
        deeds = {s.index: DeedState(s.index) for s in edition.squares if s.ownable}
        decks = {
            key: DeckState(key, [c.id for c in deck.cards], slots=[None] * len(deck.cards))
            for key, deck in edition.decks.items()
        }
        return cls(players, deeds, rules.houses, rules.hotels, decks)

    def player(self, name: str) -> PlayerState:
        """The player of that name; KeyError when no one is seated by it."""
        return self.seats[name]

    @property
    def current_player(self) -> PlayerState:
        return self.players[self.current]

    def owned_by(self, name: str) -> list[DeedState]:
        return [d for d in self.deeds.values() if d.owner == name]

    def snapshot(self, edition: Edition) -> dict[str, Any]:
        """Plain data for scenarios, reports and JSON: names, not indices."""
        names = {s.index: s.name for s in edition.squares}
        return {
            "turn": self.turn,
            "player": self.current_player.name if self.players else None,
            "players": {
                p.name: {
                    "cash": p.cash,
                    "position": names[p.position],
                    "in_jail": p.in_jail,
                    "jail_turns": p.jail_turns,
                    "cards": list(p.cards),
                    "bankrupt": p.bankrupt,
                    "resigned": p.resigned,
                }
                for p in self.players
            },
            "deeds": {
                names[d.square]: {
                    "owner": d.owner,
                    "houses": d.houses,
                    "hotel": d.hotel,
                    "mortgaged": d.mortgaged,
                }
                for d in self.deeds.values()
            },
            "bank": {"houses": self.bank_houses, "hotels": self.bank_hotels},
            "decks": {
                k: {"known": d.known, "order": list(d.slots), "held": list(d.held_out)}
                for k, d in self.decks.items()
            },
        }
