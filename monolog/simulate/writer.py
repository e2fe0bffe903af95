"""Writing the record: tag pairs, turn lines, continuation, actor and deal lines, comments.

The writer only formats; what happened is decided by the simulator. Its own seeded stream picks
the writing style (a square's full name, an alias, an abbreviation or its number; whether an
amount is written; the currency sign), so a style choice never changes the game.
"""

from __future__ import annotations

import random
import re

from ..editions.errors import ResolveError
from ..editions.model import Edition
from ..editions.resolver import Resolver

# a name the grammar reads without quotes (grammar/monolog.lark, NAME)
_WORD = r"[A-Z\u00C0-\u024F\u0370-\u1FFF][\w.&'’\-]*"
_NAME = re.compile(rf"(?:{_WORD})(?: (?:{_WORD}))*")


def written(name: str) -> str:
    """A name as the notation writes it: bare when it reads as a name, else in quotes."""
    if _NAME.fullmatch(name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


# for each square: its full written name, other written forms that name it alone (aliases and
# word-wise abbreviations), and whether the full name is shared
Forms = tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[bool, ...]]


def square_forms(edition: Edition) -> Forms:
    """For each square: its full written name, other written forms that name it alone
    (aliases and word-wise abbreviations), and whether the full name is shared."""
    resolver = Resolver(edition, [])
    full: list[str] = []
    others: list[tuple[str, ...]] = []
    shared: list[bool] = []
    for sq in edition.squares:
        full.append(written(sq.name))
        try:
            alone = resolver.squares(sq.name) == (sq,)
        except ResolveError:
            alone = False
        shared.append(not alone)
        forms: list[str] = []
        candidates = list(sq.aliases)
        words = sq.name.split()
        if _NAME.fullmatch(sq.name) and len(words) > 1:
            if len(words[-1]) > 4:
                candidates.append(" ".join([*words[:-1], words[-1][:3]]))
            candidates.append(words[0])
        for text in candidates:
            if text == sq.name or text in forms:
                continue
            try:
                if resolver.squares(text) != (sq,):
                    continue
            except ResolveError:
                continue
            forms.append(written(text))
        others.append(tuple(dict.fromkeys(forms)))
    return tuple(full), tuple(others), tuple(shared)


class Style:
    """How this record writes names and amounts (seeded)."""

    def __init__(
        self, edition: Edition, rng: random.Random, forms: Forms, *, amounts: float = 0.9
    ) -> None:
        self.full, self.others, self.shared = forms  # square_forms(edition), made once
        self.rng = rng
        self.random = rng.random
        self.amounts = amounts
        self.currency = edition.currency
        self.variety = 0.05 + 0.15 * rng.random()  # how often a short form is used
        self.signs = rng.random() < 0.3  # some referees write the currency sign

    def square(self, index: int, *, alone: bool = False) -> str:
        """A square's written name; `alone`: the name must name this square only."""
        r = self.random()
        if r < self.variety:
            others = self.others[index]
            if others:
                return others[int(self.random() * len(others))]
        if r > 0.985 or (alone and self.shared[index]):
            return f"#{index}"
        return self.full[index]

    def amount(self, value: int) -> str:
        if self.signs and self.random() < 0.2:
            return f"{self.currency}{value}"
        return str(value)

    def maybe(self, value: int) -> str:
        """ " 200" when the amount is written, "" when the record leaves it to monolog."""
        if self.random() < self.amounts:
            if self.signs and self.random() < 0.2:  # amount(), written out: a hot path
                return f" {self.currency}{value}"
            return f" {value}"
        return ""

    def maybe_for(self, value: int) -> str:
        if self.random() < self.amounts:
            return " for " + self.amount(value)
        return ""


class Writer:
    """Lines of the record, built clause by clause."""

    def __init__(self) -> None:
        self.tags: list[str] = []
        self.lines: list[str] = []
        self.cur: list[str] = []
        self.base = 0  # words on the current line before its first clause
        self.keep = False  # a turn line is written even with no clause
        self.actor: str | None = None  # the named actor of the current line; None: turn player
        self.turn_player: str | None = None

    def tag(self, key: str, value: str) -> None:
        self.tags.append(f'[{key} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]')

    def flush(self) -> None:
        if len(self.cur) > self.base or self.keep:
            self.lines.append(" ".join(self.cur))
        self.cur = []
        self.base = 0
        self.keep = False

    def turn(self, number: int, player: str) -> None:
        if len(self.cur) > self.base or self.keep:  # flush(), written out
            self.lines.append(" ".join(self.cur))
        self.cur = [f"{number}.", player]
        self.base = 2
        self.keep = True
        self.actor = None
        self.turn_player = player

    def cont(self) -> None:
        """Start a continuation line: more clauses of the player whose turn it is."""
        if self.actor is None and len(self.cur) == self.base and self.keep:
            return
        self.flush()
        self.actor = None

    def by(self, player: str) -> None:
        """Make sure the clauses that follow are `player`'s, starting a line if needed."""
        if player == self.turn_player and self.actor is None:
            return
        if self.actor == player:
            return
        if player == self.turn_player:
            self.cont()
            return
        self.flush()
        self.cur = [player]
        self.base = 1
        self.actor = player

    def add(self, clause: str) -> None:
        self.cur.append(clause)

    def say(self, player: str, clause: str) -> None:
        """A clause done by `player`."""
        if player != self.turn_player or self.actor is not None:  # by() has nothing to do
            self.by(player)
        self.cur.append(clause)

    def check(self, player: str, cash: int) -> None:
        """A checksum of `player`'s cash, on the current line."""
        mine = (self.actor is None and player == self.turn_player) or self.actor == player
        self.cur.append(f"={cash}" if mine and len(self.cur) > self.base else f"={player} {cash}")

    def mark(self, text: str) -> None:
        """An inline comment after the last clause written, on its line."""
        if len(self.cur) > self.base:
            self.cur.append(text)
            return
        last = self.lines[-1]
        code, semi, note = last.partition(" ;")
        self.lines[-1] = f"{code} {text}{semi}{note}" if semi else f"{last} {text}"

    def comment(self, text: str) -> None:
        """A `;` comment closes the current line."""
        if len(self.cur) > self.base:
            self.cur.append("; " + text)
            self.lines.append(" ".join(self.cur))
            self.cur = []
            self.base = 0
            self.keep = False
            self.actor = None
        else:
            self.flush()
            self.lines.append("; " + text)
            self.actor = None

    def line(self, text: str) -> None:
        """A line of its own (a deal)."""
        self.flush()
        self.lines.append(text)
        self.actor = None

    def text(self, head: list[str]) -> str:
        self.flush()
        return "\n".join([*head, *self.tags, "", *self.lines]) + "\n"
