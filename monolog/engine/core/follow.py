"""Following the record where it goes on as if a rule's consequence did not happen.

The record is what happened at the table. When the rules send a player to jail (the Go to Jail
square, a Go to Jail card, a third double) and the record does not write `jail`, the replay
jails the player as the rules say, but only tentatively: if the player's next roll names the
square reached from where the player stood before the jailing, the table never jailed them.
That is reported once (M508), at the line that should have jailed them, naming what required
it, and the replay adopts the record: the player is out of jail, back on the square they stood
on, and the roll moves them from there. Every later line of that player is then judged as
played, instead of each being refused as the move of a jailed player.

A record that plays a disputed point another way than the reading in force is replayed as
recorded too (the A code names the reading it follows), except in a replay that measures what
that reading changes (`counterfactual`, for `monolog dispute`).

The record may also say outright that a consequence did not happen: `ignored` after a clause
(`card CH11 ignored`, `3-4 ignored`, `1-2 "Go to Jail" ignored`, `1-3 "Income Tax" ignored`). The
replay reports what the card or the rule required, once, at that clause (M411, M112, M508,
M412), and follows the record.
"""

from __future__ import annotations

from ...editions.model import Card
from ...notation.events import Ignored, PayFine, Roll, Span
from .game import Game
from .names import squares_if_named
from .obligations import Due, cancel_due, flow_of
from .pending_state import DoublePoint as DoublePoint
from .pending_state import EstatePoint as EstatePoint
from .pending_state import FineAhead as FineAhead
from .pending_state import Jailing
from .skipped import not_replayed

# what follow.py waits with lives in `game.follow` (pending_state.FollowState)


def counterfactual(game: Game) -> None:
    """This replay measures what another reading changes: where the record plays a disputed
    point its own way, that reading is applied instead of the record's play (else the replay
    would follow the record and the difference measured would vanish)."""
    game.follow.counterfactual = True


def record_settles(game: Game) -> bool:
    """Whether the record's own play of a disputed point is replayed (not in a counterfactual
    replay, see `counterfactual`)."""
    return not game.follow.counterfactual


def note_jailing(game: Game, player: str, span: Span, cause: str, square: int) -> None:
    """The rules jail `player` here (`cause`); the record has not said so yet."""
    if cause == "the record":
        confirm(game, player)
        return
    flow = flow_of(game)
    again = player == flow.turn_player and flow.again
    jailing = Jailing(span, cause, square, game.state.turn, again)
    game.follow.unconfirmed[player] = jailing


def confirm(game: Game, player: str) -> None:
    """The record speaks of `player` in jail (`jail`, a fine, a jail card): the jailing stands."""
    unconfirmed = game.follow.unconfirmed
    unconfirmed.pop(player, None)


def check_roll(game: Game, ev: Roll, player: str) -> bool:
    """At a jailed player's roll: did the table jail them at all? True when it did not.

    Only a roll that names its square speaks: if that square is the one reached from where the
    player stood before the jailing, and not the one reached from jail, the jailing is undone.
    """
    unconfirmed = game.follow.unconfirmed
    jailing = unconfirmed.pop(player, None)
    p = game.state.player(player)
    if jailing is None or not p.in_jail:
        return False
    # the roll a double owed, in the turn of the jailing: a jailed player's turn is over, so
    # the roll itself says the table did not jail them, whatever square it names
    again = jailing.again and jailing.turn == game.state.turn
    if ev.square is None and not again:
        return False
    if ev.square is not None and not again:
        named = {sq.index for sq in squares_if_named(game, ev.square)}
        board = len(game.edition.squares)
        from_before = (jailing.square + ev.total) % board
        from_jail = (p.position + ev.total) % board
        if from_before not in named or from_jail in named:
            return False
    how = (
        f"{player} rolls again on line {ev.span.line}, as the double before it allowed"
        if again
        else f"the roll on line {ev.span.line} moves {player} from {game.name(jailing.square)}"
    )
    game.emit(
        "M508",
        f"{jailing.cause} sends {player} to jail here, but the record goes on as if {player} "
        f"was not jailed: {how}; replayed as recorded, with {player} out of jail",
        jailing.span,
        _rule_of(jailing.cause),
        expected="jail",
        recorded=None,
        data={"player": player, "cause": jailing.cause, "line": ev.span.line},
    )
    _not_jailed(game, player, jailing)
    return True


def _rule_of(cause: str) -> str:
    """The rule a jailing the record did not make breaks: the Go to Jail square or card sends the
    token straight to the Jail space (JAIL-02, M508's own rule); a third double sends the player
    to jail (DBL-02)."""
    return "DBL-02" if cause == "three doubles in a row" else "JAIL-02"


