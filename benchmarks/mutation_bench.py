"""Mutation detection rate: how often the audit names a known mistake written into a legal game.

    python benchmarks/mutation_bench.py [--games 1000] [--seed 1] [--per-game 3] [--players 4]
                                        [--edition us-2018] [--show 5]

Generates `--games` simulated games (monolog.simulate; 1,000 by default) and adds the records in
scenarios/games/ (where monolog.simulate is missing, those records alone are used, in turn). A
simulated game with an odd seed is cut before the turn in which a player first leaves
(monolog.testing.base.before_first_exit): a whole game ends when all but one player have left,
so every payment between two players there involves one who leaves later, and the kinds that
change such a payment (a wrong rent, rent paid to the wrong player) would find no spot in it. A
game is audited as it stands first: every error finding there is a false positive (the simulator
plays legally), counted by code. The legal part of the game (see
monolog.testing.base.legal_prefix) is then mutated `--per-game` times, each time by a mutation
kind drawn at random among those that find a spot in it, and audited again.

For each kind it prints how many mutations were tried and how they fared:
  exact     the expected code on the mutated line and nothing else new (the test's standard);
  found     the expected code on the mutated line, but something else new as well;
  wrong     other codes on the mutated line, not the expected one;
  missed    nothing new on the mutated line.
  >1        how many added more than one finding that is not info (examples under "more than
            one", with the codes and lines added).
Then the overall rates, the follow-on findings (how many findings that are not info each
mutation adds: one mistake should give one finding, the replay following the record after it),
the false positives, and up to `--show` examples of each failure.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# the mutation and audit helpers live with the tests (tests/testkit), not in the package
sys.path.insert(0, str(ROOT / "tests"))

from testkit.base import audit_text, before_first_exit, legal_prefix  # noqa: E402
from testkit.mutate import OPERATORS, Mutation, judge, kinds, mutate  # noqa: E402

from monolog.findings.model import Finding, Severity  # noqa: E402


def _games(count: int, seed: int, players: int, edition: str) -> list[tuple[str, str]]:
    try:
        from monolog.simulate import simulate
    except ImportError:
        simulate = None  # type: ignore[assignment]
    if simulate is None:
        stored = sorted((ROOT / "scenarios" / "games").glob("*.mlog"))
        print(f"monolog.simulate is not available: using the {len(stored)} stored games")
        texts = [(p.stem, p.read_text(encoding="utf-8")) for p in stored]
        return [texts[i % len(texts)] for i in range(count)] if texts else []
    stored = [
        (p.stem, p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "scenarios" / "games").glob("*.mlog"))
    ]
    out = list(stored)
    for s in range(seed, seed + count):
        text = simulate(edition, players=players, seed=s).text
        cut = before_first_exit(text) if s % 2 else None
        if cut is None:
            out.append((f"seed {s}", text))
        else:
            out.append((f"seed {s} (cut at line {cut[1]}, before the first exit)", cut[0]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-game", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--edition", default="us-2018")
    ap.add_argument("--show", type=int, default=5, help="examples shown of each failure kind")
    args = ap.parse_args(argv)

    rng = random.Random(args.seed)
    start = time.perf_counter()
    games = _games(args.games, args.seed, args.players, args.edition)
    made = time.perf_counter() - start

    tally: dict[str, Counter[str]] = defaultdict(Counter)
    offered: Counter[str] = Counter()
    false_positive: Counter[str] = Counter()
    fp_games = 0
    cut = 0
    unusable = 0
    examples: dict[str, list[str]] = defaultdict(list)
    names = kinds()
    new_errors: list[int] = []  # per mutation, the findings it adds that are not info
    for label, text in games:
        errors = [f for f in audit_text(text, label) if f.severity == Severity.ERROR]
        if errors:
            fp_games += 1
            false_positive.update(f.code for f in errors)
            if len(examples["false positive"]) < args.show:
                f = errors[0]
                examples["false positive"].append(f"{label}: {f.code}@{f.span.line} {f.message}")
        legal, note = legal_prefix(text)
        if legal is None:
            unusable += 1
            continue
        if note is not None:
            cut += 1
        base = audit_text(legal, label)
        order = list(names)
        rng.shuffle(order)
        done = 0
        for kind in order:
            if done == args.per_game:
                break
            m = mutate(kind, legal, random.Random(rng.random()))
            if m is None:
                continue
            offered[kind] += 1
            done += 1
            mutant = audit_text(m.text, label)
            v = judge(m, base, mutant)
            added = _added(m, base, mutant)
            new_errors.append(sum(added.values()))
            if sum(added.values()) > 1:
                tally[kind]["more"] += 1
                if len(examples[f"{kind} more than one"]) < args.show:
                    codes = ", ".join(f"{c}@{line}" for (c, line) in sorted(added.elements()))
                    examples[f"{kind} more than one"].append(f"{label}: {m.note}: {codes}")
            if v.exact:
                outcome = "exact"
            elif v.detected:
                outcome = "found"
            elif v.on_line:
                outcome = "wrong"
            else:
                outcome = "missed"
            tally[kind][outcome] += 1
            if outcome != "exact" and len(examples[f"{kind} {outcome}"]) < args.show:
                examples[f"{kind} {outcome}"].append(f"{label}: {m.note}: {v.describe()}")
    elapsed = time.perf_counter() - start

    print(
        f"{len(games)} games ({made:.1f}s to make), {cut} cut before a first error, "
        f"{unusable} with no legal part; {elapsed:.1f}s in all"
    )
    print()
    print(
        f"{'kind':28} {'code':5} {'tried':>6} {'exact':>6} {'found':>6} {'wrong':>6} "
        f"{'missed':>6} {'detect%':>8} {'exact%':>7} {'>1':>5}"
    )
    totals: Counter[str] = Counter()
    for kind in names:
        t = tally[kind]
        tried = sum(n for k, n in t.items() if k != "more")
        totals.update(t)
        if not tried:
            print(f"{kind:28} {OPERATORS[kind].code:5} {0:>6}   (no spot in these games)")
            continue
        detected = t["exact"] + t["found"]
        print(
            f"{kind:28} {OPERATORS[kind].code:5} {tried:>6} {t['exact']:>6} {t['found']:>6} "
            f"{t['wrong']:>6} {t['missed']:>6} {100 * detected / tried:>7.1f}% "
            f"{100 * t['exact'] / tried:>6.1f}% {t['more']:>5}"
        )
    tried = sum(n for k, n in totals.items() if k != "more")
    if tried:
        detected = totals["exact"] + totals["found"]
        print()
        print(
            f"overall: {tried} mutations of {len([k for k in names if tally[k]])} kinds, "
            f"detected {detected} ({100 * detected / tried:.1f}%), exact {totals['exact']} "
            f"({100 * totals['exact'] / tried:.1f}%), wrong code {totals['wrong']}, "
            f"missed {totals['missed']}"
        )
    if new_errors:
        one = sum(1 for n in new_errors if n == 1)
        ranked = sorted(new_errors)
        p95 = ranked[min(len(ranked) - 1, int(0.95 * len(ranked)))]
        print(
            f"follow-on: findings added per mutation, info excluded: median "
            f"{median(new_errors):g}, 95th percentile {p95}, max {ranked[-1]}; exactly one in "
            f"{one} of {len(new_errors)} ({100 * one / len(new_errors):.1f}%), none in "
            f"{ranked.count(0)}, more than one in {sum(1 for n in ranked if n > 1)}"
        )
    print(
        f"false positives (error findings on unmutated games): {sum(false_positive.values())} "
        f"in {fp_games} of {len(games)} games"
        + (f": {dict(false_positive.most_common())}" if false_positive else "")
    )
    for key in sorted(examples):
        print()
        print(f"{key}:")
        for line in examples[key]:
            print(f"  {line}")
    return 0


def _added(m: Mutation, base: list[Finding], mutant: list[Finding]) -> Counter[tuple[str, int]]:
    """The findings that are not info the mutated record has beyond its base, by code and line
    (the base's lines mapped as `judge` maps them)."""
    info = Severity.INFO
    before = Counter((f.code, m.base_line(f.span.line)) for f in base if f.severity != info)
    after = Counter((f.code, f.span.line) for f in mutant if f.severity != info)
    return after - before


if __name__ == "__main__":
    raise SystemExit(main())
