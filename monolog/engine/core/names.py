"""Names in the record resolved for the turn-flow handlers (squares, players, cards).

An unresolvable name is a record error (M900, with the resolver's message); the handler then
skips the event. The square, player and card resolvers of `holdings` are shared; this module adds
what turn flow needs on top: the actor of a clause, and every square a name may mean.
"""

from __future__ import annotations

from ...editions.errors import ResolveError
from ...editions.model import Card, Square
from ...notation.events import Action, Ref, Span
from ..building.holdings import UNKNOWN_NAME, resolve_card, resolve_player, resolve_square, resolver
from .game import Game

__all__ = [
    "actor_of",
    "card_of",
    "nearest_of",
    "resolve_player",
    "resolve_square",
    "shown",
    "squares_if_named",
    "squares_named",
]

_KEY = "names.resolver"


def squares_named(game: Game, ref: Ref, span: Span) -> tuple[Square, ...] | None:
    """Every square `ref` may mean ("Chance" names three), or None after filing M900."""
    try:
        names = resolver(game)
        # a name found before (nearly every one): read without `Resolver.squares`'s call
        return names.squares_found.get((ref.kind, ref.text)) or names.squares(ref)
    except ResolveError as err:
        game.emit(UNKNOWN_NAME, str(err), ref.span if ref.span.line else span, None)
        return None


def nearest_of(game: Game, found: tuple[Square, ...], to: int) -> Square:
    """Of the squares a shared name means ("Chance"), the one fewest squares from `to` either
    way (the first on the board on a tie): where the dice or the card would have put the
    token, a miscount or a misread die lands nearest."""
    size = len(game.edition.squares)
    return min(found, key=lambda s: (min((s.index - to) % size, (to - s.index) % size), s.index))


def shown(game: Game, square: Square) -> str:
    """A square's name, with its number when other squares share the name ("Chance (#22)")."""
    if sum(1 for s in game.edition.squares if s.name == square.name) > 1:
        return f"{square.name} (#{square.index})"
    return square.name


def squares_if_named(game: Game, ref: Ref) -> tuple[Square, ...]:
    """Every square `ref` may mean, or none when it names no square (nothing is filed)."""
    try:
        return resolver(game).squares(ref)
    except ResolveError:
        return ()


def card_of(game: Game, ref: Ref, span: Span, deck: str | None = None) -> Card | None:
    """The card `ref` names, or None after filing M900.

    `deck` is the deck the player draws from, when one is known: a title two decks share (Get
    Out of Jail Free, Go to Jail) then names the card of that deck. A reference that names no
    card of it is looked up in every deck, so that a card of the other deck is still found
    (and reported as drawn from the wrong deck)."""
    if deck is not None:
        try:
            return resolver(game).card(ref, deck)
        except ResolveError:
            pass
    card_id = resolve_card(game, ref, span)
    return game.edition.card(card_id) if card_id is not None else None


def actor_of(game: Game, ev: Action) -> str | None:
    """Who does an action: the named actor, else the player whose turn it is.

    None (after filing M900) when the name resolves to no player, or when no turn has begun and
    no actor is named.
    """
    if ev.actor is not None:
        return resolve_player(game, ev.actor, ev.span)
    turn_player = game.flow.turn_player  # (not `flow_of`: 184,000 calls over 200 games)
    if turn_player is not None:
        return turn_player
    if game.state.players:
        return game.state.current_player.name
    return None
