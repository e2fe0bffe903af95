"""Chance for the simulator: two six-sided dice and shuffled card decks, from one seeded stream.

Everything random about the game itself (dice, the order of the decks) comes from one
`random.Random(seed)`, so a seed gives the same game every time (SET-05, CARD-03).
"""

from __future__ import annotations

import random
from collections import deque

from ..editions.model import Edition


class Dice:
    """Two six-sided dice."""

    __slots__ = ("_random",)

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def roll(self) -> tuple[int, int]:
        r = self._random
        return int(r() * 6) + 1, int(r() * 6) + 1


class Decks:
    """The card decks, each a queue with its top at the left.

    A drawn card goes under its deck (CARD-03), except a Get Out of Jail Free card, which its
    drawer keeps until it is used and then goes under its own deck (CARD-04, CARD-05).
    """

    __slots__ = ("drawn", "kept", "queues")

    def __init__(
        self, edition: Edition, rng: random.Random, kept: frozenset[str] | None = None
    ) -> None:
        self.queues: dict[str, deque[str]] = {}
        self.drawn: dict[str, int] = dict.fromkeys(edition.decks, 0)  # draws from each deck
        if kept is None:  # the cards a drawer keeps: the Get Out of Jail Free cards
            kept = frozenset(
                c.id
                for d in edition.decks.values()
                for c in d.cards
                if c.kind == "get_out_of_jail_free"
            )
        self.kept: frozenset[str] = kept
        for key, deck in edition.decks.items():
            ids = [c.id for c in deck.cards]
            rng.shuffle(ids)
            self.queues[key] = deque(ids)

    def draw(self, deck: str) -> str:
        """The top card; it goes to the bottom unless it is a card the drawer keeps."""
        q = self.queues[deck]
        self.drawn[deck] += 1
        card = q.popleft()
        if card not in self.kept:
            q.append(card)
        return card

    def put_back(self, deck: str, card: str, *, top: bool = False) -> None:
        """A kept card returns under its own deck (`top`: on top of it, an engine fault)."""
        if top:
            self.queues[deck].appendleft(card)
        else:
            self.queues[deck].append(card)

    def count(self) -> int:
        return sum(len(q) for q in self.queues.values())