def _not_jailed(game: Game, player: str, jailing: Jailing) -> None:
    """Undo a jailing the table never made: the player is back on the square they stood on,
    and, within the same turn, the turn goes on as it would have (the roll of a double still
    earns another), so the record's next roll is not refused as well (M103)."""
    p = game.state.player(player)
    p.in_jail = False
    p.jail_turns = 0
    p.position = jailing.square
    flow = flow_of(game)
    if flow.turn_player == player and game.state.turn == jailing.turn:
        flow.turn_over = False
        flow.again = jailing.again
        flow.jailed_by = None


def check_square(game: Game, player: str, square: int, span: Span) -> bool:
    """At a count of where a jailed player stands (`=Ben at Chance`): did the table jail them
    at all? True (and the jailing undone) when the count puts them on the square they stood on
    before the jailing the record never confirmed."""
    unconfirmed = game.follow.unconfirmed
    jailing = unconfirmed.get(player)
    p = game.state.player(player)
    if jailing is None or not p.in_jail or square != jailing.square:
        return False
    del unconfirmed[player]
    game.emit(
        "M508",
        f"{jailing.cause} sends {player} to jail here, but the record goes on as if {player} "
        f"was not jailed: the count on line {span.line} has {player} on "
        f"{game.name(jailing.square)}; replayed as recorded, with {player} out of jail",
        jailing.span,
        _rule_of(jailing.cause),
        expected="jail",
        recorded=None,
        data={"player": player, "cause": jailing.cause, "line": span.line},
    )
    _not_jailed(game, player, jailing)
    return True


# --------------------------------------------------------------------------- CF-04, CF-05
# the point a double raised around jail (CF-04: the double that opens the cell; CF-05: a double
# after leaving by the fine or a card) before the record showed whether the player threw again


def note_jail_double(game: Game, point: DoublePoint) -> None:
    """Whether the record throws again after the double shows on a later line."""
    game.follow.jail_double = point


def double_point(game: Game, player: str) -> DoublePoint | None:
    """The CF-04/CF-05 point waiting for `player`'s play, if any."""
    point = game.follow.jail_double
    return point if point is not None and point.player == player else None


def jail_double_shown(game: Game, player: str, again: bool, *, refile: bool = True) -> bool:
    """The record showed how it played the double: another throw (`again`) or the turn passed.
    The point filed at the double is filed again in its place naming the reading the record
    follows (`refile` False: only taken back, the caller names it). True when there was such a
    point for `player`."""
    point = double_point(game, player)
    game.follow.jail_double = None
    if point is None:
        return False
    if point.handle is not None:
        game.findings.withdraw(point.handle)
    if refile:
        follows = point.again if again else point.over
        game.ambiguous(point.cf, point.message, point.span, point.rule, follows=follows)
    return True


# --------------------------------------------------------------------------- CF-39
# the CF-39 point a bankruptcy to the bank raised (deeds free of mortgage in the estate) before
# the record showed whether the bank auctions those deeds (judged in bankruptcy/estate_auctions)


def note_estate(game: Game, point: EstatePoint) -> None:
    """Whether the record auctions the estate's deeds free of mortgage shows on a later line."""
    game.follow.estate_point = point


def estate_free(game: Game, square: int) -> bool:
    """`square` is a deed free of mortgage of the estate whose CF-39 point is open."""
    point = game.follow.estate_point
    return point is not None and square in point.free


# --------------------------------------------------------------------------- CF-02
# per player, the CF-02 point a failed last jail roll raised under pay-then-move-next-turn when
# the record wrote no fine on that roll's line: a fine written at the start of the player's next
# turn instead is reading fourth-turn-pay's play


def note_fine_ahead(game: Game, player: str, point: FineAhead) -> None:
    """The fine was taken at the failed last roll; the record has not written it yet."""
    game.follow.fine_ahead[player] = point


def fine_paid_late(game: Game, player: str) -> bool:
    """`fine` written by `player` at the start of the turn after the failed last roll: the
    record pays it then, as reading fourth-turn-pay does. The point is filed again saying so,
    and the fine the replay took at the roll stands for this payment (it is not taken twice).
    True when so."""
    points = game.follow.fine_ahead
    point = points.get(player)
    if point is None or game.state.turn <= point.turn or not record_settles(game):
        return False
    del points[player]
    if point.handle is not None:
        game.findings.withdraw(point.handle)
    game.ambiguous("CF-02", point.message, point.span, "JAIL-08", follows="fourth-turn-pay")
    return True


