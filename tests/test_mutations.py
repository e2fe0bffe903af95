"""Mutation tests: one known mistake written into a legal game must be reported with exactly the
matching code on the mutated line, and nothing else new but cash-note (W001) knock-ons where the
mistake moves money (see tests/testkit/mutate/ for the rule).

Base games: the records in scenarios/games/ and a few simulated games. A base that does not
audit clean is cut before its first error when the part before is legal, else left out; the
reason is printed either way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from testkit.base import audit_text, legal_prefix
from testkit.mutate import OPERATORS, Mutation, judge, kinds, mutate

from monolog.findings.model import Finding

GAMES = Path(__file__).resolve().parent.parent / "scenarios" / "games"
SIMULATED_SEEDS = (1, 2, 3)
PER_KIND = 2  # bases each kind is checked on (the first ones it applies to)


@dataclass(frozen=True)
class Base:
    name: str
    text: str
    findings: list[Finding]


def _sources() -> list[tuple[str, str]]:
    out = [(p.stem, p.read_text(encoding="utf-8")) for p in sorted(GAMES.glob("*.mlog"))]
    try:
        from monolog.simulate import simulate
    except ImportError:
        return out
    for seed in SIMULATED_SEEDS:
        out.append((f"simulated-{seed}", simulate("us-2018", players=4, seed=seed).text))
    return out


@pytest.fixture(scope="module")
def bases() -> list[Base]:
    out: list[Base] = []
    for name, text in _sources():
        legal, note = legal_prefix(text)
        if legal is None:
            print(f"base {name} left out: it does not audit clean ({note})")
            continue
        if note is not None:
            print(f"base {name}: {note}")
        out.append(Base(name, legal, audit_text(legal, name)))
    if not out:
        pytest.skip("no base game audits clean")
    return out


_DONE: dict[tuple[str, tuple[str, ...]], list[tuple[Base, Mutation]]] = {}


def _mutations(kind: str, bases: list[Base]) -> list[tuple[Base, Mutation]]:
    """The mutations of `kind` on the first PER_KIND bases that offer a spot (made once)."""
    key = (kind, tuple(b.name for b in bases))
    if key not in _DONE:
        _DONE[key] = _make(kind, bases)
    return _DONE[key]


def _make(kind: str, bases: list[Base]) -> list[tuple[Base, Mutation]]:
    out = []
    for base in bases:
        m = mutate(kind, base.text, random.Random(f"{kind}/{base.name}"))
        if m is not None:
            out.append((base, m))
        if len(out) == PER_KIND:
            break
    return out


@pytest.mark.parametrize("kind", kinds())
def test_mistake_is_reported_with_its_code_on_its_line(kind: str, bases: list[Base]) -> None:
    done = _mutations(kind, bases)
    if not done:
        pytest.skip(f"{kind}: no base game offers a spot")
    for base, m in done:
        assert m.kind == kind and m.code == OPERATORS[kind].code
        verdict = judge(m, base.findings, audit_text(m.text, base.name))
        assert verdict.exact, f"{base.name}: {m.note}: {verdict.describe()}"


@pytest.mark.parametrize("kind", kinds())
def test_mutation_touches_only_its_lines(kind: str, bases: list[Base]) -> None:
    done = _mutations(kind, bases)
    if not done:
        pytest.skip(f"{kind}: no base game offers a spot")
    for base, m in done:
        old = base.text.splitlines()
        new = m.text.splitlines()
        assert len(new) == len(old) + len(m.inserted)
        kept = [line for i, line in enumerate(new, 1) if i not in m.inserted]
        differ = [i for i, (a, b) in enumerate(zip(old, kept, strict=True), 1) if a != b]
        assert all(m.base_line(i) in m.changed for i in differ), (m.note, differ)
        assert m.line <= len(new)
        assert m.text != base.text


def test_at_least_twenty_kinds_are_exercised(bases: list[Base]) -> None:
    exercised = [k for k in kinds() if _mutations(k, bases)]
    assert len(exercised) >= 20, exercised


def test_operators_are_deterministic_for_a_seed(bases: list[Base]) -> None:
    base = bases[0]
    for kind in kinds():
        one = mutate(kind, base.text, random.Random(7))
        two = mutate(kind, base.text, random.Random(7))
        assert one == two


def test_judge_rejects_an_unchanged_record(bases: list[Base]) -> None:
    base = bases[0]
    fake = Mutation("none", "M301", "RENT-04", base.text, 1, (1,))
    verdict = judge(fake, base.findings, base.findings)
    assert not verdict.detected and not verdict.exact


def test_judge_rejects_a_finding_elsewhere(bases: list[Base]) -> None:
    base = bases[0]
    m = mutate("checksum", base.text, random.Random(1))
    assert m is not None
    found = audit_text(m.text)
    # the same mutation claimed for another line is not detected there, and its W001 is extra
    moved = Mutation(m.kind, m.code, m.rule, m.text, m.line + 1, (m.line + 1,))
    verdict = judge(moved, base.findings, found)
    assert not verdict.detected
    assert [f.code for f in verdict.extra] == ["W001"]
