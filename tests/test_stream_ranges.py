"""A stream holds only what a record can write: a die shows 1 to 6, amounts and counts are not
below zero (but for a cash count and a starting cash) and have at most nine digits. The reader
refuses the rest with P131 at the key, and the published schema says the same."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from monolog.notation import ParseError
from monolog.notation.jsonl import parse_jsonl

SCHEMA = json.loads(
    (Path(__file__).resolve().parent.parent / "docs" / "events.schema.json").read_text("utf-8")
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ({"kind": "roll", "die1": 7, "die2": 1}, "roll.die1: a die shows 1 to 6, not 7"),
        ({"kind": "dice", "die1": 3, "die2": 0}, "dice.die2: a die shows 1 to 6, not 0"),
        ({"kind": "buy", "amount": -5}, "buy.amount: expected 0 or more, not -5"),
        (
            {"kind": "auction", "lot_kind": "pending", "bids": [{"player": {"text": "Ben"},
             "amount": -1}]},
            "auction.bids[0].amount: expected 0 or more",
        ),
        ({"kind": "rent", "amount": 10**10}, "rent.amount: expected at most 999,999,999"),
    ],
)  # fmt: skip
def test_values_a_record_cannot_write_are_refused(line: dict[str, object], says: str) -> None:
    text = json.dumps(line)
    with pytest.raises(ParseError) as caught:
        parse_jsonl(text, "g.jsonl")
    assert caught.value.finding.code == "P131"
    assert says in caught.value.finding.message
    assert not VALIDATOR.is_valid({"schema": 1, **line})


@pytest.mark.parametrize(
    "line",
    [
        {"kind": "check", "amount": -190},
        {"kind": "setup-player", "player": {"text": "Ann"}, "cash": -20, "holdings": [],
         "cards": []},
        {"kind": "roll", "die1": 6, "die2": 1},
    ],
)  # fmt: skip
def test_a_count_below_zero_and_the_dice_faces_are_read(line: dict[str, object]) -> None:
    assert len(parse_jsonl(json.dumps(line), "g.jsonl")) == 1
    assert VALIDATOR.is_valid({"schema": 1, **line})


def test_a_deal_item_without_what_it_hands_over_is_refused() -> None:
    """A fuzzed stream's deed with `"square": null` reached the engine, which has no deed to hand
    over (an AssertionError under --paranoid): the reader refuses it, as no record can write it."""
    line = {
        "kind": "deal",
        "first": {"player": {"text": "Ann"}, "gives": [{"kind": "square", "square": None}]},
        "second": {"player": {"text": "Ben"}, "gives": [{"kind": "cash", "amount": 5}]},
    }
    with pytest.raises(ParseError) as caught:
        parse_jsonl(json.dumps(line), "g.jsonl")
    assert "deal.first.gives[0]: a square item needs its square" in caught.value.finding.message
