"""What an audit found, as the outputs read it: each record's report (its findings, header
and the source lines they point at), the counts by severity, and a run's summary over many
records. Text is written by render.py, JSON by json_document.py, the CI formats by
reports/formats.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..visible import visible
from .declared import Declared, Totals, add_totals
from .model import Finding, Severity, shown_name

# A game's block is built and written this many findings at a time: a long game with a finding
# on most lines held its whole block at once, several times over (the lines, their join, the
# copy Rich or the plain writer made): a 1 MiB game of 57,000 findings peaked 84 MB above its
# report in text and 161 MB in JSON (benchmarks/memory_bench.py). The pieces end at line
# boundaries, so the bytes written are the same.
CHUNK = 1_000


@dataclass(slots=True)
class GameReport:
    """What an audit found in one record.

    `parsed` is False when the record could not be read or parsed; its one finding is then the
    P-code (already shown on stderr by the command in text mode). `lines` is the source text,
    split into lines, for the carets. `hidden`: the findings the settings' codes left out, by
    code (code -> count). `declared`: the readings the edition's engine profile declares, with
    how often the game played each (findings/declared.py), named by every format's summary.
    """

    file: str
    header: dict[str, str] = field(default_factory=dict)
    findings: Sequence[Finding] = field(default_factory=list)
    lines: Sequence[str] = field(default_factory=list)
    parsed: bool = True
    hidden: dict[str, int] = field(default_factory=dict)
    declared: tuple[Declared, ...] = ()

    def summary(self) -> dict[str, int]:
        return summarise(self.findings)

    def compact(self, keep_lines: bool = True) -> GameReport:
        """The same report holding only what rendering needs: the source lines its findings
        point at (none with `keep_lines=False`), not the whole record."""
        lines: Sequence[str] = SparseLines.of(self.findings, self.lines) if keep_lines else ()
        return GameReport(
            self.file, self.header, self.findings, lines, self.parsed, self.hidden, self.declared
        )


class SparseLines(Sequence[str]):
    """A record's lines with only some of them kept: `len` is the record's line count, and an
    index that was not kept reads as an empty line. Small to hold and to send between processes."""

    __slots__ = ("kept", "total")

    def __init__(self, total: int, kept: dict[int, str]) -> None:
        self.total = total
        self.kept = kept

    @classmethod
    def of(cls, findings: Iterable[Finding], lines: Sequence[str]) -> SparseLines:
        kept: dict[int, str] = {}
        for finding in findings:
            index = finding.span.line - 1
            if 0 <= index < len(lines):
                kept[index] = lines[index]
        return cls(len(lines), kept)

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.total))]
        if index < 0:
            index += self.total
        if not 0 <= index < self.total:
            raise IndexError(index)
        return self.kept.get(index, "")

    def __reduce__(self) -> tuple[Any, ...]:
        return (SparseLines, (self.total, self.kept))


def source_lines(text: str) -> list[str]:
    """The record's lines as the parser numbers them: only `\n` ends a line (with a `\r`
    before it), so a form feed or a U+2028 inside a comment does not shift the lines after it,
    as `str.splitlines` would. A leading byte-order mark is no part of the first line (the
    parser's columns are counted without it)."""
    lines = text.removeprefix("\ufeff").split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def summarise(findings: Iterable[Finding]) -> dict[str, int]:
    """Counts by severity, every severity present (zero when none)."""
    counts = {s.value: 0 for s in Severity}
    for f in findings:
        counts[f.severity.value] += 1
    return counts


def summary_words(counts: dict[str, int]) -> str:
    """`2 errors, 1 warning, 0 info`, or `clean: no findings`."""
    if not any(counts.values()):
        return "clean: no findings"
    errors, warnings, infos = (counts.get(s.value, 0) for s in Severity)
    return (
        f"{errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''}, {infos} info"
    )


def declared_totals(totals: Totals) -> str:
    """`gnome 0.0.9 CF-63 at-mortgage-value 455 times in 40 games, ...`, the names shown as
    `visible` shows them."""
    return ", ".join(
        f"{visible(engine)} {cf} {reading} {'once' if count == 1 else f'{count} times'} "
        f"in {games} game{'' if games == 1 else 's'}"
        for (engine, cf, reading), (count, games) in totals.items()
    )


def identity(report: GameReport) -> str:
    """The game's identity: event, round, table and players from the header tags, as it is
    shown on a terminal (`visible`)."""
    parts: list[str] = []
    header = report.header
    if header.get("Event"):
        parts.append(header["Event"])
    for key in ("Round", "Table"):
        if header.get(key):
            parts.append(f"{key.lower()} {header[key]}")
    text = ", ".join(parts)
    players = header.get("Players")
    if players:
        text = f"{text} ({players})" if text else players
    return visible(text)


@dataclass(slots=True)
class RunSummary:
    """What a run over many records adds up to, kept as counts so it stays small however many
    records pass: records seen, findings by severity and by code, the records that could not be
    read or parsed (by name), and the points engine profiles declare: (engine, point, reading)
    -> [times played, games that declared it]."""

    records: int = 0
    severities: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    unreadable: list[str] = field(default_factory=list)
    declared: Totals = field(default_factory=dict)

    def add(self, report: GameReport) -> None:
        self.add_codes(
            report.file, report.parsed, [(f.code, f.severity.value) for f in report.findings]
        )
        self.add_declared(report.declared)

    def add_declared(self, declared: Iterable[Declared]) -> None:
        """One record's declared points, each added to its total."""
        add_totals(self.declared, declared)

    def add_codes(self, file: str, parsed: bool, codes: Iterable[tuple[str, str]]) -> None:
        """One record, given by its findings' codes and severities (`("M301", "error")`), one
        pair a finding or counted (a Counter of the pairs)."""
        self.records += 1
        if not parsed:
            self.unreadable.append(file)
            return
        for (code, severity), n in (
            codes if isinstance(codes, Counter) else Counter(codes)
        ).items():
            self.severities[severity] += n
            self.codes[code] += n

    def lines(self) -> list[str]:
        """The closing summary: the total line, then the findings by code (most frequent first,
        then by code) and the unreadable records (sorted), each when there are any."""
        counts = {s.value: self.severities.get(s.value, 0) for s in Severity}
        n = len(self.unreadable)
        tail = f", {n} could not be read" if n else ""
        out = [f"{self.records} records: {summary_words(counts)}{tail}"]
        if self.codes:
            ranked = sorted(self.codes.items(), key=lambda item: (-item[1], item[0]))
            out.append("findings by code: " + ", ".join(f"{c} {k}" for c, k in ranked))
        if self.declared:
            out.append("declared by engine profiles: " + declared_totals(self.declared))
        if self.unreadable:
            out.append("could not be read or parsed:")
            out.extend("  " + shown_name(name) for name in sorted(self.unreadable))
        return out
