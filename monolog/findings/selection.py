"""Which findings a run reports: `--select` and `--ignore` codes or prefixes, and `--quiet`.

As in ruff, each finding code is matched against every selected and every ignored code or
prefix (`M`, `M3`, `M301`); the longest match decides, so `--ignore M --select M301` keeps
M301 alone of the M-codes. With nothing selected every code is. Under `--quiet` the findings
of severity info are left out too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .model import Finding, Severity
from .store import FindingStore

_PREFIX = re.compile(r"^[PMAWI]\d{0,3}$")


class SelectionError(ValueError):
    """A code or prefix that matches no finding code; the message says which."""


def read_codes(
    values: Iterable[str],
    option: str,
    known: Sequence[str],
    renamed: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """`["M3,W101", "a"]` -> `("M3", "W101", "A")`, each checked against the `known` codes;
    a code that was `renamed` (old -> new) is read as its new one."""
    out: list[str] = []
    for value in values:
        for part in value.split(","):
            code = part.strip().upper()
            code = (renamed or {}).get(code, code)
            if not code:
                continue
            if not _PREFIX.match(code) or not any(k.startswith(code) for k in known):
                raise SelectionError(
                    f"{option} {part.strip()!r}: no finding code is or starts with it "
                    "(codes are P, M, A, W or I and digits, e.g. M301, A, W1)"
                )
            out.append(code)
    return tuple(out)


@dataclass(frozen=True)
class Selection:
    """The codes a run reports."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    quiet: bool = False

    def everything(self) -> bool:
        return not self.select and not self.ignore and not self.quiet

    def keeps(self, finding: Finding) -> bool:
        if self.quiet and finding.severity is Severity.INFO:
            return False
        code = finding.code
        chosen = max((len(p) for p in self.select if code.startswith(p)), default=-1)
        dropped = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        if dropped > chosen:
            return False
        return chosen >= 0 or not self.select

    def apply(self, findings: Sequence[Finding]) -> Sequence[Finding]:
        if self.everything():
            return findings
        if isinstance(findings, FindingStore):  # a long game's, kept packed
            return findings.kept(self.keeps)
        return [f for f in findings if self.keeps(f)]
