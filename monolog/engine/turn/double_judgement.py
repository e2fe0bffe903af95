"""A run of doubles judged: decide, compare, follow (judge.py).

Two open points decide what a double does to the run (DBL-03, DBL-05):

- CF-10, the second double after the one that opened the cell: `run_decision` says whether it
  is the third double of the turn (counts-jail-double) or not (per-turn). The record shows its
  count on the roll's line: `jail` there counts the jail double, the square the throw reaches
  does not. `run_judged` files the one A10 and follows that count in full: a third double is
  then a third double in every way (CF-09 below: not moved, or moved first with the salary),
  nothing of the per-turn move made; a move is a move, with no jailing.
- CF-09, the third double in a row: `third_double_decision` says where the token stands before
  it goes to jail, the square the throw reaches (moved) or none (not-moved). A roll naming that
  square shows moved. `third_double_judged` files the one A09 and follows the record: moved, the
  token moves first (with the GO salary on the way), then to jail.

- CF-04, the double that opens the cell: `jail_double_decision` says whether it earns a
  further throw; the record's throw right after it follows extra-roll
  (`thrown_after_jail_double`), and the turn goes on as that reading has it.
- CF-05, a double after leaving jail by the fine or a card: `release_double_decision` says
  whether it earns a further throw. A record that throws again under no-extra-roll follows
  normal-doubles (`thrown_after_release`), and the turn is then an ordinary one in full.

A replay measuring the reading in force (`monolog dispute`) applies it in place of the record's
play, naming the point without the record's choice (judge.measured).
"""

from __future__ import annotations

from ...notation.events import GoToJail, Roll
from ..core import follow, judge
from ..core.board import passes_go
from ..core.game import Game
from ..core.names import nearest_of, squares_if_named, squares_named
from .landing import move_token, send_to_jail, unreadable_square

PER_TURN, COUNTS = "per-turn", "counts-jail-double"
MOVED, NOT_MOVED = "moved", "not-moved"


def _reached(game: Game, player: str, ev: Roll) -> int:
    """The square `ev` reaches from where `player` stands."""
    return (game.state.player(player).position + ev.total) % len(game.edition.squares)


def _others(cf: str, values: dict[str, object], reading: str) -> tuple[judge.Alternative, ...]:
    return tuple(
        judge.Alternative(cf, r, judge.Choice(v)) for r, v in values.items() if r != reading
    )


# --------------------------------------------------------------------------- CF-10
def run_decision(game: Game) -> judge.Decision:
    """CF-10: whether the second double after the one that opened the cell is the third double
    of the turn (True: counts-jail-double) or not (False: per-turn)."""
    reading = game.ruling("CF-10")
    values: dict[str, object] = {PER_TURN: False, COUNTS: True}
    return judge.Decision(
        judge.Choice(values[reading]), "DBL-05", _others("CF-10", values, reading)
    )


def run_written(game: Game, player: str, ev: Roll) -> bool | None:
    """How the record counts the run at `ev`: `jail` on its line counts the jail double (True),
    the square the throw reaches does not (False); neither shows a count (None)."""
    after = game.follow.next
    if isinstance(after, GoToJail) and after.span.line == ev.span.line:
        return True
    target = _reached(game, player, ev)
    if ev.square is not None and any(s.index == target for s in squares_if_named(game, ev.square)):
        return False
    return None


def run_judged(game: Game, ev: Roll, player: str) -> None:
    """The second double after the one that opened the cell: one A10, and the count the record
    shows followed (a third double: the run is set at three, so the roll is one, DBL-03)."""
    decision = run_decision(game)
    written = run_written(game, player, ev)
    reading = game.ruling("CF-10")
    third = judge.figure(decision.right)
    if judge.measured(game, decision, written):
        game.ambiguous("CF-10", _run_message(player, reading, None), ev.span, "DBL-05")
    else:
        verdict = judge.compare(game, decision, written)
        follows = None if written is None else (COUNTS if written else PER_TURN)
        # every count the record shows is one reading's, so none breaks them all (no M code)
        words = judge.Words(
            "M501",
            _run_message(player, reading, None),
            other=lambda alt: _run_message(player, reading, alt.reading),
            agree=lambda: _run_agrees(game, player, ev, reading, follows),
        )
        judge.file(game, verdict, written, ev.span, decision.rule, words)
        if verdict.kind == judge.FOLLOWS and verdict.other is not None:
            third = judge.figure(verdict.other.outcome)
    if third:
        game.state.doubles = 3


def _run_agrees(game: Game, player: str, ev: Roll, reading: str, follows: str | None) -> None:
    message = _run_message(player, reading, None)
    game.ambiguous("CF-10", message, ev.span, "DBL-05", follows=follows)


