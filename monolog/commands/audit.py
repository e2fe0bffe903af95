"""`monolog audit FILE|DIR|GLOB...`: replay records on the engine and report every finding.

Folders are searched for `*.mlog` files below them and glob patterns (`"games/**/*.mlog"`, quoted
so the shell leaves them alone) are expanded by monolog. `--jobs N` audits N records at a time in
worker processes (`--jobs 0`: one per CPU). The text report streams: each game's block is printed
as soon as that game is done (in the order the games finish when there are several workers) and
then dropped, so memory stays flat however many records pass; a summary closes a run over
several records (records audited, findings by severity and by code, the records that could not
be read). JSON, SARIF, JUnit and GitHub output are whole documents: for them each game keeps only
its file, header and findings until the document is written, in the order the files were named.
A progress bar is drawn on stderr while a run over several records is under way, only when
stderr is a terminal, and erased at the end.

Exit codes: 0 clean (no error-severity finding), 1 at least one rule violation (with
`--strict`, any finding at all, ambiguous rulings and warnings included), 2 a file that cannot be
read or parsed, or a usage error. An unreadable file does not stop the others being audited.
"""

from __future__ import annotations

import codecs
import contextlib
import gc
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import typer
from typer import echo as typer_echo

from ..config import ConfigError, load_settings
from ..editions import load_edition
from ..editions.readings import load_readings
from ..engine import replay
from ..files import open_regular
from ..findings.catalogue import load_catalogue
from ..findings.model import WHOLE_FILE, Finding, Severity, shown_name
from ..findings.render import (
    GameReport,
    JsonStream,
    RunSummary,
    SparseLines,
    TextOutput,
    make_console,
    render_json,
    source_lines,
)
from ..findings.selection import Selection, SelectionError, read_codes
from ..notation import ParseError
from ..notation.errors import decode_error
from ..notation.events import NO_SPAN, Span, Tag
from ..notation.games import game_ranges
from ..notation.jsonl import SUFFIXES as JSONL_SUFFIXES
from ..notation.jsonl import looks_like_jsonl, parse_jsonl
from ..notation.parser import parse_text, read_source
from ._plain import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, expand_paths, print_error

FORMATS = ("text", "json", "sarif", "github", "junit")
# compiled on first use, and kept by re: most runs give no --ruling
_RULING_PATTERN = r"^\s*(?P<cf>[Cc][Ff]-?\d{1,2})\s*=\s*(?P<reading>\S+)\s*$"


