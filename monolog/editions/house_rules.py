"""House rules a record may declare (`[HouseRule "free-parking-jackpot"]`).

The keys come from data/house-rules.yaml. The engine replays the official rules; a declared house
rule is only recognised here, so a report can name the rules it departs from. An unknown key is
reported with the closest known ones.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .errors import EditionError
from .loader import HOUSE_RULES_FILE, parse_yaml


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A common departure from the rules: its key, what is played instead, the rules it changes."""

    key: str
    description: str
    departs: tuple[str, ...]


@cache
def load_house_rules() -> dict[str, HouseRule]:
    """Every known house rule, in file order."""
    file = f"monolog/editions/data/{HOUSE_RULES_FILE}"
    raw = resources.files("monolog.editions").joinpath("data", HOUSE_RULES_FILE).read_bytes()
    data = parse_yaml(raw, file)
    if not isinstance(data, dict):
        raise EditionError("expected a mapping of house rules", file=file)
    rules: dict[str, HouseRule] = {}
    for key, entry in data.items():
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("description"), str)
            or not isinstance(entry.get("departs"), list)
            or not entry["departs"]
        ):
            raise EditionError("expected description and departs (rule IDs)", file=file, path=key)
        rules[str(key)] = HouseRule(
            str(key), entry["description"], tuple(str(r) for r in entry["departs"])
        )
    return rules


def check_house_rule(key: str) -> str | None:
    """None if `key` names a known house rule, else a one-line reason naming close keys."""
    known = load_house_rules()
    if key in known:
        return None
    wanted = key.strip().casefold().replace("_", "-").replace(" ", "-")
    if wanted in known:
        return f"house rule {key!r} is written {wanted!r}"
    close = difflib.get_close_matches(wanted, list(known), n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    return f"unknown house rule {key!r} ({hint}known: {', '.join(known)})"
