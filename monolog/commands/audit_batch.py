"""Driving the audits of a run: every record named, audited in this process or, with `--jobs`,
in worker processes (monolog/commands/workers.py) that get the run's settings once and send
back, for each game, what the run's loop needs (an `Outcome`). The cyclic garbage collector is
paused while each record is audited."""

from __future__ import annotations

import gc
import sys
from collections import Counter
from collections.abc import Iterator
from time import perf_counter
from typing import Any

from ..editions.carried import carrying
from ..files import limits_given
from ..findings.model import WHOLE_FILE, Finding, Severity, shown_name
from ..findings.render import TextOutput
from ..findings.report import GameReport
from .audit_options import Settings, load_edition_option
from .audit_record import audit_games, is_violation, too_large


class Outcome:
    """One record audited, as the run's loop needs it: the summary's counts (`codes`: code and
    severity of each finding), whether it breaks a rule, the stderr text of a record that could
    not be read, either the report or, from a worker in a text run, its rendered block, and
    the seconds its audit took (the JUnit report's times), the findings the settings' codes
    hid (code -> count), and the points its edition's engine profile declares, with counts."""

    __slots__ = (
        "block", "codes", "declared", "error", "file", "hidden", "index", "parsed", "report",
        "seconds", "violation",
    )  # fmt: skip

    def __init__(
        self,
        index: int,
        report: GameReport,
        error: str | None,
        strict: bool,
        block: str | None = None,
        seconds: float = 0.0,
    ) -> None:
        self.index = index
        self.file = report.file
        self.parsed = report.parsed
        self.error = error
        # counted, not listed: a long game has hundreds of thousands of findings
        self.codes = Counter((f.code, f.severity.value) for f in report.findings)
        self.hidden = report.hidden  # by the settings' codes
        self.declared = report.declared  # the engine profile's points, for the run's summary
        self.violation = any(is_violation(f, strict) for f in report.findings)
        self.report: GameReport | None = report
        self.block = block
        self.seconds = seconds

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


class Outcomes:
    """Every record audited, as an iterator of `Outcome`s, used as a context manager.

    One worker: in this process, in the order the files were named. Several: the pool starts
    here, before the caller starts any thread (a progress bar), so forked workers copy a
    process with one thread; records go out in chunks, a few chunks per worker in flight, and
    come back in the order the chunks finish, each record in a text run already rendered."""

    def __init__(self, names: list[str], settings: Settings, workers: int) -> None:
        self.names = names
        self.settings = settings
        self.pool: Any = None
        if workers > 1:
            self.pool = _start_pool(settings, workers)
            self.workers = workers

    def __enter__(self) -> Outcomes:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.close()

    def __iter__(self) -> Iterator[Outcome]:
        if self.pool is not None:
            names = self.names
            units = ((a, names[a:b]) for a, b in chunks(len(names), self.workers))
            return (done for games in self.pool.results(units) for done in games)
        return self._here()

    def _here(self) -> Iterator[Outcome]:
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
                    start = perf_counter()
                    try:
                        game = next(games, None)
                    except MemoryError:  # reading or parsing it: as a worker reports it
                        game = too_large(name)
                        games = iter(())
                    if game is None:
                        break
                    done = Outcome(index, *game, settings.strict, seconds=perf_counter() - start)
                yield done  # rendered by the caller, collector running


def _extras(settings: Settings) -> dict[str, Any]:
    """audit_file's keyword arguments for the run's selection (and what the options alone
    select), house rules, stdin, whether every amount is to be written, and whether the edition
    is the settings' (a default for records with no Edition tag)."""
    return {
        "selection": settings.selection,
        "command_line": settings.command_line,
        "edition_default": settings.edition_default,
        "house_rules": settings.house_rules,
        "stdin": settings.stdin,
        "require_amounts": settings.require_amounts,
    }


def _start_pool(settings: Settings, workers: int) -> Any:
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
    return Workers(context, workers, _init_worker, (settings,), _audit_one, record_failure)


# records per work unit at most: a worker process of --jobs gets a unit through a pipe, which
# costs little, so units stay small and results stream
MOST_PER_UNIT = 16


