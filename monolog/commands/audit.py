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

Exit codes: 0 clean (no error-severity finding), 1 at least one rule violation (with
`--strict`, any finding at all, ambiguous rulings and warnings included), 2 a file that cannot be
read or parsed, or a usage error. An unreadable file does not stop the others being audited.
"""

from __future__ import annotations

import contextlib
import os
import sys

import typer

from .. import completion
from ..config import ConfigError, load_settings
from ..findings.report import RunSummary
from ..output_file import replaced, write_failure
from .audit_batch import Outcomes
from .audit_options import (
    FORMATS,
    Settings,
    UsageError,
    load_edition_option,
    selection_for,
)
from .audit_output import ReportWriter, progress
from .audit_record import audit_file, audit_games
from .command_line import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, expand_paths, print_error
from .project import resolve

# one record audited, for the tests, benchmarks and programs that audit files themselves
__all__ = ["audit_file", "audit_games", "register", "run"]


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
            autocompletion=completion.choices(*FORMATS),
        ),
        paranoid: bool = typer.Option(
            False, "--paranoid", help="Check the whole game state after every event (slower)."
        ),
        ruling: list[str] = typer.Option(
            [],
            "--ruling",
            metavar="CF-nn=READING",
            help="Apply a reading to a disputed point, e.g. CF-02=fourth-turn-pay (repeatable).",
            autocompletion=completion.rulings,
        ),
        edition: str | None = typer.Option(
            None,
            "--edition",
            metavar="KEY|PATH",
            help="Edition key (us-2018, us-classic, uk-esl, uk-1996) or an edition file; "
            "default: the settings' edition, else the record's Edition tag.",
            autocompletion=completion.editions,
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
            None,
            "--output-file",
            "-o",
            metavar="PATH",
            help="Write the report here, not stdout (- is stdout, as for the other commands).",
        ),
        statistics: bool = typer.Option(
            False,
            "--statistics",
            help="Print a count per code instead of the findings (text or json).",
        ),
        require_amounts: bool | None = typer.Option(
            None,
            "--require-amounts/--no-require-amounts",
            help="Report every amount the record leaves out and the replay works out (a "
            'salary, rent, tax, card\'s money or fine: W014), as a [Strict "amounts"] tag does '
            "(default: the settings' require-amounts, else no).",
            show_default=False,
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
                require_amounts=require_amounts,
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
        choices = resolve(edition, ruling, project)
        rulings, edition = choices.rulings, choices.edition
        loaded_edition = load_edition_option(edition, choices.edition_from) if edition else None
        selection = selection_for(
            select or list(project.select), ignore or list(project.ignore), quiet
        )
    except (UsageError, ConfigError) as exc:
        print_error(f"monolog audit: {exc}")
        return EXIT_UNREADABLE
    strict = bool(project.strict) if strict is None else strict
    if require_amounts is None:
        require_amounts = bool(project.require_amounts)

    if jobs < 0:
        print_error(f"monolog audit: --jobs {jobs}: expected 0 (one per CPU) or more")
        return EXIT_UNREADABLE

    names = expand_paths(files)
    workers = min(jobs or os.cpu_count() or 1, len(names))
    settings = Settings(edition, loaded_edition, rulings, paranoid, fmt, strict)
    settings.selection = selection
    settings.house_rules = project.house_rules
    settings.require_amounts = require_amounts
    if "-" in names:
        settings.stdin = sys.stdin.buffer.read()
    if output_file is None or output_file == "-":
        status = _audit_all(names, settings, workers, statistics)
    else:
        try:  # all or nothing: a failed write leaves no partial report, an old one intact
            with replaced(output_file) as sink, contextlib.redirect_stdout(sink):
                status = _audit_all(names, settings, workers, statistics)
        except OSError as exc:
            if exc.filename != output_file:  # another file's, not the report's: the guard's
                raise
            print_error(f"monolog audit: {write_failure('--output-file', exc)}")
            return EXIT_UNREADABLE
    return EXIT_CLEAN if exit_zero and status == EXIT_FINDINGS else status


def _audit_all(names: list[str], settings: Settings, workers: int, statistics: bool) -> int:
    """Audit `names` and print the report as `settings.fmt` says; the exit code."""

    fmt = settings.fmt
    summary = RunSummary()
    status = EXIT_CLEAN
    writer = ReportWriter(fmt, settings.strict, settings.selection.quiet, workers, statistics)

    # the worker processes start before the progress bar's thread does
    outcomes = Outcomes(names, settings, workers)
    with outcomes, progress(len(names), stdout_shown=fmt == "text") as advance:
        for done in outcomes:
            summary.add_codes(done.file, done.parsed, done.codes)
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
