"""A table printed whole where it fits, else a narrower form of it: `FirstThatFits`.

Rich fits a table that is too wide by shrinking its columns, and a column that never wraps is
cut with an ellipsis: a settlement printed at 80 columns showed the winner's worth as "$4,…".
A report whose columns must be read whole (amounts, names) offers a narrower table that says
the same in fewer columns, its long cells wrapping, and the first that fits is printed.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table


class FirstThatFits:
    """The first of `tables` whose every column fits whole in the width there is, at its widest
    cell (its maximum measurement); the last one when none does."""

    def __init__(self, *tables: Table) -> None:
        self.tables = tables

    def chosen(self, console: Console, options: ConsoleOptions) -> Table:
        unbounded = options.update_width(10_000)  # a measurement is clipped to the width given
        for table in self.tables[:-1]:
            if Measurement.get(console, unbounded, table).maximum <= options.max_width:
                return table
        return self.tables[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.chosen(console, options))
