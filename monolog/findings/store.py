"""A game's findings, packed: where each one stands as numbers, what it says once per wording.

A long game repeats a few findings on most of its lines (a deed not bought, a card not drawn):
the 10 MiB game of bare rolls `benchmarks/memory_bench.py` writes has about 600,000 of them.
Held as `Finding` objects they cost about 216 bytes each (the Finding, its Span, the line
number), which made that game's audit peak at 247 MiB. Here a finding is two 4-byte numbers
(its line, and which wording it has) and each distinct wording (code, severity, message, rule,
expected and recorded values, data, cause, file, and where on its line the finding stands: its
column, end column, and how many lines its span covers) is kept once: measured figures are in
benchmarks/README.md ("A long game read a piece at a time").

A wording leaves out the numbers that are a finding's own: those in its message ("$1,500"),
its values and data (lists and dicts followed), and where its cause stands. They are kept per
finding in one array of 4-byte numbers, so a game whose every line has a finding of its own
figures (a wrong count on each line: a W001 each, all different) does not keep a message and a
`Finding` per line (a 10 MiB such game peaked at 599 MiB). A text in double quotes in a message
(a name as the record wrote it) is taken out the same way: it is kept in `texts` (once, when
it was met among the last 1,024), and the finding's number is its place there, so a game whose
every line names a square of its own (an M900 each) shares one wording. A finding whose values
are not plain (a tuple, an object, a dict with keys that are not text) is kept whole, as it was
filed.

Reading the store gives back `Finding`s equal to the ones filed. `append` returns a handle,
the finding's place in the store, which stays its own until `sort`: the engine changes (`put`)
or takes back (`withdraw`) a finding it filed earlier through it, in constant time.
"""

from __future__ import annotations

import heapq
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from ..columns import MASK, SHIFT, Column
from ..notation.events import Span
from .model import Cause, Finding

# values a wording may hold and still be shared: compared with their type, so that 1, 1.0 and
# True (equal in Python) stay three wordings
_PLAIN = (str, int, float, bool, type(None))
_LIMIT = 1 << 31  # the 4-byte numbers ("i" arrays) hold less than this
_WHOLE = -1  # the wording of a finding kept whole
_GONE = -2  # the wording of a finding taken back

# a number in a message: digits, or digits in groups of three with commas ("$1,500"); each is
# taken out of the wording only where writing the number back gives the same text. A text in
# double quotes (a name as the record wrote it: `no square "..."`) is taken out whole, numbers
# and all, and kept once per store
_NUMBER = re.compile(r'"([^"\n]*)"|\d{1,3}(?:,\d{3})+|\d+', re.ASCII)
_DIGITS, _GROUPED = "\x00", "\x01"  # where a taken-out number goes in a message's wording
_QUOTED = "\x02"  # where a taken-out quoted text goes (the number kept is its place in `texts`)
_MARKS = (_DIGITS, _GROUPED, _QUOTED)
_TEXTS_KNOWN = 1024  # the quoted texts a store finds again (the last ones met)
_SLOT = ("slot",)  # where a taken-out number goes in a value's wording
_NO_DATA: dict[str, Any] = {}  # the data of every finding read back without any
_EMPTY = array("i")  # a block of an old store's columns let go during its sort


class _NotPlain(Exception):
    """A value no wording can hold: its finding is kept whole."""


def _number(value: object) -> bool:
    return type(value) is int and -_LIMIT < value < _LIMIT


def _message_wording(
    message: str, numbers: list[int], text_at: Callable[[str], int]
) -> tuple[str, ...]:
    """The message's text between its numbers and quoted texts, and which way each number is
    written; `text_at` gives a quoted text's place in the store's texts."""
    if any(mark in message for mark in _MARKS):
        return (message,)
    parts: list[str] = []
    at = 0
    for match in _NUMBER.finditer(message):
        quoted = match.group(1)
        if quoted is not None:  # the quotes stay in the wording, the text between them goes
            parts.append(message[at : match.start() + 1] + _QUOTED)
            numbers.append(text_at(quoted))
            at = match.end() - 1
            continue
        text = match.group()
        value = int(text.replace(",", ""))
        if value >= _LIMIT:
            continue
        # "$34" and "$1,514" written the same way, so that such counts share their wording
        grouped = f"{value:,}" == text
        if not grouped and str(value) != text:
            continue
        parts.append(message[at : match.start()] + (_GROUPED if grouped else _DIGITS))
        numbers.append(value)
        at = match.end()
    parts.append(message[at:])
    return tuple(parts)


