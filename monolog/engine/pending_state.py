"""What the event handlers keep from one event to the next, one object per module that owns it.

Each handler module that waits for a later line (the record's choice on a disputed point, a
count that may show a slip, a set-up still being written) keeps what it waits with in its own
dataclass here, one typed field of `Game` each (game.py). This module imports no handler, so
`Game` can name every one of them without an import cycle. A replay's objects are its own: a
game copied (`copy.deepcopy`, pickling) copies them as deep as any other field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..notation.events import Event, Ignored, Span

# --------------------------------------------------------------------------- follow.py


class Jailing(NamedTuple):
    """A jailing the rules required and the record did not write."""

    span: Span
    cause: str
    square: int  # where the player stood before being moved to jail
    turn: int = 0  # the turn it happened in
    again: bool = False  # the player had another roll to come that turn (a double)


class RunPoint(NamedTuple):
    """The CF-10 point a roll raised under reading per-turn (the second double after the one
    that opened the cell), for a `jail` on that line to settle."""

    player: str
    span: Span  # the roll's
    handle: int | None  # the finding filed, to take back


class DoublePoint(NamedTuple):
    """A CF-04 or CF-05 point waiting for the record's play."""

    cf: str
    player: str
    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    rule: str
    again: str  # the reading under which the player throws again
    over: str  # the reading under which the turn passes


class EstatePoint(NamedTuple):
    """A CF-39 point: whether the record auctions the estate's deeds free of mortgage."""

    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    free: frozenset[int]  # the deeds of the estate that were not mortgaged, by square
    shown: bool = False  # the record auctioned one of them (filed again saying so)


class UnbidPoint(NamedTuple):
    """A CF-16 point waiting for the record's play."""

    square: int
    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    bought: str | None = None  # reading decliner-buys: the decliner the replay made buy it
    price: int = 0  # and at what


class FineAhead(NamedTuple):
    """A CF-02 point waiting to see when the record pays the fine."""

    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    turn: int  # the turn of the failed roll


@dataclass(slots=True)
class FollowState:
    """What follow.py waits with: consequences of the rules the record has not yet confirmed,
    and disputed points raised before the record showed its play."""

    # a replay under another reading than the record's (`monolog dispute`'s alternative side)
    counterfactual: bool = False
    # per player, the jailing the record has not confirmed (no `jail` clause after it)
    unconfirmed: dict[str, Jailing] = field(default_factory=dict)
    run_point: RunPoint | None = None  # CF-10
    jail_double: DoublePoint | None = None  # CF-04, CF-05
    estate_point: EstatePoint | None = None  # CF-39
    unbid: dict[int, UnbidPoint] = field(default_factory=dict)  # CF-16, by square
    fine_ahead: dict[str, FineAhead] = field(default_factory=dict)  # CF-02, by player
    # the `ignored` clause that follows the event being replayed, while that event is replayed
    ignoring: Ignored | None = None
    # the `ignored` clauses (by id) whose event was found to have a consequence left undone
    taken: set[int] = field(default_factory=set)
    # the event that follows the one being replayed, while that one is replayed
    next: Event | None = None
