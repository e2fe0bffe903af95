"""The finding catalogue: one documented entry per finding code.

Entries live in `monolog/findings/catalogue/*.yaml`, one file per code family, each a mapping
`CODE: entry`. The loader merges the files, checks every entry and keeps the problems it finds
(`Catalogue.problems`) instead of stopping at the first, so a test can name them all at once.
`not-enforced.yaml` is not a code file: it maps rule IDs to the reason they are not checked.

An entry's `rule` is the rule its code checks. `cites` lists the more precise rules some of its
findings cite instead, case by case (M301, wrong rent, cites RENT-02 for rent asked on a
mortgaged deed): the tests hold each to a scenario whose expected finding of that code pins it.

Loading is lazy and cached: nothing is read until a command asks for an entry, and PyYAML is
imported only then (a text report may import this module for `printable` alone).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from ..editions import list_editions
from .model import Severity

_HERE = Path(__file__).resolve().parent
CATALOGUE_DIR = _HERE / "catalogue"
NOT_ENFORCED_FILE = "not-enforced.yaml"
RULE_IDS_FILE = _HERE.parent / "scenarios" / "rule_ids.yaml"

CODE_RE = re.compile(r"^(?P<family>[PMAWI])(?P<number>\d+)$")
RULE_RE = re.compile(r"^(?:[A-Z]+-\d{2}|CF-\d{2})$")

# Families in the order they are listed: parse errors, violations, ambiguous rulings, warnings,
# notes. A code's letter says its severity: P and M error, W warning, A and I info.
FAMILY_ORDER = "PMAWI"
FAMILY_NAMES: dict[str, str] = {
    "P": "Parse errors",
    "M": "Rule violations",
    "A": "Ambiguous rulings",
    "W": "Record warnings",
    "I": "Record notes",
}
# The severities each family may carry.
FAMILY_SEVERITIES: dict[str, frozenset[Severity]] = {
    "P": frozenset({Severity.ERROR}),
    "M": frozenset({Severity.ERROR}),
    "A": frozenset({Severity.INFO}),
    "W": frozenset({Severity.WARNING}),
    "I": frozenset({Severity.INFO}),
}

# Codes given a new letter when letters came to mean severities, old -> new: the old code still
# works wherever a code is read (`--select`, `--ignore`, the settings, `monolog explain`).
RENAMED: dict[str, str] = {"W004": "I001"}

REQUIRED_KEYS = ("title", "severity", "summary", "explanation", "fail", "pass")
OPTIONAL_KEYS = ("rule", "cites")
# Internal errors (P9xx) are monolog's own bugs: no record triggers them on purpose.
NO_EXAMPLE_RE = re.compile(r"^P9\d\d$")
# The event stream's own errors (P13x): their examples are JSON Lines streams, not records.
STREAM_EXAMPLE_RE = re.compile(r"^P13\d$")


INTERNAL_NOTE = "No record is meant to give this code: it is a bug in monolog."


def example_note(code: str) -> str | None:
    """When a failing record gives its code by something other than its text.

    P001 is about opening the file and P002 about its encoding (the example is the text
    that, saved in Latin-1, gives it; the catalogue tests write it so).
    """
    if code == "P001":
        return "when the file cannot be opened (a missing path, a folder), whatever it holds"
    if code == "P002":
        return "when this text is saved in Latin-1 (or Windows-1252) instead of UTF-8"
    if is_stream_example(code):
        return "when this text is read as an event stream (a .jsonl file, docs/engines.md)"
    if code == PROFILE_CODE:
        return (
            f"when the edition file {PROFILE_EXAMPLE_NAME} beside it holds an engine profile "
            "declaring CF-71 closest (`extends: us-2018`, `engine: {name: demo 1.0, plays: "
            "{CF-71: closest}}`, docs/engines.md)"
        )
    return None


# I002's examples: the failing record names an edition file holding an engine profile, which
# the catalogue tests write beside it.
PROFILE_CODE = "I002"
PROFILE_EXAMPLE_NAME = "engine.yaml"
PROFILE_EXAMPLE = "extends: us-2018\nengine:\n  name: demo 1.0\n  plays:\n    CF-71: closest\n"


# Where docs/rules.md, the page of every finding code, is published; a code's section is
# `RULES_PAGE#anchor`. The host is a placeholder (as for the JSON Schemas' $id) until the
# project has a public home: the anchors are real, and the tests hold them to the page.
RULES_PAGE = "https://monolog.invalid/docs/rules.md"


def doc_anchor(code: str, title: str) -> str:
    """The anchor of a code's section in docs/rules.md (its heading `### CODE: Title`, slugged
    as GitHub and other Markdown renderers do it)."""
    anchor = f"{code}-{title}".lower()
    return re.sub(r"[^a-z0-9 -]", "", anchor).replace(" ", "-")


def help_uri(code: str, title: str) -> str:
    """The address of a code's section of docs/rules.md."""
    return f"{RULES_PAGE}#{doc_anchor(code, title)}"


