"""How a player leaves jail, or stays, once the jail roll is judged: the fine forced after the
last failed try, the release, the token kept on the jail's square, and what the record's roll
shows of it (JAIL-08, CF-02, CF-81). The rolls that lead here are jail_rolls.py.
"""

from __future__ import annotations

from ...notation.events import Roll, Span
from ..core import follow, judge
from ..core.game import Game
from ..core.names import nearest_of, shown, squares_if_named, squares_named
from ..core.obligations import Due, apply_due, flow_of
from ..turn.landing import check_square, land, move_token


def record_keeps(game: Game, ev: Roll) -> bool:
    """The failed roll of the last jail turn names the jail's square: the record kept the
    player in jail, unmoved, as reading fourth-turn-pay does (not in a counterfactual replay).
    A roll with no square is silent, and the rules fill in the fine and the move."""
    if ev.square is None or not follow.record_settles(game):
        return False
    jail = game.edition.rules.jail_index
    return any(sq.index == jail for sq in squares_if_named(game, ev.square))


def keep_in_jail(game: Game, player: str) -> None:
    """CF-02 fourth-turn-pay's play of the failed last try: no fine taken, no move, the turn
    over; the fine opens the player's next turn (turns.py)."""
    game.jail_rolls.kept_past_last.add(player)
    flow = flow_of(game)
    flow.jail_failed = True
    flow.turn_over = True


def pays_unmoved(game: Game, ev: Roll) -> bool:
    """The failed roll of the last jail turn names the jail's square and is followed on its line
    by the fine: the record has the player pay now and not move by it, as reading
    pay-then-move-next-turn does."""
    if ev.square is None or not follow.fine_follows(game, ev.span):
        return False  # a roll with no square may have been moved by: it shows no reading
    jail = game.edition.rules.jail_index
    return any(sq.index == jail for sq in squares_if_named(game, ev.square))


def paid_not_moved(game: Game, ev: Roll, player: str, why: str) -> None:
    """CF-02 pay-then-move-next-turn: the fine is due now and the player leaves jail, the token
    left on the jail's square until the next turn's roll."""
    forced_fine(game, player, why, ev.span)
    release(game, player)
    flow = flow_of(game)
    flow.released = "forced"
    flow.turn_over = True
    stays_on_jail(game, ev, player, f"{player} pays now and moves on the next turn")


def record_moves(game: Game, ev: Roll) -> bool:
    """The roll names a square other than the jail's: the record moved the player by it (and
    the replay follows the record: not in a counterfactual replay, see follow.py)."""
    if ev.square is None or not follow.record_settles(game):
        return False
    jail = game.edition.rules.jail_index
    return not any(sq.index == jail for sq in squares_if_named(game, ev.square))


def short_fine_decision(game: Game, player: str) -> judge.Decision:
    """CF-08: whether `player`'s failed last jail throw is moved by (True), the fine a debt to
    the bank under debt-to-bank, or the player held in jail, unmoved, until the fine can be
    paid (False) under stays-in-jail. A player holding the fine's cash is moved by every
    reading: the point does not arise, and no other reading is listed."""
    if game.state.player(player).cash >= game.edition.rules.jail_fine:
        return judge.Decision(judge.Choice(True), "JAIL-08")
    if game.ruling("CF-08") == "stays-in-jail":
        other = judge.Alternative("CF-08", "debt-to-bank", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "JAIL-08", (other,))
    other = judge.Alternative("CF-08", "stays-in-jail", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "JAIL-08", (other,))


def held_for_fine(game: Game, player: str) -> bool:
    """Whether the readings in force hold `player` in jail for want of the forced fine (CF-08)."""
    return short_fine_decision(game, player).right == judge.Choice(False)


def short_fine_written(game: Game, ev: Roll) -> bool | None:
    """What the failed last throw shows of CF-08: moved by (True), kept on the jail's square
    (False), or nothing (None: no square named, or a replay measuring the reading in force)."""
    if record_moves(game, ev):
        return True
    return False if record_keeps(game, ev) else None


def pay_and_move(game: Game, ev: Roll, player: str, why: str, target: int) -> None:
    """CF-02 third-roll-pay-and-move's play of the failed last try: the fine falls due now and
    the roll is moved by."""
    forced_fine(game, player, why, ev.span)
    release(game, player)
    flow_of(game).released = "forced"
    jail = game.edition.rules.jail_index
    target = check_square(game, ev, target, player, jail)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=ev.total)