def _message_format(parts: tuple[str, ...]) -> str:
    """The message's wording as a format string: its numbers as `{}` or `{:,}`."""
    out = []
    for part in parts[:-1]:
        out.append(part[:-1].replace("{", "{{").replace("}", "}}"))
        out.append("{:,}" if part[-1] == _GROUPED else "{}")  # a quoted text: "{}" too
    out.append(parts[-1].replace("{", "{{").replace("}", "}}"))
    return "".join(out)


def _value_wording(value: Any, numbers: list[int]) -> Any:
    """A value's wording: its numbers taken out (into `numbers`), lists and dicts followed."""
    kind = type(value)
    if kind is int and _number(value):
        numbers.append(value)
        return _SLOT
    if kind in _PLAIN:
        return (kind, value)
    if kind is list:
        return ("list", *(_value_wording(v, numbers) for v in value))
    if kind is dict and all(type(k) is str for k in value):
        return ("dict", *((k, _value_wording(v, numbers)) for k, v in value.items()))
    raise _NotPlain


def _write_value(wording: Any, numbers: Iterator[int]) -> Any:
    head = wording[0]
    if head == "slot":  # compared, not by identity: a store may be pickled
        return next(numbers)
    if head == "list":
        return [_write_value(w, numbers) for w in wording[1:]]
    if head == "dict":
        return {k: _write_value(w, numbers) for k, w in wording[1:]}
    return wording[1]


def _split(
    finding: Finding, text_at: Callable[[str], int]
) -> tuple[tuple[Any, ...], list[int]] | None:
    """What makes two findings' wordings the same, and the numbers that are the finding's own;
    None when it cannot be shared."""
    numbers: list[int] = []
    try:
        expected = _value_wording(finding.expected, numbers)
        recorded = _value_wording(finding.recorded, numbers)
        data = _value_wording(finding.data, numbers) if finding.data else None
    except _NotPlain:
        return None
    cause = finding.caused_by
    caused: tuple[Any, ...] | None = None
    if cause is not None:
        at = cause.span
        where = (at.line, at.column, at.end_line, at.end_column)
        if not all(_number(n) for n in where):
            return None
        caused = (cause.code,)
        numbers.extend(where)
    message = _message_wording(finding.message, numbers, text_at)
    span = finding.span
    key = (
        span.column,
        span.end_line - span.line,
        span.end_column,
        finding.code,
        finding.severity,
        message,
        finding.rule,
        expected,
        recorded,
        finding.file,
        data,
        caused,
    )
    return key, numbers


def _slots(wording: Any) -> int:
    """How many of the finding's own numbers a value's wording takes."""
    if wording is None:
        return 0
    head = wording[0]
    if head == "slot":
        return 1
    if head == "list":
        return sum(_slots(w) for w in wording[1:])
    if head == "dict":
        return sum(_slots(w) for _, w in wording[1:])
    return 0


class _Reading:
    """How a wording is written back, worked out once: the values that take none of the
    finding's own numbers made once and shared (findings are frozen), the message as a format
    string."""

    __slots__ = ("constant", "count", "key", "quoted", "size", "text", "values")

    def __init__(self, key: tuple[Any, ...]) -> None:
        self.key = key
        expected, recorded, data = key[7], key[8], key[10]
        self.values = (expected, recorded, data)
        in_values = sum(_slots(w) for w in self.values)
        self.constant = not in_values
        if self.constant:
            self.values = (
                _write_value(expected, iter(())),
                _write_value(recorded, iter(())),
                _NO_DATA if data is None else _write_value(data, iter(())),
            )
        parts = key[5]
        self.count = len(parts) - 1  # the message's own numbers, the last of the finding's
        self.text = parts[0] if not self.count else _message_format(parts)
        # which of them are places in the store's texts
        self.quoted = tuple(i for i, part in enumerate(parts[:-1]) if part[-1] == _QUOTED)
        # how many numbers of its own a finding of this wording keeps: its values', its
        # cause's place (four), its message's
        self.size = in_values + (4 if key[11] is not None else 0) + self.count

    def finding(self, line: int, own: Sequence[int], texts: Sequence[str]) -> Finding:
        key = self.key
        span = Span(line, key[0], line + key[1], key[2])
        numbers = iter(own)
        if self.constant:
            expected, recorded, data = self.values
        else:
            expected = _write_value(self.values[0], numbers)
            recorded = _write_value(self.values[1], numbers)
            written = self.values[2]
            data = _NO_DATA if written is None else _write_value(written, numbers)
        caused = key[11]
        cause = None
        if caused is not None:
            at = Span(next(numbers), next(numbers), next(numbers), next(numbers))
            cause = Cause(caused[0], at)
        text = self.text
        if self.count:
            args: list[object] = list(own[len(own) - self.count :])
            for i in self.quoted:
                args[i] = texts[own[len(own) - self.count + i]]
            text = text.format(*args)
        return Finding(key[3], key[4], text, span, key[6], expected, recorded, key[9], data, cause)


