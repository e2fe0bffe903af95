"""A long game's ledger keeps its older entries as numbers (engine/core/ledger.py,
`PackedLedger`): read and changed as a list of `Transfer`s is, and a game replayed a piece at a
time with a packed ledger has the findings, cash and ledger of the whole replay, where a count
reaches back past the entries kept as objects."""

from __future__ import annotations

import copy
import random
import tracemalloc
from typing import Any

import pytest

from monolog.columns import BLOCK
from monolog.engine import replay
from monolog.engine.core.ledger import PackedLedger, Transfer
from monolog.engine.core.replay import begin, replay_chunks, replay_steps
from monolog.notation.chunks import parse_pieces
from monolog.notation.events import Span
from monolog.notation.parser import parse_text


def _entry(n: int, **changed: Any) -> Transfer:
    values: dict[str, Any] = {
        "turn": n,
        "span": Span(n, 1, n, 9),
        "payer": ("Ann", None, "Ben")[n % 3],
        "payee": (None, "Ben", "Ann")[n % 3],
        "amount": 10 * n,
        "reason": ("rent", "salary")[n % 2],
        "derived": n % 2 == 0,
    }
    return Transfer(**{**values, **changed})


def test_a_packed_ledger_reads_and_changes_as_a_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("monolog.engine.core.ledger.KEEP", 3)
    big = _entry(7, amount=1 << 40)  # too large for the packed numbers: kept whole
    entries = [_entry(n) for n in range(12)] + [big]
    ledger, model = PackedLedger(), []
    for e in entries:
        ledger.append(e)
        model.append(e)
        ledger.pack()
    assert ledger.packed == len(entries) - 3
    assert ledger == model and list(reversed(ledger)) == model[::-1]
    assert ledger[2:5] == model[2:5] and ledger[-2:] == model[-2:] and ledger[::3] == model[::3]
    assert ledger.place(_entry(4)) == 4 and ledger.place(big) == 12
    assert ledger.place(_entry(4, amount=41)) is None
    for change in (
        lambda seq: seq.insert(2, _entry(40)),
        lambda seq: seq.__delitem__(5),
        lambda seq: seq.__setitem__(1, _entry(50)),
        lambda seq: seq.append(seq.pop(3)),
    ):
        change(ledger)
        change(model)
        assert ledger == model
        ledger.pack()
        assert ledger == model
    assert ledger.packed == len(model) - 3


def _game(turns: int, counts: bool) -> str:
    """Two players taking turns with bare rolls; with `counts`, Ann's cash counted wrong on
    every one of her lines (a W001 each), Ben's never."""
    rng = random.Random(5)
    out = ['[Players "Ann, Ben"]\n']
    for turn in range(1, turns + 1):
        first = rng.randint(1, 6)
        second = rng.choice([d for d in range(1, 7) if d != first])
        player = ("Ann", "Ben")[turn % 2 == 0]
        count = f" =${rng.randint(1, 3_000)}" if counts and player == "Ann" else ""
        out.append(f"{turn}. {player} {first}-{second}{count}\n")
    return "".join(out)


def _replays(text: str) -> tuple[Any, Any]:
    whole = replay(parse_text(text, "g.mlog"), file="g.mlog", paranoid=True)
    first, more = parse_pieces(text, "g.mlog", 20)
    assert more is not None
    pieces = replay_chunks(iter([first, *more]), file="g.mlog", paranoid=True)
    return whole, pieces


def _findings(result: Any) -> list[Any]:
    return [(f.to_data(), f.caused_by) for f in result.findings]


@pytest.mark.parametrize("counts", [True, False])
def test_a_game_in_pieces_with_a_packed_ledger_is_the_whole_replay(
    monkeypatch: pytest.MonkeyPatch, counts: bool
) -> None:
    monkeypatch.setattr("monolog.engine.core.ledger.KEEP", 5)
    whole, pieces = _replays(_game(300, counts) + "Ben =$1500\n")
    assert pieces.transfers.packed > 0  # Ben's count reaches back past the entries kept whole
    assert _findings(pieces) == _findings(whole)
    assert pieces.state == whole.state
    assert pieces.transfers == whole.transfers


# Ben pays Marvin Gardens' rent written as 240 (the rule's figure is 24); many lines later, a
# count of Ben that agrees with the rule's figure says the written amount was the slip: the
# replay then puts the rule's figure in that payment's place, long packed
SLIP = """\
[Players "Ann, Ben"]
setup Ann owns Marvin Gardens
setup Ben at #20
setup next Ben
1. Ben 4-5 Marvin Gardens rent 240
"""


