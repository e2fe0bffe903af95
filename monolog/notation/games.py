"""A file holding several games, one after another, read one game at a time.

A game starts with its tag lines (`[Event "…"]`); a tag line that comes after a game's body
(its setup, turn or other lines) starts the next game. `game_ranges` finds where each game lies
in the file in one pass over its lines (a block of them at a time), keeping none of them, so a
file of thousands of games is audited game by game with memory bounded by the largest game, not
by the file.

A JSON Lines event stream (monolog/notation/jsonl.py) is cut the same way: a `tag` event after a
game's body (an event that is not a tag, a comment or a blank line) starts the next game. The
stream is told from the notation by its first line that is not blank, as `looks_like_jsonl`
tells it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
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
    if _opens_with_brace(handle):  # perhaps an event stream, told line by line
        return _ranges_by_line(handle)
    return _notation_ranges(handle)


# A line of the notation, found in a block of whole lines by the newline before it (a literal
# the regular expression engine scans for quickly), as `_ranges_by_line` judges it once
# stripped: a tag line (`[Name ` then something more), and a line of the body (what is left once
# `{ … }` comments and blanks are taken off is not empty and opens with neither `[` nor `;`).
# Searching a block with these instead of judging each line took 1.6% off the instructions of
# auditing run.py's quick corpus (200 one-game files; the pass was ~7x faster per file).
_TAG_LINE = re.compile(rb"\n[ \t\r\f\v]*\[[A-Za-z][A-Za-z0-9_]*[ \t][ \t\r\f\v]*\S")
_BODY_LINE = re.compile(rb"\n(?:[ \t\r\f\v]|\{[^}\n]*\})*(?:[^\s\[;{]|\{[^}\n]*(?:\n|\Z))")
_BLOCK = 1 << 20  # bytes read at a time


def _notation_ranges(handle: BinaryIO) -> list[tuple[int, int, int]]:
    """`game_ranges` of a record in the notation, read a block of whole lines at a time."""
    ranges: list[tuple[int, int, int]] = []
    start = start_line = 0
    in_body = False
    offset = lines = 0  # the block's place in the file: bytes and lines before it
    for block in _blocks(handle):
        if offset == 0 and block.startswith(_BOM):  # no part of the first line
            block = block[len(_BOM) :]
            offset = len(_BOM)
        # each line after a newline: where one is found in `text` is where it starts in `block`
        text = b"\n" + block
        at = counted = counted_lines = 0  # `counted_lines`: the lines before `counted`
        while (found := (_TAG_LINE if in_body else _BODY_LINE).search(text, at)) is not None:
            here = found.start()
            if in_body:  # a tag line after a body: the next game starts here
                counted_lines += block.count(b"\n", counted, here)
                counted = here
                ranges.append((start, offset + here, start_line))
                start, start_line = offset + here, lines + counted_lines
            in_body = not in_body
            at = text.find(b"\n", here + 1)  # the newline before the next line
            if at < 0:
                break
        offset += len(block)
        lines += block.count(b"\n")
    ranges.append((start, offset, start_line))
    return ranges


def _blocks(handle: BinaryIO) -> Iterator[bytes]:
    """The file's bytes in blocks that end at the end of a line (the last at the file's end)."""
    rest = b""
    while data := handle.read(_BLOCK):
        data = rest + data
        end = data.rfind(b"\n") + 1
        rest = data[end:]
        if end:
            yield data[:end]
    if rest:
        yield rest


def _opens_with_brace(handle: BinaryIO) -> bool:
    """Whether the file's first line that is not blank opens with `{` (the handle is put back
    at the start)."""
    for number, line in enumerate(handle):
        stripped = (line.removeprefix(_BOM) if number == 0 else line).strip()
        if stripped:
            handle.seek(0)
            return stripped.startswith(b"{")
    handle.seek(0)
    return False


def _ranges_by_line(handle: BinaryIO) -> list[tuple[int, int, int]]:
    """`game_ranges`, each line judged on its own (an event stream's lines are read as JSON)."""
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
