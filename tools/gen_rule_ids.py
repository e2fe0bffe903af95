"""Write monolog/scenarios/rule_ids.yaml, the rule IDs and disputed points the tools count.

The file lists every rule ID (SET-01 …) with the matrix's short title, in the matrix's order,
and every conflict/silence item (CF-01 …) with its title, in number order. It also says,
for every rule, how each edition's text stands on it (same, differs, silent: the matrix's status
words, the two 2018 texts 000 and 001 joined as us-2018) and, for every CF item, the editions
under which it arises: those that state at least one of the rules the item is about, or every
edition when all the texts are silent on them. `monolog
check --coverage` reads it to say which rules have a passing scenario under each edition that
states them, and `monolog rules diff` to list the rules one edition states and another does not.

    python tools/gen_rule_ids.py [--check]    # from the repository alone (exit 1 if out of date)
    python tools/gen_rule_ids.py PATH/TO/RULES-MATRIX.md [-o monolog/scenarios/rule_ids.yaml]

Every CF item (its title and the rules it is about) is read from the readings catalogue,
monolog/editions/data/readings.yaml, where each disputed point is declared once; the rules
themselves, how each edition's text stands on them and the notes are the matrix's facts, which
the file keeps, so that it can be made again from the repository alone (tests check that it
is). Give the matrix only to take those facts from it anew.

Only IDs, titles and status words are taken; nothing else of the matrix is copied.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

# `**RENT-04 Double rent on a complete group**` (a rule heading in section 2)
RULE_HEADING = re.compile(r"^\*\*(?P<id>(?!CF-)[A-Z]+-\d{2}) (?P<title>[^*]+)\*\*\s*$")
# `**CF-01 [H] Double rent when a group member is mortgaged** (RENT-05, RENT-11)`
CF_HEADING = re.compile(r"^\*\*(?P<id>CF-\d{2}) (?:\[[HML]\] )?(?P<title>[^*]+)\*\*")

# `- `002` **DIFFERS**: …` (one edition's status line under a rule)
STATUS_LINE = re.compile(
    r"^- `(?P<key>00[0-4])` \**(?P<status>SAME|DIFFERS|SILENT)\**(?P<qual>[^:]*):?\s*(?P<note>.*)$"
)
# line citations and section marks in a status note: `(L79)`, `§Income Tax L87-95.`, `L90`
_CITES = (
    re.compile(r"\s*\((?:[^()]*\bL\d[^()]*)\)"),
    re.compile(r"\s*§[^.;]*?L\d+(?:-\d+)?(?:, L\d+(?:-\d+)?)*"),
    re.compile(r"\s*\bL\d+(?:-\d+)?(?:,? (?:and )?L\d+(?:-\d+)?)*"),
)
# `**CF-41 [M] …** (BKR-03..07)`: the rules an item is about, with ranges
CF_RULES = re.compile(r"\*\*\s*\((?P<refs>[^)]*)\)")
# seed keys of the matrix -> monolog edition keys (000 and 001 are the same 2018 rules)
EDITIONS = {
    "000": "us-2018",
    "001": "us-2018",
    "002": "us-classic",
    "003": "uk-esl",
    "004": "uk-1996",
}
EDITION_ORDER = ("us-2018", "us-classic", "uk-1996", "uk-esl")
_RANK = {"silent": 0, "same": 1, "differs": 2}

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "monolog" / "scenarios" / "rule_ids.yaml"
# the project's own disputed points beyond the matrix (CF-58 and up) are read from here
READINGS = Path(__file__).resolve().parents[1] / "monolog" / "editions" / "data" / "readings.yaml"


Extract = tuple[
    dict[str, str],
    dict[str, str],
    dict[str, dict[str, str]],
    dict[str, list[str]],
    dict[str, list[str]],
    dict[str, dict[str, str]],
]


def _expand(refs: str) -> list[str]:
    """`BKR-03..07, TAX-02` -> the rule IDs named, ranges spelled out."""
    out: list[str] = []
    for ref in (r.strip() for r in refs.split(",")):
        m = re.fullmatch(r"([A-Z]+)-(\d{2})(?:\.\.(\d{2}))?", ref)
        if not m:
            continue
        first = int(m[2])
        last = int(m[3]) if m[3] else first
        out.extend(f"{m[1]}-{n:02d}" for n in range(first, last + 1))
    return out


def _note(raw: str) -> str:
    """A DIFFERS note without its line citations: `double rent still applies (L79).` ->
    `double rent still applies.`; empty when nothing but citations is left."""
    note = raw.replace("**", "")
    for pattern in _CITES:
        note = pattern.sub("", note)
    note = re.sub(r"\s+([.,;])", r"\1", note).strip(" .;:,")
    note = re.sub(r"^(?:as 000|same wording(?: as 000)?|in wording, as 000),?\s*", "", note)
    return note + "." if len(note) > 12 else ""


def extract(text: str) -> Extract:
    """Rule IDs and CF items with their titles, the editions' status on each rule, and the
    editions under which each CF item arises. Raises ValueError on a duplicate ID or a rule
    without a status line for every edition key."""
    rules: dict[str, str] = {}
    conflicts: dict[str, str] = {}
    statuses: dict[str, dict[str, str]] = {}
    notes: dict[str, dict[str, str]] = {}
    seen: dict[str, set[str]] = {}
    about: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        m = STATUS_LINE.match(line)
        if m and current is not None:
            edition = EDITIONS[m["key"]]
            status = m["status"].lower()
            table = statuses.setdefault(current, {})
            if _RANK[status] > _RANK.get(table.get(edition, "silent"), 0) or edition not in table:
                table[edition] = status
            seen.setdefault(current, set()).add(m["key"])
            note = _note(m["note"]) if status == "differs" else ""
            if note and edition not in notes.setdefault(current, {}):
                notes[current][edition] = note
            continue
        for pattern, titles in ((RULE_HEADING, rules), (CF_HEADING, conflicts)):
            h = pattern.match(line)
            if h:
                key, title = h["id"], h["title"].strip()
                if key in titles:
                    raise ValueError(f"{key} appears twice in the matrix")
                titles[key] = title
                current = key if titles is rules else None
                if titles is conflicts:
                    refs = CF_RULES.search(line[h.end() - 2 :])
                    about[key] = _expand(refs["refs"]) if refs else []
    for key in rules:
        missing = sorted(set(EDITIONS) - seen.get(key, set()))
        if missing:
            raise ValueError(f"{key} has no status line for {', '.join(missing)}")
        statuses[key] = {e: statuses[key][e] for e in EDITION_ORDER}
    arises: dict[str, list[str]] = {}
    for key, refs in about.items():
        unknown = [r for r in refs if r not in rules]
        if unknown:
            raise ValueError(f"{key} is about {', '.join(unknown)}, not rules of the matrix")
        stating = [e for e in EDITION_ORDER if any(statuses[r][e] != "silent" for r in refs)]
        # a point every text is silent on arises under every edition
        arises[key] = stating or list(EDITION_ORDER)
    ordered = dict(sorted(conflicts.items(), key=lambda kv: int(kv[0][3:])))
    arises = {k: arises[k] for k in ordered}
    about = {k: about[k] for k in ordered}
    notes = {
        k: {e: notes[k][e] for e in EDITION_ORDER if e in notes[k]} for k in rules if notes.get(k)
    }
    return rules, ordered, statuses, arises, about, notes


def catalogue_items(
    readings_text: str, rules: dict[str, str], statuses: dict[str, dict[str, str]]
) -> tuple[dict[str, str], dict[str, list[str]], dict[str, list[str]]]:
    """Every CF item of the readings catalogue, where each is declared once: its title, the
    rules it is about, and the editions under which it arises (those that state one of those
    rules, or every edition when all the texts are silent on them), in number order."""
    import yaml

    catalogue = yaml.safe_load(readings_text) or {}
    conflicts: dict[str, str] = {}
    about: dict[str, list[str]] = {}
    arises: dict[str, list[str]] = {}
    for key in sorted(catalogue, key=lambda k: int(str(k)[3:])):
        entry = catalogue[key]
        refs = [str(r) for r in entry.get("rules", [])]
        unknown = [r for r in refs if r not in rules]
        if unknown:
            raise ValueError(f"{key} is about {', '.join(unknown)}, not rules of the matrix")
        conflicts[key] = str(entry.get("title", ""))
        about[key] = refs
        stating = [e for e in EDITION_ORDER if any(statuses[r][e] != "silent" for r in refs)]
        arises[key] = stating or list(EDITION_ORDER)
    return conflicts, about, arises


def from_repo(rule_ids_text: str, readings_text: str) -> str:
    """rule_ids.yaml made from the repository alone: the matrix's facts on the rules as the
    file already holds them (titles, how each edition states each rule, its notes), and every
    CF item from the readings catalogue."""
    import yaml

    current = yaml.safe_load(rule_ids_text) or {}
    rules = {str(k): str(v) for k, v in current["rules"].items()}
    statuses = {str(k): dict(v) for k, v in current["stated"].items()}
    notes = {str(k): dict(v) for k, v in (current.get("differs") or {}).items()}
    conflicts, about, arises = catalogue_items(readings_text, rules, statuses)
    return render(rules, conflicts, statuses, arises, about, notes)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(
    rules: dict[str, str],
    conflicts: dict[str, str],
    statuses: dict[str, dict[str, str]],
    arises: dict[str, list[str]],
    about: dict[str, list[str]],
    notes: dict[str, dict[str, str]],
) -> str:
    def flow(table: dict[str, str]) -> str:
        return "{" + ", ".join(f"{k}: {v}" for k, v in table.items()) + "}"

    lines = [
        "# Generated by tools/gen_rule_ids.py: the rules, how each edition states them and",
        "# their notes from the rules matrix; every CF item from the readings catalogue",
        "# (monolog/editions/data/readings.yaml), where each is declared once. Not by hand.",
        f"# {len(rules)} rule IDs and {len(conflicts)} conflict/silence items, with titles.",
        "rules:",
        *(f"  {key}: {_quote(title)}" for key, title in rules.items()),
        "conflicts:",
        *(f"  {key}: {_quote(title)}" for key, title in conflicts.items()),
        "# how each edition's text stands on each rule: same, differs or silent",
        "stated:",
        *(f"  {key}: {flow(table)}" for key, table in statuses.items()),
        "# the editions under which each CF item arises: those that state a rule it is about,",
        "# or all of them when every text is silent on those rules",
        "arises:",
        *(f"  {key}: [{', '.join(eds)}]" for key, eds in arises.items()),
        "# the rules each CF item is about",
        "about:",
        *(f"  {key}: [{', '.join(ids)}]" for key, ids in about.items()),
        "# what an edition's text says instead where it differs (the matrix's note, uncited)",
        "differs:",
        *(
            line
            for key, table in notes.items()
            for line in (
                f"  {key}:",
                *(f"    {edition}: {_quote(note)}" for edition, note in table.items()),
            )
        ),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "matrix",
        type=Path,
        nargs="?",
        help="the RULES-MATRIX.md file (left out: the rules as the file holds them already)",
    )
    parser.add_argument("-o", "--out", type=Path, default=DEFAULT_OUT, help="where to write")
    parser.add_argument(
        "--check", action="store_true", help="only say whether the file is up to date"
    )
    args = parser.parse_args(argv)
    source = args.matrix or args.out
    try:
        readings = READINGS.read_text(encoding="utf-8")
        if args.matrix is None:
            rendered = from_repo(args.out.read_text(encoding="utf-8"), readings)
        else:
            rules, _, statuses, _, _, notes = extract(args.matrix.read_text(encoding="utf-8"))
            conflicts, about, arises = catalogue_items(readings, rules, statuses)
            rendered = render(rules, conflicts, statuses, arises, about, notes)
    except (OSError, ValueError, KeyError) as exc:
        sys.stderr.write(f"{source}: {exc}\n")
        return 2
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
        if current != rendered:
            print(f"{args.out}: out of date; run without --check to regenerate")
            return 1
        print(f"{args.out}: up to date")
        return 0
    args.out.write_text(rendered, encoding="utf-8")
    print(f"{args.out}: written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
