"""The README and docs/rules.md state the rules coverage the same way, with the same numbers,
and those are the catalogue's own."""

from __future__ import annotations

import re
from pathlib import Path

from monolog.findings.catalogue import load_catalogue
from monolog.findings.docs import covered_rules, rule_ids

ROOT = Path(__file__).resolve().parents[1]
CLAIM = re.compile(
    r"Of (\d+) rule IDs and CF items in the rules matrix, (\d+) are checked by a finding code"
)


def _claim(path: Path) -> tuple[int, int]:
    text = " ".join(path.read_text(encoding="utf-8").split())
    found = CLAIM.findall(text)
    assert len(found) == 1, (path, found)
    return int(found[0][0]), int(found[0][1])


def test_readme_and_rules_doc_agree_with_the_catalogue() -> None:
    titles = rule_ids()
    computed = (len(titles), len(covered_rules(load_catalogue()) & set(titles)))
    assert _claim(ROOT / "docs" / "rules.md") == computed
    assert _claim(ROOT / "README.md") == computed
