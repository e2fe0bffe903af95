"""Rolls in jail: doubles to leave, the fine after the last failed try (JAIL-06..08, CF-02,
CF-04, CF-08, SHORT-05), and the one-turn stay some programs play (CF-81 one-turn-then-free). The
jail clauses (`jail`, `fine`, `goojf`) are in jail.py.
"""

from __future__ import annotations

from ...notation.events import Roll, Span
from ..core import follow, judge
from ..core.game import Game
from ..core.obligations import flow_of
from ..core.variants import note_one_turn_stay, one_turn_in_jail, one_turn_stay_decision
from ..turn.landing import check_square, land, move_token
from ..turn.one_throw import note_throw, one_throw
from .jail_exits import (
    follow_moved_out,
    forced_fine,
    held_for_fine,
    keep_in_jail,
    moved_out,
    paid_not_moved,
    pay_and_move,
    pays_or_owes,
    pays_unmoved,
    record_keeps,
    record_moves,
    release,
    short_fine_decision,
    short_fine_written,
    stays_on_jail,
)
from .jail_turn_count import JAILING_COUNTS, NEXT_IS_FIRST, last_judged, second_last_judged
from .last_try_judgement import KEPT, MOVES, PAID, THIRD, last_try_judged


def jail_roll(game: Game, ev: Roll, player: str) -> None:
    """A roll for doubles in jail (JAIL-06, JAIL-08, CF-02, CF-04)."""
    flow = flow_of(game)
    rules = game.edition.rules
    jail = rules.jail_index
    if flow.rolled:
        game.emit(
            "M103",
            f"{player} already rolled for doubles this jail turn: one roll per turn in jail",
            ev.span,
            "JAIL-06",
            recorded=f"{ev.die1}-{ev.die2}",
        )
    flow.rolled = True
    try_no = max(flow.jail_try, 1)
    target = (jail + ev.total) % len(game.edition.squares)
    reading = game.ruling("CF-02")
    if game.ruling("CF-81") == ONE_TURN:
        _one_turn_served(game, ev, player, target)
        return
    if ev.is_double:
        _out_on_double(game, ev, player, target)
        return
    last = rules.max_jail_turns
    short = one_turn_in_jail(game)  # SHORT-05, CF-46: out on the next turn, whatever the try
    if short or (try_no >= last and reading != "fourth-turn-pay") or try_no > last:
        _last_try_failed(game, ev, player, try_no, target)
        return
    if try_no == last and _fourth_turn_ahead(game, ev, player, try_no, target):
        return
    second_last = try_no == last - 1 and game.ruling("CF-03") == NEXT_IS_FIRST
    if second_last and second_last_judged(game, ev, player, try_no, target):
        return  # the record's move follows jailing-turn-counts: the last try, replayed
    flow.jail_failed = True
    flow.turn_over = True
    stays_on_jail(
        game,
        ev,
        player,
        f"{player} stays in jail: {ev.die1}-{ev.die2} is not a double (jail turn {try_no})",
    )


# CF-81: a jailed player's next turn is spent in jail, and they are free after it
ONE_TURN, UP_TO_THREE = "one-turn-then-free", "up-to-three-turns"


def jail_turn_decision(game: Game, double: bool) -> judge.Decision:
    """CF-81: whether the throw of a jail turn moves the token (a `double` or not): never under
    one-turn-then-free; a double opens the cell and moves it under up-to-three-turns."""
    reading = game.ruling("CF-81")
    values = {ONE_TURN: False, UP_TO_THREE: double}
    others = tuple(
        judge.Alternative("CF-81", r, judge.Choice(v))
        for r, v in values.items()
        if r != reading and v != values[reading]
    )
    return judge.Decision(judge.Choice(values[reading]), "JAIL-06", others)


