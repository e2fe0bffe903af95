"""Resolving names written in a record (squares, players, cards) against an edition.

A square may be named by its full name, an alias from the edition file, its number (`#12`), or an
unambiguous abbreviation made of word-wise prefixes ("St. Charles", "Conn", "Penn Ave"). Matching
ignores case and punctuation other than `&` and apostrophes, so "St Charles" and "St. Charles"
are the same words. An exact name or alias wins over the leading whole words of a name ("St" is
St. Charles Place or St. James Place), which win over word prefixes ("St" would also be States).

Everything is precomputed when the resolver is made, and each written form is resolved once.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from ..notation.events import Ref
from .errors import ResolveError
from .model import Card, Edition, Square

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*|&")

Words = tuple[str, ...]


def words(text: str) -> Words:
    """The words of a name for matching: case-folded, punctuation dropped except `&`."""
    return tuple(_WORD.findall(text.casefold()))


def _is_abbreviation(query: Words, name: Words) -> bool:
    """Each written word is the start of the name's word in the same place."""
    return 0 < len(query) <= len(name) and all(
        n.startswith(q) for q, n in zip(query, name, strict=False)
    )


def _listing(names: Iterable[str]) -> str:
    return ", ".join(names)


class _Index:
    """Names (with their word tuples) pointing at targets, for exact and abbreviated lookup."""

    def __init__(self) -> None:
        self.exact: dict[Words, list[int]] = {}
        self.forms: list[tuple[Words, int]] = []
        self.spellings: dict[str, int] = {}  # case-folded written form -> target, for suggestions

    def add(self, name: str, target: int) -> None:
        key = words(name)
        if not key:
            return
        targets = self.exact.setdefault(key, [])
        if target not in targets:
            targets.append(target)
            self.forms.append((key, target))
        self.spellings.setdefault(name.casefold(), target)

    def find(self, text: str) -> list[int]:
        query = words(text)
        if not query:
            return []
        exact = self.exact.get(query)
        if exact:
            return list(exact)
        whole: list[int] = []
        found: list[int] = []
        for key, target in self.forms:
            if key[: len(query)] == query:
                if target not in whole:
                    whole.append(target)
            elif target not in found and _is_abbreviation(query, key):
                found.append(target)
        return sorted(whole) if whole else sorted(set(found))

    def suggest(self, text: str) -> list[int]:
        close = difflib.get_close_matches(text.casefold(), list(self.spellings), n=3, cutoff=0.75)
        out: list[int] = []
        for spelling in close:
            target = self.spellings[spelling]
            if target not in out:
                out.append(target)
        return out


class _BoardIndex:
    """What every resolver on one board and set of decks shares: the square names and the
    cards, indexed, and the squares and cards already looked up (a name means the same square
    or card whoever plays). Built once per board (an edition and its variants share theirs)."""

    def __init__(self, edition: Edition) -> None:
        self.squares = _Index()
        for sq in edition.squares:
            self.squares.add(sq.name, sq.index)
            for alias in sq.aliases:
                self.squares.add(alias, sq.index)
        self.cards: list[Card] = [c for deck in edition.decks.values() for c in deck.cards]
        self.card_ids = {c.id.casefold(): c for c in self.cards}
        self.card_titles = _Index()
        for n, card in enumerate(self.cards):
            self.card_titles.add(card.title, n)
        self.card_cache: dict[tuple[str, str | None], Card | ResolveError] = {}
        # the squares each written form names, and apart from them the forms that name none:
        # a name found is then one lookup, with no test of what it found (64,000 lookups in
        # 200 games)
        self.square_cache: dict[tuple[str, str], tuple[Square, ...]] = {}
        self.square_errors: dict[tuple[str, str], ResolveError] = {}


