"""`monolog standings FILE|DIR...`: a tournament table from the games of an event.

Exit codes: 0, or 2 when a record cannot be read or parsed (it is listed and not counted) or on
a usage error.
"""

from __future__ import annotations

import typer

from .. import completion
from ._common import EXIT_CLEAN, EXIT_UNREADABLE, RECORD_SUFFIXES, expand_paths, print_error

FORMATS = ("text", "json", "csv")


def register(app: typer.Typer) -> None:
    app.command("standings")(standings)


def standings(
    files: list[str] = typer.Argument(
        ...,
        metavar="FILE|DIR",
        help="Record files (.mlog) or event streams (.jsonl), or folders of them.",
    ),
    points: str | None = typer.Option(
        None,
        "--points",
        metavar="P1,P2,...",
        help="Points for 1st, 2nd, ... place; later places score 0. Default: 5,3,2,1.",
    ),
    points_file: str | None = typer.Option(
        None,
        "--points-file",
        metavar="FILE",
        help="A YAML file with the points: a list, or a list under 'points:'.",
    ),
    details: bool = typer.Option(False, "--details", help="Show a row per player and game."),
    strict: bool = typer.Option(
        False, "--strict", help="Leave out games with rule violations (a note names them)."
    ),
    fmt: str = typer.Option(
        "text",
        "--format",
        metavar="FORMAT",
        help="Output format: text, json or csv.",
        autocompletion=completion.choices("text", "json", "csv"),
    ),
) -> None:
    """Total placement points over many games: places, points, worth, wins and games played."""
    # here: every command module loads at start-up, only this command needs it
    from ..reports.console import print_all, terminal_console
    from ..reports.standings import DEFAULT_POINTS, collect, load_points_file, parse_points
    from ..reports.standings_formats import render_standings, to_csv, to_json, unreadable_lines

    if fmt not in FORMATS:
        print_error(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
        raise typer.Exit(EXIT_UNREADABLE)
    if points is not None and points_file is not None:
        print_error("monolog standings: give --points or --points-file, not both")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        if points is not None:
            scheme = parse_points(points)
        elif points_file is not None:
            scheme = load_points_file(points_file)
        else:
            scheme = DEFAULT_POINTS
    except ValueError as exc:
        print_error(f"monolog standings: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None

    table = collect(expand_paths(files, RECORD_SUFFIXES), scheme, strict=strict)
    status = EXIT_UNREADABLE if table.unreadable else EXIT_CLEAN
    if fmt == "json":
        typer.echo(to_json(table), nl=False)
    elif fmt == "csv":
        typer.echo(to_csv(table, details), nl=False)
    else:
        print_all(terminal_console(), render_standings(table, details))
        for line in unreadable_lines(table):
            typer.echo(line)
    # whatever the format, a record that cannot be read is named on stderr, as audit does
    for u in table.unreadable:
        print_error(u.message)
    raise typer.Exit(status)
