"""The token the fast parser driver hands to the event builder.

It is a `str` (the text as written) with the attributes of Lark's own token (`type`, `value`,
`start_pos`, `line`, `column`, `end_line`, `end_column`, `end_pos`), so the event builder reads
either kind the same way. It lives here, and not in Lark, so that a process that parses only
good records never imports Lark. Tokens never reach the events: these hold plain strings.
"""

from __future__ import annotations

__all__ = ["Token"]


class Token(str):
    """A piece of the record the rules keep: its text, its terminal and where it stands
    (lines and columns 1-based, the end column just past its last character)."""

    __slots__ = (
        "column",
        "end_column",
        "end_line",
        "end_pos",
        "line",
        "start_pos",
        "type",
        "value",
    )

    type: str
    start_pos: int
    value: str
    line: int
    column: int
    end_line: int
    end_column: int
    end_pos: int

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"
