"""Rule coverage: which RULES-MATRIX rules and CF items have at least one passing scenario.

A rule is *covered* when a passing scenario lists it under `rules:`, *failing* when it is listed
only by failing scenarios, *listed, not enforced* when the rules documentation names it in its
"not enforced" section (and no passing scenario covers it), and *uncovered* otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .model import RuleCatalogue, rule_catalogue
from .runner import Result

_ID = re.compile(r"\b(?:CF|[A-Z]{2,6})-\d{2}\b")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_NOT_ENFORCED = re.compile(r"\bnot\b(?:\s+\w+)?\s+enforced\b", re.IGNORECASE)


@dataclass(slots=True)
class Coverage:
    """Coverage of the catalogue by a set of scenario results."""

    catalogue: RuleCatalogue
    passing: dict[str, list[str]] = field(default_factory=dict)  # id -> passing scenarios
    failing: dict[str, list[str]] = field(default_factory=dict)  # id -> failing scenarios
    not_enforced: set[str] = field(default_factory=set)

    def status(self, key: str) -> str:
        """covered | failing | not enforced | none."""
        if key in self.passing:
            return "covered"
        if key in self.failing:
            return "failing"
        if key in self.not_enforced:
            return "not enforced"
        return "none"

    def covered(self, keys: Iterable[str]) -> list[str]:
        return [k for k in keys if k in self.passing]

    def totals(self) -> str:
        """`rules 17/133, conflicts 4/57`: IDs with at least one passing scenario."""
        rules = self.catalogue.rules
        conflicts = self.catalogue.conflicts
        return (
            f"rules {len(self.covered(rules))}/{len(rules)}, "
            f"conflicts {len(self.covered(conflicts))}/{len(conflicts)}"
        )

    def groups(self) -> dict[str, list[str]]:
        """IDs by topic prefix (SET, TURN, …, CF), in the matrix's order."""
        out: dict[str, list[str]] = {}
        for key in [*self.catalogue.rules, *self.catalogue.conflicts]:
            out.setdefault(key.rsplit("-", 1)[0], []).append(key)
        return out


def compute(
    results: Iterable[Result],
    not_enforced: Iterable[str] = (),
    catalogue: RuleCatalogue | None = None,
) -> Coverage:
    """Coverage from scenario results and the IDs listed as not enforced."""
    cov = Coverage(catalogue or rule_catalogue())
    for result in results:
        table = cov.passing if result.passed else cov.failing
        for key in result.scenario.rules:
            table.setdefault(key, []).append(result.scenario.name)
    cov.not_enforced = {k for k in not_enforced if k in cov.catalogue}
    return cov


def not_enforced_ids(path: str | Path) -> set[str] | None:
    """IDs named in the "not enforced" section of the rules documentation (Markdown).

    The section runs from a heading that says "not enforced" (or "not yet enforced") to the
    next heading of the same or a higher level. None when the file does not exist.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found: set[str] = set()
    level: int | None = None
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            depth = len(m[1])
            if level is not None and depth <= level:
                level = None
            if level is None and _NOT_ENFORCED.search(m[2]):
                level = depth
            continue
        if level is not None:
            found.update(_ID.findall(line))
    return found
