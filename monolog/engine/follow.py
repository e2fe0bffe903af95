"""Following the record where it goes on as if a rule's consequence did not happen.

The record is what happened at the table. When the rules send a player to jail (the Go to Jail
square, a Go to Jail card, a third double) and the record does not write `jail`, the replay
jails the player as the rules say, but only tentatively: if the player's next roll names the
square reached from where the player stood before the jailing, the table never jailed them.
That is reported once (M508), at the line that should have jailed them, naming what required
it, and the replay adopts the record: the player is out of jail, back on the square they stood
on, and the roll moves them from there. Every later line of that player is then judged as
played, instead of each being refused as the move of a jailed player.
"""

from __future__ import annotations

from typing import NamedTuple

from ..notation.events import Roll, Span
from .game import Game
from .names import squares_if_named

# per player, the jailing the record has not confirmed (no `jail` clause after it)
UNCONFIRMED = "follow.unconfirmed-jail"


class Jailing(NamedTuple):
    """A jailing the rules required and the record did not write."""

    span: Span
    cause: str
    square: int  # where the player stood before being moved to jail


def note_jailing(game: Game, player: str, span: Span, cause: str, square: int) -> None:
    """The rules jail `player` here (`cause`); the record has not said so yet."""
    if cause == "the record":
        confirm(game, player)
        return
    game.pending.setdefault(UNCONFIRMED, {})[player] = Jailing(span, cause, square)


def confirm(game: Game, player: str) -> None:
    """The record speaks of `player` in jail (`jail`, a fine, a jail card): the jailing stands."""
    unconfirmed: dict[str, Jailing] = game.pending.get(UNCONFIRMED, {})
    unconfirmed.pop(player, None)


def check_roll(game: Game, ev: Roll, player: str) -> bool:
    """At a jailed player's roll: did the table jail them at all? True when it did not.

    Only a roll that names its square speaks: if that square is the one reached from where the
    player stood before the jailing, and not the one reached from jail, the jailing is undone.
    """
    unconfirmed: dict[str, Jailing] = game.pending.get(UNCONFIRMED, {})
    jailing = unconfirmed.pop(player, None)
    p = game.state.player(player)
    if jailing is None or not p.in_jail or ev.square is None:
        return False
    named = {sq.index for sq in squares_if_named(game, ev.square)}
    board = len(game.edition.squares)
    from_before = (jailing.square + ev.total) % board
    from_jail = (p.position + ev.total) % board
    if from_before not in named or from_jail in named:
        return False
    game.emit(
        "M508",
        f"{jailing.cause} sends {player} to jail here, but the record goes on as if {player} "
        f"was not jailed: the roll on line {ev.span.line} moves {player} from "
        f"{game.name(jailing.square)}; replayed as recorded, with {player} out of jail",
        jailing.span,
        "JAIL-01",
        expected="jail",
        recorded=None,
        data={"player": player, "cause": jailing.cause, "line": ev.span.line},
    )
    p.in_jail = False
    p.jail_turns = 0
    p.position = jailing.square
    return True
