"""The readings a program declares it plays (an edition file's `engine` section), as a game's
report names them: each declared point with the times the game played it and its first line.

Every output format names them in the game's summary, whatever the settings' or the options'
codes leave out, so a record that picks a profile cannot hide what it departs from.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..visible import visible


@dataclass(frozen=True, slots=True)
class Declared:
    """One point a program declares: `engine` its name, `cf` and `reading` what it plays,
    `count` how many times the game played it, `line` the first place (None when never)."""

    engine: str
    cf: str
    reading: str
    count: int
    line: int | None = None

    def words(self) -> str:
        """`CF-80 one-throw-a-turn 27 times (first at line 87)` or `... not played`."""
        head = f"{self.cf} {self.reading}"
        if not self.count:
            return f"{head} not played"
        times = "once" if self.count == 1 else f"{self.count} times"
        return f"{head} {times} (first at line {self.line})"

    def to_data(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "cf": self.cf,
            "reading": self.reading,
            "count": self.count,
            "line": self.line,
        }


def declared_words(declared: Iterable[Declared]) -> str | None:
    """The summary's words for a game's declared points (None when there are none):
    `engine gnome 0.0.9 declares CF-63 at-mortgage-value 19 times (first at line 40), ...`,
    the name shown as `visible` shows names."""
    items = list(declared)
    if not items:
        return None
    engines = dict.fromkeys(d.engine for d in items)
    name = visible(", ".join(engines))
    return f"engine {name} declares " + ", ".join(d.words() for d in items)


# a run's declared points: (engine, point, reading) -> [times played, games that declared it]
Totals = dict[tuple[str, str, str], list[int]]


def add_totals(totals: Totals, declared: Iterable[Declared]) -> None:
    """One game's declared points added to a run's totals."""
    for d in declared:
        total = totals.setdefault((d.engine, d.cf, d.reading), [0, 0])
        total[0] += d.count
        total[1] += 1


def declared_data(declared: Iterable[Declared]) -> list[dict[str, Any]]:
    """The declared points as JSON data, in the order the profile names them."""
    return [d.to_data() for d in declared]
