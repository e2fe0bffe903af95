"""Every mutation kind written into simulated games, and reported with exactly its code.

test_mutations.py checks each kind on the first base games that offer it a spot, the shipped
records first. Here the bases are simulated games alone: whole games, and the same games cut
before the turn in which a player first leaves (`before_first_exit`). A whole game ends when all
but one player have left, so a payment between two players always involves one who leaves
later and the kinds that change such a payment (wrong rent, rent to the wrong player) have no
spot in it; the cut games give them one. Every kind must find a spot in these few games.
"""

from __future__ import annotations

import random

import pytest
from testkit.base import audit_text, before_first_exit, legal_prefix
from testkit.mutate import OPERATORS, judge, kinds, mutate

from monolog.findings.model import Finding
from monolog.simulate import simulate

SEEDS = range(1, 9)


@pytest.fixture(scope="module")
def bases() -> list[tuple[str, str, list[Finding]]]:
    out = []
    for seed in SEEDS:
        text = simulate("us-2018", players=4, seed=seed).text
        versions = [(f"seed {seed}", text)]
        cut = before_first_exit(text)
        if cut is not None:
            versions.append((f"seed {seed} cut at line {cut[1]}", cut[0]))
        for name, version in versions:
            legal, note = legal_prefix(version)
            assert legal == version, f"{name}: a simulated game must audit clean ({note})"
            out.append((name, version, audit_text(version, name)))
    return out


def test_a_cut_game_keeps_everyone_in_it() -> None:
    text = simulate("us-2018", players=4, seed=1).text
    cut = before_first_exit(text)
    assert cut is not None
    cut_text, line = cut
    assert text.startswith(cut_text)
    assert text.splitlines()[line - 1].split(".")[0].isdigit()  # cut at a turn line
    assert " bankrupt" not in cut_text and " bankrupt" in text


def test_a_game_nobody_leaves_is_not_cut() -> None:
    text = simulate("us-2018", players=4, seed=1).text
    cut = before_first_exit(text)
    assert cut is not None
    assert before_first_exit(cut[0]) is None


@pytest.mark.parametrize("kind", kinds())
def test_kind_is_found_in_simulated_games(
    kind: str, bases: list[tuple[str, str, list[Finding]]]
) -> None:
    for name, text, findings in bases:
        m = mutate(kind, text, random.Random(f"{kind}/{name}"))
        if m is None:
            continue
        assert m.code == OPERATORS[kind].code
        verdict = judge(m, findings, audit_text(m.text, name))
        assert verdict.exact, f"{name}: {m.note}: {verdict.describe()}"
        return
    pytest.fail(f"{kind}: no simulated game of seeds {SEEDS} offers a spot")