def _late(count: int, place: Callable[[int], tuple[int, int]]) -> tuple[array[int], bool]:
    """The handles of the findings filed after one on a later line (in handle order), and
    whether the others are out of order on a line."""
    late = array("i")
    top, last = -1, (-1, -1)
    disorder = False
    for h in range(count):
        at = place(h)
        if at[0] < top:
            late.append(h)
            continue
        top = at[0]
        disorder = disorder or at < last
        last = at
    return late, disorder


def _kept(count: int, late: array[int], place: Callable[[int], tuple[int, int]]) -> Iterator[int]:
    """The handles below `count` not in `late` (sorted), in order of place: each line's in
    order among themselves."""
    aside = iter(late)
    skip = next(aside, -1)
    line: list[int] = []
    number = None  # the line of those in `line`
    for h in range(count):
        if h == skip:
            skip = next(aside, -1)
            continue
        at = place(h)[0]
        if at != number:
            if len(line) > 1:  # most lines have one finding: nothing to sort
                line.sort(key=place)  # stable: those on one place stay in the order filed
            yield from line
            line = []
            number = at
        line.append(h)
    if len(line) > 1:
        line.sort(key=place)
    yield from line


def _let_go(columns: tuple[Column, Column, Column, Column], left: list[int], done: int) -> int:
    """Empty the blocks of the old store's `columns` (lines, wordings, starts, numbers) that no
    finding still to be filed again reads: those of the handles before the first block with
    some left, and the numbers before that block's first; that first block."""
    lines, wordings, starts, numbers = columns
    while done < len(left) and not left[done]:
        for column in (lines, wordings, starts):
            column.blocks[done] = _EMPTY
        done += 1
    first = starts.blocks[done][0] if done < len(left) else len(numbers)
    for block in range(first >> SHIFT):  # starts grow with the handles
        numbers.blocks[block] = _EMPTY
    return done


