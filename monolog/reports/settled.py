"""A record replayed for its settlement only (`monolog settle`, `monolog standings`).

`load_game` keeps a moment (a snapshot of the whole table and each player's worth) after every
event, and every event: what the ledger, the viewer and `state --at` show. The settlement
needs far less: the final state, and for each player who left the game the event after which
they were out and their worth just before it. A 256 KiB game of bare rolls took 357 MiB to
settle that way (benchmarks/README.md). Here the record is parsed and replayed a piece at a
time (notation/chunks.py), and a moment is kept only where a player leaves the game, with the
one before it: the settlement reads the same moments in the same order, so its output is the
same (tests/test_settled.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain

from ..editions.model import Edition
from ..engine.replay import replay, replay_chunks
from ..engine.state import GameState
from ..engine.worth import worth
from ..findings.lines import TextLines
from ..notation import ParseError
from ..notation import events as E
from ..notation.chunks import parse_pieces
from ..notation.parser import read_source
from .game import Game, GameError, Moment, edition_as_played


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
    declared: list[E.Event] = [E.Tag(E.NO_SPAN, "HouseRule", key) for key in house_rules]
    try:
        text = read_source(path)
        first, more = parse_pieces(text, path)
        first = declared + first
        ed = edition_as_played(first, edition, path)
        exits = _Exits(ed)
        if more is None:
            result = replay(first, edition=ed, rulings=rulings, file=path, observer=exits)
        else:

            def again() -> Iterator[Sequence[E.Event]]:  # the pieces anew, for a second pass
                first_piece, rest = parse_pieces(text, path)
                return chain([declared + first_piece], rest or ())

            pieces = chain([first], more)
            del first  # each piece goes once stepped through
            result = replay_chunks(
                pieces, edition=ed, rulings=rulings, file=path, observer=exits, again=again
            )
    except ParseError as exc:
        raise GameError(exc.render()) from None
    game = Game(path, TextLines(text), result, exits.moments)
    game.time_called = exits.time_called
    return game