def _one_turn_served(game: Game, ev: Roll, player: str, target: int) -> None:
    """CF-81 one-turn-then-free: the throw of the jail turn does not move the token, a double
    neither, and the player is then out of jail with no fine, to move as usual next turn.

    A record that moves the player by a double follows reading up-to-three-turns (A81, a
    warning) and is replayed so; one that moves them by another throw is M507, as under any
    reading, and followed.
    """
    decision = jail_turn_decision(game, ev.is_double)
    jail = game.edition.rules.jail_index
    written = True if record_moves(game, ev) else None
    verdict = judge.compare(game, decision, written)
    dice = f"{ev.die1}-{ev.die2}"
    stays = (
        f"{player}'s throw in jail does not move the token (reading {ONE_TURN}): {player} "
        "stays on the jail's square this turn and leaves jail after it"
    )
    out = moved_out(game, ev, player, stays) if verdict.kind == judge.BREAKS else None
    words = judge.Words(
        "M507",
        stays if out is None else out[0],
        other=lambda _: (
            f"{player}'s throw in jail does not move the token, a double neither, and "
            f"{player} leaves jail after this turn without paying (reading {ONE_TURN}); the "
            f"record moves {player} by the double {dice} to {game.name(target)}, as reading "
            "up-to-three-turns does"
        ),
        agree=lambda: _one_turn_agrees(game, ev, player),
        # the square the record names, else the jail's, where the token stays
        show=lambda moved: out[1] if moved and out is not None else game.name(jail),
    )
    if verdict.kind != judge.BREAKS or out is not None:
        judge.file(game, verdict, written, ev.span, decision.rule, words)
    if verdict.kind == judge.FOLLOWS:
        _out_on_double(game, ev, player, target)
        return
    flow_of(game).turn_over = True
    if verdict.kind == judge.BREAKS:
        if out is not None:
            follow_moved_out(game, ev, player)
        return
    release(game, player)


def _one_turn_agrees(game: Game, ev: Roll, player: str) -> None:
    """The A81 of a jail turn the record does not move by: agreeing where it shows the token
    stayed (the jail's square named, or `ignored` after a double), else pending the next turn
    (served_shown)."""
    dice = f"{ev.die1}-{ev.die2}"
    shown = record_keeps(game, ev) or (
        ev.is_double and ev.square is None and follow.unmoved_shown(game)
    )
    other = (
        f"would let the double {dice} open the cell and move {player} by it"
        if ev.is_double
        else f"would keep {player} in jail for another try, the fine due after the third"
    )
    message = (
        f"{player}'s turn in jail: the throw {dice} does not move the token"
        + (", though a double" if ev.is_double else "")
        + f", and {player} leaves jail without paying, to move as usual next turn (reading "
        f"{ONE_TURN}); reading up-to-three-turns {other}"
    )
    filed = game.ambiguous(
        "CF-81", message, ev.span, "JAIL-06", follows=ONE_TURN if shown else None
    )
    if filed is not None and not shown:
        # the release shows when the player's next turn moves them with no fine (served_shown)
        flow_of(game).served[player] = (game.findings.last, message, ev.span)


