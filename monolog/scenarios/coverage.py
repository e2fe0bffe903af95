"""Rule coverage: which RULES-MATRIX rules and CF items have passing scenarios, edition by edition.

A rule must be covered under every edition whose text states it (the matrix says SAME or DIFFERS
for that text), and a CF item under every edition where it arises (rule_ids.yaml, `stated:` and
`arises:`). For each such edition the pair (rule, edition) is *covered* when a passing scenario
replayed under that edition lists the rule under `rules:`, *failing* when only failing scenarios
do, *listed* when the rules documentation names it in its "not enforced" section (for every
edition, or for the editions given in brackets after the ID), and *missing* otherwise. A listing
for every edition holds only while no passing scenario exercises the ID, under any edition: one
that does shows the engine applies the rule, so each edition it needs is then covered or missing,
never "not enforced", whichever scenario files a folder holds. A rule is
*accounted for* when none of its editions is missing or failing. One covered under some editions
and listed under the others (a point that cannot arise there) counts as covered, shown apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..files import read_regular
from ..findings.catalogue import LISTED_RE, load_catalogue, load_not_enforced
from ..findings.docs import covered_rules
from .model import RuleCatalogue, rule_catalogue
from .runner import Result

# `CF-21` or `CF-21 (us-2018, us-classic)`: an ID, optionally limited to some editions
_ID = re.compile(
    r"\b(?P<id>(?:CF|[A-Z]{2,6})-\d{2})\b(?:\s*\((?P<eds>[a-z0-9-]+(?:,\s*[a-z0-9-]+)*)\))?"
)
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_NOT_ENFORCED = re.compile(r"\bnot\b(?:\s+\w+)?\s+enforced\b", re.IGNORECASE)
_NO_REASON = re.compile(r"\bnot yet covered\b|\bno reason\b", re.IGNORECASE)

# the edition a record is replayed under when neither the scenario nor the record names one
DEFAULT_EDITION = "us-2018"
ALL = "*"  # listed as not enforced under every edition

Listed = Mapping[str, frozenset[str]]  # ID -> editions it is listed for ({"*"}: all of them)


@dataclass(slots=True)
class Coverage:
    """Coverage of the catalogue by a set of scenario results, per edition."""

    catalogue: RuleCatalogue
    # (id, edition) -> names of the passing / failing scenarios
    passing: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    failing: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    listed: dict[str, frozenset[str]] = field(default_factory=dict)
    # the IDs some passing scenario lists, under whichever edition
    exercised: set[str] = field(default_factory=set)

    def editions(self, key: str) -> list[str]:
        """The editions `key` must be covered under (never empty)."""
        return self.catalogue.editions(key) or [DEFAULT_EDITION]

    def pair_status(self, key: str, edition: str) -> str:
        """covered | failing | listed | missing."""
        if (key, edition) in self.passing:
            return "covered"
        if (key, edition) in self.failing:
            return "failing"
        eds = self.listed.get(key, frozenset())
        if edition in eds or (ALL in eds and key not in self.exercised):
            return "listed"
        return "missing"

    def status(self, key: str) -> str:
        """covered (every edition) | partly (covered under some editions, listed as not
        enforced under the others) | listed (listed under every edition) | failing | missing
        (some edition has neither a passing scenario nor a listing)."""
        states = {self.pair_status(key, e) for e in self.editions(key)}
        if "failing" in states:
            return "failing"
        if "missing" in states:
            return "missing"
        if "listed" not in states:
            return "covered"
        return "partly" if "covered" in states else "listed"

    def gaps(self, key: str) -> list[str]:
        """The editions under which `key` is missing or failing, e.g. ["uk-esl", "us-classic
        (failing)"]."""
        out: list[str] = []
        for edition in self.editions(key):
            state = self.pair_status(key, edition)
            if state == "missing":
                out.append(edition)
            elif state == "failing":
                out.append(f"{edition} (failing)")
        return out

    def pairs(self) -> tuple[int, int, int]:
        """(covered, listed, required) over every (ID, edition) pair the matrix asks for."""
        covered = listed = required = 0
        for key in [*self.catalogue.rules, *self.catalogue.conflicts]:
            for edition in self.editions(key):
                required += 1
                state = self.pair_status(key, edition)
                covered += state == "covered"
                listed += state == "listed"
        return covered, listed, required

    def covered(self, keys: Iterable[str]) -> list[str]:
        """The IDs of `keys` a passing scenario covers under every edition that states them."""
        return [k for k in keys if self.status(k) == "covered"]

    def partly(self, keys: Iterable[str]) -> list[str]:
        """The IDs of `keys` enforced and covered under some editions and listed as not
        enforced under the others (CF-58: no nearest-utility card in the UK decks)."""
        return [k for k in keys if self.status(k) == "partly"]

    def listed_ids(self, keys: Iterable[str]) -> list[str]:
        """The IDs of `keys` listed as not enforced under every edition that states them."""
        return [k for k in keys if self.status(k) == "listed"]

    def count(self, keys: Sequence[str]) -> str:
        """`120/133` of `keys` covered, with those enforced under some editions only shown apart
        among them and those listed as not enforced counted apart (`75/77 (4 under some editions
        only), 2 not enforced`): a listed ID is accounted for, not covered."""
        partly = len(self.partly(keys))
        some = f" ({partly} under some editions only)" if partly else ""
        listed = len(self.listed_ids(keys))
        apart = f", {listed} not enforced" if listed else ""
        return f"{len(self.covered(keys)) + partly}/{len(keys)}{some}{apart}"

    def totals(self) -> str:
        """`rules 126/133, 7 not enforced; conflicts 75/77, 2 not enforced`: IDs covered under
        every edition that states them; those listed as not enforced are counted apart."""
        rules = list(self.catalogue.rules)
        conflicts = list(self.catalogue.conflicts)
        return f"rules {self.count(rules)}; conflicts {self.count(conflicts)}"

    def groups(self) -> dict[str, list[str]]:
        """IDs by topic prefix (SET, TURN, …, CF), in the matrix's order."""
        out: dict[str, list[str]] = {}
        for key in [*self.catalogue.rules, *self.catalogue.conflicts]:
            out.setdefault(key.rsplit("-", 1)[0], []).append(key)
        return out


def compute(
    results: Iterable[Result],
    not_enforced: Listed | Iterable[str] = (),
    catalogue: RuleCatalogue | None = None,
) -> Coverage:
    """Coverage from scenario results and the IDs listed as not enforced (an iterable of IDs
    means every edition)."""
    cov = Coverage(catalogue or rule_catalogue())
    for result in results:
        table = cov.passing if result.passed else cov.failing
        edition = result.edition or result.scenario.edition or DEFAULT_EDITION
        for key in result.scenario.rules:
            table.setdefault((key, edition), []).append(result.scenario.name)
            if result.passed:
                cov.exercised.add(key)
    listed: Listed = (
        not_enforced
        if isinstance(not_enforced, Mapping)
        else {k: frozenset({ALL}) for k in not_enforced}
    )
    cov.listed = {k: frozenset(v) for k, v in listed.items() if k in cov.catalogue}
    return cov


def catalogue_not_enforced() -> dict[str, frozenset[str]]:
    """The IDs the finding catalogue lists as not enforced (not-enforced.yaml) and no finding
    code checks, each with the editions it is listed for: what the "not enforced" section of
    docs/rules.md says, read from the package itself, so it holds in any folder."""
    listed, _ = load_not_enforced()
    covered = covered_rules(load_catalogue())
    found: dict[str, set[str]] = {}
    for key in listed:
        m = LISTED_RE.match(key)
        eds = m["eds"] if m is not None else None
        # an entry for some editions stands beside the finding code that checks the others
        if m is None or (m["id"] in covered and not eds):
            continue
        found.setdefault(m["id"], set()).update(
            [e.strip() for e in eds.split(",")] if eds else [ALL]
        )
    return {k: frozenset(v) for k, v in found.items()}


def not_enforced_ids(path: str | Path) -> dict[str, frozenset[str]] | None:
    """IDs named in the "not enforced" section of the rules documentation (Markdown), each with
    the editions it is listed for: those in brackets after the ID (`CF-21 (us-2018)`), else all.

    The section runs from a heading that says "not enforced" (or "not yet enforced") to the
    next heading of the same or a higher level; a sub-heading that says "not yet covered" (IDs
    with no reason recorded) is skipped. Only the ID that opens a table row or a list item
    counts, not IDs cited in a reason. None when the file does not exist.
    """
    try:
        text = read_regular(path).decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    found: dict[str, set[str]] = {}
    level: int | None = None
    skip = False
    for line in text.splitlines():
        m = _HEADING.match(line)
        if m:
            depth = len(m[1])
            if level is not None and depth <= level:
                level = None
            if level is None and _NOT_ENFORCED.search(m[2]):
                level = depth
                skip = False
            elif level is not None:
                skip = bool(_NO_REASON.search(m[2]))
            continue
        if level is None or skip:
            continue
        stripped = line.strip()
        if stripped.startswith("|"):
            head = stripped.strip("|").split("|", 1)[0]
        elif stripped[:1] in ("-", "*") or stripped[:1].isdigit():
            head = stripped
        else:
            continue
        hit = _ID.search(head)
        if hit is not None:
            eds = hit["eds"]
            found.setdefault(hit["id"], set()).update(
                [e.strip() for e in eds.split(",")] if eds else [ALL]
            )
    return {k: frozenset(v) for k, v in found.items()}
