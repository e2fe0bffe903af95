"""How `monolog audit` writes its report: the text blocks streamed as games finish (with a
summary closing a run over several records), JSON and the CI formats (SARIF, GitHub
annotations, JUnit) streamed in the order the files were named, `--statistics`, and the
progress bar drawn on stderr while a run is under way."""

from __future__ import annotations

import codecs
import json
import os
import sys
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from typer import echo as typer_echo

from ..colour import no_colour
from ..findings.catalogue import load_catalogue
from ..findings.json_document import JsonStream
from ..findings.render import TextOutput, make_console
from ..findings.report import RunSummary, declared_totals
from .audit_batch import Outcome
from .settings_note import SettingsNote

T = TypeVar("T")


class ReportWriter:
    """The report of one run in the format asked for, fed one `Outcome` at a time (`add`) and
    finished with the run's summary (`close`). Every format is written as the games come: text
    in the order they finish, JSON and the CI formats (SARIF, GitHub annotations, JUnit:
    reports/formats) in file order (with several workers, see `InOrder`), each game handed to
    the format's stream and kept no longer. `note`: the settings file the run read, what it
    changed and the findings it hid, which every format states at its end."""

    def __init__(
        self,
        fmt: str,
        strict: bool,
        quiet: bool,
        workers: int,
        statistics: bool,
        note: SettingsNote | None = None,
    ) -> None:
        self.fmt = fmt
        self.note = note
        self.strict = strict
        self.quiet = quiet
        self.statistics = statistics
        self.output = None
        self.shown = 0  # games whose block has been printed (text)
        if fmt == "text" and not statistics:
            self.output = TextOutput()  # one for the whole run
        self.stream: Any = None  # JSON's or a CI format's stream, written in file order
        self.ordered: InOrder[Outcome] | None = None
        if fmt != "text" and not statistics:
            self.stream = JsonStream(write) if fmt == "json" else _open_stream(fmt, strict)
            if workers > 1:  # games come as records finish: put back in file order
                self.ordered = InOrder(self._game)

    def _game(self, done: Outcome) -> None:
        report = done.report
        if report is None:
            return
        if self.fmt == "json":
            self.stream.game(report)
        else:
            self.stream.game(
                report.file, report.header, report.findings, done.seconds, report.declared
            )

    def add(self, done: Outcome) -> None:
        output, quiet, shown = self.output, self.quiet, self.shown
        if self.note is not None and done.hidden:
            self.note.hidden.update(done.hidden)
        if output is not None:
            if done.parsed and not (quiet and not done.codes):  # printed now and dropped
                if done.block is not None:  # rendered by a worker for an output like this
                    output.write(done.block if shown == 0 else "\n" + done.block)
                elif done.report is not None:
                    output.game(done.report, first=shown == 0)
                self.shown += 1
        elif self.ordered is not None:
            self.ordered.add(done.index, done)
        elif self.stream is not None:
            self._game(done)

    def close(self, summary: RunSummary) -> None:
        fmt, output, stream = self.fmt, self.output, self.stream
        note = self.note
        if self.statistics:
            echo(statistics_text(summary, fmt, note))
            return
        if output is not None:
            if summary.records > 1:
                output.summary(summary, first=self.shown == 0)
            elif self.shown == 0 and summary.declared:  # -q left out the game's block
                output.write(f"declared by engine profiles: {declared_totals(summary.declared)}\n")
            if note is not None:
                first = self.shown == 0 and summary.records <= 1
                output.write(("" if first else "\n") + "\n".join(note.lines()) + "\n")
            return
        if self.ordered is not None:
            self.ordered.close()
        if note is not None:
            stream.settings = note.data()
        stream.close()


def _open_stream(fmt: str, strict: bool) -> Any:
    """The stream of a CI format writing to stdout."""
    # here, not at the top: the CI formats (and their XML) only for these --format values
    from ..reports.formats import open_stream

    return open_stream(fmt, write, strict)


def write(text: str) -> None:
    """Write a piece of a document to stdout (see `echo`)."""
    echo(text, nl=False)


