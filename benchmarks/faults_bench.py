"""Engine faults: how the audit reports a game played by a buggy engine.

    python benchmarks/faults_bench.py [--games 100] [--seed 1] [--players 4]
                                      [--edition us-2018] [--kinds all] [--show 3] [--jackpot]

For each fault kind (monolog/simulate/faults.py), plays `--games` simulated games with that
fault (seeds S, S+1, ...; the same seeds for every kind) and audits each record. The simulator
writes every player's cash and square and the bank's buildings every round and marks each place
a fault shows with a comment the audit ignores (`{fault: KIND}`), so the benchmark knows each
fault's line. Per kind it prints:

  games     games played, and in how many the fault showed at least once
  faults    faults that showed (a kind may show several times in one game)
  at line   the share of faults with a finding of the kind's code on the fault's own line
            (target 100%)
  W001/g    cash checksum warnings per game (target <= 0.1: the replay follows the record)
  W015-7/g  the other counts' warnings per game: a token's square (W015) and the bank's
            buildings (W016), also written every round, and with `--jackpot` (the house rule
            free-parking-jackpot played) the Free Parking pool (W017)
  per fault findings that are not info from a fault's line up to the next fault's line (the
            findings of a stretch shared among the faults on its first line; a finding that
            only follows from an earlier one, folded into it, is not counted): median and 95th
            percentile (target: median 1, p95 <= 2)
  before    findings that are not info before the first fault (false positives)

Then the same seeds played with no fault (every round counted too): findings that are not info
there are false positives of the audit or of the simulator. Up to `--show` examples of each
failure follow. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# the mutation and audit helpers live with the tests (tests/testkit), not in the package
sys.path.insert(0, str(ROOT / "tests"))

from testkit.base import audit_text  # noqa: E402

from monolog.findings.model import Finding, Severity  # noqa: E402
from monolog.simulate import simulate  # noqa: E402
from monolog.simulate.faults import KINDS, Injected, parse_kinds  # noqa: E402


def judge(faults: list[Injected], findings: list[Finding]) -> tuple[list[bool], list[float], int]:
    """For each fault, whether a finding of its kind's code is on its line; for each fault,
    its share of the findings that are not info in its stretch; findings before the first."""
    found = [
        any(f.span.line == x.line and f.code in KINDS[x.kind].codes for f in findings)
        for x in faults
    ]
    # findings that are not info, and a fault's own finding where it is info (a ruling)
    own = {(x.line, code) for x in faults for code in KINDS[x.kind].codes}
    # a finding folded into an earlier one (`caused_by`) is not counted: text prints only its root
    counted = [
        f
        for f in findings
        if f.caused_by is None and (f.severity != Severity.INFO or (f.span.line, f.code) in own)
    ]
    lines = sorted({x.line for x in faults})
    before = sum(1 for f in counted if f.span.line < lines[0]) if lines else len(counted)
    share: list[float] = []
    for i, line in enumerate(lines):
        end = lines[i + 1] if i + 1 < len(lines) else float("inf")
        here = sum(1 for f in counted if line <= f.span.line < end)
        n = sum(1 for x in faults if x.line == line)
        share.extend([here / n] * n)
    return found, share, before


def p95(values: list[float]) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, int(0.95 * len(ranked)))] if ranked else 0.0


def describe(f: Finding) -> str:
    return f"{f.code}@{f.span.line} {f.message[:150]}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per kind (500 for the target)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--edition", default="us-2018")
    ap.add_argument("--kinds", default="all", help="KIND[,KIND...] or all")
    ap.add_argument("--show", type=int, default=3, help="examples shown of each failure")
    ap.add_argument(
        "--jackpot",
        action="store_true",
        help="play the house rule free-parking-jackpot, its pool counted every round (=pot N)",
    )
    args = ap.parse_args(argv)
    house_rules = ["free-parking-jackpot"] if args.jackpot else []
    kinds = parse_kinds(args.kinds)
    seeds = range(args.seed, args.seed + args.games)
    start = time.perf_counter()
    examples: dict[str, list[str]] = defaultdict(list)

    print(
        f"{args.games} games per kind, seeds {args.seed}..{args.seed + args.games - 1}, "
        f"{args.players} players, {args.edition}"
        + (", house rule free-parking-jackpot" if args.jackpot else "")
    )
    print()
    print(
        f"{'kind':24} {'code':9} {'shown':>5} {'faults':>6} {'at line':>8} {'W001/g':>7} "
        f"{'W015-7/g':>8} "
        f"{'median':>6} {'p95':>5} {'max':>5} {'before':>6}"
    )
    total_found = total_faults = 0
    for kind in kinds:
        shown = faults_n = at_line = w001 = counts = before_n = 0
        shares: list[float] = []
        wrong: Counter[str] = Counter()
        for seed in seeds:
            game = simulate(
                args.edition, args.players, seed, faults=[kind], house_rules=house_rules
            )
            findings = audit_text(game.text, f"{kind}-{seed}.mlog")
            w001 += sum(1 for f in findings if f.code == "W001")
            counts += sum(1 for f in findings if f.code in ("W015", "W016", "W017"))
            if not game.faults:
                continue
            shown += 1
            found, share, before = judge(game.faults, findings)
            faults_n += len(found)
            at_line += sum(found)
            shares.extend(share)
            before_n += before
            for x, ok in zip(game.faults, found, strict=True):
                if ok:
                    continue
                codes = sorted({f.code for f in findings if f.span.line == x.line})
                wrong[",".join(codes) or "none"] += 1
                if len(examples[f"{kind}: not found at its line"]) < args.show:
                    near = [f for f in findings if x.line <= f.span.line][:3]
                    examples[f"{kind}: not found at its line"].append(
                        f"seed {seed} line {x.line}: "
                        + ("; ".join(describe(f) for f in near) or "no finding after it")
                    )
            if share and max(share) > 2 and len(examples[f"{kind}: more than 2"]) < args.show:
                bad = [f for f in findings if f.severity != Severity.INFO and not f.caused_by][:4]
                examples[f"{kind}: more than 2"].append(
                    f"seed {seed}: {len(bad)}+ findings: " + "; ".join(describe(f) for f in bad)
                )
        total_found += at_line
        total_faults += faults_n
        rate = f"{100 * at_line / faults_n:7.1f}%" if faults_n else "      -"
        codes = "/".join(KINDS[kind].codes)
        print(
            f"{kind:24} {codes:9} {shown:>5} {faults_n:>6} {rate:>8} {w001 / len(seeds):>7.2f} "
            f"{counts / len(seeds):>8.2f} "
            f"{median(shares) if shares else 0:>6.1f} {p95(shares):>5.1f} "
            f"{max(shares) if shares else 0:>5.1f} {before_n:>6}"
            + (f"  on the line instead: {dict(wrong.most_common(3))}" if wrong else "")
        )
    if total_faults:
        print()
        print(
            f"overall: {total_found} of {total_faults} faults reported at their line with "
            f"their code ({100 * total_found / total_faults:.1f}%)"
        )
    fp: Counter[str] = Counter()
    fp_games = 0
    for seed in seeds:
        text = simulate(
            args.edition, args.players, seed, faults=[], every_round=True, house_rules=house_rules
        ).text
        bad = [f for f in audit_text(text, f"clean-{seed}.mlog") if f.severity != Severity.INFO]
        if bad:
            fp_games += 1
            fp.update(f.code for f in bad)
            if len(examples["no fault: false positive"]) < args.show:
                examples["no fault: false positive"].append(f"seed {seed}: {describe(bad[0])}")
    print(
        f"no fault, every round counted: {sum(fp.values())} findings that are not info in "
        f"{fp_games} of {len(seeds)} games" + (f": {dict(fp.most_common())}" if fp else "")
    )
    print(f"{time.perf_counter() - start:.0f}s in all")
    for key in sorted(examples):
        print()
        print(f"{key}:")
        for line in examples[key]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
