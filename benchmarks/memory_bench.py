"""Peak memory of `monolog audit` on a large file of many games and on one long game.

    python benchmarks/memory_bench.py [--megabytes 100] [--distinct 200] [--game-megabytes 10]
                                      [--formats text,json,sarif,github,junit] [--keep DIR]

- A file of `--megabytes` MB of simulated games (`--distinct` games simulated with
  `monolog simulate --count`, repeated until the file is that large), audited in each of
  `--formats` (text, JSON and the CI formats by default): the peak resident set of the audit
  process (from `os.wait4`), against the target of 200 MiB, and the CPU time per MB at half
  the size and at the full size (the growth ratio shows whether time stays linear: about 2 for
  twice the data).
- One long game of `--game-megabytes` MB, audited in text: its peak resident set over the
  file's size, against the target of 10x. The simulator's games end long before 10 MB, so this
  one is written here: two players taking turns with bare rolls (`1. Ann 3-4`, never a double)
  for as many turns as the size needs. The engine replays every move and reports what the
  record leaves out (a purchase decision, a card), so it also carries many findings.

`--keep DIR` writes the files in DIR instead of a temporary folder and uses them again when
they are there (a 100 MB file takes minutes to write); `--game-megabytes 0` leaves the long game
out.

The script prints the figures and whether each target is met; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

MIB = 1 << 20
FILE_TARGET_MIB = 200
GAME_TARGET_RATIO = 10.0


def _simulate(args: list[str], out: Path) -> None:
    with out.open("wb") as handle:
        subprocess.run(
            [sys.executable, "-m", "monolog", "simulate", *args], stdout=handle, check=True
        )


def _audit(path: Path, fmt: str) -> tuple[float, float]:
    """Peak resident set (MiB) and CPU seconds of one `monolog audit` process."""
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(
            [sys.executable, "-m", "monolog", "audit", "--format", fmt, str(path)],
            stdout=null,
            stderr=null,
        )
        _, _, usage = os.wait4(process.pid, 0)
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
    return usage.ru_maxrss * scale / MIB, usage.ru_utime + usage.ru_stime


def _many_games(folder: Path, megabytes: int, distinct: int) -> tuple[Path, Path]:
    half, full = (
        folder / f"half-{megabytes}-{distinct}.mlog",
        folder / f"full-{megabytes}-{distinct}.mlog",
    )
    if half.exists() and full.exists():
        return half, full
    seed = folder / "seed.mlog"
    _simulate(["--players", "4", "--count", str(distinct)], seed)
    block = seed.read_bytes().rstrip(b"\n") + b"\n\n"
    for path, size in ((half, megabytes * MIB // 2), (full, megabytes * MIB)):
        with path.open("wb") as handle:
            written = 0
            while written < size:
                handle.write(block)
                written += len(block)
    return half, full


def _long_game(path: Path, size: int) -> None:
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as handle:
        written = handle.write('[Event "A long game"]\n[Players "Ann, Ben"]\n\n')
        turn = 0
        while written < size:
            turn += 1
            first = rng.randint(1, 6)
            second = rng.choice([d for d in range(1, 7) if d != first])
            written += handle.write(f"{turn}. {('Ann', 'Ben')[turn % 2 == 0]} {first}-{second}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--distinct", type=int, default=200)
    parser.add_argument("--game-megabytes", type=float, default=10.0)
    parser.add_argument("--formats", default="text,json,sarif,github,junit")
    parser.add_argument("--keep", type=Path, help="write the files here and use them again")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) if args.keep is None else args.keep
        folder.mkdir(parents=True, exist_ok=True)
        half, full = _many_games(folder, args.megabytes, args.distinct)
        size = full.stat().st_size / MIB
        print(f"a file of many games: {size:.0f} MiB ({args.distinct} distinct games repeated)")
        for fmt in args.formats.split(","):
            peak_half, cpu_half = _audit(half, fmt)
            peak, cpu = _audit(full, fmt)
            verdict = "met" if peak <= FILE_TARGET_MIB else "NOT met"
            ratio = cpu / cpu_half if cpu_half else float("inf")
            print(
                f"  {fmt:6}: peak RSS {peak:6.0f} MiB (target <= {FILE_TARGET_MIB}: {verdict}; "
                f"{peak_half:.0f} MiB at half the size); CPU {cpu:.0f} s, "
                f"{cpu / size:.2f} s/MiB; time at 2x the data / time at 1x = {ratio:.2f}"
            )
        if args.game_megabytes <= 0:
            return 0
        game = folder / "long.mlog"
        _long_game(game, int(args.game_megabytes * MIB))
        game_mib = game.stat().st_size / MIB
        peak, cpu = _audit(game, "text")
        ratio = peak / game_mib if game_mib else float("inf")
        verdict = "met" if ratio <= GAME_TARGET_RATIO else "NOT met"
        print(
            f"one long game: {game_mib:.1f} MiB; peak RSS {peak:.0f} MiB = {ratio:.1f}x its size "
            f"(target <= {GAME_TARGET_RATIO:.0f}x: {verdict}); CPU {cpu:.1f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
