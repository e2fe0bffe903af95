"""Where a card took the token, judged: decide, compare, follow (judge.py).

`card_move_decision` says which square each reading sends the token to: the card's square under
the readings in force and, for the nearest-railroad card where the railroad ahead is not the
closest one, the square of the other reading of CF-71. `card_move_judged` sets the record's
`-> Square` after the card against them and files its one finding: the A71 naming the reading
the record agrees with, the A71 of the reading it follows, or M406 with the card's square. The
record's square is then followed in full: the move the reading it follows makes (forward with
the GO salary the card pays and the card's rent, or back with none), else a forward move. A
replay measuring the reading in force (`monolog dispute`) applies it instead of the record's
CF-71 play, and names the point without the record's choice.

CARD-06, MOVE-03, MOVE-05, CF-12, CF-71.
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Span
from ..core import judge
from ..core.game import Game
from ..core.names import shown
from ..core.obligations import CardMove, cancel_due, flow_of, mark_card_landing
from ..turn.landing import land, move_token
from .card_moves import card_pays_salary, past_go, salary_point


def card_move_decision(game: Game, cm: CardMove) -> judge.Decision:
    """The square each reading sends the token to on `cm`'s card: the one in force, and for the
    nearest-railroad card where the railroad ahead is not the closest, the other CF-71 reading's
    railroad. Any other card's square is settled (no other reading)."""
    right = judge.Choice(cm.target)
    if cm.nearest is None:
        return judge.Decision(right, "CARD-06")
    ahead, near = cm.nearest
    reading, square = ("ahead", ahead) if game.ruling("CF-71") == "closest" else ("closest", near)
    other = judge.Alternative("CF-71", reading, judge.Choice(square))
    return judge.Decision(right, "CARD-06", (other,))


def card_move_judged(game: Game, player: str, cm: CardMove, sq: Square, span: Span) -> None:
    """`-> Square` after `cm`'s card move: one finding for it, and the record's square followed."""
    cm.confirmed = True
    if cm.nearest is None and sq.index == cm.target:
        # what judging it comes to where no reading disputes the card's square and the record
        # agrees (nothing filed, nothing to follow), without the decision, verdict and words,
        # whose message counts the squares named alike: most card moves
        return
    decision = card_move_decision(game, cm)
    if judge.measured(game, decision, sq.index):
        nearest_railroad_note(game, player, cm, span)  # the reading in force stands
        return
    verdict = judge.compare(game, decision, sq.index)
    if verdict.kind == judge.BREAKS:
        # the point arose all the same; the record's square is no reading's
        nearest_railroad_note(game, player, cm, span)
    judge.file(game, verdict, sq.index, span, decision.rule, _words(game, player, cm, sq, span))
    if verdict.kind != judge.AGREES:
        _follow(game, player, cm, sq.index, span)


def _words(game: Game, player: str, cm: CardMove, sq: Square, span: Span) -> judge.Words:
    def agree() -> None:
        nearest_railroad_note(game, player, cm, span, follows=game.ruling("CF-71"))

    return judge.Words(
        "M406",
        f"{cm.card} sends {player} to {game.name(cm.target)}, not {shown(game, sq)}",
        other=lambda _: _nearest_message(game, player, cm),
        agree=agree if cm.nearest is not None else None,
        show=lambda index: game.name(index) if isinstance(index, int) else index,
    )


def _follow(game: Game, player: str, cm: CardMove, square: int, span: Span) -> None:
    """The record is what happened: the card's landing is taken back and the token makes the
    move to the record's square: back to the railroad behind (CF-71 closest: no salary,
    MOVE-05), forward to the railroad ahead (CF-71 ahead: the salary the card pays past GO,
    CF-12), or forward to any other square (after M406)."""
    _undo_card_landing(game, cm)
    p = game.state.player(player)
    p.position = cm.origin
    if cm.nearest is not None and square == cm.nearest[1]:
        if cm.salary_point is not None:
            game.findings.withdraw(cm.salary_point)  # the move past GO was not made
            cm.salary_point = None
        p.position = square
    elif cm.nearest is not None and square == cm.nearest[0]:
        _ahead(game, player, cm, square)
    else:
        move_token(game, player, square, cm.span, salary=cm.salary, rule="MOVE-03")
    land(game, player, square, span, card_rule=cm.rent_rule, by_card=True)
    mark_card_landing(game, player, square, cm.card)


def _ahead(game: Game, player: str, cm: CardMove, square: int) -> None:
    """The nearest-railroad card's move to the railroad ahead (CF-71 ahead), as that reading
    makes it: past GO it pays the salary the card pays (naming CF-12, as at the card)."""
    card = game.edition.card(cm.card)
    cm.salary = card_pays_salary(game, card, square)
    if cm.salary_point is None and past_go(game, card, player, square):
        cm.salary_note, cm.salary_point = salary_point(game, player, square, cm.salary, cm.span)
    move_token(
        game, player, square, cm.span, salary=cm.salary, rule="MOVE-03", why=f" on {card.id}"
    )


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
    game: Game, player: str, cm: CardMove, span: Span, *, follows: str | None = None
) -> None:
    """CF-71: the nearest-railroad card where the railroad ahead is not the closest one. Names
    the reading applied and, when the record wrote the square of the one in force, that the
    record agrees (`follows`). Nothing where the point does not arise."""
    if cm.nearest is None:
        return
    cm.nearest_noted = True
    game.ambiguous("CF-71", _nearest_message(game, player, cm), span, "CARD-06", follows=follows)


def _nearest_message(game: Game, player: str, cm: CardMove) -> str:
    """The A71 words: the railroad the reading in force sends the token to, and the other's."""
    ahead, near = cm.nearest or (cm.target, cm.target)
    back = (cm.origin - near) % len(game.edition.squares)
    rail = game.edition.word("railroad")
    squares = "square" if back == 1 else "squares"
    if game.ruling("CF-71") == "closest":
        return (
            f"{cm.card} sends {player} to {game.name(near)}, the closest {rail}, {back} "
            f"{squares} back (reading closest); reading ahead would advance {player} to "
            f"{game.name(ahead)}"
        )
    return (
        f"{cm.card} advances {player} to {game.name(ahead)}, the next {rail} ahead (reading "
        f"ahead); reading closest would take {player} back {back} {squares} to "
        f"{game.name(near)}"
    )
