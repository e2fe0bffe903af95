"""A bankruptcy whose creditor the record leaves out (the rules name it) against one written to
the bank while a player is owed (reported, naming the player, then followed), in the text and in
the JSON Lines stream, where the bank is `"to_bank": true` and a creditor left out is null."""

from __future__ import annotations

import json
from pathlib import Path

from testkit.disputes import compared

from monolog.commands.audit import audit_file
from monolog.notation.events import to_data
from monolog.notation.formatter import format_events
from monolog.notation.jsonl import parse_jsonl
from monolog.notation.parser import parse_text

RECORD = """[Players "Ann, Ben, Cal"]
setup Ann cash 50 at Pennsylvania Avenue
setup Ann owns Baltic Avenue mortgaged
setup Ben owns Park Place, Boardwalk
setup next Ann
1. Ann 2-3 Boardwalk rent 100
Ann bankrupt
"""


def _stream(tmp_path: Path, to_bank: bool) -> Path:
    """RECORD as a JSON Lines stream, its bankruptcy with creditor null (and the bank written
    as `"to_bank": true` when `to_bank`)."""
    events = [to_data(e) for e in parse_text(RECORD, "game.mlog")]
    assert events[-1]["kind"] == "bankrupt" and events[-1]["creditor"] is None
    events[-1]["to_bank"] = to_bank
    stream = tmp_path / "game.jsonl"
    stream.write_text("\n".join(json.dumps(e) for e in events) + "\n", encoding="utf-8")
    return stream


def _codes(path: Path) -> list[str]:
    report, _ = audit_file(str(path))
    return [f.code for f in report.findings]


def test_a_stream_bankruptcy_to_the_bank_while_a_player_is_owed_is_reported(
    tmp_path: Path,
) -> None:
    stream = _stream(tmp_path, to_bank=True)
    report, _ = audit_file(str(stream))
    finding = report.findings[0]
    assert finding.code == "M803"
    assert "M709" not in _codes(stream)  # the estate went to the bank: Ben owes no 10%
    assert "Ann's debt is to Ben, not the bank" in finding.message
    assert "replayed as written, to the bank" in finding.message


def test_the_bank_written_is_kept_apart_from_no_creditor_in_text_and_stream() -> None:
    line = '{"kind": "bankrupt", "actor": {"text": "Ann", "kind": "name"}, "creditor": null'
    to_bank = parse_jsonl(line + ', "to_bank": true}\n')
    bare = parse_jsonl(line + "}\n")
    assert format_events(to_bank).strip() == "Ann bankrupt to bank"
    assert format_events(bare).strip() == "Ann bankrupt"


def test_a_stream_bankruptcy_to_the_bank_naming_the_player_owed_pays_that_player_the_debt(
    tmp_path: Path,
) -> None:
    """`"to_bank": true` with the creditor named is `bankrupt to bank, creditor Ben` (CF-82): Ben
    keeps the 100 paid and the bank takes the rest (M803 under the edition's whole-estate)."""
    stream = _stream(tmp_path, to_bank=True)
    lines = stream.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    last["creditor"] = {"text": "Ben"}
    stream.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n", encoding="utf-8")
    events = parse_jsonl(stream.read_text(encoding="utf-8"))
    assert format_events(events[-1:]).strip() == "Ann bankrupt to bank, creditor Ben"
    report, _ = audit_file(str(stream))
    assert report.findings[0].code == "M803"
    assert "M709" not in _codes(stream)  # the estate went to the bank: Ben owes no 10%
    assert "Ben keeps the $100 paid and the bank takes the rest" in report.findings[0].message


def test_a_dispute_over_another_point_follows_the_estate_written_on_both_sides() -> None:
    """`bankrupt to bank` while Ben is owed is a mistake (M803), not a disputed point: a replay
    measuring another ruling follows it too, so the dispute shows no divergence there (before,
    the alternative gave Ben the estate and the ruling seemed to change who held Baltic)."""
    text = RECORD.replace("Ann bankrupt", "Ann bankrupt to bank") + (
        "auction Baltic Avenue bids Cal 20 sold Cal 20\n"
    )
    c = compared(text, "game.mlog", {"CF-63": "at-mortgage-value"})
    assert c.divergence is None