def is_stream_example(code: str) -> bool:
    """P13x: the examples are JSON Lines event streams, read as `game.jsonl` is."""
    return STREAM_EXAMPLE_RE.match(code) is not None


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def printable(record: str) -> str:
    """A record as it may be shown: control characters (a NUL byte, say) become their visible
    symbols (␀), so a page or a terminal shows them instead of choking on them."""
    return _CONTROL.sub(lambda m: chr(0x2421 if m[0] == "\x7f" else 0x2400 + ord(m[0])), record)


def is_internal(code: str) -> bool:
    """P9xx: monolog's own failures, which no record gives on purpose."""
    return NO_EXAMPLE_RE.match(code) is not None


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalogue entry. `passing` is the YAML `pass` record (a Python keyword)."""

    code: str
    title: str
    severity: Severity
    rule: str | None
    summary: str
    explanation: str
    fail: str | None
    passing: str | None
    source: str
    # the more precise rules some of this code's findings cite instead of `rule`
    cites: tuple[str, ...] = ()

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule this code's findings may cite: its own, then those it cites in cases."""
        return ((self.rule,) if self.rule else ()) + self.cites

    @property
    def family(self) -> str:
        return self.code[0]

    @property
    def number(self) -> int:
        return int(self.code[1:])

    def to_data(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "title": self.title,
            "severity": self.severity.value,
            "rule": self.rule,
            "cites": list(self.cites),
            "summary": self.summary,
            "explanation": self.explanation,
            "fail": self.fail,
            "pass": self.passing,
        }


def code_key(code: str) -> tuple[int, int, str]:
    """Sort key: family order (P, M, A, W, I), then number."""
    m = CODE_RE.match(code)
    if m is None:
        return (len(FAMILY_ORDER), 0, code)
    return (FAMILY_ORDER.index(m["family"]), int(m["number"]), code)


def normalise_code(text: str) -> str:
    """`m301` -> `M301`, `A2` -> `A02` (A-codes carry the two-digit CF number)."""
    code = text.strip().upper()
    code = RENAMED.get(code, code)
    m = CODE_RE.match(code)
    if m and m["family"] == "A" and len(m["number"]) < 2:
        return f"A{int(m['number']):02d}"
    return code


class Catalogue:
    """All entries, in code order. `problems` lists what failed validation (empty when sound)."""

    def __init__(self, entries: Mapping[str, Entry], problems: list[str] | None = None) -> None:
        self._entries = {c: entries[c] for c in sorted(entries, key=code_key)}
        self.problems: list[str] = list(problems or [])

    def get(self, code: str) -> Entry | None:
        return self._entries.get(normalise_code(code))

    def __getitem__(self, code: str) -> Entry:
        entry = self.get(code)
        if entry is None:
            raise KeyError(code)
        return entry

    def __contains__(self, code: object) -> bool:
        return isinstance(code, str) and self.get(code) is not None

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def codes(self) -> list[str]:
        return list(self._entries)

    def by_family(self, family: str) -> list[Entry]:
        return [e for e in self if e.family == family]


