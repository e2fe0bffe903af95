"""Replay a parsed record on the strict engine and collect every finding.

`replay(events)` reads the header (Players, Edition, Ruling tags), builds the opening position,
applies each event through its handler, and reports. It never raises on parsed input: a
handler that fails unexpectedly is reported as an internal finding (P901) on the event's span
and the replay carries on with the next event (P902: a broken state invariant, paranoid mode).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from ..editions import (
    DEFAULT_EDITION,
    check_ruling,
    default_readings,
    load_edition,
    load_tagged_edition,
)
from ..editions.model import Edition
from ..findings.model import Finding
from ..notation import events as E
from . import (
    auction_out,
    bank_sales,
    bankruptcy,
    buying,
    cards,
    claims,
    deals,
    estate,
    follow,
    house_rules,
    jail,
    mortgages,
    moves,
    record,
    rolls,
    setup,
    shortage,
    skipped,
    turns,
    variants,
)
from .debts import check_unpaid, open_debts
from .game import Game, Transfer
from .invariants import check_invariants, rebase
from .keyword_case import read_keywords
from .names import actor_of, squares_if_named
from .obligations import flow_of
from .opening import opening_events
from .state import GameState

Observer = Callable[[E.Event, GameState], None]

# handlers that take (game, event)
_OWN: dict[type[E.Event], Callable[[Game, Any], None]] = {
    E.SetupPlayer: setup.on_setup_player,
    E.SetupBank: setup.on_setup_bank,
    E.SetupDeck: setup.on_setup_deck,
    E.SetupNext: setup.on_setup_next,
    E.TurnStart: turns.on_turn,
    E.Roll: rolls.on_roll,
    E.Move: moves.on_move,
    E.Salary: moves.on_salary,
    E.Buy: buying.on_buy,
    E.Decline: buying.on_decline,
    E.Rent: claims.on_rent,
    E.RentUnclaimed: claims.on_unclaimed,
    E.Tax: claims.on_tax,
    E.Dice: claims.on_dice,
    E.NoThrow: claims.on_no_throw,
    E.CardDraw: cards.on_card,
    E.Reshuffle: cards.on_reshuffle,
    E.GoToJail: jail.on_jail,
    E.PayFine: jail.on_fine,
    E.UseJailCard: jail.on_goojf,
    E.CashCheck: record.on_check,
    E.SquareCheck: record.on_square_check,
    E.StockCheck: record.on_stock_check,
    E.PotCheck: record.on_pot_check,
    E.Dispute: record.on_dispute,
    E.TimeCalled: record.on_time,
    E.Ignored: follow.on_ignored,
}

# estate handlers: (game, event, actor)
_ESTATE: dict[type[E.Event], Callable[[Game, Any, str], None]] = {
    E.Build: estate.on_build,
    E.Sell: estate.on_sell,
    E.Mortgage: mortgages.on_mortgage,
    E.Unmortgage: mortgages.on_unmortgage,
    E.Interest: mortgages.on_interest,
    E.Pay: deals.on_pay,
    E.Bankrupt: bankruptcy.on_bankrupt,
    E.Resign: bankruptcy.on_resign,
}

# clauses anyone may write about a player out of the game, or after the end
_KEYWORD_PLACES = (E.Pay, E.Bankrupt, E.Deal)
_ANY_TIME = (E.CashCheck, E.SquareCheck, E.StockCheck, E.PotCheck, E.Dispute)
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
    tags declare the house rules the table played (engine/house_rules.py). `recount` False
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
) -> Replay:
    """`replay` of a record given a piece at a time (notation/chunks.py), each piece let go
    once stepped through, so a long game's events are never all held: the findings are the
    same. The first piece holds the whole header. Where the start of the game needs more than
    the header (no Players tag: the seating is the order names first appear; a variant that
    deals deeds before play: every setup line), the pieces are read through for what the start
    needs (engine/opening.py), then replayed from `again()`, the same pieces anew; with no
    `again`, they are all taken and replayed as one."""
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
    pieces = chain([first], pieces)
    del first  # each piece goes once stepped through
    return _play(game, start, pieces, observer, paranoid, require_amounts, packed=True)


def _play(
    game: Game,
    last_span: E.Span,
    pieces: Iterable[Sequence[E.Event]],
    observer: Observer | None,
    paranoid: bool,
    require_amounts: bool,
    packed: bool = False,
) -> Replay:
    """Step `game` through the events of `pieces` (each with the event after it), then close."""
    steps = _steps(game, last_span, pieces, paranoid, require_amounts, packed)
    while True:
        try:
            ev, state = next(steps)
        except StopIteration as stop:
            result: Replay = stop.value
            return result
        if observer is not None:
            observer(ev, state)


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
    pieces = chain([first], pieces)
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
) -> Generator[tuple[E.Event, GameState], None, Replay]:
    """`_play` as a generator: each event applied, with the state after it; the result."""
    if not game.state.players:
        return _result(game, packed)
    balance = _Balance(game) if paranoid else None
    played = (ev for piece in pieces for ev in piece if not isinstance(ev, _NOT_PLAYED))
    ev = next(played, None)
    while ev is not None:
        after = next(played, None)
        last_span = ev.span
        step(game, ev, after)
        if balance is not None:
            balance.check(ev)
        yield ev, game.state
        ev = after
    setup.at_end(game)  # a record of setup lines alone: its position is checked too
    if not game.state.over:  # a record that ends before the bank's auctions (BKR-07)
        _wrap(game, last_span, lambda: turns.unauctioned_estate(game, ended=True))
    if game.state.over:
        _wrap(game, last_span, lambda: _close_game(game, last_span))
    if require_amounts or "amounts" in _strict(game.header):
        record.require_amounts(game)
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
    for ev in events:
        if isinstance(ev, E.Tag):
            if ev.key == "Ruling":
                ruling_tags.append(ev)
            else:
                header.setdefault(ev.key, ev.value)
    early: list[tuple[str, str, E.Span, str | None]] = []
    ed = _edition(edition, header, events, early, file)
    ed = variants.choose(ed, variant, header, events, early)
    ed, declared = house_rules.declared(ed, events, early)
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
    rules = ed.rules
    if 6 < len(names) <= 8 and not game.text_settles("CF-56"):
        setup.more_than_six(game, len(names), start)  # A56
    elif names and not rules.min_players <= len(names) <= rules.max_players:
        game.emit(
            "M111",
            f"this edition is for {rules.min_players} to {rules.max_players} players, not "
            f"{len(names)}",
            start,
            "SET-01",
            expected=[rules.min_players, rules.max_players],
            recorded=len(names),
        )
    if not names:
        game.emit("M900", "no players: the record names none", start, "SET-01")
        return game
    banker = next((e for e in events if isinstance(e, E.Tag) and e.key == "Banker"), None)
    if banker is not None:
        setup.check_banker(game, banker, names)
    variants.prepare(game, events)  # the opening deal (SHORT-02, TIME-02)
    return game


def step(game: Game, ev: E.Event, after: E.Event | None = None) -> None:
    """Apply one event to `game` as `replay` does (tags, comments and blank lines do nothing).
    `after` is the event that follows it in the record, if known: an `ignored` there says a
    consequence of this one did not happen (follow.py)."""
    if isinstance(ev, _NOT_PLAYED):
        return
    setup.before_event(game, ev)  # the starting position checked once; setup lines after it
    game.writes_amounts = writes_amounts(ev)
    game.pending[follow.IGNORING] = after if isinstance(after, E.Ignored) else None
    game.pending[follow.NEXT] = after
    _apply(game, ev)
    if isinstance(ev, E.SetupPlayer):
        variants.after_setup(game, ev)
        house_rules.after_setup(game, ev)


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
    record.attach_disputes(game)
    game.findings.sort()
    findings = game.findings if packed else list(game.findings)
    return Replay(findings, game.state, game.transfers, game.header, game.edition, game.readings)


def _wrap(game: Game, span: E.Span, call: Callable[[], None]) -> None:
    try:
        call()
    except Exception as err:  # never a traceback: report and carry on
        game.emit(
            "P901",
            f"internal error while replaying this line ({type(err).__name__}: {err}); "
            "the line was skipped",
            span,
            None,
        )


def _apply(game: Game, ev: E.Event) -> None:
    flow = flow_of(game)
    if isinstance(ev, _KEYWORD_PLACES):
        ev = read_keywords(game, ev)  # `Bank`, `Nothing` written with a capital
    if game.state.over and isinstance(ev, E.GameEnd):
        # the record's closing word after the last bankruptcy or resignation, or after time
        # was called: it says the game is over, which it is (WIN-01)
        _wrap(game, ev.span, lambda: _close_game(game, ev.span))
        return
    settler = _final_settler(game, ev) if game.state.over else None
    if settler is not None:
        # BKR-06: the creditor of the last bankruptcy still owes the 10 % on the mortgaged deeds
        # received, or lifts their mortgages; the record may write that after the end
        settle = _ESTATE[type(ev)]
        _wrap(game, ev.span, lambda: settle(game, ev, settler))
        return
    if game.state.over and not isinstance(ev, _ANY_TIME):
        skipped.after_the_end(game, ev.span)
        return
    if isinstance(ev, E.Deal):
        names = {p.name for p in game.state.players}
        refs = [s.player for s in (ev.first, ev.second) if s.player is not None]
        _inside_landing(game, ev, [r.text for r in refs if r.text in names])
        if len(refs) < 2:  # the bank named as a party
            _wrap(game, ev.span, lambda: bank_sales.on_bank_deal(game, ev))
        else:
            _wrap(game, ev.span, lambda: deals.on_deal(game, ev))
        return
    if isinstance(ev, E.GameEnd):
        _wrap(game, ev.span, lambda: _end(game, ev))
        return
    if isinstance(ev, E.TurnStart) and flow.started:
        _wrap(game, ev.span, lambda: bankruptcy.check_obligations(game, ev.span))
    if isinstance(ev, E.Auction) and ev.lot_kind == "card":
        # a jail card put up for auction, whoever writes it: the bank has none to sell (BKR-09)
        _wrap(game, ev.span, lambda: bank_sales.on_card_auction(game, ev))
        return
    if isinstance(ev, E.Auction) and _bank_auction(game, ev):
        # BKR-07, BKR-08: the bank sells the deeds of a player bankrupt to it; whoever the
        # line names (or the bankrupt, on a continuation line) only writes the sale down
        _wrap(game, ev.span, lambda: buying.on_auction(game, ev))
        return
    if isinstance(ev, E.TimeCalled) and ev.actor is None:
        # TIME-01: the table calls time, not the turn player, who may just have gone out
        _wrap(game, ev.span, lambda: record.on_time(game, ev))
        return
    if isinstance(ev, E.Action) and not isinstance(ev, _ANY_TIME):
        actor = actor_of(game, ev)
        if actor is None:
            return
        if not game.state.player(actor).active:
            skipped.out_of_game(game, actor, ev.span, "can do nothing more")
            return
        if isinstance(ev, E.Auction):
            if ev.dropped:
                _wrap(game, ev.span, lambda: auction_out.check_dropped(game, ev))
            if ev.lot_kind in ("house", "hotel"):
                _wrap(game, ev.span, lambda: shortage.on_building_auction(game, ev, actor))
            else:
                _wrap(game, ev.span, lambda: buying.on_auction(game, ev))
            return
        handler = _ESTATE.get(type(ev))
        if handler is not None:
            if isinstance(ev, _BETWEEN_ROLLS):
                _inside_landing(game, ev, [actor])
            _wrap(game, ev.span, lambda: handler(game, ev, actor))
            return
    own = _OWN.get(type(ev))
    if own is not None:
        _wrap(game, ev.span, lambda: own(game, ev))


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


def _bank_auction(game: Game, ev: E.Auction) -> bool:
    """An auction of a deed the bank holds after a bankruptcy (a lot with no lander)."""
    if ev.lot_kind in ("house", "hotel"):
        return False
    lots = flow_of(game).lots
    if ev.lot_kind == "square" and ev.lot is not None:
        indexes = {sq.index for sq in squares_if_named(game, ev.lot)} if lots else set()
        return any(lot.lander is None and lot.square in indexes for lot in lots)
    return bool(lots) and lots[-1].lander is None


# what a player may do between rolls, on any turn (TURN-05, BLD-09, SELL-05, MORT-05, DEAL-07)
_BETWEEN_ROLLS = (E.Build, E.Sell, E.Mortgage, E.Unmortgage)
# what raises money: bidders and debtors may do it while an auction or a debt is open (CF-17)
_RAISING = (E.Sell, E.Mortgage)


def _inside_landing(game: Game, ev: E.Event, actors: list[str]) -> None:
    """CF-25: an action by another player while the turn player's landing is still unresolved.

    A roll, its move and the square's business count as one event; players act between events.
    The turn player and a debtor raising money are not caught, nor bidders raising cash for
    an auction. The action is replayed as written and flagged.
    """
    flow = flow_of(game)
    turn_player = flow.turn_player
    if turn_player is None or not actors or turn_player in actors:
        return
    if any(open_debts(game, a) for a in actors):
        return
    what: str | None = None
    for lot in flow.lots:
        if lot.lander is None or (lot.declined and isinstance(ev, _RAISING)):
            continue
        name = game.name(lot.square)
        what = f"the auction of {name}" if lot.declined else f"{lot.lander}'s choice to buy {name}"
        break
    if what is None and flow.draw is not None:
        what = f"{flow.draw.player}'s card draw on {game.name(flow.draw.square)}"
    if what is None and flow.throw is not None:
        what = f"the throw that sets {flow.throw.player}'s utility rent"
    if what is None:
        return
    who = " and ".join(actors)
    reading = game.ruling("CF-25")
    if reading == "any-moment":
        message = (
            f"{who} acts while {what} is still open, as reading {reading} allows; reading "
            "between-events would have players act between events and not inside another's "
            "landing (only money owed or bid may be raised there)"
        )
    else:
        message = (
            f"{who} acts while {what} is still open: under reading {reading} players act "
            "between events and not inside another's landing (only money owed or bid may be "
            "raised there); replayed as written"
        )
    # the record writes the action inside the landing: that is reading any-moment's play
    game.ambiguous("CF-25", message, ev.span, "TURN-05", follows="any-moment")


def _final_settler(game: Game, ev: E.Event) -> str | None:
    """Who settles mortgaged deeds received in the last bankruptcy on this line, if it does that.

    An `interest` or `unmortgage` written after the game ended is still play of the game when
    it names only deeds its actor received mortgaged and has not yet settled (BKR-06); anything
    else after the end is M903.
    """
    if not isinstance(ev, (E.Interest, E.Unmortgage)) or ev.actor is None:
        return None
    names = {p.name for p in game.state.players}
    actor = ev.actor.text
    if actor not in names:
        return None
    return actor if mortgages.settles_open_choices(game, actor, ev.squares) else None


def _end(game: Game, ev: E.GameEnd) -> None:
    flow = flow_of(game)
    if flow.started:
        turns.end_turn(game, ev.span)
    bankruptcy.on_end(game, ev)
    check_unpaid(game, None, ev.span)
    flow.over_span = ev.span


def _close_game(game: Game, span: E.Span) -> None:
    """The game ended without an `end` line, or the `end` line follows the end: close it once."""
    flow = flow_of(game)
    if flow.over_span is None:
        turns.close_step(game, span)
        mortgages.flag_unsettled_deals(game, span)  # MORT-07: due at once, before the end
        check_unpaid(game, None, span)
        flow.over_span = span


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
