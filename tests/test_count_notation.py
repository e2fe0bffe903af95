"""The counts beside the cash checksum, as written: where a token stands (`=at Square`,
`=Ben at Square`), the bank's buildings (`=bank houses N hotels N`) and the Free Parking pool
(`=pot N`). Each reads into its event, formats back to the same text, goes through the JSON
event stream unchanged, and a count written wrong is a parse error at its place."""

from __future__ import annotations

import json

import pytest

from monolog.notation import ParseError
from monolog.notation.events import PotCheck, SquareCheck, StockCheck, to_data
from monolog.notation.formatter import format_clause
from monolog.notation.jsonl import parse_jsonl
from monolog.notation.parser import parse_text

HEAD = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue '


def _counts(clauses: str) -> list[object]:
    events = parse_text(HEAD + clauses + "\n", "g.mlog")
    return [e for e in events if isinstance(e, SquareCheck | StockCheck | PotCheck)]


@pytest.mark.parametrize(
    ("clause", "fields"),
    [
        ("=at Baltic Avenue", {"kind": "check-square", "player": None}),
        ("=Ben at #3", {"kind": "check-square"}),
        ("=bank houses 28 hotels 10", {"kind": "check-bank", "houses": 28, "hotels": 10}),
        ("=bank houses 28", {"kind": "check-bank", "houses": 28, "hotels": None}),
        ("=bank hotels 0", {"kind": "check-bank", "houses": None, "hotels": 0}),
        ("=pot 150", {"kind": "check-pot", "amount": 150}),
        ("=pot $0", {"kind": "check-pot", "amount": 0}),
    ],
)
def test_each_count_reads_formats_and_streams_as_written(
    clause: str, fields: dict[str, object]
) -> None:
    (event,) = _counts(clause)
    data = to_data(event)
    assert {k: data[k] for k in fields if k != "player"} == {
        k: v for k, v in fields.items() if k != "player"
    }
    if "player" in fields:
        assert data["player"] is None
    # the formatter writes the clause back (a `$` and a square's number as monolog writes them)
    (again,) = _counts(format_clause(event))
    assert {**to_data(again), "span": None} == {**data, "span": None}
    # and the JSON event stream carries it unchanged
    line = json.dumps({"schema": 1, **data})
    assert [to_data(e) for e in parse_jsonl(line, "g.jsonl")] == [data]


def test_the_span_covers_the_whole_count() -> None:
    (event,) = _counts("=bank houses 28 hotels 10 buy 60")
    start = len("1. Ann 1-2 Baltic Avenue ") + 1
    assert (event.span.line, event.span.column) == (2, start)
    assert event.span.end_column == start + len("=bank houses 28 hotels 10")


@pytest.mark.parametrize(
    ("clause", "column", "expected"),
    [
        ("=bank", 31, "expected 'hotels' or 'houses'"),
        ("=bank houses 3 houses 4", 41, "unexpected 'houses'"),  # a count given twice
        ("=bank hotels 3 houses 4", 41, "unexpected 'houses'"),  # houses come first
        ("=pot", 30, "expected an amount like 200"),
        ("=at", 29, "the line ends too early"),
    ],
)
def test_a_count_written_wrong_is_a_parse_error_at_its_place(
    clause: str, column: int, expected: str
) -> None:
    with pytest.raises(ParseError) as caught:
        parse_text(HEAD + clause + "\n", "g.mlog")
    finding = caught.value.finding
    assert (finding.code, finding.span.line, finding.span.column) == ("P101", 2, column)
    assert expected in caught.value.render()
