"""The typer application behind `monolog`: the root options and every command.

Each command lives in its own module under `monolog.commands` and registers itself through a
`register(app)` function. `-h` works as well as `--help`, everywhere; `--install-completion`
and `--show-completion` set up shell completion; `--color auto|always|never` sits beside
NO_COLOR and FORCE_COLOR (monolog/colour.py).

Help shows each value by its metavar (`FILE`, `N`, `KEY|PATH`), never by a Python type:
typer would print `<str>` or `<list[str]>` beside it, which `PlainHelpCommand` leaves out.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

import typer
import typer.core

from . import __version__, commands, completion
from .colour import CHOICES, apply_choice

COLOR_HELP = (
    "Colour and styling: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), "
    "always, or never."
)
HELP = "Replay recorded Monopoly games (.mlog) and audit them against the rules."

app = typer.Typer(
    name="monolog",
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# what typer appends to an option's name in help when it has no metavar: ` <str>`, ` <int range>`
_PYTHON_TYPE = re.compile(r" <[^<>]*>(?:\.\.\.)?$")


def _argument_name(param: Any) -> str:
    """An argument as help shows it: its metavar, else its name in capitals; `...` when it
    takes several values."""
    shown: str = param.metavar or (param.name or "").upper()
    if param.nargs != 1 and not shown.endswith("..."):
        shown += "..."
    return shown


class PlainHelpCommand(typer.core.TyperCommand):
    """A typer command whose help names each value by its metavar only, and that takes
    `--color` after its name as well as before it (`monolog audit --color never`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not any("--color" in getattr(p, "opts", ()) for p in self.params):
            self.params.append(
                typer.core.TyperOption(
                    param_decls=["--color"],
                    metavar="auto|always|never",
                    # called as typer.core calls it: (ctx, args, incomplete)
                    autocompletion=lambda _ctx, _args, typed: completion.choices(*CHOICES)(typed),
                    callback=lambda _ctx, _param, value: _colour(value),
                    expose_value=False,
                    is_eager=True,
                    help=COLOR_HELP,
                )
            )

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """The usage line names each argument as the Arguments section does (`EDITION`, not
        typer's `{edition}`), an optional one in brackets."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                shown = _argument_name(param)
                pieces.append(shown if param.required else f"[{shown}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            name, text = record
            if param.param_type_name == "argument":
                arguments.append((_argument_name(param), text))
            else:
                value = f" {(param.name or 'value').upper()}"
                options.append((_PYTHON_TYPE.sub(value, name), text))
        if arguments:
            with formatter.section("Arguments"):
                formatter.write_dl(arguments)
        if options:
            with formatter.section("Options"):
                formatter.write_dl(options)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"monolog {__version__}")
        raise typer.Exit()


def _colour(value: str | None) -> str | None:
    if value is not None:
        if value not in CHOICES:
            raise typer.BadParameter(f"expected one of {', '.join(CHOICES)}")
        apply_choice(value)
    return value


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    color: str | None = typer.Option(
        None,
        "--color",
        metavar="auto|always|never",
        autocompletion=completion.choices(*CHOICES),
        callback=_colour,
        is_eager=True,
        help=COLOR_HELP,
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
    _plain_help(app)


def _plain_help(group: typer.Typer) -> None:
    """Every command of `group` and of its subgroups shows plain metavars in its help."""
    for command in group.registered_commands:
        if command.cls in (None, typer.core.TyperCommand):
            command.cls = PlainHelpCommand
    for subgroup in group.registered_groups:
        if subgroup.typer_instance is not None:
            _plain_help(subgroup.typer_instance)


_register_commands()
