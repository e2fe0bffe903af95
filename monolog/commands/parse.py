"""`monolog parse FILE...`: show the events a record holds."""

from __future__ import annotations

import json

import typer

from ._common import EXIT_CLEAN, EXIT_UNREADABLE, expand_paths, print_error


def register(app: typer.Typer) -> None:
    app.command("parse")(parse)


def _describe(event: object) -> str:
    from ..notation.events import to_data

    data = to_data(event)
    data.pop("kind", None)
    data.pop("span", None)
    parts = []
    for key, value in data.items():
        if value is None or value == [] or value is False:
            continue
        if isinstance(value, dict) and set(value) == {"text", "kind"}:
            value = value["text"]
        parts.append(
            f"{key}={json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value}"
        )
    return " ".join(parts)


def parse(
    files: list[str] = typer.Argument(..., help="Record files (.mlog) or folders."),
    as_json: bool = typer.Option(False, "--json", help="JSON lines, one event a line."),
    trivia: bool = typer.Option(False, "--trivia", help="Include comments and blank lines."),
) -> None:
    """Parse records and print their events (a table, or JSON lines with --json)."""
    from ..notation import ParseError, parse_file
    from ..notation.events import SCHEMA_VERSION, TRIVIA, to_data

    status = EXIT_CLEAN
    console = None
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
            typer.echo("\n".join(out))
            continue
        from rich.console import Console
        from rich.table import Table

        console = console or Console()
        table = Table(title=name, show_lines=False)
        table.add_column("line:col", justify="right", no_wrap=True)
        table.add_column("event", no_wrap=True)
        table.add_column("actor", no_wrap=True)
        table.add_column("details")
        for e in events:
            actor = getattr(e, "actor", None)
            table.add_row(str(e.span), e.kind, actor.text if actor else "", _describe(e))
        console.print(table)
    raise typer.Exit(status)
