"""A record's events, whichever way it was written: the notation (.mlog) or the JSON Lines
event stream another program writes (docs/engines.md). Every command that reads a record reads
it through here, so a stream is accepted wherever a record is."""

from __future__ import annotations

from . import events as E
from .chunks import Pieces, parse_pieces
from .jsonl import SUFFIXES, looks_like_jsonl, parse_jsonl
from .parser import parse_text


def is_stream(text: str, filename: str) -> bool:
    """Whether the record is an event stream: named `.jsonl` or `.ndjson`, or its first line is
    a JSON object with a `kind`."""
    return filename.endswith(SUFFIXES) or looks_like_jsonl(text)


def parse_record(text: str, filename: str = "<record>") -> list[E.Event]:
    """Every event of the record, parsed whole. Raises ParseError as the parsers do."""
    if is_stream(text, filename):
        return parse_jsonl(text, filename)
    return parse_text(text, filename)


def parse_record_pieces(
    text: str, filename: str = "<record>"
) -> tuple[list[E.Event], Pieces | None]:
    """The record's events as `parse_pieces` gives them (a long record in the notation a piece
    at a time); a stream is parsed whole (`None` for the pieces after the first)."""
    if is_stream(text, filename):
        return parse_jsonl(text, filename), None
    return parse_pieces(text, filename)
