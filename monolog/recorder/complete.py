"""Tab completion for a record line: what the game so far says may come next.

Offered, most likely first: the next turn line (`13. Cal`), the square a roll reaches, the clause
that square calls for with its amount (`rent 22 to Ben`, `buy 100`, `card`), the cards of the
deck drawn from, player names, square names and the notation's keywords.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from ..editions.model import Square
from ..engine.money.rent import quote_rent
from .session import Session

KEYWORDS = (
    "buy", "decline", "auction", "bids", "sold", "nobids", "rent", "to", "salary", "tax", "card",
    "dice", "jail", "fine", "goojf", "build", "sell", "mortgage", "unmortgage", "interest", "pay",
    "deal", "bankrupt", "resign", "end", "disputed", "setup", "hotel", "for", "deed", "creditor",
)  # fmt: skip
COMMANDS = ("undo", "state", "ledger", "help", "quit")
_ROLL = re.compile(r"^([1-6])-([1-6])$")
_NAME_WORD = re.compile(r"^[A-ZÀ-Ý][\w.&'’-]*$")
_SQUARE_KEYWORDS = {"->", "build", "sell", "deed", "mortgage", "unmortgage", "interest", "auction"}
_PLAYER_KEYWORDS = {"to", "bids", "sold", "deal", "creditor"}


def as_written(name: str) -> str:
    """A name as a record writes it: bare when every word is capitalised, else in quotes."""
    if all(_NAME_WORD.match(word) for word in name.split()):
        return name
    return '"' + name.replace('"', '\\"') + '"'


class RecordCompleter(Completer):
    """Completions from the session's game (read at each keystroke: always up to date)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        text = document.text_before_cursor
        found: dict[str, tuple[str, str]] = {}
        for candidate in self.candidates(text):
            word, meta = candidate if isinstance(candidate, tuple) else (candidate, "")
            fragment = _fragment(text, word)
            if fragment is not None and word not in found:
                found[word] = (fragment, meta)
        # a name being typed over several words wins over one-word matches of its last word
        longest = max((len(f) for f, _ in found.values()), default=0)
        for word, (fragment, meta) in found.items():
            if len(fragment) == longest:
                yield Completion(word, start_position=-len(fragment), display_meta=meta or None)

    # ---------------------------------------------------------------- what fits here
    def candidates(self, text: str) -> Iterable[str | tuple[str, str]]:
        """What may come next, each bare or with what the menu shows beside it."""
        s = self.session
        words = text.split()
        ended = text.endswith(" ") or not text
        done = words if ended else words[:-1]  # the words already complete
        squares = [as_written(sq.name) for sq in s.edition.squares]
        players = s.players
        if not done:
            nxt = s.next_turn()
            if nxt is not None:
                yield f"{nxt[0]}. {nxt[1]}"
            yield from players
            yield from COMMANDS
            yield from KEYWORDS
            return
        if len(done) == 1 and done[0].rstrip(".").isdigit():  # a turn number: whose turn
            nxt = s.next_turn()
            if nxt is not None:
                yield nxt[1]
            yield from players
            return
        actor = self._actor(done)
        roll = _last_roll(done)
        reached = s.reached(actor, roll) if actor is not None and roll else None
        last = done[-1]
        if _ROLL.match(last) and reached is not None:
            yield as_written(reached.name)
            yield from self._clauses(reached, actor, roll)
            yield from squares
            return
        if last == "card":
            yield from self._cards(reached or (s.square_of(actor) if actor else None))
            return
        if last == "bank," and done[-3:-1] == ["bankrupt", "to"]:
            yield "creditor"  # `bankrupt to bank, creditor Ben` (CF-82)
            return
        if last == "sell":
            yield "deed"  # `sell deed Baltic Avenue for 30`
        if last in _PLAYER_KEYWORDS or last.endswith(","):
            yield from players
            if last.endswith(","):
                yield from squares
            return
        if last in _SQUARE_KEYWORDS:
            yield from squares
            return
        if reached is not None and _ends_with_name(text, reached.name):
            yield from self._clauses(reached, actor, roll)
        yield from KEYWORDS
        yield from squares
        yield from players

    def _actor(self, done: list[str]) -> str | None:
        """Who the line is about: the turn line's player, an actor line's, else the turn's."""
        players = self.session.players
        if len(done) >= 2 and done[0].rstrip(".").isdigit() and done[1] in players:
            return done[1]
        if done and done[0] in players:
            return done[0]
        return self.session.turn_player()

    def _clauses(self, square: Square, actor: str | None, roll: int | None) -> Iterator[str]:
        """The clause the square calls for, with the amount the rules give."""
        s = self.session
        ed = s.edition
        if square.ownable:
            deed = s.game.state.deeds.get(square.index)
            owner = deed.owner if deed is not None else None
            if owner is None:
                yield f"buy {square.price}"
                yield "decline"
            elif actor is not None and owner != actor:
                quote = quote_rent(s.game, square.index, actor, dice=roll)
                amount = quote.with_dice(roll or 0)
                yield f"rent {amount} to {owner}" if amount else "rent"
        elif square.kind in ("chance", "chest"):
            yield "card"
        elif square.kind == "tax":
            yield f"tax {square.tax}" if square.tax else "tax"
        elif square.kind == "go-to-jail":
            yield "jail"
        elif square.kind == "go":
            yield f"salary {ed.rules.go_salary}"

    def _cards(self, square: Square | None) -> Iterator[tuple[str, str]]:
        """The cards by number, their titles shown beside; then by title, the number beside."""
        ed = self.session.edition
        decks = [ed.decks[square.deck]] if square is not None and square.deck in ed.decks else []
        decks = decks or list(ed.decks.values())
        for deck in decks:
            for card in deck.cards:
                yield card.id, card.title
        for deck in decks:
            for card in deck.cards:
                yield as_written(card.title), card.id


def _last_roll(words: list[str]) -> int | None:
    for word in reversed(words):
        m = _ROLL.match(word)
        if m:
            return int(m[1]) + int(m[2])
    return None


def _ends_with_name(text: str, name: str) -> bool:
    stripped = text.rstrip().rstrip('"').casefold()
    return stripped.endswith(name.casefold())


def _fragment(text: str, candidate: str) -> str | None:
    """The end of `text` the candidate completes: the longest tail starting a word that is a
    prefix of the candidate (ignoring case, and the quote a name in quotes opens with), '' after
    a space; None when it fits nothing."""
    if not text or text.endswith(" "):
        return ""
    folded = candidate.casefold()
    starts = [0] + [m.end() for m in re.finditer(r"\s+", text)]
    for start in starts:
        tail = text[start:]
        if len(tail) >= len(candidate):
            continue
        if folded.startswith(tail.casefold()) or folded.startswith('"' + tail.casefold()):
            return tail
    return None
