"""`monolog record FILE`: keep a record at the table, line by line, checked as it is typed."""

from __future__ import annotations

import os
import sys

import typer

from ._common import EXIT_UNREADABLE, print_error


def register(app: typer.Typer) -> None:
    app.command("record")(record)


def record(
    file: str = typer.Argument(..., help="The record to start or carry on (.mlog)."),
) -> None:
    """Start a new record (asks for the players, edition, variant and house rules) or carry on
    an existing one. Each line is checked against the game so far and shown before it is kept;
    a line that breaks a rule is kept only when you confirm it. Tab completes names, squares,
    cards and the clause that comes next; undo, state, ledger and help work at the prompt.
    Every kept line is written to disk at once. With standard input from a pipe, the lines are
    read from it, each readable line is kept, and the exit code is the audit's."""
    # here: every command module loads at start-up, only this command needs it
    from ..notation import ParseError
    from ..recorder.desk import run_piped
    from ..recorder.session import Session
    from ..recorder.terminal import run_terminal

    if os.path.isdir(file):  # os.path's check answers False where pathlib's would raise
        print_error(f"{file}: is a folder; monolog record keeps one record file")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        session = Session(file)
    except ParseError as exc:  # carried on only once it reads: `monolog parse` shows why not
        print_error(exc.render())
        print_error(f"{file}: put the line right first; nothing was written")
        raise typer.Exit(EXIT_UNREADABLE) from None
    except OSError as exc:
        print_error(f"{file}: cannot be read ({exc.strerror or exc})")
        raise typer.Exit(EXIT_UNREADABLE) from None
    if sys.stdin.isatty() and sys.stdout.isatty():
        code = run_terminal(session)
    else:
        code = run_piped(session, sys.stdin.buffer, lambda text: print(text, flush=True))
    raise typer.Exit(code)