def register(app: typer.Typer) -> None:
    """The typer command; `run` is what it does."""

    def audit(
        files: list[str] = typer.Argument(
            ...,
            metavar="FILE|DIR|GLOB",
            help="Record files (.mlog), folders of them, or quoted glob patterns.",
        ),
        strict: bool | None = typer.Option(
            None,
            "--strict/--no-strict",
            help="Count every finding as a violation, ambiguous rulings (A) and warnings (W) too "
            "(default: the settings' strict, else no).",
            show_default=False,
        ),
        fmt: str = typer.Option(
            "text",
            "--format",
            metavar="FORMAT",
            help="Output format: text, json, sarif, github (annotations) or junit.",
        ),
        paranoid: bool = typer.Option(
            False, "--paranoid", help="Check the whole game state after every event (slower)."
        ),
        ruling: list[str] = typer.Option(
            [],
            "--ruling",
            metavar="CF-nn=READING",
            help="Apply a reading to a disputed point, e.g. CF-02=fourth-turn-pay (repeatable).",
        ),
        edition: str | None = typer.Option(
            None,
            "--edition",
            metavar="KEY|PATH",
            help="Edition key (us-2018, us-classic, uk-esl, uk-1996) or an edition file; "
            "default: the settings' edition, else the record's Edition tag.",
        ),
        jobs: int = typer.Option(
            1,
            "--jobs",
            "-j",
            metavar="N",
            help="Audit N records at a time in worker processes (0: one per CPU).",
        ),
        quiet: bool = typer.Option(
            False,
            "--quiet",
            "-q",
            help="Only findings and the summary: no info findings, no "
            "block for a game without findings.",
        ),
        select: list[str] = typer.Option(
            [],
            "--select",
            metavar="CODES",
            help="Report only these codes or prefixes, e.g. M3,W101 (repeatable).",
        ),
        ignore: list[str] = typer.Option(
            [],
            "--ignore",
            metavar="CODES",
            help="Leave out these codes or prefixes, e.g. A (repeatable).",
        ),
        exit_zero: bool = typer.Option(
            False, "--exit-zero", help="Exit 0 even when findings break the rules."
        ),
        output_file: str | None = typer.Option(
            None, "--output-file", "-o", metavar="PATH", help="Write the report here, not stdout."
        ),
        statistics: bool = typer.Option(
            False,
            "--statistics",
            help="Print a count per code instead of the findings (text or json).",
        ),
    ) -> None:
        """Replay records on the rules engine and report every finding, grouped by game.

        A FILE of `-` reads a record from stdin. Settings come from `[tool.monolog]` in
        pyproject.toml (or monolog.toml); the options override them.
        """
        raise typer.Exit(
            run(
                files,
                strict,
                fmt,
                paranoid,
                ruling,
                edition,
                jobs,
                quiet=quiet,
                select=select,
                ignore=ignore,
                exit_zero=exit_zero,
                output_file=output_file,
                statistics=statistics,
            )
        )

    app.command("audit")(audit)


class UsageError(Exception):
    """A command-line value that cannot be used; the message says why (exit 2)."""


def parse_rulings(values: list[str]) -> dict[str, str]:
    """`["CF-02=fourth-turn-pay", …]` -> `{"CF-02": "fourth-turn-pay"}`, each checked against
    the readings monolog knows (an unknown key or reading names the valid ones)."""
    rulings: dict[str, str] = {}
    for value in values:
        m = re.match(_RULING_PATTERN, value)
        if m is None:
            raise UsageError(
                f"--ruling {value!r}: expected CF-nn=READING, e.g. CF-02=fourth-turn-pay"
            )
        number = int(re.sub(r"\D", "", m["cf"]))
        cf = f"CF-{number:02d}"
        reading = m["reading"]
        known = _known_readings()
        if known is not None:
            if cf not in known:
                raise UsageError(
                    f"--ruling {value!r}: unknown disputed point {cf}; valid keys are "
                    + ", ".join(known)
                )
            if reading not in known[cf]:
                raise UsageError(
                    f"--ruling {value!r}: {cf} has no reading {reading!r}; valid readings are "
                    + ", ".join(known[cf])
                )
        if cf in rulings and rulings[cf] != reading:
            raise UsageError(f"--ruling: {cf} is given twice ({rulings[cf]} and {reading})")
        rulings[cf] = reading
    return rulings


def _known_readings() -> dict[str, list[str]] | None:
    """CF item -> its reading names, from the editions' readings catalogue (None if absent)."""
    try:
        items = load_readings()
    except (OSError, ValueError):
        return None
    return {cf: list(item.readings) for cf, item in items.items()}


def _load_edition(key_or_path: str) -> Any:
    try:
        return load_edition(key_or_path)
    except (OSError, ValueError, LookupError) as exc:
        raise UsageError(f"--edition {key_or_path!r}: {exc}") from None


