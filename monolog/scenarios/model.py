"""Scenario files: a small record and what replaying it must give.

A scenario file (`scenarios/**/*.yaml`) holds one scenario, or a list of them under a top-level
`scenarios:` key. Each scenario names the rules it exercises, gives a record (inline under
`record:` or in a file under `record_file:`, a path relative to the YAML file that stays in its
folder, links followed; a regular file within the record size limit, read when the scenario
is loaded) and says what to expect:

- `findings`: the exact set of findings, as `{code, line}` (and optionally `column`) items;
  omitted means findings are not checked; line 0 is a finding about the record as a whole;
  an item may also pin `message` (text the finding's message must contain), `severity`
  (error, warning or info) and `rule` (the rule ID the finding cites, shown in brackets);
- `state`: `{line: partial snapshot}`, the state after the last event of that line;
- `final`: a partial snapshot at the end of the record;
- `parse_error`: `{code, line, column}`: the record must fail to parse, there (line and
  column may be left out, e.g. for P003, an empty record, which has no position);
- `settlement`: kept as written for the settlement checks.

Line numbers count lines of the record (line 1 is its first line), not of the YAML file.
Besides `title`, `rules` (a list, may be empty for notation scenarios), the record and
`expect`, a scenario may give `edition`, `variant`, `rulings` ({CF-02: reading}) and `notes`,
and `editions`, a list of the editions it runs under (or the file gives one beside its
`scenarios:` list): it is then ported by board position to each edition but its record's own
(porting.py), each port a scenario of its own, with `overrides` per edition laid over the port
(overrides.py).

Loading validates everything; a mistake raises `ScenarioFileError` naming the file, the line in
the YAML file and the key path (`expect.findings[1].code`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from ..editions import check_ruling, list_editions
from ..files import missing, read_regular
from ..notation.errors import ParseError
from ..notation.parser import decode_source
from ..shallow_yaml import ShallowLoader
from .cases import CF_ID as CF_ID
from .cases import EXPECT_KEYS as EXPECT_KEYS
from .cases import FINDING_CODE as FINDING_CODE
from .cases import FINDING_KEYS as FINDING_KEYS
from .cases import PARSE_ERROR_KEYS as PARSE_ERROR_KEYS
from .cases import RULE_ID as RULE_ID
from .cases import SCENARIO_KEYS as SCENARIO_KEYS
from .cases import SEVERITIES as SEVERITIES
from .cases import Expectation as Expectation
from .cases import ExpectedFinding as ExpectedFinding
from .cases import ExpectedParseError as ExpectedParseError
from .cases import Scenario as Scenario
from .cases import ScenarioFileError as ScenarioFileError
from .overrides import OVERRIDE_KEYS, laid_over, record_lines
from .porting import Skip, porter, source_edition
from .rule_ids import RuleCatalogue as RuleCatalogue
from .rule_ids import load_rule_text as load_rule_text
from .rule_ids import rule_catalogue as rule_catalogue

# --------------------------------------------------------------------------- loading


def load_scenarios(path: str | Path) -> list[Scenario]:
    """Every scenario in a file. Raises ScenarioFileError on anything wrong with the file."""
    file = Path(path)
    name = str(file)
    try:  # a regular file only, never a blocking open, within the record size limit
        text = read_regular(file).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioFileError(name, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise ScenarioFileError(name, f"cannot read the file ({exc.strerror or exc})") from None
    return parse_scenarios(text, file)


def _reader_problem(exc: yaml.YAMLError) -> str:
    """The first line of a YAML reader error, e.g. `unacceptable character #x0000: …`."""
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def parse_scenarios(text: str, file: Path) -> list[Scenario]:
    """Scenarios from YAML text; `file` names it in errors and anchors `record_file`."""
    name = str(file)
    try:
        # the reader rejects characters YAML forbids (a NUL byte, say) as soon as it is made
        loader = ShallowLoader(text)
    except yaml.YAMLError as exc:
        position = getattr(exc, "position", None)
        line = text.count("\n", 0, position) + 1 if isinstance(position, int) else None
        raise ScenarioFileError(name, f"not valid YAML: {_reader_problem(exc)}", line) from None
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        line = mark.line + 1 if mark is not None else None
        raise ScenarioFileError(name, f"not valid YAML: {problem}", line) from None
    finally:
        loader.dispose()
    v = _Validator(name, node)
    if data is None:
        raise v.error("", "the file is empty: expected a scenario or a `scenarios:` list")
    if not isinstance(data, dict):
        raise v.error("", "expected a mapping (a scenario, or a `scenarios:` list)")
    if "scenarios" in data:
        extra = sorted(str(k) for k in data if k not in ("scenarios", "editions"))
        if extra:
            raise v.error(
                extra[0],
                "a file with a `scenarios:` list holds nothing else at the top level "
                "but an `editions:` list for all of them",
            )
        items = data["scenarios"]
        if not isinstance(items, list) or not items:
            raise v.error("scenarios", "expected a non-empty list of scenarios")
        scenarios = [
            s
            for i, item in enumerate(items)
            for s in v.runs(item, f"scenarios[{i}]", i, file, data.get("editions"))
        ]
    else:
        scenarios = v.runs(data, "", 0, file, None)
    seen: dict[str, int] = {}
    for s in scenarios:
        if s.title in seen:
            prefix = f"scenarios[{s.index}]." if "scenarios" in data else ""
            raise v.error(
                f"{prefix}title",
                f"the title {s.title!r} is already used by scenarios[{seen[s.title]}]; "
                "titles must differ within a file",
            )
        seen[s.title] = s.index
    return scenarios


class _Validator:
    """Checks scenario data and locates mistakes in the YAML source by key path."""

    def __init__(self, file: str, root: yaml.Node | None) -> None:
        self.file = file
        self.root = root

    # ---------------------------------------------------------------- errors
    def line_of(self, path: str) -> int | None:
        node = self.root
        if node is None:
            return None
        line: int = node.start_mark.line + 1
        for part in _split_path(path):
            child: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for key_node, value_node in node.value:
                    if str(getattr(key_node, "value", None)) == str(part):
                        child = value_node
                        line = key_node.start_mark.line + 1
                        break
            elif (
                isinstance(node, yaml.SequenceNode)
                and isinstance(part, int)
                and 0 <= part < len(node.value)
            ):
                child = node.value[part]
                line = child.start_mark.line + 1
            if child is None:
                break
            node = child
        return line

    def error(self, path: str, message: str) -> ScenarioFileError:
        return ScenarioFileError(self.file, message, self.line_of(path), path)

    # ---------------------------------------------------------------- pieces
    def scenario(self, data: Any, path: str, index: int, file: Path) -> Scenario:
        def at(key: str) -> str:
            return f"{path}.{key}" if path else key

        if not isinstance(data, dict):
            raise self.error(path, "expected a mapping with title, rules, record and expect")
        self.known_keys(data, path, SCENARIO_KEYS)
        title = self.text(data, at("title"), data.get("title"), required=True)
        assert title is not None
        rules = self.rule_ids(data.get("rules"), at("rules"))
        edition = self.edition(self.text(data, at("edition"), data.get("edition")), at("edition"))
        variant = self.text(data, at("variant"), data.get("variant"))
        notes = self.text(data, at("notes"), data.get("notes"))
        rulings = self.rulings(data.get("rulings"), at("rulings"))
        record, record_file = self.record(data, path, file)
        expect = self.expectation(data.get("expect"), at("expect"))
        record_data = record if isinstance(record, bytes) else None
        return Scenario(
            title=title,
            file=file,
            line=self.line_of(path) or 1,
            index=index,
            rules=rules,
            record=record if isinstance(record, str) else None,
            record_file=record_file,
            expect=expect,
            edition=edition,
            variant=variant,
            rulings=rulings,
            notes=notes,
            record_data=record_data,
        )

    # ---------------------------------------------------------------- editions
    def runs(self, data: Any, path: str, index: int, file: Path, shared: Any) -> list[Scenario]:
        """A scenario, then its port to every other edition of its `editions:` list (its own,
        else the file's `shared` one), each with that edition's override laid over it."""
        scenario = self.scenario(data, path, index, file)
        own = "editions" in data
        where = (f"{path}.editions" if path else "editions") if own else "editions"
        value = data["editions"] if own else shared
        over = f"{path}.overrides" if path else "overrides"
        if value is None:
            if data.get("overrides") is not None:
                raise self.error(over, "overrides need an `editions:` list to apply to")
            return [scenario]
        record = self.record_text(scenario)
        source = source_edition(data, record)
        editions = self.edition_list(value, where, source)
        overrides = self.overrides(data.get("overrides"), over, editions, source)
        out = [scenario]
        for i, edition in enumerate(editions):
            if edition == source:
                continue
            try:
                ported = porter(source, edition).scenario(data, record)
            except Skip as exc:
                raise self.error(f"{where}[{i}]", f"cannot be ported to {edition}: {exc}") from None
            override = overrides.get(edition, {})
            self.lines_exist(override, ported, f"{over}.{edition}.lines")
            out.append(self.scenario(laid_over(ported, override), path, index, file))
        return out

    def record_text(self, scenario: Scenario) -> str:
        if scenario.record_data is None:
            return scenario.record or ""
        try:
            return decode_source(scenario.record_data, scenario.record_name)
        except ParseError as exc:
            raise ScenarioFileError(self.file, exc.finding.message, scenario.line) from None

    def edition_list(self, value: Any, path: str, source: str) -> list[str]:
        if not isinstance(value, list) or not value:
            raise self.error(path, "expected a list of editions like [us-2018, uk-1996]")
        out: list[str] = []
        for i, item in enumerate(value):
            where = f"{path}[{i}]"
            key = self.edition(self.text(value, where, item) or "", where)
            if key in out:
                raise self.error(where, f"{key} is already in the list")
            out.append(str(key))
        if source not in out:
            raise self.error(
                path, f"the list must name {source}, the edition the record is written for"
            )
        return out

    def overrides(
        self, value: Any, path: str, editions: Sequence[str], source: str
    ) -> dict[str, dict[str, Any]]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(path, "expected a mapping like {uk-1996: {expect: {findings: []}}}")
        for edition, block in value.items():
            where = f"{path}.{edition}"
            if edition not in editions:
                raise self.error(
                    where, f"{edition!r} is not in the scenario's editions ({', '.join(editions)})"
                )
            if edition == source:
                raise self.error(
                    where, f"the record is written for {source}: change the scenario itself"
                )
            if not isinstance(block, dict) or not block:
                raise self.error(where, f"expected a mapping of {', '.join(OVERRIDE_KEYS)}")
            self.known_keys(block, where, OVERRIDE_KEYS)
            self.override(block, where)
        return value

    def override(self, block: dict[Any, Any], path: str) -> None:
        """Checks each value of one edition's override as the scenario's own would be."""
        if "record" in block and "lines" in block:
            raise self.error(f"{path}.lines", "give `record` or `lines`, not both")
        for key in ("title", "notes", "record"):
            if key in block:
                self.text(block, f"{path}.{key}", block[key], required=True)
        if "rules" in block:
            self.rule_ids(block["rules"], f"{path}.rules")
        if "rulings" in block:
            self.rulings(block["rulings"], f"{path}.rulings")
        if "expect" in block:
            self.expectation(block["expect"], f"{path}.expect")
        if "lines" in block:
            lines = block["lines"]
            if not isinstance(lines, dict) or not lines:
                raise self.error(f"{path}.lines", 'expected a mapping like {3: "setup …"}')
            for number, text in lines.items():
                if not _is_count(number):
                    raise self.error(f"{path}.lines.{number}", f"{number!r} is not a line number")
                if not isinstance(text, str) or "\n" in text:
                    raise self.error(f"{path}.lines.{number}", "expected one line of the record")

    def lines_exist(
        self, override: Mapping[str, Any], ported: Mapping[str, Any], path: str
    ) -> None:
        count = len(record_lines(str(ported.get("record", ""))))
        for number in override.get("lines", {}):
            if number > count:
                raise self.error(
                    f"{path}.{number}", f"the ported record has {count} lines, not {number}"
                )

    def known_keys(self, data: Mapping[Any, Any], path: str, allowed: Sequence[str]) -> None:
        for key in data:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                raise self.error(
                    where, f"unknown key {key!r}; expected one of: {', '.join(allowed)}"
                )

    def text(self, data: Any, path: str, value: Any, required: bool = False) -> str | None:
        if value is None:
            if required:
                raise self.error(path.rpartition(".")[0], f"`{_last(path)}` is required")
            return None
        if isinstance(value, bool | int | float):
            # YAML reads off, yes, 12 … as booleans and numbers
            raise self.error(path, f"expected a text, got {value!r}: write it in quotes")
        if not isinstance(value, str) or not value.strip():
            raise self.error(path, "expected a non-empty text")
        return value.strip() if "\n" not in value else value

    def edition(self, key: str | None, path: str) -> str | None:
        if key is None:
            return None

        known = list_editions()
        if key not in known:
            raise self.error(path, f"unknown edition {key!r}; the editions are: {', '.join(known)}")
        return key

    def rule_ids(self, value: Any, path: str) -> tuple[str, ...]:
        if value is None:
            raise self.error(
                path.rpartition(".")[0],
                "`rules` is required: the RULES-MATRIX IDs or CF items the scenario exercises",
            )
        if not isinstance(value, list):
            raise self.error(path, "expected a list of rule IDs like [RENT-04, CF-01]")
        return tuple(self.rule_id(item, f"{path}[{i}]") for i, item in enumerate(value))

    def rule_id(self, item: Any, where: str) -> str:
        """One RULES-MATRIX rule ID or CF item, checked against the catalogue."""
        if not isinstance(item, str) or not RULE_ID.match(item):
            raise self.error(where, f"{item!r} is not a rule ID like RENT-04 or CF-01")
        if item not in rule_catalogue():
            raise self.error(where, f"{item} is not a RULES-MATRIX rule ID or CF item")
        return item

    def rulings(self, value: Any, path: str) -> dict[str, str]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(path, "expected a mapping like {CF-02: reading}")
        out: dict[str, str] = {}
        for key, reading in value.items():
            where = f"{path}.{key}"
            if not isinstance(key, str) or not CF_ID.match(key):
                raise self.error(where, f"{key!r} is not a CF item like CF-02")
            if key not in rule_catalogue().conflicts:
                raise self.error(where, f"{key} is not a CF item of the rules matrix")
            if not isinstance(reading, str) or not reading.strip():
                raise self.error(where, "expected the name of a reading")

            problem = check_ruling(key, reading.strip())
            if problem is not None:
                raise self.error(where, problem)
            out[key] = reading.strip()
        return out

    def record(
        self, data: dict[Any, Any], path: str, file: Path
    ) -> tuple[str | bytes | None, Path | None]:
        """The inline record (text), or the bytes of the record file and its path: read now,
        once, so the file checked is the file replayed."""

        def at(key: str) -> str:
            return f"{path}.{key}" if path else key

        inline, ref = data.get("record"), data.get("record_file")
        if inline is not None and ref is not None:
            raise self.error(at("record_file"), "give `record` or `record_file`, not both")
        if inline is None and ref is None:
            raise self.error(path, "a scenario needs a `record` (inline) or a `record_file`")
        if inline is not None:
            if not isinstance(inline, str):
                raise self.error(at("record"), "expected the record as text (use `record: |`)")
            return inline, None
        if not isinstance(ref, str) or not ref.strip():
            raise self.error(at("record_file"), "expected a file name relative to this file")
        name = ref.strip()
        where = at("record_file")
        if os.path.isabs(name) or "\0" in name:
            raise self.error(
                where,
                f"{_quoted(name)} is not a path relative to this file; a record file must "
                "lie in the scenario file's folder or below it",
            )
        target = file.parent / name
        if not _inside(file.parent, target):  # checked first: says nothing of what is there
            raise self.error(
                where,
                f"{_quoted(name)} leads outside the scenario file's folder (links followed); "
                "a record file must lie in that folder or below it",
            )
        if missing(target):
            raise self.error(where, f"no such record file: {_quoted(str(target))}")
        try:  # a regular file only, never a blocking open, within the record size limit
            content = read_regular(target)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise self.error(where, f"cannot read {_quoted(str(target))}: {reason}") from None
        return content, target

    def expectation(self, value: Any, path: str) -> Expectation:
        if value is None:
            return Expectation()
        if not isinstance(value, dict):
            raise self.error(path, "expected a mapping of findings, state, final, parse_error")
        self.known_keys(value, path, EXPECT_KEYS)
        findings = self.findings(value, f"{path}.findings")
        state = self.states(value.get("state"), f"{path}.state")
        final = value.get("final")
        if final is not None and not isinstance(final, dict):
            raise self.error(f"{path}.final", "expected a partial snapshot (a mapping)")
        parse_error = self.parse_error(value.get("parse_error"), f"{path}.parse_error")
        if parse_error is not None:
            clash = [k for k in ("findings", "state", "final") if value.get(k) is not None]
            if clash:
                raise self.error(
                    f"{path}.{clash[0]}",
                    "a record that must fail to parse cannot also expect replay results",
                )
        return Expectation(findings, state, final, parse_error, value.get("settlement"))

    def findings(self, value: dict[Any, Any], path: str) -> tuple[ExpectedFinding, ...] | None:
        if "findings" not in value:
            return None
        items = value["findings"]
        if items is None:
            items = []
        if not isinstance(items, list):
            raise self.error(path, "expected a list like [{code: M301, line: 4}]")
        out = []
        for i, item in enumerate(items):
            where = f"{path}[{i}]"
            code, line, column = self.located(item, where, FINDING_KEYS)
            assert line is not None
            message = item.get("message")
            if message is not None and (not isinstance(message, str) or not message.strip()):
                raise self.error(f"{where}.message", "expected the text the message contains")
            severity = item.get("severity")
            if severity is not None and severity not in SEVERITIES:
                raise self.error(f"{where}.severity", f"expected one of {', '.join(SEVERITIES)}")
            rule = item.get("rule")
            if rule is not None:
                rule = self.rule_id(rule, f"{where}.rule")
            out.append(ExpectedFinding(code, line, column, message, severity, rule))
        return tuple(out)

    def parse_error(self, value: Any, path: str) -> ExpectedParseError | None:
        if value is None:
            return None
        code, line, column = self.located(value, path, PARSE_ERROR_KEYS, optional_line=True)
        if not code.startswith("P"):
            raise self.error(f"{path}.code", f"{code} is not a parse error code (P…)")
        return ExpectedParseError(code, line, column)

    def located(
        self, item: Any, path: str, keys: Sequence[str], optional_line: bool = False
    ) -> tuple[str, int | None, int | None]:
        if not isinstance(item, dict):
            raise self.error(path, "expected a mapping like {code: M301, line: 4}")
        self.known_keys(item, path, keys)
        code = item.get("code")
        if not isinstance(code, str) or not FINDING_CODE.match(code):
            raise self.error(f"{path}.code", f"{code!r} is not a finding code like M301 or P101")
        line = item.get("line")
        if line is None and optional_line:
            line = None
        elif not _is_count(line, 0):
            raise self.error(f"{path}.line", "expected a line number (0: no line)")
        column = item.get("column")
        if column is not None and not _is_count(column, 0):
            raise self.error(f"{path}.column", "expected a column number (0: no column)")
        return code, line, column

    def states(self, value: Any, path: str) -> dict[int, dict[str, Any]]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(path, "expected a mapping {line: partial snapshot}")
        out: dict[int, dict[str, Any]] = {}
        for key, snap in value.items():
            where = f"{path}.{key}"
            if not _is_count(key):
                raise self.error(where, f"{key!r} is not a line number")
            if not isinstance(snap, dict):
                raise self.error(where, "expected a partial snapshot (a mapping)")
            out[key] = snap
        return out


def _inside(folder: Path, target: Path) -> bool:
    """Whether `target` lies in `folder` or below it once links are resolved (`..` and a link
    out of the folder both lead outside). Never raises."""
    try:
        base = os.path.realpath(folder)
        real = os.path.realpath(target)
        return os.path.commonpath([base, real]) == base
    except (OSError, ValueError):
        return False


def _quoted(name: str) -> str:
    """A path as a message shows it: escaped, on one line, at most 80 characters."""
    text = repr(name)
    return text if len(text) <= 80 else text[:77] + "..."


def _is_count(value: Any, least: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _last(path: str) -> str:
    return path.rpartition(".")[2]


def _split_path(path: str) -> list[str | int]:
    """`scenarios[1].expect.findings[0]` -> ["scenarios", 1, "expect", "findings", 0]."""
    parts: list[str | int] = []
    for piece in path.split(".") if path else []:
        m = re.match(r"^([^\[]*)((?:\[\d+\])*)$", piece)
        if not m:
            parts.append(piece)
            continue
        if m[1]:
            parts.append(m[1])
        parts.extend(int(n) for n in re.findall(r"\[(\d+)\]", m[2]))
    return parts
