"""The words for a clause the replay cannot adopt, the same in every finding.

After reporting a mistake the replay follows what the record says happened. Where that is
impossible (a house on a railroad, buildings sold that are not on the site, a card the bank does
not have, a player who has left acting), the finding says so once, in the same words whatever
the event (`not replayed: <why>`), and only that clause is skipped: the rest of the line and the
later lines are replayed as written. Money the skipped clause writes still changes hands (the
record says it was paid), so the next cash count does not give the same mistake a second time.
"""

from __future__ import annotations

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
