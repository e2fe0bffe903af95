"""The failed throw of the last jail turn, judged: decide, compare, follow (judge.py; CF-02,
JAIL-08).

`last_try_decision` says what each reading of CF-02 makes of it: the fine now and a move by
that throw (third-roll-pay-and-move), the player kept in jail with the fine opening a fourth
turn (fourth-turn-pay), or the fine now and the move on the next turn
(pay-then-move-next-turn). The record shows its reading on the throw's line
(`last_try_written`): the square reached, the jail's square with the fine written after it,
or the jail's square alone. `last_try_judged` files the one A02 and returns the play the
replay then follows, in full, with `MOVES`, `PAID` or `KEPT`.
"""

from __future__ import annotations

from typing import NamedTuple

from ...notation.events import Roll
from ..core import judge
from ..core.game import Game
from .jail_exits import pays_unmoved, record_keeps, record_moves

THIRD, FOURTH, NEXT = "third-roll-pay-and-move", "fourth-turn-pay", "pay-then-move-next-turn"
MOVES, PAID, KEPT = "moves", "paid", "kept"
_PLAYS = {THIRD: MOVES, FOURTH: KEPT, NEXT: PAID}


def last_try_decision(game: Game) -> judge.Decision:
    """CF-02: what the failed throw of the last jail turn leads to under each reading."""
    reading = game.ruling("CF-02")
    others = tuple(
        judge.Alternative("CF-02", r, judge.Choice(play))
        for r, play in _PLAYS.items()
        if r != reading
    )
    return judge.Decision(judge.Choice(_PLAYS[reading]), "JAIL-08", others)


def last_try_written(game: Game, ev: Roll) -> str | None:
    """The record's play of the failed last throw: moved by it (the square reached), paid now
    and not moved (the jail's square, the fine after it on the line), or kept in jail (the
    jail's square alone: under pay-then-move-next-turn that shows nothing, the fine may be
    unwritten). None: the throw shows no play."""
    if pays_unmoved(game, ev):
        return PAID
    if record_moves(game, ev):
        return MOVES
    if record_keeps(game, ev) and game.ruling("CF-02") != NEXT:
        return KEPT
    return None


class Judged(NamedTuple):
    """The play the replay follows (`MOVES`, `PAID`, `KEPT`), the one the record wrote (None:
    none), and where the record wrote none, the A02 filed (its handle, None if none was) and
    its words, for a later line to show the record's play (follow.FineAhead)."""

    play: str
    written: str | None
    handle: int | None
    message: str


def last_try_judged(
    game: Game, ev: Roll, player: str, why: str, target: int, try_no: int, pays: str
) -> Judged:
    """The one A02 of the failed last throw (`why`; `pays`: "pays $50" or "owes the $50
    fine"), and the play the replay follows: the record's, or the reading in force's where the
    record shows none. Every play is one reading's, so none breaks them all (the M code is
    never filed)."""
    reading = game.ruling("CF-02")
    decision = last_try_decision(game)
    written = last_try_written(game, ev)
    verdict = judge.compare(game, decision, written)
    words = _Words(game, player, why, target, try_no, pays)
    message = words.agreed(reading)
    filed: list[int] = []

    def agree() -> None:
        follows = reading if written is not None else None
        if game.ambiguous("CF-02", message, ev.span, "JAIL-08", follows=follows) is not None:
            filed.append(game.findings.last)

    judge.file(
        game,
        verdict,
        written,
        ev.span,
        decision.rule,
        judge.Words(
            "M505", message, other=lambda alt: words.departed(reading, alt.reading), agree=agree
        ),
    )
    play = _PLAYS[reading]
    if verdict.kind == judge.FOLLOWS and verdict.other is not None:
        play = _PLAYS[verdict.other.reading]
    return Judged(play, written, filed[0] if filed else None, message)


class _Words:
    """The A02 words of one failed last throw."""

    def __init__(
        self, game: Game, player: str, why: str, target: int, try_no: int, pays: str
    ) -> None:
        self.player, self.why, self.pays, self.try_no = player, why, pays, try_no
        self.fine = game.money(game.edition.rules.jail_fine)
        self.square = game.name(target)

    def agreed(self, reading: str) -> str:
        """What the reading in force does, and what one other reading would do instead."""
        who, square, fine = self.player, self.square, self.fine
        if reading == NEXT:
            return (
                f"{self.why}: {who} {self.pays} now and moves on the next turn (reading "
                f"{reading}); reading {THIRD} would move {who} to {square} by this roll"
            )
        if reading == FOURTH:
            return (
                f"no double on jail turn {self.try_no}: {who} stays in jail and pays {fine} at "
                f"the start of a fourth turn (reading {reading}); reading {THIRD} would have "
                f"{who} pay now and move to {square}"
            )
        return (
            f"{self.why}: {who} {self.pays} and moves by this roll to {square} (reading "
            f"{reading}); reading {FOURTH} would keep {who} in jail, unmoved, with the {fine} "
            "due at the start of a fourth turn"
        )

    def departed(self, reading: str, follows: str) -> str:
        """What the reading in force does, and the record's play of the reading it follows."""
        who, square, fine = self.player, self.square, self.fine
        if reading == FOURTH:
            applied = (
                f"{who} stays in jail and pays {fine} at the start of a fourth turn (reading "
                f"{reading})"
            )
            # a move by the roll is named from the failed throw, the other plays from the turn
            lead = self.why if follows == THIRD else f"no double on jail turn {self.try_no}"
        elif reading == NEXT:
            applied = f"{who} {self.pays} now and moves on the next turn (reading {reading})"
            lead = self.why
        else:
            applied = f"{who} pays {fine} and moves by this roll to {square} (reading {reading})"
            lead = self.why
        if follows == THIRD:
            play = f"the record moves {who} by this roll to {square}, paying the fine now"
        elif follows == NEXT and reading == FOURTH:
            play = f"the record has {who} pay now, on this roll, and move on the next turn"
        elif follows == NEXT:
            play = f"the record has {who} pay now and stay on the jail's square until the next turn"
        else:
            play = (
                f"the record keeps {who} in jail, unmoved, with the fine due at the start of the "
                "next turn"
            )
        return f"{lead}: {applied}; {play}, as reading {follows} does"