class FindingStore(Sequence[Finding]):
    """The findings of one game in the order they were filed (or, after `sort`, by line and
    column), as a sequence of `Finding`."""

    def __init__(self, findings: Iterable[Finding] = (), whole_first: int = 0) -> None:
        # the first `whole_first` findings filed are kept whole, as filed: packing and reading
        # back one took about 15 of the 19 microseconds `Game.emit` spent on it, about 4% of
        # the replay of 200 simulated games (benchmarks/README.md), whose games file 5 to 105
        # findings; a long game's memory is in the findings after them
        self.whole_first = whole_first
        # one number per finding in each (kept in blocks, so that a long game's are never
        # copied as they grow: monolog/columns.py)
        self.lines = Column("i")
        self.wordings = Column("i")  # an index in `table`, or _WHOLE, or _GONE
        self.starts = Column("I")  # where the finding's own numbers begin in `numbers`
        self.numbers = Column("i")
        self.table: list[_Reading] = []  # each wording once
        self.known: dict[tuple[Any, ...], int] = {}
        self.whole: dict[int, Finding] = {}  # by handle
        self.texts: list[str] = []  # the quoted texts of the messages
        self.text_at: dict[str, int] = {}  # where the last ones met are in `texts`
        self.gone = 0
        for finding in findings:
            self.append(finding)

    # ------------------------------------------------------------ filing
    def append(self, finding: Finding) -> int:
        """File `finding` last; its handle."""
        handle = len(self.wordings)
        line = finding.span.line
        packs = handle >= self.whole_first and -_LIMIT < line < _LIMIT
        split = _split(finding, self._text_at) if packs else None
        self.starts.append(len(self.numbers))
        if split is None:
            self.whole[handle] = finding
            wording = _WHOLE
            line = 0
        else:
            key, numbers = split
            wording = self.known.get(key, -1)
            if wording < 0:
                wording = self.known[key] = len(self.table)
                self.table.append(_Reading(key))
            self.numbers.extend(numbers)
        self.lines.append(line)
        self.wordings.append(wording)
        return handle

    def _text_at(self, text: str) -> int:
        """The place of `text` in `texts`, put there if it is not among the last ones met: the
        table of those is bounded, so a game of a new name on every line keeps each once,
        not each and a key (a text met again after many others is kept again)."""
        known = self.text_at
        at = known.get(text)
        if at is None:
            if len(known) >= _TEXTS_KNOWN:
                known.clear()
            at = known[text] = len(self.texts)
            self.texts.append(text)
        return at

    @property
    def last(self) -> int:
        """The handle of the finding filed last."""
        return len(self.wordings) - 1

    def get(self, handle: int) -> Finding:
        block, at = handle >> SHIFT, handle & MASK
        wording = self.wordings.blocks[block][at]
        if wording == _WHOLE:
            return self.whole[handle]
        if wording == _GONE:
            raise KeyError(handle)
        line, reading = self.lines.blocks[block][at], self.table[wording]
        return reading.finding(line, self._own(handle, reading), self.texts)

    def _own(self, handle: int, reading: _Reading) -> Sequence[int]:
        """The numbers of the finding at `handle`, of wording `reading`, in the order it takes
        them."""
        start = self.starts.blocks[handle >> SHIFT][handle & MASK]
        return self.numbers.between(start, start + reading.size)

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
        return (h for h, wording in enumerate(self.wordings) if wording != _GONE)

    def kept(self, keeps: Callable[[Finding], bool]) -> FindingStore:
        """A store of the findings `keeps` keeps, in this order."""
        return FindingStore((f for f in self if keeps(f)), self.whole_first)

    # ------------------------------------------------------------ order
    def sort(self) -> None:
        """Order the findings by line and column, those on one place in the order filed (as a
        stable sort does), and drop those taken back; handles are no longer valid after it.

        A game files nearly all its findings in line order, though not always in column order
        on a line (a deed not bought is filed when the turn ends, after what the rest of its
        line said): the findings of a line are put in order among themselves, those filed
        after a later line's (at the end, for an earlier line) are taken aside, sorted, and
        merged back, so that a long game never holds a key per finding (nearly half the
        findings of a game with a count on every line come after another on their line: a
        10 MiB one held 60 MiB more for its sort)."""
        lines, wordings, whole = self.lines, self.wordings, self.whole
        starts, numbers, table = self.starts, self.numbers, self.table
        line_blocks, wording_blocks = lines.blocks, wordings.blocks

        def place(h: int) -> tuple[int, int]:  # the line and column of the finding at `h`
            wording = wording_blocks[h >> SHIFT][h & MASK]
            if wording == _WHOLE:
                span = whole[h].span
                return span.line, span.column
            return line_blocks[h >> SHIFT][h & MASK], table[wording].key[0] if wording >= 0 else 0

        count = len(wordings)
        late, disorder = _late(count, place)
        if not late and not disorder and not self.gone:
            return
        order: Iterable[int] = _kept(count, late, place)
        if late:  # else the findings of each line are only put in order among themselves
            late_in_order = sorted(late, key=place)
            order = heapq.merge(order, late_in_order, key=lambda h: (*place(h), h))
        self.lines, self.wordings, self.whole = Column("i"), Column("i"), {}
        self.starts, self.numbers = Column("I"), Column("i")
        self.gone = 0
        self._refile(order, (lines, wordings, starts, numbers), whole)

    def _refile(
        self,
        order: Iterable[int],
        columns: tuple[Column, Column, Column, Column],
        whole: dict[int, Finding],
    ) -> None:
        """File again, in `order` (every handle once), the findings of the old store's
        `columns` (lines, wordings, starts, numbers) and `whole`, leaving out those taken
        back. Each old block is let go once every finding in it is filed again, so that the
        sort does not hold two whole stores (a game's order is nearly that of its handles)."""
        lines, wordings, starts, numbers = columns
        table = self.table
        left = [len(block) for block in wordings.blocks]  # handles not yet filed, per block
        done = 0  # the blocks of handles before this one are all filed again
        for h in order:
            block, at = h >> SHIFT, h & MASK
            wording = wordings.blocks[block][at]
            if wording != _GONE:
                self.starts.append(len(self.numbers))
                if wording == _WHOLE:
                    self.whole[len(self.wordings)] = whole[h]
                else:
                    start = starts.blocks[block][at]
                    self.numbers.extend(numbers.between(start, start + table[wording].size))
                self.lines.append(lines.blocks[block][at])
                self.wordings.append(wording)
            left[block] -= 1
            if block == done and not left[block]:
                done = _let_go(columns, left, done)

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