class InOrder(Generic[T]):
    """Games from the worker processes (`Outcome`s, or their reports) handed to `write` in the
    order the records were named.

    A record's games arrive one after another (a worker sends a record's outcomes together) and
    the records in the order they finish. A game of the next record to write is written at
    once; a record finished before an earlier one waits here, with its games' findings only
    (the workers' reports keep no source line), until every earlier record is written."""

    __slots__ = ("current", "held", "next", "write")

    def __init__(self, write: Callable[[T], None]) -> None:
        self.write = write
        self.next = 0  # index of the next record to write
        self.current: int | None = None  # the record whose games are arriving
        self.held: dict[int, list[T]] = {}

    def add(self, index: int, report: T) -> None:
        if index != self.current:
            self._finished()
            self.current = index
        if index == self.next:
            self.write(report)
        else:
            self.held.setdefault(index, []).append(report)

    def _finished(self) -> None:
        """The record `current` has all its games: it and the held records after it go out."""
        if self.current == self.next:
            self.next += 1
        while self.next in self.held:
            for report in self.held.pop(self.next):
                self.write(report)
            self.next += 1

    def close(self) -> None:
        """The run is over: whatever is held goes out, in file order."""
        self._finished()
        self.current = None
        for index in sorted(self.held):
            for report in self.held.pop(index):
                self.write(report)


def statistics_text(summary: Any, fmt: str, note: SettingsNote | None = None) -> str:
    """A count per code, most frequent first: `  12  M301  title` lines, or a JSON list; then
    what the settings file (`note`) changed."""

    catalogue = load_catalogue()
    ranked = sorted(summary.codes.items(), key=lambda item: (-item[1], item[0]))
    rows = []
    for code, count in ranked:
        entry = catalogue.get(code)
        rows.append((code, count, entry.title if entry is not None else ""))
    if fmt == "json":
        data = [{"code": c, "count": n, "title": t} for c, n, t in rows]
        document: dict[str, Any] = {"statistics": data, "records": summary.records}
        if note is not None:
            document["settings"] = note.data()
        return json.dumps(document, indent=2)
    width = max((len(str(n)) for _, n, _ in rows), default=1)
    lines = [f"{n:>{width}}  {c:<5} {t}".rstrip() for c, n, t in rows] or ["no findings"]
    if note is not None:
        lines += ["", *note.lines()]
    return "\n".join(lines)


def echo(text: str, nl: bool = True) -> None:
    """Write to stdout as typer's `echo` does, which is used whenever that could differ: ANSI
    codes it would strip, a stream it would wrap, Windows."""
    out = text + "\n" if nl else text
    stream = sys.stdout
    if "\x1b" in out or os.name == "nt" or not _plain_stream(stream):
        typer_echo(text, nl=nl)
        return
    if out:
        stream.write(out)
    stream.flush()


def _plain_stream(stream: Any) -> bool:
    """A text stream typer's echo would use as it is: an encoding that is not ASCII, and an
    error handler."""

    encoding = getattr(stream, "encoding", None)
    if not encoding or getattr(stream, "errors", None) is None:
        return False
    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return False


class progress:
    """A transient progress bar on stderr for a run over several records, only when stderr is a
    terminal and NO_COLOR (or `--color never`) is not set: the bar is drawn with escape
    sequences (cursor hidden, lines erased), which NO_COLOR rules out as it does styles. Used as
    `with progress(total, stdout_shown) as advance: ... advance()`."""

    def __init__(self, total: int, stdout_shown: bool) -> None:
        self.total = total
        self.stdout_shown = stdout_shown
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> Any:
        if self.total < 2 or not _is_terminal(sys.stderr) or no_colour():
            return _nothing
        # here, not at the top: the bar is drawn only on a terminal, for several records
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        # When stdout is the same terminal, what is printed there goes above the bar; when it
        # is piped, it is left alone (a redirected stdout must not end up on stderr).
        self.bar = Progress(
            "auditing",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=make_console(stderr=True),
            transient=True,
            redirect_stdout=_is_terminal(sys.stdout),
            redirect_stderr=True,
        )
        self.bar.start()
        self.task = self.bar.add_task("audit", total=self.total)
        return self._advance

    def _advance(self) -> None:
        self.bar.advance(self.task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def _nothing() -> None:
    return None


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