def test_a_slip_found_long_after_its_payment_amends_the_packed_entry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("monolog.engine.core.ledger.KEEP", 5)
    rng = random.Random(3)
    lines = []
    for turn in range(2, 120):
        first = rng.randint(1, 6)
        second = rng.choice([d for d in range(1, 7) if d != first])
        lines.append(f"{turn}. {('Ben', 'Ann')[turn % 2 == 0]} {first}-{second}\n")
    body = SLIP + "".join(lines)
    before = replay(parse_text(body, "g.mlog"), edition="us-2018", file="g.mlog")
    ben = next(p.cash for p in before.state.players if p.name == "Ben")
    text = body + f"Ben ={ben + 216}\n"  # the rent at the rule's 24, not the 240 written
    whole = replay(parse_text(text, "g.mlog"), edition="us-2018", file="g.mlog")
    first, more = parse_pieces(text, "g.mlog", 20)
    assert more is not None
    pieces = replay_chunks(iter([first, *more]), edition="us-2018", file="g.mlog")
    rent = [t.amount for t in pieces.transfers if t.span.line == 5 and t.payer == "Ben"]
    assert rent == [24]  # amended in its place, packed until the count (taken out again then)
    assert not [f for f in whole.findings if f.code in ("W001", "P901")]  # the slip was found
    assert _findings(pieces) == _findings(whole)
    assert pieces.transfers == whole.transfers


# Ben holds the yellows: Ann's rents to him are payments between players
OWNS = '[Players "Ann, Ben"]\nsetup Ben owns Marvin Gardens, Ventnor Avenue, Atlantic Avenue\n'


def _named_by(tail: str) -> dict[str, Any]:
    text = _game(200, counts=True).replace('[Players "Ann, Ben"]\n', OWNS) + tail
    events = parse_text(text, "g.mlog")
    game = begin(events, file="g.mlog")
    for _ in replay_steps(game, events):
        pass
    return game.record.named_by


def test_a_payment_a_w001_named_is_kept_until_the_other_player_counts() -> None:
    # a payment a W001 named is kept for the other player's later counts (one missing payment,
    # one finding): none with the bank (a salary, a tax: the counting player's own later counts
    # start after it), and none once the other player has counted; a game of wrong counts kept
    # one on most lines
    waiting = _named_by("")
    assert list(waiting) == ["Ben"] and waiting["Ben"]
    assert all(None not in key[1:3] for key in waiting["Ben"])
    assert "Ben" not in _named_by("Ben =$1\n")


def test_a_ledger_no_one_reads_is_let_go_with_the_same_findings() -> None:
    # the audit of a long game without a Result tag reads no ledger: it is let go before the
    # findings are sorted, and the findings are those of the replay that keeps it
    text = _game(300, counts=True)
    first, more = parse_pieces(text, "g.mlog", 20)
    assert more is not None
    kept = replay_chunks(iter([first, *more]), file="g.mlog")
    first, more = parse_pieces(text, "g.mlog", 20)
    assert more is not None
    let_go = replay_chunks(iter([first, *more]), file="g.mlog", ledger=False)
    assert len(kept.transfers) > 150 and len(let_go.transfers) == 0
    assert _findings(let_go) == _findings(kept)


def test_a_copied_ledger_appends_to_its_own_entries() -> None:
    # a game is copied deep (pending_state.py): the copy's `append` is its own list's, not the
    # original's (copy.deepcopy takes a list's bound method as it is)
    ledger = PackedLedger([_entry(1)])
    copied = copy.deepcopy(ledger)
    copied.append(_entry(2))
    assert len(ledger) == 1 and copied == [_entry(1), _entry(2)]


def test_a_packed_entry_takes_its_narrow_columns_across_blocks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # each packed entry's numbers in columns as narrow as they nearly always are (21 bytes
    # where they took 36: a 10 MiB game of a wrong count on every line packs 610,000), in
    # blocks; an entry whose numbers do not fit them (a column past 65,535, a span over more
    # than 255 lines) is kept whole, and an older one is changed across a block's edge
    monkeypatch.setattr("monolog.engine.core.ledger.KEEP", 0)
    count = BLOCK + 3_000
    odd = {
        5: _entry(5, span=Span(5, 70_000, 5, 70_004)),
        7: _entry(7, span=Span(7, 1, 300, 2)),
        9: _entry(9, amount=-5, turn=-(1 << 31)),
    }
    model = [odd.get(n) or _entry(n) for n in range(count)]
    warm = PackedLedger(model[:2_000])  # the interpreter's own lists of free objects filled
    warm.pack()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        ledger = PackedLedger()
        for n in range(count):
            ledger.append(odd.get(n) or _entry(n))
            if n % 1_000 == 0:
                ledger.pack()
        ledger.pack()
        size = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert ledger.packed == count and size / count < 28  # 38 before
    assert ledger == model and ledger[BLOCK - 1 : BLOCK + 2] == model[BLOCK - 1 : BLOCK + 2]
    assert ledger.place(model[BLOCK + 1]) == BLOCK + 1 and ledger.place(odd[5]) == 5
    ledger.insert(BLOCK - 2, _entry(40))
    model.insert(BLOCK - 2, _entry(40))
    ledger[BLOCK + 4] = model[BLOCK + 4] = _entry(41)
    assert ledger.packed == BLOCK - 2 and ledger == model
    ledger.pack()
    assert ledger.packed == len(model) and ledger == model
