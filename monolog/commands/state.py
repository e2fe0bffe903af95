"""`monolog state FILE --at LINE|tTURN`: the table at a moment of a recorded game."""

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
    app.command("state")(state)


def state(
    file: str = typer.Argument(..., help="A record file (.mlog)."),
    at: str | None = typer.Option(
        None,
        "--at",
        help="A line (120: after the last event on or before it) or a turn (t35: at its end); "
        "default: the end of the record.",
    ),
    export: str | None = EXPORT_OPTION,
    output: str | None = OUTPUT_OPTION,
    edition: str | None = EDITION_OPTION,
    ruling: list[str] = RULING_OPTION,
    isolated: bool = ISOLATED_OPTION,
) -> None:
    """Show owners, buildings, mortgages, tokens, cash, jail, the bank's stock and the decks.

    `--export svg` draws the board at that moment (as `monolog view` does)."""
    # here: every command module loads at start-up, only this command needs it
    from ..reports.board import board_svg
    from ..reports.command import check_export, open_game, show, write_output
    from ..reports.ledger import title_of
    from ..reports.position import At, parse_at, position_at, render_position

    check_export(export, output)
    try:
        moment = parse_at(at) if at is not None else None
    except ValueError as exc:
        print_error(f"monolog state: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    # only the table asked for is kept (reports/settled.py)
    where = (
        (None, None)
        if moment is None
        else (None, moment.number)
        if moment.turn
        else (moment.number, None)
    )
    game = open_game("state", file, edition, ruling=ruling, position=where, isolated=isolated)
    if moment is None:
        moment = At(max(len(game.lines), 1), turn=False)
    try:
        pos = position_at(game, moment)
    except ValueError as exc:
        print_error(f"monolog state: {file}: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    if export == "svg" and output is not None:  # the board itself, as the viewer draws it
        caption = f"after line {pos.line}, turn {pos.turn}" if pos.line else "before play"
        write_output(board_svg(game.edition, pos.snapshot, game.players, caption), output)
        raise typer.Exit(EXIT_CLEAN)
    show(render_position(game, pos), export, output, title_of(game, "Position"))
    raise typer.Exit(EXIT_CLEAN)