def stay_release_decision(game: Game) -> judge.Decision:
    """CF-81: whether a player is out of jail for nothing once the jail turn is over (True
    under one-turn-then-free), or still in, with another try to come (False under
    up-to-three-turns). The record shows it on the next turn: a move with no fine paid before
    it (out), or the fine or a card before the throw (still in)."""
    reading = game.ruling("CF-81")
    values = {ONE_TURN: True, UP_TO_THREE: False}
    others = tuple(
        judge.Alternative("CF-81", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "JAIL-06", others)


def served_shown(game: Game, player: str, ev: Roll) -> None:
    """`player`'s first throw of the turn after a one-turn stay in jail (CF-81), with no fine
    paid before it: when it names the square it moves the player to, the record released them
    for nothing, as one-turn-then-free has it, and the A81 filed at the jail turn is filed
    again saying so. A throw naming no square shows nothing."""
    served = flow_of(game).served.pop(player, None)
    if served is None or not record_moves(game, ev):
        return
    handle, message, span = served

    def agree() -> None:
        if handle is not None:
            game.findings.withdraw(handle)
        game.ambiguous("CF-81", message, span, "JAIL-06", follows=ONE_TURN)

    decision = stay_release_decision(game)
    verdict = judge.compare(game, decision, True)
    # filed only where one-turn-then-free is in force (the stay is its play), so it agrees
    judge.file(game, verdict, True, span, "JAIL-06", judge.Words("M507", message, agree=agree))


def kept_past_one_turn(game: Game, player: str, span: Span, how: str) -> bool:
    """CF-81 one-turn-then-free: `player`, let out for nothing after a jail turn whose throw
    showed no choice, pays the fine or plays a jail card (`how`) before the throw of the next
    turn: the record kept them in jail, as reading up-to-three-turns does. The A81 filed at the
    jail turn is taken back and filed here, a warning naming that reading; True then, and the
    caller replays the payment (the player is already out)."""
    flow = flow_of(game)
    served = flow.served.pop(player, None)
    if served is None or player != flow.turn_player or flow.rolled:
        return False
    decision = stay_release_decision(game)
    verdict = judge.compare(game, decision, False)
    if verdict.kind != judge.FOLLOWS:
        return False  # a replay measuring one-turn-then-free: the payment is judged as such
    handle, _, jailed = served
    if handle is not None:
        game.findings.withdraw(handle)
    words = judge.Words(
        "M503",
        f"{player} is not in jail",
        other=lambda alt: (
            f"{player} {how} before the throw of the turn after the turn in jail (line "
            f"{jailed.line}): under reading {ONE_TURN} {player} left jail after that turn "
            f"without paying; the record keeps {player} in jail until now, as reading "
            f"{alt.reading} does with another try to come"
        ),
    )
    judge.file(game, verdict, False, span, "JAIL-04", words)
    return True


def _out_on_double(game: Game, ev: Roll, player: str, target: int) -> None:
    """A double in jail opens the cell and moves the player by it (JAIL-07); CF-04: whether it
    earns another roll shows on a later line."""
    flow = flow_of(game)
    release(game, player)
    flow.released = "double"
    flow.jail_double = True
    if one_throw(game):
        # CF-80 one-throw-a-turn: no double earns another throw, so CF-04 does not arise
        note_throw(game, ev)
        _move_out(game, ev, player, target)
        return
    flow.again = game.ruling("CF-04") == "extra-roll"
    flow.again_span = ev.span
    other = "no-extra-roll" if flow.again else "extra-roll"
    message = (
        f"{player} leaves jail on a double and "
        + ("earns another roll" if flow.again else "earns no further roll")
        + f" (reading {game.ruling('CF-04')}); reading {other} would "
        + ("end the turn after the landing" if flow.again else "give another roll")
    )
    point = game.ambiguous("CF-04", message, ev.span, "JAIL-07")
    # whether the record throws again shows on a later line (follow.jail_double_shown)
    if point is not None:
        follow.note_jail_double(
            game,
            follow.DoublePoint(
                "CF-04",
                player,
                game.findings.last,
                message,
                ev.span,
                "JAIL-07",
                "extra-roll",
                "no-extra-roll",
            ),
        )
    _move_out(game, ev, player, target)


def _move_out(game: Game, ev: Roll, player: str, target: int) -> None:
    """The double that opened the cell moves the token (JAIL-07)."""
    if follow.move_ignored(game, player, ev, target):
        return  # out of jail, but the table left the token where it stood (M112)
    target = check_square(game, ev, target, player, game.edition.rules.jail_index)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=ev.total)


def _last_try_failed(game: Game, ev: Roll, player: str, try_no: int, target: int) -> None:
    """No double on the last jail turn (or past it, or on the short game's one jail turn): the
    fine is due and the roll is moved by, as the readings of CF-02, CF-03 and CF-08 have it."""
    rules = game.edition.rules
    last = rules.max_jail_turns
    reading = game.ruling("CF-02")
    short = one_turn_in_jail(game)
    why = f"jail turn {try_no} and no double"
    held = not short and try_no > last and reading != "fourth-turn-pay"
    if not short and try_no == last and game.ruling("CF-03") == JAILING_COUNTS:
        last_judged(game, ev, player, try_no)
    # CF-08 stays-in-jail, and the record moves the player all the same (debt-to-bank)
    debt_followed = held_for_fine(game, player) and record_moves(game, ev)
    if _held_for_fine(game, ev, player, why, target, since=last if held else None):
        return
    if held and player in game.jail_rolls.kept_past_last:
        why = f"{why}, after the record kept {player} in jail past jail turn {last}"
    elif held:  # CF-08 stays-in-jail kept the player past the last try
        why = (
            f"{why}, after a stay in jail since jail turn {last} for want of the "
            f"{game.money(rules.jail_fine)} fine (CF-08 reading {game.ruling('CF-08')})"
        )
    pays = pays_or_owes(game, player)
    if not short and reading == "pay-then-move-next-turn" and (try_no == last or held):
        _pay_now_move_next(game, ev, player, why, target, try_no, pays)
        return
    if not _name_last_try(game, ev, player, why, target, try_no, pays, held=held):
        return
    forced_fine(game, player, why, ev.span, noted=debt_followed, moved=record_moves(game, ev))
    release(game, player)
    flow_of(game).released = "forced"
    target = check_square(game, ev, target, player, rules.jail_index, tries_spent=held)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=ev.total)


