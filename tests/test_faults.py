"""Engine faults (monolog/simulate/faults.py): a game played as a buggy engine would is reported
at each fault's line with the fault's code.

Each kind is played in a few seeded games where it shows (the seeds are checked to show it: a
change to the simulator that hides a kind fails here, not silently). The figures over hundreds
of games (share found, W001 per game, findings per fault) are benchmarks/faults_bench.py's.
"""

from __future__ import annotations

from functools import cache

import pytest
from testkit.base import audit_text
from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands.simulate import FAULT_KINDS
from monolog.findings.model import Finding, Severity
from monolog.simulate import SimulatedGame, simulate
from monolog.simulate.faults import KINDS, marks, parse_kinds

# seeds (us-2018, 4 players) in which each kind shows at least once
SEEDS: dict[str, tuple[int, ...]] = {
    "jail-card-ignored": (1, 2, 3),
    "no-auction": (1, 2),
    "utility-fresh-throw": (1, 2),
    "stale-rent": (4, 5, 6),
    "rent-on-mortgaged": (1, 2),
    "goojf-on-top": (1, 2, 3),
    "reshuffle": (1, 2, 3),
    "lift-60": (1, 2),
    "no-interest-received": (1, 2, 3),
    "card-money-unpaid": (1, 2),
    "third-double-salary": (17, 20, 32),
    "jail-double-extra-roll": (2, 3, 4),
    "bankrupt-no-auction": (12, 36),
}


@cache
def played(kind: str, seed: int) -> tuple[SimulatedGame, tuple[Finding, ...]]:
    game = simulate("us-2018", 4, seed, faults=[kind])
    return game, tuple(audit_text(game.text, f"{kind}-{seed}.mlog"))


def test_every_kind_is_listed_and_tested() -> None:
    assert tuple(KINDS) == FAULT_KINDS  # the command's help lists them without importing
    assert set(SEEDS) == set(KINDS)
    assert parse_kinds("all") == list(KINDS)
    with pytest.raises(ValueError, match="unknown fault kind nope"):
        parse_kinds("no-auction,nope")


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_fault_is_reported_at_its_line_with_its_code(kind: str) -> None:
    codes = KINDS[kind].codes
    for seed in SEEDS[kind]:
        game, findings = played(kind, seed)
        assert game.faults, f"{kind} does not show in seed {seed}"
        assert all(x.kind == kind for x in game.faults)
        for x in game.faults:
            here = sorted({f.code for f in findings if f.span.line == x.line})
            assert set(codes) & set(here), (
                f"{kind}, seed {seed}, line {x.line}: {here} instead of {codes}"
            )
        # nothing before the first fault: the game is legal up to it
        first = game.faults[0].line
        assert [f for f in findings if f.line < first and f.severity != Severity.INFO] == []


def test_fault_mark_is_a_comment_on_the_faulty_line() -> None:
    game, _ = played("no-auction", 1)
    line = game.text.splitlines()[game.faults[0].line - 1]
    assert "decline {fault: no-auction}" in line
    assert marks(game.text) == game.faults


def test_a_game_with_no_fault_counted_every_round_audits_clean() -> None:
    for seed in (1, 2, 3):
        game = simulate("us-2018", 4, seed, every_round=True)
        assert game.faults == []
        findings = audit_text(game.text, f"clean-{seed}.mlog")
        assert [f for f in findings if f.severity != Severity.INFO] == []
        # every player's cash is counted at the end of each round: many more counts
        ordinary = simulate("us-2018", 4, seed).text
        assert game.text.count(" =") > 2 * ordinary.count(" =")


def test_the_same_seed_without_faults_is_the_ordinary_game() -> None:
    assert simulate("us-2018", 4, 5, faults=[]).text == simulate("us-2018", 4, 5).text


def test_simulate_command_plays_faults() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--seed", "1", "--faults", "no-auction,lift-60"])
    assert result.exit_code == 0
    kinds = {x.kind for x in marks(result.stdout)}
    assert kinds == {"no-auction", "lift-60"}
    bad = runner.invoke(app, ["simulate", "--faults", "no-such-kind"])
    assert bad.exit_code == 2
    assert "unknown fault kind no-such-kind" in bad.output
    helped = runner.invoke(app, ["simulate", "--help"])
    assert "jail-card-ignored" in helped.output


def test_a_jackpot_game_counts_its_pool_every_round_and_audits_clean() -> None:
    # house rule free-parking-jackpot: the pool grows with taxes, fines and card payments and
    # goes to the next lander on Free Parking; every round's count writes it (=pot N)
    for seed in (1, 2, 3):
        game = simulate("us-2018", 4, seed, every_round=True, house_rules=["free-parking-jackpot"])
        assert '[HouseRule "free-parking-jackpot"]' in game.text
        assert game.text.count("=pot ") >= game.turns // 4
        findings = audit_text(game.text, f"jackpot-{seed}.mlog")
        assert [f for f in findings if f.severity != Severity.INFO] == []
    paid = [
        line
        for seed in (1, 2, 3)
        for line in simulate(
            "us-2018", 4, seed, house_rules=["free-parking-jackpot"]
        ).text.splitlines()
        if "Free Parking salary" in line
    ]
    assert paid  # the pool is paid out, not only counted


def test_a_pool_counted_wrong_is_reported_once() -> None:
    game = simulate("us-2018", 4, 3, every_round=True, house_rules=["free-parking-jackpot"])
    slipped = game.text.replace("=pot 0", "=pot 10", 1)
    (w017,) = [f for f in audit_text(slipped, "slip.mlog") if f.code == "W017"]
    assert w017.message.endswith("agrees with the replay again, so this count was a slip")


def test_only_the_jackpot_house_rule_is_simulated() -> None:
    with pytest.raises(ValueError, match="no-auctions is not simulated"):
        simulate("us-2018", 4, 1, house_rules=["no-auctions"])
    result = CliRunner().invoke(app, ["simulate", "--seed", "3", "--jackpot", "-F", "lift-60"])
    assert result.exit_code == 0 and "=pot " in result.stdout
