"""A table printed whole where it fits, else a narrower form of it: `FirstThatFits`.

Rich fits a table that is too wide by shrinking its columns, and a column that never wraps is
cut with an ellipsis: a settlement printed at 80 columns showed the winner's worth as "$4,…".
A report whose columns must be read whole (amounts, names) offers narrower tables that say
the same in fewer columns, their long cells wrapping, and the first that fits is printed.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table


def least_width(console: Console, options: ConsoleOptions, table: Table) -> int:
    """The least width `table` is drawn at with no column cut: a column that never wraps at
    its widest cell, heading included, and one that wraps at its longest word. (Rich's own
    measurement counts every column at its longest word, so a table it says fits may still be
    drawn wider than the width there is, and cut.)"""
    unbounded = options.update_width(10_000)  # a measurement is clipped to the width given
    least = Measurement.get(console, unbounded, table).minimum
    for column in table.columns:
        if not column.no_wrap:
            continue
        cells = [column.header, *column.cells]
        sizes = [Measurement.get(console, unbounded, cell) for cell in cells]
        least += max(m.maximum for m in sizes) - max(m.minimum for m in sizes)
    return least


class FirstThatFits:
    """The first of `tables` that fits the width there is (see `least_width`); the last one
    when none does."""

    def __init__(self, *tables: Table) -> None:
        self.tables = tables

    def chosen(self, console: Console, options: ConsoleOptions) -> Table:
        for table in self.tables[:-1]:
            if least_width(console, options, table) <= options.max_width:
                return table
        return self.tables[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(console, options))