def pays_or_owes(game: Game, player: str) -> str:
    """ "pays $50", or "owes the $50 fine" when the cash in hand falls short (CF-08)."""
    fine = game.edition.rules.jail_fine
    if game.state.player(player).cash >= fine:
        return f"pays {game.money(fine)}"
    return f"owes the {game.money(fine)} fine"


def stays_on_jail(game: Game, ev: Roll, player: str, message: str) -> None:
    """A roll that does not move the token: the square the record names must be the jail's.

    A record that names another square moved the player out of jail by this roll (M507): the
    replay follows it, out of jail and on the square reached, and a fine written after the roll
    on the same line is taken as what let them out (jail.py), not reported again.
    """
    out = moved_out(game, ev, player, message)
    if out is None:
        return
    message, named = out
    jail = game.edition.rules.jail_index
    game.emit("M507", message, ev.span, "JAIL-06", expected=game.name(jail), recorded=named)
    if not follow.record_settles(game):
        return  # a replay measuring another reading keeps the player where it puts them
    follow_moved_out(game, ev, player)


def moved_out(game: Game, ev: Roll, player: str, message: str) -> tuple[str, str] | None:
    """The M507 words for a roll the record moves by, naming a square other than the jail's,
    where `message` says why the token does not move, and the square named; None when the roll
    names the jail's square or none."""
    jail = game.edition.rules.jail_index
    if ev.square is None:
        return None
    found = squares_named(game, ev.square, ev.span)
    if not found or any(s.index == jail for s in found):
        return None
    reached = (jail + ev.total) % len(game.edition.squares)
    # the one mistake is the move out of jail: a square the roll does not reach from the
    # jail either is said in the same finding, not a second one (M104), and followed
    if _elsewhere(game, ev):
        message += (
            f"; the record moves {player} to {shown(game, nearest_of(game, found, reached))}"
            f", though {ev.die1}-{ev.die2} from {game.name(jail)} reaches "
            f"{game.name(reached)}"
        )
    return message, found[0].name


def _elsewhere(game: Game, ev: Roll) -> bool:
    """The roll names one square (by name), not the one it reaches from the jail."""
    found = () if ev.square is None else squares_if_named(game, ev.square)
    reached = (game.edition.rules.jail_index + ev.total) % len(game.edition.squares)
    return len({s.name for s in found}) == 1 and not any(s.index == reached for s in found)


def follow_moved_out(game: Game, ev: Roll, player: str) -> None:
    """The record moved `player` out of jail by `ev`: out of jail, on the square it names (or,
    naming a square the throw reaches, that one)."""
    jail = game.edition.rules.jail_index
    reached = (jail + ev.total) % len(game.edition.squares)
    release(game, player)
    flow_of(game).released = "record"
    if _elsewhere(game, ev) and ev.square is not None:
        target = nearest_of(game, squares_if_named(game, ev.square), reached).index
    else:
        target = check_square(game, ev, reached, player, jail)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=ev.total)


def forced_fine(
    game: Game,
    player: str,
    why: str,
    span: Span,
    *,
    noted: bool = False,
    moved: bool = False,
) -> Due:
    """The fine a player must pay to leave jail (JAIL-08); short of cash, a debt (CF-08).
    `noted`: CF-08 has been reported at this roll already (the record settled it). `moved`:
    the record moves the player by the roll, as reading debt-to-bank does."""
    fine = game.edition.rules.jail_fine
    cash = game.state.player(player).cash
    decision = short_fine_decision(game, player)
    due = apply_due(
        game,
        Due(
            "fine",
            player,
            player,
            None,
            fine,
            f"the fine is {game.money(fine)}: {why}, so {player} must pay and leave",
            "JAIL-08",
            span,
        ),
    )
    if decision.others and not noted:
        message = (
            f"{player} holds {game.money(cash)} and cannot pay the {game.money(fine)} fine in "
            f"cash: it is a debt to the bank, to be raised by selling, mortgaging or a deal or "
            f"else ending in bankruptcy to the bank (reading {game.ruling('CF-08')}); reading "
            f"stays-in-jail would keep {player} in jail, unmoved, until the fine can be paid"
        )
        # a move by the roll is debt-to-bank's play; a roll naming no square shows nothing
        written = True if moved else None

        def agree() -> None:
            follows = "debt-to-bank" if moved else None
            game.ambiguous("CF-08", message, span, "JAIL-08", follows=follows)

        words = judge.Words("M507", message, other=lambda alt: message, agree=agree)
        judge.judge(game, decision, written, span, words)
    return due


def release(game: Game, player: str) -> None:
    p = game.state.player(player)
    p.in_jail = False
    p.jail_turns = 0
