"""Replay a parsed record on the strict engine and collect every finding.

`replay(events)` reads the header (Players, Edition, Ruling tags), builds the opening position,
applies each event through its handler (handlers.py), and reports. It never raises on parsed
input: a handler that fails unexpectedly is reported as an internal finding (P901) on the event's
span and the replay carries on with the next event (P902: a broken state invariant, paranoid
mode).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from itertools import chain
from typing import cast

from ...editions import (
    DEFAULT_EDITION,
    check_ruling,
    default_readings,
    load_edition,
    load_tagged_edition,
)
from ...editions.model import Edition
from ...findings.declared import Declared
from ...findings.model import Finding
from ...notation import events as E
from ...notation.chunks import then
from ..money import mortgages
from ..setup import setup
from ..turn import turns
from . import derived_amounts, follow, house_rules, record, variants
from .declared import close as close_declared
from .game import Game, Transfer
from .handlers import Route, apply, close_game, route_of, wrap
from .invariants import check_invariants, rebase
from .ledger import PackedLedger
from .opening import opening_events
from .state import GameState

Observer = Callable[[E.Event, GameState], None]

# what the replay loop passes over
_NOT_PLAYED = (*E.TRIVIA, E.Tag)


@dataclass(slots=True)
class Replay:
    """The result of a replay: findings in source order, the final state, the ledger."""

    findings: Sequence[Finding]
    state: GameState
    transfers: Sequence[Transfer]
    header: dict[str, str]
    edition: Edition
    readings: dict[str, str] = field(default_factory=dict)
    # the points the edition's engine profile declares, with how often the game played each
    declared: tuple[Declared, ...] = ()


def _players(events: Sequence[E.Event], header: dict[str, str]) -> tuple[list[str], bool]:
    """Seating order from the Players tag, else the order names first appear (second: guessed)."""
    raw = header.get("Players")
    if raw is not None:
        names = [n.strip() for n in raw.split(",") if n.strip()]
        return list(dict.fromkeys(names)), False
    seen: list[str] = []
    for ev in events:
        ref = None
        if isinstance(ev, (E.SetupPlayer, E.TurnStart)):
            ref = ev.player
        if ref is not None and ref.text not in seen:
            seen.append(ref.text)
    return seen, True


def _first_span(events: Sequence[E.Event]) -> E.Span:
    for ev in events:
        if not isinstance(ev, E.TRIVIA):
            return ev.span
    return E.NO_SPAN


def replay(
    events: Sequence[E.Event],
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    file: str | None = None,
    observer: Observer | None = None,
    paranoid: bool = False,
    variant: str | None = None,
    recount: bool = True,
    require_amounts: bool = False,
) -> Replay:
    """Replay `events` (from the parser) and audit them against the edition's rules.

    `variant` (standard, short, time-limit) overrides the record's Variant tag; the edition's
    variant of that name is played (W010 and the standard game if it has none). `[HouseRule]`
    tags declare the house rules the table played (engine/core/house_rules.py). `recount` False
    keeps the replay's own cash after a cash count that disagrees (W001) instead of taking the
    count (for replays under another reading, whose cash is not the table's).
    `require_amounts` (or a `[Strict "amounts"]` tag) reports every amount the replay had to
    work out because the record left it out (W014), for scoresheets that must be complete.
    """
    game = begin(events, edition, rulings, file, variant, recount)
    return _play(game, _first_span(events), [events], observer, paranoid, require_amounts)


def replay_chunks(
    pieces: Iterator[Sequence[E.Event]],
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    file: str | None = None,
    observer: Observer | None = None,
    paranoid: bool = False,
    require_amounts: bool = False,
    again: Callable[[], Iterator[Sequence[E.Event]]] | None = None,
    ledger: bool = True,
) -> Replay:
    """`replay` of a record given a piece at a time (notation/chunks.py), each piece let go
    once stepped through, so a long game's events are never all held: the findings are the
    same. The first piece holds the whole header. Where the start of the game needs more than
    the header (no Players tag: the seating is the order names first appear; a variant that
    deals deeds before play: every setup line), the pieces are read through for what the start
    needs (engine/core/opening.py), then replayed from `again()`, the same pieces anew; with no
    `again`, they are all taken and replayed as one. `ledger` False: the caller reads no
    ledger, which is let go before the findings are sorted (the result's is empty)."""
    first = next(pieces, ())
    game = begin(first, edition, rulings, file)
    if needs_whole_record(game):
        if again is None:
            events = [*first, *(ev for piece in pieces for ev in piece)]
            return replay(
                events, edition, rulings, file, observer, paranoid, require_amounts=require_amounts
            )
        game = begin(opening_events(chain([first], pieces)), edition, rulings, file)
        pieces = again()
        first = next(pieces, ())
    start = _first_span(first)
    pieces = then(first, pieces)
    del first  # each piece goes once stepped through
    return _play(
        game, start, pieces, observer, paranoid, require_amounts, packed=True, ledger=ledger
    )


def _play(
    game: Game,
    last_span: E.Span,
    pieces: Iterable[Sequence[E.Event]],
    observer: Observer | None,
    paranoid: bool,
    require_amounts: bool,
    packed: bool = False,
    ledger: bool = True,
) -> Replay:
    """Step `game` through the events of `pieces` (each with the event after it), then close.

    The loop of `_steps`, written again as plain calls: resuming that generator once per event
    was about 3% of the replay of 200 simulated games (benchmarks/README.md). An observer with
    an `only` attribute (a tuple of event classes) is told of those events alone: the audit's
    call after every event was about 3% of that replay."""
    if not game.state.players:
        return _result(game, packed)
    balance = _Balance(game) if paranoid else None
    told = _told(observer)
    kinds = _KINDS.setdefault(told, {})
    ev: E.Event | None = None
    ev_kind = _NONE
    for piece in pieces:
        if packed:  # a long game's older ledger entries kept as numbers, a piece at a time
            game.transfers.pack()
        for after in piece:
            kind = kinds.get(type(after)) or _kind(type(after), told)
            if kind.not_played:
                continue
            if ev is not None:
                last_span = ev.span
                _step(game, ev, after, ev_kind, kind.ignored)  # kinds found once (~1%)
                if balance is not None:
                    balance.check(ev)
                if ev_kind.told and observer is not None:
                    observer(ev, game.state)
            ev, ev_kind = after, kind
        del piece  # let go before the next piece is parsed
    if ev is not None:
        last_span = ev.span
        _step(game, ev, None, ev_kind, False)
        if balance is not None:
            balance.check(ev)
        if ev_kind.told and observer is not None:
            observer(ev, game.state)
    return _close(game, last_span, require_amounts, packed, ledger)


def _told(observer: Observer | None) -> tuple[type, ...]:
    """The event classes `observer` is told of: those of its `only` attribute, every class
    without one, none without an observer."""
    if observer is None:
        return ()
    only: tuple[type, ...] | type | None = getattr(observer, "only", None)
    if only is None:
        return (object,)
    return (only,) if isinstance(only, type) else tuple(only)


def replay_steps(
    game: Game, events: Sequence[E.Event]
) -> Generator[tuple[E.Event, GameState], None, Replay]:
    """`replay` of `events` on `game` (from `begin`) a step at a time: the generator yields
    each event the engine applies with the state after it, as an observer is told of them,
    and returns the result. Two replays of one record under different readings can so be
    stepped side by side (`monolog dispute`), each state read before the next step."""
    return _steps(game, _first_span(events), [events], paranoid=False, require_amounts=False)


def replay_steps_chunks(
    game: Game, pieces: Iterator[Sequence[E.Event]]
) -> Generator[tuple[E.Event, GameState], None, Replay]:
    """`replay_steps` of a record given a piece at a time (notation/chunks.py), each piece let
    go once stepped through, as `replay_chunks` replays one, its findings packed: `game` from
    `begin` given the first piece (which holds the whole header), where the start of the game
    needs no more than the header (a Players tag, no deeds dealt before play)."""
    first = next(pieces, ())
    start = _first_span(first)
    pieces = then(first, pieces)
    del first  # each piece goes once stepped through
    return _steps(game, start, pieces, paranoid=False, require_amounts=False, packed=True)


def needs_whole_record(game: Game) -> bool:
    """Whether the start of `game` (from `begin`) needs more of the record than its header:
    no Players tag (the seating is the order names first appear), or deeds dealt before play
    (every setup line)."""
    return "Players" not in game.header or game.edition.rules.opening_deal_deeds > 0


def _steps(
    game: Game,
    last_span: E.Span,
    pieces: Iterable[Sequence[E.Event]],
    paranoid: bool,
    require_amounts: bool,
    packed: bool = False,
    ledger: bool = True,
) -> Generator[tuple[E.Event, GameState], None, Replay]:
    """`_play` as a generator: each event applied, with the state after it; the result (the
    two loops are kept alike)."""
    if not game.state.players:
        return _result(game, packed)
    balance = _Balance(game) if paranoid else None
    # each event is stepped once the one after it is known (plain loops: a generator of the
    # played events, taken one `next` at a time, was about 3% of the replay)
    kinds = _KINDS.setdefault((), {})
    ev: E.Event | None = None
    ev_kind = _NONE
    for piece in pieces:
        if packed:  # a long game's older ledger entries kept as numbers, a piece at a time
            game.transfers.pack()
        for after in piece:
            kind = kinds.get(type(after)) or _kind(type(after), ())
            if kind.not_played:
                continue
            if ev is not None:
                last_span = ev.span
                _step(game, ev, after, ev_kind, kind.ignored)
                if balance is not None:
                    balance.check(ev)
                yield ev, game.state
            ev, ev_kind = after, kind
        del piece  # let go before the next piece is parsed
    if ev is not None:
        last_span = ev.span
        _step(game, ev, None, ev_kind, False)
        if balance is not None:
            balance.check(ev)
        yield ev, game.state
    return _close(game, last_span, require_amounts, packed, ledger)


def _close(
    game: Game, last_span: E.Span, require_amounts: bool, packed: bool, ledger: bool = True
) -> Replay:
    """After the last event: what the record's end leaves to check; the result (`ledger`
    False: no one reads the ledger, let go before the sort of the findings)."""
    setup.at_end(game)  # a record of setup lines alone: its position is checked too
    if not game.state.over:  # a record that ends before the bank's auctions (BKR-07)
        wrap(game, last_span, lambda: turns.unauctioned_estate(game, ended=True))
        # or before the 10% or the lift on a mortgaged deed received (MORT-07, BKR-06)
        wrap(game, last_span, lambda: mortgages.flag_unsettled_at_end(game, last_span))
    if game.state.over:
        wrap(game, last_span, lambda: close_game(game, last_span))
    if require_amounts or "amounts" in _strict(game.header):
        derived_amounts.require_amounts(game)
    if not ledger:  # not read: let go before the sort of the findings needs its room
        game.transfers = PackedLedger()
    return _result(game, packed)


def begin(
    events: Sequence[E.Event],
    edition: Edition | str | None = None,
    rulings: dict[str, str] | None = None,
    file: str | None = None,
    variant: str | None = None,
    recount: bool = True,
) -> Game:
    """The game before its first event: the header read (edition, variant, house rules,
    rulings, players) and what is wrong with it reported; `step` then applies the events one
    by one. `replay` is `begin` and a `step` per event; a record kept line by line at the table
    (`monolog record`) steps each new line's events without replaying the lines before it."""
    header: dict[str, str] = {}
    ruling_tags: list[E.Tag] = []
    # the record's tags, taken in one pass: what the start reads of the header is then looked
    # for among them, not in every event of the record again (two passes fewer per game)
    tags = [ev for ev in events if isinstance(ev, E.Tag)]
    for ev in tags:
        if ev.key == "Ruling":
            ruling_tags.append(ev)
        else:
            header.setdefault(ev.key, ev.value)
    early: list[tuple[str, str, E.Span, str | None]] = []
    ed = _edition(edition, header, events, early, file)
    ed = variants.choose(ed, variant, header, events, early)
    ed, declared = house_rules.declared(ed, tags, early)
    names, guessed = _players(events, header)
    game = Game(ed, GameState.new(ed, names), {}, file=file, header=header)
    house_rules.activate(game, declared)
    if not recount:  # a replay under another reading: its cash and play are its own
        record.keep_own_cash(game)
        follow.counterfactual(game)
    readings = {**default_readings(), **ed.readings, **house_rules.readings(declared)}
    for tag in ruling_tags:
        cf, _, reading = tag.value.partition("=")
        cf, reading = cf.strip(), reading.strip()
        problem = check_ruling(cf, reading)
        if problem is not None:
            game.emit("W006", f"ruling ignored: {problem}", tag.span, None, recorded=tag.value)
        else:
            readings[cf] = reading
    for cf, reading in (rulings or {}).items():
        readings[cf] = reading
    game.readings = readings
    house_rules.activate_ruled(game)
    for code, message, span, rule in early:
        game.emit(code, message, span, rule)
    start = _first_span(events)
    if guessed and names:
        game.emit(
            "W005",
            f"no Players tag: seating taken as {', '.join(names)}, the order names first appear",
            start,
            "TURN-02",
        )
    if not names:
        game.emit("M900", "no players: the record names none", start, "SET-01")
        return game
    setup.players_judged(game, len(names), start)  # SET-01, CF-56: A56 or M111
    banker = next((e for e in tags if e.key == "Banker"), None)
    if banker is not None:
        setup.check_banker(game, banker, names)
    variants.prepare(game, events)  # the opening deal (SHORT-02, TIME-02)
    return game


def step(game: Game, ev: E.Event, after: E.Event | None = None) -> None:
    """Apply one event to `game` as `replay` does (tags, comments and blank lines do nothing).
    `after` is the event that follows it in the record, if known: an `ignored` there says a
    consequence of this one did not happen (follow.py)."""
    kind = _kind(type(ev), ())
    if not kind.not_played:
        _step(game, ev, after, kind, isinstance(after, E.Ignored))


def _step(game: Game, ev: E.Event, after: E.Event | None, kind: _Kind, ignoring: bool) -> None:
    """`step` of an event that is played, its kind already found, and whether `after` is an
    `ignored` line (from its kind)."""
    if kind.setup or not game.setup.started:
        setup.before_event(game, ev)  # the starting position checked once; setup lines after
    # an event of a class without an `amount` (rolls and turn lines, half the events) is not
    # asked for one: a `getattr` call fewer each, about 25 ns (timeit)
    game.writes_amounts = kind.stated or (kind.priced and getattr(ev, "amount", None) is not None)
    track = game.follow
    track.ignoring = cast(E.Ignored, after) if ignoring else None
    track.next = after
    apply(game, ev, kind.route)
    if kind.setup_player and isinstance(ev, E.SetupPlayer):
        variants.after_setup(game, ev)
        house_rules.after_setup(game, ev)


@dataclass(frozen=True, slots=True)
class _Kind:
    """What `step` asks of an event, worked out once per event class (the isinstance tests it
    made on every event were about a tenth of the replay's time), with the class's route
    through the handlers (handlers.py) and whether the replay's observer is told of it."""

    not_played: bool
    setup: bool
    stated: bool
    priced: bool  # has an `amount` of its own
    setup_player: bool
    ignored: bool  # an `ignored` line (follow.py)
    route: Route
    told: bool


# each event class's kind, by the classes the observer is told of (`_told`)
_KINDS: dict[tuple[type, ...], dict[type, _Kind]] = {}
# before the first played event (never stepped)
_NONE = _Kind(False, False, False, False, False, False, route_of(E.Event), False)


def _kind(cls: type[E.Event], told: tuple[type, ...]) -> _Kind:
    """The kind of `cls` for an observer told of `told` (found once, then kept)."""
    kinds = _KINDS.setdefault(told, {})
    kind = kinds.get(cls)
    if kind is None:
        kind = kinds[cls] = _Kind(
            issubclass(cls, _NOT_PLAYED),
            issubclass(cls, setup.SETUP_EVENTS),
            issubclass(cls, _STATED),
            not is_dataclass(cls) or any(f.name == "amount" for f in fields(cls)),
            issubclass(cls, E.SetupPlayer),
            issubclass(cls, E.Ignored),
            route_of(cls),
            issubclass(cls, told),
        )
    return kind


def _strict(header: dict[str, str]) -> set[str]:
    """What a `[Strict "amounts"]` tag asks the record to write in full."""
    return {w.strip() for w in header.get("Strict", "").split(",") if w.strip()}


def _edition(
    edition: Edition | str | None,
    header: dict[str, str],
    events: Sequence[E.Event],
    early: list[tuple[str, str, E.Span, str | None]],
    file: str | None,
) -> Edition:
    if isinstance(edition, Edition):
        return edition
    key = edition or header.get("Edition") or DEFAULT_EDITION
    try:
        if not edition and "Edition" in header:  # a record names only files beside it
            return load_tagged_edition(key, file)
        return load_edition(key)
    except Exception as err:  # an unknown or broken edition: say so, replay on the default
        span = next(
            (ev.span for ev in events if isinstance(ev, E.Tag) and ev.key == "Edition"),
            _first_span(events),
        )
        early.append(
            (
                "W009",
                f"edition {key!r} cannot be used ({err}); replayed as {DEFAULT_EDITION}",
                span,
                None,
            )
        )
        return load_edition(DEFAULT_EDITION)


def _result(game: Game, packed: bool = False) -> Replay:
    """The replay's result, its findings in source order: as a list, or (`packed`, for a long
    game read a piece at a time) in the game's own packed store (findings/store.py)."""
    declared = close_declared(game)
    record.attach_disputes(game)
    game.findings.sort()
    findings = game.findings if packed else list(game.findings)
    return Replay(
        findings, game.state, game.transfers, game.header, game.edition, game.readings, declared
    )


# events whose money is written in full although they have no `amount` of their own, and
# those whose money no clause could write (a bankrupt's cash and deeds go as a whole)
_STATED = (
    E.Deal,
    E.Auction,
    E.Pay,
    E.CashCheck,
    E.SquareCheck,
    E.StockCheck,
    E.PotCheck,
    E.Bankrupt,
    E.Resign,
    E.GameEnd,
)


def writes_amounts(ev: E.Event) -> bool:
    """Whether the money `ev` moves is written in the record (else the rules work it out).

    A clause with its amount written (`rent 24`, `salary 200`, `build … for 300`), a deal, an
    auction's price and a `pay` state their money; a roll's salary, a `rent` or `card` written
    without a figure, a forced fine at the start of a turn are derived.
    """
    if isinstance(ev, _STATED):
        return True
    return getattr(ev, "amount", None) is not None


class _Balance:
    """Paranoid mode: the state invariants are checked after every event (invariants.py)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.check_invariants = check_invariants
        self.rebase = rebase
        self.started = False

    def check(self, ev: E.Event) -> None:
        if isinstance(ev, setup.SETUP_EVENTS) and self.started:
            self.rebase(self.game)  # the record's own new position (M121), not the engine's
        self.started = self.started or not isinstance(ev, setup.SETUP_EVENTS)
        for problem in self.check_invariants(self.game):
            self.game.emit("P902", f"internal: {problem}", ev.span, None)
