"""Findings as people read them: terminal text, through Rich or, piped, written as Rich would.

Text groups the findings by game. Each game opens with its identity (file name, then the
Event, Round, Table and Players tags), lists its findings as
`file:line:col  CODE  message  [RULE]` with the source line and a caret under the column, and
closes with a count by severity. Colour follows Rich's rules: none when the output is piped or
NO_COLOR is set. Lines are never hard-wrapped, so the output greps well; long source lines are
clipped around the column to fit the terminal. The reports themselves are report.py; the JSON
document is json_document.py.
"""

from __future__ import annotations

import builtins
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..colour import console_options
from ..textwidth import cells
from ..visible import guard, visible, visible_lines
from .catalogue import printable
from .declared import declared_words
from .model import Finding, Severity, shown_name
from .report import CHUNK, GameReport, RunSummary, identity, summarise, summary_words

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

SEVERITY_STYLES: dict[Severity, str] = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "yellow",
    Severity.INFO: "cyan",
}
_CLIP_WIDTH_PIPED = 120


# --------------------------------------------------------------------------- text


def make_console(stderr: bool = False) -> Console:
    """A console that colours only a terminal (and never under NO_COLOR), and never wraps."""
    # here, not at the top: Rich (about 18 ms of start-up) only where it prints, never for
    # piped text (see TextOutput)
    from rich.console import Console

    console = Console(
        stderr=stderr,
        highlight=False,
        soft_wrap=True,
        emoji=False,
        markup=False,
        **console_options(),
    )
    return guard(console)


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
    for count, finding in enumerate(shown_each(report.findings), 1):
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
    declared = declared_words(report.declared)
    if declared is not None:
        parts.append(Text(f"{shown_name(report.file)}: {declared}", style="bold"))
    yield parts


def render_summary(summary: RunSummary, console: Console, first: bool = False) -> None:
    """The closing summary of a run over several records, after a blank line (none when it is
    the first thing printed: `-q` over records without findings)."""
    # here, not at the top: Rich only where it prints (see make_console)
    from rich.text import Text

    if not first:
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
    return list(shown_each(findings))


def shown_each(findings: Sequence[Finding]) -> Iterator[Finding]:
    """`shown`, one finding at a time: a long game's findings (findings/store.py) are read a
    few times over and never all held as `Finding`s."""
    later: dict[Any, list[int]] = {}
    for f in findings:
        if f.caused_by is not None:
            later.setdefault(f.caused_by, []).append(f.span.line)
    roots = {(f.code, f.span) for f in findings if (f.code, f.span) in later} if later else set()
    lines: dict[str, list[int]] = {}
    for f in _folded(findings, later, roots):
        if f.code.startswith("A") and f.severity is Severity.INFO:
            lines.setdefault(f.code, []).append(f.span.line)
    return _summarised(_folded(findings, later, roots), lines)


def _folded(
    findings: Iterable[Finding], later: dict[Any, list[int]], roots: set[Any]
) -> Iterator[Finding]:
    """The findings without those that only follow from another one present (`roots`), each
    root's message saying on which later lines its consequences are (`later`)."""
    for f in findings:
        if not later:
            yield f
            continue
        if f.caused_by is not None and f.caused_by in roots:
            continue
        consequences = later.get((f.code, f.span), ())
        # consequences on the root's own line (several events of one line) are not later lines
        again = sum(1 for line in consequences if line == f.span.line)
        lines = sorted({line for line in consequences if line != f.span.line})
        if lines or again:
            n = len(lines)
            listed = ", ".join(str(line) for line in lines[:_LINES_LISTED])
            more = ", …" if n > _LINES_LISTED else ""
            parts = [f"{n} later line{'s' if n != 1 else ''}: {listed}{more}"] if n else []
            if again:
                parts.append(f"this line {again} more time{'s' if again != 1 else ''}")
            message = (
                f"{f.message} (it affected {', and '.join(parts)}; each finding there follows "
                "from this one and is in the JSON output)"
            )
            f = replace(f, message=message)
        yield f


def _summarised(findings: Iterable[Finding], lines: dict[str, list[int]]) -> Iterator[Finding]:
    """The findings with each repeated info A-code (`lines`: where each came up) printed
    once (see `shown`)."""
    printed: set[str] = set()
    for f in findings:
        seen = lines.get(f.code)
        if seen is None or len(seen) < 2 or f.severity is not Severity.INFO:
            # a warning under the same code (the record departs from the reading in force) is
            # never folded into the info summary: it is printed where it stands
            yield f
        elif seen[0] == f.span.line and f.code not in printed:
            printed.add(f.code)
            listed = ", ".join(str(n) for n in seen[:_LINES_LISTED])
            more = ", …" if len(seen) > _LINES_LISTED else ""
            message = (
                f"{f.message} (this point came up {len(seen)} times in this game, on lines "
                f"{listed}{more}; each one is in the JSON output)"
            )
            yield replace(f, message=message)


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
    text.append("  " + visible(finding.message))
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
    dropped, control characters escaped, a newline after each. None when a line holds a tab,
    which Rich expands by cell width: Rich must print those."""
    text = "\n".join(lines)
    # the usual case: nothing to drop, expand or escape, as no line holds a character that is
    # not printable (a tab, a control character, a newline); ~6x faster on a simulated game's
    # block than the general path below, which gives the same text for it
    if "".join(lines).isprintable():
        return text + "\n"
    if "\t" in text:
        return None
    # then escaped as the guarded console shows what is left (monolog/visible.py)
    return visible_lines(text.translate(_RICH_DROPS)) + "\n"


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
    for count, finding in enumerate(shown_each(report.findings), 1):
        line = f"{_where(finding, report.file)}  {finding.code}  {visible(finding.message)}"
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
    declared = declared_words(report.declared)
    if declared is not None:
        lines.append(f"{name}: {declared}")
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

    def summary(self, summary: RunSummary, first: bool = False) -> None:
        """The run's summary; `first`: nothing was printed before it, so no blank line."""
        if self.plain:
            text = plain_lines(summary.lines())
            if text is not None:
                self.write(text if first else "\n" + text)
                return
        render_summary(summary, self.console, first)
