"""A promise made in a deal (`deal Ann: Boardwalk, promise "no rent on the oranges for three
turns" | Ben: 300`).

A deal hands over deeds, cash and Get Out of Jail Free cards, nothing else: a promise of a
future act (rent let off, a later payment, a vote) binds nobody and may not be part of one
(DEAL-06). The promise is reported once, at its place on the line, and holds nothing for the
replay: the rest of the deal is carried out as written, and rent on the group is due as ever.
"""

from __future__ import annotations

from ...notation.events import DealItem, Span
from ..core.game import Game


def report_promise(game: Game, giver: str | None, item: DealItem, span: Span) -> None:
    """M719 at a promise in a deal."""
    who = giver or "the bank"
    game.emit(
        "M719",
        f'{who} promises "{item.text}" in a deal: a deal trades deeds, cash and Get Out of Jail '
        "Free cards only, and a promise of anything later is no part of it and binds nobody; "
        "the rest of the deal is replayed, the promise holds nothing",
        span,
        "DEAL-06",
        expected=None,
        recorded=item.text,
    )
