"""Generate docs/rules.md from the finding catalogue.

    python -m monolog.findings.docs            # write docs/rules.md
    python -m monolog.findings.docs --check    # exit 1 if docs/rules.md is out of date

The page opens with the code families, severities and exit codes, gives one section per code
(title, severity, rule ID, summary, explanation, a failing and a passing record) and ends with
the rules not yet enforced: those `not-enforced.yaml` names with a reason, and every rule ID
and CF item of the rules matrix that no catalogue entry covers.

The list of rule IDs comes from `monolog/scenarios/rule_ids.yaml`; when that file is absent
the rules matrix itself is read (`--matrix PATH`, or MONOLOG_RULES_MATRIX).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from ..editions.readings import DATA_DIR, READINGS_FILE
from .catalogue import (
    CATALOGUE_DIR,
    FAMILY_NAMES,
    INTERNAL_NOTE,
    NOT_ENFORCED_FILE,
    Catalogue,
    Entry,
    doc_anchor,
    example_note,
    is_internal,
    is_stream_example,
    listed_id,
    load,
    load_not_enforced,
    load_rule_ids,
    printable,
)

_SOURCE_ROOT = Path(__file__).resolve().parents[2]


def _working_folder() -> Path:
    try:
        return Path.cwd()
    except OSError:  # the working folder was removed: its relative name, where nothing is found
        return Path()


# in a source checkout the page lives beside the package; an installed copy has no docs/
# folder of its own, so it writes under the current folder instead
REPO_ROOT = _SOURCE_ROOT if (_SOURCE_ROOT / "pyproject.toml").is_file() else _working_folder()
DOC_PATH = REPO_ROOT / "docs" / "rules.md"
MATRIX_ENV = "MONOLOG_RULES_MATRIX"
DEFAULT_MATRIX = REPO_ROOT.parent / "shared" / "RULES-MATRIX.md"

_MATRIX_HEAD = re.compile(r"^\*\*(?P<id>[A-Z]+-\d{2})\s+(?P<title>.+?)\*\*")

FAMILY_INTRO: dict[str, str] = {
    "P": "the record, or a line of it, cannot be read or parsed (exit 2). P0xx reading the "
    "file (not audited), P1xx syntax (the line is read up to the mistake, or skipped, and the "
    "rest of the game audited), "
    "P9xx internal errors.",
    "M": "the record breaks a rule (severity error, exit 1). M1xx turn order, movement, "
    "GO salary and doubles; M2xx buying and auctions; M3xx rent; M4xx cards and taxes; "
    "M5xx jail; M6xx building and selling; M7xx mortgages and deals; M8xx debt, bankruptcy "
    "and the end of the game; M9xx the record contradicting itself.",
    "A": "a point on which the rulebooks disagree or are silent came up, and a ruling was "
    "applied (severity info). The number is the CF item's: A01 is CF-01. The message names "
    "the reading applied and what the other reading would have changed.",
    "W": "something about the record itself, such as a cash checksum that does not match "
    "the replayed cash (severity warning).",
    "I": "a note about the record, such as a line disputed at the table (severity info). "
    "I001 was W004: the old code is still read by --select, --ignore, the settings and "
    "explain.",
}


class DocsError(Exception):
    """The page cannot be generated; the message says why."""


def matrix_path(explicit: str | None = None) -> Path:
    if explicit:
        return Path(explicit)
    env = os.environ.get(MATRIX_ENV)
    return Path(env) if env else DEFAULT_MATRIX


def parse_matrix(path: Path) -> dict[str, str]:
    """Rule IDs and CF items with their titles, read from the rules matrix."""
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _MATRIX_HEAD.match(line)
        if m is None:
            continue
        title = re.sub(r"^\[[HML]\]\s*", "", m["title"]).strip()
        out.setdefault(m["id"], title)
    return out


def rule_ids(matrix: str | None = None) -> dict[str, str]:
    """Every rule ID and CF item with its title (package list first, then the matrix)."""
    shipped = load_rule_ids()
    if shipped:
        return _matrix_order(shipped)
    path = matrix_path(matrix)
    try:
        found = parse_matrix(path)
    except OSError as exc:
        raise DocsError(
            f"no rule-ID list: monolog/scenarios/rule_ids.yaml is absent and the rules matrix "
            f"cannot be read ({path}: {exc.strerror or exc}); give --matrix PATH"
        ) from None
    if not found:
        raise DocsError(f"{path}: no rule IDs found (expected lines like **RENT-05 Title**)")
    return _matrix_order(found)


def _matrix_order(titles: Mapping[str, str]) -> dict[str, str]:
    """Rules in the matrix's order, then the CF items by number (whatever the source)."""
    rules = {k: v for k, v in titles.items() if not k.startswith("CF-")}
    conflicts = sorted((k for k in titles if k.startswith("CF-")), key=lambda k: int(k[3:]))
    return {**rules, **{k: titles[k] for k in conflicts}}


