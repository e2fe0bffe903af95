"""Consoles for the reports: the terminal's, and fixed-width recording ones for exports and goldens.

The terminal console follows Rich's rules: colour only on a terminal, never under NO_COLOR, the
terminal's width (COLUMNS when set). Piped output gets a fixed, readable width and no colour.
Exports record at a fixed width so the same record always gives the same file.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from inspect import signature
from typing import Any, Literal, Protocol, runtime_checkable

from rich.console import Console, RenderableType

from ..colour import console_options
from ..visible import guard

PIPED_WIDTH = 110
EXPORT_WIDTH = 110
ExportKind = Literal["svg", "html", "txt"]
EXPORT_KINDS: tuple[str, ...] = ("svg", "html", "txt")


def terminal_console() -> Console:
    """The console a command prints to."""

    # under NO_COLOR no colour and no other styling either
    # text from a record is shown as written: never read as markup or emoji codes, and never
    # a control character (monolog/visible.py)
    options: dict[str, Any] = {
        "highlight": False,
        "emoji": False,
        "markup": False,
        **console_options(),
    }
    console = Console(**options)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(**options, width=PIPED_WIDTH)
    return guard(console)


def recording_console(width: int = EXPORT_WIDTH, colour: bool = True) -> Console:
    """A console that prints nowhere and records, at a fixed width, for export."""

    console = Console(
        record=True,
        file=io.StringIO(),
        width=width,
        highlight=False,
        emoji=False,
        markup=False,
        force_terminal=colour,
        color_system="truecolor" if colour else None,
        legacy_windows=False,
        _environ={},
    )
    return guard(console)


def render_plain(renderables: list[RenderableType], width: int = EXPORT_WIDTH) -> str:
    """The renderables as plain text at a fixed width, trailing spaces removed."""
    console = recording_console(width, colour=False)
    for item in in_pieces(renderables):
        console.print(item)
    text = console.export_text(styles=False)
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def export(renderables: list[RenderableType], kind: str, title: str) -> str:
    """The renderables as an SVG, HTML or text document; the same input gives the same bytes."""
    if kind == "txt":
        return render_plain(renderables)
    console = recording_console()
    for item in in_pieces(renderables):
        console.print(item)
    if kind == "svg":
        return console.export_svg(
            title=title, unique_id="monolog", code_format=offline_svg_format()
        )
    if kind == "html":
        return console.export_html(inline_styles=True)
    raise ValueError(f"unknown export kind {kind!r}: expected one of {', '.join(EXPORT_KINDS)}")


def offline_svg_format() -> str:
    """Rich's SVG template without its web fonts: the file makes no network request when opened.

    Rich's template loads Fira Code from a CDN; here the text uses a monospace font the
    reader's machine has (Fira Code only where it is installed)."""

    template: str = signature(Console.export_svg).parameters["code_format"].default

    out = re.sub(r"\n?[ \t]*@font-face \{\{.*?\}\}\n?", "\n", template, flags=re.S)
    out = re.sub(r"[ \t]*<!-- Generated with Rich[^>]*-->\n", "", out)
    out = out.replace(
        "font-family: Fira Code, monospace;",
        'font-family: "Fira Code", "DejaVu Sans Mono", Menlo, Consolas, monospace;',
    )
    out = out.replace("font-family: arial;", "font-family: Arial, Helvetica, sans-serif;")
    return re.sub(r"url\((?!#)[^)]*\)", "local(none)", out)  # any web source a later Rich adds


@runtime_checkable
class InPieces(Protocol):
    """A renderable that can also be printed as several, one after another (a long report's
    table a block of rows at a time): `pieces` gives them, each to be printed, with the same
    console and options, before the next is asked for."""

    def pieces(self) -> Iterator[RenderableType]: ...


def in_pieces(renderables: Iterable[RenderableType]) -> Iterator[RenderableType]:
    """The renderables, each that can be printed in pieces as its pieces."""
    for item in renderables:
        if isinstance(item, InPieces):
            yield from item.pieces()
        else:
            yield item


def print_all(console: Console, renderables: Iterable[RenderableType]) -> None:
    """Print to the terminal; when piped, without the padding Rich adds at the ends of lines,
    each piece written as it is printed (`StrippedOutput`), so the output is never held whole."""
    if console.is_terminal:
        for item in in_pieces(renderables):
            console.print(item)
        return
    out = StrippedOutput()
    for item in in_pieces(renderables):
        with console.capture() as captured:
            console.print(item)
        out.write(captured.get())
    out.close()


class StrippedOutput:
    """Captured output written to standard output as it comes, each line without its trailing
    spaces: the same bytes as the whole output's lines stripped and joined, each ended by a
    newline (one newline for no output), for a piece is written once it ends a line."""

    def __init__(self) -> None:
        self.pending = ""
        self.wrote = False

    def write(self, text: str) -> None:
        self.pending += text
        if self.pending.endswith("\n"):
            sys.stdout.write(_stripped(self.pending))
            self.wrote = True
            self.pending = ""

    def close(self) -> None:
        if self.pending or not self.wrote:
            sys.stdout.write(_stripped(self.pending))
            self.wrote = True
            self.pending = ""


def _stripped(text: str) -> str:
    """`text`'s lines without trailing spaces, each ended by a newline (one for no text)."""
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
