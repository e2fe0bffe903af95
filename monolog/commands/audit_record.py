"""One record file audited: parsed (as .mlog notation or as an event stream), replayed on the
engine, its Result tag checked as `monolog settle` checks it, and its findings selected; a file
of several games is audited game by game with the file's line numbers. Nothing here prints."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from ..engine import replay
from ..engine.core.replay import replay_chunks
from ..files import open_regular
from ..findings.lines import TextLines, record_lines
from ..findings.model import WHOLE_FILE, Cause, Finding, Severity, shown_name
from ..findings.report import GameReport, SparseLines, source_lines
from ..findings.selection import Selection
from ..findings.store import FindingStore
from ..notation import ParseError
from ..notation.chunks import Pieces, parse_pieces, then
from ..notation.errors import decode_error
from ..notation.events import NO_SPAN, Bankrupt, Resign, Span, Tag, TimeCalled
from ..notation.games import game_ranges
from ..notation.jsonl import SUFFIXES as JSONL_SUFFIXES
from ..notation.jsonl import looks_like_jsonl, parse_jsonl
from ..notation.parser import read_source
from ..notation.recovery import CUT, parse_recovering


def audit_file(
    name: str,
    *,
    edition: Any = None,
    rulings: dict[str, str] | None = None,
    paranoid: bool = False,
    selection: Selection | None = None,
    house_rules: tuple[str, ...] = (),
    stdin: bytes | None = None,
    require_amounts: bool = False,
    edition_default: bool = False,
    command_line: Selection | None = None,
) -> tuple[GameReport, str | None]:
    """Parse and replay one record. Returns its report and, when it could not be read or
    parsed, the rendered parse error (for stderr).

    A `name` of `-` is the record read from stdin (`stdin`, its bytes), reported as <stdin>.
    `house_rules` are taken as declared by every record; `selection` says which findings are
    kept. A record with a Result tag has it checked as `monolog settle` does (W101).
    `require_amounts` reports every amount the replay worked out (W014), as a
    `[Strict "amounts"]` tag does. `edition_default`: `edition` (the settings') is only for a
    record with no Edition tag. `command_line`: what the options alone would keep, when the
    settings select or ignore codes too; the findings it keeps and `selection` does not are
    counted in the report's `hidden`."""

    if name == "-" and stdin is not None:
        name = STDIN_NAME
    try:
        text = _decode_stdin(stdin) if name == STDIN_NAME else read_source(name)
    except ParseError as exc:
        return _unparsed(name, exc)
    return _audit_text(
        name,
        text,
        edition,
        rulings,
        paranoid,
        selection,
        house_rules,
        require_amounts=require_amounts,
        edition_default=edition_default,
        command_line=command_line,
    )


def _audit_text(name: str, text: str, *args: Any, **options: Any) -> tuple[GameReport, str | None]:
    """Parse and replay the text of one game read from the file `name` (the arguments of
    `_audit_once`). A record with lines that cannot be read is read past them
    (notation/recovery.py): each is reported and skipped, the rest of the game audited, and
    the errors are given for stderr, so the run still ends with exit 2."""
    report, error = _audit_once(name, text, *args, **options)
    if report.parsed or not _on_a_line(report.findings):
        return report, error
    if name.endswith(JSONL_SUFFIXES) or looks_like_jsonl(text):
        return report, error
    try:
        recovered = parse_recovering(text, name)
    except ParseError:  # nothing of it can be read: the first error alone, as before
        return report, error
    if not recovered.errors:  # read whole the second time (a bug): the first error stands
        return report, error
    report, error = _audit_once(name, text, *args, recovered=recovered.events, **options)
    if not report.parsed:  # the replay failed: its own error stands
        return report, error
    unread = [e.finding for e in recovered.errors]
    findings = _merged(unread, _left_undone_by_the_cut(unread, report.findings))
    rendered = "\n".join(e.render() for e in recovered.errors)
    return replace(report, findings=findings), rendered


# what the record left undone on a line: when the line was read only up to its mistake, what
# the rest of it said is unknown, so these follow from that mistake, not from the play
LEFT_UNDONE = frozenset({"M102", "M107", "M201", "M401", "M410", "M412", "M618", "M709", "M801"})


def _left_undone_by_the_cut(unread: list[Finding], findings: Sequence[Finding]) -> list[Finding]:
    """The findings, each saying the record left something undone on a line read only up to its
    mistake (notation/recovery.py) marked as following from that mistake: text output folds
    it into the parse error, JSON and SARIF keep the link."""
    cut = {f.span.line: f for f in unread if f.message.endswith(CUT)}
    if not cut:
        return list(findings)
    out = []
    for f in findings:
        root = cut.get(f.span.line)
        if root is not None and f.code in LEFT_UNDONE and f.caused_by is None:
            f = replace(f, caused_by=Cause(root.code, root.span))
        out.append(f)
    return out


def _merged(unread: list[Finding], findings: Sequence[Finding]) -> list[Finding]:
    """The game's findings in the engine's order, each unread line's error (in line order)
    put before the first finding on a later line."""
    out: list[Finding] = []
    at = 0
    for f in findings:
        while at < len(unread) and f.span.line > unread[at].span.line:
            out.append(unread[at])
            at += 1
        out.append(f)
    return out + unread[at:]


def _on_a_line(findings: Sequence[Finding]) -> bool:
    """Whether an unread record's error is a mistake on one line of its notation (one the
    reading can go past), not a file that cannot be read or a bug."""
    return len(findings) == 1 and findings[0].code.startswith("P1") and bool(findings[0].span.line)


def _audit_once(
    name: str,
    text: str,
    edition: Any,
    rulings: dict[str, str] | None,
    paranoid: bool,
    selection: Selection | None = None,
    house_rules: tuple[str, ...] = (),
    first_line: int = 1,
    *,
    require_amounts: bool = False,
    edition_default: bool = False,
    command_line: Selection | None = None,
    recovered: list[Any] | None = None,
) -> tuple[GameReport, str | None]:
    """Parse and replay the text of one game read from the file `name` (an event stream's
    text from the file's line `first_line`); `recovered`, its events when already read past
    its unreadable lines."""

    stream = name.endswith(JSONL_SUFFIXES) or looks_like_jsonl(text)
    more: Pieces | None = None
    try:
        if recovered is not None:
            events = recovered
        elif stream:
            events = parse_jsonl(text, name, first_line)
        else:  # a long record a piece at a time, its first piece holding the header
            events, more = parse_pieces(text, name)
        header = {e.key: e.value for e in events if isinstance(e, Tag)}
    except ParseError as exc:
        return _unparsed(name, exc)
    if edition_default and "Edition" in header:  # the record's own tag wins over the settings
        edition = None

    replay = _replay_function()
    declared = [Tag(NO_SPAN, "HouseRule", key) for key in house_rules]
    exits = _ExitOrder() if "Result" in header else None
    try:
        options: dict[str, Any] = {"observer": exits} if exits is not None else {}
        if require_amounts:
            options["require_amounts"] = True
        settings: dict[str, Any] = {
            "edition": edition,
            "rulings": rulings or None,
            "file": name,
            "paranoid": paranoid,
            **options,
        }
        first = declared + events if declared else events
        if more is None:
            result = replay(first, **settings)
        else:  # the events go a piece at a time; the lines are read from the text (TextLines)
            pieces = then(first, more)
            del first, events  # each piece goes once stepped through

            def again() -> Iterator[Sequence[Any]]:  # the pieces anew, for a second pass
                first_piece, rest = parse_pieces(text, name)
                return then(declared + first_piece, rest or ())

            # the ledger is not reported, nor settled without a Result tag: it goes before
            # the findings are sorted and the lines indexed
            result = replay_chunks(pieces, again=again, ledger=exits is not None, **settings)
            if exits is None:
                result.transfers = []
        lines: Sequence[str]
        if stream:  # the event under each finding, written in the notation
            wanted = {f.span.line for f in result.findings}
            lines = record_lines(text, name, events, wanted)
        # what the report needs is in the findings: the events go before the lines are made
        first = events = []
        if not stream:
            lines = TextLines(text) if more is not None else source_lines(text)
        result_check: list[Finding] = []
        if exits is not None:
            result_check = _result_check(name, lines, result, exits)
    except ParseError as exc:  # in a piece of a long record, met as the replay reached it
        return _unparsed(name, exc)
    except MemoryError:  # the record's size, not a bug: said so, and the run goes on
        return too_large(name)
    except Exception as exc:  # a bug in the engine: reported cleanly, never a traceback
        return _internal_error(name, header, exc)
    findings: Sequence[Finding] = result.findings
    if isinstance(findings, FindingStore):  # a long game's, kept packed: W101 after them
        for problem in result_check:
            findings.append(problem)
    elif result_check:
        findings = [*findings, *result_check]
    hidden = _hidden(findings, selection, command_line)
    if selection is not None:
        findings = selection.apply(findings)
    header = dict(getattr(result, "header", None) or header)
    report = GameReport(
        name,
        header=header,
        findings=findings,
        lines=lines,
        hidden=hidden,
        declared=getattr(result, "declared", ()),
    )
    return report, None


def _internal_error(
    name: str, header: dict[str, str], exc: Exception
) -> tuple[GameReport, str | None]:
    """The report of a record whose replay raised: a P900 naming the error (a bug)."""
    detail = " ".join(str(exc).split())
    finding = Finding(
        "P900",
        Severity.ERROR,
        f"internal error while replaying the record ({type(exc).__name__}: {detail}); "
        "please report it",
        file=name,
        span=WHOLE_FILE,
    )
    report = GameReport(name, header=header, findings=[finding], parsed=False)
    return report, f"{shown_name(name)}:1:1: P900 {finding.message}"


def _hidden(
    findings: Iterable[Finding], selection: Selection | None, command_line: Selection | None
) -> dict[str, int]:
    """Code -> how many findings the options alone (`command_line`) keep and `selection`, the
    settings' codes too, leaves out."""
    if selection is None or command_line is None:
        return {}
    counted = Counter(f.code for f in findings if command_line.keeps(f) and not selection.keeps(f))
    return dict(counted)


def too_large(name: str) -> tuple[GameReport, str]:
    """The report of a record whose audit ran out of memory: a P001 naming the file and its
    size, not an internal error (the record is too large for the memory there is, which no
    change to monolog is asked for)."""
    try:
        size = f"{os.stat(name).st_size:,} bytes; "
    except (OSError, ValueError):
        size = ""
    finding = Finding(
        "P001",
        Severity.ERROR,
        f"the record is too large to audit in memory ({size}the audit ran out of memory); "
        "audit it on its own, or where more memory is free",
        file=name,
        span=WHOLE_FILE,
    )
    report = GameReport(name, findings=[finding], parsed=False)
    return report, f"{shown_name(name)}:1:1: P001 {finding.message}"


def _unparsed(name: str, exc: ParseError) -> tuple[GameReport, str | None]:
    lines = [exc.source_line] if exc.source_line is not None else []
    report = GameReport(name, findings=[exc.finding], lines=lines, parsed=False)
    return report, exc.render()


STDIN_NAME = "<stdin>"


def _decode_stdin(data: bytes | None) -> str:
    data = data or b""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise decode_error(STDIN_NAME, data, exc) from None


class _ExitOrder:
    """A replay observer noting after which event each player left the game, the order the
    settlement ranks the players who are out by, and whether time was called: what the
    settlement reads from the events, so that they need not be kept."""

    # a player leaves only at a bankruptcy or a resignation (the engine sets the flags in
    # those two handlers alone): the replay tells the observer of these events and of time
    # called alone, not of every event (its call after every event was about 3% of the replay
    # of 200 simulated games, benchmarks/README.md)
    only = (Bankrupt, Resign, TimeCalled)

    def __init__(self) -> None:
        self.count = 0  # the events told of so far: their order is the order players left in
        self.left: dict[str, int] = {}
        self.time_called = False

    def __call__(self, event: Any, state: Any) -> None:
        if isinstance(event, (Bankrupt, Resign)):
            for p in state.players:
                if p.name not in self.left and (p.bankrupt or p.resigned):
                    self.left[p.name] = self.count
        if isinstance(event, TimeCalled):
            self.time_called = True
        self.count += 1


def _result_check(name: str, lines: Sequence[str], result: Any, exits: _ExitOrder) -> list[Finding]:
    """W101 when the Result tag disagrees with the settled outcome, as `settle` reports it."""
    if getattr(result, "state", None) is None:
        return []
    # here, not at the top: the settlement, only for a record with a Result tag
    from ..reports.game import Game
    from ..reports.settlement import settle

    game = Game(name, lines, result)
    return settle(game, left=exits.left, time_called=exits.time_called).findings


def audit_games(
    name: str,
    *,
    edition: Any = None,
    rulings: dict[str, str] | None = None,
    paranoid: bool = False,
    selection: Selection | None = None,
    house_rules: tuple[str, ...] = (),
    stdin: bytes | None = None,
    require_amounts: bool = False,
    edition_default: bool = False,
    command_line: Selection | None = None,
) -> Iterator[tuple[GameReport, str | None]]:
    """Each game of the record file `name`, audited as `audit_file` audits a record, one at a
    time: a file of many games (tag lines after a game's body start the next one) is read in
    one pass that keeps no line (monolog/notation/games.py), then game by game, so memory is
    bounded by the largest game and not by the file. Line numbers are the file's. Stdin
    (`-`) is one record."""

    options: dict[str, Any] = {
        "edition": edition,
        "rulings": rulings,
        "paranoid": paranoid,
        "selection": selection,
        "house_rules": house_rules,
        "stdin": stdin,
        "require_amounts": require_amounts,
        "edition_default": edition_default,
        "command_line": command_line,
    }
    if name == "-":
        yield audit_file(name, **options)
        return
    try:
        with open_regular(name) as handle:
            ranges = game_ranges(handle)
    except (OSError, ValueError):
        ranges = []  # audit_file reports why the file cannot be read
    if len(ranges) <= 1:
        yield audit_file(name, **options)
        return
    try:
        handle = open_regular(name)
    except (OSError, ValueError):
        yield audit_file(name, **options)
        return
    with handle:
        for start, end, before in ranges:
            handle.seek(start)
            data = handle.read(end - start)
            yield _audit_game(name, data, before, options)
            del data


def _audit_game(
    name: str, data: bytes, before: int, options: dict[str, Any]
) -> tuple[GameReport, str | None]:
    """One game of a file of several, `before` lines into it: audited on its own text, its
    findings moved to the file's line numbers, only the lines they point at kept."""

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        failed = decode_error(name, data, exc)
        moved = replace(failed.finding, span=_moved(failed.finding.span, before))
        shown = [failed.source_line] if failed.source_line is not None else []
        report = GameReport(name, findings=[moved], lines=shown, parsed=False)
        return report, ParseError(moved, failed.source_line).render()
    settings = (options["edition"], options["rulings"], options["paranoid"])
    chosen = (options["selection"], options["house_rules"])
    later = {
        "require_amounts": options["require_amounts"],
        "edition_default": options["edition_default"],
        "command_line": options["command_line"],
    }
    if name.endswith(JSONL_SUFFIXES) or looks_like_jsonl(text):
        # an event stream is read with the file's line numbers (its spans, or its own lines'
        # numbers from `before`): nothing to move
        return _audit_text(name, text, *settings, *chosen, first_line=before + 1, **later)
    report, error = _audit_text(name, text, *settings, *chosen, **later)
    findings = [_moved_finding(f, before) for f in report.findings]
    kept = SparseLines.of(report.findings, report.lines)
    lines: Any = SparseLines(before + kept.total, {i + before: t for i, t in kept.kept.items()})
    if error is not None and report.parsed:  # read past its unreadable lines: each shown
        error = "\n".join(
            ParseError(moved, report.lines[f.span.line - 1]).render()
            for f, moved in zip(report.findings, findings, strict=True)
            if f.code.startswith("P") and 1 <= f.span.line <= len(report.lines)
        )
    elif error is not None and findings:
        first = findings[0]
        if first.code.startswith("P9"):
            error = f"{first.location()}: {first.code} {first.message}"
        else:  # a parse error: shown with its line, as the parser shows it
            text_lines = source_lines(text)
            at = report.findings[0].span.line
            source = text_lines[at - 1] if 1 <= at <= len(text_lines) else None
            error = ParseError(first, source).render()
            lines = SparseLines(before + len(text_lines), {at - 1 + before: source or ""})
    declared = tuple(
        replace(d, line=d.line + before) if d.line is not None else d for d in report.declared
    )
    moved_report = GameReport(
        name, report.header, findings, lines, report.parsed, report.hidden, declared
    )
    return moved_report, error


def _moved_finding(finding: Finding, before: int) -> Finding:
    """A finding of a game `before` lines into its file, at the file's line numbers (the root
    it follows from too)."""
    cause = finding.caused_by
    if cause is not None:
        cause = cause._replace(span=_moved(cause.span, before))
    return replace(finding, span=_moved(finding.span, before), caused_by=cause)


def _moved(span: Any, before: int) -> Any:
    if not span.line:
        return span
    return Span(span.line + before, span.column, span.end_line + before, span.end_column)


def _replay_function() -> Any:
    return replay


def is_violation(finding: Finding, strict: bool) -> bool:
    """An error-severity finding; with --strict, every finding."""

    return strict or finding.severity is Severity.ERROR
