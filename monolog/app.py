"""The typer application behind `monolog`: the root options and every command.

Each command lives in its own module under `monolog.commands` and registers itself through a
`register(app)` function; heavy imports happen inside the commands, so start-up stays fast.
`monolog.cli.main` runs this application, except for a plain `monolog audit FILE…`, which the
lean entry point (monolog/lean.py) runs without importing typer at all.
"""

from __future__ import annotations

import importlib
import pkgutil

import typer

from . import __version__, commands

app = typer.Typer(
    name="monolog",
    help="Replay recorded Monopoly games (.mlog) and audit them against the rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"monolog {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Replay recorded Monopoly games (.mlog) and audit them against the rules."""


def _register_commands() -> None:
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_register_commands()
