"""Peak memory of `monolog audit` on a large file of many games and on one long game.

    python benchmarks/memory_bench.py [--megabytes 100] [--distinct 200] [--game-megabytes 10]
                                      [--formats text,json,sarif,github,junit] [--keep DIR]
    python benchmarks/memory_bench.py --shapes [--shape-megabytes 1]
    python benchmarks/memory_bench.py --reports [--report-kib 64,128,256]

- A file of `--megabytes` MB of simulated games (`--distinct` games simulated with
  `monolog simulate --count`, repeated until the file is that large), audited in each of
  `--formats` (text, JSON and the CI formats by default): the peak resident set of the audit
  process (from `os.wait4`), against the target of 200 MiB, and the CPU time per MB at half
  the size and at the full size (the growth ratio shows whether time stays linear: about 2 for
  twice the data).
- One long game of `--game-megabytes` MB, audited in each of `--formats`: its peak resident
  set over the file's size, against the target of 10x, and the CPU time at half and at the
  full size. The simulator's games end long before 10 MB, so this one is written here: two
  players taking turns with bare rolls (`1. Ann 3-4`, never a double) for as many turns as the
  size needs. The engine replays every move and reports what the record leaves out (a
  purchase decision, a card), so it also carries many findings. It is written in each of
  `--game-shapes` (`GAME_SHAPES`): bare rolls; a wrong cash count on every line (a W001 on
  each, all with their own figures); a long square name on no board on every line (an M900
  on each, all different).

`--megabytes 0` measures the long game alone.

`--shapes` audits instead one record of `--shape-megabytes` MB of each shape that has cost
memory out of proportion before (a run of blank lines, comment lines, one long line, one long
quoted text, tags, a mistake after a long run of blank lines, ...; see `SHAPES`), in text, and
prints each one's peak resident set and how far it is above a one-line record's.

`--reports` runs instead `monolog ledger` and `monolog dispute --ruling CF-03=jailing-turn-counts`
(a reading that changes the long game: the tables part at the first stay in jail) on the first
`--report-kib` KiB of the long game, one process each, and prints each one's peak resident set
and CPU time, and the growth ratio of the peak (figure at 2N / figure at N) between sizes.

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
from collections.abc import Callable
from itertools import pairwise
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


_PLAYERS = '[Players "Ann, Ben"]\n'

# each shape: a record of about `size` bytes (a mistake in some: the error path is measured too)
SHAPES: dict[str, Callable[[int], str]] = {
    "blank lines": lambda size: _PLAYERS + "\n" * size,
    "blank lines, CRLF": lambda size: _PLAYERS + "\r\n" * (size // 2),
    "blank lines then a mistake": lambda size: _PLAYERS + "\n" * size + "1. Ann byu\n",
    "comment lines": lambda size: _PLAYERS + "; a comment\n" * (size // 12),
    "brace comment lines": lambda size: _PLAYERS + "{a comment}\n" * (size // 12),
    "brace comments spanning lines": lambda size: _PLAYERS + "{a\ncomment}\n" * (size // 12),
    "one long comment": lambda size: _PLAYERS + "; " + "x" * size + "\n",
    "tags": lambda size: _PLAYERS + "".join(f'[Note{i} "x"]\n' for i in range(size // 16)),
    "one long line of clauses": lambda size: _PLAYERS + "1. Ann 3-4" + " =$1500" * (size // 7),
    "one long quoted text": lambda size: _PLAYERS + '[Event "' + "x" * size + '"]\n1. Ann 3-4\n',
    "a quoted text of escaped quotes": lambda size: (
        _PLAYERS + '[Event "' + '\\"' * (size // 2) + '"]\n1. Ann 3-4\n'
    ),
    "a quoted text of backslashes": lambda size: (
        _PLAYERS + '[Event "' + "\\" * size + '"]\n1. Ann 3-4\n'
    ),
    "a quoted text never closed": lambda size: (
        _PLAYERS + '[Event "' + "x" * size + "\n1. Ann 3-4\n"
    ),
    "one long name": lambda size: _PLAYERS + "1. Ann 3-4\nAnn" + " Ann" * (size // 4) + "\n",
    "one-line games": lambda size: '[Players "Ann, Ben"]\n1. Ann 3-4\n\n' * (size // 32),
}


def _shapes(folder: Path, megabytes: float) -> None:
    size = int(megabytes * MIB)
    base = folder / "one-line.mlog"
    base.write_text(_PLAYERS + "1. Ann 3-4\n", encoding="utf-8")
    floor, _ = _audit(base, "text")
    print(f"records of {megabytes:g} MB of one shape, audited in text (one line: {floor:.0f} MiB)")
    for name, make in SHAPES.items():
        path = folder / "shape.mlog"
        with path.open("w", encoding="utf-8", newline="") as handle:
            handle.write(make(size))
        peak, cpu = _audit(path, "text")
        print(
            f"  {name:32}: peak RSS {peak:5.0f} MiB, {peak - floor:5.0f} MiB above; CPU {cpu:.1f} s"
        )


def _wrong_count(turn: int, rng: random.Random) -> str:
    # a cash count no replay gives: a W001 on every line, each with its own figures
    return f" =${rng.randint(1, 99_999)}"


def _unknown_square(turn: int, rng: random.Random) -> str:
    # a long square name on no board, different on every line: an M900 on every line
    letters = "".join(chr(ord("a") + int(d, 8)) for d in f"{turn:o}")
    return f" Nowhere {letters.title()} " + " ".join(rng.choice(("Long", "Row")) for _ in range(16))


# the long game's shapes: what each line carries after its bare roll
GAME_SHAPES: dict[str, Callable[[int, random.Random], str]] = {
    "bare rolls": lambda turn, rng: "",
    "a wrong count on every line": _wrong_count,
    "long unknown square names": _unknown_square,
}


def _long_game(path: Path, size: int, shape: str = "bare rolls") -> None:
    rng = random.Random(1)
    tail = GAME_SHAPES[shape]
    with path.open("w", encoding="utf-8") as handle:
        written = handle.write('[Event "A long game"]\n[Players "Ann, Ben"]\n\n')
        turn = 0
        while written < size:
            turn += 1
            first = rng.randint(1, 6)
            second = rng.choice([d for d in range(1, 7) if d != first])
            player = ("Ann", "Ben")[turn % 2 == 0]
            written += handle.write(f"{turn}. {player} {first}-{second}{tail(turn, rng)}\n")


def _many_games_figures(folder: Path, megabytes: int, distinct: int, formats: list[str]) -> None:
    half, full = _many_games(folder, megabytes, distinct)
    size = full.stat().st_size / MIB
    print(f"a file of many games: {size:.0f} MiB ({distinct} distinct games repeated)")
    for fmt in formats:
        peak_half, cpu_half = _audit(half, fmt)
        peak, cpu = _audit(full, fmt)
        verdict = "met" if peak <= FILE_TARGET_MIB else "NOT met"
        ratio = cpu / cpu_half if cpu_half else float("inf")
        print(
            f"  {fmt:6}: peak RSS {peak:6.0f} MiB (target <= {FILE_TARGET_MIB}: {verdict}; "
            f"{peak_half:.0f} MiB at half the size); CPU {cpu:.0f} s, "
            f"{cpu / size:.2f} s/MiB; time at 2x the data / time at 1x = {ratio:.2f}"
        )


def _long_game_figures(
    folder: Path, megabytes: float, formats: list[str], shapes: list[str]
) -> None:
    for shape in shapes:
        half, game = folder / "long-half.mlog", folder / "long.mlog"
        _long_game(half, int(megabytes * MIB / 2), shape)
        _long_game(game, int(megabytes * MIB), shape)
        game_mib = game.stat().st_size / MIB
        print(f"one long game, {shape}: {game_mib:.1f} MiB")
        for fmt in formats:
            _, cpu_half = _audit(half, fmt)
            peak, cpu = _audit(game, fmt)
            ratio = peak / game_mib if game_mib else float("inf")
            verdict = "met" if ratio <= GAME_TARGET_RATIO else "NOT met"
            growth = cpu / cpu_half if cpu_half else float("inf")
            print(
                f"  {fmt:6}: peak RSS {peak:4.0f} MiB = {ratio:.1f}x its size (target <= "
                f"{GAME_TARGET_RATIO:.0f}x: {verdict}); CPU {cpu:.1f} s; time at 2x the data / "
                f"time at 1x = {growth:.2f}"
            )


REPORTS = {
    "ledger": ["ledger"],
    "dispute": ["dispute", "--ruling", "CF-03=jailing-turn-counts"],
}


def _command(args: list[str]) -> tuple[float, float]:
    """Peak resident set (MiB) and CPU seconds of one `monolog ARGS` process."""
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(
            [sys.executable, "-m", "monolog", *args], stdout=null, stderr=null
        )
        _, _, usage = os.wait4(process.pid, 0)
    scale = 1 if sys.platform == "darwin" else 1024
    return usage.ru_maxrss * scale / MIB, usage.ru_utime + usage.ru_stime


def _reports(folder: Path, sizes: list[int]) -> None:
    paths = []
    for kib in sizes:
        path = folder / f"long-{kib}k.mlog"
        _long_game(path, kib * 1024)
        paths.append(path)
    print(f"report commands on the long game ({', '.join(f'{k} KiB' for k in sizes)})")
    for name, args in REPORTS.items():
        peaks: list[float] = []
        cells = []
        for kib, path in zip(sizes, paths, strict=True):
            peak, cpu = _command([*args, str(path)])
            peaks.append(peak)
            cells.append(f"{kib} KiB {peak:5.0f} MiB {cpu:5.1f} s")
        ratios = ", ".join(f"{b / a:.2f}" for a, b in pairwise(peaks))
        print(f"  {name:8}: {'; '.join(cells)}; peak at 2N / peak at N = {ratios}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--distinct", type=int, default=200)
    parser.add_argument("--game-megabytes", type=float, default=10.0)
    parser.add_argument("--formats", default="text,json,sarif,github,junit")
    parser.add_argument(
        "--game-shapes", default=",".join(GAME_SHAPES), help="the long game's shapes, by name"
    )
    parser.add_argument("--keep", type=Path, help="write the files here and use them again")
    parser.add_argument("--shapes", action="store_true", help="records of one shape each")
    parser.add_argument("--shape-megabytes", type=float, default=1.0)
    parser.add_argument("--reports", action="store_true", help="ledger and dispute")
    parser.add_argument("--report-kib", default="64,128,256")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) if args.keep is None else args.keep
        folder.mkdir(parents=True, exist_ok=True)
        if args.shapes:
            _shapes(folder, args.shape_megabytes)
            return 0
        if args.reports:
            _reports(folder, [int(k) for k in args.report_kib.split(",")])
            return 0
        formats = args.formats.split(",")
        if args.megabytes > 0:
            _many_games_figures(folder, args.megabytes, args.distinct, formats)
        if args.game_megabytes > 0:
            shapes = args.game_shapes.split(",")
            _long_game_figures(folder, args.game_megabytes, formats, shapes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
