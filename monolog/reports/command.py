"""What the report commands share: reading a record for a report, and writing or printing it."""

from __future__ import annotations

import os
import sys

import typer
from rich.console import RenderableType

from ..commands.command_line import EXIT_UNREADABLE, print_error
from ..commands.project import project_choices, record_header
from ..editions.errors import EditionError
from ..output_file import write_failure, write_text
from .console import EXPORT_KINDS, print_all, terminal_console
from .console import export as export_to
from .game import Game, GameError, load_game
from .settled import load_ledger, load_position, load_settled


def open_game(
    command: str,
    file: str,
    edition: str | None = None,
    per_line: bool = False,
    ruling: list[str] | None = None,
    settled_only: bool = False,
    position: tuple[int | None, int | None] | None = None,
    ledger: bool | None = None,
    isolated: bool = False,
) -> Game:
    """The replayed record, or exit 2 with a located message (never a traceback); `per_line`:
    a moment after each line, not after each event (reports/game.py); `settled_only`: only
    what the settlement reads (reports/settled.py), for a report of the settlement alone;
    `position` (a line, or a turn, or neither for the end): only the table there; `ledger`:
    only what the ledger reads (reports/trail.py), each turn's worths too when True. The
    project's settings
    (`[tool.monolog]` or monolog.toml: edition, rulings, house rules; none with `isolated`)
    apply, `edition` and the `--ruling` values `ruling` overriding them; the settings' edition
    only for a record with no Edition tag."""

    if os.path.isdir(file):  # os.path's check answers False where pathlib's would raise
        print_error(f"{file}: is a folder; monolog {command} reports on one record file")
        raise typer.Exit(EXIT_UNREADABLE)
    choices = project_choices(command, edition, ruling or [], isolated)
    edition = choices.edition
    if choices.edition_is_default:  # the settings' edition: for a record that names none
        edition = choices.edition_for(record_header(file))
    try:
        if position is not None:
            return load_position(
                file,
                *position,
                edition=edition,
                rulings=choices.rulings or None,
                house_rules=choices.house_rules,
            )
        if ledger is not None:
            return load_ledger(
                file,
                edition=edition,
                rulings=choices.rulings or None,
                house_rules=choices.house_rules,
                worths=ledger,
            )
        if settled_only:
            return load_settled(
                file,
                edition=edition,
                rulings=choices.rulings or None,
                house_rules=choices.house_rules,
            )
        return load_game(
            file,
            edition=edition,
            per_line=per_line,
            rulings=choices.rulings or None,
            house_rules=choices.house_rules,
        )
    except GameError as exc:
        print_error(str(exc))
    except (EditionError, OSError, ValueError, LookupError) as exc:
        if edition is not None:  # the edition asked for cannot be used
            print_error(f"monolog {command}: {choices.edition_from} {edition!r}: {exc}")
        else:  # the record's own edition falls back to the default: a bug in the engine
            print_error(_internal(file, exc))
    except Exception as exc:  # a bug in the engine: reported cleanly, never a traceback
        print_error(_internal(file, exc))
    raise typer.Exit(EXIT_UNREADABLE)


def _internal(file: str, exc: Exception) -> str:
    """The one-line report of an unexpected failure while replaying `file`."""
    detail = " ".join(str(exc).split())
    return (
        f"{file}: P900 internal error while replaying the record "
        f"({type(exc).__name__}: {detail}); please report it"
    )


def check_export(export: str | None, output: str | None) -> None:
    """`--export` needs a known kind and `--output`; exit 2 otherwise."""

    if export is None:
        if output is not None:
            print_error("--output needs --export svg|html|txt")
            raise typer.Exit(EXIT_UNREADABLE)
        return
    if export not in EXPORT_KINDS:
        print_error(f"--export {export!r}: expected one of {', '.join(EXPORT_KINDS)}")
        raise typer.Exit(EXIT_UNREADABLE)
    if output is None:
        print_error(f"--export {export} needs --output FILE")
        raise typer.Exit(EXIT_UNREADABLE)


def show(
    renderables: list[RenderableType], export: str | None, output: str | None, title: str
) -> None:
    """Print the report, or write it as an export when `--export` was given."""

    if export is None or output is None:
        print_all(terminal_console(), renderables)
        return
    write_output(export_to(renderables, export, title), output)


def write_output(text: str, output: str) -> None:
    """Write an export to `output`, or to standard output for `-`; exit 2 if it cannot be."""
    if output == "-":  # the usual spelling of standard output
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:  # all or nothing: a failed write leaves no partial file, an old one intact
        write_text(output, text)
    except OSError as exc:
        print_error(write_failure("--output", exc))
        raise typer.Exit(EXIT_UNREADABLE) from None
