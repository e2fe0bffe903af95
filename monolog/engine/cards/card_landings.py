"""Squares reached by a card move whose dealing is disputed: a second card (CF-62) and a deed
declined (CF-67).

A card move ends on a square as a throw does, and the engine deals with the square the same way
(the readings in force by default). Whether the table did is known only from what the record
writes next, so the reading is named then: at the card drawn or the auction written, or when the
step closes without them. The record's choice is replayed either way; the A code says whether it
agrees with the reading in force. Each is judged through judge.py: `second_draw_decision` and
`auction_decision` say what each reading does (a `Choice`), and every choice the record can
make is one reading's, so no M code falls.
"""

from __future__ import annotations

from collections.abc import Callable

from ...notation.events import Span
from ..core import judge
from ..core.game import Game
from ..core.obligations import Draw, Lot


def _choice_decision(game: Game, cf: str, yes: str, no: str, rule: str) -> judge.Decision:
    """A two-reading point whose figure is whether the step happens (`yes` does it, `no` not)."""
    reading = game.ruling(cf)
    other = no if reading == yes else yes
    return judge.Decision(
        judge.Choice(reading == yes),
        rule,
        (judge.Alternative(cf, other, judge.Choice(other == yes)),),
    )


def second_draw_decision(game: Game) -> judge.Decision:
    """CF-62: whether a card is drawn on the card square a card move reached (True under
    draw-again, False under no-second-draw)."""
    return _choice_decision(game, "CF-62", "draw-again", "no-second-draw", "CARD-01")


def auction_decision(game: Game) -> judge.Decision:
    """CF-67: whether a deed declined after a card move reached it goes to auction (True under
    auction, False under no-auction)."""
    return _choice_decision(game, "CF-67", "auction", "no-auction", "BUY-03")


def _named(
    game: Game, decision: judge.Decision, done: bool, span: Span, name: Callable[[str], None]
) -> None:
    """The record's choice (`done`) judged: the one A code (`name(reading)`), agreeing or naming
    the reading it follows (also in a replay measuring the reading in force, where the point
    arises). Every choice is one reading's, so the M code of `Words` never falls."""
    verdict = judge.arising(game, decision, judge.compare(game, decision, done), done)
    cf = decision.others[0].cf

    def other(alt: judge.Alternative) -> None:
        name(alt.reading)  # named here with the record's choice

    # both choices are a reading's, so no verdict breaks every reading: the code is never filed
    words = judge.Words("M990", "", other=other, agree=lambda: name(game.ruling(cf)))
    judge.file(game, verdict, done, span, decision.rule, words)


def second_draw_note(game: Game, draw: Draw, span: Span, *, drawn: bool) -> None:
    """CF-62: a card moved the token onto a card square; the record drew there (the finding is
    at the card drawn, `span`) or did not (at the card move)."""
    reading = game.ruling("CF-62")
    square = game.name(draw.square)
    deck = game.edition.decks[draw.deck].name
    if reading == "no-second-draw":
        message = (
            f"{draw.player} reached {square} by {draw.moved_by}: one card a landing, so nothing "
            f"is drawn there (reading {reading}); reading draw-again would draw a {deck} card"
        )
    else:
        message = (
            f"{draw.player} reached {square} by {draw.moved_by}, which is dealt with like any "
            f"landing: a {deck} card is drawn (reading {reading}); reading no-second-draw draws "
            "nothing there"
        )

    def name(follows: str) -> None:
        game.ambiguous("CF-62", message, span, "CARD-01", follows=follows)

    _named(game, second_draw_decision(game), drawn, span, name)


def declined_after_card_note(game: Game, lot: Lot, span: Span, *, auctioned: bool) -> None:
    """CF-67: a deed reached by a card move was declined; the record auctioned it (the finding
    is at the auction, `span`) or did not (at the card move)."""
    reading = game.ruling("CF-67")
    deed = game.name(lot.square)
    if reading == "no-auction":
        message = (
            f"{lot.lander} declined {deed}, reached by {lot.moved_by}: the card only offered it, "
            f"so it stays with the {game.edition.word('bank')} (reading {reading}); reading "
            "auction would auction it"
        )
    else:
        message = (
            f"{lot.lander} declined {deed}, reached by {lot.moved_by}: a card move is a landing, "
            f"so the deed goes to auction (reading {reading}); reading no-auction would leave it "
            f"with the {game.edition.word('bank')}"
        )

    def name(follows: str) -> None:
        game.ambiguous("CF-67", message, span, "BUY-03", follows=follows)

    _named(game, auction_decision(game), auctioned, span, name)
