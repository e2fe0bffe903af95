"""Auditing a corpus on a Dask cluster against one process, with the figures as ratios.

    python benchmarks/cluster_bench.py [--games 20000] [--turns 40] [--corpus DIR] [--seed 1]
                                       [--format jsonl]

Simulates `--games` records (seeds S, S+1, ...; 2 to 6 players in turn, `--turns` turns each)
into `--corpus DIR` (reused when it already holds records; a temporary folder by default),
then audits the folder twice, taking turns: `monolog audit --format FORMAT DIR` as one process,
and the same with `--scheduler` on a `distributed.LocalCluster` of 2 worker processes of one
thread each, started here. It prints:

- the wall time of each and their ratio (one process over the cluster; the target is 1.8x on a
  machine with 2 free cores);
- the peak memory (maximum resident set) of the one-process audit, and of each cluster worker
  (read in each worker from getrusage after the run), with each worker's memory before the run,
  so a worker's growth over 20,000 games shows;
- whether the two reports are the same, byte for byte.

It asserts nothing. Needs the `dask` extra (`pip install '.[dask]'`).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


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


def audit(folder: Path, fmt: str, scheduler: str | None) -> tuple[float, int, bytes]:
    """Wall seconds, peak memory (KiB) and stdout of one `monolog audit` process."""
    command = [sys.executable, "-m", "monolog", "audit", "-q", "--format", fmt, str(folder)]
    if scheduler is not None:
        command += ["--scheduler", scheduler]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read() if process.stdout is not None else b""
    _, _, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss, out


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
    args = parser.parse_args(argv)
    from distributed import Client, LocalCluster

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.corpus or Path(scratch) / "corpus"
        start = time.perf_counter()
        simulate(folder, args.games, args.turns, args.seed)
        records = len(list(folder.rglob("*.mlog")))
        print(f"corpus: {records} records in {folder} ({time.perf_counter() - start:.0f} s)")
        cluster = LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        )
        with cluster, Client(cluster) as client:
            before: dict[str, Any] = client.run(peak_kib)
            one, one_peak, one_out = audit(folder, args.format, None)
            on_cluster, _, cluster_out = audit(folder, args.format, cluster.scheduler_address)
            after: dict[str, Any] = client.run(peak_kib)
    print(f"one process:        {one:8.1f} s wall, peak {one_peak / 1024:.0f} MiB")
    print(f"cluster, 2 workers: {on_cluster:8.1f} s wall")
    for n, worker in enumerate(sorted(after)):
        print(
            f"  worker {n + 1}: peak {after[worker] / 1024:.0f} MiB "
            f"(before the run {before.get(worker, 0) / 1024:.0f} MiB)"
        )
    ratio = one / on_cluster
    print(f"speed-up, one process / cluster: {ratio:.2f}x (target 1.8x)")
    print(f"same report, byte for byte: {'yes' if one_out == cluster_out else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
