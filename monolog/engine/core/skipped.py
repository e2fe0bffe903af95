"""The words for a clause the replay cannot adopt, the same in every finding.

After reporting a mistake the replay follows what the record says happened. Where that is
impossible (a house on a railroad, buildings sold that are not on the site, a card the bank does
not have, a player who has left acting), the finding says so once, in the same words whatever
the event (`not replayed: <why>`), and only that clause is skipped: the rest of the line and the
later lines are replayed as written. Money the skipped clause writes still changes hands (the
record says it was paid), so the next cash count does not give the same mistake a second time.
"""

from __future__ import annotations

from ...notation.events import Span
from .game import Game

NOT_REPLAYED = "not replayed"


def not_replayed(why: str) -> str:
    """`not replayed: why`, the tail of every finding whose clause is skipped."""
    return f"{NOT_REPLAYED}: {why}"


def money_words(game: Game, amount: int | None) -> str:
    """What a skipped clause's written amount becomes, for its finding's message ("" if none)."""
    if amount is None:
        return ""
    return f"; the {game.money(amount)} written changes hands as recorded"


def after_the_end(game: Game, span: Span) -> None:
    """M903: an event after the game ended. Every later one follows from the first (the table
    played on), so each is filed with the first as its cause and text prints that one alone."""
    _folded(
        game,
        "end",
        "M903",
        "the game is over: nothing more happens after it ends; "
        + not_replayed("the game has ended"),
        span,
        "WIN-01",
        None,
    )


def out_of_game(game: Game, player: str, span: Span, what: str) -> None:
    """M902: `player`, who has left the game, acts (`what`: "takes no turn", "can do nothing
    more"). Their later acts follow from the first (the table let them play on): folded."""
    _folded(
        game,
        f"out {player}",
        "M902",
        f"{player} is out of the game and {what}; "
        + not_replayed("a player who has left holds nothing and takes no more part"),
        span,
        "BKR-02",
        player,
    )


def _folded(
    game: Game,
    key: str,
    code: str,
    message: str,
    span: Span,
    rule: str,
    recorded: str | None,
) -> None:
    roots = game.skipped.roots
    root = roots.get(key)
    finding = game.emit(code, message, span, rule, recorded=recorded, caused_by=root)
    if root is None:
        roots[key] = finding
