"""The ledger's entries and the debts a short payment opens: what `Game` keeps of money moved.

They hold no handler, so the state handlers keep between events (turn_flow.py, pending_state.py)
can name them without importing the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, overload

from ...columns import MASK, SHIFT, Column
from ...notation.events import NO_SPAN, Span


# not frozen, but never changed once made: an entry the record corrects or confirms is a new
# one in its place (`Game.amend`, `Game.confirm`). A frozen class sets each field through
# `object.__setattr__`: making the entries took about 4% of the replay of 200 simulated games,
# a fifth of that now (benchmarks/README.md). Hashed by value, as a frozen one is.
@dataclass(slots=True, unsafe_hash=True)
class Transfer:
    """One movement of money. `payer` / `payee` None means the bank.

    `derived` is True when the record did not write the amount: the engine worked it out from
    the rules (a salary after a roll, a rent written without its figure).
    """

    turn: int
    span: Span
    payer: str | None
    payee: str | None
    amount: int
    reason: str
    derived: bool = False


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


# how many of the latest entries a packed ledger keeps as `Transfer`s (read at each `pack`, so
# that a test can make it small): the engine finds the entries it changes among the last few
KEEP = 4096

# the columns of a packed entry, each as narrow as its numbers nearly always are (21 bytes an
# entry; an entry with a number that does not fit is kept whole): turn, line, amount (4-byte
# signed); column, end column, reason (2-byte); how many lines its span covers after the first,
# payer, payee (1-byte). `place` looks at the line and amount first
_TYPECODES = "iiiHHHBBB"
_RANGES = {"i": (-(1 << 31), 1 << 31), "H": (0, 1 << 16), "B": (0, 1 << 8)}
_LIMITS = tuple(_RANGES[t] for t in _TYPECODES)
_LINE, _AMOUNT = 1, 2
_NONE = (0,) * len(_TYPECODES)


class PackedLedger(Sequence[Transfer]):
    """The ledger's entries in order, as a list of `Transfer` is read and changed, the older
    ones (after `pack`) kept as numbers: a long game moves money on most of its lines, and a
    `Transfer` with its `Span` costs about 200 bytes where its numbers take 21 (a 10 MiB game of
    a wrong count on every line held 610,000 of them). An entry is a `Transfer` again when read.

    The latest `KEEP` entries stay the objects the engine filed, so that it finds one it changes
    by identity (`place`); an older one is found by its value. `append` is the list's own."""

    __slots__ = (
        "_columns",
        "_name_at",
        "_names",
        "_text_at",
        "_texts",
        "_whole",
        "append",
        "packed",
        "recent",
    )

    def __init__(self, entries: Iterable[Transfer] = ()) -> None:
        self.recent: list[Transfer] = list(entries)
        self.append = self.recent.append
        self.packed = 0  # how many of the entries are kept as numbers (the first ones)
        # one number per packed entry in each (turn, line, amount, column, end column, reason,
        # lines its span covers after the first, payer, payee), kept in blocks (monolog/columns.py)
        self._columns = tuple(Column(t) for t in _TYPECODES)
        self._names: list[str | None] = [None]  # each party once (None: the bank)
        self._name_at: dict[str | None, int] = {None: 0}
        self._texts: list[str] = []  # each reason once: its place, twice, and 1 if derived
        self._text_at: dict[str, int] = {}
        self._whole: dict[int, Transfer] = {}  # packed entries whose numbers do not fit

    # a copy (`copy.copy`, `copy.deepcopy`, pickling) appends to its own list: a bound method
    # of a list is copied as itself, still the original list's
    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__ if name != "append"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.append = self.recent.append

    # ------------------------------------------------------------ packing
    def pack(self) -> None:
        """Keep all but the latest `KEEP` entries as numbers."""
        recent = self.recent
        count = len(recent) - KEEP
        if count <= 0:
            return
        rows = [self._row(entry, self.packed + i) for i, entry in enumerate(recent[:count])]
        for column, values in zip(self._columns, zip(*rows, strict=True), strict=True):
            column.extend(values)
        self.packed += count
        del recent[:count]

    def _row(self, entry: Transfer, at: int) -> tuple[int, ...]:
        """The numbers of `entry`, to be packed at `at` (none, and the entry kept whole, when
        one does not fit its column)."""
        span = entry.span
        reason = self._place(entry.reason, self._texts, self._text_at) * 2 + entry.derived
        payer = self._place(entry.payer, self._names, self._name_at)
        payee = self._place(entry.payee, self._names, self._name_at)
        row: tuple[int, ...] = (entry.turn, span.line, entry.amount)
        row += (span.column, span.end_column, reason)
        row += (span.end_line - span.line, payer, payee)
        for n, (low, high) in zip(row, _LIMITS, strict=True):
            if type(n) is not int or not low <= n < high:
                self._whole[at] = entry
                return _NONE
        return row

    @staticmethod
    def _place(value: Any, values: list[Any], places: dict[Any, int]) -> int:
        """The place of `value` in `values`, put there the first time it is met."""
        at = places.get(value)
        if at is None:
            at = places[value] = len(values)
            values.append(value)
        return at

    def _entry(self, at: int) -> Transfer:
        """The packed entry at `at`, a `Transfer` again."""
        whole = self._whole.get(at)
        if whole is not None:
            return whole
        block, i = at >> SHIFT, at & MASK
        turn, line, amount, column, end_column, reason, lines, payer, payee = (
            c.blocks[block][i] for c in self._columns
        )
        names = self._names
        span = Span(line, column, line + lines, end_column)
        text = self._texts[reason >> 1]
        return Transfer(turn, span, names[payer], names[payee], amount, text, bool(reason & 1))

    def _unpack_from(self, at: int) -> None:
        """The packed entries from `at` on made `Transfer`s again, before the latest: where an
        older entry is changed, taken out or has one put before it (rare: the engine changes
        the last few)."""
        packed = self.packed
        if at >= packed:
            return
        self.recent[:0] = [self._entry(i) for i in range(at, packed)]
        for column in self._columns:
            column.truncate(at)
        self.packed = at
        for i in [i for i in self._whole if i >= at]:
            del self._whole[i]

    # ------------------------------------------------------------ finding
    def place(self, entry: Transfer) -> int | None:
        """Where `entry` is, the latest place first: among the latest entries, the object
        itself; among the packed ones, an entry equal to it. None when it is not there."""
        recent = self.recent
        for i in range(len(recent) - 1, -1, -1):
            if recent[i] is entry:
                return self.packed + i
        lines, amounts = self._columns[_LINE].blocks, self._columns[_AMOUNT].blocks
        line, amount = entry.span.line, entry.amount
        for at in range(self.packed - 1, -1, -1):
            # the line and amount first: most entries differ there
            block, i = at >> SHIFT, at & MASK
            near = lines[block][i] == line and amounts[block][i] == amount
            if (near or at in self._whole) and self._entry(at) == entry:
                return at
        return None

    def replace(self, entry: Transfer, new: Transfer) -> bool:
        """Put `new` in the place of `entry` (found as `place` finds it); False, and nothing
        changed, when `entry` is not there. Among the latest entries, in one step: a rent or a
        salary the record writes puts its entry in the place of the derived one, near the end
        (24,900 in run.py's 200 games)."""
        recent = self.recent
        for i in range(len(recent) - 1, -1, -1):
            if recent[i] is entry:
                recent[i] = new
                return True
        at = self.place(entry)
        if at is None:
            return False
        self[at] = new
        return True

    # ------------------------------------------------------------ as a list
    def __len__(self) -> int:
        return self.packed + len(self.recent)

    # a ledger with nothing packed (every game but a long one) is read as its list is
    def __iter__(self) -> Iterator[Transfer]:
        if not self.packed:
            return iter(self.recent)
        return chain(map(self._entry, range(self.packed)), self.recent)

    def __reversed__(self) -> Iterator[Transfer]:
        if not self.packed:
            return reversed(self.recent)
        return chain(reversed(self.recent), map(self._entry, range(self.packed - 1, -1, -1)))

    @overload
    def __getitem__(self, index: int) -> Transfer: ...
    @overload
    def __getitem__(self, index: slice) -> list[Transfer]: ...
    def __getitem__(self, index: int | slice) -> Transfer | list[Transfer]:
        packed = self.packed
        if not packed:
            return self.recent[index]
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start >= packed and step == 1:  # the latest entries: as the list gives them
                return self.recent[start - packed : max(stop - packed, 0)]
            return [self[i] for i in range(start, stop, step)]
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError(index)
        return self._entry(at) if at < packed else self.recent[at - packed]

    def __setitem__(self, index: int, entry: Transfer) -> None:
        at = self._own(index)
        self.recent[at - self.packed] = entry

    def __delitem__(self, index: int) -> None:
        at = self._own(index)
        del self.recent[at - self.packed]

    def insert(self, index: int, entry: Transfer) -> None:
        at = min(max(index + len(self) if index < 0 else index, 0), len(self))
        self._unpack_from(at)
        self.recent.insert(at - self.packed, entry)

    def pop(self, index: int = -1) -> Transfer:
        at = self._own(index)
        return self.recent.pop(at - self.packed)

    def _own(self, index: int) -> int:
        """`index` as a place among the entries kept as objects (unpacked if need be)."""
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError(index)
        self._unpack_from(at)
        return at

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PackedLedger | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PackedLedger({list(self)!r})"
