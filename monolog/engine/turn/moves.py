"""The GO salary clause and moves not made by the dice: `-> Square` after a card, the
nearest-railroad reading, and a move nothing explains.

MOVE-01..07, CARD-06, CF-71. A roll's move is rolls.py; where the token lands and what the
square makes due is landing.py.
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Move, Salary, Span
from ..core import follow, house_rules
from ..core.game import Game
from ..core.names import actor_of, nearest_of, resolve_square, shown, squares_if_named
from ..core.obligations import (
    CardMove,
    cancel_due,
    find_due,
    flow_of,
    mark_card_landing,
    settle_due,
)
from ..money.salary import (
    drop_card_point,
    salary_judged,
    unpaid_card_salary,
    unpaid_card_words,
)
from .landing import land, move_token


def on_salary(game: Game, ev: Salary) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    rules = game.edition.rules
    due = find_due(game, "salary", player)
    if due is None and card_salary_written(game, player, ev.amount, ev.span):
        return  # CF-12: the record pays the salary of reading forward-cards-pay
    if due is None and house_rules.salary_not_due(game, player, ev.amount, ev.span):
        return
    if due is None and unpaid_card_salary(game, player, ev.amount, ev.span):
        return  # CF-12: nothing written for a card move past GO, as dice-moves-only has it
    if due is None and ev.amount == 0:
        return  # no salary written where none is due: the record agrees, nothing to report
    if due is not None and house_rules.salary_doubled(game, player, due, ev.amount, ev.span):
        settle_due(game, due, ev.amount, ev.span)
        return
    if due is None:
        amount = ev.amount if ev.amount is not None else rules.go_salary
        flow = flow_of(game)
        why, rule = ("a player sent to jail collects none", "MOVE-04")
        if not flow.jailed_by:
            why, rule = _no_go(game, player)
            drop_card_point(game, player)  # the M106 is the line's one finding (CF-12)
        game.emit(
            "M106",
            f"no salary is due: {why}",
            ev.span,
            rule,
            expected=0,
            recorded=amount,
        )
        game.transfer(None, player, amount, "salary as recorded", ev.span)
        return
    salary_judged(game, due, ev.amount, ev.span)


def card_salary_written(game: Game, player: str | None, amount: int | None, span: Span) -> bool:
    """CF-12: the record writes the GO salary for a card move past GO that the replay did not
    pay it for (dice-moves-only in force; a `salary` clause, or the amount after the card). It
    follows reading forward-cards-pay: the A12 filed at the card, before the record showed its
    choice, is filed again in its place saying so, a departure, and the record's salary is paid,
    except in a replay measuring the reading (follow.py). A salary the replay paid is judged by
    money/salary.py. True when this was such a salary."""
    cm = flow_of(game).card_move
    if player is None or cm is None or cm.player not in ("", player):
        return False
    go = game.edition.rules.go_salary
    if cm.salary_point is None or (amount is not None and amount != go):
        return False
    game.findings.withdraw(cm.salary_point)
    cm.salary_point = None
    game.ambiguous("CF-12", cm.salary_note, cm.span, "MOVE-03", follows="forward-cards-pay")
    if follow.record_settles(game):
        game.transfer(None, player, go, "salary as recorded", span)
    return True


def _no_go(game: Game, player: str) -> tuple[str, str]:
    """Why the last move paid no salary, and the rule: it went back (crossing GO backwards, or
    short of it: MOVE-05), a card moved it forward without reaching GO (MOVE-03), or the dice
    did (MOVE-02)."""
    cm = flow_of(game).card_move
    if cm is not None and cm.player in ("", player):
        card = game.edition.card(cm.card)
        behind = cm.nearest is not None and cm.target == cm.nearest[1] != cm.nearest[0]
        if card.kind == "move_back" or behind:
            if cm.target > cm.origin:
                why = f"{player} crossed GO backwards on {cm.card}, and a move back pays none"
            else:
                why = f"{player} moved back on {cm.card}, and a move back pays none"
            return why, "MOVE-05"
        if cm.salary_note and not cm.salary:
            # CF-12: past GO on a card, which pays no salary under dice-moves-only
            return unpaid_card_words(game, player, cm), "MOVE-03"
        return f"{player}'s move on {cm.card} did not reach or pass GO", "MOVE-03"
    return f"{player}'s last move did not reach or pass GO", "MOVE-02"


def on_move(game: Game, ev: Move) -> None:
    """`-> Square`: confirms where a card sent the token, else an unexplained move."""
    player = actor_of(game, ev)
    if player is None:
        return
    cm = flow_of(game).card_move
    if cm is not None and cm.confirmed:
        cm = None  # the card's move was confirmed already: this one is not the card's
    sq = _square_moved_to(game, ev, player, cm)
    if sq is None:
        return
    if cm is not None:
        _card_move_recorded(game, player, cm, sq, ev.span)
        return
    p = game.state.player(player)
    if p.position == sq.index:
        return
    game.emit(
        "M110",
        f"nothing moves {player} to {shown(game, sq)} here: a token moves by the dice or by a card",
        ev.span,
        "MOVE-01",
        expected=game.name(p.position),
        recorded=sq.name,
    )
    p.position = sq.index
    land(game, player, sq.index, ev.span, by_card=True)


def _square_moved_to(game: Game, ev: Move, player: str, cm: CardMove | None) -> Square | None:
    """The square `-> Square` names. `cm`: the card move it may confirm, not confirmed yet."""
    # `-> Community Chest` after a card move: a name several squares share resolves to the one
    # the card sends the token to
    named = squares_if_named(game, ev.square)
    if cm is not None and any(s.index == cm.target for s in named):
        return game.square(cm.target)
    if len(named) > 1 and len({s.name for s in named}) == 1:
        # a name several squares share, none where the card leads (or no card): the one
        # nearest where the card leads, or else nearest where the token stands
        here = cm.target if cm is not None else game.state.player(player).position
        return nearest_of(game, named, here)
    return resolve_square(game, ev.square, ev.span)


def _card_move_recorded(game: Game, player: str, cm: CardMove, sq: Square, span: Span) -> None:
    """`-> Square` after a card move: where the card sent the token (CARD-06), else the
    record's square is what happened (M406, or the other reading of CF-71)."""
    cm.confirmed = True
    other_reading = nearest_railroad_note(game, player, cm, sq.index, span)
    if sq.index == cm.target:
        return
    if not other_reading:
        game.emit(
            "M406",
            f"{cm.card} sends {player} to {game.name(cm.target)}, not {shown(game, sq)}",
            span,
            "CARD-06",
            expected=game.name(cm.target),
            recorded=sq.name,
        )
    # the record is what happened: undo the card's landing, stand on the recorded square
    _undo_card_landing(game, cm)
    p = game.state.player(player)
    p.position = cm.origin
    if other_reading and cm.nearest is not None and sq.index == cm.nearest[1]:
        p.position = sq.index  # CF-71 closest: back to the railroad behind, no salary
    else:
        move_token(game, player, sq.index, cm.span, salary=cm.salary, rule="MOVE-03")
    land(game, player, sq.index, span, card_rule=cm.rent_rule, by_card=True)
    mark_card_landing(game, player, sq.index, cm.card)


