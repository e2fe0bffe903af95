"""`monolog view FILE -o game.html`: a recorded game on its board, as one self-contained page."""

from __future__ import annotations

import typer

from ._common import EDITION_OPTION, EXIT_CLEAN, ISOLATED_OPTION, RULING_OPTION, print_error


def register(app: typer.Typer) -> None:
    app.command("view")(view)


def view(
    file: str = typer.Argument(..., help="A record file (.mlog)."),
    output: str = typer.Option(
        ..., "--output", "-o", help="The HTML file to write; - for standard output."
    ),
    every_ruling: bool = typer.Option(
        False,
        "--every-ruling",
        help="Show what the other readings would change for every ruling applied, not only "
        "the disputed lines (one more replay per reading).",
    ),
    edition: str | None = EDITION_OPTION,
    ruling: list[str] = RULING_OPTION,
    isolated: bool = ISOLATED_OPTION,
) -> None:
    """Write one HTML page that replays the record on its board: step through the lines, see
    cash, deeds and cards, the findings, the ledger, the money over the turns and the
    settlement. The page works offline and loads nothing from anywhere."""
    # here: every command module loads at start-up, only this command needs it
    from ..reports.command import open_game, write_output
    from ..reports.view import render_page

    game = open_game("view", file, edition, per_line=True, ruling=ruling, isolated=isolated)
    try:
        page = render_page(game, every_ruling)
    except Exception as exc:  # a bug in the viewer: reported cleanly, never a traceback
        detail = " ".join(str(exc).split())
        print_error(
            f"{file}: P900 internal error while drawing the page ({type(exc).__name__}: "
            f"{detail}); please report it"
        )
        raise typer.Exit(2) from None
    write_output(page, output)
    raise typer.Exit(EXIT_CLEAN)
