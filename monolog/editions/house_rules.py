"""House rules a record may declare (`[HouseRule "free-parking-jackpot"]`).

The keys come from data/house-rules.yaml; the engine plays them (engine/core/house_rules.py). A key
whose entry has a `parameter` takes one amount after it, separated by a space:
`[HouseRule "free-parking-bonus 500"]` (`$500` and `£500` are read too). A key without one takes
nothing after it. An unknown key, a missing or stray amount, or a key monolog deliberately does
not play is reported with a one-line reason (naming the closest keys where it can).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache

from .errors import EditionError
from .loader import HOUSE_RULES_FILE, parse_yaml
from .readings import DATA_DIR

# house rules tables play that are not keys, and why (a W011 names the reason)
NOT_KEYS: dict[str, str] = {
    "rent-immunity": (
        "a promise of free landings cannot be written in the notation, and an owner who lets "
        "a landing go already writes `rent unclaimed`, which the official rules allow (CF-23)"
    ),
}

_AMOUNT = re.compile(r"[$£]?(\d+)")


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A common departure from the rules: its key, what is played instead, the rules it changes.

    `parameter` names the amount the key takes (None: the key takes none)."""

    key: str
    description: str
    departs: tuple[str, ...]
    parameter: str | None = None


@cache
def load_house_rules() -> dict[str, HouseRule]:
    """Every known house rule, in file order."""
    file = f"monolog/editions/data/{HOUSE_RULES_FILE}"
    raw = (DATA_DIR / HOUSE_RULES_FILE).read_bytes()
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
            or not isinstance(entry.get("parameter", ""), str)
        ):
            raise EditionError(
                "expected description, departs (rule IDs) and an optional parameter",
                file=file,
                path=key,
            )
        rules[str(key)] = HouseRule(
            str(key),
            entry["description"],
            tuple(str(r) for r in entry["departs"]),
            entry.get("parameter") or None,
        )
    return rules


def split_house_rule(value: str) -> tuple[str, int | None]:
    """`"free-parking-bonus 500"` -> ("free-parking-bonus", 500); `"no-auctions"` -> (key, None).

    Only a trailing amount is split off; anything else stays part of the key."""
    head, _, tail = value.strip().rpartition(" ")
    match = _AMOUNT.fullmatch(tail)
    if head and match:
        return head.strip(), int(match.group(1))
    return value.strip(), None


def check_house_rule(value: str) -> str | None:
    """None if `value` declares a known house rule rightly, else a one-line reason."""
    known = load_house_rules()
    key, amount = split_house_rule(value)
    rule = known.get(key)
    if rule is not None:
        example = f'[HouseRule "{key} 500"]'
        if rule.parameter and amount is None:
            return f"house rule {key} needs {rule.parameter}, written {example}"
        if rule.parameter and amount is not None and amount <= 0:
            return f"house rule {key} needs {rule.parameter} to be above zero, not {amount}"
        if not rule.parameter and amount is not None:
            return f'house rule {key} takes no amount; declare it as [HouseRule "{key}"]'
        return None
    wanted = key.casefold().replace("_", "-").replace(" ", "-")
    if wanted in NOT_KEYS:
        return f"{wanted} is not a house rule monolog plays: {NOT_KEYS[wanted]}"
    if wanted in known:
        spelt = wanted if amount is None else f"{wanted} {amount}"
        return f"house rule {value.strip()!r} is written {spelt!r}"

    close = difflib.get_close_matches(wanted, list(known), n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    return f"unknown house rule {value.strip()!r} ({hint}known: {', '.join(known)})"
