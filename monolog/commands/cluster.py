"""`monolog audit --scheduler tcp://HOST:PORT`: the records audited on a Dask distributed
cluster (`pip install 'monolog-audit[dask]'`; docs/scale.md says how to run one).

Each run of consecutive records (up to `MOST_PER_TASK`, fewer near the end) is one task. The
run's settings go to every worker once (scattered), not with every task. A task lost with its
worker is run again by Dask on another (`retries`); a task that still fails is split
into one task per record, so only a record that no worker can audit is reported (P900), and
every other record of the task still is. Results come back in file order: the client waits on
the tasks one after another while the cluster works on all of them, keeping at most the
results finished ahead of the one it waits on. Each game comes back with its findings and the
source lines they point at, and the client renders every format itself, so the report is the
one a single process writes, byte for byte.

The workers open the records by the names given here: they must see the same files under the
same names (a shared file system mounted at the same place, and absolute names, or workers
started in the same folder). Records named relative to a folder no worker started in get a
warning on stderr first: a worker would open them in its own folder, and report a record it
does not find there as missing. Nothing else is read by name on a worker: the settings go as
resolved here (`for_workers`), the edition an `--edition` file or the settings file names as
validated here, and the edition files of the folders MONOLOG_EDITIONS lists here as read here,
with the size limits' variables as set here, so a worker audits as this process would
whatever its folder, file system and environment.
"""

from __future__ import annotations

import copy
import os
import pickle
from collections.abc import Iterator
from typing import Any

from ..editions import list_editions
from ..editions.carried import TooMuch, read_folders
from ..editions.loader import EDITIONS_VARIABLE, configured_folders
from ..files import limits_here
from .audit_batch import Outcome, audit_unit, chunks, record_failure
from .audit_options import Settings, UsageError
from .command_line import print_error

# how often Dask runs a task again after the worker running it was lost
RETRIES = 3
# seconds to wait for the scheduler to answer before the run gives up
CONNECT_TIMEOUT = 30
# records per task, at most and at the end. A task costs the scheduler, the client and its
# worker some 5 ms of CPU between them (its messages, its state, its future; measured again
# with 1,000 tasks doing nothing on 2 workers: 0.9 ms in the client, 1.7 ms in the scheduler's
# process, 2.4 ms in the workers), about what two records' audits cost: at --jobs' 16 records a
# task, some 6% of the run's CPU, taken from the workers on a machine whose cores the client
# and the scheduler share with them. 512 records (one to two seconds of work) keep it under
# 0.5%; the tasks shrink near the end so the workers finish together, but to no fewer than 8
# records (some 20 ms of work: one record a task was two thirds overhead) until the last few.
# 20,000 records make 107 tasks, where 128 records at most and 1 at least made 240.
MOST_PER_TASK = 512
FEWEST_PER_TASK = 8


