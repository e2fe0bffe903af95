"""What a settings file did to an audit, as every output states it: the file, the keys taken
from it (those no option overrode), and the findings its `select` and `ignore` left out,
counted by code. The text report closes with it; JSON, SARIF, JUnit and the GitHub format carry
it too (`data`). `in_force` is what `monolog audit --show-settings` prints."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..config import KEYS, Settings
from ..findings.model import shown_name


@dataclass
class SettingsNote:
    """The settings file an audit read (`path`), the keys it applied with their values, and the
    findings its selection hid (code -> count), added up as the games come."""

    path: str
    applied: dict[str, Any]
    hidden: Counter[str] = field(default_factory=Counter)

    @property
    def name(self) -> str:
        return self.path.replace("\\", "/").rsplit("/", 1)[-1]

    def hidden_words(self) -> str:
        """`3 findings hidden by monolog.toml: M301 ×2, W001`, or '' when none was."""
        total = sum(self.hidden.values())
        if not total:
            return ""
        ranked = sorted(self.hidden.items(), key=lambda item: (-item[1], item[0]))
        codes = ", ".join(code if n == 1 else f"{code} ×{n}" for code, n in ranked)
        plural = "finding" if total == 1 else "findings"
        return f"{total} {plural} hidden by {shown_name(self.name)}: {codes}"

    def applied_words(self) -> str:
        """`edition = "uk-1996", ignore = ["A"]`: the keys taken from the file."""
        parts = [f"{key} = {_value(value)}" for key, value in self.applied.items()]
        if "edition" in self.applied:  # never over a record's own Edition tag
            parts[list(self.applied).index("edition")] += " (for records with no Edition tag)"
        return ", ".join(parts) if parts else "nothing (every key it sets was overridden)"

    def lines(self) -> list[str]:
        """What the text report closes with."""
        out = [f"settings: {shown_name(self.path)}: {self.applied_words()}"]
        hidden = self.hidden_words()
        return [*out, hidden] if hidden else out

    def data(self) -> dict[str, Any]:
        """The same for the machine formats."""
        return {
            "file": self.path,
            "applied": dict(self.applied),
            "hidden": dict(sorted(self.hidden.items())),
        }


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + shown_name(value) + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return shown_name(str(value))


def setting_values(project: Settings) -> dict[str, Any]:
    """The value of each key the settings file sets, by its name in the file."""
    values = {
        "edition": project.edition,
        "rulings": dict(project.rulings),
        "house-rules": list(project.house_rules),
        "select": list(project.select),
        "ignore": list(project.ignore),
        "strict": project.strict,
        "require-amounts": project.require_amounts,
    }
    return {key: values[key] for key in project.keys if key in values}


def note_for(project: Settings, given: dict[str, Any]) -> SettingsNote | None:
    """The note of an audit under `project`'s settings, with what the options `given` override
    left out (a key given as an option; a disputed point given a `--ruling`); None when no
    settings file was read."""
    if project.path is None:
        return None
    applied = _from_the_file(project, given)
    return SettingsNote(str(project.path), applied)


def _from_the_file(project: Settings, given: dict[str, Any]) -> dict[str, Any]:
    """The settings file's keys and values that no option in `given` overrides."""
    values = setting_values(project)
    ruled = given.get("rulings") or {}
    if "rulings" in values:
        values["rulings"] = {cf: r for cf, r in values["rulings"].items() if cf not in ruled}
    return {
        key: value
        for key, value in values.items()
        if value != {} and (key == "rulings" or given.get(key) in (None, []))
    }


def in_force(project: Settings, given: dict[str, Any], isolated: bool) -> list[str]:
    """`--show-settings`: each key with its value and where it comes from (an option, the
    settings file, or monolog's default); `given`: the options' values (None or empty: not
    given; `rulings` as a table)."""
    if isolated:
        head = "settings file: none (--isolated)"
    elif project.path is None:
        head = "settings file: none found"
    else:
        head = f"settings file: {shown_name(str(project.path))}"
    lines = [head]  # a file skipped on the way is said on stderr
    values = _from_the_file(project, given)
    for key in KEYS:
        shown = False
        if given.get(key) not in (None, [], {}):
            lines.append(f"{key} = {_value(given[key])}  (command line)")
            shown = True
        if key in values:
            lines.append(f"{key} = {_value(values[key])}  ({shown_name(str(project.path))})")
            shown = True
        if not shown:
            lines.append(f"{key}: {_DEFAULTS[key]}  (default)")
    return lines


_DEFAULTS = {
    "edition": "the record's Edition tag, else us-2018",
    "rulings": "the record's and the edition's",
    "house-rules": "the record's",
    "select": "every code",
    "ignore": "no code",
    "strict": "false",
    "require-amounts": "false",
}
