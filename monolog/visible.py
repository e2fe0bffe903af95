"""Text from a record shown on a terminal: every character that could move the cursor, clear
the screen, change colours, open a link or reorder the line (ESC and the other C0 and C1
controls, DEL, line and paragraph separators, bidirectional and other format characters) is
written as Python escapes it (`\\x1b`, `\\u202e`), visibly, where it stands.

`visible` is the one function for it; the consoles of the reports pass everything they print
through it as well (`guard`), so a name that reaches a table unescaped is still shown, never
obeyed. JSON, CSV and the record itself keep the exact text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from unicodedata import category

if TYPE_CHECKING:
    from rich.console import (
        Console,
        ConsoleOptions,
        ConsoleRenderable,
        RenderableType,
        RenderResult,
    )
    from rich.measure import Measurement


# what is escaped: controls (C0, DEL, C1), format characters (bidirectional controls, zero
# width characters), line and paragraph separators and lone surrogates. Spaces (a no-break space
# keeping a name beside its amount, say), private-use and unassigned characters are shown.
_ESCAPED = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs"))


def visible(text: str) -> str:
    """`text` with each character a terminal could obey escaped as Python writes it (`\\x1b`);
    a text that is all printable (the usual case) is returned as it is."""
    if text.isprintable():
        return text
    return "".join(repr(c)[1:-1] if category(c) in _ESCAPED else c for c in text)


def visible_lines(text: str) -> str:
    """`visible` for text laid out in lines: the newlines stay."""
    if text.isprintable():
        return text
    return "\n".join(visible(part) for part in text.split("\n"))


class _Shown:
    """A renderable printed with every segment of text passed through `visible` (the styles,
    written apart from the text as control segments, are left alone)."""

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment

        for segment in console.render(self.inner, options):
            if segment.control is None and not segment.text.isprintable():
                yield Segment(visible_lines(segment.text), segment.style)
            else:
                yield segment

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        return Measurement.get(console, options, self.inner)


def guard(console: Console) -> Console:
    """`console`, printing every renderable through `visible` (a Rich render hook, so each
    `print` and `log` is covered); for a console made with `markup=False`, so that no text is
    read as Rich markup either."""
    from rich.console import RenderHook

    class _Hook(RenderHook):
        def process_renderables(
            self, renderables: list[ConsoleRenderable]
        ) -> list[ConsoleRenderable]:
            return [_Shown(r) for r in renderables]

    console.push_render_hook(_Hook())
    return console