# --------------------------------------------------------------------------- YAML reading


def _duplicate_key(node: Any) -> tuple[str, Any] | None:
    """The first key given twice in one mapping of a composed YAML document (YAML keeps the
    last silently), with its position; None when every key is unique."""

    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in current.value:
                if isinstance(key_node, yaml.ScalarNode):
                    if key_node.value in seen:
                        return key_node.value, key_node.start_mark
                    seen.add(key_node.value)
                stack.append(value_node)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
    return None


def read_yaml(path: Path) -> Any:
    """Read one YAML file safely, refusing duplicate keys. Raises yaml.YAMLError or OSError."""

    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser when built with it
    loader = loader_class(path.read_text(encoding="utf-8"))
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        duplicate = _duplicate_key(node)
        if duplicate is not None:
            key, mark = duplicate
            raise yaml.YAMLError(f"the key {key!r} is given twice (line {mark.line + 1})")
        return loader.construct_document(node)
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- validation


def _flat(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def _one_line(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip()) and "\n" not in value.strip()


def validate_entry(
    code: Any, raw: Any, source: str, rule_ids: Mapping[str, str] | None = None
) -> tuple[Entry | None, list[str]]:
    """Check one entry. Returns the entry (None when unusable) and the problems found."""
    where = f"{source}: {code}"
    problems: list[str] = []
    if not isinstance(code, str) or CODE_RE.match(code) is None:
        return None, [f"{where}: a code is a letter P, M, A, W or I followed by digits"]
    family = code[0]
    if family == "A" and not re.fullmatch(r"A\d{2}", code):
        problems.append(f"{where}: an A-code is A and the two-digit CF number (A01 for CF-01)")
    elif family != "A" and not re.fullmatch(r"[PMWI]\d{3}", code):
        problems.append(f"{where}: P, M and W codes have three digits")
    if not isinstance(raw, dict):
        return None, [*problems, f"{where}: the entry must be a mapping of fields"]

    examples_optional = NO_EXAMPLE_RE.match(code) is not None
    _check_fields(raw, where, examples_optional, problems)
    severity = _severity(raw, family, where, problems)
    rule = raw.get("rule")
    _check_rule(rule, code, where, rule_ids, problems)
    cites = _cites(raw.get("cites"), rule, where, rule_ids, problems)
    _check_cf(code, where, rule_ids, problems)
    examples = _examples(raw, where, examples_optional, problems)

    if problems or severity is None:
        return None, problems
    entry = Entry(
        code=code,
        title=str(raw.get("title")).strip(),
        severity=severity,
        rule=rule,
        summary=str(raw.get("summary")).strip(),
        explanation=str(raw.get("explanation")).strip(),
        fail=examples["fail"],
        passing=examples["pass"],
        source=source,
        cites=cites,
    )
    return entry, []


def _check_fields(
    raw: dict[Any, Any], where: str, examples_optional: bool, problems: list[str]
) -> None:
    """The fields an entry has, and its text fields."""
    unknown = sorted(str(k) for k in raw if k not in REQUIRED_KEYS + OPTIONAL_KEYS)
    if unknown:
        problems.append(f"{where}: unknown field(s) {', '.join(unknown)}")
    for key in REQUIRED_KEYS:
        if key not in raw and not (examples_optional and key in ("fail", "pass")):
            problems.append(f"{where}: missing field '{key}'")
    for key in ("title", "summary"):
        if key in raw and not _one_line(raw.get(key)):
            problems.append(f"{where}: '{key}' must be one non-empty line")
    explanation = raw.get("explanation")
    if "explanation" in raw and (not isinstance(explanation, str) or not explanation.strip()):
        problems.append(f"{where}: 'explanation' must be non-empty text")


def _severity(raw: dict[Any, Any], family: str, where: str, problems: list[str]) -> Severity | None:
    """The entry's severity, one its family allows, or None."""
    severity: Severity | None = None
    try:
        severity = Severity(raw.get("severity"))
    except ValueError:
        if "severity" in raw:
            problems.append(f"{where}: 'severity' must be error, warning or info")
    if severity is not None and severity not in FAMILY_SEVERITIES[family]:
        allowed = " or ".join(sorted(s.value for s in FAMILY_SEVERITIES[family]))
        article = "an" if family in "MA" else "a"
        problems.append(
            f"{where}: {article} {family}-code has severity {allowed}, not {severity.value}"
        )
    return severity


def _check_rule(
    rule: Any, code: str, where: str, rule_ids: Mapping[str, str] | None, problems: list[str]
) -> None:
    """The entry's rule: a RULES-MATRIX ID (needed by M and A codes; an A code's is its CF)."""
    family = code[0]
    if rule is None:
        if family in "MA":
            problems.append(f"{where}: an {family}-code needs a 'rule' (a RULES-MATRIX ID)")
    elif not isinstance(rule, str) or RULE_RE.match(rule) is None:
        problems.append(f"{where}: 'rule' must be a RULES-MATRIX ID like RENT-05 or CF-01")
    elif rule_ids is not None and rule not in rule_ids:
        problems.append(f"{where}: 'rule' {rule} is not a RULES-MATRIX rule ID or CF item")


def _check_cf(
    code: str, where: str, rule_ids: Mapping[str, str] | None, problems: list[str]
) -> None:
    """An A code's number is a CF item's."""
    if code[0] == "A" and rule_ids is not None:
        cf = f"CF-{code[1:]}"
        if cf not in rule_ids:
            problems.append(f"{where}: {code} must be the number of a CF item, and {cf} is none")


def _examples(
    raw: dict[Any, Any], where: str, examples_optional: bool, problems: list[str]
) -> dict[str, str | None]:
    """The entry's fail and pass records (None where an entry may have none)."""
    examples: dict[str, str | None] = {}
    for key in ("fail", "pass"):
        value = raw.get(key)
        if value is None and examples_optional:
            examples[key] = None
        elif not isinstance(value, str) or not value.strip():
            if key in raw:
                problems.append(f"{where}: '{key}' must be a record (text)")
            examples[key] = None
        else:
            examples[key] = value
    return examples


def _cites(
    value: Any,
    rule: Any,
    where: str,
    rule_ids: Mapping[str, str] | None,
    problems: list[str],
) -> tuple[str, ...]:
    """The `cites` list of an entry: rule IDs other than its own `rule`, each once."""
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        problems.append(f"{where}: 'cites' must be a list of rule IDs like [RENT-02, RENT-07]")
        return ()
    out: list[str] = []
    for item in value:
        if not isinstance(item, str) or RULE_RE.match(item) is None:
            problems.append(f"{where}: 'cites' holds {item!r}, not a rule ID like RENT-02")
        elif rule_ids is not None and item not in rule_ids:
            problems.append(f"{where}: 'cites' {item} is not a RULES-MATRIX rule ID or CF item")
        elif item == rule or item in out:
            problems.append(f"{where}: 'cites' names {item} twice (with 'rule' or in the list)")
        else:
            out.append(item)
    return tuple(out)


def load_rule_ids(path: Path = RULE_IDS_FILE) -> dict[str, str] | None:
    """The RULES-MATRIX IDs (rules and CF items) and their titles, or None when not shipped.

    Reads `{rules: {ID: title}, conflicts: {CF-nn: title}}`; a flat `{ID: title}` mapping or a
    list of `{id, title}` items is read too.
    """
    if not path.is_file():
        return None

    try:
        data = read_yaml(path)
    except (OSError, yaml.YAMLError):
        return None
    parts: list[Any] = []
    if isinstance(data, dict) and ("rules" in data or "conflicts" in data):
        parts = [data.get("rules"), data.get("conflicts")]
    else:
        parts = [data]
    out: dict[str, str] = {}
    for part in parts:
        if isinstance(part, dict):
            for key, value in part.items():
                if isinstance(value, dict):
                    value = value.get("title", "")
                out[str(key)] = "" if value is None else str(value)
        elif isinstance(part, list):
            for item in part:
                if isinstance(item, dict) and "id" in item:
                    out[str(item["id"])] = str(item.get("title") or "")
    return out or None


def load(folder: Path = CATALOGUE_DIR, rule_ids: Mapping[str, str] | None = None) -> Catalogue:
    """Read and check every code file in `folder`."""

    entries: dict[str, Entry] = {}
    problems: list[str] = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name == NOT_ENFORCED_FILE:
            continue
        try:
            data = read_yaml(path)
        except (OSError, yaml.YAMLError) as exc:
            problems.append(f"{path.name}: cannot be read: {_flat(exc)}")
            continue
        if data is None:
            continue
        if not isinstance(data, dict):
            problems.append(f"{path.name}: must be a mapping of CODE: entry")
            continue
        for code, raw in data.items():
            if code in entries:
                problems.append(f"{path.name}: {code} is also defined in {entries[code].source}")
                continue
            entry, found = validate_entry(code, raw, path.name, rule_ids)
            problems.extend(found)
            if entry is not None:
                entries[entry.code] = entry
    return Catalogue(entries, problems)


@lru_cache(maxsize=1)
def load_catalogue() -> Catalogue:
    """The package's catalogue, read once per process."""
    return load(CATALOGUE_DIR, load_rule_ids())


# a not-enforced key: `CF-21`, or `CF-21 (us-2018, uk-esl)` for some editions only
LISTED_RE = re.compile(r"^(?P<id>[A-Z]+-\d{2})(?: \((?P<eds>[a-z0-9-]+(?:, [a-z0-9-]+)*)\))?$")


def listed_id(key: str) -> str:
    """`CF-21 (us-2018)` -> `CF-21`."""
    return key.split(" ", 1)[0]


def load_not_enforced(folder: Path = CATALOGUE_DIR) -> tuple[dict[str, str], list[str]]:
    """`not-enforced.yaml`: rule ID -> why the engine does not check it. Returns (map, problems).

    A key may name the editions it holds for, `CF-21 (us-2018, uk-esl)`; without them it holds
    for every edition."""
    path = folder / NOT_ENFORCED_FILE
    if not path.is_file():
        return {}, []

    try:
        data = read_yaml(path)
    except (OSError, yaml.YAMLError) as exc:
        return {}, [f"{NOT_ENFORCED_FILE}: cannot be read: {_flat(exc)}"]
    if data is None:
        return {}, []
    if not isinstance(data, dict):
        return {}, [f"{NOT_ENFORCED_FILE}: must be a mapping of RULE-ID: reason"]
    out: dict[str, str] = {}
    problems: list[str] = []
    for key, reason in data.items():
        m = LISTED_RE.match(key) if isinstance(key, str) else None
        if m is None or RULE_RE.match(m["id"]) is None:
            problems.append(
                f"{NOT_ENFORCED_FILE}: {key!r} is not a rule ID like RENT-05 "
                "or RENT-05 (us-2018, uk-esl)"
            )
            continue
        if m["eds"]:
            known = list_editions()
            bad = [e for e in m["eds"].split(", ") if e not in known]
            if bad:
                problems.append(
                    f"{NOT_ENFORCED_FILE}: {key}: unknown edition {', '.join(bad)} "
                    f"(known: {', '.join(known)})"
                )
                continue
        if not _one_line(reason):
            problems.append(f"{NOT_ENFORCED_FILE}: {key}: the reason must be one line of text")
            continue
        out[key] = str(reason).strip()
    return out, problems
