"""The game simulator: its records parse, are reproducible, keep money and buildings straight
in its own model, and replay clean on the engine (the key property: a legal game audits clean).

`MONOLOG_SIM_SEEDS=500 pytest tests/test_simulate.py` raises the number of games audited (in
the standard games' test, and for each edition and variant in the variants' test).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from simulate_pins import HASHES, pinned_cases, pinned_hash
from typer.testing import CliRunner

from monolog.cli import app
from monolog.editions import list_editions, load_edition
from monolog.editions.resolver import Resolver
from monolog.engine import replay
from monolog.findings.model import Severity
from monolog.notation import parse_text
from monolog.notation.events import TRIVIA, GameEnd, SetupPlayer, Tag, TurnStart
from monolog.reports.game import Game
from monolog.reports.settlement import settle
from monolog.simulate import KINDS, SimulatedGame, simulate
from monolog.simulate.plans import NEVER, Plans
from monolog.simulate.play import NAMES, Simulator
from monolog.simulate.writer import square_forms

EDITIONS = ("us-2018", "us-2018", "us-2018", "us-classic", "uk-1996")
PARSE_SEEDS = 60
AUDIT_SEEDS = int(os.environ.get("MONOLOG_SIM_SEEDS", "50"))


def case(seed: int) -> tuple[str, int, int]:
    """The edition and player count used for a seed: every count from 2 to 6, three editions."""
    return EDITIONS[seed % len(EDITIONS)], 2 + seed % 5, seed


@cache
def game(edition: str, players: int, seed: int) -> SimulatedGame:
    return simulate(edition, players, seed)


def test_every_game_parses_and_ends() -> None:
    for seed in range(PARSE_SEEDS):
        edition, players, _ = case(seed)
        g = game(edition, players, seed)
        events = parse_text(g.text, f"sim-{seed}.mlog")
        tags = {e.key: e.value for e in events if isinstance(e, Tag)}
        assert tags["Edition"] == edition and tags["Seed"] == str(seed)
        assert len(tags["Players"].split(", ")) == players
        assert tags["Result"] == g.result
        turns = [e.number for e in events if isinstance(e, TurnStart)]
        assert turns == list(range(1, g.turns + 1))
        last = [e for e in events if not isinstance(e, TRIVIA)][-1]
        assert isinstance(last, GameEnd)


def test_same_seed_same_record() -> None:
    a = simulate("us-2018", 4, 123)
    b = simulate("us-2018", 4, 123)
    assert a.text == b.text
    assert simulate("us-2018", 4, 124).text != a.text


def test_turn_limit_names_the_leader() -> None:
    g = simulate("us-2018", 4, 3, turns=25)
    events = parse_text(g.text)
    assert max(e.number for e in events if isinstance(e, TurnStart)) == 25
    assert not g.finished
    t = g.table
    leader = max(t.active(), key=lambda s: (t.worth(s), -s))
    assert g.result == t.seats[leader].name
    assert "stopped after 25 turns" in g.text
    # an unfinished record's Result is "*", which the settlement accepts (no W101)
    assert '[Result "*"]' in g.text
    report = Game("cut.mlog", g.text.splitlines(), replay(events), [], events)
    assert settle(report).winners == [] and settle(report).findings == []


def test_games_finish_by_bankruptcy() -> None:
    for seed in range(30):
        edition, players, _ = case(seed)
        g = game(edition, players, seed)
        assert g.finished, f"seed {seed}: stopped after {g.turns} turns"
        active = g.table.active()
        assert len(active) == 1 and g.result == g.table.seats[active[0]].name


class _Checked(Simulator):
    """A simulator that checks its own position after every turn."""

    def play_turn(self, s: int) -> None:
        super().play_turn(s)
        problems = self.t.problems()
        assert not problems, f"seed {self.seed} turn {self.turn_no}: {problems}"


def test_money_and_buildings_conserved_every_turn() -> None:
    for seed in range(25):
        edition, players, _ = case(seed)
        sim = _Checked(load_edition(edition), players, seed)
        sim.run()
        t = sim.t
        # every unit of money is accounted for: starting cash plus what the bank paid less
        # what it took in
        start = t.rules.starting_cash * len(t.seats)
        assert t.total_cash() == start + t.bank_paid - t.bank_received
        # every house and hotel is on a site or in the bank
        assert sum(d.houses for d in t.deeds.values()) + t.bank_houses == t.rules.houses
        assert sum(d.hotel for d in t.deeds.values()) + t.bank_hotels == t.rules.hotels
        # every deed belongs to a player still in, or to the bank
        for d in t.deeds.values():
            assert d.owner is None or not t.seats[d.owner].bankrupt
        # every card is in its deck or in a player's hand
        held = sum(len(s.cards) for s in t.seats)
        total = sum(len(d.cards) for d in t.ed.decks.values())
        assert sim.decks.count() + held == total


def test_the_bots_use_every_kind_of_event() -> None:
    seen: Counter[str] = Counter()
    for seed in range(100):
        edition, players, _ = case(seed)
        seen.update(game(edition, players, seed).stats)
    for kind in (
        "auction sold",
        "auction nobids",
        "deals",
        "mortgages",
        "sales",
        "houses built",
        "hotels built",
        "unmortgage",
        "interest",
        "jail fine",
        "jail card",
        "forced fine",
        "bankrupt to player",
        "bankrupt to bank",
        "shortage auction",
    ):
        assert seen[kind] > 0, kind


@pytest.mark.parametrize("key", ["us-2018", "us-classic", "uk-1996"])
def test_written_square_names_resolve(key: str) -> None:
    edition = load_edition(key)
    resolver = Resolver(edition, [])
    full, others, shared = square_forms(edition)
    for sq in edition.squares:
        for text in (full[sq.index], *others[sq.index]):
            events = parse_text(f'[Players "Ann, Ben"]\n1. Ann -> {text}\n')
            ref = events[-1].square  # type: ignore[attr-defined]
            found = resolver.squares(ref)
            assert sq in found and (len(found) == 1 or shared[sq.index]), text


def test_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--players", "3", "--seed", "8", "--turns", "40"])
    assert result.exit_code == 0
    assert result.stdout == simulate("us-2018", 3, 8, turns=40).text
    out = tmp_path / "g.mlog"
    result = runner.invoke(app, ["simulate", "-e", "uk-1996", "-n", "5", "-s", "2", "-o", str(out)])
    assert result.exit_code == 0
    assert out.read_text(encoding="utf-8") == simulate("uk-1996", 5, 2).text
    folder = tmp_path / "many"
    result = runner.invoke(app, ["simulate", "--count", "3", "--turns", "10", "-o", str(folder)])
    assert result.exit_code == 0 and len(list(folder.glob("*.mlog"))) == 3
    bad = runner.invoke(app, ["simulate", "--players", "9"])
    assert bad.exit_code == 2 and "2 to 6 players" in bad.stderr
    bad = runner.invoke(app, ["simulate", "--edition", "nowhere"])
    assert bad.exit_code == 2 and "unknown edition" in bad.stderr


def test_a_game_stopped_by_the_turn_limit_is_a_fragment() -> None:
    # WIN-01: a standard game ends only when one player is left, so a record cut off by
    # --turns carries no `end` line and audits with no M804
    from monolog.engine import replay

    g = simulate("us-2018", 4, 5, turns=30)
    events = parse_text(g.text, "sim-cut.mlog")
    assert not any(isinstance(e, GameEnd) for e in events)
    codes = {f.code for f in replay(events, file="sim-cut.mlog").findings}
    assert "M804" not in codes
    assert not {c for c in codes if c.startswith(("M", "W"))}


# --------------------------------------------------------------------------- variants

PAIR_SEEDS = int(os.environ.get("MONOLOG_SIM_SEEDS", "40"))  # per edition and variant


def _pairs() -> list[tuple[str, str]]:
    """Every edition with every variant its data defines (the standard game included)."""
    out: list[tuple[str, str]] = []
    for key in list_editions():
        ed = load_edition(key)
        out.extend((key, v) for v in (list(ed.variants) or ["standard"]))
    return out


PAIRS = _pairs()


def variant_case(edition: str, variant: str, seed: int) -> tuple[int, int | None]:
    """Players (every count the edition allows, up to the simulator's names) and the clock
    for a seed: a time-limit game is kept short (5 to 34 turns), with the default clock now
    and then."""
    rules = load_edition(edition).rules
    top = min(rules.max_players, len(NAMES))
    players = rules.min_players + seed % (top - rules.min_players + 1)
    turns = None
    if load_edition(edition).with_variant(variant).rules.time_limit and seed % 20:
        turns = 5 + (seed * 7) % 30
    return players, turns


@cache
def variant_game(edition: str, variant: str, seed: int) -> SimulatedGame:
    players, turns = variant_case(edition, variant, seed)
    return simulate(edition, players, seed, variant=variant, turns=turns)


def test_every_edition_and_variant_is_covered() -> None:
    assert ("uk-1996", "short") in PAIRS and ("uk-1996", "time-limit") in PAIRS
    assert ("uk-esl", "short") in PAIRS and ("us-2018", "standard") in PAIRS
    assert len(PAIRS) * PAIR_SEEDS >= 200


VARIANT_CASES = [(e, v, s) for e, v in PAIRS for s in range(PAIR_SEEDS)]


@pytest.mark.parametrize(("edition", "variant", "seed"), VARIANT_CASES)
def test_every_variant_audits_clean(edition: str, variant: str, seed: int) -> None:
    """A legal game of each edition and variant replays with no error or warning, ends where
    the variant ends it, and its Result tag is the winner the settlement computes."""
    g = variant_game(edition, variant, seed)
    name = f"{edition}-{variant}-{seed}.mlog"
    text = g.text
    events = parse_text(text, name)
    result = replay(events, file=name)
    report = Game(name, text.splitlines(), result, [], events)
    found = [f for f in result.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    settlement = settle(report)
    found += settlement.findings  # W101: the Result tag against the settlement
    lines = text.splitlines()
    assert not found, "\n".join(
        f"{f.code} line {f.span.line}: {f.message}\n    {lines[f.span.line - 1]}" for f in found[:5]
    )
    assert result.edition.variant == variant
    assert g.finished and result.state.over  # `end` closes every game these seeds play
    assert sorted(g.result.split(", ")) == sorted(settlement.winners)
    _position_is_the_simulators(result, g)
    rules = result.edition.rules
    bankrupt = sum(s.bankrupt for s in g.table.seats)
    if rules.end_at_bankruptcies:  # SHORT-06: the game ends at the variant's bankruptcy
        assert bankrupt == min(rules.end_at_bankruptcies, len(g.table.seats) - 1)
    if rules.time_limit and bankrupt < len(g.table.seats) - 1:  # TIME-01: time was called
        assert [ln for ln in lines if ln.endswith("time")] and lines[-1] == "end"


def _position_is_the_simulators(result: Any, g: SimulatedGame) -> None:
    """The engine's final position is the simulator's: cash, bankruptcies, deeds and bank."""
    final = result.state.snapshot(result.edition)
    t = g.table
    for seat in t.seats:
        assert final["players"][seat.name]["cash"] == seat.cash, seat.name
        assert final["players"][seat.name]["bankrupt"] == seat.bankrupt, seat.name
    for d in t.deeds.values():
        owner = None if d.owner is None else t.seats[d.owner].name
        sq = t.squares[d.index].name
        assert final["deeds"][sq] == {
            "owner": owner,
            "houses": d.houses,
            "hotel": d.hotel,
            "mortgaged": d.mortgaged,
        }, sq
    assert final["bank"] == {"houses": t.bank_houses, "hotels": t.bank_hotels}


def _standard_seeds() -> list[int]:
    """The seeds whose game test_every_variant_audits_clean does not audit already (the same
    edition, players and seed, standard and unclocked, is the same game)."""
    audited = set()
    for edition, variant, seed in VARIANT_CASES:
        players, turns = variant_case(edition, variant, seed)
        if variant == load_edition(edition).variant and turns is None:
            audited.add((edition, players, seed))
    return [seed for seed in range(AUDIT_SEEDS) if case(seed) not in audited]


@pytest.mark.parametrize("seed", _standard_seeds())
def test_simulated_games_audit_clean(seed: int) -> None:
    """A legal game replays with no error and no warning (checksums included)."""
    edition, players, _ = case(seed)
    g = game(edition, players, seed)
    result = replay(parse_text(g.text, f"sim-{seed}.mlog"), file=f"sim-{seed}.mlog")
    bad = [f for f in result.findings if f.severity in (Severity.ERROR, Severity.WARNING)]
    lines = g.text.splitlines()
    assert not bad, "\n".join(
        f"{f.code} line {f.span.line}: {f.message}\n    {lines[f.span.line - 1]}" for f in bad[:5]
    )
    _position_is_the_simulators(result, g)


def test_the_opening_deal() -> None:
    """SHORT-02, TIME-02: each player is dealt the variant's number of distinct deeds on one
    setup line before the first turn, paid for where the variant says so."""
    for edition, variant in PAIRS:
        ed = load_edition(edition).with_variant(variant)
        want = ed.rules.opening_deal_deeds
        for seed in range(5):
            g = simulate(edition, 3, seed, variant=variant, turns=1)
            events = parse_text(g.text)
            setups = [e for e in events if isinstance(e, SetupPlayer)]
            first_turn = next(e for e in events if isinstance(e, TurnStart))
            if not want:
                assert not setups
                continue
            assert [e.player.text for e in setups] == ["Ann", "Ben", "Cal"]
            assert all(e.span.line < first_turn.span.line for e in setups)
            resolver = Resolver(ed, ["Ann", "Ben", "Cal"])
            dealt = [resolver.square(h.square).index for e in setups for h in e.holdings]
            assert len(dealt) == 3 * want == len(set(dealt))
            assert all(not (h.houses or h.hotel or h.mortgaged) for e in setups for h in e.holdings)
            # replayed up to the first turn, the deal alone has been charged
            state = replay(events[: events.index(first_turn)]).state
            for e in setups:
                price = sum(ed.squares[resolver.square(h.square).index].price for h in e.holdings)
                paid = price if ed.rules.opening_deal_paid else 0
                assert state.player(e.player.text).cash == ed.rules.starting_cash - paid


class _Variant(_Checked):
    """A checked simulator that also records the jail turns left at the end of every turn."""

    def play_turn(self, s: int) -> None:
        super().play_turn(s)
        self.jail_left = max(getattr(self, "jail_left", 0), self.t.seats[s].jail_turns)


def test_short_game_rules_in_the_simulator() -> None:
    """SHORT-03: hotels after three houses, never a fourth house; SHORT-05 (ESL): a jailed
    player is out within the turn; the position stays sound every turn."""
    hotels = 0
    for edition in ("uk-1996", "uk-esl"):
        ed = load_edition(edition).with_variant("short")
        jail_left = 0
        for seed in range(12):
            sim = _Variant(ed, 2 + seed % 4, seed)
            sim.run()
            assert sim.over
            hotels += sim.stats["hotels built"]
            assert all(d.houses <= 3 for d in sim.t.deeds.values())
            jail_left = max(jail_left, getattr(sim, "jail_left", 0))
        if ed.rules.max_jail_turns == 1:
            assert jail_left == 0  # nobody ends a turn with a failed try behind them
        else:
            assert jail_left > 0
    assert hotels > 0


def test_variant_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["simulate", "-e", "uk-esl", "--variant", "short", "-n", "3", "-s", "4"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stdout == simulate("uk-esl", 3, 4, variant="short").text
    assert '[Variant "short"]' in result.stdout
    args = ["simulate", "-e", "uk-1996", "-V", "time-limit", "-t", "6", "--count", "2"]
    result = runner.invoke(app, [*args, "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("*.mlog")) == [
        "uk-1996-time-limit-4p-0.mlog",
        "uk-1996-time-limit-4p-1.mlog",
    ]
    bad = runner.invoke(app, ["simulate", "-e", "us-2018", "--variant", "short"])
    assert bad.exit_code == 2 and "no variant 'short'" in bad.stderr


# ---------------------------------------------------------------- records pinned by hash
# simulate_pins.py holds the games and says how their hashes were made (by 8ab5eae's simulator)


def test_records_are_the_pinned_ones() -> None:
    """The same seed writes the same record as before the planning was made incremental."""
    pinned = json.loads(HASHES.read_text(encoding="utf-8"))
    assert pinned["cases"] == pinned_cases()
    wrong = [
        c for c, h in zip(pinned["cases"], pinned["sha256"], strict=True) if pinned_hash(c) != h
    ]
    assert not wrong, f"{len(wrong)} of {len(pinned['cases'])} records differ: {wrong[:3]}"


class _PlansChecked(Simulator):
    """A simulator that, before every between-turn phase, works out from scratch what its
    Watch and its bots' plans keep up to date as the deeds change, and compares."""

    checked = 0

    def between(self, nxt: int) -> None:
        t = self.t
        whole = [0] * len(t.seats)
        mortgages = [0] * len(t.seats)
        for g in t.colour_groups:
            if g[0].owner is not None and all(d.owner == g[0].owner for d in g):
                whole[g[0].owner] += 1
        for d in t.deeds.values():
            if d.owner is not None and d.mortgaged:
                mortgages[d.owner] += 1
        assert (t.watch.whole, t.watch.mortgages) == (whole, mortgages), self.turn_no
        kept = self.p.plans
        fresh = Plans(t, list(kept.cheap_first), kept.reserves, kept.build, kept.hotels, kept.rich)
        kept.fresh()
        for s in t.active():
            assert kept.building(s) == fresh.building(s), (self.turn_no, s)
            assert kept.lifting(s) == fresh.lifting(s), (self.turn_no, s)
            assert kept.trades(s) == fresh.trades(s), (self.turn_no, s)
            needs = (fresh.lifting(s).need, fresh.building(s).need)
            assert (kept.lift_need[s], kept.build_need[s]) == tuple(
                NEVER if n is None else n for n in needs
            ), (self.turn_no, s)
        _PlansChecked.checked += 1
        super().between(nxt)


@pytest.mark.parametrize(
    ("edition", "variant", "faults"),
    [
        ("us-2018", "standard", frozenset()),
        ("uk-1996", "short", frozenset()),
        ("us-classic", "standard", frozenset(KINDS)),
    ],
)
def test_kept_plans_are_the_plans_worked_out_afresh(
    edition: str, variant: str, faults: frozenset[str]
) -> None:
    """Whatever changes a deed (a purchase, an auction, a deal, a building, a sale, a mortgage,
    a bankruptcy, a fault), the counts and plans kept between turns are the ones the board
    gives when worked out from nothing."""
    ed = load_edition(edition).with_variant(variant)
    before = _PlansChecked.checked
    for seed in range(8):
        sim = _PlansChecked(ed, 2 + seed % 5, seed, faults=faults, every_round=bool(faults))
        sim.run()
    assert _PlansChecked.checked - before > 500
