"""Each event of a record to the handler that applies it (replay.py steps through the events).

Most events go to the handler of their kind. The game's state routes some first: after the end
only a check, a dispute or the last creditor's settling of mortgaged deeds is still play; deals,
the end, a jail card or a bankrupt's deed put up for auction and time called by the table are
the table's; a player's action is checked for its actor, and one written inside another
player's landing is flagged (CF-25). Every handler runs wrapped: one that fails unexpectedly is
reported (P901) and the replay carries on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...notation import events as E
from ..bankruptcy import bankruptcy
from ..building import estate
from ..buying import auction_out, buying, shortage
from ..cards import cards
from ..cards.two_readings import choice_judged
from ..deals import bank_sales, deals, deed_sales
from ..jail import jail
from ..money import claims, mortgages, taxes
from ..money.debts import check_unpaid, open_debts
from ..setup import setup
from ..turn import moves, rolls, turns
from . import follow, judge, record, skipped
from .game import Game
from .keyword_case import read_keywords
from .names import actor_of, squares_if_named
from .obligations import flow_of

# handlers that take (game, event)
_OWN: dict[type[E.Event], Callable[[Game, Any], None]] = {
    E.SetupPlayer: setup.on_setup_player,
    E.SetupBank: setup.on_setup_bank,
    E.SetupDeck: setup.on_setup_deck,
    E.SetupNext: setup.on_setup_next,
    E.TurnStart: turns.on_turn,
    E.Move: moves.on_move,
    E.Salary: moves.on_salary,
    E.Buy: buying.on_buy,
    E.Decline: buying.on_decline,
    E.Rent: claims.on_rent,
    E.RentUnclaimed: claims.on_unclaimed,
    E.Tax: taxes.on_tax,
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

# estate handlers, and a roll's: (game, event, actor), the actor `apply` found (a roll's
# actor was resolved twice, here and in `on_roll`: 42,400 rolls over run.py's 200 games)
_ESTATE: dict[type[E.Event], Callable[[Game, Any, str], None]] = {
    E.Roll: rolls.on_roll,
    E.Build: estate.on_build,
    E.Sell: estate.on_sell,
    E.SellDeed: deed_sales.on_sell_deed,
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


def wrap(game: Game, span: E.Span, call: Callable[[], None]) -> None:
    """Run a handler: one that fails unexpectedly is reported on `span` (P901), never raised."""
    try:
        call()
    except Exception as err:  # never a traceback: report and carry on
        _internal(game, span, err)


def _internal(game: Game, span: E.Span, err: Exception) -> None:
    """P901: a handler failed unexpectedly on the line at `span`."""
    game.emit(
        "P901",
        f"internal error while replaying this line ({type(err).__name__}: {err}); "
        "the line was skipped",
        span,
        None,
    )


def apply(game: Game, ev: E.Event, route: Route) -> None:
    """Apply one event through its handler, as the game's state routes it: after the end,
    the table's own events, a player's action, else the handler of the event's kind. `route`
    is the event class's (`route_of`), which the replay loop finds with the rest of what it
    asks of the class: one lookup per event (replay.py)."""
    if route.keywords:
        ev = read_keywords(game, ev)  # `Bank`, `Nothing` written with a capital
    if game.state.over and _after_the_end(game, ev):
        return
    table = route.table
    if table is not None and table(game, ev):
        return
    if route.action:
        # a player's action: its actor found, and its handler called, here (a call fewer for
        # each of 93,600 of the 149,300 events of run.py's 200 games)
        actor = actor_of(game, ev)  # type: ignore[arg-type]
        if actor is None:
            return
        if not game.state.seats[actor].active:  # (`player`'s lookup, one call fewer an action)
            skipped.out_of_game(game, actor, ev.span, "can do nothing more")
            return
        handler = route.estate
        if handler is not None:  # an auction, a roll or an estate handler's clause
            if route.between_rolls:
                _inside_landing(game, ev, [actor])
            try:  # as `wrap` does, without a closure (most rolls and rents come this way)
                handler(game, ev, actor)
            except Exception as err:  # never a traceback: report and carry on
                _internal(game, ev.span, err)
            return
    own = route.own
    if own is not None:
        # as `wrap` does, without a closure and two calls per event (~2% of a replay)
        try:
            own(game, ev)
        except Exception as err:  # never a traceback: report and carry on
            _internal(game, ev.span, err)


@dataclass(frozen=True, slots=True)
class Route:
    """Which of `apply`'s routes an event class takes and the handlers it meets on the way,
    worked out once per class: the isinstance tests `apply` made on every event were about a
    tenth of the replay's time, and with the handlers found here an event is routed by one
    dictionary lookup instead of up to three (and up to seven isinstance tests)."""

    keywords: bool  # may name `Bank` or `Nothing` with a capital
    # the table's own handling of the class (`_TABLE`): True when it dealt with the event
    table: Callable[[Game, Any], bool] | None
    action: bool  # a player's action that is not a check or a dispute
    # what `apply` hands a player's action to with its actor: an auction's handler, else `_ESTATE`'s
    estate: Callable[[Game, Any, str], None] | None
    between_rolls: bool  # may be written inside another's landing (`_BETWEEN_ROLLS`)
    own: Callable[[Game, Any], None] | None  # the handler of its kind (`_OWN`)


_ROUTES: dict[type[E.Event], Route] = {}


def route_of(cls: type[E.Event]) -> Route:
    """The route of an event class (found once, then kept)."""
    route = _ROUTES.get(cls)
    if route is None:
        route = _ROUTES[cls] = Route(
            issubclass(cls, _KEYWORD_PLACES),
            next((_TABLE[c] for c in cls.__mro__ if c in _TABLE), None),
            issubclass(cls, E.Action) and not issubclass(cls, _ANY_TIME),
            _auction if issubclass(cls, E.Auction) else _ESTATE.get(cls),
            issubclass(cls, _BETWEEN_ROLLS),
            _OWN.get(cls),
        )
    return route


def _after_the_end(game: Game, ev: E.Event) -> bool:
    """An event after the game is over: True when it is dealt with here (the closing word, the
    last creditor's mortgaged deeds, or play after the end); False for a check or a dispute,
    which may come at any time."""
    if isinstance(ev, E.GameEnd):
        # the record's closing word after the last bankruptcy or resignation, or after time
        # was called: it says the game is over, which it is (WIN-01)
        wrap(game, ev.span, lambda: close_game(game, ev.span))
        return True
    settler = _final_settler(game, ev)
    if settler is not None:
        # BKR-06: the creditor of the last bankruptcy still owes the 10 % on the mortgaged deeds
        # received, or lifts their mortgages; the record may write that after the end
        settle = _ESTATE[type(ev)]
        wrap(game, ev.span, lambda: settle(game, ev, settler))
        return True
    if not isinstance(ev, _ANY_TIME):
        skipped.after_the_end(game, ev.span)
        return True
    return False


# The events routed before any player's action, each to the table's own handling of it:
# deals (with the bank or between players), the end, a jail card or a bankrupt's deed put up
# for auction, time called by the table; a new turn first checks what the last one left owed.
# Each returns True when it dealt with the event.


def _turn_start(game: Game, ev: E.TurnStart) -> bool:
    """A turn's line, most of the table's events: what the last turn left owed is checked,
    then the turn's own handler runs. The estate's checkpoint runs only where something waits
    for it (a 10 % choice on a received mortgage, a building won at auction and not placed):
    at nearly every turn nothing does, and it would file nothing."""
    if game.flow.started and (game.mortgages.choices or game.shortage.won):
        try:  # as `wrap` does, without a closure (one a turn: 36,000 over 200 games)
            bankruptcy.check_obligations(game, ev.span)
        except Exception as err:  # never a traceback: report and carry on
            _internal(game, ev.span, err)
    return False


def _deal(game: Game, ev: E.Deal) -> bool:
    names = {p.name for p in game.state.players}
    refs = [s.player for s in (ev.first, ev.second) if s.player is not None]
    _inside_landing(game, ev, [r.text for r in refs if r.text in names])
    if len(refs) < 2:  # the bank named as a party
        wrap(game, ev.span, lambda: bank_sales.on_bank_deal(game, ev))
    else:
        wrap(game, ev.span, lambda: deals.on_deal(game, ev))
    return True


def _game_end(game: Game, ev: E.GameEnd) -> bool:
    wrap(game, ev.span, lambda: _end(game, ev))
    return True


def _table_auction(game: Game, ev: E.Auction) -> bool:
    if ev.lot_kind == "card":
        # a jail card put up for auction, whoever writes it: the bank has none to sell (BKR-09)
        wrap(game, ev.span, lambda: bank_sales.on_card_auction(game, ev))
        return True
    if _bank_auction(game, ev):
        # BKR-07, BKR-08: the bank sells the deeds of a player bankrupt to it; whoever the
        # line names (or the bankrupt, on a continuation line) only writes the sale down
        wrap(game, ev.span, lambda: buying.on_auction(game, ev))
        return True
    return False


def _time_called(game: Game, ev: E.TimeCalled) -> bool:
    if ev.actor is None:
        # TIME-01: the table calls time, not the turn player, who may just have gone out
        wrap(game, ev.span, lambda: record.on_time(game, ev))
        return True
    return False


_TABLE: dict[type[E.Event], Callable[[Game, Any], bool]] = {
    E.TurnStart: _turn_start,
    E.Deal: _deal,
    E.GameEnd: _game_end,
    E.Auction: _table_auction,
    E.TimeCalled: _time_called,
}


def _auction(game: Game, ev: E.Auction, actor: str) -> None:
    """A player's auction: of buildings at a shortage, else of a deed (never raises: each
    handler runs wrapped)."""
    if ev.dropped:
        wrap(game, ev.span, lambda: auction_out.check_dropped(game, ev))
    if ev.lot_kind in ("house", "hotel"):
        wrap(game, ev.span, lambda: shortage.on_building_auction(game, ev, actor))
    else:
        wrap(game, ev.span, lambda: buying.on_auction(game, ev))


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
_BETWEEN_ROLLS = (E.Build, E.Sell, E.SellDeed, E.Mortgage, E.Unmortgage)
# what raises money: bidders and debtors may do it while an auction or a debt is open (CF-17)
_RAISING = (E.Sell, E.SellDeed, E.Mortgage)


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

    def named(follows: str) -> None:
        game.ambiguous("CF-25", message, ev.span, "TURN-05", follows=follows)

    # the record writes the action inside the landing (the figure True): any-moment's play,
    # replayed as written whatever the verdict
    choice_judged(game, "CF-25", inside_landing_decision(game), True, ev.span, named)


def inside_landing_decision(game: Game) -> judge.Decision:
    """CF-25: whether a player other than the lander may act (build, sell, mortgage, deal)
    while the lander's landing is still open (True under any-moment, False under
    between-events). The record's act is the figure `True`."""
    if game.ruling("CF-25") == "any-moment":
        other = judge.Alternative("CF-25", "between-events", judge.Choice(False))
        return judge.Decision(judge.Choice(True), "TURN-05", (other,))
    other = judge.Alternative("CF-25", "any-moment", judge.Choice(True))
    return judge.Decision(judge.Choice(False), "TURN-05", (other,))


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


def close_game(game: Game, span: E.Span) -> None:
    """The game ended without an `end` line, or the `end` line follows the end: close it once."""
    flow = flow_of(game)
    if flow.over_span is None:
        turns.close_step(game, span)
        mortgages.flag_unsettled_deals(game, span)  # MORT-07: due at once, before the end
        check_unpaid(game, None, span)
        flow.over_span = span
