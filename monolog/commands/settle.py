"""`monolog settle FILE`: what each player is worth at the end, the ranking and the winner."""

from __future__ import annotations

import typer

from ._common import (
    EDITION_OPTION,
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXPORT_OPTION,
    ISOLATED_OPTION,
    OUTPUT_OPTION,
    RULING_OPTION,
)


def register(app: typer.Typer) -> None:
    app.command("settle")(settle)


def settle(
    file: str = typer.Argument(..., help="A record file (.mlog)."),
    export: str | None = EXPORT_OPTION,
    output: str | None = OUTPUT_OPTION,
    edition: str | None = EDITION_OPTION,
    ruling: list[str] = RULING_OPTION,
    isolated: bool = ISOLATED_OPTION,
) -> None:
    """Count up each player's worth, rank the players, name the winner, check the Result tag.

    Exits 1 when the Result tag disagrees with the computed outcome (W101), else 0.
    """
    # here: every command module loads at start-up, only this command needs it
    from ..reports.command import check_export, open_game, show
    from ..reports.ledger import title_of
    from ..reports.settlement import settle as settle_game
    from ..reports.settlement_table import render_settlement

    check_export(export, output)
    game = open_game("settle", file, edition, ruling=ruling, settled_only=True, isolated=isolated)
    settlement = settle_game(game)
    show(render_settlement(game, settlement), export, output, title_of(game, "Settlement"))
    raise typer.Exit(EXIT_FINDINGS if settlement.findings else EXIT_CLEAN)
