"""`monolog parse FILE...`: show the events a record holds."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING

import typer

from ..colour import console_options
from ..findings.model import shown_name
from ..notation import ParseError, parse_file
from ..notation.events import SCHEMA_VERSION, TRIVIA, Event, to_data
from ..notation.formatter import FormatError, format_clause
from ..visible import guard
from ._common import EXIT_CLEAN, EXIT_UNREADABLE, expand_paths, print_error

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def register(app: typer.Typer) -> None:
    app.command("parse")(parse)


def _details(event: Event) -> str:
    """The event's canonical clause text, as `monolog fmt` writes it (without the actor)."""

    try:
        return format_clause(event)
    except FormatError as exc:  # pragma: no cover - parsed events are always writable
        return f"<{exc}>"


def parse(
    files: list[str] = typer.Argument(..., metavar="FILE", help="Record files (.mlog) or folders."),
    as_json: bool = typer.Option(False, "--json", help="JSON lines, one event a line."),
    trivia: bool = typer.Option(False, "--trivia", help="Include comments and blank lines."),
) -> None:
    """Parse records and print their events (a table, or JSON lines with --json)."""

    status = EXIT_CLEAN
    console: Console | None = None
    for name in expand_paths(files):
        try:
            events = parse_file(name)
        except ParseError as exc:
            print_error(exc.render())
            status = EXIT_UNREADABLE
            continue
        if not trivia:
            events = [e for e in events if not isinstance(e, TRIVIA)]
        if as_json:
            out = []
            for e in events:
                data = to_data(e)
                out.append(
                    json.dumps({"schema": SCHEMA_VERSION, "file": name, **data}, ensure_ascii=False)
                )
            if out:
                typer.echo("\n".join(out))
            continue
        console = console or _console()
        table = _table(name, events)
        if console.is_terminal:
            console.print(table)
        else:  # piped: no padding at the ends of lines, so the text diffs and greps cleanly
            with console.capture() as captured:
                console.print(table)
            typer.echo("\n".join(line.rstrip() for line in captured.get().splitlines()))
    raise typer.Exit(status)


def _console() -> Console:
    """A console for the event table: colour only on a terminal and never under NO_COLOR;
    when the output is piped, a width wide enough that the details column stays readable."""
    # here, not at the top (as in `_table`): every command module loads at start-up, and Rich
    # takes about 18 ms to import, which a piped audit never needs
    from rich.console import Console

    width = None
    if not sys.stdout.isatty() and "COLUMNS" not in os.environ:
        width = 160
    # Rich itself leaves colour out when the output is not a terminal or NO_COLOR is set; text
    # from the record is never markup, and its control characters are shown escaped
    console = Console(width=width, highlight=False, markup=False, **console_options())
    return guard(console)


def _table(name: str, events: list[Event]) -> Table:
    """The events of one record as a Rich table. Cells are plain Text, never markup: a tag
    line like `[Event "x"]` must show as written."""
    # Rich here, not at the top: every command module loads at start-up, a piped audit needs none
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(shown_name(name)), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("line:col", justify="right", no_wrap=True)
    table.add_column("event", no_wrap=True)
    table.add_column("actor", no_wrap=True)
    table.add_column("details", overflow="fold")
    for e in events:
        actor = getattr(e, "actor", None)
        table.add_row(
            Text(str(e.span)),
            Text(e.kind),
            Text(str(actor) if actor is not None else ""),
            Text(_details(e)),
        )
    return table
