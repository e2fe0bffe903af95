"""`monolog fmt FILE...`: print records in canonical form, rewrite them, or check them.

The canonical text is UTF-8 with `\n` line endings and no byte-order mark, so a file saved with
`\r\n` endings or a BOM counts as not canonical and `--write` rewrites it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

import typer

from ._common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, expand_paths, print_error


def register(app: typer.Typer) -> None:
    app.command("fmt")(fmt)


def write_atomically(path: str, text: str) -> None:
    """Replace the file's content with `text` in one step: a temporary file in the same folder,
    flushed to disk, then renamed over the original, keeping the original's permissions. A
    symbolic link is followed, so the link stays and its target is rewritten."""
    target = os.path.realpath(path)
    folder = os.path.dirname(target) or "."
    mode = stat.S_IMODE(os.stat(target).st_mode)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(target)}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the OS allows
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def fmt(
    files: list[str] = typer.Argument(..., metavar="FILE", help="Record files (.mlog) or folders."),
    write: bool = typer.Option(False, "--write", "-w", help="Rewrite the files in place."),
    check: bool = typer.Option(
        False, "--check", help="Change nothing; exit 1 if any file is not in canonical form."
    ),
) -> None:
    """Print records in canonical form (or rewrite them with --write, or test with --check)."""
    if write and check:
        # typer's own usage error (exit 2); it names the clashing options
        raise typer.BadParameter("they cannot be used together", param_hint="--write / --check")
    from ..notation import ParseError
    from ..notation.formatter import FormatError, format_text
    from ..notation.parser import read_source

    names = expand_paths(files)
    status = EXIT_CLEAN
    changed: list[str] = []
    for index, name in enumerate(names):
        try:
            source = read_source(name)
            canonical = format_text(source, name)
        except ParseError as exc:
            print_error(exc.render())
            status = EXIT_UNREADABLE
            continue
        except FormatError as exc:  # pragma: no cover - parsed events are always writable
            print_error(f"{name}: P900 cannot write the record back: {exc}")
            status = EXIT_UNREADABLE
            continue
        if check:
            if canonical != source:
                changed.append(name)
                typer.echo(f"would reformat: {name}")
        elif write:
            if canonical != source:
                try:
                    write_atomically(name, canonical)
                except OSError as exc:
                    print_error(f"{name}: P001 cannot rewrite the file ({exc.strerror or exc})")
                    status = EXIT_UNREADABLE
                    continue
                changed.append(name)
                typer.echo(f"reformatted: {name}")
        else:
            if len(names) > 1:  # headers as `head` and `tail` write them
                typer.echo(("\n" if index else "") + f"==> {name} <==")
            typer.echo(canonical, nl=False)
    if status == EXIT_CLEAN and check and changed:
        status = EXIT_FINDINGS
    raise typer.Exit(status)