def _chunk_size(records: int, workers: int, most: int, fewest: int) -> int:
    """Records per work unit, for `records` still to hand out: big enough that a unit costs
    little to send, small enough that results stream (at most `most`), and shrinking as the run
    nears its end (to `fewest`, or fewer where every worker would not get one), so the
    workers finish together instead of one waiting on the other's last big unit."""
    floor = min(fewest, -(-records // workers))
    return max(floor, min(most, records // (workers * 8)))


def chunks(
    records: int, workers: int, most: int = MOST_PER_UNIT, fewest: int = 1
) -> Iterator[tuple[int, int]]:
    """(start, stop) of each work unit, in file order, each of `most` records at most and of
    `fewest` at least, but for the last few, which share what is left among the workers."""
    start = 0
    while start < records:
        stop = start + _chunk_size(records - start, workers, most, fewest)
        yield start, stop
        start = stop


_WORKER: dict[str, Any] = {}


def _init_worker(settings: Settings) -> None:
    """Set up a worker process once: the edition comes with the fork, or a worker started
    afresh loads it again from `edition_arg`; it is never sent with every record. A text run
    gets an output set up as the parent's is."""
    edition = settings.edition
    if edition is None and settings.edition_arg:
        edition = load_edition_option(settings.edition_arg)
    _WORKER["edition"] = edition
    _WORKER["rulings"] = settings.rulings
    _WORKER["paranoid"] = settings.paranoid
    _WORKER["strict"] = settings.strict
    _WORKER["extras"] = _extras(settings)
    _WORKER["output"] = None
    if settings.fmt == "text":
        # same stdout, same environment: renders as the parent's would
        _WORKER["output"] = TextOutput()


def audit_unit(start: int, names: list[str], settings: Settings) -> list[Outcome]:
    """A run of consecutive records audited as a task on a cluster worker (see
    monolog/commands/cluster.py): the worker is set up with `settings` on its first task of
    the run, and each game comes back with its report (source lines kept only where findings
    point), so the client renders every format itself, as one process would."""
    if _WORKER.get("settings") is not settings:
        _init_worker(settings)
        _WORKER["settings"] = settings
        _WORKER["output"] = None  # rendered by the client, in its own terminal's width
    out = []
    # the client's MONOLOG_EDITIONS as it read them, and its size limits
    with carrying(settings.edition_folders), limits_given(settings.limits):
        for offset, name in enumerate(names):
            out.extend(_audit_one(start + offset, name, keep_lines=True))
    return out


def _audit_chunk(start: int, names: list[str]) -> list[Outcome]:
    """Records audited in a worker (see `_audit_one`), in order, each game one outcome."""
    return [done for offset, name in enumerate(names) for done in _audit_one(start + offset, name)]


def _audit_one(index: int, name: str, keep_lines: bool = False) -> list[Outcome]:
    """One record audited in a worker, an outcome for each of its games. In a text run each
    comes back rendered (its block as the parent's output would print it, first in the run),
    with no report; otherwise with a report holding only file, header and findings (and the
    lines they point at, with `keep_lines`)."""
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
            start = perf_counter()
            game = next(games, None)
            if game is None:
                break
            report, error = game
            seconds = perf_counter() - start
            block = None
            if output is not None and report.parsed:
                block = output.block(report)
            done = Outcome(index, report, error, _WORKER["strict"], block, seconds)
            done.report = report.compact(keep_lines=keep_lines) if output is None else None
        out.append(done)
    return out


def record_failure(index: int, name: str, exc: BaseException) -> list[Outcome]:
    """The outcome of a record whose audit failed outside `audit_file`: its worker died, or
    ran out of memory reading it (the record is then too large, not monolog at fault)."""
    report, error = _worker_failure(name, exc)
    return [Outcome(index, report, error, strict=False)]


def _worker_failure(name: str, exc: BaseException) -> tuple[GameReport, str]:
    if isinstance(exc, MemoryError):  # the record's size, not a bug in monolog
        return too_large(name)
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
