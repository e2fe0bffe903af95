"""The simulator's speed: dice rolls written per CPU second, full records included.

    python benchmarks/sim_bench.py [--games 500] [--edition us-2018] [--runs 3]
                                   [--before DIR] [--profile N]

Plays a fixed corpus (seeds 0 .. games-1, seed S with 2 + S % 5 players, so 2 to 6) with
`monolog.simulate.simulate`, then writes every record to a temporary folder as `monolog
simulate --count --out` does (all made, then all written; monolog/simulate/files.py: a
temporary file renamed over the name; in a tree without it, monolog.output_file.write_text: a
temporary file, fsync, rename), and counts
the dice rolls the records show (every `d-d` throw: moves, jail rolls, utility throws). The
clock is the process's CPU time (user + system, `time.process_time`, to the nanosecond where
`os.times` counts in 10 ms ticks), taken apart for making the records (the simulator) and for
writing them (the file system's share); imports and the edition's loading are left out, and a
machine shared with other work slows CPU time less than it would the wall clock.

Each run plays the corpus in a fresh interpreter. `--before DIR` names another copy of the
source tree (for example `git archive 8ab5eae | tar -x -C DIR`): its runs take turns with this
tree's, under the same load, and the table compares the two; the run with the least CPU for
making the records counts for each. The rolls and lines must be the same on both sides (the
records are), or the comparison says so. The plain Python simulator the target is set by
(gamescomputersplay/monopoly, its log off) made 83,000 player-moves per CPU second on this
machine class: the `/ 83k` columns are the ratio to that figure, 1.00 or more meets it.

`--profile N` instead profiles N games of the corpus in this process (cProfile) and prints the
25 functions with the most time of their own and the 25 with the most time below them.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAIN = 83_000  # gamescomputersplay/monopoly, log off: player-moves per CPU second
ROLL = re.compile(r"(?<![\w-])[1-6]-[1-6](?![\w-])")


def corpus(games: int) -> list[tuple[int, int]]:
    """(seed, players) of every game."""
    return [(seed, 2 + seed % 5) for seed in range(games)]


def child(games: int, edition: str) -> dict[str, float]:
    """Play the corpus in this process; the figures as JSON-ready numbers."""
    from monolog.editions import load_edition
    from monolog.simulate import simulate

    try:  # the records' writer of `simulate --count --out`, as the tree run has it
        from monolog.simulate.files import write_record
    except ImportError:  # before it had its own: monolog.output_file's, with fsync
        from monolog.output_file import write_text as write_record

    ed = load_edition(edition)
    clock = time.process_time
    start = clock()
    texts = [(seed, players, simulate(ed, players, seed).text) for seed, players in corpus(games)]
    play = clock() - start
    with tempfile.TemporaryDirectory() as tmp:
        start = clock()
        for seed, players, text in texts:  # all made, then all written, as the command does
            write_record(Path(tmp) / f"{ed.key}-{players}p-{seed}.mlog", text)
        write = clock() - start
    rolls = sum(len(ROLL.findall(text)) for _, _, text in texts)
    lines = sum(text.count("\n") for _, _, text in texts)
    return {"rolls": rolls, "lines": lines, "cpu": play + write, "play": play}


def run_copy(src: Path, games: int, edition: str) -> dict[str, float]:
    """The corpus played by the source tree at `src`, in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child"]
    cmd += ["--games", str(games), "--edition", edition]
    out = subprocess.run(cmd, env=env, cwd=src, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"sim_bench: the run of {src} failed:\n{out.stderr}")
    figures: dict[str, float] = json.loads(out.stdout)
    return figures


def profile(games: int, edition: str) -> None:
    sys.path.insert(0, str(ROOT))
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    child(games, edition)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(25)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--edition", default="us-2018")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--before", type=Path, help="another source tree, run side by side")
    ap.add_argument("--profile", type=int, metavar="N", help="profile N games instead")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.games, args.edition)))
        return
    if args.profile:
        profile(args.profile, args.edition)
        return
    sides = [("this tree", ROOT)]
    if args.before is not None:
        sides.insert(0, ("before", args.before.resolve()))
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.runs):
        for label, src in sides:
            got = run_copy(src, args.games, args.edition)
            if label not in best or got["play"] < best[label]["play"]:
                best[label] = got
    print(f"{args.games} games of {args.edition}, 2 to 6 players; best of {args.runs} runs (CPU)")
    print(
        f"{'':10} {'rolls':>9} {'lines':>9} {'play s':>7} {'+write s':>8} "
        f"{'rolls/s':>9} {'/ 83k':>6} {'written':>9} {'/ 83k':>6}"
    )
    for label, _ in sides:
        f = best[label]
        played, written = f["rolls"] / f["play"], f["rolls"] / f["cpu"]
        print(
            f"{label:10} {f['rolls']:>9,.0f} {f['lines']:>9,.0f} {f['play']:>7.2f} "
            f"{f['cpu'] - f['play']:>8.2f} {played:>9,.0f} {played / PLAIN:>6.2f} "
            f"{written:>9,.0f} {written / PLAIN:>6.2f}"
        )
    if len(best) == 2:
        old, new = best["before"], best["this tree"]
        if old["rolls"] != new["rolls"] or old["lines"] != new["lines"]:
            print("the two trees wrote different records: the comparison is not like for like")
        for what, key in (("records made", "play"), ("records made and written", "cpu")):
            print(f"speed-up, {what}: {old[key] / new[key]:.2f}x")


if __name__ == "__main__":
    main()
