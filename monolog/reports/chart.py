"""Worth over time: each player's worth at the end of every turn, drawn as a small chart.

Worth is counted as in the settlement (engine/money/worth.py): cash, deeds at their printed price
(half when mortgaged), buildings at cost. The chart is text: one sparkline per player on a
scale shared by all players, so the lines compare, and each player's last worth and peak.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from .game import Game

BLOCKS = "▁▂▃▄▅▆▇█"
MAX_POINTS = 60
PLAYER_STYLES = ("green", "magenta", "blue", "yellow", "cyan", "red", "bright_green", "white")


@dataclass(frozen=True, slots=True)
class WorthSeries:
    """`turns[i]` is a turn number; `worth[name][i]` the player's worth at its end."""

    turns: Sequence[int]
    worth: dict[str, Sequence[int]]


def worth_series(game: Game) -> WorthSeries:
    """Each player's worth after every turn, turn 0 being the opening position: from the
    moments, or from the trail the ledger kept instead of them (reports/trail.py)."""
    names = game.players
    if game.trail is not None and not game.moments:
        turns, worths = game.trail.worth_by_turn(game.edition.rules.starting_cash)
        return WorthSeries(turns, worths)
    opening = {p: game.edition.rules.starting_cash for p in names}
    last: dict[int, dict[str, int]] = {0: opening}  # setup lines (turn 0) replace it
    for m in game.moments:
        last[m.turn] = m.worth
    turns = sorted(last)
    return WorthSeries(turns, {n: [last[t].get(n, 0) for t in turns] for n in names})


def sample(values: Sequence[int], points: int) -> list[int]:
    """At most `points` values: the value at the end of each of `points` equal stretches."""
    if len(values) <= points:
        return list(values)
    out = []
    for i in range(points):
        end = (i + 1) * len(values) // points - 1
        out.append(values[end])
    return out


def sparkline(values: Sequence[int], top: int) -> str:
    """One block per value, scaled from 0 to `top`."""
    if top <= 0:
        return BLOCKS[0] * len(values)
    steps = len(BLOCKS) - 1
    return "".join(BLOCKS[max(0, min(steps, round(v * steps / top)))] for v in values)


def render_chart(
    game: Game, series: WorthSeries, players: list[str] | None = None, points: int = MAX_POINTS
) -> list[RenderableType]:
    """A heading and one line per player: name, sparkline, last worth and peak."""

    names = players or list(series.worth)
    top = max((max(series.worth[n], default=0) for n in names), default=0)
    first, last = series.turns[0], series.turns[-1]
    heading = Text(f"Worth over time, turns {first}-{last} (shared scale, top {game.money(top)})")
    heading.stylize("bold")
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(no_wrap=True)
    for name in names:
        values = series.worth[name]
        style = PLAYER_STYLES[game.players.index(name) % len(PLAYER_STYLES)]
        peak = max(values, default=0)
        peak_turn = series.turns[values.index(peak)] if values else 0
        table.add_row(
            name,
            Text(sparkline(sample(values, points), top), style=style),
            game.money(values[-1] if values else 0),
            Text(f"peak {game.money(peak)} at turn {peak_turn}", style="dim"),
        )
    return [heading, table]
