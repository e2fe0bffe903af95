"""Two replays of one record side by side: under its own rulings and under an alternative.

The original replay takes the edition's readings overridden by the record's Ruling tags; the
alternative adds the readings asked for (CF items of RULES-MATRIX §3). The event lists are the
same, so the engine's observer sees event i on both sides: a compact signature of the table
after each event (cash, positions, jail, deeds, the bank's stock) is kept, and the first event
whose signature or findings differ is where the two games part. Findings are compared by the
event their span points at, so a finding filed late about an earlier clause counts there.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import tee
from typing import Any

from ..editions.model import Edition
from ..engine import GameState, Replay
from ..engine.core.declared import CODE as DECLARED_CODE
from ..engine.core.record import CountMoves, follow_counts, lead_counts, share_counts
from ..engine.core.replay import begin, needs_whole_record, replay_steps, replay_steps_chunks
from ..engine.money.worth import worth
from ..findings.model import Finding, Severity
from ..notation import events as E
from ..notation.chunks import then
from .signature import Difference, Signature, signature, state_differences


def finding_key(f: Finding) -> tuple[str, int, int, str]:
    """What makes two findings the same: code, place and message. The sentence an A code ends
    with when the record's own play shows a reading (engine Game.ambiguous) is left out: the
    original replays that play as recorded, the alternative applies its readings instead, so
    only the original can say which reading the play agrees with."""
    message = f.message
    follows, reading = f.data.get("follows"), f.data.get("reading")
    if f.code.startswith("A") and follows is not None:
        said = (
            f"; the record agrees with reading {reading}"
            if follows == reading
            else f"; the record follows reading {follows}, not {reading} in force"
        )
        message = message.removesuffix(said)
    return (f.code, f.span.line, f.span.column, message)


def finding_differences(
    original: Sequence[Finding], alternative: Sequence[Finding]
) -> list[Difference]:
    """Findings on one event that only one side has (same code, place and message = same)."""
    keys_a = {finding_key(f) for f in original}
    keys_b = {finding_key(f) for f in alternative}
    out: list[Difference] = []
    for f in original:
        if finding_key(f) not in keys_b:
            out.append(
                Difference(
                    "finding",
                    f.code,
                    {"code": f.code, "message": f.message},
                    None,
                    None,
                    f"only in the original: {f.code} {f.message}",
                )
            )
    for f in alternative:
        if finding_key(f) not in keys_a:
            out.append(
                Difference(
                    "finding",
                    f.code,
                    None,
                    {"code": f.code, "message": f.message},
                    None,
                    f"only under the alternative: {f.code} {f.message}",
                )
            )
    return out


# --------------------------------------------------------------------------- one side
@dataclass(slots=True)
class Side:
    """One replay: its result, the events the engine applied, and the table after each."""

    result: Replay
    events: list[E.Event]
    signatures: list[Signature]
    # what the counts did to this replay, for an alternative to do the same (record.CountMoves)
    counts: CountMoves = field(default_factory=CountMoves)

    @property
    def readings(self) -> dict[str, str]:
        return self.result.readings


def run_side(
    events: Sequence[E.Event],
    rulings: Mapping[str, str] | None,
    *,
    file: str | None = None,
    edition: Edition | str | None = None,
    alternative_of: Side | None = None,
) -> Side:
    """Replay `events` under `rulings` (None: the record's own), keeping a signature per event.

    Without `alternative_of` this is the record's own replay, the one every report reads
    (`settle`, `state`, `ledger`): a count that disagrees is taken as the cash. With it, the
    replay measures what the readings of `rulings` change against that side: it keeps its own
    cash, and the counts correct it as they corrected `alternative_of` (record.CountMoves)."""
    applied: list[E.Event] = []
    signatures: list[Signature] = []

    def observe(event: E.Event, state: GameState) -> None:
        applied.append(event)
        signatures.append(signature(state))

    game = begin(events, edition, dict(rulings or {}) or None, file, recount=alternative_of is None)
    if alternative_of is None:
        counts = lead_counts(game)
    else:  # a copy: each alternative of one side takes its entries as it uses them
        counts = CountMoves()
        follow_counts(game, CountMoves(alternative_of.counts))
    steps = replay_steps(game, events)
    while True:
        try:
            observe(*next(steps))
        except StopIteration as stop:
            result: Replay = stop.value
            break
    return Side(result, applied, signatures, counts)


def split_rulings(
    asked: Mapping[str, str], in_force: Mapping[str, str]
) -> tuple[dict[str, str], dict[str, str]]:
    """The asked readings that change something, and those already in force."""
    changed = {cf: r for cf, r in asked.items() if in_force.get(cf) != r}
    same = {cf: r for cf, r in asked.items() if in_force.get(cf) == r}
    return changed, same


# --------------------------------------------------------------------------- comparison
@dataclass(frozen=True, slots=True)
class Divergence:
    """The first event after which the two replays differ (index into the applied events)."""

    index: int | None  # None: the tables differ only once the game is closed after the last event
    span: E.Span
    text: str
    differences: tuple[Difference, ...]
    source: str = ""  # the whole source line the event stands on


@dataclass(frozen=True, slots=True)
class Outcome:
    """One player's cash and worth at the end under both rulings."""

    name: str
    cash: tuple[int, int]
    worth: tuple[int, int]

    @property
    def cash_delta(self) -> int:
        return self.cash[1] - self.cash[0]

    @property
    def worth_delta(self) -> int:
        return self.worth[1] - self.worth[0]


@dataclass(frozen=True, slots=True)
class Comparison:
    """Everything `monolog dispute` reports.

    `rulings`: CF item -> (reading in force, alternative reading). `applied`: the findings that
    report the disputed points (their A-codes) on each side. `illegal` / `legal`: error
    findings only the alternative / only the original has (same code at the same place with a
    different message goes to `changed` as an (original, alternative) pair). `other`: findings
    of lower severity present on one side only (side, finding). `rejoined`: when the tables
    differed somewhere but are the same at the end, the last event after which they differed.
    """

    file: str | None
    edition: Edition
    rulings: dict[str, tuple[str, str]]
    applied: tuple[tuple[str, Finding], ...]
    divergence: Divergence | None
    rejoined: Divergence | None
    illegal: tuple[Finding, ...]
    legal: tuple[Finding, ...]
    changed: tuple[tuple[Finding, Finding], ...]
    other: tuple[tuple[str, Finding], ...]
    outcomes: tuple[Outcome, ...]


def _ruling_codes(cfs: Sequence[str]) -> set[str]:
    return {"A" + cf.split("-")[1] for cf in cfs}


class Spans(Sequence[E.Span]):
    """The spans of the events a replay applied, four numbers each in one array (a Span made
    when one is asked for): what the comparison reads of the events."""

    __slots__ = ("_numbers",)

    def __init__(self, spans: Sequence[E.Span] = ()) -> None:
        self._numbers = array("q")
        for span in spans:
            self.append(span)

    def append(self, span: E.Span) -> None:
        self._numbers.extend((span.line, span.column, span.end_line, span.end_column))

    def __len__(self) -> int:
        return len(self._numbers) // 4

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("span index out of range")
        n = self._numbers
        return E.Span(n[4 * index], n[4 * index + 1], n[4 * index + 2], n[4 * index + 3])

    def start(self, index: int) -> tuple[int, int]:
        return self._numbers[4 * index], self._numbers[4 * index + 1]


class _Starts(Sequence[tuple[int, int]]):
    """Where each event starts, (line, column), for a bisection."""

    def __init__(self, spans: Spans) -> None:
        self.spans = spans

    def __len__(self) -> int:
        return len(self.spans)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self.spans.start(index)


def _by_event(
    spans: Spans, findings: Sequence[Finding]
) -> tuple[dict[int, list[Finding]], list[Finding]]:
    """Findings grouped by the event their span starts in (the last event starting at or
    before it); findings with no place, or before the first event, are returned apart."""
    starts = _Starts(spans)
    grouped: dict[int, list[Finding]] = {}
    loose: list[Finding] = []
    for f in findings:
        if not f.span.line:
            loose.append(f)
            continue
        at = bisect_right(starts, (f.span.line, f.span.column)) - 1
        if at < 0:
            loose.append(f)
        else:
            grouped.setdefault(at, []).append(f)
    return grouped, loose


def event_text(event: E.Event, lines: Sequence[str]) -> str:
    """The source text of an event (its first line when it runs over several)."""
    return span_text(event.span, lines)


def span_text(span: E.Span, lines: Sequence[str]) -> str:
    """The source text of an event at `span` (its first line when it runs over several)."""
    if not 1 <= span.line <= len(lines):
        return ""
    line = lines[span.line - 1]
    end = span.end_column - 1 if span.end_line == span.line else len(line)
    return line[span.column - 1 : end].strip()


@dataclass(frozen=True, slots=True)
class Steps:
    """What the comparison reads of two replays of the same events, event by event: the
    events' spans, the first event after which the tables differ with the two tables there,
    and the last such event (None: the tables never differ)."""

    spans: Spans
    first: int | None = None
    tables: tuple[Signature, Signature] | None = None
    last: int | None = None


def compare(
    original: Side,
    alternative: Side,
    rulings: Mapping[str, str],
    lines: Sequence[str],
    file: str | None = None,
) -> Comparison:
    """Compare two replays of the same events; `rulings` are the alternative's overrides."""
    first: int | None = None
    last: int | None = None
    tables: tuple[Signature, Signature] | None = None
    for i, (sa, sb) in enumerate(zip(original.signatures, alternative.signatures, strict=True)):
        if sa != sb:
            if first is None:
                first, tables = i, (sa, sb)
            last = i
    steps = Steps(Spans([ev.span for ev in original.events]), first, tables, last)
    return compare_results(original.result, alternative.result, steps, rulings, lines, file)


def dispute_record(
    events: Sequence[E.Event],
    own: Mapping[str, str],
    asked: Mapping[str, str],
    lines: Sequence[str],
    *,
    file: str | None = None,
    edition: Edition | str | None = None,
    more: Iterator[Sequence[E.Event]] | None = None,
) -> tuple[Side, dict[str, str], dict[str, str], Comparison]:
    """`run_side` under the record's own rulings `own`, and under them with the readings
    `asked` that change something, then `compare`: the two replays stepped side by side, so
    that only the table after the current event is held of each, not one per event.

    With `more`, the record is read a piece at a time (notation/chunks.py): `events` is its
    first piece, holding the whole header, and `more` the pieces after it; both replays take
    each piece as it is parsed and let it go, and keep their findings packed. (Where the start
    of the game needs more than the header, the pieces are all taken first.)

    Returns the original side (its result; no events or tables kept), the readings asked
    that change something and those already in force, and the comparison (of the original
    with itself when nothing changes)."""
    # the original is the record's own replay, as every report replays it (counts taken as
    # the cash); the alternative keeps its own cash, corrected by the counts as the original
    # is (record.CountMoves)
    game_a = begin(events, edition, dict(own) or None, file)
    if more is not None and needs_whole_record(game_a):
        events = [*events, *(ev for piece in more for ev in piece)]
        more = None
        game_a = begin(events, edition, dict(own) or None, file)
    changed, same = split_rulings(asked, game_a.readings)
    game_b = None
    if changed:
        game_b = begin(events, edition, {**own, **changed} or None, file, recount=False)
        share_counts(game_a, game_b)
    steps_b = None
    if more is None:
        steps_a = replay_steps(game_a, events)
        if game_b is not None:
            steps_b = replay_steps(game_b, events)
    else:
        pieces = then(events, more)
        del events  # each piece goes once both replays stepped through it
        if game_b is None:
            steps_a = replay_steps_chunks(game_a, pieces)
        else:  # the two replays go in step: tee holds a piece only until both have it
            pieces_a, pieces_b = tee(pieces)
            steps_a = replay_steps_chunks(game_a, pieces_a)
            steps_b = replay_steps_chunks(game_b, pieces_b)
    steps = Steps(Spans())
    first: int | None = None
    last: int | None = None
    tables: tuple[Signature, Signature] | None = None
    index = 0
    while True:
        try:
            event, state_a = next(steps_a)
        except StopIteration as stop:
            result_a: Replay = stop.value
            break
        steps.spans.append(event.span)
        if steps_b is not None:
            try:
                _, state_b = next(steps_b)
            except StopIteration:  # as `zip(..., strict=True)` says it
                raise ValueError("zip() argument 2 is shorter than argument 1") from None
            sa, sb = signature(state_a), signature(state_b)
            if sa != sb:
                if first is None:
                    first, tables = index, (sa, sb)
                last = index
        index += 1
    result_b = result_a
    if steps_b is not None:
        try:
            next(steps_b)
        except StopIteration as stop:
            result_b = stop.value
        else:
            raise ValueError("zip() argument 2 is longer than argument 1")
    steps = Steps(steps.spans, first, tables, last)
    original = Side(result_a, [], [])
    comparison = compare_results(result_a, result_b, steps, changed, lines, file)
    return original, changed, same, comparison


def compare_results(
    original: Replay,
    alternative: Replay,
    steps: Steps,
    rulings: Mapping[str, str],
    lines: Sequence[str],
    file: str | None = None,
) -> Comparison:
    """Compare two replays of the same events from their results and `steps`, what was
    seen of them event by event; `rulings` are the alternative's overrides."""
    edition = original.edition
    codes = _ruling_codes(list(rulings))

    def disputed(f: Finding) -> bool:
        # an engine profile's count of a point (I002) stands for the places it counted
        return f.code in codes or (f.code == DECLARED_CODE and f.data.get("cf") in rulings)

    applied = tuple(
        [("original", f) for f in original.findings if disputed(f)]
        + [("alternative", f) for f in alternative.findings if disputed(f)]
    )
    spans = steps.spans
    group_a, loose_a = _by_event(spans, [f for f in original.findings if not disputed(f)])
    group_b, loose_b = _by_event(spans, [f for f in alternative.findings if not disputed(f)])
    # the first event whose tables or findings differ: unequal tables always give
    # differences, for `state_differences` reports every part of a signature
    at = steps.first
    for i in sorted(group_a.keys() | group_b.keys()):
        if at is not None and i >= at:
            break
        if finding_differences(group_a.get(i, []), group_b.get(i, [])):
            at = i
            break
    divergence: Divergence | None = None
    if at is not None:
        diffs = (
            state_differences(*steps.tables, edition)
            if at == steps.first and steps.tables is not None
            else []
        )
        diffs += finding_differences(group_a.get(at, []), group_b.get(at, []))
        span = spans[at]
        source = lines[span.line - 1] if 1 <= span.line <= len(lines) else ""
        divergence = Divergence(at, span, span_text(span, lines), tuple(diffs), source)
    if divergence is None:
        end_a, end_b = signature(original.state), signature(alternative.state)
        diffs = state_differences(end_a, end_b, edition) + finding_differences(loose_a, loose_b)
        if diffs:
            divergence = Divergence(None, E.NO_SPAN, "the close of the game", tuple(diffs))

    del group_a, group_b, loose_a, loose_b  # every finding of both sides: not kept past here
    rejoined: Divergence | None = None
    end_same = signature(original.state) == signature(alternative.state)
    if divergence is not None and divergence.index is not None and end_same:
        last = steps.last
        if last is not None:
            span = spans[last]
            rejoined = Divergence(last, span, span_text(span, lines), ())
    illegal, legal, changed = _error_changes(original.findings, alternative.findings)
    other = _other_changes(
        [f for f in original.findings if not disputed(f)],
        [f for f in alternative.findings if not disputed(f)],
    )
    worth_a = worth(original.state, edition)
    worth_b = worth(alternative.state, alternative.edition)
    outcomes = tuple(
        Outcome(
            pa.name,
            (pa.cash, pb.cash),
            (worth_a.get(pa.name, pa.cash), worth_b.get(pb.name, pb.cash)),
        )
        for pa, pb in zip(original.state.players, alternative.state.players, strict=True)
    )
    in_force = original.readings
    return Comparison(
        file=file,
        edition=edition,
        rulings={cf: (in_force.get(cf, ""), r) for cf, r in rulings.items()},
        applied=applied,
        divergence=divergence,
        rejoined=rejoined,
        illegal=illegal,
        legal=legal,
        changed=changed,
        other=other,
        outcomes=outcomes,
    )


def _place(f: Finding) -> tuple[str, int, int]:
    return (f.code, f.span.line, f.span.column)


def _error_changes(
    original: Sequence[Finding], alternative: Sequence[Finding]
) -> tuple[tuple[Finding, ...], tuple[Finding, ...], tuple[tuple[Finding, Finding], ...]]:
    errs_a = [f for f in original if f.severity is Severity.ERROR]
    errs_b = [f for f in alternative if f.severity is Severity.ERROR]
    keys_a = {finding_key(f) for f in errs_a}
    keys_b = {finding_key(f) for f in errs_b}
    only_a = [f for f in errs_a if finding_key(f) not in keys_b]
    only_b = [f for f in errs_b if finding_key(f) not in keys_a]
    # the same rule broken at the same place, for a different reason or amount
    places_a: dict[tuple[str, int, int], Finding] = {}
    for f in only_a:
        places_a.setdefault(_place(f), f)
    changed: list[tuple[Finding, Finding]] = []
    illegal: list[Finding] = []
    paired: set[int] = set()
    for f in only_b:
        match = places_a.get(_place(f))
        if match is not None and id(match) not in paired:
            paired.add(id(match))
            changed.append((match, f))
        else:
            illegal.append(f)
    legal = [f for f in only_a if id(f) not in paired]
    return tuple(illegal), tuple(legal), tuple(changed)


def _other_changes(
    original: Sequence[Finding], alternative: Sequence[Finding]
) -> tuple[tuple[str, Finding], ...]:
    keys_a = {finding_key(f) for f in original}
    keys_b = {finding_key(f) for f in alternative}
    out: list[tuple[str, Finding]] = []
    for f in original:
        if f.severity is not Severity.ERROR and finding_key(f) not in keys_b:
            out.append(("original", f))
    for f in alternative:
        if f.severity is not Severity.ERROR and finding_key(f) not in keys_a:
            out.append(("alternative", f))
    out.sort(key=lambda sf: (sf[1].span.line, sf[1].span.column, sf[0]))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the alternative ruling was worth to one player (alternative minus original)."""

    name: str
    amount: int
    text: str


def verdicts(comparison: Comparison) -> list[Verdict]:
    """One line per player: the difference the alternative makes to the player's worth."""
    money = comparison.edition.money
    out: list[Verdict] = []
    for o in comparison.outcomes:
        d = o.worth_delta
        if d == 0:
            text = f"the ruling was worth nothing to {o.name}"
        else:
            text = f"the ruling was worth {money(d)} to {o.name}"
        out.append(Verdict(o.name, d, text))
    return out


__all__ = [
    "Comparison",
    "Difference",
    "Divergence",
    "Outcome",
    "Side",
    "Signature",
    "Verdict",
    "compare",
    "compare_results",
    "dispute_record",
    "event_text",
    "run_side",
    "signature",
    "split_rulings",
    "state_differences",
    "verdicts",
]