def _pay_now_move_next(
    game: Game, ev: Roll, player: str, why: str, target: int, try_no: int, pays: str
) -> None:
    """CF-02 pay-then-move-next-turn: the fine now, the move on the next turn (or the record's
    move by this roll, which follows third-roll-pay-and-move)."""
    judged = last_try_judged(game, ev, player, why, target, try_no, pays)
    if judged.play == MOVES:
        pay_and_move(game, ev, player, why, target)
        return
    if judged.written is None and not follow.fine_follows(game, ev.span):
        # no fine on this line: one written at the next turn's start follows
        # fourth-turn-pay (follow.fine_paid_late)
        ahead = follow.FineAhead(judged.handle, judged.message, ev.span, game.state.turn)
        follow.note_fine_ahead(game, player, ahead)
    paid_not_moved(game, ev, player, why)


def _name_last_try(
    game: Game,
    ev: Roll,
    player: str,
    why: str,
    target: int,
    try_no: int,
    pays: str,
    *,
    held: bool,
) -> bool:
    """Names the point the failed last try raises (CF-46, CF-02). True when the fine and the
    move by the roll follow; False when the record's play was replayed here."""
    reading = game.ruling("CF-02")
    fine = game.edition.rules.jail_fine
    if one_turn_in_jail(game):
        if record_keeps(game, ev):
            _one_turn_kept(game, ev, player, target, pays)
            return False
        note_one_turn_stay(
            game, player, pays, game.name(target), ev.span, moved=record_moves(game, ev)
        )
    elif held:
        game.ambiguous(
            "CF-02",
            f"{why}: {player} {pays} now and moves by this roll to {game.name(target)} "
            f"(reading {reading}: a failed throw once the tries are spent is paid for and "
            f"moved by); reading fourth-turn-pay would take the fine at the start of this "
            f"turn and let {player} roll as a free player, a double earning another roll",
            ev.span,
            "JAIL-08",
            follows=reading if record_moves(game, ev) else None,  # the record moves too
        )
    elif reading == THIRD:
        judged = last_try_judged(game, ev, player, why, target, try_no, pays)
        if judged.play == PAID:
            paid_not_moved(game, ev, player, why)
            return False
        if judged.play == KEPT:
            keep_in_jail(game, player)
            return False
    else:
        game.ambiguous(
            "CF-02",
            f"{why}: {player} {pays} and moves by this roll to {game.name(target)} "
            f"(reading {reading}); reading fourth-turn-pay would keep {player} in jail, "
            f"unmoved, with the {game.money(fine)} due at the start of a fourth turn",
            ev.span,
            "JAIL-08",
            follows=reading if record_moves(game, ev) else None,  # the record moves too
        )
    return True


def _one_turn_kept(game: Game, ev: Roll, player: str, target: int, pays: str) -> None:
    """The short game's one jail turn (SHORT-05, CF-46): the failed throw names the jail's
    square, so the record does not move the player by it, where no reading of CF-46 keeps them
    there (`one_turn_stay_decision`). That is the one finding, M104 citing SHORT-05, with the
    square the throw reaches; the replay follows the record: with the fine written after the
    roll, paid and out of jail on the jail's square; without it, still in jail, no fine taken,
    to throw again next turn, as the standard game would."""
    jail = game.edition.rules.jail_index
    paid = pays_unmoved(game, ev)
    play = (
        f"the record has {player} pay and stay on {game.name(jail)}"
        if paid
        else f"the record keeps {player} in jail, as the standard game would"
    )
    words = judge.Words(
        "M104",
        f"{ev.die1}-{ev.die2} from {game.name(jail)} reaches {game.name(target)}, not "
        f"{game.name(jail)}: in the {game.edition.variant} game a jailed player leaves on the "
        f"next turn, so {player} {pays} and moves by this roll (no reading of CF-46 keeps "
        f"{player} there); {play}",
        rule="SHORT-05",
        shown=(game.name(target), game.name(jail)),
    )
    judge.judge(game, one_turn_stay_decision(), False, ev.span, words)
    if paid:
        paid_not_moved(game, ev, player, "the short game's one jail turn and no double")
        return
    flow = flow_of(game)
    flow.jail_failed = True
    flow.turn_over = True


