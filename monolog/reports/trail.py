"""What the ledger reads of a replay, kept small: where the bank's building stock changed, the
turn in play at each line, and each turn's last worths.

The ledger shows the bank's stock where it changes, each finding with the turn in play at its
line, and (with `--chart` or an export) each player's worth at the end of every turn. It read
these from a moment (a snapshot of the whole table and the worths) kept after every event: a
256 KiB game of bare rolls took 486 MiB that way (benchmarks/README.md). A `Trail` is told of
each event in turn, by the replay's observer or from a game's moments, and keeps only those:
a few numbers per change of stock, per line and per turn, in arrays. The ledger drawn from it
is the same, row for row (tests/test_ledger_trail.py).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StockChange:
    """The bank's building stock after an event where it changed."""

    line: int
    column: int
    turn: int
    houses: int
    hotels: int


class Trail:
    """The events of a replay as the ledger reads them, told one at a time through `add`.

    `worths`: whether each turn's last worths are kept (for the worth chart); `names` are the
    players in seating order, as the worths are counted (the seating never changes in a game).
    """

    def __init__(self, names: Sequence[str], worths: bool = True) -> None:
        self.names = list(names)
        self.worths = worths
        self.stock: list[StockChange] = []
        self._last_stock: tuple[int, int] | None = None
        # the turn after the last event of each line that has an event (lines in order)
        self._lines = array("q")
        self._turns = array("q")
        # each run of events in one turn: its turn and the worths after its last event
        self._worth_turns = array("q")
        self._worth = [array("q") for _ in self.names]
        self._run_turn: int | None = None
        self._run_worth: dict[str, int] = {}
        self.last_turn = 0  # the turn of the last event (0 before any)

    def add(
        self,
        line: int,
        column: int,
        turn: int,
        stock: tuple[int, int],
        worth: dict[str, int] | None = None,
    ) -> None:
        """One event: where it starts, the turn after it, the bank's (houses, hotels) after
        it, and each player's worth after it (needed only when `worths`)."""
        if stock != self._last_stock:  # an event leaving the stock as it was is never a row
            self.stock.append(StockChange(line, column, turn, *stock))
            self._last_stock = stock
        if self._lines and self._lines[-1] == line:
            self._turns[-1] = turn
        else:
            self._lines.append(line)
            self._turns.append(turn)
        self.last_turn = turn
        if self.worths:
            if turn != self._run_turn:
                self._close_run()
                self._run_turn = turn
            self._run_worth = worth or {}

    def _close_run(self) -> None:
        if self._run_turn is None:
            return
        self._worth_turns.append(self._run_turn)
        for name, values in zip(self.names, self._worth, strict=True):
            values.append(self._run_worth.get(name, 0))

    def turn_at_line(self, line: int) -> int:
        """The turn in play at `line`: that of the last event on or before it (0 before any).
        The events come in the order of their lines, so the lines kept are in order."""
        at = bisect_right(self._lines, line)
        return self._turns[at - 1] if at else 0

    def worth_by_turn(self, opening: int) -> tuple[Sequence[int], dict[str, Sequence[int]]]:
        """The turns (0, the opening position, first) and each player's worth at the end of
        each: as `reports/chart.py` counts it from the moments, a turn's last event giving its
        worths and `opening` the worth of all before any (setup lines, turn 0, replace it)."""
        self._close_run()
        self._run_turn = None
        turns, worth = self._worth_turns, self._worth
        if all(turns[k] < turns[k + 1] for k in range(len(turns) - 1)):
            if turns and turns[0] == 0:
                return turns, dict(zip(self.names, worth, strict=True))
            out_turns = array("q", [0]) + turns
            return out_turns, {
                n: array("q", [opening]) + w for n, w in zip(self.names, worth, strict=True)
            }
        # turns out of order (a record that goes back): the last worths of each turn, sorted
        last: dict[int, list[int]] = {0: [opening] * len(self.names)}
        for k, t in enumerate(turns):
            last[t] = [w[k] for w in worth]
        order = sorted(last)
        return order, {n: [last[t][i] for t in order] for i, n in enumerate(self.names)}
