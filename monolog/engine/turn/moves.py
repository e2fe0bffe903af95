"""The GO salary clause and moves not made by the dice: `-> Square` after a card (judged in
cards/card_move_judgement.py), and a move nothing explains.

MOVE-01..07, CARD-06, CF-12. A roll's move is rolls.py; where the token lands and what the
square makes due is landing.py.
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Move, Salary, Span
from ..cards.card_move_judgement import card_move_judged
from ..core import follow, house_rules
from ..core.game import Game
from ..core.names import actor_of, nearest_of, resolve_square, shown, squares_if_named
from ..core.obligations import (
    CardMove,
    find_due,
    settle_due,
)
from ..money.salary import (
    drop_card_point,
    salary_judged,
    unpaid_card_salary,
    unpaid_card_words,
)
from .landing import land


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
        flow = game.flow
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
    cm = game.flow.card_move
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
    cm = game.flow.card_move
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
    cm = game.flow.card_move
    if cm is not None and cm.confirmed:
        cm = None  # the card's move was confirmed already: this one is not the card's
    sq = _square_moved_to(game, ev, player, cm)
    if sq is None:
        return
    if cm is not None:
        card_move_judged(game, player, cm, sq, ev.span)
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
