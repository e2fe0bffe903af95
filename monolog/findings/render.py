"""Findings as people and programs read them: terminal text (Rich) and one JSON document.

Text groups the findings by game. Each game opens with its identity (file name, then the
Event, Round, Table and Players tags), lists its findings as
`file:line:col  CODE  message  [RULE]` with the source line and a caret under the column, and
closes with a count by severity. Colour follows Rich's rules: none when the output is piped or
NO_COLOR is set. Lines are never hard-wrapped, so the output greps well; long source lines are
clipped around the column to fit the terminal.
"""

from __future__ import annotations

import builtins
import json
import os
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..colour import console_options
from ..notation.events import to_data
from .catalogue import printable
from .model import Finding, Severity, shown_name

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

JSON_SCHEMA = 1
IDENTITY_TAGS = ("Event", "Round", "Table")
SEVERITY_STYLES: dict[Severity, str] = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "yellow",
    Severity.INFO: "cyan",
}
_CLIP_WIDTH_PIPED = 120


@dataclass(slots=True)
class GameReport:
    """What an audit found in one record.

    `parsed` is False when the record could not be read or parsed; its one finding is then the
    P-code (already shown on stderr by the command in text mode). `lines` is the source text,
    split into lines, for the carets.
    """

    file: str
    header: dict[str, str] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    parsed: bool = True

    def summary(self) -> dict[str, int]:
        return summarise(self.findings)

    def compact(self, keep_lines: bool = True) -> GameReport:
        """The same report holding only what rendering needs: the source lines its findings
        point at (none with `keep_lines=False`), not the whole record."""
        lines: Sequence[str] = SparseLines.of(self.findings, self.lines) if keep_lines else ()
        return GameReport(self.file, self.header, self.findings, lines, self.parsed)  # type: ignore[arg-type]


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
    as `str.splitlines` would."""
    lines = text.split("\n")
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


def identity(report: GameReport) -> str:
    """The game's identity: event, round, table and players from the header tags."""
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
    return text


# --------------------------------------------------------------------------- text


def make_console(stderr: bool = False) -> Console:
    """A console that colours only a terminal (and never under NO_COLOR), and never wraps."""
    # here, not at the top: Rich (about 18 ms of start-up) only where it prints, never for
    # piped text (see TextOutput)
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False, **console_options())


