"""A lone token walking the board on the simulator's dice and decks, counting where rolls end.

No money, no bots: the jail strategy is fixed ("leave": pay the fine at the start of the first
jail turn; "stay": roll for a double, paying and moving on the last try, CF-02). The dice and the
cyclic shuffled decks are the simulator's own (`monolog.simulate.dice`); a Get Out of Jail Free
card drawn goes straight back under its deck (a lone token has no use for it). The rules are the
simulator's: doubles roll again, a third double goes to jail unmoved (CF-09), a double thrown in
jail opens the cell and ends the turn (CF-04), a card move deals with the square reached (CARD-06).
"""

from __future__ import annotations

import random

from ..editions.model import Edition
from ..simulate.dice import Decks, Dice


class TokenWalk:
    """One token, one seeded stream of dice and cards."""

    def __init__(self, edition: Edition, strategy: str, seed: int) -> None:
        if strategy not in ("leave", "stay"):
            raise ValueError(f"jail strategy {strategy!r}: expected leave or stay")
        rng = random.Random(seed)
        self.edition = edition
        self.stay = strategy == "stay"
        self.dice = Dice(rng)
        self.decks = Decks(edition, rng)
        self.pos = 0
        self.doubles = 0
        self.in_jail = False
        self.tries = 0

    def run(self, rolls: int) -> list[int]:
        """Make `rolls` rolls; how many of them ended on each square."""
        counts = [0] * len(self.edition.squares)
        for _ in range(rolls):
            counts[self.roll()] += 1
        return counts

    def roll(self) -> int:
        """One roll (a jail try counts as a roll; paying the fine does not); the square it ends
        on."""
        rules = self.edition.rules
        size = len(self.edition.squares)
        if self.in_jail:
            if not self.stay:
                self.in_jail = False  # the fine, then an ordinary roll
                self.doubles = 0
            else:
                d1, d2 = self.dice.roll()
                self.tries += 1
                if d1 != d2 and self.tries < rules.max_jail_turns:
                    return self.pos
                self.in_jail = False
                self.doubles = 0
                self._land((self.pos + d1 + d2) % size)
                return self.pos
        d1, d2 = self.dice.roll()
        self.doubles = self.doubles + 1 if d1 == d2 else 0
        if self.doubles == 3:
            self._jail()
            return self.pos
        self._land((self.pos + d1 + d2) % size)
        return self.pos

    def _jail(self) -> None:
        self.pos = self.edition.rules.jail_index
        self.in_jail = True
        self.tries = 0
        self.doubles = 0

    def _land(self, square: int) -> None:
        squares = self.edition.squares
        size = len(squares)
        while True:
            self.pos = square
            sq = squares[square]
            if sq.kind == "go-to-jail":
                self._jail()
                return
            if sq.deck is None:
                return
            card_id = self.decks.draw(sq.deck)
            if card_id in self.decks.kept:
                self.decks.put_back(sq.deck, card_id)
            card = self.edition.card(card_id)
            if card.kind == "go_to_jail":
                self._jail()
                return
            if card.kind == "advance_to":
                square = card.target if card.target is not None else square
            elif card.kind == "advance_to_nearest":
                step = 1
                while squares[(square + step) % size].kind != card.target_kind:
                    step += 1
                square = (square + step) % size
            elif card.kind == "move_back":
                square = card.target if card.target is not None else (square - card.spaces) % size
            else:
                return
