"""The board as a Markov chain: long-run share of rolls that end on each square.

A state is what one roll leaves behind: `(square, doubles)` for a token that is free (doubles is
the run of doubles in the turn so far, 0 after a roll that was not a double, so the next roll
starts a turn), or `(JAIL, k)` for a token in jail after k failed tries for a double. A roll
ends where the token stops once cards and Go to Jail have been dealt with. Everything comes from
the edition's data: the squares, the card effects (each card of a deck drawn with probability
1/len(deck): a randomly shuffled draw), the jail square, the Go to Jail square and the number of
jail turns. Rules modelled (RULES-MATRIX): DBL-01..03 with CF-09 not-moved (a third double goes
straight to jail), JAIL-01/02 (Go to Jail square and card), JAIL-04 (fine), JAIL-06..08 with
CF-02 third-roll-pay-and-move and CF-04 no-extra-roll, CARD-06 (a card move deals with the square
reached, which may draw again: Chance 36, back three, Community Chest 33).

Two jail strategies: `leave` pays the fine at the start of the first jail turn and then rolls as
usual; `stay` rolls for a double on each jail turn. A Get Out of Jail Free card moves nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..editions.model import Card, Edition

JAIL = -1  # the square part of an in-jail state
STRATEGIES = ("leave", "stay")
State = tuple[int, int]
Outcome = int  # a square index, or JAIL
_DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def card_destination(edition: Edition, card: Card, pos: int) -> Outcome | None:
    """Where a card drawn on `pos` sends the token: a square, JAIL, or None (no move)."""
    size = len(edition.squares)
    if card.kind == "go_to_jail":
        return JAIL
    if card.kind == "advance_to":
        return pos if card.target is None else card.target
    if card.kind == "advance_to_nearest":
        for step in range(1, size + 1):
            if edition.squares[(pos + step) % size].kind == card.target_kind:
                return (pos + step) % size
        raise ValueError(f"{card.id}: no {card.target_kind} square on the board")
    if card.kind == "move_back":
        return card.target if card.target is not None else (pos - card.spaces) % size
    return None


def resolve(edition: Edition, square: int, depth: int = 0) -> dict[Outcome, float]:
    """Where a token that reaches `square` ends up, with probabilities (cards drawn at random)."""
    if depth > 8:
        raise ValueError("card moves do not come to rest")
    sq = edition.squares[square]
    if sq.kind == "go-to-jail":
        return {JAIL: 1.0}
    if sq.deck is None:
        return {square: 1.0}
    cards = edition.decks[sq.deck].cards
    out: dict[Outcome, float] = {}
    for card in cards:
        dest = card_destination(edition, card, square)
        if dest is None:
            parts: dict[Outcome, float] = {square: 1.0}
        elif dest == JAIL:
            parts = {JAIL: 1.0}
        else:
            parts = resolve(edition, dest, depth + 1)
        for where, p in parts.items():
            out[where] = out.get(where, 0.0) + p / len(cards)
    return out


@dataclass(frozen=True)
class Chain:
    """The transition probabilities between roll outcomes, and their stationary distribution."""

    edition: Edition
    strategy: str
    transitions: dict[State, dict[State, float]]

    def stationary(self) -> dict[State, float]:
        """The stationary distribution, by Gaussian elimination on pi (P - I) = 0, sum pi = 1."""
        states = sorted(self.transitions)
        index = {s: i for i, s in enumerate(states)}
        n = len(states)
        # Row j of the system: sum_i pi_i (P[i][j] - [i == j]) = 0; the last row is replaced
        # by the normalisation sum_i pi_i = 1. a[j][i] is the coefficient of pi_i.
        a = [[0.0] * (n + 1) for _ in range(n)]
        for s, row in self.transitions.items():
            i = index[s]
            a[i][i] -= 1.0
            for t, p in row.items():
                a[index[t]][i] += p
        a[n - 1] = [1.0] * n + [1.0]
        for col in range(n):
            pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
            a[col], a[pivot] = a[pivot], a[col]
            lead = a[col]
            inv = 1.0 / lead[col]
            for c in range(col, n + 1):
                lead[c] *= inv
            for r in range(n):
                if r != col and a[r][col] != 0.0:
                    f = a[r][col]
                    row_r = a[r]
                    for c in range(col, n + 1):
                        row_r[c] -= f * lead[c]
        return {s: max(0.0, a[index[s]][n]) for s in states}

    def landing(self) -> list[float]:
        """Long-run share of rolls ending on each square (jail states count as the jail square)."""
        jail = self.edition.rules.jail_index
        out = [0.0] * len(self.edition.squares)
        for (square, _), p in self.stationary().items():
            out[jail if square == JAIL else square] += p
        return out


def chain(edition: Edition, strategy: str = "leave") -> Chain:
    """The chain of `edition` under a jail strategy ("leave" or "stay")."""
    if strategy not in STRATEGIES:
        raise ValueError(f"jail strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    readings = edition.readings
    for cf, reading in (
        ("CF-02", "third-roll-pay-and-move"),
        ("CF-04", "no-extra-roll"),
        ("CF-09", "not-moved"),
    ):
        if readings.get(cf, reading) != reading:
            raise ValueError(f"the chain models {cf} {reading}, not {readings[cf]}")
    size = len(edition.squares)
    jail = edition.rules.jail_index
    tries = edition.rules.max_jail_turns
    landing = {sq: resolve(edition, sq) for sq in range(size)}

    def free_roll(pos: int, doubles: int) -> dict[State, float]:
        row: dict[State, float] = {}
        for a, b in _DICE:
            run = doubles + 1 if a == b else 0
            if run == 3:  # DBL-02, CF-09: to jail without moving
                _add(row, (JAIL, 0), 1 / 36)
                continue
            for where, p in landing[(pos + a + b) % size].items():
                _add(row, (JAIL, 0) if where == JAIL else (where, run), p / 36)
        return row

    def jail_roll(k: int) -> dict[State, float]:
        if strategy == "leave":  # JAIL-04: fine paid, then an ordinary roll from the jail square
            return free_roll(jail, 0)
        row: dict[State, float] = {}
        for a, b in _DICE:
            if a != b and k + 1 < tries:  # still in: JAIL-06
                _add(row, (JAIL, k + 1), 1 / 36)
                continue
            # a double opens the cell (CF-04: the turn ends after the move); the last failed
            # try pays the fine and moves by that roll (JAIL-08, CF-02)
            for where, p in landing[(jail + a + b) % size].items():
                _add(row, (JAIL, 0) if where == JAIL else (where, 0), p / 36)
        return row

    transitions: dict[State, dict[State, float]] = {}
    todo: list[State] = [(0, 0)]
    while todo:
        s = todo.pop()
        if s in transitions:
            continue
        row = jail_roll(s[1]) if s[0] == JAIL else free_roll(*s)
        transitions[s] = row
        todo.extend(t for t in row if t not in transitions)
    return Chain(edition, strategy, transitions)


def _add(row: dict[State, float], state: State, p: float) -> None:
    row[state] = row.get(state, 0.0) + p


def ranked(freqs: Iterable[float]) -> list[int]:
    """Square indices from the most to the least frequent."""
    values = list(freqs)
    return sorted(range(len(values)), key=lambda i: -values[i])
