"""CF-80 one-throw-a-turn: every turn is one throw, and a double earns no other (DBL-01, DBL-02).

Under that reading a double passes the turn like any other throw, so no run of doubles arises.
The turn passing after a double is the record agreeing (A80, at the double); a record that
throws again after a double follows reading throw-again (A80 as a warning, at that throw), and
the replay follows it: the throw is one more of the turn, the doubles counting towards a third
as throw-again has it. Under throw-again (every shipped edition) nothing here applies, and the
turn passing after a double stays M102 (turns.py).
"""

from __future__ import annotations

from ...notation.events import Roll
from ..core import judge
from ..core.game import Game

ONE_THROW, THROW_AGAIN = "one-throw-a-turn", "throw-again"


def one_throw(game: Game) -> bool:
    """Whether the reading in force has every turn be one throw."""
    return game.ruling("CF-80") == ONE_THROW


def note_throw(game: Game, ev: Roll) -> None:
    """The turn's player threw `ev`: under one-throw-a-turn a double earns nothing more, and
    whether the record passes the turn after it shows on a later line."""
    flow = game.flow
    flow.double_span = ev.span if ev.is_double and one_throw(game) else None
    if flow.double_span is not None:
        flow.again = False


def throw_decision(game: Game) -> judge.Decision:
    """CF-80: whether a double earns a further throw (True: throw-again) or not (False:
    one-throw-a-turn)."""
    reading = game.ruling("CF-80")
    values = {THROW_AGAIN: True, ONE_THROW: False}
    others = tuple(
        judge.Alternative("CF-80", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "DBL-01", others)


def thrown_again(game: Game, player: str, ev: Roll) -> bool:
    """A further throw after a double under one-throw-a-turn. True when it was judged here: the
    record follows throw-again (A80, a warning) and the throw is replayed as one more of the
    turn; in a replay measuring this reading (follow.counterfactual) it is a throw too many."""
    flow = game.flow
    if flow.double_span is None or not one_throw(game):
        return False
    flow.double_span = None
    decision = throw_decision(game)
    verdict = judge.compare(game, decision, True)
    words = judge.Words(
        "M103",
        f"{player}'s turn was one throw, and the double earned no other (reading {ONE_THROW}): "
        "no further roll",
        other=lambda _: (
            f"{player} throws again after a double: every turn is one throw and a double earns "
            f"no other (reading {ONE_THROW}); the throw is replayed as reading throw-again has "
            "it, a third double in a row sending the player to jail"
        ),
        show=lambda again: f"{ev.die1}-{ev.die2}" if again else None,
    )
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    if verdict.kind == judge.FOLLOWS:
        flow.again = True
    return True


def turn_passed(game: Game, player: str) -> None:
    """The turn passes with its last throw a double: under one-throw-a-turn that is the record
    agreeing (A80, at the double)."""
    flow = game.flow
    span = flow.double_span
    flow.double_span = None
    if span is None or not one_throw(game):
        return
    message = (
        f"{player} threw a double and the turn passed: every turn is one throw and a double "
        f"earns no other (reading {ONE_THROW}); reading throw-again would give {player} "
        "another throw"
    )

    def agree() -> None:
        game.ambiguous("CF-80", message, span, "DBL-01", follows=ONE_THROW)

    decision = throw_decision(game)
    verdict = judge.compare(game, decision, False)
    words = judge.Words("M102", message, agree=agree)
    judge.file(game, verdict, False, span, decision.rule, words)