def _undo_card_landing(game: Game, cm: CardMove) -> None:
    """Take back what the square a card move reached made due, pending or offered."""
    flow = flow_of(game)
    for due in flow.dues:
        if due.span is cm.span and not due.stated:
            cancel_due(game, due)
    flow.dues = [d for d in flow.dues if d.span is not cm.span]
    flow.claims = [d for d in flow.claims if d.span is not cm.span]
    flow.lots = [x for x in flow.lots if x.span is not cm.span]
    if flow.draw is not None and flow.draw.span is cm.span:
        flow.draw = None
    if flow.throw is not None and flow.throw.span is cm.span:
        flow.throw = None


def nearest_railroad_note(
    game: Game, player: str, cm: CardMove, recorded: int | None, span: Span
) -> bool:
    """CF-71: the nearest-railroad card where the railroad ahead is not the closest one. Names
    the reading applied and, when the record writes where the token went (`recorded`), which
    reading it follows. True when the record follows the other reading: its move is then
    replayed as recorded, not reported as M406."""
    if cm.nearest is None:
        return False
    ahead, near = cm.nearest
    cm.nearest_noted = True
    reading = game.ruling("CF-71")
    follows = {ahead: "ahead", near: "closest"}.get(recorded) if recorded is not None else None
    size = len(game.edition.squares)
    back = (cm.origin - near) % size
    rail = game.edition.word("railroad")
    if reading == "closest":
        message = (
            f"{cm.card} sends {player} to {game.name(near)}, the closest {rail}, {back} "
            f"{'square' if back == 1 else 'squares'} back (reading closest); reading ahead "
            f"would advance {player} to {game.name(ahead)}"
        )
    else:
        message = (
            f"{cm.card} advances {player} to {game.name(ahead)}, the next {rail} ahead (reading "
            f"ahead); reading closest would take {player} back {back} "
            f"{'square' if back == 1 else 'squares'} to {game.name(near)}"
        )
    game.ambiguous("CF-71", message, span, "CARD-06", follows=follows)
    return follows is not None and follows != reading
