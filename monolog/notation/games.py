"""A file holding several games, one after another, read one game at a time.

A game starts with its tag lines (`[Event "…"]`); a tag line that comes after a game's body
(its setup, turn or other lines) starts the next game. `game_ranges` finds where each game lies
in the file in one pass over its lines, keeping none of them, so a file of thousands of games is
audited game by game with memory bounded by the largest game, not by the file.

A JSON Lines event stream (monolog/notation/jsonl.py) is cut the same way: a `tag` event after a
game's body (an event that is not a tag, a comment or a blank line) starts the next game. The
stream is told from the notation by its first line that is not blank, as `looks_like_jsonl`
tells it.
"""

from __future__ import annotations

import re
from typing import BinaryIO

from .jsonl import load_line

_TAG = re.compile(rb"\s*\[[A-Za-z][A-Za-z0-9_]*[ \t]")
_BODY_SKIPPED = (b"[", b";")  # tags and comments
_BRACE_COMMENTS = re.compile(rb"\{[^}\n]*\}")  # `{ … }` comments (a line of them is no body)
_BOM = b"\xef\xbb\xbf"
_STREAM_SKIPPED = ("comment", "blank")  # the stream's trivia: neither a tag nor a body


def game_ranges(handle: BinaryIO) -> list[tuple[int, int, int]]:
    """(first byte, end byte, lines before it) of each game in the file, in order; a file of
    one game gives one range covering it all."""
    ranges: list[tuple[int, int, int]] = []
    start = 0
    start_line = 0
    position = 0
    in_body = False
    stream: bool | None = None  # an event stream? decided at the first line not blank
    for number, line in enumerate(handle):
        # a UTF-8 byte-order mark (as Windows Notepad saves) is no part of the first line
        stripped = (line.removeprefix(_BOM) if number == 0 else line).strip()
        if stripped and stream is None:
            stream = _stream_kind(stripped) is not None
        if stream:
            kind = _stream_kind(stripped) if stripped else "blank"
            tag = kind == "tag"
            body = kind not in ("tag", *_STREAM_SKIPPED)  # a line not an event: the body's
        else:
            tag = bool(_TAG.match(stripped))
            rest = _BRACE_COMMENTS.sub(b"", stripped).strip()
            body = bool(rest) and not rest.startswith(_BODY_SKIPPED)
        if tag:
            if in_body:
                ranges.append((start, position, start_line))
                start, start_line, in_body = position, number, False
        elif body:
            in_body = True
        position += len(line)
    ranges.append((start, position, start_line))
    return ranges


def _stream_kind(line: bytes) -> str | None:
    """The `kind` of a line of the event stream, or None for a line that is not one."""
    if not line.startswith(b"{"):
        return None
    try:
        data = load_line(line.decode("utf-8"), unique=False)  # its kind is all that is asked
    except ValueError:  # not UTF-8, not JSON or not an event: left for the reader to report
        return None
    kind = data.get("kind") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None
