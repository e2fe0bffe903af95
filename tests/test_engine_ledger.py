"""The engine's ledger packed as rows of numbers (engine/ledger.py): what is read back is what
was put in, an entry is found again by its serial, and a value no row can hold keeps the
ledger whole."""

from __future__ import annotations

from monolog.engine.ledger import Ledger, Transfer
from monolog.notation.events import NO_SPAN, Span


def _entry(n: int, amount: int = 10, payee: str | None = "Ann") -> Transfer:
    return Transfer(n, Span(n, 4, n, 9), None, payee, amount, f"reason {n % 3}", n % 2 == 0)


def test_entries_read_back_as_put_in_and_found_by_their_serial() -> None:
    ledger = Ledger()
    held = [ledger.add(_entry(n)) for n in range(1, 6)]
    ledger.insert(0, _entry(9, payee=None))
    assert ledger == [_entry(9, payee=None), *(_entry(n) for n in range(1, 6))]
    assert [ledger.find(e) for e in held] == [1, 2, 3, 4, 5]
    assert ledger.find(_entry(3)) is None  # equal, but never put in: not this ledger's
    moved = ledger.pop()
    ledger.insert(1, moved)  # moved, it stays the same entry
    assert ledger.find(held[-1]) == 1
    ledger[2] = _entry(7)  # put in place of another: an entry of its own
    assert ledger.find(held[0]) is None
    assert ledger.find(ledger[2]) == 2
    del ledger[0]
    assert ledger[-1] == _entry(4) and len(ledger) == 5
    assert ledger[1:3] == [_entry(7), _entry(2)]


def test_a_value_no_row_holds_keeps_the_ledger_whole() -> None:
    ledger = Ledger()
    first = ledger.add(_entry(1))
    huge = ledger.add(_entry(2, amount=10**30))  # an amount a record can write
    far = ledger.add(Transfer(3, Span(1 << 40, 1, 1 << 40, 2), "Ben", None, -5, "x", False))
    ledger.add(Transfer(4, NO_SPAN, None, None, 1, "y"))
    assert ledger[1].amount == 10**30 and ledger[2].span.line == 1 << 40
    assert [ledger.find(e) for e in (first, huge, far)] == [0, 1, 2]
    assert len(ledger) == 4 and ledger[3].span == NO_SPAN
