"""The cash a lander holds for a purchase on the square the move reached, judged: whether the
GO salary of that move counts toward it (decide, compare, follow: judge.py; CF-11, MOVE-06).

`salary_decision` says whether each reading of CF-11 counts the salary: before-square credits
it as GO is passed, so it does; after-square pays it once the square is dealt with, so it does
not. A record that pays with the salary counted (it holds the amount only with it, and raised
nothing first) writes `True`; one that raised the money first shows no choice. The point is
named once where the salary is what makes the payment affordable, and the payment replayed as
made; a replay measuring after-square (`monolog dispute`) leaves the salary out.
"""

from __future__ import annotations

from ...notation.events import Span
from ..core import follow, judge
from ..core.game import Game
from ..core.obligations import find_due

BEFORE = "before-square"
AFTER = "after-square"


def salary_decision(game: Game) -> judge.Decision:
    """CF-11: whether the salary of this move counts toward a payment on the square reached
    (True under before-square, False under after-square), with the other reading."""
    if game.ruling("CF-11") == AFTER:
        other = judge.Alternative("CF-11", BEFORE, judge.Choice(True))
        return judge.Decision(judge.Choice(False), "MOVE-06", (other,))
    other = judge.Alternative("CF-11", AFTER, judge.Choice(False))
    return judge.Decision(judge.Choice(True), "MOVE-06", (other,))


def salary_counted(game: Game, player: str, amount: int, what: str, span: Span) -> bool:
    """CF-11: the point named, judged by `salary_decision`, where the salary of this move is
    what makes the payment of `amount` for `what` affordable. True when the replay counts the
    salary as the record does (the player holds the amount only with it, raised nothing
    first): always, as the table took it, except in a replay measuring after-square."""
    due = find_due(game, "salary", player, open_only=False)
    if due is None or due.cash_before is None or due.amount is None:
        return False
    before = due.cash_before
    if not before < amount <= before + due.amount:
        return False
    reading = game.ruling("CF-11")
    if reading == AFTER:
        message = (
            f"{player} pays {game.money(amount)} for {what} before the salary is paid "
            f"(reading {reading}), holding {game.money(before)}: "
            f"{game.money(amount - before)} short, to be raised first; under reading "
            f"{BEFORE} the salary would cover it"
        )
    else:
        message = (
            f"{player} can pay {game.money(amount)} for {what} only with the salary "
            f"({game.money(before)} before it): it counts, being credited as GO is passed "
            f"(reading {reading}); under reading {AFTER} {player} would be "
            f"{game.money(amount - before)} short"
        )
    # the cash held at the payment covers it only with the salary: the record counts it, as
    # before-square has it (money raised first shows no reading: both allow it)
    cash = game.state.player(player).cash
    written = True if cash - due.amount < amount <= cash else None

    def named() -> None:
        if written is None:  # the record shows no choice
            game.ambiguous("CF-11", message, span, "MOVE-06")
        else:
            game.ambiguous("CF-11", message, span, "MOVE-06", follows=BEFORE)

    decision = salary_decision(game)
    verdict = judge.compare_arising(game, decision, written)
    words = judge.Words(
        "M990",  # the other reading is always listed: the record's play follows a reading
        f"{message}; the edition's own text settles this point (CF-11: {reading})",
        other=lambda alt: message,
        agree=named,
        data={"cf": "CF-11"},
    )
    judge.file(game, verdict, written, span, decision.rule, words)
    return written is True and (follow.record_settles(game) or judge.figure(verdict.right) is True)


def cash_at_payment(game: Game, player: str) -> int:
    """The cash a player holds for a payment on landing (CF-11).

    Under reading after-square the salary of this move is paid only once the square is dealt
    with, so it does not count toward a purchase made there.
    """
    cash = game.state.player(player).cash
    if game.ruling("CF-11") != AFTER:
        return cash
    due = find_due(game, "salary", player, open_only=False)
    if due is None or due.amount is None or due.cash_before is None:
        return cash
    return cash - due.amount
