"""Cards that move the token: advance to a square or to the nearest railroad or utility, and
move back (CARD-06, MOVE-03, MOVE-05, CF-12, CF-71).

The token moves at once and the square reached is dealt with as a landing; the record's
`-> Square` after the card is then a check (moves.py). Money cards are cards.py.
"""

from __future__ import annotations

from ...editions.model import Card
from ...notation.events import Span
from ..core.board import closest, nearest, passes_go, steps_forward
from ..core.game import Game
from ..core.obligations import CardMove, flow_of, mark_card_landing
from ..turn.landing import land, move_token

MOVING_KINDS = ("advance_to", "advance_to_nearest", "move_back")


def move_by_card(game: Game, player: str, card: Card, span: Span) -> None:
    """Carry out a card of a kind in MOVING_KINDS for `player`."""
    if card.kind == "move_back":
        _move_back(game, player, card, span)
        return
    target, dispute = _target(game, player, card)
    if dispute is not None and target == dispute[1] and target != dispute[0]:
        _back_to_closest(game, player, card, span, target, dispute)
        return
    _advance(game, player, card, span, target, dispute)


def _target(game: Game, player: str, card: Card) -> tuple[int, tuple[int, int] | None]:
    """Where an advancing card sends the token, and for the nearest-railroad card the railroad
    ahead and the closest one where they differ (CF-71)."""
    position = game.state.player(player).position
    if card.kind == "advance_to":
        return (card.target if card.target is not None else position), None
    target = nearest(game.edition, position, card.target_kind or "")
    if card.target_kind != "railroad":
        return target, None
    # CF-71: ahead, or the closest either way
    near = closest(game.edition, position, "railroad")
    dispute = (target, near) if near != target else None
    if dispute is not None and game.ruling("CF-71") == "closest":
        target = near
    return target, dispute


def _back_to_closest(
    game: Game, player: str, card: Card, span: Span, target: int, dispute: tuple[int, int]
) -> None:
    """Reading closest, the railroad behind: a move back, with no salary (MOVE-05)."""
    p = game.state.player(player)
    flow_of(game).card_move = CardMove(
        card.id, target, span, p.position, rent_rule=card.rent_rule, nearest=dispute, player=player
    )
    p.position = target
    land(game, player, target, span, card_rule=card.rent_rule, by_card=True)
    mark_card_landing(game, player, target, card.id)


def _advance(
    game: Game,
    player: str,
    card: Card,
    span: Span,
    target: int,
    dispute: tuple[int, int] | None,
) -> None:
    """A forward card move, paying the GO salary it earns (MOVE-03, CF-12)."""
    p = game.state.player(player)
    salary = card_pays_salary(game, card, target)
    note = (
        salary_point(game, player, target, salary, span)
        if past_go(game, card, player, target)
        else None
    )
    cm = CardMove(
        card.id,
        target,
        span,
        p.position,
        salary,
        card.rent_rule,
        nearest=dispute,
        player=player,
    )
    flow_of(game).card_move = cm
    if note is not None:
        cm.salary_note, cm.salary_point = note
    move_token(game, player, target, span, salary=salary, rule="MOVE-03", why=f" on {card.id}")
    land(game, player, target, span, card_rule=card.rent_rule, by_card=True)
    mark_card_landing(game, player, target, card.id)


def card_pays_salary(game: Game, card: Card, target: int) -> bool:
    """Whether `card`'s forward move to `target` pays the GO salary if it reaches or passes GO
    (MOVE-03; CF-12: under dice-moves-only only a card sending the token to GO pays it)."""
    return card.collect_go and (target == 0 or game.ruling("CF-12") != "dice-moves-only")


def past_go(game: Game, card: Card, player: str, target: int) -> bool:
    """Whether `card`'s forward move of `player` to `target` passes GO without ending on it:
    the move that raises CF-12."""
    position = game.state.player(player).position
    size = len(game.edition.squares)
    steps = steps_forward(position, target, size)
    return card.collect_go and target != 0 and passes_go(position, steps, size)


def salary_point(
    game: Game, player: str, target: int, salary: bool, span: Span
) -> tuple[str, int | None]:
    """CF-12: a forward card move past GO. Files A12 before the record shows its choice, and
    returns its message and the finding, filed again with the record's choice if a salary is
    written for this move (moves.card_salary_written); until then the record shows none."""
    go = game.money(game.edition.rules.go_salary)
    if salary:
        message = (
            f"{player} passes GO on the way to {game.name(target)}: a forward card "
            f"move pays the salary (reading {game.ruling('CF-12')}); without it "
            f"{player} would have {go} less"
        )
    else:
        message = (
            f"{player} passes GO on the way to {game.name(target)}: no salary, as only "
            f"moves by the dice pay it (reading {game.ruling('CF-12')}); reading "
            f"forward-cards-pay would pay {go}"
        )
    point = game.ambiguous(
        "CF-12",
        f"{message}; the record writes no salary for this move, so it shows no reading of its own",
        span,
        "MOVE-03",
    )
    return message, None if point is None else game.findings.last


def _move_back(game: Game, player: str, card: Card, span: Span) -> None:
    """Go back a number of squares, or to a square behind: never a salary (MOVE-05)."""
    p = game.state.player(player)
    size = len(game.edition.squares)
    target = card.target if card.target is not None else (p.position - card.spaces) % size
    flow_of(game).card_move = CardMove(card.id, target, span, p.position, player=player)
    p.position = target  # backwards: never a salary (MOVE-05)
    land(game, player, target, span, by_card=True)
    mark_card_landing(game, player, target, card.id)
