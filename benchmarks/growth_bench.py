"""How audit time grows on the shapes that were quadratic, as a ratio: time at 2N / time at N.

    python benchmarks/growth_bench.py [--n 10000] [--runs 3]

- many findings on one line: one source line holding an auction of N bids that go down, each
  bid that does not beat the one before a finding, rendered as text (the line used to be made
  printable and tab-expanded again for every finding: 224 KB with thousands of findings took
  17.9 s);
- many debts on one turn: a player short of cash who wins N houses at auction on one turn and
  then goes bankrupt (the bankruptcy looked each debt's payment up by scanning the whole ledger:
  10,000 debts took 25 s);
- many debts on one turn, with rent paid between them: the same, each house won followed by a
  rent Cal pays Ben (a movement to a player in credit rebuilt the list of open debts to look
  for one to close: 20,000 took 2.77x the time of 10,000), audited as is and under
  --paranoid (the stock check counted the houses won and not placed after every event:
  10,000 took 2.4x the time of 5,000);
- a long game under --paranoid: N turns of bare rolls by two players, the state invariants
  checked after every event (the money check added up the whole ledger each time: 10,000
  turns took 2.1 s of CPU, 5,000 turns 0.9 s).

Each size is audited end to end (read, parse, replay, text rendering to an in-memory stream)
`--runs` times in this process, the cyclic collector paused as `monolog audit` pauses it while
it audits a record; the best CPU time is kept. Linear growth gives a ratio near 2;
the target is at most 2.2. The script prints the figures and whether the target is met; it
asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import sys
import tempfile
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

TARGET = 2.2


def findings_on_one_line(n: int) -> str:
    # an auction whose bids go down: each bid that does not beat the one before is a finding
    bids = ", ".join(f"{('Ann', 'Ben')[i % 2]} {n + 10 - i}" for i in range(n))
    turn = f"1. Ann 3-4 Oriental Avenue decline auction bids {bids} sold Ann 10"
    return f'[Players "Ann, Ben"]\n{turn}\n'


def debts_on_one_turn(n: int) -> str:
    lines = [
        '[Players "Ann, Ben, Cal"]',
        "setup Ben owns Electric Company",
        "setup Cal cash 5 at Jail",
        f"setup bank houses {n + 100}",
        "setup next Cal",
        "1. Cal 1-1 Electric Company rent 8",
    ]
    # each house Cal wins at auction with no cash left is a debt to the bank
    lines += ["auction house bids Cal 10 sold Cal 10"] * n
    lines.append("bankrupt")
    return "\n".join(lines) + "\n"


def debts_paid_between(n: int) -> str:
    lines = debts_on_one_turn(n).splitlines()
    # each house won then a rent to Ben, who is in credit: n lines in all, as above
    lines[6:-1] = ["auction house bids Cal 10 sold Cal 10", "rent 8"] * (n // 2)
    return "\n".join(lines) + "\n"


def long_game(n: int) -> str:
    # two players rolling, never a double, for n turns: the ledger grows with every Go passed
    rng = random.Random(1)
    lines = ['[Event "A long game"]', '[Players "Ann, Ben"]', ""]
    for turn in range(1, n + 1):
        first = rng.randint(1, 6)
        second = rng.choice([d for d in range(1, 7) if d != first])
        lines.append(f"{turn}. {('Ann', 'Ben')[turn % 2 == 0]} {first}-{second}")
    return "\n".join(lines) + "\n"


def _cpu() -> float:
    t = os.times()
    return t.user + t.system


def audit_seconds(path: Path, runs: int, paranoid: bool = False) -> tuple[float, int]:
    """Best CPU seconds of a whole text audit of `path`, and the number of findings."""
    from monolog.commands.audit import audit_file
    from monolog.findings.render import TextOutput

    best = float("inf")
    count = 0
    for _ in range(runs):
        sink = io.StringIO()
        gc.collect()
        gc.disable()  # as `monolog audit` does while it audits a record (commands/audit_batch.py)
        try:
            with redirect_stdout(sink):
                start = _cpu()
                report, _ = audit_file(str(path), paranoid=paranoid)
                TextOutput().game(report)
                best = min(best, _cpu() - start)
        finally:
            gc.enable()
        count = len(report.findings)
    return best, count


def growth(
    name: str,
    make: Callable[[int], str],
    n: int,
    runs: int,
    folder: Path,
    paranoid: bool = False,
) -> float:
    times = []
    for size in (n, 2 * n):
        path = folder / f"{name}-{size}.mlog"
        path.write_text(make(size), encoding="utf-8")
        seconds, found = audit_seconds(path, runs, paranoid)
        times.append(seconds)
        kb = path.stat().st_size / 1024
        print(f"  N={size:>7,}: {seconds:7.3f} s CPU  ({kb:,.0f} KB, {found:,} findings)")
    ratio = times[1] / times[0] if times[0] else float("inf")
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"  growth ratio t(2N)/t(N) = {ratio:.2f}  (target <= {TARGET}: {verdict})")
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="the smaller size N")
    parser.add_argument("--runs", type=int, default=3, help="runs per size (best kept)")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        runs = args.runs
        print(f"many findings on one line (an auction of N falling bids), best of {runs}:")
        growth("findings", findings_on_one_line, args.n, args.runs, folder)
        print(f"many debts on one turn (N houses won at auction, then bankrupt), best of {runs}:")
        growth("debts", debts_on_one_turn, args.n, args.runs, folder)
        print(f"many debts on one turn, a rent to Ben after each, best of {runs}:")
        growth("between", debts_paid_between, args.n, args.runs, folder)
        print(f"the same under --paranoid, best of {runs}:")
        growth("between", debts_paid_between, args.n, args.runs, folder, paranoid=True)
        print(f"a long game under --paranoid (N turns of bare rolls), best of {runs}:")
        growth("paranoid", long_game, args.n, args.runs, folder, paranoid=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
