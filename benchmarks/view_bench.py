"""The viewer's page: its size, and the time to write it against one audit of the same record.

    python benchmarks/view_bench.py [--turns 150,1000] [--seed 3] [--repeat 3]

Each game is simulated by `monolog simulate`'s bots (its Python API: four players, and bots that
spend nothing on buildings, so that nobody goes bankrupt early and the game runs its N turns)
into a temporary folder. Then, in this process, each figure the
best of `--repeat` runs, in CPU seconds of this process (wall seconds beside):

- **view**: `monolog view`'s work, read, parse and replay the record keeping the table after
  every event, work out the page (states per line, ledger, charts, settlement, the other
  readings of any disputed ruling) and write the HTML file;
- **audit**: `monolog audit`'s work on the same file (read, parse, replay, findings).

Targets: at most 2 MB of HTML for a 1,000-turn game, and writing the page in at most 3x the time
of the audit.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def simulate(turns: int, seed: int, folder: Path) -> Path:
    from monolog.simulate import Settings
    from monolog.simulate import simulate as play

    game = play("us-2018", 4, seed, turns=turns, settings=Settings(build=0.0))
    out = folder / f"sim-{turns}.mlog"
    out.write_text(game.text, encoding="utf-8", newline="\n")
    return out


def best(repeat: int, work: Callable[[], object]) -> tuple[float, float]:
    """The least CPU and wall time of `repeat` runs of `work`."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        work()
        cpu = min(cpu, time.process_time() - c)
        wall = min(wall, time.perf_counter() - w)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", default="150,1000")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from monolog.commands.audit import audit_file
    from monolog.reports.game import load_game
    from monolog.reports.view import render_page

    print("game                lines  turns  HTML bytes  view cpu s  audit cpu s  ratio  (wall)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for turns in (int(t) for t in args.turns.split(",")):
            record = simulate(turns, args.seed, folder)
            page = folder / f"sim-{turns}.html"

            def view(record: Path = record, page: Path = page) -> None:
                html = render_page(load_game(str(record), per_line=True))
                page.write_text(html, encoding="utf-8", newline="\n")

            def audit(record: Path = record) -> None:
                audit_file(str(record))

            view()  # the first run loads the modules and the caches: not counted
            audit()
            view_cpu, view_wall = best(args.repeat, view)
            audit_cpu, audit_wall = best(args.repeat, audit)
            game = load_game(str(record))
            size = page.stat().st_size
            print(
                f"{turns:>5}-turn sim  {len(game.lines):>9,}  {game.last_turn():>5}  "
                f"{size:>10,}  {view_cpu:>10.3f}  {audit_cpu:>11.3f}  "
                f"{view_cpu / audit_cpu:>5.2f}  ({view_wall:.3f} / {audit_wall:.3f} s, "
                f"{view_wall / audit_wall:.2f})"
            )
    print("targets: at most 2,000,000 bytes for 1,000 turns; view at most 3x the audit")


if __name__ == "__main__":
    main()
