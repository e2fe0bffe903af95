"""Whether the audit of a mutated record caught its mistake, and nothing else (see the package's
docstring).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from monolog.findings.model import Finding

from .model import Mutation

# ambiguity notes whose arising depends on a player's cash alone (CF-11: the salary collected on
# the way counted towards the deed reached; CF-37: a creditor short of the 10% on inherited
# mortgages); a change of cash may raise or remove them
CASH_RULINGS = frozenset({"A11", "A37"})


@dataclass(frozen=True, slots=True)
class Verdict:
    detected: bool  # the expected code on the expected line
    on_line: tuple[str, ...]  # every new code on the expected line
    extra: tuple[Finding, ...]  # new findings that are not allowed
    lost: tuple[tuple[str, int], ...]  # base findings gone from lines not edited

    @property
    def exact(self) -> bool:
        return self.detected and not self.extra and not self.lost

    def describe(self) -> str:
        parts = [f"expected found: {self.detected}", f"new on line: {list(self.on_line)}"]
        if self.extra:
            parts.append(
                "extra: " + "; ".join(f"{f.code}@{f.span.line} {f.message}" for f in self.extra)
            )
        if self.lost:
            parts.append(f"lost: {list(self.lost)}")
        return ", ".join(parts)


def judge(m: Mutation, base: list[Finding], mutant: list[Finding]) -> Verdict:
    """Compare the audit of a mutated record with the audit of its base (see module doc)."""
    before = Counter((f.code, m.base_line(f.span.line)) for f in base)
    after = Counter((f.code, f.span.line) for f in mutant)
    new = after - before
    lost = before - after
    detected = new[(m.code, m.line)] > 0
    on_line = tuple(sorted(c for (c, ln), n in new.items() if ln == m.line for _ in range(n)))
    allowed = Counter({(m.code, m.line): 1, **{w: 1 for w in m.warns}})
    leftover = new - allowed
    extra: list[Finding] = []
    taken: Counter[tuple[str, int]] = Counter()
    for f in mutant:
        key = (f.code, f.span.line)
        if taken[key] >= leftover[key]:
            continue
        taken[key] += 1
        if m.cash and (f.code == "W001" or f.code in CASH_RULINGS):
            continue
        extra.append(f)
    gone = tuple(
        sorted(
            (c, ln)
            for (c, ln), n in lost.items()
            if ln not in m.changed and not (m.cash and c in CASH_RULINGS)
            for _ in range(n)
        )
    )
    return Verdict(detected, on_line, tuple(extra), gone)
