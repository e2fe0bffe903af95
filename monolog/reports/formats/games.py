"""What every CI format is made from: one `(file, header, findings)` per game audited."""

from __future__ import annotations

from collections.abc import Sequence

from ...findings.model import Finding

GameFindings = tuple[str, dict[str, str], Sequence[Finding]]
