"""Which turns count as jail turns, judged: decide, compare, follow (judge.py; CF-03, JAIL-08).

`last_try_count_decision` says whether a failed throw one turn short of the last under
next-turn-is-first is the last try (True: jailing-turn-counts, which counts the turn of the
jailing as the first) or not (False). The record shows its count on the throw's line: the
jail's square named keeps the player for another try, another square moves them by the throw.
`second_last_judged` files the one A03 and follows that count in full: a move is the last
try's, with the fine due now (the jailing-turn-counts play); a stay is a stay.
`last_judged` names the point at the last try under jailing-turn-counts.
"""

from __future__ import annotations

from ...notation.events import Roll
from ..core import judge
from ..core.game import Game
from .jail_exits import pay_and_move, record_keeps, record_moves

NEXT_IS_FIRST, JAILING_COUNTS = "next-turn-is-first", "jailing-turn-counts"


def last_try_count_decision(game: Game) -> judge.Decision:
    """CF-03: whether the throw that one reading makes the last try is the last (True under
    jailing-turn-counts) or leaves one more try (False under next-turn-is-first)."""
    reading = game.ruling("CF-03")
    values = {NEXT_IS_FIRST: False, JAILING_COUNTS: True}
    others = tuple(
        judge.Alternative("CF-03", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "JAIL-08", others)


def _named(game: Game, message: str, ev: Roll, follows: str | None) -> None:
    game.ambiguous("CF-03", message, ev.span, "JAIL-08", follows=follows)


def _written(game: Game, ev: Roll) -> bool | None:
    """The record's count: a move by the throw makes it the last try, the jail's square kept
    the player for another; no square shows none."""
    if record_moves(game, ev):
        return True
    return False if record_keeps(game, ev) else None


def second_last_judged(game: Game, ev: Roll, player: str, try_no: int, target: int) -> bool:
    """No double on jail turn `try_no`, one short of the last, under next-turn-is-first: the
    one A03. True when the record moved the player by the throw, as jailing-turn-counts does
    (the last try: the fine now and the move, replayed here); False: the player stays."""
    fine = game.money(game.edition.rules.jail_fine)
    stays = (
        f"no double on jail turn {try_no}: {player} stays in jail, with one more try next turn "
        f"(reading {NEXT_IS_FIRST}); reading {JAILING_COUNTS} would make this the last try, "
        f"with {fine} due now and a move to {game.name(target)}"
    )
    decision = last_try_count_decision(game)
    written = _written(game, ev)
    verdict = judge.compare(game, decision, written)
    words = judge.Words(
        "M507",
        stays,
        other=lambda alt: (
            f"no double on jail turn {try_no}: under reading {NEXT_IS_FIRST} {player} stays in "
            f"jail with one more try next turn; the record moves {player} by the throw to "
            f"{game.name(target)}, as reading {alt.reading} does with this the last try "
            f"({fine} due now)"
        ),
        # a roll naming the jail's square is the record keeping the player there
        agree=lambda: _named(game, stays, ev, None if written is None else NEXT_IS_FIRST),
    )
    judge.file(game, verdict, written, ev.span, decision.rule, words)
    if verdict.kind != judge.FOLLOWS:
        return False
    pay_and_move(game, ev, player, f"jail turn {try_no} and no double", target)
    return True


def last_judged(game: Game, ev: Roll, player: str, try_no: int) -> None:
    """No double on jail turn `try_no`, the last counting the turn of the jailing as the first
    (jailing-turn-counts): the one A03, agreeing where the record moves the player by the
    throw. A record that keeps the player shows CF-02's play (last_try_judgement.py)."""
    decision = last_try_count_decision(game)
    written = True if record_moves(game, ev) else None
    message = (
        f"no double on jail turn {try_no}, the turn {player} was jailed counted as the first "
        f"(reading {JAILING_COUNTS}): this was the last try; reading {NEXT_IS_FIRST} would "
        f"leave {player} in jail with one more try next turn"
    )
    words = judge.Words(
        "M507",
        message,
        # a roll naming the square reached is the record's move, as this reading has it
        agree=lambda: _named(game, message, ev, None if written is None else JAILING_COUNTS),
    )
    judge.judge(game, decision, written, ev.span, words)
