"""The GO salary the record writes, judged: decide, compare, follow (judge.py).

`salary_decision` says what each reading makes a salary that fell due: the GO salary (or what
a declared house rule pays on Free Parking) under the readings in force, and, for a forward
card move past GO, the figure of reading dice-moves-only, nothing (CF-12). `salary_judged`
sets the figure written against them, files its one finding (agrees, A12 naming the reading it
follows, or M105 with the right figure) and has the replay pay what the record wrote. A figure
no reading gives is reported by its M code alone: the A12 filed at the card before the record
showed a figure is withdrawn (`drop_card_point`).

A salary written where none fell due is the caller's (M106, moves.py), except the nothing
written for a card move past GO under dice-moves-only, which is that reading's own figure
(`unpaid_card_salary`), and another amount written after such a card, which no reading gives:
judged as the same amount in a `salary` clause is, one M106 (`card_salary_not_due`).

A declared house rule's money is the due itself (twice the salary on GO, the Free Parking
pool or bonus), so the judgement holds the record to it; where an engine profile declares the
house rule (CF-69 pot, CF-70 double-salary), another figure written is reported and its place
is not counted (core/declared.py). Undeclared, the house rule's figure is not another reading
the judge names: the other readings of CF-70 and CF-69 are those house rules, with no A code,
and house_rules.py reports the play before the judgement as M905 (twice the salary on GO,
`salary_doubled`; money collected on Free Parking, `salary_not_due`).
"""

from __future__ import annotations

from ...notation.events import Span
from ..core import declared, judge
from ..core.game import Game
from ..core.obligations import Due, flow_of
from ..core.turn_flow import CardMove

# a house rule's Free Parking money is written as a salary, but is not one (PIR-02/03)
_FREE_PARKING_RULES = ("PIR-02", "PIR-03")


def card_past_go(game: Game, player: str) -> CardMove | None:
    """The card move of `player` in this turn that went forward past GO to another square,
    where the two readings of CF-12 differ (None if there is none)."""
    cm = flow_of(game).card_move
    if cm is None or cm.player not in ("", player) or not cm.salary_note:
        return None
    return cm


def salary_decision(game: Game, due: Due) -> judge.Decision:
    """What each reading makes the salary of `due`: its amount under the readings in force,
    and nothing under dice-moves-only where a card paid it for a move past GO (CF-12)."""
    right = judge.Outcome(due.amount or 0, None, due.player)
    cm = card_past_go(game, due.player)
    if cm is None or not cm.salary or due.span != cm.span:
        return judge.Decision(right, due.rule)
    unpaid = judge.Alternative("CF-12", "dice-moves-only", judge.Outcome(0, None, due.player))
    return judge.Decision(right, due.rule, (unpaid,))


def salary_judged(game: Game, due: Due, amount: int | None, span: Span) -> None:
    """The salary written set against what each reading makes it (`salary_decision`), one
    finding filed for it, and the record followed."""
    cm = card_past_go(game, due.player)
    if cm is None and (amount is None or amount == (due.amount or 0)):
        # what `judge.judge` makes of a figure that agrees where no card moved the player (no
        # other reading then, and nothing filed), without the decision, verdict and words made
        # for it: most salaries (6,600 over run.py's 200 games; benchmarks/README.md)
        judge.follow(game, due, amount, span)
        return
    decision = salary_decision(game, due)
    what = "Free Parking pays" if due.rule in _FREE_PARKING_RULES else "the salary is"

    def other(alt: judge.Alternative) -> str | None:
        if cm is not None and _card_point(game, cm, alt.reading):
            return None  # named at the card, with the record's choice
        return cm.salary_note if cm is not None else None

    def agree() -> None:
        if cm is not None and cm.salary:
            _card_point(game, cm, game.ruling("CF-12"))

    words = judge.Words(
        "M105", f"{what} {game.money(due.amount or 0)}: {due.reason}", None, other, agree
    )
    verdict, _ = judge.judge(game, decision, amount, span, words)
    if due.declared is not None and verdict.kind != judge.AGREES:
        declared.withdraw(game, due.declared, due.span.line)  # reported, not counted
    if verdict.kind == judge.BREAKS and cm is not None and due.span == cm.span:
        drop_card_point(game, due.player)  # the card's own salary: the M105 is its one finding
    judge.follow(game, due, amount, span)


def drop_card_point(game: Game, player: str) -> None:
    """A salary written for a card move past GO that no reading gives (M105, or M106 where no
    salary fell due): the A12 filed at the card, saying the record writes no salary, is
    withdrawn, so the mistake is reported once, by the M code."""
    cm = card_past_go(game, player)
    if cm is not None and cm.salary_point is not None:
        game.findings.withdraw(cm.salary_point)
        cm.salary_point = None


def unpaid_card_words(game: Game, player: str, cm: CardMove) -> str:
    """Why a card move past GO paid no salary: reading dice-moves-only is in force (CF-12)."""
    return (
        f"{player} passed GO on {cm.card}, and only moves by the dice pay the salary "
        f"(reading {game.ruling('CF-12')})"
    )


def card_salary_not_due(game: Game, player: str, amount: int | None, span: Span) -> bool:
    """The amount written after a card whose move past GO paid no salary (dice-moves-only in
    force) that neither reading gives (not nothing, not the GO salary: those are
    `unpaid_card_salary` and moves.card_salary_written): judged as `salary N` is there, the
    one M106 with the right figure, nothing (the A12 at the card withdrawn), and the record's
    amount paid. True when so."""
    cm = card_past_go(game, player)
    if amount is None or cm is None or cm.salary:
        return False
    drop_card_point(game, player)
    game.emit(
        "M106",
        f"no salary is due: {unpaid_card_words(game, player, cm)}",
        span,
        "MOVE-03",
        expected=0,
        recorded=amount,
    )
    game.transfer(None, player, amount, "salary as recorded", span)
    return True


def unpaid_card_salary(game: Game, player: str, amount: int | None, span: Span) -> bool:
    """`salary 0` for a card move past GO that paid none, as reading dice-moves-only has it
    (CF-12): the record agrees with that reading, named at the card. True when so."""
    cm = card_past_go(game, player)
    if amount != 0 or cm is None or cm.salary:
        return False
    _card_point(game, cm, "dice-moves-only")
    return True


def _card_point(game: Game, cm: CardMove, follows: str) -> bool:
    """The A12 filed at the card before the record showed its choice, filed again in its place
    saying which reading the salary written follows (once). False where none was filed."""
    if cm.salary_point is None:
        return False
    game.findings.withdraw(cm.salary_point)
    cm.salary_point = None
    game.ambiguous("CF-12", cm.salary_note, cm.span, "MOVE-03", follows=follows)
    return True
