"""Helpers shared by the commands: reading records and reporting parse errors."""

from __future__ import annotations

import typer

from .. import completion
from .command_line import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_UNREADABLE,
    RECORD_SUFFIXES,
    expand_paths,
    print_error,
)

__all__ = [
    "EDITION_OPTION",
    "EXIT_CLEAN",
    "EXIT_FINDINGS",
    "EXIT_UNREADABLE",
    "EXPORT_OPTION",
    "ISOLATED_OPTION",
    "OUTPUT_OPTION",
    "RECORD_SUFFIXES",
    "RULING_OPTION",
    "expand_paths",
    "print_error",
]

# options shared by the report commands (ledger, settle, state): one declaration each, so their
# names and help read the same everywhere
EXPORT_OPTION = typer.Option(
    None, "--export", help="Write the report as svg, html or txt (needs --output)."
)
OUTPUT_OPTION = typer.Option(
    None, "--output", help="The file --export writes; - for standard output."
)
EDITION_OPTION = typer.Option(
    None,
    "--edition",
    metavar="KEY|PATH",
    help="Edition key or file; default: the record's Edition tag, else the settings' edition.",
    autocompletion=completion.editions,
)
RULING_OPTION = typer.Option(
    [],
    "--ruling",
    metavar="CF-nn=READING",
    help="Apply a reading to a disputed point, e.g. CF-04=extra-roll (repeatable); "
    "overrides the settings' rulings.",
    autocompletion=completion.rulings,
)
ISOLATED_OPTION = typer.Option(
    False,
    "--isolated",
    help="Read no settings file (monolog.toml or [tool.monolog] in pyproject.toml).",
)
