"""GNOME games through the audit: which findings an engine's own games draw, and how often.

    python benchmarks/gnome_bench.py [--games 40] [--seed 1] [--logs DIR] [--keep DIR]

Plays `--games` seeded GNOME games (seeds S, S+1, ...) with examples/gnome/generate.py when the
GNOME simulator is installed (monopoly-simulator-test 0.0.9, see examples/gnome/README.md), or
reads every `*.log` of `--logs DIR`; converts each log with examples/gnome/convert.py and audits
the streams with `monolog audit --format jsonl`. Prints one row per finding code: the count, the
games it shows in, the count per game (W001 per game in particular), and the first place it shows
(stream file and line). Asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "gnome"


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"gnome_{name}", EXAMPLE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _logs(args: argparse.Namespace, work: Path) -> list[Path]:
    if args.logs is not None:
        return sorted(args.logs.glob("*.log"))
    if importlib.util.find_spec("monopoly_simulator") is None:
        raise SystemExit(
            "GNOME is not installed (examples/gnome/README.md says how); or give --logs DIR"
        )
    generate = _load("generate")
    return [generate.play(seed, work) for seed in range(args.seed, args.seed + args.games)]


def _audit(streams: list[Path]) -> list[dict[str, Any]]:
    """Every row of the audit's JSON Lines: the findings, then each game's row."""
    run = subprocess.run(
        [sys.executable, "-m", "monolog", "audit", "--isolated", "--exit-zero", "--format", "jsonl"]
        + [str(stream) for stream in streams],
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise SystemExit(f"monolog audit failed ({run.returncode}):\n{run.stderr}")
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def _declared(rows: list[dict[str, Any]]) -> list[str]:
    """What GNOME's profile declares, each point with the times the games played it and the
    games that played it (the `declared` of each game's row)."""
    times: Counter[tuple[str, str]] = Counter()
    games: Counter[tuple[str, str]] = Counter()
    for row in rows:
        for point in row.get("declared") or ():
            key = (point["cf"], point["reading"])
            times[key] += point["count"]
            games[key] += 1 if point["count"] else 0
    return [
        f"{cf} {reading}: {times[cf, reading]} times in {games[cf, reading]} games"
        for cf, reading in times
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", type=Path, help="a folder of GNOME logs (else play the games)")
    parser.add_argument("--keep", type=Path, help="keep the streams in this folder")
    args = parser.parse_args(argv)
    convert = _load("convert")
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        out = args.keep or work / "streams"
        out.mkdir(parents=True, exist_ok=True)
        convert.write_profile(out)  # GNOME's profile, which the streams' Edition tag names
        streams = []
        for log in _logs(args, work):
            with log.open(encoding="utf-8") as source:
                text = "\n".join(convert.convert(source)) + "\n"
            stream = out / (log.stem + ".jsonl")
            stream.write_text(text, encoding="utf-8")
            streams.append(stream)
        rows = _audit(streams)
    findings = [row for row in rows if row.get("kind") == "finding"]
    games = len(streams)
    counts = Counter(row["code"] for row in findings)
    spread = {
        code: len({row["file"] for row in findings if row["code"] == code}) for code in counts
    }
    first: dict[str, str] = {}
    for row in findings:
        first.setdefault(row["code"], f"{Path(row['file']).name}:{row['line']}")
    print(f"{games} games, {len(findings)} findings, {len(findings) / games:.1f} per game")
    print(f"{'code':6} {'count':>6} {'games':>6} {'per game':>9}  first")
    for code, count in counts.most_common():
        print(f"{code:6} {count:6} {spread[code]:6} {count / games:9.2f}  {first[code]}")
    print(f"W001 per game: {counts.get('W001', 0) / games:.2f}")
    print("declared by GNOME's profile, counted (I002), not reported at each place:")
    for line in _declared([row for row in rows if row.get("kind") == "game"]):
        print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
