"""The project's settings (`[tool.monolog]` in pyproject.toml, or monolog.toml: see
monolog/config.py) as the commands that replay one record apply them: `settle`, `state`,
`ledger`, `view` and `dispute` take the edition, the rulings and the house rules from there, and
their `--edition` and `--ruling` options override them (a ruling given on the command line wins
over the same point's in the settings). `audit` reads the same settings and more (select,
ignore, strict). `check` does not: a scenario file states its own edition and rulings, so it
replays the same way in any project.

The settings' edition is only a default: a record whose Edition tag names its edition is
replayed on that one (`Choices.edition_for`); `--edition` overrides the tag. A settings file
met but not read (`Settings.notes`) is said on stderr; `--isolated` reads none."""

from __future__ import annotations

from dataclasses import dataclass

import typer

from ..config import ConfigError, Settings, load_settings
from ..findings.model import shown_name
from .audit_options import UsageError, load_edition_option, parse_rulings
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

    @property
    def edition_is_default(self) -> bool:
        """The edition is the settings', for records that name none; not `--edition`'s."""
        return self.edition is not None and self.edition_from != "--edition"

    def edition_for(self, header: dict[str, str]) -> str | None:
        """The edition a record with these header tags is replayed on (None: its own)."""
        if self.edition_is_default and "Edition" in header:
            return None
        return self.edition


def load_project(command: str, isolated: bool = False) -> Settings:
    """The settings that apply in the current folder (none with `isolated`), each settings file
    skipped on the way said on stderr (`monolog COMMAND: FILE: skipped: why`); raises
    ConfigError."""
    project = load_settings(isolated=isolated)
    for note in project.notes:
        print_error(f"monolog {command}: {shown_name(note)}")
    return project


def said(exc: Exception) -> str:
    """A settings error as printed: each of its lines (a message, a source line, a caret) with
    any control character escaped, so a folder's or a file's name cannot rewrite the
    terminal."""
    return "\n".join(shown_name(line) for line in str(exc).split("\n"))


def resolve(edition: str | None, ruling: list[str], project: Settings | None = None) -> Choices:
    """The settings that apply in the current folder (`project`, when already read), overridden
    by `edition` and the `--ruling` values; raises ConfigError or UsageError naming the file or
    the option."""
    project = project if project is not None else load_settings()
    configured = [f"{cf}={reading}" for cf, reading in project.rulings.items()]
    rulings = parse_rulings(configured, f"{project.path}: rulings:")
    rulings.update(parse_rulings(ruling))
    path = str(project.path) if project.path is not None else None
    named = "--edition" if edition or path is None else f"{path}: edition"
    return Choices(edition or project.edition, rulings, project.house_rules, path, named)


def project_choices(
    command: str, edition: str | None, ruling: list[str], isolated: bool = False
) -> Choices:
    """`resolve`, or exit 2 with the reason (`monolog COMMAND: ...`). The settings' edition
    must be usable even where a record's own Edition tag will be followed."""
    try:
        choices = resolve(edition, ruling, load_project(command, isolated))
        if choices.edition_is_default and choices.edition is not None:
            load_edition_option(choices.edition, choices.edition_from)
        return choices
    except (ConfigError, UsageError) as exc:
        print_error(f"monolog {command}: {said(exc)}")
        raise typer.Exit(EXIT_UNREADABLE) from None


def record_header(path: str) -> dict[str, str]:
    """The header tags of the record at `path` (of its first game); empty when it cannot be
    read or parsed, which the replay then reports."""
    # here, not at the top: the parser only when a settings edition is to be weighed
    from ..notation import ParseError
    from ..notation.chunks import parse_pieces
    from ..notation.events import Tag
    from ..notation.jsonl import SUFFIXES as JSONL_SUFFIXES
    from ..notation.jsonl import looks_like_jsonl, parse_jsonl
    from ..notation.parser import read_source

    try:
        text = read_source(path)
        if path.endswith(JSONL_SUFFIXES) or looks_like_jsonl(text):
            events = parse_jsonl(text, path)
        else:
            events, _ = parse_pieces(text, path)
    except (ParseError, OSError, ValueError):
        return {}
    return {e.key: e.value for e in events if isinstance(e, Tag)}
