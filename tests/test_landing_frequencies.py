"""Landing frequencies: a long token walk on the simulator's dice and decks against the exact
long-run values of the board's Markov chain (monolog.analysis.markov), US 2018 board.

How the tolerance follows from the sample size
----------------------------------------------
For each jail strategy the walk is B independent token walks (batches), each with its own seed,
so its own dice and its own shuffle of both decks, each making a burn-in of BURN_IN rolls (the
start on GO forgotten) and then R counted rolls; N = B * R. For a square s with long-run share
p_s, each batch gives a share x_bs, and the estimate is the mean p̂_s of the B batch shares.
Because the batches are independent, the sample variance S_s² of the batch shares estimates
Var(x_bs) exactly as it is, inclusive of the autocorrelation of consecutive rolls (a token
cannot land twice in a row on most squares, doubles chain rolls, jail holds it) and of the
deck order; no model of the correlation is needed. The effective sample size is
N_eff,s = p_s (1 - p_s) / (S_s² / B), printed on failure. The statistic
t_s = (p̂_s - p_s) / (S_s / sqrt(B)) follows Student's t with B - 1 degrees of freedom (the
batch shares are averages of thousands of rolls, so close to normal). With m squares tested
(those the chain can reach; the Go to Jail square must simply never be counted) the per-square
two-sided level is FWER / m with FWER = 1e-4 (Bonferroni), and the critical value is the t
quantile, computed from the normal quantile with the Cornish-Fisher expansion
t ≈ z + (z³ + z) / 4ν + (5z⁵ + 16z³ + 3z) / 96ν² (ν = B - 1; about 5.0 here, in error by
much less than 0.01). So a correct chain and walk fail with probability at most 1e-4 per
strategy. The same sample must reject the other strategy's chain, which shows the test has
the power to tell chains apart.

The decks of the walk are the simulator's: shuffled once per batch and drawn in a cycle; the
chain draws each card with probability 1/16. Averaged over shuffles the two agree to below the
tolerance: a run of MONOLOG_LANDING_ROLLS=20000000 (standard errors about 4e-5) found no square
further than 2.6 standard errors from the chain, against a critical value of 5.0.

MONOLOG_LANDING_ROLLS sets N per strategy for a longer run (default 1,000,000: about a second).
"""

from __future__ import annotations

import math
import os
import statistics
from fractions import Fraction

import pytest

from monolog.analysis.markov import JAIL, chain, ranked, resolve
from monolog.analysis.walk import TokenWalk
from monolog.editions import load_edition
from monolog.editions.model import Edition

FWER = 1e-4
BATCHES = 100
BURN_IN = 200
ROLLS = int(os.environ.get("MONOLOG_LANDING_ROLLS", "1000000"))


@pytest.fixture(scope="module")
def us() -> Edition:
    return load_edition("us-2018")


def t_critical(alpha_two_sided: float, dof: int) -> float:
    """Student's t quantile by the Cornish-Fisher expansion around the normal quantile."""
    z = statistics.NormalDist().inv_cdf(1 - alpha_two_sided / 2)
    nu = float(dof)
    return z + (z**3 + z) / (4 * nu) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * nu**2)