def clip(line: str, column: int, width: int) -> tuple[str, int]:
    """At most `width` characters of `line` around 0-based `column`; the column's new place."""
    width = max(width, 20)
    if len(line) <= width:
        return line, column
    start = max(0, min(column - width // 2, len(line) - width))
    shown = line[start : start + width]
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + width < len(line) else ""
    return prefix + shown + suffix, column - start + len(prefix)


def shown_line(lines: Sequence[str], number: int) -> str:
    """Source line `number` (1-based) as it is shown under a finding: tabs as one space,
    control characters as their visible symbols."""
    line = lines[number - 1].rstrip("\r\n").expandtabs(1)
    if not line.isprintable():  # a control character (as Cc, never printable) may be in it
        line = printable(line)
    return line


def cells(text: str) -> int:
    """How many terminal columns `text` takes: two for a wide (East Asian) character, none for
    a combining mark, one for anything else."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def source_excerpt(
    finding: Finding,
    lines: Sequence[str],
    width: int,
    prepared: dict[int, str] | None = None,
) -> tuple[str, str] | None:
    """The finding's source line and the caret line under it (indented by 4), or None.

    `prepared` keeps each line as `shown_line` gives it, so a line that many findings point at
    is prepared once (a long line with a finding per word was quadratic otherwise). The caret
    is placed by display width, so it stays under its column after wide characters."""
    span = finding.span
    if not span.line or not 1 <= span.line <= len(lines):
        return None
    line = prepared.get(span.line) if prepared is not None else None
    if line is None:
        line = shown_line(lines, span.line)
        if prepared is not None:
            prepared[span.line] = line
    col = max(span.column, 1) - 1
    length = 1
    if span.end_line == span.line and span.end_column > span.column:
        length = min(span.end_column - span.column, max(len(line) - col, 1))
    shown, offset = clip(line, col, width - 4)
    length = max(1, min(length, len(shown) - offset))
    under = shown[offset : offset + length]
    marks = max(1, cells(under))
    return "    " + shown, "    " + " " * cells(shown[:offset]) + "^" + "~" * (marks - 1)


def render_text(reports: Sequence[GameReport], console: Console) -> None:
    """Print every parsed game's findings, grouped by game, with a summary line each."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    width = text_width(console)
    shown = [r for r in reports if r.parsed]
    for index, report in enumerate(shown):
        render_game(report, console, width, first=index == 0)
    if len(reports) > 1:
        total = summarise(f for r in shown for f in r.findings)
        unreadable = len(reports) - len(shown)
        tail = f", {unreadable} could not be read" if unreadable else ""

        console.print()
        console.print(Text(f"{len(reports)} records: {summary_words(total)}{tail}", style="bold"))


def text_width(console: Console) -> int:
    """The width source lines are clipped to: the terminal's, or a fixed one when piped."""
    return console.width if console.is_terminal else _CLIP_WIDTH_PIPED


# A game's block is built and written this many findings at a time: a long game with a finding
# on most lines held its whole block at once, several times over (the lines, their join, the
# copy Rich or the plain writer made): a 1 MiB game of 57,000 findings peaked 84 MB above its
# report in text and 161 MB in JSON (benchmarks/memory_bench.py). The pieces end at line
# boundaries, so the bytes written are the same.
CHUNK = 1_000


def render_game(report: GameReport, console: Console, width: int, first: bool = True) -> None:
    """One game's block (a blank line before it unless `first`), printed a piece of `CHUNK`
    findings per call: few calls for a run of short games, never the whole of a long one."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    for parts in game_parts(report, width, first):
        console.print(Text("\n").join(parts), soft_wrap=True)


def game_text(report: GameReport, width: int, first: bool = True) -> Any:
    """One game's block as a single styled rich Text (lines joined by newlines)."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    return Text("\n").join(part for parts in game_parts(report, width, first) for part in parts)


def game_parts(report: GameReport, width: int, first: bool = True) -> Iterator[list[Text]]:
    """One game's block as styled rich Texts, one a line, in pieces of `CHUNK` findings."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    parts: list[Text] = []
    if not first:
        parts.append(Text())
    head = Text(shown_name(report.file), style="bold")
    who = identity(report)
    if who:
        head.append("  " + who)
    parts.append(head)
    prepared: dict[int, str] = {}
    for count, finding in enumerate(shown(report.findings), 1):
        parts.append(finding_text(finding, report.file))
        excerpt = source_excerpt(finding, report.lines, width, prepared)
        if excerpt is not None:
            parts.append(Text(excerpt[0]))
            parts.append(Text(excerpt[1], style=SEVERITY_STYLES[finding.severity]))
        if count % CHUNK == 0:
            yield parts
            parts = []
            prepared.clear()
    counts = report.summary()
    style = "green" if not any(counts.values()) else "bold"
    parts.append(Text(f"{shown_name(report.file)}: {summary_words(counts)}", style=style))
    yield parts


@dataclass(slots=True)
class RunSummary:
    """What a run over many records adds up to, kept as counts so it stays small however many
    records pass: records seen, findings by severity and by code, and the records that could
    not be read or parsed (by name)."""

    records: int = 0
    severities: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    unreadable: list[str] = field(default_factory=list)

    def add(self, report: GameReport) -> None:
        self.add_codes(
            report.file, report.parsed, [(f.code, f.severity.value) for f in report.findings]
        )

    def add_codes(self, file: str, parsed: bool, codes: Iterable[tuple[str, str]]) -> None:
        """One record, given by its findings' codes and severities (`("M301", "error")`)."""
        self.records += 1
        if not parsed:
            self.unreadable.append(file)
            return
        for code, severity in codes:
            self.severities[severity] += 1
            self.codes[code] += 1

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
        if self.unreadable:
            out.append("could not be read or parsed:")
            out.extend("  " + shown_name(name) for name in sorted(self.unreadable))
        return out


def render_summary(summary: RunSummary, console: Console) -> None:
    """The closing summary of a run over several records, after a blank line."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    console.print()
    console.print(Text("\n".join(summary.lines()), style="bold"), soft_wrap=True)


# how many lines a summarised ruling lists before "…"
_LINES_LISTED = 12


def shown(findings: Sequence[Finding]) -> list[Finding]:
    """The findings text output prints. An info A-code (a ruling applied on a disputed point)
    that comes up more than once in a game is printed once, at its first line, with how many
    times and on which lines it came up: a ruling met on every rent would otherwise bury the
    errors. A finding that only follows from an earlier one (`caused_by`) is not printed: its
    root says how many later lines it affected. JSON and the other formats keep every
    instance."""
    return _summarised(_folded(findings))


def _folded(findings: Sequence[Finding]) -> list[Finding]:
    """The findings without those that only follow from another one present, each root's
    message saying on which later lines its consequences are."""
    later: dict[Any, list[int]] = {}
    for f in findings:
        if f.caused_by is not None:
            later.setdefault(f.caused_by, []).append(f.span.line)
    if not later:
        return list(findings)
    roots = {(f.code, f.span) for f in findings}
    out: list[Finding] = []
    for f in findings:
        if f.caused_by is not None and f.caused_by in roots:
            continue
        lines = sorted(set(later.get((f.code, f.span), ())))
        if lines:
            n = len(lines)
            listed = ", ".join(str(line) for line in lines[:_LINES_LISTED])
            more = ", …" if n > _LINES_LISTED else ""
            message = (
                f"{f.message} (it affected {n} later line{'s' if n != 1 else ''}: "
                f"{listed}{more}; each finding there follows from this one and is in the "
                "JSON output)"
            )
            f = replace(f, message=message)
        out.append(f)
    return out


def _summarised(findings: Sequence[Finding]) -> list[Finding]:
    """The findings with each repeated info A-code printed once (see `shown`)."""
    lines: dict[str, list[int]] = {}
    for f in findings:
        if f.code.startswith("A") and f.severity is Severity.INFO:
            lines.setdefault(f.code, []).append(f.span.line)
    out: list[Finding] = []
    for f in findings:
        seen = lines.get(f.code)
        if seen is None or len(seen) < 2:
            out.append(f)
        elif seen[0] == f.span.line and not any(o.code == f.code for o in out):
            listed = ", ".join(str(n) for n in seen[:_LINES_LISTED])
            more = ", …" if len(seen) > _LINES_LISTED else ""
            message = (
                f"{f.message} (this point came up {len(seen)} times in this game, on lines "
                f"{listed}{more}; each one is in the JSON output)"
            )
            out.append(replace(f, message=message))
    return out


def _where(finding: Finding, file: str | None) -> str:
    where = shown_name(finding.file or file or "<record>")
    if finding.span.line:
        where = f"{where}:{finding.span.line}:{finding.span.column}"
    return where


def finding_text(finding: Finding, file: str | None = None) -> Any:
    """`file:line:col  CODE  message  [RULE]` as a styled rich Text."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    where = _where(finding, file)
    text = Text()
    text.append(where, style="bold")
    text.append("  ")
    text.append(finding.code, style=SEVERITY_STYLES[finding.severity])
    text.append("  " + finding.message)
    if finding.rule:
        text.append(f"  [{finding.rule}]", style="dim")
    return text


# --------------------------------------------------------------------------- text without Rich

# What Rich drops from any text it is handed (rich.control.STRIP_CONTROL_CODES: bell,
# backspace, vertical tab, form feed, carriage return).
_RICH_DROPS = dict.fromkeys((7, 8, 11, 12, 13))


def rich_would_be_plain(stream: Any) -> bool:
    """Whether the console `make_console` makes for `stream` would write its text unstyled and
    as given: Rich takes the stream for no terminal, and nothing would make it think otherwise
    (FORCE_COLOR, TTY_COMPATIBLE or TTY_INTERACTIVE set, a notebook, IDLE, Windows). When in
    doubt, False: Rich then prints."""
    if sys.platform == "win32":
        return False
    if any(key in os.environ for key in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")):
        return False

    if hasattr(builtins, "get_ipython"):
        return False
    if str(getattr(sys.stdin, "__module__", "")).startswith("idlelib"):
        return False
    if hasattr(stream, "rich_proxied_file"):  # inside a Rich live display
        return False
    isatty = getattr(stream, "isatty", None)
    if isatty is None:
        return False
    try:
        return not isatty()
    except ValueError:
        return False


def plain_lines(lines: Sequence[str]) -> str | None:
    """Lines as a console that is not a terminal prints them in one `print`: what Rich drops
    dropped, a newline after each. None when a line holds a tab, which Rich expands by cell
    width: Rich must print those."""
    text = "\n".join(lines)
    if "\t" in text:
        return None
    return text.translate(_RICH_DROPS) + "\n"


def plain_game(report: GameReport, width: int, first: bool = True) -> str | None:
    """One game's block as `render_game` prints it on a console that is not a terminal (see
    `rich_would_be_plain`), built without Rich; None where Rich must print it (`plain_lines`)."""
    out: list[str] = []
    for lines in plain_parts(report, width, first):
        text = plain_lines(lines)
        if text is None:
            return None
        out.append(text)
    return "".join(out)


def plain_parts(report: GameReport, width: int, first: bool = True) -> Iterator[list[str]]:
    """The lines of `plain_game`'s block, in pieces of `CHUNK` findings."""
    lines: list[str] = [] if first else [""]
    who = identity(report)
    name = shown_name(report.file)
    lines.append(f"{name}  {who}" if who else name)
    prepared: dict[int, str] = {}
    for count, finding in enumerate(shown(report.findings), 1):
        line = f"{_where(finding, report.file)}  {finding.code}  {finding.message}"
        if finding.rule:
            line += f"  [{finding.rule}]"
        lines.append(line)
        excerpt = source_excerpt(finding, report.lines, width, prepared)
        if excerpt is not None:
            lines.extend(excerpt)
        if count % CHUNK == 0:
            yield lines
            lines = []
            prepared.clear()
    lines.append(f"{name}: {summary_words(report.summary())}")
    yield lines


class TextOutput:
    """Where a text run prints its games and its summary: a Rich console, or, when that console
    would only write the text as given (`rich_would_be_plain`), stdout itself, with the same
    bytes and without loading Rich. `block` gives a game's block as it would be printed (a
    worker renders there, the parent writes it with `write`)."""

    def __init__(self) -> None:
        self.plain = rich_would_be_plain(sys.stdout)
        self._console: Console | None = None
        self.width = _CLIP_WIDTH_PIPED if self.plain else text_width(self.console)

    @property
    def console(self) -> Console:
        if self._console is None:
            self._console = make_console()
        return self._console

    def block(self, report: GameReport, first: bool = True) -> str:
        if self.plain:
            text = plain_game(report, self.width, first)
            if text is not None:
                return text
        console = self.console
        with console.capture() as captured:
            render_game(report, console, self.width, first=first)
        return captured.get()

    def game(self, report: GameReport, first: bool = True) -> None:
        """Write one game's block, a piece at a time (see `CHUNK`)."""
        if not self.plain:
            render_game(report, self.console, self.width, first=first)
            return
        for lines in plain_parts(report, self.width, first):
            text = plain_lines(lines)
            if text is None:  # a tab: Rich prints this piece, unstyled as it would be here
                from rich.text import Text  # here, not at the top: Rich only where it prints

                self.console.print(Text("\n".join(lines)), soft_wrap=True)
            else:
                self.write(text)

    def write(self, text: str) -> None:
        """Text rendered for this output, written as `Console.print` writes: then a flush."""
        stream = sys.stdout if self.plain else self.console.file
        try:
            stream.write(text)
        except UnicodeEncodeError as error:  # as Rich words it
            error.reason = (
                f"{error.reason}\n*** You may need to add PYTHONIOENCODING=utf-8 to your "
                "environment ***"
            )
            raise
        stream.flush()

    def summary(self, summary: RunSummary) -> None:
        if self.plain:
            text = plain_lines(summary.lines())
            if text is not None:
                self.write("\n" + text)
                return
        render_summary(summary, self.console)


# --------------------------------------------------------------------------- JSON


def to_document(reports: Sequence[GameReport]) -> dict[str, Any]:
    """`{"schema": 1, "games": [{"file", "header", "findings", "summary"}]}`."""
    return {"schema": JSON_SCHEMA, "games": [_game_data(report) for report in reports]}


def _game_data(report: GameReport, findings: bool = True) -> dict[str, Any]:
    return {
        "file": report.file,
        "header": dict(report.header),
        "findings": [_with_file(f, report.file) for f in report.findings] if findings else [],
        "summary": report.summary(),
    }


# where a game's findings go in its JSON text: the game dumped with none, split at this line
_NO_FINDINGS = '\n  "findings": [],'


def _indented(text: str, by: int) -> str:
    pad = " " * by
    return "\n".join(pad + line for line in text.split("\n"))


class JsonStream:
    """The JSON document `render_json` gives, written a game at a time through `write`, so a
    run over many games keeps none of them once written; `close` ends the document."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.games = 0

    def game(self, report: GameReport) -> None:
        """Write one game, its findings `CHUNK` at a time: the game's text is never whole."""
        data = _game_data(report, findings=False)
        text = json.dumps(data, ensure_ascii=False, indent=2, default=_jsonable)
        start = f'{{\n  "schema": {JSON_SCHEMA},\n  "games": [\n' if not self.games else ",\n"
        self.games += 1
        if not report.findings:
            self.write(start + _indented(text, 4))
            return
        head, tail = text.split(_NO_FINDINGS)
        self.write(start + _indented(head + '\n  "findings": [', 4))
        findings = report.findings
        for at in range(0, len(findings), CHUNK):
            items = [
                json.dumps(
                    _with_file(f, report.file), ensure_ascii=False, indent=2, default=_jsonable
                )
                for f in findings[at : at + CHUNK]
            ]
            self.write(("\n" if at == 0 else ",\n") + _indented(",\n".join(items), 8))
        self.write("\n" + _indented("  ]," + tail, 4))

    def close(self) -> None:
        if not self.games:
            self.write(render_json([]) + "\n")
        else:
            self.write("\n  ]\n}\n")


def _with_file(finding: Finding, file: str) -> dict[str, Any]:
    data = finding.to_data()
    if data.get("file") is None:
        data["file"] = file
    return data


def render_json(reports: Sequence[GameReport]) -> str:
    """The JSON document as text (UTF-8, indented); values JSON cannot hold become strings."""
    return json.dumps(to_document(reports), ensure_ascii=False, indent=2, default=_jsonable)


def _jsonable(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    if hasattr(value, "__dataclass_fields__"):
        return to_data(value)
    if isinstance(getattr(value, "value", None), str | int):  # enums
        return value.value
    return str(value)