def _fourth_turn_ahead(game: Game, ev: Roll, player: str, try_no: int, target: int) -> bool:
    """CF-02 fourth-turn-pay: the third try failed and a fourth turn follows, opening with the
    fine. True when the record paid now or moved by the roll, and that play was replayed."""
    why = f"jail turn {try_no} and no double"
    judged = last_try_judged(game, ev, player, why, target, try_no, pays_or_owes(game, player))
    if judged.play == PAID:
        paid_not_moved(game, ev, player, why)
        return True
    if judged.play == MOVES:
        pay_and_move(game, ev, player, why, target)
        return True
    return False


def _held_for_fine(
    game: Game, ev: Roll, player: str, why: str, target: int, *, since: int | None = None
) -> bool:
    """CF-08 stays-in-jail: a player short of the forced fine stays in jail, unmoved (JAIL-08).

    The fine is not taken; the stay goes on, and a later turn's failed roll brings the fine
    due again. Under debt-to-bank (False here) the fine is a debt and the roll is moved.
    `since` is the jail turn the player was first held on, when this is not that turn.
    """
    decision = short_fine_decision(game, player)
    if decision.right != judge.Choice(False):
        return False
    # the roll shows the point: moved by (debt-to-bank's play), kept on the jail's square
    # (stays-in-jail's), or nothing
    written = short_fine_written(game, ev)
    verdict = judge.compare(game, decision, written)
    words = _held_words(game, player, why, target, ev.span, since=since, kept=written is False)
    judge.file(game, verdict, written, ev.span, decision.rule, words)
    if verdict.kind == judge.FOLLOWS:
        return False  # the replay makes the fine a debt and moves the player: the caller does
    flow = flow_of(game)
    flow.jail_failed = True
    flow.turn_over = True
    stays_on_jail(game, ev, player, f"{player} stays in jail, short of the fine")
    return True


def _held_words(
    game: Game, player: str, why: str, target: int, span: Span, *, since: int | None, kept: bool
) -> judge.Words:
    """The CF-08 finding of a player held for want of the forced fine (stays-in-jail): the
    record agrees (kept on the jail's square, or showing nothing), or moves the player as
    reading debt-to-bank does. No reading breaks: a throw either moves the player or not."""
    fine = game.edition.rules.jail_fine
    cash = game.state.player(player).cash
    if since is None:
        held = f"{player} holds {game.money(cash)} and cannot pay the {game.money(fine)} fine"
        other = (
            "reading debt-to-bank would make the fine a debt to the bank, raised or ending in "
            f"bankruptcy, and move {player} to {game.name(target)}"
        )
    else:
        held = (
            f"{player}, held in jail since jail turn {since} for want of the "
            f"{game.money(fine)} fine, still holds only {game.money(cash)}"
        )
        other = (
            f"reading debt-to-bank would have made the fine a debt to the bank on jail turn "
            f"{since}, raised or ending in bankruptcy, and moved {player} then"
        )
    message = (
        f"{why}: {held}, so stays in jail without moving until it can be paid (reading "
        f"stays-in-jail); {other}"
    )

    def moved(alt: judge.Alternative) -> str:
        return (
            f"{why}: {player} holds {game.money(cash)} and cannot pay the {game.money(fine)} "
            f"fine, so stays in jail without moving until it can be paid (reading "
            f"stays-in-jail); the record moves {player} to {game.name(target)}, as reading "
            f"{alt.reading} does, the fine a debt to the bank"
        )

    def agree() -> None:
        # a roll naming the jail's square is the record keeping the player there
        follows = "stays-in-jail" if kept else None
        game.ambiguous("CF-08", message, span, "JAIL-08", follows=follows)

    return judge.Words("M507", message, other=moved, agree=agree)
