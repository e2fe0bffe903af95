"""docs/rules.md is generated from the finding catalogue and must stay current."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from monolog.findings import catalogue as cat
from monolog.findings import docs

TITLES = {
    "RENT-01": "Rent is owed on landing",
    "RENT-09": "Rent claim deadline",
    "JAIL-08": "Forced fine",
    "CF-02": "Waiting three turns",
    "CF-05": "A double after paying",
}

ENTRIES = """\
M301:
  title: Wrong rent amount
  severity: error
  rule: RENT-01
  summary: The rent recorded differs from the rent the rules set.
  explanation: |
    Rent follows the deed and the buildings on it.
  fail: |
    1. Ben 3-3 Oriental Avenue rent 12
  pass: |
    1. Ben 3-3 Oriental Avenue rent 6
A02:
  title: Forced fine on the third jail turn
  severity: info
  rule: JAIL-08
  summary: The ruling on the third jail turn was applied.
  explanation: The rulebooks disagree on when the fine falls.
  fail: "4. Ann 1-2 fine"
  pass: "4. Ann 2-2"
"""


def _page(tmp_path: Path, not_enforced: str = "{}\n") -> str:
    (tmp_path / "engine.yaml").write_text(ENTRIES, encoding="utf-8")
    (tmp_path / cat.NOT_ENFORCED_FILE).write_text(not_enforced, encoding="utf-8")
    catalogue = cat.load(tmp_path, TITLES)
    assert catalogue.problems == []
    listed, problems = cat.load_not_enforced(tmp_path)
    assert problems == []
    return docs.generate(catalogue, listed, TITLES)


# the repository this test belongs to: found from the test's own path, so the check also holds
# when monolog is installed as a package (as CI installs it), not only from a source checkout
DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def test_docs_rules_md_is_current() -> None:
    text, _ = docs.build()  # the rule IDs come from the package's rule_ids.yaml
    assert DOC.is_file(), f"{DOC} is missing"
    current = DOC.read_text(encoding="utf-8")
    if current != text:
        diff = difflib.unified_diff(
            current.splitlines(), text.splitlines(), "docs/rules.md", "generated", lineterm=""
        )
        shown = "\n".join(list(diff)[:40])
        pytest.fail(f"docs/rules.md is stale: run python -m monolog.findings.docs\n{shown}")


def test_page_has_intro_and_one_section_per_code(tmp_path: Path) -> None:
    page = _page(tmp_path)
    for heading in ("## Code families", "## Severities", "## Exit codes of `monolog audit`"):
        assert heading in page
    assert "### M301: Wrong rent amount" in page
    assert "**Severity:** error · **Rule:** RENT-01 (Rent is owed on landing)" in page
    assert "```mlog\n1. Ben 3-3 Oriental Avenue rent 12\n```" in page
    assert "```mlog\n1. Ben 3-3 Oriental Avenue rent 6\n```" in page
    assert "| [M301](#m301-wrong-rent-amount) | error | RENT-01 | Wrong rent amount |" in page
    # families in order: violations before ambiguous rulings
    assert page.index("## Rule violations (M)") < page.index("## Ambiguous rulings (A)")


def test_not_enforced_lists_reasons_and_computes_the_rest(tmp_path: Path) -> None:
    page = _page(tmp_path, "RENT-09: the claim deadline needs wall-clock time\n")
    gaps = page.split("## Rules not yet enforced", 1)[1]
    known, uncovered = gaps.split("### Not yet covered", 1)
    assert "| RENT-09 | Rent claim deadline | the claim deadline needs wall-clock time |" in known
    # RENT-01 is M301's rule, JAIL-08 is A02's rule and A02 covers CF-02 by its number
    for covered in ("RENT-01", "JAIL-08", "CF-02", "RENT-09"):
        assert f"| {covered} |" not in uncovered
    assert "| CF-05 | A double after paying |" in uncovered
    assert "Of 5 rule IDs and CF items in the rules matrix, 3 are checked" in gaps


def test_parse_matrix_reads_rules_and_cf_items(tmp_path: Path) -> None:
    matrix = tmp_path / "matrix.md"
    matrix.write_text(
        "**SET-01 Player count**\nRule: two to six.\n\n"
        "**CF-02 [H] What waiting means** (JAIL-08)\n- Texts: ...\n"
        "**CF-01 [H] Double rent** (RENT-05)\n",
        encoding="utf-8",
    )
    assert docs.parse_matrix(matrix) == {
        "SET-01": "Player count",
        "CF-02": "What waiting means",
        "CF-01": "Double rent",
    }


def _fake_build(text: str) -> object:
    def build(folder: Path = cat.CATALOGUE_DIR, matrix: str | None = None) -> tuple[str, list[str]]:
        return text, []

    return build


def test_check_mode_exits_1_when_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "rules.md"
    monkeypatch.setattr(docs, "build", _fake_build("# fresh\n"))
    out.write_text("# old\n", encoding="utf-8")
    assert docs.main(["--check", "--output", str(out)]) == 1
    assert out.read_text(encoding="utf-8") == "# old\n"
    assert docs.main(["--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == "# fresh\n"
    assert docs.main(["--check", "--output", str(out)]) == 0


def test_catalogue_problems_stop_generation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(
        folder: Path = cat.CATALOGUE_DIR, matrix: str | None = None
    ) -> tuple[str, list[str]]:
        return "# page\n", ["engine.yaml: M301: missing field 'title'"]

    monkeypatch.setattr(docs, "build", broken)
    out = tmp_path / "rules.md"
    assert docs.main(["--output", str(out)]) == 2
    assert not out.exists()
    assert "M301: missing field 'title'" in capsys.readouterr().err


def test_control_characters_in_records_are_shown_not_written(tmp_path: Path) -> None:
    entry = ENTRIES.split("A02:")[0].replace(
        "  fail: |\n    1. Ben 3-3 Oriental Avenue rent 12\n",
        '  fail: "1. Ben 3-3 Oriental Avenue\\0 rent 12\\n"\n',
    )
    (tmp_path / "engine.yaml").write_text(entry, encoding="utf-8")
    catalogue = cat.load(tmp_path, TITLES)
    assert catalogue.problems == []
    assert catalogue["M301"].fail == "1. Ben 3-3 Oriental Avenue\0 rent 12\n"
    page = docs.generate(catalogue, {}, TITLES)
    assert "1. Ben 3-3 Oriental Avenue\u2400 rent 12" in page
    assert (
        "Fails (gives M301) (control characters shown as symbols: ␀ is NUL):\n\n```text\n" in page
    )
    assert not any(ch in page for ch in "\0\x1b\x7f")
