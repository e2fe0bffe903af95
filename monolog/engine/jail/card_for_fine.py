"""A Get Out of Jail Free card played for the fine a failed last throw made due, judged:
decide, compare, follow (judge.py; CF-07, JAIL-08).

`card_for_fine_decision` says whether each reading of CF-07 lets the card stand in for that
fine: card-replaces-fine does, card-before-roll-only takes it in cash. The record plays the
card, so the figure written is `True`. Judged here, the record that plays it under
card-before-roll-only follows card-replaces-fine (A07, and the card is taken for the fine); a
replay measuring card-before-roll-only (`monolog dispute`) keeps the fine due in cash (M505,
the card kept).
"""

from __future__ import annotations

from ...notation.events import UseJailCard
from ..core import judge
from ..core.game import Game
from ..core.obligations import Due

REPLACES, BEFORE_ROLL = "card-replaces-fine", "card-before-roll-only"


def card_for_fine_decision(game: Game) -> judge.Decision:
    """CF-07: whether a card may be played for the fine a failed last throw made due (True
    under card-replaces-fine, False under card-before-roll-only), and the other reading."""
    reading = game.ruling("CF-07")
    values = {REPLACES: True, BEFORE_ROLL: False}
    others = tuple(
        judge.Alternative("CF-07", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "JAIL-08", others)


def card_for_fine_judged(
    game: Game, ev: UseJailCard, player: str, card_id: str, forced: Due
) -> bool:
    """The card played for the forced fine: the one finding filed, and whether the replay
    takes the card for the fine (False: the fine stays due in cash, M505 filed)."""
    reading = game.ruling("CF-07")
    fine = game.money(forced.amount or 0)
    decision = card_for_fine_decision(game)
    verdict = judge.compare(game, decision, True)
    words = judge.Words(
        "M505",
        f"after a failed third throw {player} must pay the fine in cash (reading {reading} of "
        "CF-07)",
        other=lambda _: (
            f"{player} uses {card_id} in place of the {fine} fine the failed tries made due: "
            f"after a failed third throw the fine is paid in cash (reading {reading}); reading "
            "card-replaces-fine lets the card stand in for it"
        ),
        agree=lambda: _agrees(game, ev, player, card_id, fine),
        shown=(forced.amount, card_id),
    )
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    return verdict.kind != judge.BREAKS


def _agrees(game: Game, ev: UseJailCard, player: str, card_id: str, fine: str) -> None:
    game.ambiguous(
        "CF-07",
        f"{player} uses {card_id} in place of the {fine} fine the failed tries made due (reading "
        f"{REPLACES}); reading {BEFORE_ROLL} would make the fine due in cash",
        ev.span,
        "JAIL-08",
        follows=REPLACES,  # the record plays the card for the fine
    )