def _run_message(player: str, reading: str, follows: str | None) -> str:
    """The A10 words: the count of the reading in force, and the other's (or the record's,
    where it `follows` the other reading)."""
    opened = f"{player}'s second double since the one that opened the cell"
    if reading == COUNTS and follows is None:
        return (
            f"{opened}: counting that one, this is the third double of the turn (reading "
            f"{reading}); reading per-turn would let {player} move by it"
        )
    if reading == COUNTS:
        return (
            f"{opened}: counting that one makes it the third double of the turn, straight to "
            f"jail (reading {reading}); the record moves {player} by it, as the per-turn count does"
        )
    stays = (
        f"{opened}: the count is per turn and the jail double starts no run, so {player} stays "
        f"out (reading {reading})"
    )
    if follows is None:
        return f"{stays}; counting it would make this the third double, straight to jail"
    return f"{stays}; the record jails {player}, counting it as the third double"


# --------------------------------------------------------------------------- CF-09
def third_double_decision(game: Game, origin: int, total: int) -> judge.Decision:
    """CF-09: where a third double in a row takes the token before jail, from `origin` by
    `total`: the square reached (moved) or none, straight to jail (not-moved)."""
    reading = game.ruling("CF-09")
    values: dict[str, object] = {
        NOT_MOVED: None,
        MOVED: (origin + total) % len(game.edition.squares),
    }
    return judge.Decision(
        judge.Choice(values[reading]), "DBL-03", _others("CF-09", values, reading)
    )


def third_double_judged(game: Game, ev: Roll, player: str) -> None:
    """The third double in a row sends the player to jail (DBL-03): one A09, the token moved
    first where the record (or, showing nothing, the reading in force) has it moved. A roll
    naming a square the throw does not reach breaks both readings: one M104 with the right
    square, and the record followed (the token moved there first, then to jail)."""
    p = game.state.player(player)
    reading = game.ruling("CF-09")
    decision = third_double_decision(game, p.position, ev.total)
    target = _reached(game, player, ev)
    written = _third_written(game, ev, player)
    message = _third_message(game, player, ev, reading)
    moved: int | None = target if reading == MOVED else None
    if judge.measured(game, decision, written):
        game.ambiguous("CF-09", message, ev.span, "DBL-03")
    else:
        verdict = judge.compare(game, decision, written)
        judge.file(
            game,
            verdict,
            written,
            ev.span,
            decision.rule,
            _third_words(game, ev, player, message, written),
        )
        if verdict.kind == judge.FOLLOWS:
            moved = target
        elif verdict.kind == judge.BREAKS and isinstance(written, int):
            moved = written  # the record is what happened
    if moved is not None:
        move_token(game, player, moved, ev.span, salary=True)
    send_to_jail(game, player, ev.span, "three doubles in a row")
    game.flow.again = False


def _third_written(game: Game, ev: Roll, player: str) -> int | None:
    """The square the record moves a third double to: the one the throw reaches, or another
    (a miscount); None where it names no square, the jail (straight there), or a name it
    cannot read (M900 filed)."""
    if ev.square is None:
        return None
    origin = game.state.player(player).position
    target = _reached(game, player, ev)
    found = squares_named(game, ev.square, ev.span) or ()
    jail = game.edition.rules.jail_index
    if not found or any(s.index in (target, jail) for s in found):
        return target if any(s.index == target != jail for s in found) else None
    if unreadable_square(game, ev, found, origin, target):
        return None
    return nearest_of(game, found, target).index


def _third_words(
    game: Game, ev: Roll, player: str, message: str, written: int | None
) -> judge.Words:
    """What the one finding says: the A09 for a square a reading gives, else the M104 of a
    square the throw does not reach (the right square under the reading in force)."""
    p = game.state.player(player)
    target = _reached(game, player, ev)
    recorded = game.name(written) if written is not None else None
    if game.ruling("CF-09") == MOVED:
        wrong = (
            f"third double in a row: {ev.die1}-{ev.die2} from {game.name(p.position)} reaches "
            f"{game.name(target)}, not {recorded}; {player} moves there first, then goes to "
            f"jail (reading {MOVED}); the record's square is followed"
        )
        rule = "MOVE-01"
    else:
        wrong = (
            f"third double in a row: {player} goes straight to jail without moving (reading "
            f"{NOT_MOVED}), and {ev.die1}-{ev.die2} from {game.name(p.position)} reaches "
            f"{game.name(target)}, not {recorded}; the record's move to {recorded} is followed"
        )
        rule = "DBL-03"
    jail = game.name(game.edition.rules.jail_index)
    return judge.Words(
        "M104",
        wrong,
        rule=rule,
        other=lambda _: message,
        agree=lambda: _third_agrees(game, message, ev, written),
        show=lambda index: game.name(index) if isinstance(index, int) else jail,
    )


def _third_agrees(game: Game, message: str, ev: Roll, written: object) -> None:
    follows = None if written is None else MOVED
    game.ambiguous("CF-09", message, ev.span, "DBL-03", follows=follows)