def fine_not_late(game: Game, player: str) -> None:
    """`player` rolls on a turn after the failed last roll without writing the fine first: the
    fine was paid at the roll, or left unwritten; either way the point stays as filed."""
    points = game.follow.fine_ahead
    point = points.get(player)
    if point is not None and game.state.turn > point.turn:
        del points[player]


# --------------------------------------------------------------------------- `ignored`
# the `ignored` clause that follows the event being replayed and the event itself, while the
# one before is replayed (`game.follow.ignoring`, `.next`, set by the replay loop)


def fine_follows(game: Game, span: Span) -> bool:
    """The event after the one being replayed is the jail fine, written on the same line (`1-2
    fine 50`): the record has the player pay at that roll, not at the start of a later turn.
    Not in a counterfactual replay (see `counterfactual`)."""
    after = game.follow.next
    return isinstance(after, PayFine) and after.span.line == span.line and record_settles(game)


def ignoring(game: Game) -> Ignored | None:
    """The `ignored` written right after the event being replayed, if any."""
    return game.follow.ignoring


def _take(game: Game) -> Ignored | None:
    ig = ignoring(game)
    if ig is not None:
        game.follow.taken.add(id(ig))
    return ig


def unmoved_shown(game: Game) -> bool:
    """`D-D ignored` after a roll the reading in force does not move the token by (CF-81
    one-turn-then-free): the record says the token stayed, as the reading has it. The `ignored`
    is taken, so it is not reported as changing nothing (W012)."""
    return _take(game) is not None


def jailing_ignored(game: Game, player: str, span: Span, cause: str) -> bool:
    """The rules jail `player` (`cause`) and the record says `ignored`: report, do not jail."""
    if cause == "the record" or _take(game) is None:
        return False
    game.emit(
        "M508",
        f"{cause} sends {player} to jail here; the record says it was ignored: replayed as "
        f"recorded, with {player} not jailed",
        span,
        _rule_of(cause),
        expected="jail",
        recorded="ignored",
        data={"player": player, "cause": cause},
    )
    flow = flow_of(game)
    if player == flow.turn_player:
        flow.again = False  # the turn ends as a jailing would have ended it (DBL-04)
    return True


def card_ignored(game: Game, player: str, card: Card, span: Span) -> bool:
    """`card X ignored`: the card was drawn and not carried out. True when so recorded."""
    if card.kind == "go_to_jail":
        return jailing_ignored(game, player, span, f"card {card.id}")
    if _take(game) is None:
        return False
    game.emit(
        "M411",
        f"{card.id} requires: {card.title}; the record says it was ignored: replayed as "
        f"recorded, with nothing done",
        span,
        "CARD-02",
        expected=card.title,
        recorded="ignored",
        data={"player": player, "card": card.id},
    )
    return True


def move_ignored(game: Game, player: str, ev: Roll, target: int) -> bool:
    """`D-D ignored`: a roll after which the token did not move. True when so recorded."""
    if ev.square is not None or _take(game) is None:
        return False
    game.emit(
        "M112",
        f"{ev.die1}-{ev.die2} moves {player} to {game.name(target)}; the record says the move "
        f"was ignored: replayed as recorded, with {player} left on "
        f"{game.name(game.state.player(player).position)}",
        ev.span,
        "MOVE-01",
        expected=game.name(target),
        recorded="ignored",
        data={"player": player},
    )
    return True


def tax_ignored(game: Game, due: Due, span: Span) -> bool:
    """`1-3 "Income Tax" ignored` or `tax 200 ignored`: the tax was due and not paid. True (and
    the tax undone) when so recorded."""
    if due.kind != "tax" or _take(game) is None:
        return False
    game.emit(
        "M412",
        f"{due.reason}, due from {due.player} here; the record says it was ignored: replayed as "
        "recorded, with nothing paid",
        span,
        "TAX-01",
        expected=due.amount,
        recorded="ignored",
        data={"player": due.player},
    )
    cancel_due(game, due)
    return True


def on_ignored(game: Game, ev: Ignored) -> None:
    """An `ignored` whose clause had nothing left undone: the word changes nothing."""
    taken = game.follow.taken
    if id(ev) in taken:
        return
    game.emit(
        "W012",
        "'ignored' follows a clause that the rules give nothing more to do here, so nothing "
        "was left undone; " + not_replayed("the word changes nothing"),
        ev.span,
        None,
        recorded="ignored",
    )
