"""The project's settings (`[tool.monolog]` in pyproject.toml, or monolog.toml: see
monolog/config.py) as the commands that replay one record apply them: `settle`, `state`,
`ledger`, `view` and `dispute` take the edition, the rulings and the house rules from there, and
their `--edition` and `--ruling` options override them (a ruling given on the command line wins
over the same point's in the settings). `audit` reads the same settings and more (select,
ignore, strict). `check` does not: a scenario file states its own edition and rulings, so it
replays the same way in any project."""

from __future__ import annotations

from dataclasses import dataclass

import typer

from ..config import ConfigError, Settings, load_settings
from .audit_options import UsageError, parse_rulings
from .command_line import EXIT_UNREADABLE, print_error


@dataclass(frozen=True)
class Choices:
    """What a replay is run under: an edition (None: the record's own), rulings, house rules,
    the settings file they were read from (None: there was none), and where the edition was
    named, for a message about it (`--edition`, or the settings file's `edition`)."""

    edition: str | None
    rulings: dict[str, str]
    house_rules: tuple[str, ...]
    path: str | None = None
    edition_from: str = "--edition"


def resolve(edition: str | None, ruling: list[str], project: Settings | None = None) -> Choices:
    """The settings that apply in the current folder (`project`, when already read), overridden
    by `edition` and the `--ruling` values; raises ConfigError or UsageError naming the file or
    the option."""
    project = project if project is not None else load_settings()
    configured = [f"{cf}={reading}" for cf, reading in project.rulings.items()]
    try:
        rulings = parse_rulings(configured)
    except UsageError as exc:
        raise UsageError(f"{project.path}: rulings: {exc}") from None
    rulings.update(parse_rulings(ruling))
    path = str(project.path) if project.path is not None else None
    named = "--edition" if edition or path is None else f"{path}: edition"
    return Choices(edition or project.edition, rulings, project.house_rules, path, named)


def project_choices(command: str, edition: str | None, ruling: list[str]) -> Choices:
    """`resolve`, or exit 2 with the reason (`monolog COMMAND: ...`)."""
    try:
        return resolve(edition, ruling)
    except (ConfigError, UsageError) as exc:
        print_error(f"monolog {command}: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
