"""The GNOME example (examples/gnome): its converter turns the shipped GNOME logs into the
shipped streams, and the audit reads them and reports the findings pinned here.

GNOME itself is not needed: the logs are shipped. A change to the converter or to the audit
that changes what these games draw shows here; update the pins (and examples/gnome/README.md)
when the change is meant.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "gnome"

# finding codes each shipped game draws today (examples/gnome/README.md says which are
# GNOME's declared departures from the 2018 rules)
CODES = {
    "seed_13_opening": {"I002", "M106"},
    "seed_36": {"A14", "A39", "A67", "I002", "M106", "M802"},
    "seed_6": {
        "A14", "A16", "A39", "A62", "I002", "M106", "M612", "M703", "M802",
    },
}  # fmt: skip
# how often each game plays the readings GNOME's profile declares, as its summary names them
PLAYED = {
    "seed_13_opening": {"CF-71": 1, "CF-80": 4},
    "seed_36": {
        "CF-63": 19,
        "CF-71": 1,
        "CF-79": 2,
        "CF-80": 18,
        "CF-81": 1,
        "CF-82": 3,
        "CF-83": 1,
    },
    "seed_6": {
        "CF-63": 4,
        "CF-71": 2,
        "CF-79": 3,
        "CF-80": 12,
        "CF-81": 1,
        "CF-82": 3,
        "CF-83": 15,
    },
}
PROFILE_READINGS = {
    "CF-63": "at-mortgage-value",
    "CF-71": "closest",
    "CF-79": "with-replacement",
    "CF-80": "one-throw-a-turn",
    "CF-81": "one-turn-then-free",
    "CF-82": "debt-then-bank",
    "CF-83": "foreclosed",
}


def _converter():
    spec = importlib.util.spec_from_file_location("gnome_convert", EXAMPLE / "convert.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(CODES))
def test_converter_writes_the_shipped_stream(game: str) -> None:
    with (EXAMPLE / "logs" / f"{game}.log").open(encoding="utf-8") as log:
        lines = list(_converter().convert(log))
    shipped = (EXAMPLE / "streams" / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines == shipped
    tags = {
        event["key"]: event["value"] for event in map(json.loads, lines) if event["kind"] == "tag"
    }
    assert tags["Engine"] == "gnome 0.0.9" and tags["Edition"] == "gnome.yaml"
    assert "Ruling" not in tags  # GNOME's readings are its profile's
    assert len(tags["Players"].split(", ")) == 4


def test_the_profile_declares_gnomes_readings_and_is_written_beside_the_streams(
    tmp_path: Path,
) -> None:
    from monolog.editions import load_edition

    profile = load_edition(str(EXAMPLE / "gnome.yaml"))
    assert profile.engine is not None and profile.engine.name == "gnome 0.0.9"
    assert profile.engine.plays == PROFILE_READINGS
    assert profile.card("CC11").amount == 50 and profile.card("CH17").amount == 100
    assert profile.card("CC17").kind == "collect_from_each_player"
    log = EXAMPLE / "logs" / "seed_13_opening.log"
    assert _converter().main([str(log), "--out", str(tmp_path)]) == 0
    written = (tmp_path / "gnome.yaml").read_bytes()
    assert written == (EXAMPLE / "gnome.yaml").read_bytes()
    assert written == (EXAMPLE / "streams" / "gnome.yaml").read_bytes()


@pytest.mark.parametrize("game", sorted(CODES))
def test_audit_of_the_stream_draws_the_pinned_codes(game: str, tmp_path: Path) -> None:
    stream = EXAMPLE / "streams" / f"{game}.jsonl"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "monolog",
            "audit",
            "--isolated",
            "--exit-zero",
            "--format",
            "jsonl",
            str(stream),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    codes = {row["code"] for row in rows if row.get("kind") == "finding"}
    assert not {code for code in codes if code.startswith("P")}, "the stream must parse"
    assert codes == CODES[game]
    (summary,) = [row for row in rows if row.get("kind") == "game"]
    declared = {d["cf"]: d for d in summary["declared"]}
    assert {cf: d["reading"] for cf, d in declared.items()} == PROFILE_READINGS
    assert {cf: d["count"] for cf, d in declared.items() if d["count"]} == PLAYED[game]


def test_fractional_auction_is_closed_by_the_winner_at_the_charged_price() -> None:
    """GNOME bids in fractions that round to the same whole number; the written auction must
    still end with the winner's bid at the price GNOME charged, or the audit blames the wrong
    player (M207)."""
    prefix = "2026-01-01 00:00:00,000:monopoly_simulator.logging_info:DEBUG:"
    messages = [
        "players will play in the following order: a->b",
        "We are in the pre-roll phase for a",
        "a decides to purchase? False",
        "Entering auctioning for asset Baltic Avenue",
        "b proposed bid 58.8",
        "a proposed bid 59.6",
        "b proposed bid 59.8",
        "b is being charged amount: 60.0",
        "Asset ownership update succeeded.",
    ]
    events = [json.loads(line) for line in _converter().convert(prefix + m for m in messages)]
    auction = next(event for event in events if event["kind"] == "auction")
    assert auction["bids"] == [{"player": {"text": "b"}, "amount": 60}]
    assert auction["winner"] == {"text": "b"} and auction["price"] == 60


def test_cash_counts_carry_the_rounding_the_stream_already_wrote() -> None:
    """A trade for 112.5 is written as 113: the counts after it must be the cash the stream's
    own amounts give (1500 - 113 and 1500 + 113), not GNOME's rounded on its own (1388), or
    every fractional trade shows as a cash difference (W001) that GNOME never made."""
    prefix = "2026-01-01 00:00:00,000:monopoly_simulator.logging_info:DEBUG:"
    messages = [
        "players will play in the following order: a->b",
        "We are in the pre-roll phase for a",
        "a accepted trade offer from b",
        "attempting to update asset Baltic Avenue to reflect new owner: b",
        "Asset is owned by a. Attempting to remove...",
        "b is being charged amount: 112.5",
        "a is receiving amount: 112.5",
        "Transaction successful. Nulling outstanding trade offers data structures",
        "Printing cash balance and net worth of each player: ",
        "a has a cash balance of $1612.5 and a net worth of $1552.5",
        "b has a cash balance of $1387.5 and a net worth of $1447.5",
    ]
    events = [json.loads(line) for line in _converter().convert(prefix + m for m in messages)]
    deal = next(event for event in events if event["kind"] == "deal")
    assert deal["first"]["gives"] == [{"kind": "cash", "amount": 113}]
    counts = {e["player"]["text"]: e["amount"] for e in events if e["kind"] == "check"}
    assert counts == {"a": 1500 + 113, "b": 1500 - 113}


def test_a_double_thrown_in_gnomes_jail_is_written_as_not_moving() -> None:
    """GNOME's jailed player throws the dice and stays put even on a double; the rules would
    move the token, so the stream says the move was ignored (one M112) instead of leaving the
    audit to move it and disagree with every later count."""
    prefix = "2026-01-01 00:00:00,000:monopoly_simulator.logging_info:DEBUG:"
    messages = [
        "players will play in the following order: a->b",
        "We are in the pre-roll phase for a",
        "dies have come up [np.int64(3), np.int64(3)]",
        "We are in the pre-roll phase for b",
        "dies have come up [2, 5]",
        "executing move_player_after_die_roll for b by 7 relative steps forward.",
        " and is moving to position Chance",
    ]
    events = [json.loads(line) for line in _converter().convert(prefix + m for m in messages)]
    kinds = [event["kind"] for event in events if event["kind"] != "tag"]
    assert kinds == ["turn", "roll", "ignored", "turn", "roll"]
    assert events[-1]["square"] == {"text": "Chance"}


def test_dues_after_a_nearest_utility_card_are_written() -> None:
    """After the nearest-utility card GNOME pays the salary before the move and charges ten
    times the moving roll with no line naming the owner: both must still be written, the
    rent with `dice same`, or the audit misses a rent (M410) and the count after it."""
    prefix = "2026-01-01 00:00:00,000:monopoly_simulator.logging_info:DEBUG:"
    messages = [
        "players will play in the following order: a->b",
        "We are in the pre-roll phase for a",
        "dies have come up [3, 1]",
        "executing move_player_after_die_roll for a by 4 relative steps forward.",
        " and is moving to position Chance",
        "a is picking card from chance.",
        "a picked card go_to_nearest_utility",
        "a is receiving amount: 200",
        " and is moving to position Water Works",
        "a is being charged amount: 40",
        "b is receiving amount: 40",
        "We are in the post-roll phase for a",
        "We are in the pre-roll phase for b",
    ]
    events = [json.loads(line) for line in _converter().convert(prefix + m for m in messages)]
    body = [event for event in events if event["kind"] not in ("tag", "turn")]
    assert [event["kind"] for event in body] == [
        "roll", "card", "move", "salary", "no-throw", "rent",
    ]  # fmt: skip
    assert body[1] == {"schema": 1, "kind": "card", "card": {"text": "CH07"}}
    assert body[-1]["amount"] == 40 and body[-1]["payee"] == {"text": "b"}


def test_a_bankruptcy_after_a_rent_names_the_player_owed_and_the_bank() -> None:
    """GNOME pays the owner the whole rent and gives the rest of the estate to the bank: the
    stream writes a bankruptcy to the bank naming the creditor (CF-82), not a bare `bankrupt`,
    which the audit would read as the whole estate going to the owner; after a tax it stays
    bare (the bank is owed). A deed sold back to the bank is a `sell-deed`."""
    prefix = "2026-01-01 00:00:00,000:monopoly_simulator.logging_info:DEBUG:"
    messages = [
        "players will play in the following order: a->b->c",
        "We are in the pre-roll phase for a",
        "Boardwalk is owned by b and is not mortgaged. Proceeding to calculate and pay rent.",
        "b is receiving amount: 1400.0",
        "a is being charged amount: 1400.0",
        "a: I am attempting to sell property Baltic Avenue to the bank",
        "Transfer successful. Paying player what they are due for the property and returning",
        "a is receiving amount: 30.0",
        "Beginning bankruptcy proceedings for a",
        "We are in the pre-roll phase for c",
        "c is on a tax location, namely Luxury Tax. Deducting tax...",
        "c is being charged amount: 100.0",
        "Beginning bankruptcy proceedings for c",
    ]
    events = [json.loads(line) for line in _converter().convert(prefix + m for m in messages)]
    sale = next(event for event in events if event["kind"] == "sell-deed")
    assert sale["squares"] == [{"text": "Baltic Avenue"}] and sale["amount"] == 30
    first, second = [event for event in events if event["kind"] == "bankrupt"]
    assert first["to_bank"] is True and first["creditor"] == {"text": "b"}
    assert "creditor" not in second and "to_bank" not in second
