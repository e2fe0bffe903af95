"""Columns of numbers kept in blocks: what a long game keeps per line, grown without moving.

An `array` grows by reallocation, and past a few MiB the C allocator often cannot grow it in
place: it copies the numbers to a larger block and frees the old one, and the room so freed is
only partly reused. A 10 MiB game of a wrong count on every line peaked about 26 MiB above
what its findings store and packed ledger held for that reason alone (benchmarks/README.md,
"Columns in blocks"). A `Column` keeps its numbers in arrays of `BLOCK` numbers each: when the
last is full a new one is started, and none is ever grown past `BLOCK`, moved or copied.

The number at `i` is `column.blocks[i >> SHIFT][i & MASK]` (every block but the last is
full), which a loop reading many can write out itself; `column[i]` reads it the same way.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

SHIFT = 14
BLOCK = 1 << SHIFT  # numbers per block: 64 KiB of 4-byte numbers
MASK = BLOCK - 1


class Column(Sequence[int]):
    """Numbers of one `array` type code, appended at the end and read by place."""

    __slots__ = ("blocks", "last", "typecode")

    def __init__(self, typecode: str, values: Iterable[int] = ()) -> None:
        self.typecode = typecode
        self.last: array[int] = array(typecode)
        self.blocks: list[array[int]] = [self.last]
        self.extend(values)

    def append(self, value: int) -> None:
        last = self.last
        if len(last) == BLOCK:
            last = self._start_block()
        last.append(value)

    def extend(self, values: Iterable[int]) -> None:
        last = self.last
        if isinstance(values, list | tuple) and len(last) + len(values) <= BLOCK:
            last.extend(values)  # the few numbers of one entry (nearly always)
            return
        numbers = values if isinstance(values, array) else array(self.typecode, values)
        at, size = 0, len(numbers)
        while at < size:
            last = self.last
            if len(last) == BLOCK:
                last = self._start_block()
            room = BLOCK - len(last)
            last.extend(numbers[at : at + room])
            at += room

    def _start_block(self) -> array[int]:
        self.last = array(self.typecode)
        self.blocks.append(self.last)
        return self.last

    def truncate(self, size: int) -> None:
        """Keep the first `size` numbers."""
        if size >= len(self):
            return
        block = max(size, 0) >> SHIFT
        del self.blocks[block + 1 :]
        self.last = self.blocks[block]
        del self.last[max(size, 0) & MASK :]

    def between(self, start: int, stop: int) -> array[int]:
        """The numbers from `start` up to `stop` (0 <= start, stop <= len(self))."""
        if stop <= start:
            return array(self.typecode)
        block = start >> SHIFT
        if stop <= (block + 1) << SHIFT:  # in one block (nearly always)
            return self.blocks[block][start & MASK : stop - (block << SHIFT)]
        out = self.blocks[block][start & MASK :]
        while stop > (block + 1) << SHIFT:
            block += 1
            out.extend(self.blocks[block][: stop - (block << SHIFT)])
        return out

    def __len__(self) -> int:
        return ((len(self.blocks) - 1) << SHIFT) + len(self.last)

    def __iter__(self) -> Iterator[int]:
        for block in self.blocks:
            yield from block

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> array[int]: ...
    def __getitem__(self, index: int | slice) -> int | array[int]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1:
                return self.between(start, stop)
            return array(self.typecode, (self[i] for i in range(start, stop, step)))
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError(index)
        return self.blocks[at >> SHIFT][at & MASK]

    def __setitem__(self, index: int, value: int) -> None:
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError(index)
        self.blocks[at >> SHIFT][at & MASK] = value

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Column | array | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Column({self.typecode!r}, {list(self)!r})"
