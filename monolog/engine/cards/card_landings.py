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

from ...notation.events import Span
from ..core import judge
from ..core.game import Game
from ..core.obligations import Draw, Lot
from .two_readings import choice_judged


def second_draw_decision(game: Game) -> judge.Decision:
    """CF-62: whether a card is drawn on the card square a card move reached (True under
    draw-again, False under no-second-draw)."""
    if game.ruling("CF-62") == "no-second-draw":
        other = judge.Alternative("CF-62", "draw-again", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "CARD-01", (other,))
    other = judge.Alternative("CF-62", "no-second-draw", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "CARD-01", (other,))


def auction_decision(game: Game) -> judge.Decision:
    """CF-67: whether a deed declined after a card move reached it goes to auction (True under
    auction, False under no-auction)."""
    if game.ruling("CF-67") == "no-auction":
        other = judge.Alternative("CF-67", "auction", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "BUY-03", (other,))
    other = judge.Alternative("CF-67", "no-auction", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "BUY-03", (other,))


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

    choice_judged(game, "CF-62", second_draw_decision(game), drawn, span, name)


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

    choice_judged(game, "CF-67", auction_decision(game), auctioned, span, name)