def walk_shares(edition: Edition, strategy: str, seed: int) -> list[list[float]]:
    """B independent walks: the share of counted rolls ending on each square, per walk."""
    per_batch = max(1000, ROLLS // BATCHES)
    out = []
    for b in range(BATCHES):
        w = TokenWalk(edition, strategy, seed=seed * 100_003 + b)
        w.run(BURN_IN)
        out.append([c / per_batch for c in w.run(per_batch)])
    return out


def t_statistics(shares: list[list[float]], exact: list[float]) -> dict[int, tuple[float, float]]:
    """square -> (t, effective sample size) for every square the chain can reach."""
    b = len(shares)
    out = {}
    for s, p in enumerate(exact):
        if p <= 0.0:
            continue
        column = [row[s] for row in shares]
        mean = math.fsum(column) / b
        se = math.sqrt(statistics.variance(column) / b)
        out[s] = ((mean - p) / se, p * (1 - p) / se**2)
    return out


@pytest.mark.parametrize("strategy", ["leave", "stay"])
def test_walk_converges_to_the_chain(us: Edition, strategy: str) -> None:
    exact = chain(us, strategy).landing()
    other = chain(us, "stay" if strategy == "leave" else "leave").landing()
    shares = walk_shares(us, strategy, seed=1 if strategy == "leave" else 2)

    for s, p in enumerate(exact):
        if p == 0.0:  # the Go to Jail square: nobody ends a roll there
            assert all(row[s] == 0.0 for row in shares), us.squares[s].name
    stats = t_statistics(shares, exact)
    limit = t_critical(FWER / len(stats), BATCHES - 1)
    bad = {
        us.squares[s].name: (round(t, 2), f"p={exact[s]:.5f}", f"N_eff={n_eff:,.0f}")
        for s, (t, n_eff) in stats.items()
        if abs(t) > limit
    }
    assert not bad, f"|t| above {limit:.2f}: {bad}"

    rival = t_statistics(shares, other)
    assert max(abs(t) for t, _ in rival.values()) > limit


@pytest.mark.parametrize("strategy", ["leave", "stay"])
def test_chain_is_stationary_and_complete(us: Edition, strategy: str) -> None:
    c = chain(us, strategy)
    pi = c.stationary()
    for row in c.transitions.values():
        assert math.isclose(math.fsum(row.values()), 1.0, abs_tol=1e-12)
    after: dict[tuple[int, int], float] = dict.fromkeys(pi, 0.0)
    for s, row in c.transitions.items():
        for t, p in row.items():
            after[t] += pi[s] * p
    assert max(abs(after[s] - pi[s]) for s in pi) < 1e-12
    assert math.isclose(math.fsum(c.landing()), 1.0, abs_tol=1e-12)
    assert min(pi.values()) > 0.0  # every state kept is reachable and visited


@pytest.mark.parametrize("strategy", ["leave", "stay"])
def test_well_known_facts_follow_from_the_chain(us: Edition, strategy: str) -> None:
    freqs = chain(us, strategy).landing()
    order = ranked(freqs)
    assert order[0] == us.rules.jail_index
    sites = [i for i in order if us.squares[i].kind == "site"]
    illinois = next(sq.index for sq in us.squares if sq.name == "Illinois Avenue")
    assert sites[0] == illinois
    assert freqs[us.rules.go_to_jail_index] == 0.0


def test_staying_in_jail_shifts_rolls_to_the_jail_square(us: Edition) -> None:
    leave, stay = chain(us, "leave").landing(), chain(us, "stay").landing()
    jail = us.rules.jail_index
    assert stay[jail] > leave[jail]


def test_back_three_from_chance_36_draws_community_chest(us: Edition) -> None:
    chance = us.decks["chance"].cards
    chest = us.decks["chest"].cards
    back = [c for c in chance if c.kind == "move_back"]
    assert len(back) == 1 and (36 - back[0].spaces) % 40 == 33
    assert us.squares[33].deck == "chest"
    jail_cards = Fraction(sum(c.kind == "go_to_jail" for c in chance), len(chance))
    chest_jail = Fraction(sum(c.kind == "go_to_jail" for c in chest), len(chest))
    chest_go = Fraction(sum(c.kind == "advance_to" and c.target == 0 for c in chest), len(chest))
    chance_go = Fraction(sum(c.kind == "advance_to" and c.target == 0 for c in chance), len(chance))
    p_back = Fraction(1, len(chance))
    out = resolve(us, 36)
    assert math.isclose(out[JAIL], float(jail_cards + p_back * chest_jail), abs_tol=1e-15)
    assert math.isclose(out[0], float(chance_go + p_back * chest_go), abs_tol=1e-15)
    # the token stays on 33 unless the chest card moves it
    chest_stays = Fraction(sum(c.kind not in ("go_to_jail", "advance_to") for c in chest), 16)
    assert math.isclose(out[33], float(p_back * chest_stays), abs_tol=1e-15)
    # back three from Chance 7 ends on the tax square, from 22 on New York Avenue
    assert resolve(us, 7)[4] == pytest.approx(1 / 16)
    assert resolve(us, 22)[19] == pytest.approx(1 / 16)
