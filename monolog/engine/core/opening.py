"""What the start of a game reads from the whole record, taken from its pieces.

`replay.begin` reads the header and, where the record has no Players tag or its variant deals
deeds before play, more than the header: the seating is then the order in which names first
appear on setup and turn lines, anywhere in the record, and the opening deal is checked against
every setup line. A long record read a piece at a time (notation/chunks.py) is therefore read
twice: once through `opening_events`, which keeps only those events, then again for the replay.
Parsing twice costs time; holding every event of a long game costs memory without bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...notation import events as E


def opening_events(pieces: Iterable[Sequence[E.Event]]) -> list[E.Event]:
    """The events `begin` needs, in record order: the first piece whole (it holds the header),
    then from the pieces after it every setup line and each turn line naming a player no
    setup or turn line named before. `begin` given these reads what it reads from the whole."""
    iterator = iter(pieces)
    kept: list[E.Event] = list(next(iterator, ()))
    named = {_named(ev) for ev in kept} - {None}
    for piece in iterator:
        for ev in piece:
            if isinstance(ev, (E.SetupPlayer, E.SetupBank)):
                kept.append(ev)
                named.add(_named(ev))
            elif isinstance(ev, E.TurnStart) and (name := _named(ev)) and name not in named:
                kept.append(ev)
                named.add(name)
    return kept


def _named(ev: E.Event) -> str | None:
    """The player a setup or turn line names (`replay._players` reads the same)."""
    if isinstance(ev, (E.SetupPlayer, E.TurnStart)) and ev.player is not None:
        return ev.player.text
    return None
