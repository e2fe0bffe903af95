"""A file holding several games, one after another, read one game at a time.

A game starts with its tag lines (`[Event "…"]`); a tag line that comes after a game's body
(its setup, turn or other lines) starts the next game. `game_ranges` finds where each game lies
in the file in one pass over its lines, keeping none of them, so a file of thousands of games is
audited game by game with memory bounded by the largest game, not by the file.
"""

from __future__ import annotations

import re
from typing import BinaryIO

_TAG = re.compile(rb"\s*\[[A-Za-z][A-Za-z0-9_]*[ \t]")
_BODY_SKIPPED = (b"[", b";", b"\xef\xbb\xbf[")  # tags, comments and a BOM before a tag


def game_ranges(handle: BinaryIO) -> list[tuple[int, int, int]]:
    """(first byte, end byte, lines before it) of each game in the file, in order; a file of
    one game gives one range covering it all."""
    ranges: list[tuple[int, int, int]] = []
    start = 0
    start_line = 0
    position = 0
    in_body = False
    for number, line in enumerate(handle):
        stripped = line.strip()
        if _TAG.match(line):
            if in_body:
                ranges.append((start, position, start_line))
                start, start_line, in_body = position, number, False
        elif stripped and not stripped.startswith(_BODY_SKIPPED):
            in_body = True
        position += len(line)
    ranges.append((start, position, start_line))
    return ranges
