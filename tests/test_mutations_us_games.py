"""Single mistakes injected into the three long US 2018 games (scenarios/games/us-2018-long-*):
each must be reported with exactly its code on its line and nothing else new (the judge of
tests/testkit/mutate/ allows only cash-note knock-ons where money moves).

test_mutations.py exercises every kind over all the shipped and some simulated games; this
module holds the long US games to the same bar on their own, as whole games (no cutting).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from testkit.base import audit_text
from testkit.mutate import OPERATORS, Mutation, judge, kinds, mutate

from monolog.findings.model import Finding, Severity

GAMES = sorted(
    (Path(__file__).resolve().parent.parent / "scenarios/games").glob("us-2018-long-*.mlog")
)
TEXTS = {p.stem: p.read_text(encoding="utf-8") for p in GAMES}


# audited and mutated when a test first asks, not at import (every worker imports every file)
@cache
def _base(name: str) -> list[Finding]:
    return audit_text(TEXTS[name], name)


@cache
def _first_spot(kind: str) -> tuple[str, Mutation] | None:
    for name, text in TEXTS.items():
        m = mutate(kind, text, random.Random(f"us-long/{kind}/{name}"))
        if m is not None:
            return name, m
    return None


def test_the_three_long_games_audit_clean_whole() -> None:
    assert len(GAMES) == 3
    for name in TEXTS:
        errors = [f for f in _base(name) if f.severity is not Severity.INFO]
        assert errors == [], (name, errors[:3])


def test_at_least_twenty_kinds_find_a_spot_in_the_long_games() -> None:
    found = sorted(k for k in kinds() if _first_spot(k) is not None)
    assert len(found) >= 20, found


@pytest.mark.parametrize("kind", kinds())
def test_a_single_mistake_in_a_long_game_is_reported_exactly(kind: str) -> None:
    spot = _first_spot(kind)
    if spot is None:
        pytest.skip(f"{kind}: no spot in the long US games")
    name, m = spot
    assert m.code == OPERATORS[kind].code
    verdict = judge(m, _base(name), audit_text(m.text, name))
    assert verdict.exact, f"{name}: {m.note}: {verdict.describe()}"
