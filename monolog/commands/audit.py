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
stderr is a terminal and NO_COLOR (`--color never`) is not set, and erased at the end.

The project's settings (monolog/config.py) apply unless `--isolated`; every format closes by
naming the settings file read, the keys it applied and the findings its codes hid
(commands/settings_note.py); `--show-settings` prints what is in force and where it comes from.

Exit codes: 0 clean (no error-severity finding), 1 at least one rule violation (with
`--strict`, any finding at all, ambiguous rulings and warnings included), 2 a file that cannot be
read or parsed, or a usage error. An unreadable file does not stop the others being audited.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

import typer

from .. import completion
from ..config import ConfigError
from ..config import Settings as ConfigSettings
from ..findings.report import RunSummary
from ..findings.selection import Selection
from ..output_file import replaced, write_failure
from ._common import ISOLATED_OPTION
from .audit_batch import Outcomes
from .audit_options import (
    FORMATS,
    Settings,
    UsageError,
    load_edition_option,
    parse_rulings,
    selection_for,
)
from .audit_output import ReportWriter, echo, progress
from .audit_record import audit_file, audit_games
from .command_line import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_UNREADABLE,
    RECORD_SUFFIXES,
    expand_paths,
    print_error,
)
from .project import load_project, resolve, said
from .settings_note import SettingsNote, in_force, note_for

# one record audited, for the tests, benchmarks and programs that audit files themselves
__all__ = ["audit_file", "audit_games", "register", "run"]


# the command's arguments and options, declared once (typer reads them as defaults)
_FILES = typer.Argument(
    ...,
    metavar="FILE|DIR|GLOB",
    help="Records (.mlog) or event streams (.jsonl), folders of them, or quoted glob patterns.",
)
_STRICT = typer.Option(
    None,
    "--strict/--no-strict",
    help="Count every finding as a violation, ambiguous rulings (A) and warnings (W) too "
    "(default: the settings' strict, else no).",
    show_default=False,
)
_FORMAT = typer.Option(
    "text",
    "--format",
    metavar="FORMAT",
    help="Output format: text, json, jsonl (a row per finding), sarif, github (annotations) "
    "or junit.",
    autocompletion=completion.choices(*FORMATS),
)
_PARANOID = typer.Option(
    False, "--paranoid", help="Check the whole game state after every event (slower)."
)
_RULING = typer.Option(
    [],
    "--ruling",
    metavar="CF-nn=READING",
    help="Apply a reading to a disputed point, e.g. CF-02=fourth-turn-pay (repeatable).",
    autocompletion=completion.rulings,
)
_EDITION = typer.Option(
    None,
    "--edition",
    metavar="KEY|PATH",
    help="Edition key (us-2018, us-classic, uk-esl, uk-1996) or an edition file; "
    "default: the record's Edition tag, else the settings' edition.",
    autocompletion=completion.editions,
)
_JOBS = typer.Option(
    1,
    "--jobs",
    "-j",
    metavar="N",
    help="Audit N records at a time in worker processes (0: one per CPU).",
)
_QUIET = typer.Option(
    False,
    "--quiet",
    "-q",
    help="Only findings and the summary: no info findings, no block for a game without findings.",
)
_SELECT = typer.Option(
    [],
    "--select",
    metavar="CODES",
    help="Report only these codes or prefixes, e.g. M3,W101 (repeatable).",
)
_IGNORE = typer.Option(
    [],
    "--ignore",
    metavar="CODES",
    help="Leave out these codes or prefixes, e.g. A (repeatable).",
)
_EXIT_ZERO = typer.Option(False, "--exit-zero", help="Exit 0 even when findings break the rules.")
_OUTPUT_FILE = typer.Option(
    None,
    "--output-file",
    "-o",
    metavar="PATH",
    help="Write the report here, not stdout (- is stdout, as for the other commands).",
)
_STATISTICS = typer.Option(
    False,
    "--statistics",
    help="Print a count per code instead of the findings (text or json).",
)
_REQUIRE_AMOUNTS = typer.Option(
    None,
    "--require-amounts/--no-require-amounts",
    help="Report every amount the record leaves out and the replay works out (a "
    'salary, rent, tax, card\'s money or fine: W014), as a [Strict "amounts"] tag does '
    "(default: the settings' require-amounts, else no).",
    show_default=False,
)
_SCHEDULER = typer.Option(
    None,
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="Audit on the Dask cluster whose scheduler is here (pip install "
    "'monolog-audit[dask]'; see docs/scale.md). The workers must see the records under the "
    "same names.",
)
_SHOW_SETTINGS = typer.Option(
    False,
    "--show-settings",
    help="Print the settings in force, each with where it comes from, and exit (no record "
    "is read).",
)


