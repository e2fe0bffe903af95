"""A record replayed for a report that reads few of its moments: the settlement (`monolog
settle`, `monolog standings`) and the table at one line or turn (`monolog state`).

`load_game` keeps a moment (a snapshot of the whole table and each player's worth) after every
event, and every event: what the ledger and the viewer show. The settlement needs far less:
the final state, and for each player who left the game the event after which they were out and
their worth just before it; `state --at` needs the table after one event. A 256 KiB game of bare
rolls took 357 MiB to settle or to show at a line that way (benchmarks/README.md). Here the
record is parsed and replayed a piece at a time (notation/chunks.py), and only the moments the
report reads are kept: the settlement's reads the same moments in the same order, and the
position is the same moment, so their output is the same (tests/test_settled.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ..editions.model import Edition
from ..engine.core.replay import replay, replay_chunks
from ..engine.core.state import GameState
from ..engine.money.worth import worth
from ..findings.lines import record_lines
from ..notation import ParseError
from ..notation import events as E
from ..notation.chunks import then
from ..notation.parser import read_source
from ..notation.records import parse_record_pieces
from .game import Game, GameError, Moment, edition_as_played
from .trail import Trail

_Observer = TypeVar("_Observer", bound=Callable[[E.Event, GameState], None])


class _Exits:
    """A replay observer keeping the moments a player leaves the game at, each with the one
    before it, and noting whether time was called."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.moments: list[Moment] = []
        self.before: Moment | None = None
        self.out: set[str] = set()
        self.time_called = False

    def __call__(self, event: E.Event, state: GameState) -> None:
        if isinstance(event, E.TimeCalled):
            self.time_called = True
        moment = Moment(
            event.span.line,
            event.span.column,
            state.turn,
            state.snapshot(self.edition),
            worth(state, self.edition),
        )
        out = {p.name for p in state.players if p.bankrupt or p.resigned}
        if out - self.out:
            if self.before is not None and (
                not self.moments or self.moments[-1] is not self.before
            ):
                self.moments.append(self.before)
            self.moments.append(moment)
            self.out |= out
        self.before = moment


def load_settled(
    path: str,
    *,
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    house_rules: tuple[str, ...] = (),
) -> Game:
    """`load_game` for the settlement: the record read and replayed a piece at a time, its
    lines read from the text, only the moments the settlement reads kept, and no event.

    Raises GameError (with the rendered, located parse error) when the record cannot be read.
    """
    game, exits = replayed(path, edition, rulings, house_rules, _Exits)
    game.moments = exits.moments
    game.time_called = exits.time_called
    return game


def load_ledger(
    path: str,
    *,
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    house_rules: tuple[str, ...] = (),
    worths: bool = True,
) -> Game:
    """`load_game` for the ledger: the record read and replayed a piece at a time, and instead
    of a moment after every event, the trail the ledger reads (reports/trail.py): the changes
    of the bank's stock, the turn at each line, and with `worths` each turn's last worths.

    Raises GameError (with the rendered, located parse error) when the record cannot be read.
    """

    def trailing(edition: Edition) -> _Trailing:
        return _Trailing(edition, worths)

    game, kept = replayed(path, edition, rulings, house_rules, trailing)
    game.trail = kept.trail or Trail(game.players, worths)
    return game


class _Trailing:
    """A replay observer telling a trail of each event (made at the first, once the seating
    is known)."""

    def __init__(self, edition: Edition, worths: bool) -> None:
        self.edition = edition
        self.worths = worths
        self.trail: Trail | None = None

    def __call__(self, event: E.Event, state: GameState) -> None:
        trail = self.trail
        if trail is None:
            trail = self.trail = Trail([p.name for p in state.players], self.worths)
        trail.add(
            event.span.line,
            event.span.column,
            state.turn,
            (state.bank_houses, state.bank_hotels),
            worth(state, self.edition) if self.worths else None,
        )


def load_position(
    path: str,
    line: int | None = None,
    turn: int | None = None,
    *,
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    house_rules: tuple[str, ...] = (),
) -> Game:
    """`load_game` for the table at one moment: the moment after the last event on or before
    `line`, or of turn `turn` or before (the last event's, with neither), and the last event's
    line and turn, which `reports/position.py` reads to say the record ends before a turn.

    Raises GameError (with the rendered, located parse error) when the record cannot be read.
    """

    def upto(edition: Edition) -> _Upto:
        return _Upto(edition, line, turn)

    game, kept = replayed(path, edition, rulings, house_rules, upto)
    game.moments = kept.moments()
    return game


class _Upto:
    """A replay observer keeping the moment after the last event on or before a line, or in a
    turn or before, and where the last event was."""

    def __init__(self, edition: Edition, line: int | None, turn: int | None) -> None:
        self.edition = edition
        self.line = line
        self.turn = turn
        self.at: Moment | None = None
        self.last: tuple[int, int, int] | None = None  # line, column, turn of the last event
        self.at_last = False  # whether the moment kept is the last event's
        self.past: tuple[int, int, int] | None = None  # the first event after the turn asked

    def __call__(self, event: E.Event, state: GameState) -> None:
        span = event.span
        self.last = (span.line, span.column, state.turn)
        self.at_last = False
        if self.line is not None and span.line > self.line:
            return
        if self.turn is not None and (self.past is not None or state.turn > self.turn):
            if self.past is None:  # `Game.moment_after_turn` stops at the first event past it
                self.past = self.last
            return
        self.at_last = True
        self.at = Moment(
            span.line,
            span.column,
            state.turn,
            state.snapshot(self.edition),
            worth(state, self.edition),
        )

    def moments(self) -> list[Moment]:
        """The moment asked for, then moments standing for the first event past the turn asked
        and for the last event, with their lines and turns only: what `Game.last_turn`,
        `moment_at_line` and `moment_after_turn` read of them, for neither is ever the moment
        those find (they come after the line or turn asked, or are where the search stops)."""
        places = [p for p in (self.past, None if self.at_last else self.last) if p is not None]
        if len(places) == 2 and places[0] == places[1]:  # the first event past it is the last
            places.pop()
        kept = [] if self.at is None else [self.at]
        kept += [Moment(line, column, turn, {}, {}) for line, column, turn in places]
        return kept


def replayed(
    path: str,
    edition: Edition | str | None,
    rulings: dict[str, str] | None,
    house_rules: tuple[str, ...],
    observer: Callable[[Edition], _Observer],
) -> tuple[Game, _Observer]:
    """The record replayed a piece at a time with the observer `observer(edition)` made for
    the edition it is played in; the game keeps no moment and no event, its lines read from
    the text."""
    declared: list[E.Event] = [E.Tag(E.NO_SPAN, "HouseRule", key) for key in house_rules]
    try:
        text = read_source(path)
        first, more = parse_record_pieces(text, path)
        lines = record_lines(text, path, first)
        first = declared + first
        ed, given = edition_as_played(first, edition, path)
        watch = observer(ed)
        if more is None:
            result = replay(first, edition=given, rulings=rulings, file=path, observer=watch)
        else:

            def again() -> Iterator[Sequence[E.Event]]:  # the pieces anew, for a second pass
                first_piece, rest = parse_record_pieces(text, path)
                return then(declared + first_piece, rest or ())

            pieces = then(first, more)
            del first  # each piece goes once stepped through
            result = replay_chunks(
                pieces, edition=given, rulings=rulings, file=path, observer=watch, again=again
            )
    except ParseError as exc:
        raise GameError(exc.render()) from None
    return Game(path, lines, result), watch
