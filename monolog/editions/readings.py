"""The catalogue of readings for the disputed points CF-01..CF-57 (data/readings.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from .errors import EditionError

# the data files shipped with monolog (editions, readings, house rules, parameters)
DATA_DIR = Path(__file__).parent / "data"
READINGS_FILE = "readings.yaml"


@dataclass(frozen=True, slots=True)
class CFItem:
    """One disputed point: its readings (name -> description) and the default one."""

    cf: str
    title: str
    rules: tuple[str, ...]
    default: str
    readings: dict[str, str]


@cache
def load_readings() -> dict[str, CFItem]:
    """Every CF item with its valid readings, in CF order."""
    return _read_readings()


def _read_readings() -> dict[str, CFItem]:
    ref = DATA_DIR / READINGS_FILE
    name = f"monolog/editions/data/{READINGS_FILE}"
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # a shipped file: libyaml is safe here
    raw = yaml.load(ref.read_text(encoding="utf-8"), Loader=loader)
    if not isinstance(raw, dict):
        raise EditionError("expected a mapping of CF items", file=name)
    items: dict[str, CFItem] = {}
    for cf, entry in raw.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("readings"), dict):
            raise EditionError("expected title, rules, default and readings", file=name, path=cf)
        readings = {str(k): str(v) for k, v in entry["readings"].items()}
        default = str(entry.get("default"))
        if default not in readings:
            raise EditionError(f"default {default!r} is not a listed reading", file=name, path=cf)
        items[str(cf)] = CFItem(
            str(cf),
            str(entry.get("title", "")),
            tuple(str(r) for r in entry.get("rules", ())),
            default,
            readings,
        )
    return items


def default_readings() -> dict[str, str]:
    """The default ruling for every CF item."""
    return {cf: item.default for cf, item in load_readings().items()}


def check_ruling(cf: str, reading: str) -> str | None:
    """None if `reading` is valid for `cf` (e.g. "CF-01", "no-double"), else a one-line reason."""
    items = load_readings()
    item = items.get(cf)
    if item is None:
        return f"unknown disputed point {cf!r} (expected CF-01 to CF-{len(items):02d})"
    if reading not in item.readings:
        valid = ", ".join(item.readings)
        return f"{cf} has no reading {reading!r} (valid: {valid})"
    return None
