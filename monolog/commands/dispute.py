"""`monolog dispute FILE --ruling CF-nn=READING ...`: what was a disputed ruling worth?

The record is replayed twice, under its own rulings (the edition's readings and the record's
Ruling tags) and under the same with the readings asked for, and the two games are compared
event by event: where they part, which recorded events become illegal or legal, and each
player's cash and worth at the end. Exit codes: 0 when the comparison was made (or nothing
would change); 2 a usage error, or a record that cannot be read or parsed. The record's own
findings do not change the exit code: `monolog audit` judges the record.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import typer

from .. import completion
from ..editions.readings import load_readings
from ..findings.lines import record_lines
from ..notation import ParseError
from ..notation import events as E
from ..notation.events import NO_SPAN, Tag
from ..notation.parser import read_source
from ..notation.records import parse_record_pieces
from ..visible import visible
from ._common import EDITION_OPTION, EXIT_CLEAN, EXIT_UNREADABLE, ISOLATED_OPTION, print_error
from .audit_options import UsageError, load_edition_option, parse_rulings
from .project import Choices, project_choices

FORMATS = ("text", "json")


if TYPE_CHECKING:
    from rich.console import Console

    from ..dispute import Side


def register(app: typer.Typer) -> None:
    app.command("dispute")(dispute)


def _collecting(pieces: Iterator[list[E.Event]], tags: list[Tag]) -> Iterator[list[E.Event]]:
    """The pieces, their tags added to `tags` as each is taken."""
    for piece in pieces:
        tags.extend(e for e in piece if isinstance(e, Tag))
        yield piece


def _source(side: Side, tags: list[Tag], cf: str, project: Choices) -> str:
    """Where the reading in force for `cf` comes from, in words."""
    if cf in project.rulings and project.rulings[cf] == side.readings.get(cf):
        return f"the rulings of {project.path}"
    for ev in tags:
        if ev.key != "Ruling":
            continue
        key, _, reading = ev.value.partition("=")
        if key.strip() == cf and reading.strip() == side.readings.get(cf):
            return f"the record's Ruling tag at line {ev.span.line}"
    edition = side.result.edition
    if cf in edition.readings:
        return f"the {edition.key} edition's reading"
    return "monolog's default reading"


def _only_reading(cf: str) -> bool:
    item = load_readings().get(cf)
    return item is not None and len(item.readings) == 1


def dispute(
    file: str = typer.Argument(..., help="A record file (.mlog)."),
    ruling: list[str] = typer.Option(
        [],
        "--ruling",
        help="The alternative reading of a disputed point, e.g. CF-04=extra-roll (repeatable).",
    ),
    fmt: str = typer.Option(
        "text",
        "--format",
        help="Output format: text or json.",
        autocompletion=completion.choices(*FORMATS),
    ),
    edition: str | None = EDITION_OPTION,
    isolated: bool = ISOLATED_OPTION,
) -> None:
    """Replay a record under its own rulings and under another: what is the change worth?

    Its own rulings are the record's, the edition's and those of the settings (`[tool.monolog]`
    in pyproject.toml, or monolog.toml), which also give the edition and house rules."""
    # here: every command module loads at start-up, only this command needs it
    from ..dispute.compare import dispute_record

    asked = _asked(ruling, fmt)
    project = project_choices("dispute", edition, [], isolated)
    try:  # an edition named by --edition or the settings must be usable, as for audit
        chosen = (
            load_edition_option(project.edition, project.edition_from) if project.edition else None
        )
    except UsageError as exc:
        print_error(f"monolog dispute: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    if os.path.isdir(file):  # os.path's check answers False where pathlib's would raise
        print_error(f"{file}: is a folder; monolog dispute compares one record file")
        raise typer.Exit(EXIT_UNREADABLE)

    try:  # a long record is read a piece at a time (notation/chunks.py)
        text = read_source(file)
        first, more = parse_record_pieces(text, file)
    except ParseError as exc:
        print_error(exc.render())
        raise typer.Exit(EXIT_UNREADABLE) from None

    lines = record_lines(text.removeprefix("\ufeff"), file, first)
    tags = [e for e in first if isinstance(e, Tag)]  # the record's tags, as the pieces go
    if project.edition_for({e.key: e.value for e in tags}) is None:
        chosen = None  # the settings' edition yields to the record's Edition tag
    declared: list[E.Event] = [Tag(NO_SPAN, "HouseRule", key) for key in project.house_rules]
    played = declared + first
    del first
    own = project.rulings
    try:  # the two replays stepped side by side: a table of each at a time is held
        original, changed, same, comparison = dispute_record(
            played,
            own,
            asked,
            lines,
            file=file,
            edition=chosen,
            more=None if more is None else _collecting(more, tags),
        )
    except ParseError as exc:  # in a piece read later: the error parse_text gives
        print_error(exc.render())
        raise typer.Exit(EXIT_UNREADABLE) from None
    except Exception as exc:  # a bug in the engine: reported cleanly, never a traceback
        detail = " ".join(str(exc).split())
        print_error(
            f"{file}: P900 internal error while replaying the record "
            f"({type(exc).__name__}: {detail}); please report it"
        )
        raise typer.Exit(EXIT_UNREADABLE) from None

    notes = []
    for cf, reading in same.items():
        note = f"{cf} is already {reading} in this record ({_source(original, tags, cf, project)})"
        if _only_reading(cf):
            note += "; it is the only reading monolog knows for it"
        notes.append(note)
    header = {e.key: e.value for e in tags if e.key != "Ruling"}
    _report(file, fmt, comparison, bool(changed), notes, header)
    raise typer.Exit(EXIT_CLEAN)


def _asked(ruling: list[str], fmt: str) -> dict[str, str]:
    """The rulings asked for, once the format and the rulings are checked (exit 2 if wrong)."""
    if fmt not in FORMATS:
        print_error(f"monolog dispute: --format {fmt!r}: expected one of {', '.join(FORMATS)}")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        if not ruling:
            raise UsageError(
                "give at least one --ruling CF-nn=READING, e.g. --ruling CF-04=extra-roll"
            )
        return parse_rulings(ruling)
    except UsageError as exc:
        print_error(f"monolog dispute: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None


def _report(
    file: str, fmt: str, comparison: Any, changed: bool, notes: list[str], header: dict[str, str]
) -> None:
    """Print the comparison in `fmt`; with nothing changed, the notes that say why (text)."""
    # here: every command module loads at start-up, only this command needs them
    from rich.text import Text

    from ..dispute.render import render_text, to_document
    from ..reports.console import terminal_console

    if fmt == "json":
        doc = to_document(comparison, unchanged=notes)
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2, default=_jsonable))
        return
    console = terminal_console()
    if not changed:
        for note in notes:
            typer.echo(f"{visible(file)}: {visible(note)}: nothing to compare")
        return
    renderables: list[Any] = render_text(comparison, header)
    renderables[1:1] = [Text(f"{note}: left as it is", style="dim") for note in notes]
    _print(console, renderables)


def _print(console: Console, renderables: list[Any]) -> None:
    """Print the report: text lines are never hard-wrapped (they grep well), the table fits the
    width; trailing spaces are dropped."""
    # here: Rich, as in `dispute`
    from rich.text import Text

    from ..reports.console import StrippedOutput

    out = StrippedOutput()  # each item written as it is printed: the output is not held whole
    for item in renderables:
        with console.capture() as captured:
            console.print(item, soft_wrap=isinstance(item, Text))
        out.write(captured.get())
    out.close()


def _jsonable(value: Any) -> Any:
    return str(value)
