"""A game's findings, packed: where each one stands as numbers, what it says once per wording.

A long game repeats a few findings on most of its lines (a deed not bought, a card not drawn):
the 10 MiB game of bare rolls `benchmarks/memory_bench.py` writes has about 600,000 of them.
Held as `Finding` objects they cost about 216 bytes each (the Finding, its Span, the line
number), which made that game's audit peak at 247 MiB. Here a finding is two 4-byte numbers
(its line, and which wording it has) and each distinct wording (code, severity, message, rule,
expected and recorded values, data, cause, file, and where on its line the finding stands: its
column, end column, and how many lines its span covers) is kept once: measured figures are in
benchmarks/README.md ("A long game read a piece at a time").

A finding whose values are not plain (a list, a dict inside its data, a number too large for
4 bytes) is kept whole, as it was filed. Reading the store gives back `Finding`s equal to the
ones filed. `append` returns a handle, the finding's place in the store, which stays its own
until `sort`: the engine changes (`put`) or takes back (`withdraw`) a finding it filed
earlier through it, in constant time.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from ..notation.events import Span
from .model import Finding

# values a wording may hold and still be shared: compared with their type, so that 1, 1.0 and
# True (equal in Python) stay three wordings
_PLAIN = (str, int, float, bool, type(None))
_LIMIT = 1 << 31  # the 4-byte numbers ("i" arrays) hold less than this
_WHOLE = -1  # the wording of a finding kept whole
_GONE = -2  # the wording of a finding taken back


def _plain(value: Any) -> bool:
    return type(value) in _PLAIN


def _key(finding: Finding) -> tuple[Any, ...] | None:
    """What makes two findings' wordings the same, or None when they cannot be shared."""
    data = finding.data
    if not (_plain(finding.expected) and _plain(finding.recorded)):
        return None
    if data and not all(_plain(v) for v in data.values()):
        return None
    span = finding.span
    return (
        span.column,
        span.end_line - span.line,
        span.end_column,
        finding.code,
        finding.severity,
        finding.message,
        finding.rule,
        type(finding.expected),
        finding.expected,
        type(finding.recorded),
        finding.recorded,
        finding.file,
        tuple((k, type(v), v) for k, v in data.items()),
        finding.caused_by,
    )


class FindingStore(Sequence[Finding]):
    """The findings of one game in the order they were filed (or, after `sort`, by line and
    column), as a sequence of `Finding`."""

    def __init__(self, findings: Iterable[Finding] = ()) -> None:
        self.lines = array("i")
        self.wordings = array("i")  # an index in `table`, or _WHOLE, or _GONE
        self.table: list[Finding] = []  # each wording once (its span's line is not used)
        self.known: dict[tuple[Any, ...], int] = {}
        self.whole: dict[int, Finding] = {}  # by handle
        self.gone = 0
        for finding in findings:
            self.append(finding)

    # ------------------------------------------------------------ filing
    def append(self, finding: Finding) -> int:
        """File `finding` last; its handle."""
        handle = len(self.wordings)
        line = finding.span.line
        key = _key(finding) if -_LIMIT < line < _LIMIT else None
        if key is None:
            self.whole[handle] = finding
            wording = _WHOLE
            line = 0
        else:
            wording = self.known.get(key, -1)
            if wording < 0:
                wording = self.known[key] = len(self.table)
                self.table.append(finding)
        self.lines.append(line)
        self.wordings.append(wording)
        return handle

    @property
    def last(self) -> int:
        """The handle of the finding filed last."""
        return len(self.wordings) - 1

    def get(self, handle: int) -> Finding:
        wording = self.wordings[handle]
        if wording == _WHOLE:
            return self.whole[handle]
        if wording == _GONE:
            raise KeyError(handle)
        f = self.table[wording]
        line = self.lines[handle]
        shape = f.span
        span = Span(line, shape.column, line + shape.end_line - shape.line, shape.end_column)
        return Finding(
            f.code,
            f.severity,
            f.message,
            span,
            f.rule,
            f.expected,
            f.recorded,
            f.file,
            f.data,
            f.caused_by,
        )

    def put(self, handle: int, finding: Finding) -> None:
        """`finding` in place of the one at `handle` (a message the replay corrects later)."""
        if self.wordings[handle] == _GONE:
            raise KeyError(handle)
        self.whole[handle] = finding
        self.wordings[handle] = _WHOLE
        self.lines[handle] = 0

    def withdraw(self, handle: int) -> None:
        """Take back the finding at `handle` (a point filed again with the record's choice)."""
        if self.wordings[handle] == _GONE:
            return
        self.whole.pop(handle, None)
        self.wordings[handle] = _GONE
        self.gone += 1

    def handles(self) -> Iterator[int]:
        """The handles of the findings in the store, in its order."""
        wordings = self.wordings
        return (h for h in range(len(wordings)) if wordings[h] != _GONE)

    def kept(self, keeps: Callable[[Finding], bool]) -> FindingStore:
        """A store of the findings `keeps` keeps, in this order."""
        return FindingStore(f for f in self if keeps(f))

    # ------------------------------------------------------------ order
    def sort(self) -> None:
        """Order the findings by line and column, those on one place in the order filed (as a
        stable sort does), and drop those taken back; handles are no longer valid after it.

        A game files nearly all its findings in line order: those that are not (filed at the
        end for an earlier line) are taken aside, sorted, and merged back, so that a long game
        never holds a key per finding."""
        lines, wordings, whole, table = self.lines, self.wordings, self.whole, self.table

        def place(h: int) -> tuple[int, int]:
            wording = wordings[h]
            if wording == _WHOLE:
                span = whole[h].span
                return span.line, span.column
            return lines[h], table[wording].span.column if wording >= 0 else 0

        handles = range(len(wordings))
        late: list[int] = []
        top = (-1, -1)
        for h in handles:
            at = place(h)
            if at >= top:
                top = at
            else:
                late.append(h)
        if not late and not self.gone:
            return
        late.sort(key=place)
        aside = set(late)
        kept = (h for h in handles if h not in aside)
        order = heapq.merge(kept, late, key=lambda h: (*place(h), h))
        self.lines, self.wordings, self.whole = array("i"), array("i"), {}
        self.gone = 0
        for h in order:
            wording = wordings[h]
            if wording == _GONE:
                continue
            if wording == _WHOLE:
                self.whole[len(self.wordings)] = whole[h]
            self.lines.append(lines[h])
            self.wordings.append(wording)

    # ------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self.wordings) - self.gone

    def __iter__(self) -> Iterator[Finding]:
        return map(self.get, self.handles())

    @overload
    def __getitem__(self, index: int) -> Finding: ...
    @overload
    def __getitem__(self, index: slice) -> list[Finding]: ...
    def __getitem__(self, index: int | slice) -> Finding | list[Finding]:
        if isinstance(index, slice):
            if not self.gone:
                return [self.get(h) for h in range(*index.indices(len(self.wordings)))]
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if not self.gone:
            return self.get(index)
        return self.get(next(h for n, h in enumerate(self.handles()) if n == index))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FindingStore | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FindingStore({list(self)!r})"
