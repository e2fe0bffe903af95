"""The public Python API: read records, replay them, and read what the replay found.

    import monolog

    with open("club-night.mlog", encoding="utf-8") as handle:
        record = monolog.read_game(handle)          # the next game of the stream, or None
    game = record.replay(rulings={"CF-02": "fourth-turn-pay"})
    for finding in game.findings:
        print(finding.location(), finding.code, finding.message)

Records come from a path or a stream (`read_games`, `read_game`) or from text (`parse_games`);
a file may hold several games, one after the other, each opening with its tags. The text
notation and the JSON Lines event stream (docs/events.schema.json) are both read. Line numbers
are those of the whole file. Everything not named in `monolog.__all__` is private and may change.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from .editions.model import Edition
from .editions.readings import check_ruling
from .files import read_regular
from .findings.declared import Declared
from .findings.model import WHOLE_FILE, Finding
from .notation import events as E
from .notation.errors import ParseError, decode_error
from .notation.jsonl import SUFFIXES, looks_like_jsonl, parse_jsonl
from .notation.parser import decode_source, parse_text
from .reports.game import Game, Moment, replay_game
from .reports.ledger import Ledger, build_ledger
from .reports.settlement import Settlement, settle

__all__ = ["Position", "Record", "ReplayedGame", "parse_games", "read_game", "read_games"]


@dataclass(frozen=True)
class Record:
    """One game as written: its name (the file, or `<string>`), its events in order and the
    source text of the file it came from, every line of it, so that line numbers stay the
    file's (the lines of the file's other games are left empty)."""

    name: str
    events: list[E.Event]
    text: str = field(repr=False)

    @property
    def header(self) -> dict[str, str]:
        """The tags (`[Key "value"]`), the first of each key."""
        out: dict[str, str] = {}
        for e in self.events:
            if isinstance(e, E.Tag):
                out.setdefault(e.key, e.value)
        return out

    def replay(
        self,
        edition: Edition | str | None = None,
        rulings: dict[str, str] | None = None,
    ) -> ReplayedGame:
        """Replay the game on the rules engine under `edition` (a key such as "uk-1996", an
        edition file, or None for the record's Edition tag) and `rulings` ({"CF-02": reading}),
        keeping the position after every event.

        Raises ValueError, as `monolog audit` refuses them, for an `edition` that cannot be
        used (an `EditionError`) and for a ruling on an unknown disputed point or with an
        unknown reading. An Edition tag that cannot be used is a finding (W009), as in audit."""
        for cf, reading in (rulings or {}).items():
            reason = check_ruling(cf, reading)
            if reason is not None:
                raise ValueError(f"rulings[{cf!r}]: {reason}")
        positions: list[Position] = []

        def keep(event: E.Event, moment: Moment) -> None:
            positions.append(Position(event, moment.turn, moment.snapshot, moment.worth))

        game = replay_game(
            self.name, self.text, self.events, edition=edition, rulings=rulings, on_moment=keep
        )
        return ReplayedGame(self, game, positions)


@dataclass(frozen=True)
class Position:
    """The table just after `event`: the turn in play, the whole state as plain data (cash,
    owners, buildings, mortgages, tokens, jail, the bank, the decks) and each player's worth."""

    event: E.Event
    turn: int
    state: dict[str, object]
    worth: dict[str, int]


@dataclass(frozen=True)
class ReplayedGame:
    """A game replayed: its findings, its positions move by move, its ledger and settlement."""

    record: Record
    game: Game = field(repr=False)
    _positions: list[Position] = field(repr=False)

    @property
    def findings(self) -> list[Finding]:
        """Every finding, in replay order, then the Result tag's check (W101), as `monolog
        audit` reports them."""
        return [*self.game.findings, *self.settlement().findings]

    @property
    def declared(self) -> tuple[Declared, ...]:
        """The readings the edition's engine profile declares (docs/engines.md), each with the
        times the game played it (`count`) and the first line (`line`); empty without one."""
        return self.game.result.declared

    def positions(self) -> Iterator[Position]:
        """The position after each event, in order."""
        return iter(self._positions)

    def ledger(self, player: str | None = None) -> Ledger:
        """Every payment in order with running balances (only `player`'s when given)."""
        return build_ledger(self.game, player)

    def settlement(self) -> Settlement:
        """Worths, ranking, winner, and whether the Result tag agrees."""
        return settle(self.game)


def parse_games(text: str, name: str = "<string>") -> list[Record]:
    """Every game in `text` (the notation, or the JSON Lines event stream). Raises
    `monolog.ParseError` (with the located P-code finding) for text that cannot be read."""
    if name.endswith(SUFFIXES) or looks_like_jsonl(text):
        events = parse_jsonl(text, name)
    else:
        events = parse_text(text, name)
    games = _split(events)
    if len(games) == 1:
        return [Record(name, games[0], text)]
    lines = text.split("\n")
    starts = [_first_line(g) for g in games] + [len(lines) + 1]
    out = []
    for k, game in enumerate(games):
        first, after = (starts[k] if k else 1), starts[k + 1]
        # the file's other games blanked: line numbers stay the file's, and what reads the
        # lines (the Result tag's place, the source under a finding) sees this game's alone
        own = ["" if not first <= n < after else line for n, line in enumerate(lines, 1)]
        out.append(Record(name, game, "\n".join(own)))
    return out


def _first_line(events: list[E.Event]) -> int:
    return next((e.span.line for e in events if e.span.line), 1)


def read_games(source: str | os.PathLike[str] | TextIO) -> list[Record]:
    """Every game in a file (a path) or in a text stream. A path is read as the command line
    reads a record (monolog/files.py): anything but a regular file within the size limit
    raises OSError, without blocking."""
    if isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        return parse_games(decode_source(read_regular(Path(source)), name), name)
    return parse_games(*_read_stream(source))


def _read_stream(handle: TextIO) -> tuple[str, str]:
    """The text of a stream and its name; a ParseError (P002) when its bytes are not text in
    its encoding (the stream decodes them, so the place is in the part it was decoding)."""
    name = getattr(handle, "name", None)
    name = name if isinstance(name, str) else "<stream>"
    try:
        return handle.read(), name
    except UnicodeDecodeError as exc:
        raise _stream_decode_error(name, exc) from None


def _stream_decode_error(name: str, exc: UnicodeDecodeError) -> ParseError:
    data = exc.object if isinstance(exc.object, bytes) else bytes(exc.object)
    located = decode_error(name, data, exc)
    # the line and column counted in the part the stream was decoding are not the file's
    return ParseError(replace(located.finding, span=WHOLE_FILE))


# games read from a stream and not yet handed out, kept as long as the stream lives
_LEFT: weakref.WeakKeyDictionary[TextIO, list[Record]] = weakref.WeakKeyDictionary()


def read_game(handle: TextIO) -> Record | None:
    """The next game of a text stream, or None at its end, like `chess.pgn.read_game`.

    The stream is read to its end on the first call; the games after the first are kept for
    the next calls with the same stream."""
    if handle not in _LEFT:
        _LEFT[handle] = parse_games(*_read_stream(handle))
    games = _LEFT[handle]
    return games.pop(0) if games else None


def _split(events: list[E.Event]) -> list[list[E.Event]]:
    """The events of a file cut into games: a tag after a game's first move opens the next."""
    games: list[list[E.Event]] = [[]]
    moved = False
    for e in events:
        if isinstance(e, E.Tag) and moved:
            games.append([])
            moved = False
        elif not isinstance(e, (E.Tag, *E.TRIVIA)):
            moved = True
        games[-1].append(e)
    return [g for g in games if any(not isinstance(e, E.TRIVIA) for e in g)] or [games[0]]
