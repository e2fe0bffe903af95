"""A replay observer with an `only` tuple of event classes is told of those events alone, each
with the state after it (the audit's observer of players leaving is one)."""

from __future__ import annotations

from typing import Any

from monolog.engine import replay
from monolog.notation.events import Bankrupt, Resign
from monolog.notation.parser import parse_text

RECORD = """\
[Players "Ann, Ben, Cal"]
1. Ann 2-4 Oriental Avenue buy 100
Ben resign
2. Cal 3-4 Chance
Ann bankrupt to Cal
"""


class _Leaving:
    only = (Bankrupt, Resign)

    def __init__(self) -> None:
        self.told: list[tuple[str, int, list[str]]] = []

    def __call__(self, event: Any, state: Any) -> None:
        out = [p.name for p in state.players if p.bankrupt or p.resigned]
        self.told.append((type(event).__name__, event.span.line, out))


def test_an_observer_with_only_is_told_of_those_events_alone() -> None:
    watch = _Leaving()
    replay(parse_text(RECORD, "x.mlog"), file="x.mlog", observer=watch)
    assert watch.told == [("Resign", 3, ["Ben"]), ("Bankrupt", 5, ["Ann", "Ben"])]
