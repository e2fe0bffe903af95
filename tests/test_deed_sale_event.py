"""A deed sold to the bank as a clause of its own (`sell deed Square, … for amt`, CF-63): read,
written back, carried in the JSON Lines stream and in its schema, and refused without its price."""

from __future__ import annotations

import json

import pytest

from monolog.notation.errors import ParseError
from monolog.notation.events import Ref, SellDeed, to_data
from monolog.notation.formatter import format_events
from monolog.notation.jsonl import json_schema, parse_jsonl
from monolog.notation.parser import parse_text

LINE = 'Ann sell deed Baltic Avenue, "Oriental Avenue" for 80'


def test_a_deed_sale_reads_writes_back_and_streams() -> None:
    events = parse_text(LINE + "\n", "game.mlog")
    sale = next(e for e in events if isinstance(e, SellDeed))
    assert sale.squares == (Ref("Baltic Avenue", "name"), Ref("Oriental Avenue", "quoted"))
    assert sale.amount == 80
    assert format_events(events).strip() == LINE
    stream = "\n".join(json.dumps(to_data(e)) for e in events) + "\n"
    assert parse_jsonl(stream) == events


def test_the_stream_schema_bounds_a_deed_sale() -> None:
    schema = json_schema()["$defs"]["sell-deed"]
    assert schema["required"] == ["kind", "squares", "amount"]
    assert schema["properties"]["amount"]["minimum"] == 0
    with pytest.raises(ParseError) as refused:
        parse_jsonl('{"kind": "sell-deed", "squares": [{"text": "Baltic Avenue"}], "amount": -5}')
    assert refused.value.finding.code == "P131"


def test_a_deed_sale_without_its_price_is_refused_at_the_line_end() -> None:
    with pytest.raises(ParseError) as refused:
        parse_text("Ann sell deed Baltic Avenue\n", "game.mlog")
    rendered = refused.value.render()
    assert rendered.startswith("game.mlog:1:28: P101")
    assert "expected 'for' or ','" in rendered


@pytest.mark.parametrize("kind", ["sell-deed", "mortgage", "interest"])
def test_a_stream_line_naming_no_square_is_refused_at_its_key(kind: str) -> None:
    """No record writes `sell deed for 30` or `mortgage for 5`: the reader refuses the empty list
    (P131 at its key) instead of the audit failing later on it (P900, an internal error)."""
    line = f'{{"kind": "{kind}", "squares": [], "amount": 5}}'
    with pytest.raises(ParseError) as refused:
        parse_jsonl(line)
    finding = refused.value.finding
    assert finding.code == "P131"
    assert finding.span.column == line.index('"squares"') + 1
    assert "expected one item or more" in finding.message
    assert json_schema()["$defs"][kind]["properties"]["squares"]["minItems"] == 1