def audit_file(
    name: str,
    *,
    edition: Any = None,
    rulings: dict[str, str] | None = None,
    paranoid: bool = False,
    selection: Selection | None = None,
    house_rules: tuple[str, ...] = (),
    stdin: bytes | None = None,
) -> tuple[GameReport, str | None]:
    """Parse and replay one record. Returns its report and, when it could not be read or
    parsed, the rendered parse error (for stderr).

    A `name` of `-` is the record read from stdin (`stdin`, its bytes), reported as <stdin>.
    `house_rules` are taken as declared by every record; `selection` says which findings are
    kept. A record with a Result tag has it checked as `monolog settle` does (W101)."""

    if name == "-" and stdin is not None:
        name = STDIN_NAME
    try:
        text = _decode_stdin(stdin) if name == STDIN_NAME else read_source(name)
    except ParseError as exc:
        lines = [exc.source_line] if exc.source_line is not None else []
        report = GameReport(name, findings=[exc.finding], lines=lines, parsed=False)
        return report, exc.render()
    return _audit_text(name, text, edition, rulings, paranoid, selection, house_rules)


def _audit_text(
    name: str,
    text: str,
    edition: Any,
    rulings: dict[str, str] | None,
    paranoid: bool,
    selection: Selection | None = None,
    house_rules: tuple[str, ...] = (),
) -> tuple[GameReport, str | None]:
    """Parse and replay the text of one game read from the file `name`."""

    stream = name.endswith(JSONL_SUFFIXES) or looks_like_jsonl(text)
    try:
        events = parse_jsonl(text, name) if stream else parse_text(text, name)
    except ParseError as exc:
        lines = [exc.source_line] if exc.source_line is not None else []
        report = GameReport(name, findings=[exc.finding], lines=lines, parsed=False)
        return report, exc.render()

    header = {e.key: e.value for e in events if isinstance(e, Tag)}
    # numbered as the parser numbers them: only a newline ends a line; an event stream's spans
    # are those of the record it was written from, whose lines are not at hand
    lines = [] if stream else source_lines(text)
    replay = _replay_function()
    declared = [Tag(NO_SPAN, "HouseRule", key) for key in house_rules]
    exits = _ExitOrder() if "Result" in header else None
    try:
        options: dict[str, Any] = {"observer": exits} if exits is not None else {}
        result = replay(
            declared + events if declared else events,
            edition=edition,
            rulings=rulings or None,
            file=name,
            paranoid=paranoid,
            **options,
        )
        result_check = _result_check(name, lines, events, result, exits)
    except Exception as exc:  # a bug in the engine: reported cleanly, never a traceback
        detail = " ".join(str(exc).split())
        finding = Finding(
            "P900",
            Severity.ERROR,
            f"internal error while replaying the record ({type(exc).__name__}: {detail}); "
            "please report it",
            file=name,
            span=WHOLE_FILE,
        )
        report = GameReport(name, header=header, findings=[finding], lines=lines, parsed=False)
        return report, f"{shown_name(name)}:1:1: P900 {finding.message}"
    findings: list[Finding] = list(result.findings) + result_check
    if selection is not None:
        findings = selection.apply(findings)
    header = dict(getattr(result, "header", None) or header)
    return GameReport(name, header=header, findings=findings, lines=lines), None


STDIN_NAME = "<stdin>"


def _decode_stdin(data: bytes | None) -> str:
    data = data or b""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise decode_error(STDIN_NAME, data, exc) from None


class _ExitOrder:
    """A replay observer noting after which event each player left the game, the order the
    settlement ranks the players who are out by."""

    def __init__(self) -> None:
        self.count = 0
        self.left: dict[str, int] = {}

    def __call__(self, event: Any, state: Any) -> None:
        for p in state.players:
            if p.name not in self.left and (p.bankrupt or p.resigned):
                self.left[p.name] = self.count
        self.count += 1


def _result_check(
    name: str, lines: list[str], events: list[Any], result: Any, exits: _ExitOrder | None
) -> list[Finding]:
    """W101 when the Result tag disagrees with the settled outcome, as `settle` reports it."""
    if exits is None or getattr(result, "state", None) is None:
        return []
    # here, not at the top: the settlement, only for a record with a Result tag
    from ..reports.game import Game
    from ..reports.settlement import settle

    return settle(Game(name, lines, result, [], list(events)), left=exits.left).findings


