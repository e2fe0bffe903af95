"""A point of two readings whose figure is whether a step happens (a card drawn, a deed
auctioned, a deck reshuffled, a card out of the deck's order), judged through judge.py: the one
A code of the record's choice, given the point's decision. Both choices are a reading's, so no
M code falls; where the edition's text settles the point, `Game.ambiguous` turns a departure
into M990."""

from __future__ import annotations

from collections.abc import Callable

from ...notation.events import Span
from ..core import judge
from ..core.game import Game


def choice_judged(
    game: Game,
    cf: str,
    decision: judge.Decision,
    done: bool,
    span: Span,
    name: Callable[[str], None],
) -> None:
    """The record's choice (`done`) on point `cf` judged: the one A code (`name(reading)`),
    agreeing or naming the reading it follows (also in a replay measuring the reading in force,
    where the point arises). Every choice is one reading's, so the M code of `Words` never falls
    (a caller whose settled point lists no other reading handles a breach first)."""
    verdict = judge.compare_arising(game, decision, done)
    if verdict.kind == judge.AGREES:
        # what `judge.file` does with the words' `agree`, without the words and two closures
        # made for it: most points (1,147 over run.py's 200 games; benchmarks/README.md)
        name(game.ruling(cf))
        return

    def other(alt: judge.Alternative) -> None:
        name(alt.reading)  # named here with the record's choice

    # both choices are a reading's, so no verdict breaks every reading: the code is never filed
    words = judge.Words("M990", "", other=other, agree=lambda: name(game.ruling(cf)))
    judge.file(game, verdict, done, span, decision.rule, words)
