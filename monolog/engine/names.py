"""Names in the record resolved for the turn-flow handlers (squares, players, cards).

An unresolvable name is a record error (M900, with the resolver's message); the handler then
skips the event. The square, player and card resolvers of `holdings` are shared; this module adds
what turn flow needs on top: the actor of a clause, and every square a name may mean.
"""

from __future__ import annotations

from ..editions.errors import ResolveError
from ..editions.model import Card, Square
from ..notation.events import Action, Ref, Span
from .game import Game
from .holdings import UNKNOWN_NAME, resolve_card, resolve_player, resolve_square, resolver
from .obligations import flow_of

__all__ = [
    "actor_of",
    "card_of",
    "resolve_player",
    "resolve_square",
    "squares_if_named",
    "squares_named",
]

_KEY = "names.resolver"


def squares_named(game: Game, ref: Ref, span: Span) -> tuple[Square, ...] | None:
    """Every square `ref` may mean ("Chance" names three), or None after filing M900."""
    try:
        return resolver(game).squares(ref)
    except ResolveError as err:
        game.emit(UNKNOWN_NAME, str(err), ref.span if ref.span.line else span, None)
        return None


def squares_if_named(game: Game, ref: Ref) -> tuple[Square, ...]:
    """Every square `ref` may mean, or none when it names no square (nothing is filed)."""
    try:
        return resolver(game).squares(ref)
    except ResolveError:
        return ()


def card_of(game: Game, ref: Ref, span: Span) -> Card | None:
    """The card `ref` names, or None after filing M900."""
    card_id = resolve_card(game, ref, span)
    return game.edition.card(card_id) if card_id is not None else None


def actor_of(game: Game, ev: Action) -> str | None:
    """Who does an action: the named actor, else the player whose turn it is.

    None (after filing M900) when the name resolves to no player, or when no turn has begun and
    no actor is named.
    """
    if ev.actor is not None:
        return resolve_player(game, ev.actor, ev.span)
    flow = flow_of(game)
    if flow.turn_player is not None:
        return flow.turn_player
    if game.state.players:
        return game.state.current_player.name
    return None