def covered_rules(catalogue: Catalogue) -> set[str]:
    """Rule IDs some entry checks: every entry's `rule` and the rules it `cites` in particular
    cases, and CF-nn for each A-code."""
    out = {r for e in catalogue for r in e.rules}
    out.update(f"CF-{e.code[1:]}" for e in catalogue.by_family("A"))
    return out


def _fence(record: str, lang: str = "mlog") -> list[str]:
    """A fenced record (an event stream's example: `json`). One holding control characters is
    shown with visible symbols in a `text` block, since the block no longer holds the record
    byte for byte."""
    shown = printable(record)
    fence = "```"
    while fence in shown:
        fence += "`"
    lang = lang if shown == record else "text"
    return [f"{fence}{lang}", shown.rstrip("\n"), fence]


def _control_note(record: str) -> str:
    return "" if printable(record) == record else " (control characters shown as symbols: ␀ is NUL)"


def _entry_section(entry: Entry, titles: Mapping[str, str]) -> list[str]:
    out = [f"### {entry.code}: {entry.title}", ""]
    facts = [f"**Severity:** {entry.severity.value}"]
    if entry.rule:
        title = titles.get(entry.rule)
        facts.append(f"**Rule:** {entry.rule}" + (f" ({title})" if title else ""))
    if entry.cites:
        cited = ", ".join(f"{r} ({titles[r]})" if titles.get(r) else r for r in entry.cites)
        facts.append(f"**Also cites, in particular cases:** {cited}")
    out += [" · ".join(facts), "", f"*{entry.summary}*", "", entry.explanation.strip(), ""]
    note = example_note(entry.code)
    lang = "json" if is_stream_example(entry.code) else "mlog"
    if is_internal(entry.code):
        out += [INTERNAL_NOTE, ""]
    elif entry.fail is not None:
        label = f"Fails (gives {entry.code})" + (f" {note}" if note else "")
        label += _control_note(entry.fail) + ":"
        out += [label, "", *_fence(entry.fail, lang), ""]
    if entry.passing is not None:
        passing = _fence(entry.passing, lang)
        out += [f"Passes{_control_note(entry.passing)}:", "", *passing, ""]
    return out


def generate(
    catalogue: Catalogue,
    not_enforced: Mapping[str, str],
    titles: Mapping[str, str],
    beyond: Mapping[str, Mapping[str, Any]] | None = None,
) -> str:
    """The whole page as Markdown text. `titles` lists every rule ID, in the matrix's order;
    `beyond` the disputed points after the matrix's (CF-58 and up), from readings.yaml."""
    lines: list[str] = [
        "# Finding codes and rules",
        "",
        "<!-- Generated from monolog/findings/catalogue/*.yaml and "
        "monolog/editions/data/readings.yaml by "
        "`python -m monolog.findings.docs`; do not edit by hand. -->",
        "",
        "Every problem monolog reports is a *finding* with a stable code. "
        "`monolog explain CODE` shows the same entry in the terminal, and "
        "`monolog explain --list` lists every code.",
        "",
        "## Code families",
        "",
        "| family | meaning |",
        "|---|---|",
    ]
    for family, name in FAMILY_NAMES.items():
        lines.append(f"| `{family}` {name.lower()} | {FAMILY_INTRO[family]} |")
    lines += [
        "",
        "## Severities",
        "",
        "| severity | meaning |",
        "|---|---|",
        "| error | a rule violation or an unreadable record: `monolog audit` fails |",
        "| warning | the record is doubtful but the game replays: fails only under `--strict` |",
        "| info | a ruling was applied on a disputed point: fails only under `--strict` |",
        "",
        "## Exit codes of `monolog audit`",
        "",
        "| code | meaning |",
        "|---|---|",
        "| 0 | clean: every record parsed and broke no rule |",
        "| 1 | at least one error-severity finding (with `--strict`, any finding) |",
        "| 2 | a file could not be read or parsed, or the command line was wrong |",
        "",
        "## Codes",
        "",
        "| code | severity | rule | title |",
        "|---|---|---|---|",
    ]
    for entry in catalogue:
        anchor = doc_anchor(entry.code, entry.title)
        lines.append(
            f"| [{entry.code}](#{anchor}) | {entry.severity.value} | {', '.join(entry.rules)} "
            f"| {entry.title} |"
        )
    if not len(catalogue):
        lines.append("| | | | (no codes yet) |")
    lines.append("")
    for family, name in FAMILY_NAMES.items():
        entries = catalogue.by_family(family)
        if not entries:
            continue
        lines += [f"## {name} ({family})", ""]
        for entry in entries:
            lines += _entry_section(entry, titles)

    lines += _beyond_matrix(beyond or {})
    lines += _not_enforced(catalogue, not_enforced, titles)
    return "\n".join(lines).rstrip("\n") + "\n"


