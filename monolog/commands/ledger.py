"""`monolog ledger FILE`: every movement of money in a record, with running balances."""

from __future__ import annotations

import typer

from ._common import (
    EDITION_OPTION,
    EXIT_CLEAN,
    EXIT_UNREADABLE,
    EXPORT_OPTION,
    ISOLATED_OPTION,
    OUTPUT_OPTION,
    RULING_OPTION,
    print_error,
)


def register(app: typer.Typer) -> None:
    app.command("ledger")(ledger)


def ledger(
    file: str = typer.Argument(..., help="A record file (.mlog)."),
    player: str | None = typer.Option(
        None, "--player", help="Only the movements this player pays or receives."
    ),
    turns: str | None = typer.Option(None, "--turns", help="Only these turns, e.g. 10-20 or 35."),
    chart: bool = typer.Option(False, "--chart", help="Add a chart of each player's worth."),
    export: str | None = EXPORT_OPTION,
    output: str | None = OUTPUT_OPTION,
    edition: str | None = EDITION_OPTION,
    ruling: list[str] = RULING_OPTION,
    isolated: bool = ISOLATED_OPTION,
) -> None:
    """Show every payment in a record: who paid whom, how much, why, and each player's cash."""
    # here: every command module loads at start-up, only this command needs it
    from ..reports.command import check_export, open_game, show
    from ..reports.ledger import build_ledger, parse_turns, render_ledger, resolve_player, title_of

    check_export(export, output)
    try:
        turn_range = parse_turns(turns) if turns is not None else None
    except ValueError as exc:
        print_error(f"monolog ledger: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    wants_chart = chart or export is not None  # an export always has the chart
    game = open_game("ledger", file, edition, ruling=ruling, ledger=wants_chart, isolated=isolated)
    try:
        who = resolve_player(game, player) if player is not None else None
    except ValueError as exc:
        print_error(f"monolog ledger: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    # the chart is always part of an export: the SVG and HTML show the worth over time
    report = build_ledger(game, player=who, turns=turn_range)
    show(
        render_ledger(report, chart=wants_chart),
        export,
        output,
        title_of(game, "Ledger"),
    )
    raise typer.Exit(EXIT_CLEAN)