def _third_message(game: Game, player: str, ev: Roll, reading: str) -> str:
    """The A09 words: what the reading in force does with the third double, and the other."""
    p = game.state.player(player)
    target = _reached(game, player, ev)
    past_go = passes_go(p.position, ev.total, len(game.edition.squares))
    go = game.money(game.edition.rules.go_salary)
    if reading == MOVED:
        salary = f", collecting {go} for GO" if past_go else ""
        return (
            f"third double in a row: {player} moves to {game.name(target)} first{salary}, "
            f"the square having no effect, then goes to jail (reading {reading}); reading "
            "not-moved would send the token straight to jail"
        )
    message = (
        f"third double in a row: {player} goes straight to jail without moving (reading "
        f"{reading}); reading moved would first move to {game.name(target)}"
    )
    return message + (f", passing GO for {go}" if past_go else "")


# --------------------------------------------------------------------------- CF-05
NORMAL_DOUBLES, NO_EXTRA_ROLL = "normal-doubles", "no-extra-roll"


def release_double_decision(game: Game) -> judge.Decision:
    """CF-05: whether a double thrown after leaving jail by the fine or a card earns a further
    throw (True: normal-doubles) or not (False: no-extra-roll)."""
    reading = game.ruling("CF-05")
    values: dict[str, object] = {NORMAL_DOUBLES: True, NO_EXTRA_ROLL: False}
    return judge.Decision(
        judge.Choice(values[reading]), "JAIL-04", _others("CF-05", values, reading)
    )


def thrown_after_release(game: Game, player: str, ev: Roll) -> bool:
    """`player` throws again after the double that followed a release by the fine or a card,
    under no-extra-roll (CF-05). True when judged here: the record follows normal-doubles (the
    A05 filed at the double is filed again saying so) and the turn is followed as that reading
    has it in full, an ordinary turn: the double counts as the first of the run, and every
    double after it earns a throw. In a replay measuring no-extra-roll it is a throw too many
    (M103)."""
    point = follow.double_point(game, player)
    if point is None or point.cf != "CF-05":
        return False
    flow = game.flow
    decision = release_double_decision(game)
    verdict = judge.compare(game, decision, True)
    words = judge.Words(
        "M103",
        f"{player}'s double after leaving jail by {flow.released or 'the fine'} earns no "
        f"further roll (reading {NO_EXTRA_ROLL}): no further roll",
        rule="DBL-01",
        other=lambda _: point.message,
        show=lambda again: f"{ev.die1}-{ev.die2}" if again else None,
    )
    if verdict.kind != judge.FOLLOWS:
        judge.file(game, verdict, True, ev.span, decision.rule, words)
        return verdict.kind == judge.BREAKS
    follow.jail_double_shown(game, player, True, refile=False)  # filed again just below
    judge.file(game, verdict, True, point.span, point.rule, words)
    flow.again = True
    flow.released = None  # normal-doubles: the player is already out, the turn is ordinary
    game.state.doubles = 1  # the double after the release starts the run
    return True


# --------------------------------------------------------------------------- CF-04
EXTRA_ROLL = "extra-roll"


def jail_double_decision(game: Game) -> judge.Decision:
    """CF-04: whether the double that opens the cell earns a further throw (True: extra-roll)
    or not (False: no-extra-roll)."""
    reading = game.ruling("CF-04")
    values: dict[str, object] = {EXTRA_ROLL: True, NO_EXTRA_ROLL: False}
    return judge.Decision(
        judge.Choice(values[reading]), "JAIL-07", _others("CF-04", values, reading)
    )


def thrown_after_jail_double(game: Game, player: str, ev: Roll) -> bool:
    """`player` throws right after the double that opened the cell, under no-extra-roll (CF-04).
    True when judged here: the point, filed at the double before the record showed its choice,
    is named here once with it (the record follows extra-roll, and the throw is one more of the
    turn); in a replay measuring no-extra-roll it is a throw too many (M103). Only the throw
    right after that double is the point's: a throw after another that was not a double is one
    too many under either reading."""
    flow = game.flow
    if not flow.jail_double:
        return False
    reading = game.ruling("CF-04")
    decision = jail_double_decision(game)
    verdict = judge.compare(game, decision, True)
    follow.jail_double_shown(game, player, True, refile=False)  # named here, once
    words = judge.Words(
        "M103",
        f"{player} left jail on a double, which ends the turn (reading {reading}): no further roll",
        rule="DBL-01",
        other=lambda _: (
            f"{player} rolls again after leaving jail on a double: under reading {reading} "
            "the turn had ended; the record's roll is replayed as reading extra-roll"
        ),
        show=lambda again: f"{ev.die1}-{ev.die2}" if again else None,
    )
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    return True
