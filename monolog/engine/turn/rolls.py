"""Rolls: who rolls, doubles and the roll they owe, three doubles in a row, and the move a roll
makes.

TURN-03, DBL-01..05, CF-04, CF-05, CF-09, CF-10, CF-22 (claims counted and lapsed at a turn's
first roll: money/claim_deadline.py), CF-80 (one throw a turn: one_throw.py), CF-81 (the throw
after a one-turn stay in jail). A turn's start and end are turns.py; where the token lands and
what the square makes due is landing.py; a roll in jail is jail_rolls.py.
"""

from __future__ import annotations

from ...notation.events import Roll, TurnStart
from ..core import follow
from ..core.board import next_active
from ..core.game import Game
from ..jail.jail_exits import release
from ..jail.jail_rolls import jail_roll, served_shown
from ..money.claim_deadline import lapse_claims
from .double_judgement import (
    run_judged,
    third_double_judged,
    thrown_after_jail_double,
    thrown_after_release,
)
from .landing import check_square, land, move_token
from .one_throw import note_throw, one_throw, thrown_again
from .turns import close_step, on_turn, seat_of, taken_over


def _next_player(game: Game) -> str:
    """Whose turn comes after the current one, in seat order."""
    st = game.state
    return st.players[next_active(st, st.current)].name


def on_roll(game: Game, ev: Roll, player: str) -> None:
    """A roll by `player`, its actor as the replay found it (`handlers._action`, which has
    checked that the player is still in the game)."""
    flow = game.flow
    st = game.state
    # (each of these calls made only when its point may be waiting: most rolls have none; over
    # the 42,400 rolls of run.py's 200 games, 193,000 function calls fewer)
    if game.follow.fine_ahead:
        follow.fine_not_late(game, player)  # CF-02: no fine written before this roll
    if player != flow.turn_player:  # (the turn's own player, at nearly every roll: no call)
        _whose_turn(game, ev, player)
    close_step(game, ev.span)
    if not flow.rolled:
        if flow.claims or flow.late_claims:
            lapse_claims(game, player)  # RENT-03, CF-22 (money/claim_deadline.py)
        if flow.served:
            served_shown(game, player, ev)  # CF-81: out of jail for nothing after one turn
    p = st.seats[player]  # `st.player(player)`, read directly as state.py allows
    if p.in_jail and not follow.check_roll(game, ev, player):
        if not (
            flow.rolled and flow.turn_over and flow.jail_try == 0 and player == flow.turn_player
        ):
            jail_roll(game, ev, player)
            return
        if not _roll_after_jailing(game, ev, player):
            return
    if flow.rolled:  # a second roll this turn (the first is always owed)
        _roll_owed(game, ev, player)
    flow.jail_double = False  # a roll after the one that opened the cell, if any
    first = not flow.rolled
    flow.rolled = True
    if ev.is_double:
        st.doubles += 1
        flow.doubles_rolled += 1
        if flow.released == "double" and st.doubles == 2:
            run_judged(game, ev, player)  # CF-10: may make this the third double
        if first and flow.released in ("fine", "card") and not one_throw(game):
            _double_after_release(game, ev, player)
        if st.doubles >= 3:
            third_double_judged(game, ev, player)
            return
        flow.again = True
        flow.again_span = ev.span
        if flow.released in ("fine", "card") and game.ruling("CF-05") == "no-extra-roll":
            flow.again = False
        note_throw(game, ev)  # CF-80 one-throw-a-turn: a double earns no further throw
    else:
        st.doubles = 0
        flow.again = False
        flow.double_span = None  # what note_throw sets for a throw that is no double
    origin = p.position
    total = ev.die1 + ev.die2  # `ev.total`, summed once here
    target = (origin + total) % len(game.edition.squares)
    if follow.move_ignored(game, player, ev, target):
        return
    target = check_square(game, ev, target, player, origin)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=total)


