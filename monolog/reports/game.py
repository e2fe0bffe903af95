"""A record replayed for the reports: the engine's result plus what was true after each event.

The reports need more than the final position: the ledger shows the bank's building stock as it
changes, the worth chart needs each turn's worth, and `state --at` needs the position at a line.
`load_game` replays the record once with an observer that keeps, after every event, the line,
the turn, a plain snapshot of the state and each player's worth.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..editions import DEFAULT_EDITION, load_edition, load_tagged_edition
from ..editions.model import Edition
from ..engine.core.replay import Replay, replay
from ..engine.core.state import GameState
from ..engine.money.worth import worth
from ..findings.lines import record_lines
from ..findings.model import Finding
from ..findings.report import source_lines as source_lines  # also named here (reports use it)
from ..notation import ParseError
from ..notation import events as E
from ..notation.parser import read_source
from ..notation.records import parse_record
from .trail import Trail


@dataclass(frozen=True, slots=True)
class Moment:
    """The table after one event: where the event was, the turn, the state and the worths."""

    line: int
    column: int
    turn: int
    snapshot: dict[str, Any]
    worth: dict[str, int]


@dataclass(slots=True)
class Game:
    """A replayed record and the moments of its replay, in order."""

    file: str
    lines: Sequence[str]
    result: Replay
    moments: list[Moment] = field(default_factory=list)
    events: list[E.Event] = field(default_factory=list)
    # whether the record called time, where its events are not kept (reports/settled.py)
    time_called: bool | None = None
    # what the ledger reads, where the moments are not kept (reports/settled.py)
    trail: Trail | None = None

    @property
    def edition(self) -> Edition:
        return self.result.edition

    @property
    def header(self) -> dict[str, str]:
        return self.result.header

    @property
    def findings(self) -> Sequence[Finding]:
        return self.result.findings

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.result.state.players]

    def money(self, amount: int) -> str:
        return self.edition.money(amount)

    def final_snapshot(self) -> dict[str, Any]:
        return self.result.state.snapshot(self.edition)

    def ledger_trail(self) -> Trail:
        """What the ledger reads of the replay: kept as it went (`load_ledger`), else drawn
        from the moments."""
        if self.trail is None:
            trail = Trail(self.players)
            for m in self.moments:
                bank = m.snapshot["bank"]
                trail.add(m.line, m.column, m.turn, (bank["houses"], bank["hotels"]), m.worth)
            self.trail = trail
        return self.trail

    def turn_at_line(self, line: int) -> int:
        """The turn in play at `line`: that of the last event on or before it (0 before any)."""
        return self.ledger_trail().turn_at_line(line)

    def moment_at_line(self, line: int) -> Moment | None:
        """The table after the last event on or before `line`; None before the first event."""
        lines = [m.line for m in self.moments]
        at = bisect.bisect_right(lines, line)
        return self.moments[at - 1] if at else None

    def moment_after_turn(self, turn: int) -> Moment | None:
        """The table after the last event of `turn` (or of the last turn before it)."""
        found: Moment | None = None
        for m in self.moments:
            if m.turn <= turn:
                found = m
            else:
                break
        return found

    def last_turn(self) -> int:
        return self.moments[-1].turn if self.moments else 0


class GameError(Exception):
    """A record that cannot be read or parsed; `message` is located (file:line:col)."""


def load_game(
    path: str,
    *,
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    per_line: bool = False,
    house_rules: tuple[str, ...] = (),
) -> Game:
    """Read, parse and replay `path`, keeping a moment after every event; `house_rules` are
    taken as declared by the record (the project's settings), before its own tags.

    Raises GameError (with the rendered, located parse error) when the record cannot be read.
    """

    try:
        text = read_source(path)
        events = parse_record(text, path)
    except ParseError as exc:
        raise GameError(exc.render()) from None
    if house_rules:
        events = [E.Tag(E.NO_SPAN, "HouseRule", key) for key in house_rules] + events
    return replay_game(path, text, events, edition=edition, rulings=rulings, per_line=per_line)


def replay_game(
    path: str,
    text: str,
    events: list[E.Event],
    *,
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    per_line: bool = False,
    on_moment: Callable[[E.Event, Moment], None] | None = None,
) -> Game:
    """Replay parsed `events`, keeping a moment after each one; with `per_line`, only after the
    last event of each line (the viewer's steps are lines: a snapshot per event was most of
    its time on a long game). `on_moment` is also told of each moment kept, with the event it
    follows."""
    moments: list[Moment] = []
    ed, given = edition_as_played(events, edition, path)
    wanted = _last_of_lines(events) if per_line else None

    def observe(event: E.Event, state: GameState) -> None:
        if wanted is not None and id(event) not in wanted:
            return
        moment = Moment(
            event.span.line,
            event.span.column,
            state.turn,
            state.snapshot(ed),
            worth(state, ed),
        )
        moments.append(moment)
        if on_moment is not None:
            on_moment(event, moment)

    result = replay(events, edition=given, rulings=rulings, file=path, observer=observe)
    return Game(path, record_lines(text, path, events), result, moments, list(events))


def edition_as_played(
    events: Sequence[E.Event], edition: Edition | str | None, path: str | None
) -> tuple[Edition, Edition | None]:
    """The edition the engine will replay `events` (their tags at least) in, in the record's
    variant, loaded here so that an observer can name squares and count worth; and the same
    edition to hand the engine, or None when the record's Edition tag cannot be used: the
    engine then looks for it again, reports W009 as `monolog audit` does, and replays on the
    default edition, as the first does."""
    ed, usable = _edition_for(events, edition, path)
    played = _as_played(ed, events)
    return played, played if usable else None


def _last_of_lines(events: list[E.Event]) -> set[int]:
    """The ids of the events the engine applies that are the last on their line."""
    played = [e for e in events if not isinstance(e, (*E.TRIVIA, E.Tag))]
    return {
        id(e)
        for k, e in enumerate(played)
        if k + 1 == len(played) or played[k + 1].span.line != e.span.line
    }


def _as_played(ed: Edition, events: Sequence[E.Event]) -> Edition:
    """The edition in the record's variant, so each moment's worth counts as the variant
    counts (a short game's hotel is worth fewer houses, SHORT-08). The engine keeps an edition
    already in the chosen variant; an unknown variant is left to it (W010)."""
    key = next((e.value for e in events if isinstance(e, E.Tag) and e.key == "Variant"), None)
    if key is None or key.strip() == ed.variant:
        return ed
    try:
        return ed.with_variant(key.strip())
    except KeyError:
        return ed


def _edition_for(
    events: Sequence[E.Event], edition: Edition | str | None, path: str | None
) -> tuple[Edition, bool]:
    """The edition the engine will use, loaded here so the observer can name squares, and
    whether it is the one asked for.

    An edition the record names but monolog lacks falls back to the default, as the engine does
    (it reports W009)."""

    if isinstance(edition, Edition):
        return edition, True
    key = edition
    if key is None:
        key = next(
            (e.value for e in events if isinstance(e, E.Tag) and e.key == "Edition"),
            None,
        )
    try:
        if edition is None and key is not None:  # as the engine does
            return load_tagged_edition(key, path), True
        return load_edition(key or DEFAULT_EDITION), True
    except Exception:  # the engine reports the unusable edition; replay as it does
        if edition is not None:
            raise
        return load_edition(DEFAULT_EDITION), False
