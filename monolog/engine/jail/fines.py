"""The jail fine the record writes, judged: decide, compare, follow (judge.py).

`fine_decision` says what the readings make the fine: the edition's fine, forced after the last
failed try (JAIL-08) or paid to leave early (JAIL-04). No open point sets another figure: the
disputed points around the fine (when it falls due, CF-02, CF-06; a card in its place, CF-07; a
player who cannot pay it, CF-08; a stay of one turn, CF-81) decide when and whether it is paid,
not how much, and are named where the record shows them (fine_timing.py, card_for_fine.py,
jail_rolls.py). A figure other than the fine is M504 with the right figure; the replay takes
the figure written.
"""

from __future__ import annotations

from ...notation.events import PayFine
from ..core import judge
from ..core.game import Game
from ..core.obligations import Due


def fine_decision(game: Game, player: str, forced: Due | None) -> judge.Decision:
    """What the readings make the fine `player` pays: the fine forced after the last failed
    try (`forced`), else the fine paid to leave jail. Every reading gives the same figure."""
    if forced is not None:
        return judge.Decision(judge.Outcome(forced.amount or 0, player), forced.rule)
    return judge.Decision(judge.Outcome(game.edition.rules.jail_fine, player), "JAIL-04")


def fine_judged(game: Game, ev: PayFine, player: str, forced: Due | None) -> None:
    """The fine written set against the decision, its one finding filed (M504 with the right
    figure where it differs), and a forced fine settled at the figure written. A fine paid to
    leave early is moved by the caller, once its timing is judged (CF-06)."""
    decision = fine_decision(game, player, forced)
    right = judge.amount(decision.right)
    if ev.amount is not None and ev.amount != right:  # agreeing, it files nothing
        message = (
            forced.reason
            if forced is not None
            else f"the fine to leave jail is {game.money(right)}"
        )
        judge.judge(game, decision, ev.amount, ev.span, judge.Words("M504", message))
    if forced is not None:
        judge.follow(game, forced, ev.amount, ev.span)