def _whose_turn(game: Game, ev: Roll, player: str) -> None:
    """The roller is the turn's player: the record's first roll starts the first turn, and a
    roll by another player is reported (M109) and followed as that player's turn."""
    flow = game.flow
    st = game.state
    if flow.turn_player is None:
        if ev.actor is not None and not flow.started:
            # the record's first roll, on a line that names its player but no turn line before
            # it: the first turn with its number left out. It is played as that turn, numbered,
            # so the turns after it (and their hints) count from it
            start = f"{st.turn + 1}. {player} {ev.die1}-{ev.die2}"
            game.emit(
                "W018",
                f"{player} rolls before any turn line: if {player}'s turn starts here, write "
                f"its number first: {start}",
                # the caret stands where the number is missing: under the player's name
                ev.actor.span,
                "TURN-03",
                expected=st.turn + 1,
                recorded=None,
            )
            st.turn += 1
            flow.turn_number = st.turn
        flow.turn_player = player
        flow.started = True
        st.current = seat_of(game, player)
    if player == flow.turn_player:
        return
    hint = ""
    # a roll on a line that names its player, once the turn's rolls are done: most often
    # the next turn's line with its number left out
    unnumbered = ev.actor is not None and flow.rolled and not flow.again
    if unnumbered:
        start = f"{st.turn + 1}. {player} {ev.die1}-{ev.die2}"
        hint = f"; if {player}'s turn starts here, write its number first: {start}"
    game.emit(
        "M109",
        f"only {flow.turn_player} rolls now: it is {flow.turn_player}'s turn{hint}",
        ev.span,
        "TURN-03",
        expected=flow.turn_player,
        recorded=player,
    )
    if unnumbered and ev.actor is not None and player == _next_player(game):
        # the next player's turn with its number left out: the record is what happened, so
        # it is played as that turn, numbered; its roll, its landing and the turn numbers
        # after it are then not reported again
        on_turn(game, TurnStart(ev.span, st.turn + 1, ev.actor))
    else:
        # any other roll out of turn (the turn's own roll still owed, or a player out of
        # seat order): the table let it stand, so the replay follows it as the roller's
        # turn; the turn in progress ends here, judged as at any turn's end
        taken_over(game, player, ev.span)


def _roll_after_jailing(game: Game, ev: Roll, player: str) -> bool:
    """A roll by a player jailed in this very turn, which is no jail turn: the jailing ended
    the turn (DBL-04), so this is a roll too many (M103), not a try for a double in jail.
    True when the record moves the token by it, and the replay follows it as a roll of the
    same turn, out of jail."""
    flow = game.flow
    game.emit(
        "M103",
        f"{player} was sent to jail this turn, which ended it: no further roll",
        ev.span,
        "DBL-04",
        expected=None,
        recorded=f"{ev.die1}-{ev.die2}",
    )
    if ev.square is None:
        return False  # the record says nothing of a move: the player stays in jail
    # the roll names where it went: the table let it move the token out of jail, and
    # the replay follows it as a roll of the same turn
    release(game, player)
    flow.turn_over = False
    flow.again = True
    return True


def _roll_owed(game: Game, ev: Roll, player: str) -> None:
    """A second roll of the turn is owed only after a double (DBL-01); else M103, or the
    record's play of CF-04 / CF-05 when the double came out of jail. Called for a roll after
    the turn's first."""
    flow = game.flow
    if flow.again:
        follow.jail_double_shown(game, player, True)  # thrown again, as the reading has it
        return
    if thrown_again(game, player, ev):
        return  # CF-80: the record throws again after a double under one-throw-a-turn
    if thrown_after_release(game, player, ev):
        return  # CF-05: the record throws again after the double, under no-extra-roll
    if thrown_after_jail_double(game, player, ev):
        return  # CF-04: the record throws again after the double that opened the cell
    game.emit(
        "M103",
        f"{player} has no further roll this turn: the last roll was not a double"
        if not flow.turn_over
        else f"{player}'s turn is over: no further roll",
        ev.span,
        "DBL-01",
        expected=None,
        recorded=f"{ev.die1}-{ev.die2}",
    )


def _double_after_release(game: Game, ev: Roll, player: str) -> None:
    """CF-05: the first roll after leaving jail by fine or card is a double; whether it earns
    another roll shows on a later line."""
    flow = game.flow
    reading = game.ruling("CF-05")
    if reading == "no-extra-roll":
        applied, other = "it earns no further roll", "normal-doubles would give one"
    else:
        applied, other = "it earns another roll", "no-extra-roll would end the turn"
    message = (
        f"{player} rolled a double after leaving jail by {flow.released}: {applied} "
        f"(reading {reading}); reading {other}"
    )
    if game.ambiguous("CF-05", message, ev.span, "JAIL-04") is not None:
        # whether the record throws again shows on a later line
        follow.note_jail_double(
            game,
            follow.DoublePoint(
                "CF-05",
                player,
                game.findings.last,
                message,
                ev.span,
                "JAIL-04",
                "normal-doubles",
                "no-extra-roll",
            ),
        )
    if reading == "no-extra-roll":
        game.state.doubles = 0
