"""The finding catalogue: every entry is sound, every code the source emits is documented, and
every entry's failing record gives its code while its passing record does not."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from monolog.engine import replay
from monolog.findings import catalogue as cat
from monolog.findings.model import Severity
from monolog.notation import ParseError, parse_text
from monolog.notation.jsonl import parse_jsonl
from monolog.notation.parser import read_source
from monolog.notation.recovery import parse_recovering

PACKAGE = Path(cat.__file__).resolve().parent.parent
SOURCE_DIRS = (PACKAGE / "engine", PACKAGE / "notation")
CODE_LITERAL = re.compile(r"""["']([PMW]\d{3}|A\d{2})["']""")
AMBIGUOUS_CALL = re.compile(r"""\.ambiguous\(\s*["'](CF-\d{2})["']""")

CATALOGUE = cat.load_catalogue()
ENTRIES = list(CATALOGUE)


def _known_ids() -> set[str]:
    """Every rule ID and CF item, from the list the package ships."""
    ids = cat.load_rule_ids()
    assert ids, "monolog/scenarios/rule_ids.yaml is missing or empty"
    return set(ids)


def _emitted_codes() -> dict[str, list[str]]:
    """Code -> the source files that name it (as a string literal, or an ambiguous() call)."""
    found: dict[str, list[str]] = {}
    for folder in SOURCE_DIRS:
        for path in sorted(folder.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            rel = str(path.relative_to(PACKAGE.parent))
            codes = set(CODE_LITERAL.findall(text))
            codes.update(f"A{cf[3:]}" for cf in AMBIGUOUS_CALL.findall(text))
            for code in codes:
                found.setdefault(code, []).append(rel)
    return found


EMITTED = _emitted_codes()
EMITTED_CODES: list[str] = sorted(EMITTED, key=cat.code_key)


# --------------------------------------------------------------------------- the real catalogue


def test_every_entry_validates() -> None:
    assert CATALOGUE.problems == [], "\n".join(CATALOGUE.problems)


def test_not_enforced_list_is_sound() -> None:
    listed, problems = cat.load_not_enforced()
    assert problems == [], "\n".join(problems)
    assert sorted({cat.listed_id(k) for k in listed} - _known_ids()) == []


# each check below runs over every code or entry and lists every offender


def test_emitted_code_has_an_entry() -> None:
    missing = [
        f"{code} is emitted in {', '.join(EMITTED[code])} but not catalogued"
        for code in EMITTED_CODES
        if code not in CATALOGUE
    ]
    assert len(EMITTED_CODES) > 100
    assert not missing, "\n".join(missing)


AMBIGUOUS = [e.code for e in ENTRIES if e.family == "A"]


def test_ambiguous_code_is_a_cf_number() -> None:
    known = _known_ids()
    assert AMBIGUOUS
    assert [code for code in AMBIGUOUS if f"CF-{code[1:]}" not in known] == []


def test_ambiguous_code_cites_its_cf_item_or_a_rule_it_concerns() -> None:
    from monolog.editions.readings import load_readings

    wrong = []
    for code in AMBIGUOUS:
        cf = f"CF-{code[1:]}"
        item = load_readings().get(cf)
        if item is None:
            wrong.append(f"{code}: the readings catalogue has no {cf}")
            continue
        rule = CATALOGUE[code].rule
        if not (rule == cf or rule in item.rules):
            wrong.append(f"{code} cites {rule}; {cf} concerns {item.rules}")
    assert not wrong, "\n".join(wrong)


# --------------------------------------------------------------------------- the examples


def _codes_of(record: str, code: str, tmp_path: Path, name: str) -> set[str]:
    """The codes a record gives: its parse error, or what replaying it reports.

    P001 and P002 concern the file, not its text: P001 reads a path that does not exist, and
    P002's records are written in Latin-1 (a non-ASCII character then is not UTF-8).
    P9xx codes are monolog's own bugs: no record gives them on purpose, so their fail
    records are not replayed.
    """
    if cat.is_stream_example(code):  # an event stream, read as `monolog audit game.jsonl` is
        stream = tmp_path / f"{name}.jsonl"
        stream.write_text(record, encoding="utf-8")
        try:
            parse_jsonl(read_source(stream), str(stream))
        except ParseError as exc:
            return {exc.finding.code}
        return set()
    path = tmp_path / f"{name}.mlog"
    if code == cat.PROFILE_CODE:  # the edition file its record names, beside it
        (tmp_path / cat.PROFILE_EXAMPLE_NAME).write_text(cat.PROFILE_EXAMPLE, encoding="utf-8")
    if code == "P002" and name == "fail":
        path.write_bytes(record.encode("latin-1", errors="replace"))
    else:
        path.write_text(record, encoding="utf-8")
    if code == "P001" and name == "fail":
        path = tmp_path / "missing" / "fail.mlog"
    if code == "P126":  # the end of a reading that goes past unreadable lines, as audit reads
        return {e.finding.code for e in parse_recovering(read_source(path), str(path)).errors}
    try:
        events = parse_text(read_source(path), str(path))
    except ParseError as exc:
        return {exc.finding.code}
    if code.startswith("P"):  # P-codes come from reading and parsing alone
        return set()
    result = replay(events, file=str(path))
    codes = {f.code for f in result.findings}
    if code.startswith("W1"):  # W1xx: checks the settlement makes on the replayed game
        from monolog.reports.game import load_game
        from monolog.reports.settlement import result_findings

        codes |= {f.code for f in result_findings(load_game(str(path)))}
    return codes


def _with_records(attr: str) -> list[tuple[str, str]]:
    """(code, record) of every entry with a record of that kind."""
    out: list[tuple[str, str]] = []
    for e in ENTRIES:
        record = getattr(e, attr)
        if record is None or (attr == "fail" and cat.NO_EXAMPLE_RE.match(e.code)):
            continue
        out.append((e.code, record))
    return out


def _own_folder(tmp_path: Path, code: str) -> Path:
    folder = tmp_path / code
    folder.mkdir()
    return folder


def test_fail_record_gives_its_code(tmp_path: Path) -> None:
    wrong = []
    examples = _with_records("fail")
    for code, record in examples:
        codes = _codes_of(record, code, _own_folder(tmp_path, code), "fail")
        if code not in codes:
            wrong.append(f"the fail record of {code} gives {sorted(codes) or 'nothing'}")
    assert len(examples) > 100
    assert not wrong, "\n".join(wrong)


def test_pass_record_breaks_no_rule_at_all() -> None:
    # `monolog explain` shows the passing record as the right way to play: it must be a legal
    # record as a whole (only the info-level rulings of disputed points may appear)
    wrong = []
    examples = [(c, r) for c, r in _with_records("passing") if not c.startswith("P")]
    for code, record in examples:
        try:
            findings = replay(parse_text(record, "pass.mlog")).findings
        except ParseError as exc:
            wrong.append(f"the pass record of {code} does not parse: {exc.render()}")
            continue
        found = [
            f"{f.code} line {f.line}: {f.message}"
            for f in findings
            if f.severity is not Severity.INFO
        ]
        if found:
            wrong.append(f"the pass record of {code} is not legal: {found}")
    assert len(examples) > 100
    assert not wrong, "\n".join(wrong)


def test_pass_record_does_not_give_its_code(tmp_path: Path) -> None:
    wrong = []
    for code, record in _with_records("passing"):
        try:
            if cat.is_stream_example(code):
                parse_jsonl(record, "pass.jsonl")
            else:
                parse_text(record, "pass.mlog")
        except ParseError as exc:
            wrong.append(f"the pass record of {code} does not parse: {exc.render()}")
            continue
        if code in _codes_of(record, code, _own_folder(tmp_path, code), "pass"):
            wrong.append(f"the pass record of {code} gives it too")
    assert not wrong, "\n".join(wrong)


# --------------------------------------------------------------------------- the loader itself

GOOD = """\
M301:
  title: Wrong rent amount
  severity: error
  rule: RENT-01
  summary: The rent recorded differs from the rent the rules set.
  explanation: |
    Rent follows the deed.
  fail: |
    [Players "Ann, Ben"]
  pass: |
    [Players "Ann, Ben"]
A02:
  title: Jail fine on the third try
  severity: info
  rule: CF-02
  summary: A ruling on the third jail turn was applied.
  explanation: The rulebooks disagree.
  fail: x
  pass: y
P101:
  title: Unexpected word
  severity: error
  summary: The line cannot be read here.
  explanation: The grammar expects something else.
  fail: x
  pass: y
W001:
  title: Cash checksum differs
  severity: warning
  summary: The cash written differs from the replayed cash.
  explanation: A checksum catches slips.
  fail: x
  pass: y
"""


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_loader_reads_merges_and_orders(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD)
    _write(tmp_path, "b.yaml", "{}\n")
    _write(tmp_path, cat.NOT_ENFORCED_FILE, "RENT-09: needs the dice of a later roll\n")
    loaded = cat.load(tmp_path, {"RENT-01": "Rent", "CF-02": "Jail", "RENT-09": "x"})
    assert loaded.problems == []
    assert loaded.codes() == ["P101", "M301", "A02", "W001"]
    entry = loaded["m301"]
    assert entry.severity is Severity.ERROR and entry.rule == "RENT-01"
    assert entry.passing == '[Players "Ann, Ben"]\n'
    assert loaded.get("A2") is loaded.get("A02")
    assert "M999" not in loaded and loaded.get("M999") is None
    assert cat.load_not_enforced(tmp_path) == ({"RENT-09": "needs the dice of a later roll"}, [])


def test_not_enforced_keys_may_name_editions(tmp_path: Path) -> None:
    _write(
        tmp_path,
        cat.NOT_ENFORCED_FILE,
        "SELL-06 (uk-1996): no clause sells a deed to the Bank\n"
        "CF-53 (uk-1996, atlantis): a Banker who does not play\n"
        "CF-54 (uk-1996,us-2018): bad spacing\n",
    )
    listed, problems = cat.load_not_enforced(tmp_path)
    assert listed == {"SELL-06 (uk-1996)": "no clause sells a deed to the Bank"}
    assert cat.listed_id("SELL-06 (uk-1996)") == "SELL-06"
    assert problems[0].startswith("not-enforced.yaml: CF-53 (uk-1996, atlantis): unknown edition")
    assert "atlantis" in problems[0] and "us-2018" in problems[0]
    assert "'CF-54 (uk-1996,us-2018)' is not a rule ID" in problems[1]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("severity: error", "severity: fatal"), "'severity' must be error, warning or info"),
        (("severity: error", "severity: info"), "an M-code has severity error, not info"),
        (("rule: RENT-01", "rule: RENT1"), "'rule' must be a RULES-MATRIX ID"),
        (("rule: RENT-01", "rule: RENT-77"), "RENT-77 is not a RULES-MATRIX rule ID"),
        (("  rule: RENT-01\n", ""), "an M-code needs a 'rule'"),
        (("  title: Wrong rent amount\n", ""), "missing field 'title'"),
        (("summary: The rent", "summary: |\n    Two\n    lines. The rent"), "'summary' must be"),
        (("  pass: |\n    [Players", "  passes: |\n    [Players"), "unknown field(s) passes"),
        (("M301:", "M31:"), "P, M and W codes have three digits"),
        (("A02:", "A2:"), "an A-code is A and the two-digit CF number"),
        (("A02:", "A58:"), "A58 must be the number of a CF item"),
        (("M301:", "X301:"), "a code is a letter P, M, A, W or I"),
    ],
)
def test_loader_names_each_problem(tmp_path: Path, change: tuple[str, str], problem: str) -> None:
    text = GOOD.replace(change[0], change[1], 1)
    assert text != GOOD
    _write(tmp_path, "engine.yaml", text)
    loaded = cat.load(tmp_path, {"RENT-01": "Rent", "CF-02": "Jail"})
    assert any(problem in p for p in loaded.problems), loaded.problems


def test_loader_refuses_duplicates(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", GOOD + "M301:\n  title: again\n")
    loaded = cat.load(tmp_path)
    assert any("given twice" in p for p in loaded.problems)
    _write(tmp_path, "a.yaml", GOOD)
    _write(tmp_path, "b.yaml", GOOD.split("A02:")[0])
    loaded = cat.load(tmp_path)
    assert any("M301 is also defined in a.yaml" in p for p in loaded.problems)


def test_internal_codes_need_no_examples(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "parse.yaml",
        """\
        P900:
          title: Internal error
          severity: error
          summary: monolog failed; the record may be fine.
          explanation: A bug in monolog, reported instead of a traceback.
        """,
    )
    loaded = cat.load(tmp_path)
    assert loaded.problems == []
    assert loaded["P900"].fail is None


def test_catalogue_is_read_once() -> None:
    assert cat.load_catalogue() is cat.load_catalogue()
