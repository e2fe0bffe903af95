"""Auditing a corpus on a Dask cluster against one process, with the figures as ratios.

    python benchmarks/cluster_bench.py [--games 20000] [--turns 40] [--corpus DIR] [--seed 1]
                                       [--format jsonl] [--runs 1] [--dask-defaults]

Simulates `--games` records (seeds S, S+1, ...; 2 to 6 players in turn, `--turns` turns each)
into `--corpus DIR` (reused when it already holds records; a temporary folder by default),
then audits the folder `--runs` times each way, taking turns: `monolog audit --format FORMAT
DIR` as one process, and the same with `--scheduler` on a `distributed.LocalCluster` of 2
worker processes of one thread each, started here with the worker settings docs/scale.md
recommends for audits (`WORKER_SETTINGS`; `--dask-defaults`: Dask's own). It prints:

- the wall time of each and their ratio (one process over the cluster, medians of the runs;
  the target is 1.8x on a machine with 2 free cores);
- the CPU seconds of the cluster run, process by process: the client (`monolog audit
  --scheduler`), this process (the scheduler and the workers' nannies) and each worker, against
  the one process's; on 2 cores the cluster's wall time is about half their sum, so what the
  client, the scheduler and the workers spend beyond the one process's audit is what the ratio
  loses (the best speed-up the CPU times allow on 2 cores is printed too: on a loaded machine
  it says more than the wall times);
- the peak memory (maximum resident set) of the one-process audit, and of each cluster worker
  (read in each worker from getrusage after the runs), with each worker's memory before the
  first run, so a worker's growth over 20,000 games shows;
- whether the reports are the same, byte for byte.

Processes it starts keep their bytecode in a scratch folder when PYTHONDONTWRITEBYTECODE is set
(as `run.py` does), so no run compiles monolog again. It asserts nothing. Needs the `dask` extra
(`pip install '.[dask]'`).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# what docs/scale.md recommends starting audit workers with (as DASK_... environment
# variables there): no sampling profiler walking the audit's stack every 10 ms, and the event
# loop's watchdog, the system monitor and the memory checks (the worker's and its nanny's)
# waking less often (they take the GIL from the audit)
WORKER_SETTINGS = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}


def simulate(folder: Path, games: int, turns: int, seed: int) -> None:
    """`games` records in `folder`, written by `monolog simulate` a player count at a time."""
    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.rglob("*.mlog")):
        return
    per = -(-games // 5)
    for n, players in enumerate(range(2, 7)):
        count = min(per, games - n * per)
        if count <= 0:
            break
        out = folder / f"p{players}"
        subprocess.run(
            [sys.executable, "-m", "monolog", "simulate", "-n", str(players), "-t", str(turns),
             "-s", str(seed + n * per), "--count", str(count), "-o", str(out)],
            check=True,
        )  # fmt: skip


class Run:
    """One `monolog audit` process: wall seconds, CPU seconds, peak memory (KiB), stdout."""

    def __init__(self, folder: Path, fmt: str, scheduler: str | None) -> None:
        command = [sys.executable, "-m", "monolog", "audit", "-q", "--format", fmt, str(folder)]
        if scheduler is not None:
            command += ["--scheduler", scheduler]
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.out = process.stdout.read() if process.stdout is not None else b""
        _, _, usage = os.wait4(process.pid, 0)
        self.wall = time.perf_counter() - start
        self.cpu = usage.ru_utime + usage.ru_stime
        self.peak = usage.ru_maxrss


def keep_bytecode(folder: Path) -> None:
    """Under PYTHONDONTWRITEBYTECODE every process (the audits, the client, the workers) compiles
    monolog's modules again, which no installed copy does (about 0.15 s a process): the processes
    started from here keep their bytecode in `folder` instead, as benchmarks/run.py's do."""
    if sys.flags.dont_write_bytecode:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ.setdefault("PYTHONPYCACHEPREFIX", str(folder))


def cpu_seconds() -> float:
    """This process's CPU time, user and system (run in each worker, too)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def peak_kib() -> int:
    """This process's peak resident set, in KiB (run in each worker)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpus", type=Path, default=None)
    parser.add_argument("--format", default="jsonl")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--dask-defaults", action="store_true")
    args = parser.parse_args(argv)
    import dask
    from distributed import Client, LocalCluster

    settings = {} if args.dask_defaults else WORKER_SETTINGS
    with tempfile.TemporaryDirectory() as scratch, dask.config.set(settings):
        keep_bytecode(Path(scratch) / "pycache")
        folder = args.corpus or Path(scratch) / "corpus"
        start = time.perf_counter()
        simulate(folder, args.games, args.turns, args.seed)
        records = len(list(folder.rglob("*.mlog")))
        print(f"corpus: {records} records in {folder} ({time.perf_counter() - start:.0f} s)")
        print(f"workers: {'Dask defaults' if args.dask_defaults else WORKER_SETTINGS}")
        cluster = LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        )
        with cluster, Client(cluster) as client:
            before: dict[str, Any] = client.run(peak_kib)
            alone, spread, here, workers = [], [], [], []
            for _ in range(args.runs):
                alone.append(Run(folder, args.format, None))
                was, were = cpu_seconds(), client.run(cpu_seconds)
                spread.append(Run(folder, args.format, cluster.scheduler_address))
                here.append(cpu_seconds() - was)
                now = client.run(cpu_seconds)
                workers.append({w: now[w] - were[w] for w in now})
            after: dict[str, Any] = client.run(peak_kib)
    _print(alone, spread, here, workers, before, after)
    return 0


def _print(
    alone: list[Run],
    spread: list[Run],
    here: list[float],
    workers: list[dict[str, float]],
    before: dict[str, Any],
    after: dict[str, Any],
) -> None:
    def median(values: list[float]) -> float:
        return statistics.median(values)

    def each(values: list[float]) -> str:
        return ", ".join(f"{v:.1f}" for v in values)

    one, on_cluster = median([r.wall for r in alone]), median([r.wall for r in spread])
    peak = max(r.peak for r in alone)
    print(f"one process:        {one:8.1f} s wall (runs: {each([r.wall for r in alone])}), "
          f"{median([r.cpu for r in alone]):.1f} s CPU, peak {peak / 1024:.0f} MiB")  # fmt: skip
    print(f"cluster, 2 workers: {on_cluster:8.1f} s wall (runs: {each([r.wall for r in spread])})")
    print(f"  CPU: client {median([r.cpu for r in spread]):.1f} s, "
          f"scheduler and nannies {median(here):.1f} s")  # fmt: skip
    for n, worker in enumerate(sorted(after)):
        print(
            f"  worker {n + 1}: CPU {median([w.get(worker, 0.0) for w in workers]):.1f} s, "
            f"peak {after[worker] / 1024:.0f} MiB "
            f"(before the runs {before.get(worker, 0) / 1024:.0f} MiB)"
        )
    ratio = one / on_cluster
    print(f"speed-up, one process / cluster: {ratio:.2f}x (target 1.8x)")
    # the cluster's processes share 2 cores: its wall time is at least half its CPU time
    spent = median([r.cpu for r in spread]) + median(here)
    spent += sum(median([w.get(worker, 0.0) for w in workers]) for worker in after)
    bound = 2 * median([r.cpu for r in alone]) / spent
    print(f"CPU: cluster {spent:.1f} s, one process {median([r.cpu for r in alone]):.1f} s; "
          f"best speed-up these allow on 2 cores: {bound:.2f}x")  # fmt: skip
    same = all(r.out == alone[0].out for r in alone + spread)
    print(f"same report, byte for byte: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    raise SystemExit(main())