def register(app: typer.Typer) -> None:
    """The typer command; `run` is what it does."""

    def audit(
        files: list[str] = _FILES,
        strict: bool | None = _STRICT,
        fmt: str = _FORMAT,
        paranoid: bool = _PARANOID,
        ruling: list[str] = _RULING,
        edition: str | None = _EDITION,
        jobs: int = _JOBS,
        quiet: bool = _QUIET,
        select: list[str] = _SELECT,
        ignore: list[str] = _IGNORE,
        exit_zero: bool = _EXIT_ZERO,
        output_file: str | None = _OUTPUT_FILE,
        statistics: bool = _STATISTICS,
        require_amounts: bool | None = _REQUIRE_AMOUNTS,
        isolated: bool = ISOLATED_OPTION,
        show_settings: bool = _SHOW_SETTINGS,
        scheduler: str | None = _SCHEDULER,
    ) -> None:
        """Replay records on the rules engine and report every finding, grouped by game.

        A FILE of `-` reads a record from stdin. Settings come from `[tool.monolog]` in
        pyproject.toml (or monolog.toml) in the project; the options override them, and the
        report says which file was read and what it changed.
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
                require_amounts=require_amounts,
                isolated=isolated,
                show_settings=show_settings,
                scheduler=scheduler,
            )
        )

    app.command("audit")(audit)


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
    require_amounts: bool | None = None,
    isolated: bool = False,
    show_settings: bool = False,
    scheduler: str | None = None,
) -> int:
    """Audit the records `files` name and print the report; the exit code. What `monolog audit`
    does, with the option values already read from the command line (None: not given, the
    project's settings apply; none with `isolated`). `show_settings`: print the settings in
    force instead, and exit 0. `scheduler`: audit on the Dask cluster whose scheduler is
    there (monolog/commands/cluster.py)."""
    ruling = ruling or []
    if fmt not in FORMATS:
        print_error(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
        return EXIT_UNREADABLE
    if statistics and fmt not in ("text", "json"):
        print_error(f"monolog audit: --statistics is written as text or json, not {fmt}")
        return EXIT_UNREADABLE
    given: dict[str, Any] = {
        "edition": edition,
        "select": select,
        "ignore": ignore,
        "strict": strict,
        "require-amounts": require_amounts,
    }
    try:
        project = load_project("audit", isolated)
        choices = resolve(edition, ruling, project)
        given["rulings"] = parse_rulings(ruling)
        if show_settings:
            echo("\n".join(in_force(project, given, isolated)))
            return EXIT_CLEAN
        rulings, edition = choices.rulings, choices.edition
        loaded_edition = load_edition_option(edition, choices.edition_from) if edition else None
        selection, by_options = _selections(select or [], ignore or [], quiet, project)
    except (UsageError, ConfigError) as exc:
        print_error(f"monolog audit: {said(exc)}")
        return EXIT_UNREADABLE
    strict = bool(project.strict) if strict is None else strict
    if require_amounts is None:
        require_amounts = bool(project.require_amounts)
    note = note_for(project, given)

    if jobs < 0:
        print_error(f"monolog audit: --jobs {jobs}: expected 0 (one per CPU) or more")
        return EXIT_UNREADABLE

    names = expand_paths(files, RECORD_SUFFIXES)
    if scheduler is not None and "-" in names:
        print_error("monolog audit: --scheduler: a record from stdin (-) cannot go to a cluster")
        return EXIT_UNREADABLE
    workers = min(jobs or os.cpu_count() or 1, len(names))
    settings = Settings(edition, loaded_edition, rulings, paranoid, fmt, strict)
    settings.selection = selection
    settings.house_rules = project.house_rules
    settings.require_amounts = require_amounts
    settings.edition_default = choices.edition_is_default
    settings.command_line = by_options
    if "-" in names:
        settings.stdin = sys.stdin.buffer.read()
    client = None
    if scheduler is not None:
        try:
            settings = _for_cluster(settings)
            client = _connect(scheduler)
        except UsageError as exc:
            print_error(f"monolog audit: {exc}")
            return EXIT_UNREADABLE
        workers = 1  # the cluster's tasks come back in file order: nothing to put back
    run_ = _Run(names, settings, workers, statistics, note, client)
    try:
        status = _write_report(run_, output_file)
    finally:
        if client is not None:
            client.close()
    return EXIT_CLEAN if exit_zero and status == EXIT_FINDINGS else status


class _Run:
    """What one run audits and how: the records, settings, workers (or a Dask client), whether
    only statistics are written, and the settings file's note."""

    def __init__(
        self,
        names: list[str],
        settings: Settings,
        workers: int,
        statistics: bool,
        note: SettingsNote | None,
        client: Any,
    ) -> None:
        self.names = names
        self.settings = settings
        self.workers = workers
        self.statistics = statistics
        self.note = note
        self.client = client


def _connect(address: str) -> Any:
    # here, not at the top: Dask only for a run on a cluster
    from .cluster import connect

    return connect(address)


def _for_cluster(settings: Settings) -> Settings:
    # here, not at the top: Dask only for a run on a cluster
    from .cluster import for_workers

    return for_workers(settings)


def _on_cluster(client: Any, names: list[str], settings: Settings) -> Any:
    # here, not at the top: Dask only for a run on a cluster
    from .cluster import ClusterOutcomes

    return ClusterOutcomes(client, names, settings)


def _write_report(run_: _Run, output_file: str | None) -> int:
    """The report written to stdout or `output_file`; the exit code."""
    if output_file is None or output_file == "-":
        return _audit_all(run_)
    try:  # all or nothing: a failed write leaves no partial report, an old one intact
        with replaced(output_file) as sink, contextlib.redirect_stdout(sink):
            return _audit_all(run_)
    except OSError as exc:
        if exc.filename != output_file:  # another file's, not the report's: the guard's
            raise
        print_error(f"monolog audit: {write_failure('--output-file', exc)}")
        return EXIT_UNREADABLE


def _selections(
    select: list[str], ignore: list[str], quiet: bool, project: ConfigSettings
) -> tuple[Selection, Selection | None]:
    """The findings a run keeps (`--select` and `--ignore`, else the settings' codes, each
    named where it was given for a message about a code that is none), and, when the settings'
    codes decide too, what the options alone keep (the rest is counted as hidden by them)."""
    named = (
        "--select" if select else f"{project.path}: select",
        "--ignore" if ignore else f"{project.path}: ignore",
    )
    selection = selection_for(
        select or list(project.select), ignore or list(project.ignore), quiet, named
    )
    if (project.select and not select) or (project.ignore and not ignore):
        return selection, selection_for(select, ignore, quiet)
    return selection, None


def _audit_all(run_: _Run) -> int:
    """Audit the run's records and print the report as its settings' format says, closing
    with what the settings file (its `note`) changed; the exit code."""

    names, settings, workers = run_.names, run_.settings, run_.workers
    fmt = settings.fmt
    summary = RunSummary()
    status = EXIT_CLEAN
    quiet = settings.selection.quiet
    writer = ReportWriter(fmt, settings.strict, quiet, workers, run_.statistics, run_.note)

    # the worker processes start before the progress bar's thread does
    outcomes: Any = Outcomes(names, settings, workers)
    if run_.client is not None:
        outcomes = _on_cluster(run_.client, names, settings)
    with outcomes, progress(len(names), stdout_shown=fmt == "text") as advance:
        for done in outcomes:
            summary.add_codes(done.file, done.parsed, done.codes)
            summary.add_declared(done.declared)
            if done.parsed and done.error is not None:  # audited past its unreadable lines
                summary.unreadable.append(done.file)
            if done.error is not None:
                print_error(done.error)
                status = EXIT_UNREADABLE
            elif status == EXIT_CLEAN and done.violation:
                status = EXIT_FINDINGS
            writer.add(done)
            advance()

    writer.close(summary)
    return status