# (squares, decks, key) of the editions indexed so far, squares and decks by identity, with
# their index; the squares and decks are held so that their ids stay theirs (the key is in the
# messages)
_CACHE_LIMIT = 4096
_BOARDS: dict[tuple[int, int, str], tuple[object, object, _BoardIndex]] = {}


def _board_index(edition: Edition) -> _BoardIndex:
    key = (id(edition.squares), id(edition.decks), edition.key)
    held = _BOARDS.get(key)
    if held is None or held[0] is not edition.squares or held[1] is not edition.decks:
        if len(_BOARDS) > 32:  # editions built over and over (from files): start afresh
            _BOARDS.clear()
        held = (edition.squares, edition.decks, _BoardIndex(edition))
        _BOARDS[key] = held
    return held[2]


# the longest name a message quotes whole: a message is one readable line, and the full name
# stays in the record's line echoed under it (a long game of long unknown names kept each)
QUOTED_NAME_LIMIT = 40


def _clipped(text: str) -> str:
    """A name written in the record, as a message quotes it: its first 40 characters and an
    ellipsis when it is longer."""
    return text if len(text) <= QUOTED_NAME_LIMIT else text[:QUOTED_NAME_LIMIT] + "…"


def _afresh(cached: ResolveError) -> ResolveError:
    """A new error saying what a cached one says. The cached one is never raised itself: a
    raised exception keeps its traceback, and with it every frame the lookup was made from
    (the event, the handler's locals), for as long as the cache holds it (a long record of
    unknown names kept each of its lines' replay frames alive)."""
    return ResolveError(cached.message, cached.candidates)