def audit_games(
    name: str,
    *,
    edition: Any = None,
    rulings: dict[str, str] | None = None,
    paranoid: bool = False,
    selection: Selection | None = None,
    house_rules: tuple[str, ...] = (),
    stdin: bytes | None = None,
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
    report, error = _audit_text(
        name,
        text,
        options["edition"],
        options["rulings"],
        options["paranoid"],
        options["selection"],
        options["house_rules"],
    )
    findings = [replace(f, span=_moved(f.span, before)) for f in report.findings]
    kept = SparseLines.of(report.findings, report.lines)
    lines: Any = SparseLines(before + kept.total, {i + before: t for i, t in kept.kept.items()})
    if error is not None and findings:
        first = findings[0]
        if first.code.startswith("P9"):
            error = f"{first.location()}: {first.code} {first.message}"
        else:  # a parse error: shown with its line, as the parser shows it
            text_lines = source_lines(text)
            at = report.findings[0].span.line
            source = text_lines[at - 1] if 1 <= at <= len(text_lines) else None
            error = ParseError(first, source).render()
            lines = SparseLines(before + len(text_lines), {at - 1 + before: source or ""})
    moved_report = GameReport(name, report.header, findings, lines, report.parsed)
    return moved_report, error


def _moved(span: Any, before: int) -> Any:
    if not span.line:
        return span
    return Span(span.line + before, span.column, span.end_line + before, span.end_column)


def _replay_function() -> Any:
    return replay


def is_violation(finding: Finding, strict: bool) -> bool:
    """An error-severity finding; with --strict, every finding."""

    return strict or finding.severity is Severity.ERROR


def run(
    files: list[str],
    strict: bool | None = False,
    fmt: str = "text",
    paranoid: bool = False,
    ruling: list[str] | None = None,
    edition: str | None = None,
    jobs: int = 1,
    *,
    quiet: bool = False,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    exit_zero: bool = False,
    output_file: str | None = None,
    statistics: bool = False,
) -> int:
    """Audit the records `files` name and print the report; the exit code. What `monolog audit`
    does, with the option values already read from the command line (None: not given, the
    project's settings apply)."""
    ruling = ruling or []
    if fmt not in FORMATS:
        print_error(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
        return EXIT_UNREADABLE
    if statistics and fmt not in ("text", "json"):
        print_error(f"monolog audit: --statistics is written as text or json, not {fmt}")
        return EXIT_UNREADABLE
    try:
        project = load_settings()
        configured = [f"{cf}={reading}" for cf, reading in project.rulings.items()]
        try:
            rulings = parse_rulings(configured)
        except UsageError as exc:
            raise UsageError(f"{project.path}: rulings: {exc}") from None
        rulings.update(parse_rulings(ruling))
        edition = edition or project.edition
        loaded_edition = _load_edition(edition) if edition else None
        selection = _selection(
            select or list(project.select), ignore or list(project.ignore), quiet
        )
    except (UsageError, ConfigError) as exc:
        print_error(f"monolog audit: {exc}")
        return EXIT_UNREADABLE
    strict = bool(project.strict) if strict is None else strict

    if jobs < 0:
        print_error(f"monolog audit: --jobs {jobs}: expected 0 (one per CPU) or more")
        return EXIT_UNREADABLE

    names = expand_paths(files)
    workers = min(jobs or os.cpu_count() or 1, len(names))
    settings = _Settings(edition, loaded_edition, rulings, paranoid, fmt, strict)
    settings.selection = selection
    settings.house_rules = project.house_rules
    if "-" in names:
        settings.stdin = sys.stdin.buffer.read()
    if output_file is None:
        status = _audit_all(names, settings, workers, statistics)
    else:
        try:
            sink = open(output_file, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        except OSError as exc:
            print_error(f"monolog audit: --output-file {output_file!r}: {exc.strerror or exc}")
            return EXIT_UNREADABLE
        with sink, contextlib.redirect_stdout(sink):
            status = _audit_all(names, settings, workers, statistics)
    return EXIT_CLEAN if exit_zero and status == EXIT_FINDINGS else status


def _selection(select: list[str], ignore: list[str], quiet: bool) -> Selection:
    if not select and not ignore:
        return Selection(quiet=quiet)

    known = load_catalogue().codes()
    try:
        return Selection(
            read_codes(select, "--select", known), read_codes(ignore, "--ignore", known), quiet
        )
    except SelectionError as exc:
        raise UsageError(str(exc)) from None


def _audit_all(names: list[str], settings: _Settings, workers: int, statistics: bool) -> int:
    """Audit `names` and print the report as `settings.fmt` says; the exit code."""

    fmt, strict, quiet = settings.fmt, settings.strict, settings.selection.quiet
    summary = RunSummary()
    status = EXIT_CLEAN
    documents: list[tuple[int, GameReport]] = []  # only for the whole-document formats
    output = None
    shown = 0  # games whose block has been printed (text)
    if fmt == "text" and not statistics:
        output = TextOutput()  # one for the whole run
    stream = None
    if fmt == "json" and workers <= 1 and not statistics:  # in file order: written as they come
        stream = JsonStream(lambda text: echo(text, nl=False))

    # the worker processes start before the progress bar's thread does
    outcomes = _outcomes(names, settings, workers)
    with outcomes, _progress(len(names), stdout_shown=fmt == "text") as advance:
        for done in outcomes:
            summary.add_codes(done.file, done.parsed, done.codes)
            if done.error is not None:
                print_error(done.error)
                status = EXIT_UNREADABLE
            elif status == EXIT_CLEAN and done.violation:
                status = EXIT_FINDINGS
            if output is not None:
                if done.parsed and not (quiet and not done.codes):  # printed now and dropped
                    if done.block is not None:  # rendered by a worker for an output like this
                        output.write(done.block if shown == 0 else "\n" + done.block)
                    elif done.report is not None:
                        output.game(done.report, first=shown == 0)
                    shown += 1
            elif stream is not None and done.report is not None:
                stream.game(done.report)
            elif done.report is not None:
                documents.append((done.index, done.report.compact(keep_lines=False)))
            advance()

    if statistics:
        echo(_statistics(summary, fmt))
        return status
    if output is not None:
        if summary.records > 1:
            output.summary(summary)
        return status
    if stream is not None:
        stream.close()
        return status
    documents.sort(key=lambda item: item[0])
    reports = [report for _, report in documents]
    if fmt in ("sarif", "github", "junit"):
        # here, not at the top: the CI formats (and their XML) only for these --format values
        from ..reports.formats import render_format

        games = [(r.file, r.header, r.findings) for r in reports]
        echo(render_format(fmt, games, strict=strict), nl=False)
        return status

    echo(render_json(reports))
    return status


def _statistics(summary: Any, fmt: str) -> str:
    """A count per code, most frequent first: `  12  M301  title` lines, or a JSON list."""

    catalogue = load_catalogue()
    ranked = sorted(summary.codes.items(), key=lambda item: (-item[1], item[0]))
    rows = []
    for code, count in ranked:
        entry = catalogue.get(code)
        rows.append((code, count, entry.title if entry is not None else ""))
    if fmt == "json":
        data = [{"code": c, "count": n, "title": t} for c, n, t in rows]
        return json.dumps({"statistics": data, "records": summary.records}, indent=2)
    width = max((len(str(n)) for _, n, _ in rows), default=1)
    lines = [f"{n:>{width}}  {c:<5} {t}".rstrip() for c, n, t in rows]
    return "\n".join(lines) if lines else "no findings"


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


# --------------------------------------------------------------------------- running the audits


class _Settings:
    """What every audit of a run shares; `edition_arg` is what a worker process started afresh
    (not forked) loads again."""

    def __init__(
        self,
        edition_arg: str | None,
        edition: Any,
        rulings: dict[str, str],
        paranoid: bool,
        fmt: str,
        strict: bool,
    ) -> None:
        self.edition_arg = edition_arg
        self.edition = edition
        self.rulings = rulings
        self.paranoid = paranoid
        self.fmt = fmt
        self.strict = strict
        self.selection = Selection()
        self.house_rules: tuple[str, ...] = ()
        self.stdin: bytes | None = None  # the record read from stdin, for a FILE of `-`

    def __getstate__(self) -> dict[str, Any]:
        # sent to a worker started afresh, which loads the edition again from `edition_arg`;
        # a forked worker inherits the settings whole, edition included, with nothing sent
        return {**self.__dict__, "edition": None}


class _Outcome:
    """One record audited, as the run's loop needs it: the summary's counts (`codes`: code and
    severity of each finding), whether it breaks a rule, the stderr text of a record that could
    not be read, and either the report or, from a worker in a text run, its rendered block."""

    __slots__ = ("block", "codes", "error", "file", "index", "parsed", "report", "violation")

    def __init__(
        self,
        index: int,
        report: GameReport,
        error: str | None,
        strict: bool,
        block: str | None = None,
    ) -> None:
        self.index = index
        self.file = report.file
        self.parsed = report.parsed
        self.error = error
        self.codes = [(f.code, f.severity.value) for f in report.findings]
        self.violation = any(is_violation(f, strict) for f in report.findings)
        self.report: GameReport | None = report
        self.block = block

    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(self.__slots__, state, strict=True):
            setattr(self, name, value)


class _Paused:
    """The cyclic garbage collector paused while one record is audited (and rendered).

    An audit makes tens of thousands of small objects that die with it, almost none of them in
    reference cycles; the collector would walk the live ones again and again while the record
    is replayed. Between records it runs as usual, so the few cycles a game leaves are still
    collected and memory stays flat however many records pass."""

    __slots__ = ("collecting",)

    def __enter__(self) -> None:
        self.collecting = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.collecting:
            gc.enable()


class _outcomes:
    """Every record audited, as an iterator of `_Outcome`s, used as a context manager.

    One worker: in this process, in the order the files were named. Several: the pool starts
    here, before the caller starts any thread (a progress bar), so forked workers copy a
    process with one thread; records go out in chunks, a few chunks per worker in flight, and
    come back in the order the chunks finish, each record in a text run already rendered."""

    def __init__(self, names: list[str], settings: _Settings, workers: int) -> None:
        self.names = names
        self.settings = settings
        self.pool: Any = None
        if workers > 1:
            self.pool = _start_pool(settings, workers)
            self.workers = workers

    def __enter__(self) -> _outcomes:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.close()

    def __iter__(self) -> Iterator[_Outcome]:
        if self.pool is not None:
            names = self.names
            units = ((a, names[a:b]) for a, b in _chunks(len(names), self.workers))
            return (done for games in self.pool.results(units) for done in games)
        return self._here()

    def _here(self) -> Iterator[_Outcome]:
        settings = self.settings
        paused = _Paused()
        for index, name in enumerate(self.names):
            games = audit_games(
                name,
                edition=settings.edition,
                rulings=settings.rulings,
                paranoid=settings.paranoid,
                **_extras(settings),
            )
            while True:
                with paused:
                    game = next(games, None)
                    if game is None:
                        break
                    done = _Outcome(index, *game, settings.strict)
                yield done  # rendered by the caller, collector running


def _extras(settings: _Settings) -> dict[str, Any]:
    """audit_file's keyword arguments for the run's selection, house rules and stdin."""
    return {
        "selection": settings.selection,
        "house_rules": settings.house_rules,
        "stdin": settings.stdin,
    }


def _start_pool(settings: _Settings, workers: int) -> Any:
    """The worker processes, every one started now (monolog/commands/workers.py); forked
    where the platform allows it (a worker then begins with monolog already imported), each set
    up once with the settings. A worker that dies is replaced, and only the record it was
    auditing is reported."""
    # here, not at the top: the worker processes' machinery, needed only with --jobs
    import multiprocessing

    from .workers import Workers

    methods = multiprocessing.get_all_start_methods()
    forked = "fork" in methods and sys.platform != "darwin"  # macOS: fork is unsafe there
    context = multiprocessing.get_context("fork" if forked else None)
    return Workers(context, workers, _init_worker, (settings,), _audit_one, _record_failure)


def _chunk_size(records: int, workers: int) -> int:
    """Records per work unit, for `records` still to hand out: big enough that a unit costs
    little to send, small enough that results stream (at most 16), and shrinking as the run
    nears its end, so the workers finish together instead of one waiting on the other's last
    big unit."""
    return max(1, min(16, records // (workers * 8)))


def _chunks(records: int, workers: int) -> Iterator[tuple[int, int]]:
    """(start, stop) of each work unit, in file order."""
    start = 0
    while start < records:
        stop = start + _chunk_size(records - start, workers)
        yield start, stop
        start = stop


_WORKER: dict[str, Any] = {}


def _init_worker(settings: _Settings) -> None:
    """Set up a worker process once: the edition comes with the fork, or a worker started
    afresh loads it again from `edition_arg`; it is never sent with every record. A text run
    gets an output set up as the parent's is."""
    edition = settings.edition
    if edition is None and settings.edition_arg:
        edition = _load_edition(settings.edition_arg)
    _WORKER["edition"] = edition
    _WORKER["rulings"] = settings.rulings
    _WORKER["paranoid"] = settings.paranoid
    _WORKER["strict"] = settings.strict
    _WORKER["extras"] = _extras(settings)
    _WORKER["output"] = None
    if settings.fmt == "text":
        # same stdout, same environment: renders as the parent's would
        _WORKER["output"] = TextOutput()


def _audit_chunk(start: int, names: list[str]) -> list[_Outcome]:
    """Records audited in a worker (see `_audit_one`), in order, each game one outcome."""
    return [done for offset, name in enumerate(names) for done in _audit_one(start + offset, name)]


def _audit_one(index: int, name: str) -> list[_Outcome]:
    """One record audited in a worker, an outcome for each of its games. In a text run each
    comes back rendered (its block as the parent's output would print it, first in the run),
    with no report; otherwise with a report holding only file, header and findings."""
    output = _WORKER["output"]
    out = []
    games = audit_games(
        name,
        edition=_WORKER["edition"],
        rulings=_WORKER["rulings"],
        paranoid=_WORKER["paranoid"],
        **_WORKER["extras"],
    )
    while True:
        with _Paused():
            game = next(games, None)
            if game is None:
                break
            report, error = game
            block = None
            if output is not None and report.parsed:
                block = output.block(report)
            done = _Outcome(index, report, error, _WORKER["strict"], block)
            done.report = report.compact(keep_lines=False) if output is None else None
        out.append(done)
    return out


def _record_failure(index: int, name: str, exc: BaseException) -> list[_Outcome]:
    """The outcome of a record whose audit failed outside `audit_file` (its worker died)."""
    report, error = _worker_failure(name, exc)
    return [_Outcome(index, report, error, strict=False)]


def _worker_failure(name: str, exc: BaseException) -> tuple[GameReport, str]:
    detail = " ".join(str(exc).split()) or type(exc).__name__
    finding = Finding(
        "P900",
        Severity.ERROR,
        f"internal error: the worker auditing this record failed ({detail}); please report it",
        file=name,
        span=WHOLE_FILE,
    )
    error = f"{shown_name(name)}:1:1: P900 {finding.message}"
    return GameReport(name, findings=[finding], parsed=False), error


class _progress:
    """A transient progress bar on stderr for a run over several records, only when stderr is a
    terminal; used as `with _progress(total, stdout_shown) as advance: ... advance()`."""

    def __init__(self, total: int, stdout_shown: bool) -> None:
        self.total = total
        self.stdout_shown = stdout_shown
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> Any:
        if self.total < 2 or not _is_terminal(sys.stderr):
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
