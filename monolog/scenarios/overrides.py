"""What differs under one edition of a scenario's `editions:` list, laid over its port.

A scenario that lists several editions is ported to each of them by board position (porting.py);
its `overrides:` mapping gives, per edition, what the port cannot know:

    overrides:
      uk-1996:
        expect: {findings: [{code: M301, line: 4, message: "£12"}]}
        lines: {3: "setup Ann owns Old Kent Road, Whitechapel Road"}

`expect` replaces the ported expectation key by key (`findings`, `state`, `final`, …), `lines`
replaces whole lines of the ported record (line 1 is its first line), and `title`, `rules`,
`rulings`, `notes` and `record` replace the ported value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

OVERRIDE_KEYS = ("title", "rules", "rulings", "notes", "record", "lines", "expect")


def record_lines(record: str) -> list[str]:
    """A record's lines, without their line ends (a last empty piece is no line)."""
    lines = record.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def laid_over(ported: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """The ported scenario data with one edition's override laid over it. The override's values
    are checked already; a line number of `lines` lies within the ported record."""
    out = dict(ported)
    for key, value in override.items():
        if key == "expect":
            out["expect"] = {**(ported.get("expect") or {}), **value}
        elif key == "lines":
            record = str(ported.get("record", ""))
            lines = record.split("\n")
            for number, text in value.items():
                lines[number - 1] = text
            out["record"] = "\n".join(lines)
        else:
            out[key] = value
    return out
