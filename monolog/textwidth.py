"""How many terminal columns a text takes, for carets placed under a column of a shown line
(the findings' excerpts and the parse errors' lines alike)."""

from __future__ import annotations

import unicodedata


def cells(text: str) -> int:
    """How many terminal columns `text` takes: two for a wide (East Asian) character, none for
    a combining mark, one for anything else."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width