def connect(address: str) -> Any:
    """A client of the scheduler at `address`; a UsageError (exit 2) when Dask is not installed
    or nothing answers there."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask distributed: pip install 'monolog-audit[dask]'"
        ) from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        detail = " ".join(str(exc).split()) or type(exc).__name__
        raise UsageError(
            f"--scheduler {address!r}: no Dask scheduler answered ({detail})"
        ) from None


def workers_of(client: Any) -> int:
    """How many worker threads the cluster has now (at least one)."""
    info = client.scheduler_info()
    threads: int = sum(w.get("nthreads", 1) for w in info.get("workers", {}).values())
    return max(1, threads)


class ClusterOutcomes:
    """Every record of `names` audited on the cluster, as an iterator of `Outcome`s (a game
    each, in file order), used as a context manager as `audit_batch.Outcomes` is."""

    def __init__(self, client: Any, names: list[str], settings: Settings) -> None:
        self.client = client
        self.names = names
        self.settings = settings

    def __enter__(self) -> ClusterOutcomes:
        return self

    def __exit__(self, *exc: object) -> None:
        """The client is closed by whoever connected it."""

    def __iter__(self) -> Iterator[Outcome]:
        return cluster_outcomes(self.client, self.names, self.settings)


def cluster_outcomes(client: Any, names: list[str], settings: Settings) -> Iterator[Outcome]:
    """Every record of `names` audited on the cluster, an `Outcome` a game, in file order;
    `settings` as `for_workers` makes them."""
    _warn_of_relative_names(client, names)
    shared = client.scatter(settings, broadcast=True)
    units = [
        (a, names[a:b])
        for a, b in chunks(len(names), workers_of(client), MOST_PER_TASK, FEWEST_PER_TASK)
    ]
    futures = client.map(
        audited,
        [start for start, _ in units],
        [unit for _, unit in units],
        settings=shared,
        retries=RETRIES,
        pure=False,
    )
    for (start, unit), future in zip(units, futures, strict=True):
        try:
            outcomes = pickle.loads(future.result())
        except Exception:  # the task failed on every try: each record on its own
            outcomes = _one_by_one(client, start, unit, shared)
        future.release()
        yield from outcomes


def audited(start: int, names: list[str], settings: Settings) -> bytes:
    """A task: the records audited on a worker (`audit_unit`), their outcomes pickled as one.
    Dask would pickle each outcome of a returned list on its own, repeating every class's name
    in each: per 512 simulated games, 272 KB and 12 ms of the worker's CPU to send, 5.6 ms of
    the client's to load, against 162 KB, 4 ms and 2.6 ms as one pickle."""
    return pickle.dumps(audit_unit(start, names, settings), protocol=pickle.HIGHEST_PROTOCOL)


def _warn_of_relative_names(client: Any, names: list[str]) -> None:
    """A warning on stderr when a record is named relative to this folder and a worker started
    in another: the worker opens the name in its own folder."""
    if all(os.path.isabs(name) for name in names):
        return
    here = os.getcwd()
    elsewhere = sorted(set(client.run(os.getcwd).values()) - {here})
    if elsewhere:
        print_error(
            f"monolog audit: the workers started in {', '.join(elsewhere)}, not in {here}: "
            "they open the records named relative to this folder there; give absolute names "
            "or start the workers here (docs/scale.md)"
        )


def for_workers(settings: Settings) -> Settings:
    """The settings as the workers get them: an edition file (`--edition`'s or the settings
    file's) goes as the edition this process validated, never by its name, and the edition
    files of the folders MONOLOG_EDITIONS lists here go as they were read here, and the size
    limits' variables as set here: a worker reads no file the user did not name to it and
    audits as this process would, whatever its own folder and environment. Raises UsageError
    when those folders are too large to send."""
    sent = copy.copy(settings)
    sent.edition = settings.edition  # a copy is made as a pickle is, without it
    arg = settings.edition_arg
    sent.carry_edition = bool(arg) and arg not in list_editions()
    sent.limits = limits_here()
    try:
        sent.edition_folders = read_folders(configured_folders())
    except TooMuch as exc:
        raise UsageError(
            f"{EDITIONS_VARIABLE}: {exc}; a run on a cluster sends the edition files of its "
            "folders to every worker: list only folders of edition files"
        ) from None
    return sent


def _one_by_one(client: Any, start: int, unit: list[str], shared: Any) -> list[Outcome]:
    """The records of a failed task, each a task of its own; a record whose task fails too is
    reported as a record monolog could not audit."""
    futures = [
        client.submit(audited, start + offset, [name], shared, retries=RETRIES, pure=False)
        for offset, name in enumerate(unit)
    ]
    out: list[Outcome] = []
    for offset, (name, future) in enumerate(zip(unit, futures, strict=True)):
        try:
            out.extend(pickle.loads(future.result()))
        except Exception as exc:
            out.extend(record_failure(start + offset, name, exc))
        future.release()
    return out
