"""The parse stage alone: every record of a folder read once, then `parse_text` timed over all
of them, by CPU time, the best of `--runs` (the parse pauses the collector itself).

    python benchmarks/parse_corpus_bench.py DIR [--runs 5] [--turns 3] [--against TREE]
                                                [--profile]

prints the best CPU seconds of `--turns` processes; with `--against TREE` (a checkout of
another commit, for instance `git archive COMMIT | tar -x -C TREE`) each turn runs that tree's
monolog first (put first on the module path) and then this one, so that both meet the same
load on a shared machine. `--profile`: one run under cProfile, the 30 functions with the most
time of their own."""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import subprocess
import sys
import time
from pathlib import Path


def _best(folder: str, runs: int) -> float:
    from monolog.notation.parser import parse_text

    texts = [(str(p), p.read_text(encoding="utf-8")) for p in sorted(Path(folder).rglob("*.mlog"))]
    parse_text(texts[0][1], texts[0][0])  # building the parser is start-up, not parsing
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        for name, text in texts:
            parse_text(text, name)
        best = min(best, time.process_time() - t0)
        gc.collect()
    return best


def _turn(folder: str, runs: int, tree: str | None) -> float:
    """The best of `runs` in a process of its own, with `tree`'s monolog when given."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([tree, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    cmd = [sys.executable, __file__, folder, "--runs", str(runs), "--one"]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--against", metavar="TREE")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(f"{_best(args.folder, args.runs):.3f}")
        return
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        _best(args.folder, 1)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return
    for n in range(1, args.turns + 1):
        if args.against:
            print(f"turn {n}: {args.against}: {_turn(args.folder, args.runs, args.against):.3f} s")
        print(f"turn {n}: this monolog: {_turn(args.folder, args.runs, None):.3f} s")


if __name__ == "__main__":
    main()
