"""Standings as a table on the terminal, as JSON and as CSV (the table itself: standings.py)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..visible import visible
from .fitted import FirstThatFits
from .standings import (
    JSON_SCHEMA,
    TIEBREAKS,
    UNFINISHED_MARK,
    VIOLATION_MARK,
    Entry,
    GameResult,
    Placing,
    Standings,
    describe_scheme,
    format_points,
    points_json,
)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _place_text(e: Entry) -> str:
    return f"{e.place}=" if e.shared else str(e.place)


def _game_words(g: GameResult, several: bool) -> str:
    """A game in one cell of a narrow table: "Open r1 t2 games/a.mlog"."""
    parts = [g.event] if several and g.event else []
    if g.round:
        parts.append(f"r{g.round}")
    if g.table:
        parts.append(f"t{g.table}")
    return " ".join([*parts, g.file])


def _game_place(p: Placing) -> str:
    return f"{p.place}=" if p.shared_by > 1 else str(p.place)


def _events(s: Standings) -> list[str]:
    return sorted({g.event for g in s.games if g.event}, key=str.casefold)


def render_standings(s: Standings, details: bool = False) -> list[RenderableType]:
    """The standings as Rich renderables: heading, table, games, notes, unreadable records."""

    events = _events(s)
    heading = Text("Standings" + (f": {' + '.join(events)}" if events else ""), style="bold")
    counted = s.counted
    n_games = len(counted)
    sub = Text(
        f"{n_games} game{'s' if n_games != 1 else ''} counted · {len(s.entries)} "
        f"player{'s' if len(s.entries) != 1 else ''}",
        style="dim",
    )
    scheme = Text(
        f"Points by place: {describe_scheme(s.scheme)}; players sharing a place share its points.",
        style="dim",
    )
    several = len(events) > 1
    out: list[RenderableType] = [heading, sub, scheme]
    out.append(_players_table(s))
    out.append(
        Text(
            "Ties on points are broken by total final worth, then by wins, then by name.",
            style="dim",
        )
    )
    if details:
        out.append(Text("Per game", style="bold"))
        out.append(_details_table(s, several))
    if s.games:
        out.append(Text("Games: the player in each place, with the points", style="bold"))
        out.append(_games_table(s, several))
    out.extend(_closing(s))
    return out


def _table() -> Table:
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)


def _players_table(s: Standings) -> FirstThatFits:
    """A row per player in order, in the first of three forms that fits."""
    table = _table()
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Points", justify="right", no_wrap=True)
    table.add_column("Worth", justify="right", no_wrap=True)
    table.add_column("Wins", justify="right", no_wrap=True)
    table.add_column("Games", justify="right", no_wrap=True)
    table.add_column("Played (place)", overflow="fold")
    # narrower forms, where those columns do not fit whole: the rest of a row wrapped in one
    # column, then each row written out (reports/fitted.py)
    narrow = _table()
    narrow.add_column("#", justify="right", no_wrap=True)
    narrow.add_column("Player", no_wrap=True)
    narrow.add_column("Points", justify="right", no_wrap=True)
    narrow.add_column("Worth, wins, games, played (place)", overflow="fold", min_width=8)
    lines = _table()
    lines.add_column("Players in order", overflow="fold")
    for e in s.entries:
        played = ", ".join(f"{g.label}: {_game_place(p)}{g.marks}" for g, p in e.games)
        name = Text(visible(e.name), style="bold" if e.place == 1 else "")
        table.add_row(
            _place_text(e),
            name,
            format_points(e.points),
            s.money(e.worth),
            str(e.wins),
            str(e.played),
            played,
        )
        wins = f"{e.wins} win{'s' if e.wins != 1 else ''}"
        counted_games = f"{e.played} game{'s' if e.played != 1 else ''}"
        rest = f"worth {s.money(e.worth)}, {wins}, {counted_games}: {played}"
        narrow.add_row(_place_text(e), name, format_points(e.points), rest)
        points = f"{format_points(e.points)} point{'' if e.points == 1 else 's'}"
        written = Text(f"{_place_text(e)}. ")
        written.append_text(name)
        written.append(f", {points}, {rest}")
        lines.add_row(written)
    return FirstThatFits(table, narrow, lines)


def _details_table(s: Standings, several: bool) -> FirstThatFits:
    """Each player's games, one a row (`--details`), or each written out beside the player."""
    detail = _table()
    columns = [("Player", "left"), ("Event", "left")] if several else [("Player", "left")]
    for title, justify in (
        *columns,
        ("Round", "right"),
        ("Table", "right"),
        ("File", "left"),
        ("Place", "right"),
        ("Points", "right"),
        ("Worth", "right"),
        ("", "left"),
    ):
        if title in ("File", ""):
            detail.add_column(title, overflow="fold", min_width=12 if title else 4)
        else:
            detail.add_column(title, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    # narrower: each game written out beside the player
    narrow_detail = _table()
    narrow_detail.add_column("Player", overflow="fold", min_width=4)
    narrow_detail.add_column("Game: place, points, worth", overflow="fold", min_width=8)
    for e in s.entries:
        for i, (g, p) in enumerate(e.games):
            first = [e.name if i == 0 else "", g.event] if several else [e.name if i == 0 else ""]
            detail.add_row(
                *first,
                g.round,
                g.table,
                g.file,
                _game_place(p),
                format_points(p.points),
                s.money(p.worth),
                _game_notes(g, p),
                end_section=i == len(e.games) - 1,
            )
            notes = _game_notes(g, p)
            narrow_detail.add_row(
                e.name if i == 0 else "",
                f"{_game_words(g, several)}: place {_game_place(p)}, "
                f"{format_points(p.points)} points, worth {s.money(p.worth)}"
                + (f"; {notes}" if notes else ""),
                end_section=i == len(e.games) - 1,
            )
    return FirstThatFits(detail, narrow_detail)


def _games_table(s: Standings, several: bool) -> FirstThatFits:
    """A row per game: the player in each place, with the points."""
    games = _table()
    noted = any(_game_notes(g, None) for g in s.games)
    if several:
        games.add_column("Event", no_wrap=True)
    games.add_column("Round", justify="right", no_wrap=True)
    games.add_column("Table", justify="right", no_wrap=True)
    games.add_column("File", overflow="fold", min_width=12)
    width = max(len(g.placings) for g in s.games)
    for place in range(1, width + 1):
        games.add_column(ordinal(place), no_wrap=True)
    if noted:
        games.add_column("Notes")
    narrow_games = _table()
    narrow_games.add_column("Game", overflow="fold", min_width=8)
    narrow_games.add_column("Places, with the points", overflow="fold", min_width=8)
    for g in s.games:
        cells = [f"{visible(p.name)} {format_points(p.points)}" for p in g.placings]
        notes = _game_notes(g, None)
        placed = ", ".join(f"{ordinal(k)} {cell}" for k, cell in enumerate(cells, start=1)) + (
            f"; {notes}" if notes else ""
        )
        cells += [""] * (width - len(cells))
        row = [g.event] if several else []
        row += [g.round, g.table, g.file, *cells]
        games.add_row(*row, *([notes] if noted else []))
        narrow_games.add_row(_game_words(g, several), placed)
    return FirstThatFits(games, narrow_games)


def _closing(s: Standings) -> list[RenderableType]:
    """What the marks mean, the notes, and the heading of the records not counted."""
    out: list[RenderableType] = []
    legend = []
    if any(not g.finished for g in s.games):
        legend.append(
            f"{UNFINISHED_MARK} unfinished: the record stops before the game ends; "
            "placed by worth at the end"
        )
    if any(g.violations for g in s.games):
        legend.append(f"{VIOLATION_MARK} the game has rule violations (monolog audit lists them)")
    for line in legend:
        out.append(Text(line, style="dim"))
    for note in s.notes:
        out.append(Text(f"Note: {note}", style="yellow"))
    if s.unreadable:
        out.append(Text("Not counted: records that cannot be read", style="bold red"))
    return out


def unreadable_lines(s: Standings) -> list[str]:
    """The records that cannot be read, one located line each; printed after the table as
    plain lines, never wrapped, so each stays whole for grep and editors."""
    return [f"  {u.message}" for u in s.unreadable]


def _game_notes(g: GameResult, p: Placing | None) -> str:
    notes = []
    if p is not None:
        if p.won:
            notes.append("won")
        elif p.status != "in":
            notes.append(p.status)
    if not g.finished:
        notes.append(f"unfinished {UNFINISHED_MARK}")
    if g.violations:
        notes.append(f"{g.violations} violation{'s' if g.violations != 1 else ''} {VIOLATION_MARK}")
    if g.excluded:
        notes.append("left out (--strict)")
    if g.result_disagrees:
        notes.append("Result tag disagrees (W101)")
    return ", ".join(notes)


def _placing_data(g: GameResult, p: Placing) -> dict[str, Any]:
    return {
        "file": g.file,
        "event": g.event,
        "round": g.round,
        "table": g.table,
        "place": p.place,
        "shared_by": p.shared_by,
        "points": points_json(p.points),
        "worth": p.worth,
        "won": p.won,
        "status": p.status,
        "finished": g.finished,
        "violations": g.violations,
    }


def to_data(s: Standings) -> dict[str, Any]:
    """The standings as JSON-ready data; `schema` versions the shape."""
    return {
        "schema": JSON_SCHEMA,
        "report": "standings",
        "points": [points_json(p) for p in s.scheme],
        "tiebreaks": list(TIEBREAKS),
        "strict": s.strict,
        "currency": s.currency,
        "standings": [
            {
                "place": e.place,
                "shared": e.shared,
                "player": e.name,
                "points": points_json(e.points),
                "worth": e.worth,
                "wins": e.wins,
                "games": e.played,
                "played": [_placing_data(g, p) for g, p in e.games],
            }
            for e in s.entries
        ],
        "games": [
            {
                "file": g.file,
                "event": g.event,
                "round": g.round,
                "table": g.table,
                "finished": g.finished,
                "violations": g.violations,
                "excluded": g.excluded,
                "result_disagrees": g.result_disagrees,
                "placings": [
                    {
                        "player": p.name,
                        "place": p.place,
                        "shared_by": p.shared_by,
                        "points": points_json(p.points),
                        "worth": p.worth,
                        "won": p.won,
                        "status": p.status,
                    }
                    for p in g.placings
                ],
            }
            for g in s.games
        ],
        "notes": list(s.notes),
        "unreadable": [{"file": u.file, "message": u.message} for u in s.unreadable],
    }


def to_json(s: Standings) -> str:
    return json.dumps(to_data(s), indent=2, ensure_ascii=False) + "\n"


# a cell a spreadsheet would run as a formula (or, after a tab or CR, take apart)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """A CSV cell of text from a record (a name, an event, a file): one that starts like a
    formula gets a leading apostrophe, which spreadsheets show as text and do not run."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def to_csv(s: Standings, details: bool = False) -> str:
    """One row per player; with `details`, one row per player and game.

    Places are numbers; `shared` is 1 when the place is shared, `game_shared_by` the number of
    players sharing the place in that game. Text cells are guarded against formula injection
    (`text_cell`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    head = ["place", "shared", "player", "points", "worth", "wins", "games"]
    if details:
        game_head = ["event", "round", "table", "file", "game_place", "game_shared_by"]
        game_head += ["game_points", "game_worth", "won", "finished", "violations"]
        writer.writerow([*head, *game_head])
    else:
        writer.writerow([*head, "files"])
    for e in s.entries:
        name = text_cell(e.name)
        row = [e.place, int(e.shared), name, format_points(e.points), e.worth, e.wins, e.played]
        if not details:
            writer.writerow([*row, text_cell("; ".join(g.file for g, _ in e.games))])
            continue
        for g, p in e.games:
            written = [text_cell(t) for t in (g.event, g.round, g.table, g.file)]
            game = [*written, p.place, p.shared_by]
            result = [format_points(p.points), p.worth, int(p.won), int(g.finished), g.violations]
            writer.writerow([*row, *game, *result])
    return buffer.getvalue()
