"""A record's lines for a report, read from its text where they are needed.

A report shows the source line under each finding. A long game with a finding on most lines
kept every line as a string of its own (5 MiB for a 1 MiB game of 70,000 lines, beside the
text); `TextLines` keeps the text and where each line starts, 8 bytes a line, and makes a
line when it is asked for. `record_lines` chooses the lines of any record, event streams
included.
"""

from __future__ import annotations

from array import array
from collections.abc import Container, Sequence
from typing import Any

from ..notation.events import Event
from ..notation.formatter import event_lines
from ..notation.records import is_stream
from .report import SparseLines


class TextLines(Sequence[str]):
    """The lines of `text` as `source_lines` (findings/report.py) gives them: only a newline
    ends a line, a carriage return before it is dropped, no empty line after a final newline."""

    __slots__ = ("starts", "text")

    def __init__(self, text: str) -> None:
        text = text.removeprefix("\ufeff")  # a byte-order mark: no part of the first line
        self.text = text
        starts = array("q", [0])
        at = text.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = text.find("\n", at + 1)
        if starts[-1] == len(text):  # a final newline ends the last line; no line after it
            starts.pop()
        self.starts = starts

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        starts = self.starts
        start = starts[index]  # an IndexError past either end, as a list gives
        if index < 0:
            index += len(starts)
        text = self.text
        if index + 1 < len(starts):
            end = starts[index + 1] - 1
        else:
            end = len(text) - 1 if text.endswith("\n") else len(text)
        line = text[start:end]
        return line[:-1] if line.endswith("\r") else line


def record_lines(
    text: str,
    filename: str,
    events: Sequence[Event] = (),
    wanted: Container[int] | None = None,
) -> Sequence[str]:
    """The lines a report shows under a finding or beside a row: the text's own; for an event
    stream, each event written in the notation at the line it stands on (the stream's own
    line, or the line of the record it was written from when it carries that `span`), so the
    record counts as many lines as its last event reaches. `wanted`: only those lines'
    events are written (the lines findings point at)."""
    if not is_stream(text, filename):
        return TextLines(text)
    total = max((e.span.end_line or e.span.line for e in events), default=0)
    if wanted is not None:
        events = [e for e in events if e.span.line in wanted]
    kept = event_lines(events)
    return SparseLines(max(total, *kept, 0), {n - 1: line for n, line in kept.items()})