def _not_enforced(
    catalogue: Catalogue, not_enforced: Mapping[str, str], titles: Mapping[str, str]
) -> list[str]:
    """The rules no finding code checks: those listed with a reason, then the others."""
    covered = covered_rules(catalogue)
    # an entry for some editions stands beside the finding code that checks the others
    listed = {r: why for r, why in not_enforced.items() if listed_id(r) not in covered or " " in r}
    listed_ids = {listed_id(r) for r in not_enforced}
    missing = [r for r in titles if r not in covered and r not in listed_ids]
    lines = [
        "## Rules not yet enforced",
        "",
        f"Of {len(titles)} rule IDs and CF items in the rules matrix, "
        f"{len(covered & set(titles))} are checked by a finding code above (as its rule, or as "
        "a rule it cites in particular cases).",
        "",
        "### Known gaps",
        "",
    ]
    if listed:
        lines += [
            "A rule followed by editions in brackets is not checked under those editions only; "
            "under the others it has a finding code and scenarios.",
            "",
            "| rule | title | why it is not checked |",
            "|---|---|---|",
        ]
        order = {r: i for i, r in enumerate(titles)}
        for rule in sorted(listed, key=lambda r: (order.get(listed_id(r), len(order)), r)):
            lines.append(f"| {rule} | {titles.get(listed_id(rule), '')} | {listed[rule]} |")
    else:
        lines.append("None listed.")
    lines += ["", "### Not yet covered", ""]
    if missing:
        lines += [
            "No finding code names or cites these as its rule, and no reason is recorded yet.",
            "",
            "| rule | title |",
            "|---|---|",
        ]
        lines += [f"| {rule} | {titles[rule]} |" for rule in missing]
    else:
        lines.append("None: every rule is either checked or listed above.")
    return lines


def _beyond_matrix(items: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The disputed points the project found beyond the matrix (CF-58 and up): readings, what
    the texts say, where they settle it, the default with its reason, the sources."""
    if not items:
        return []
    lines = [
        "## Disputed points beyond the rules matrix",
        "",
        "Points public rules questions raise that the matrix's CF-01 to CF-57 do not list. Each "
        "can be chosen with `--ruling CF-nn=READING` or a `Ruling` tag like the others; where an "
        "edition's own text settles one, play that agrees with it gets no A code.",
        "",
    ]
    for cf, item in items.items():
        readings = item.get("readings", {})
        settled = ", ".join(item.get("settled_in") or []) or "none (every shipped text is silent)"
        lines += [f"### {cf}: {item.get('title', '')}", ""]
        lines += [
            f"- `{name}`{' (default)' if name == item.get('default') else ''}: {text}"
            for name, text in readings.items()
        ]
        lines += [
            "",
            f"What the texts say: {item.get('texts', '')}",
            "",
            f"Settled by the text of: {settled}.",
            "",
            f"Why the default: {item.get('why', '')}",
            "",
            f"In a replay: {item.get('engine', '')}",
            "",
            "Sources: " + "; ".join(str(x) for x in item.get("sources", [])),
            "",
        ]
    return lines


def beyond_matrix() -> dict[str, dict[str, Any]]:
    """The CF items of the readings catalogue numbered after the matrix's 57."""

    ref = DATA_DIR / READINGS_FILE
    raw = yaml.safe_load(ref.read_text(encoding="utf-8")) or {}
    return {str(k): v for k, v in raw.items() if int(str(k)[3:]) > 57}


def build(folder: Path = CATALOGUE_DIR, matrix: str | None = None) -> tuple[str, list[str]]:
    """The page and the problems found on the way (catalogue, not-enforced list)."""
    titles = rule_ids(matrix)
    catalogue = load(folder, titles)
    not_enforced, problems = load_not_enforced(folder)
    problems = [*catalogue.problems, *problems]
    problems += [
        f"{NOT_ENFORCED_FILE}: {rule} is not a rule ID or CF item of the rules matrix"
        for rule in not_enforced
        if listed_id(rule) not in titles
    ]
    return generate(catalogue, not_enforced, titles, beyond_matrix()), problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m monolog.findings.docs",
        description="Generate docs/rules.md from the finding catalogue.",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    parser.add_argument("--output", default=str(DOC_PATH), help="the Markdown file to write")
    parser.add_argument("--matrix", default=None, help="the rules matrix, if no rule-ID list")
    args = parser.parse_args(argv)
    try:
        text, problems = build(matrix=args.matrix)
    except DocsError as exc:
        sys.stderr.write(f"monolog docs: {exc}\n")
        return 2
    if problems:
        sys.stderr.write("monolog docs: the catalogue has problems:\n")
        sys.stderr.write("".join(f"  {p}\n" for p in problems))
        return 2
    out = Path(args.output)
    current = out.read_text(encoding="utf-8") if out.is_file() else None
    if args.check:
        if current != text:
            sys.stderr.write(
                f"{out} is out of date: run python -m monolog.findings.docs to regenerate it\n"
            )
            return 1
        return 0
    if current != text:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        sys.stdout.write(f"wrote {out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
