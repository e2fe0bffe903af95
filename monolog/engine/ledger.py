"""A game's ledger, packed: each movement of money as a row of numbers, its names and reasons
kept once; and the debts a short payment opens.

A long game moves money on most of its lines (a salary, a rent, a count taken as written): as
`Transfer` objects each entry cost about 220 bytes (the entry, the span of its event, which the
entry alone kept alive, and the numbers), which made a 10 MiB game with a wrong cash count on
every line peak at 303 MiB. Here an entry is nine 4-byte numbers and its amount: measured
figures are in benchmarks/README.md ("A long game of another shape").

Reading the ledger gives back `Transfer`s equal to those put in, each made afresh. Each entry
put in gets a serial number of its own, which it keeps while it stays in its place or moves
(`insert`); an entry put in place of another (`ledger[i] = entry`) gets a new one. `find` is
how the engine finds an entry it holds again (a payment the record restates), since the
objects read back are new each time. A value a row cannot hold (a span or an amount beyond
what a record writes) turns the ledger into a plain list of its entries.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, MutableSequence
from dataclasses import dataclass, field, replace
from typing import overload

from ..notation.events import NO_SPAN, Span

_ROW = 9  # turn, line, column, end line, end column, payer, payee, reason and derived, serial
_LIMIT = 1 << 31  # what an "i" array holds
_AMOUNT_LIMIT = 1 << 63  # what a "q" array holds


@dataclass(frozen=True, slots=True)
class Transfer:
    """One movement of money. `payer` / `payee` None means the bank.

    `derived` is True when the record did not write the amount: the engine worked it out from
    the rules (a salary after a roll, a rent written without its figure). `serial` is the
    entry's own number in its ledger (0 before it is put in one; not compared).
    """

    turn: int
    span: Span
    payer: str | None
    payee: str | None
    amount: int
    reason: str
    derived: bool = False
    serial: int = field(default=0, compare=False, repr=False)


@dataclass(slots=True)
class Debt:
    """`debtor` owes `amount` (the part not covered by cash) to `creditor` (None = the bank)."""

    debtor: str
    creditor: str | None
    amount: int
    reason: str
    span: Span
    reported: bool = False


def entry_span(entry: Transfer | None) -> Span:
    """The span of a ledger entry, or no span."""
    return entry.span if entry is not None else NO_SPAN


class _DoesNotFit(Exception):
    """An entry a row cannot hold."""


class Ledger(MutableSequence[Transfer]):
    """The ledger's entries in order, as a mutable sequence of `Transfer`."""

    __slots__ = ("_amounts", "_entries", "_rows", "_serials", "_word_at", "_words")

    def __init__(self, entries: Iterable[Transfer] = ()) -> None:
        self._rows = array("i")
        self._amounts = array("q")
        self._words: list[str | None] = []  # the payers, payees and reasons, each once
        self._word_at: dict[str | None, int] = {}
        self._entries: list[Transfer] | None = None  # once an entry does not fit in a row
        self._serials = 0
        for entry in entries:
            self.append(entry)

    # ------------------------------------------------------------ putting in
    def add(self, entry: Transfer) -> Transfer:
        """Put `entry` last; the entry as the ledger holds it (with its serial)."""
        entry = self._numbered(entry)
        self.insert(len(self), entry)
        return entry

    def append(self, value: Transfer) -> None:
        self.add(value)

    def insert(self, index: int, value: Transfer) -> None:
        """Put `value` before `index`, with its own serial (a new one when it has none)."""
        value = self._numbered(value)
        size = len(self)
        index = max(0, min(size + index if index < 0 else index, size))
        if self._entries is None:
            try:
                row, amount = self._row(value)
            except _DoesNotFit:
                self._unpack()
            else:
                if index == size:
                    self._rows.extend(row)
                    self._amounts.append(amount)
                else:
                    self._rows[index * _ROW : index * _ROW] = row
                    self._amounts.insert(index, amount)
                return
        assert self._entries is not None
        self._entries.insert(index, value)

    def find(self, entry: Transfer) -> int | None:
        """Where the ledger holds `entry` (the one read from it, by its serial), the last
        places searched first: the entry a line restates is nearly always one of the last."""
        if not entry.serial:
            return None
        serial = entry.serial
        if self._entries is not None:
            entries = self._entries
            return next(
                (i for i in range(len(self) - 1, -1, -1) if entries[i].serial == serial), None
            )
        rows = self._rows
        for i in range(len(self) - 1, -1, -1):
            if rows[i * _ROW + _ROW - 1] == serial:
                return i
        return None

    def _numbered(self, entry: Transfer) -> Transfer:
        if entry.serial:
            return entry
        self._serials += 1
        return replace(entry, serial=self._serials)

    def _word(self, word: str | None) -> int:
        at = self._word_at.get(word)
        if at is None:
            at = self._word_at[word] = len(self._words)
            self._words.append(word)
        return at

    def _row(self, t: Transfer) -> tuple[array[int], int]:
        s = t.span
        numbers = (t.turn, s.line, s.column, s.end_line, s.end_column, t.serial)
        if not all(type(n) is int and -_LIMIT < n < _LIMIT for n in numbers):
            raise _DoesNotFit
        if type(t.amount) is not int or not -_AMOUNT_LIMIT < t.amount < _AMOUNT_LIMIT:
            raise _DoesNotFit
        reason = self._word(t.reason) * 2 + (1 if t.derived else 0)
        if reason >= _LIMIT or type(t.derived) is not bool:
            raise _DoesNotFit
        payer, payee = self._word(t.payer), self._word(t.payee)
        row = array("i", (*numbers[:5], payer, payee, reason, t.serial))
        return row, t.amount

    def _unpack(self) -> None:
        """Keep the entries whole from now on."""
        self._entries = list(self)
        self._rows, self._amounts = array("i"), array("q")

    # ------------------------------------------------------------ reading
    def __len__(self) -> int:
        if self._entries is not None:
            return len(self._entries)
        return len(self._amounts)

    def _entry(self, index: int) -> Transfer:
        if self._entries is not None:
            return self._entries[index]
        at = index * _ROW
        turn, line, column, end_line, end_column, payer, payee, reason, serial = self._rows[
            at : at + _ROW
        ]
        words = self._words
        return Transfer(
            turn,
            Span(line, column, end_line, end_column),
            words[payer],
            words[payee],
            self._amounts[index],
            words[reason >> 1],  # type: ignore[arg-type]  # a reason is never None
            bool(reason & 1),
            serial,
        )

    @overload
    def __getitem__(self, index: int) -> Transfer: ...
    @overload
    def __getitem__(self, index: slice) -> list[Transfer]: ...
    def __getitem__(self, index: int | slice) -> Transfer | list[Transfer]:
        if isinstance(index, slice):
            return [self._entry(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._entry(index)

    def __iter__(self) -> Iterator[Transfer]:
        for i in range(len(self)):
            yield self._entry(i)

    def __reversed__(self) -> Iterator[Transfer]:
        for i in range(len(self) - 1, -1, -1):
            yield self._entry(i)

    # ------------------------------------------------------------ changing
    @overload
    def __setitem__(self, index: int, value: Transfer) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[Transfer]) -> None: ...
    def __setitem__(self, index: int | slice, value: Transfer | Iterable[Transfer]) -> None:
        """An entry in place of another: it gets a serial of its own."""
        if isinstance(index, slice) or not isinstance(value, Transfer):
            raise TypeError("the ledger's entries are replaced one at a time")
        del self[index]
        self.insert(index if index >= 0 else index + len(self) + 1, replace(value, serial=0))

    def __delitem__(self, index: int | slice) -> None:
        if isinstance(index, slice):
            for i in sorted(range(*index.indices(len(self))), reverse=True):
                del self[i]
            return
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if self._entries is not None:
            del self._entries[index]
            return
        del self._rows[index * _ROW : (index + 1) * _ROW]
        del self._amounts[index]

    # ------------------------------------------------------------ comparing
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Ledger | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Ledger({list(self)!r})"