class Resolver:
    """Names in one game's record resolved against `edition` and the game's `players`."""

    def __init__(self, edition: Edition, players: list[str]) -> None:
        self.edition = edition
        self.players = list(players)
        board = _board_index(edition)
        self._squares = board.squares
        self._players = _Index()
        for n, name in enumerate(self.players):
            self._players.add(name, n)
        self._cards = board.cards
        self._card_ids = board.card_ids
        self._card_titles = board.card_titles
        # the squares each written (kind, text) names, and the player each text names, as
        # found so far: read by the engine's busiest callers without a call (engine/building/
        # holdings.py); a text not in them is looked up by `squares` and `player`
        self.squares_found = board.square_cache
        self._square_errors = board.square_errors
        # as the squares: apart from the names found, the errors
        self.players_found: dict[str, str] = {}
        self._player_errors: dict[str, ResolveError] = {}
        self._card_cache = board.card_cache

    # ---------------------------------------------------------------- squares
    def squares(self, ref: Ref | str) -> tuple[Square, ...]:
        """Every square the name could mean (several for "Chance"); ResolveError if none."""
        kind, text = (ref.kind, ref.text) if isinstance(ref, Ref) else ("name", ref)
        key = (kind, text)
        hit = self.squares_found.get(key)
        if hit is not None:
            return hit
        error = self._square_errors.get(key)
        if error is None:
            found = self._find_squares(kind, text)
            if isinstance(found, tuple):
                if len(self.squares_found) < _CACHE_LIMIT:  # shared by a whole run: bounded
                    self.squares_found[key] = found
                return found
            error = found
            if len(self._square_errors) < _CACHE_LIMIT:
                self._square_errors[key] = error
        raise _afresh(error)

    def square(self, ref: Ref | str) -> Square:
        """The one square the name means; ResolveError if none or several."""
        found = self.squares(ref)
        if len(found) == 1:
            return found[0]
        text = ref.text if isinstance(ref, Ref) else ref
        names = [f"{s.name} (#{s.index})" for s in found]
        if len({s.name for s in found}) == len(found):
            names = [s.name for s in found]
        raise ResolveError(f'ambiguous square "{_clipped(text)}": {_listing(names)}', names)

    def _find_squares(self, kind: str, text: str) -> tuple[Square, ...] | ResolveError:
        board = self.edition.squares
        if kind == "number":
            number = text.lstrip("#")
            if number.isdigit() and int(number) < len(board):
                return (board[int(number)],)
            return ResolveError(
                f"no square #{number} on the {self.edition.key} board "
                f"(squares are numbered 0 to {len(board) - 1})"
            )
        found = self._squares.find(text)
        if found:
            return tuple(board[i] for i in found)
        close = [board[i].name for i in self._squares.suggest(text)]
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        return ResolveError(
            f'no square "{_clipped(text)}" on the {self.edition.key} board{hint}', close
        )

    # ---------------------------------------------------------------- players
    def player(self, ref: Ref | str) -> str:
        """The player's full name, from the full name or a unique prefix (any case)."""
        text = ref.text if isinstance(ref, Ref) else ref
        hit = self.players_found.get(text)
        if hit is not None:
            return hit
        error = self._player_errors.get(text)
        if error is None:
            found = self._find_player(text)
            if isinstance(found, str):
                if len(self.players_found) < _CACHE_LIMIT:
                    self.players_found[text] = found
                return found
            error = found
            if len(self._player_errors) < _CACHE_LIMIT:
                self._player_errors[text] = error
        raise _afresh(error)

    def _find_player(self, text: str) -> str | ResolveError:
        found = self._players.find(text)
        if len(found) == 1:
            return self.players[found[0]]
        if found:
            names = [self.players[i] for i in found]
            return ResolveError(f'ambiguous player "{_clipped(text)}": {_listing(names)}', names)
        close = [self.players[i] for i in self._players.suggest(text)]
        hint = f"did you mean {' or '.join(close)}? " if close else ""
        known = _listing(self.players) or "none named"
        return ResolveError(
            f'no player "{_clipped(text)}" in this game ({hint}players: {known})', close
        )

    # ---------------------------------------------------------------- cards
    def card(self, ref: Ref | str, deck: str | None = None) -> Card:
        """A card by id (CH07, CC05) or by its title or an abbreviation of it, optionally only
        within one deck ("chance", "chest")."""
        text = ref.text if isinstance(ref, Ref) else ref
        key = (text, deck)
        hit = self._card_cache.get(key)
        if hit is None:
            hit = self._find_card(text, deck)
            if len(self._card_cache) < _CACHE_LIMIT:  # shared by a whole run: kept bounded
                self._card_cache[key] = hit
        if isinstance(hit, ResolveError):
            raise _afresh(hit)
        return hit

    def _find_card(self, text: str, deck: str | None) -> Card | ResolveError:
        where = self._deck_words(deck)
        if deck is not None and deck not in self.edition.decks:
            return ResolveError(f'no deck "{deck}" in the {self.edition.key} edition')
        by_id = self._card_ids.get(text.strip().casefold())
        if by_id is not None:
            if deck is None or by_id.deck == deck:
                return by_id
            name = self.edition.decks[by_id.deck].name
            return ResolveError(f"card {by_id.id} is a {name} card, not {where}", (by_id.id,))
        found = [
            self._cards[i]
            for i in self._card_titles.find(text)
            if deck is None or self._cards[i].deck == deck
        ]
        if len(found) == 1:
            return found[0]
        if found:
            names = [f"{c.id} {c.title}" for c in found]
            return ResolveError(
                f'ambiguous card "{_clipped(text)}": {_listing(names)}', [c.id for c in found]
            )
        close = [
            self._cards[i]
            for i in self._card_titles.suggest(text)
            if deck is None or self._cards[i].deck == deck
        ]
        hint = (
            f" (did you mean {' or '.join(f'{c.id} {c.title}' for c in close)}?)" if close else ""
        )
        return ResolveError(f'no card "{_clipped(text)}" in {where}{hint}', [c.id for c in close])

    def _deck_words(self, deck: str | None) -> str:
        if deck is not None and deck in self.edition.decks:
            return f"the {self.edition.decks[deck].name} deck"
        return f"the {self.edition.key} decks"
