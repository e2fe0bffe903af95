"""`monolog fmt FILE...`: print records in canonical form, rewrite them, or check them. An event
stream (JSON Lines, docs/engines.md) is printed as a record in the notation.

The canonical text is UTF-8 with `\n` line endings and no byte-order mark, so a file saved with
`\r\n` endings or a BOM counts as not canonical and `--write` rewrites it.
"""

from __future__ import annotations

import typer

from ..findings.model import shown_name
from ..notation import ParseError
from ..notation.formatter import FormatError, format_events, format_text
from ..notation.parser import read_source
from ..notation.records import is_stream, parse_record
from ..rewrite import NotRewritten, pin, rewrite
from ._common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, expand_paths, print_error

# an event stream is printed as a record, never rewritten in place: that would change its format
_STREAM_ONLY = (
    "is an event stream (JSON Lines): fmt prints it as a record "
    "(monolog fmt game.jsonl > game.mlog), and neither rewrites nor checks it"
)


def register(app: typer.Typer) -> None:
    app.command("fmt")(fmt)


def fmt(
    files: list[str] = typer.Argument(
        ..., metavar="FILE", help="Record files (.mlog or an event stream .jsonl) or folders."
    ),
    write: bool = typer.Option(False, "--write", "-w", help="Rewrite the files in place."),
    check: bool = typer.Option(
        False, "--check", help="Change nothing; exit 1 if any file is not in canonical form."
    ),
    force: bool = typer.Option(False, "--force", help="With --write, rewrite read-only files too."),
) -> None:
    """Print records in canonical form (or rewrite them with --write, or test with --check).

    --write never loses what it did not read: a file that changes while it is formatted, or
    whose name becomes a symbolic link, is left as it is (exit 2); see monolog/rewrite.py."""
    if write and check:
        # typer's own usage error (exit 2); it names the clashing options
        raise typer.BadParameter("they cannot be used together", param_hint="--write / --check")

    names = expand_paths(files)
    status = EXIT_CLEAN
    changed: list[str] = []
    for index, name in enumerate(names):
        try:
            pinned = pin(name) if write else None
        except (OSError, ValueError):
            pinned = None  # read_source says why it cannot be read
        try:
            source = read_source(name)
            if is_stream(source, name):  # a program's event stream, written as a record
                if write or check:
                    print_error(f"{shown_name(name)}: {_STREAM_ONLY}")
                    status = EXIT_UNREADABLE
                    continue
                canonical = format_events(parse_record(source, name))
            else:
                canonical = format_text(source, name)
        except ParseError as exc:
            print_error(exc.render())
            status = EXIT_UNREADABLE
            continue
        except FormatError as exc:  # pragma: no cover - parsed events are always writable
            print_error(f"{shown_name(name)}: P900 cannot write the record back: {exc}")
            status = EXIT_UNREADABLE
            continue
        if check:
            if canonical != source:
                changed.append(name)
                typer.echo(f"would reformat: {shown_name(name)}")
        elif write:
            if canonical != source:
                try:
                    if pinned is None:
                        raise NotRewritten("the file changed while it was read")
                    rewrite(name, canonical.encode(), source.encode(), pinned, force=force)
                except NotRewritten as exc:
                    print_error(f"{shown_name(name)}: not rewritten: {exc}")
                    status = EXIT_UNREADABLE
                    continue
                except OSError as exc:
                    why = exc.strerror or exc
                    print_error(f"{shown_name(name)}: cannot rewrite the file ({why})")
                    status = EXIT_UNREADABLE
                    continue
                changed.append(name)
                typer.echo(f"reformatted: {shown_name(name)}")
        else:
            if len(names) > 1:  # headers as `head` and `tail` write them
                typer.echo(("\n" if index else "") + f"==> {shown_name(name)} <==")
            typer.echo(canonical, nl=False)
    if status == EXIT_CLEAN and check and changed:
        status = EXIT_FINDINGS
    raise typer.Exit(status)
