"""`monolog simulate`: seeded games played by simple bots and written as complete records.

    from monolog.simulate import simulate
    game = simulate("us-2018", players=4, seed=7)
    game.text        # the .mlog record
    game.table       # the simulator's final position (its own model, not the engine's)
    simulate("uk-1996", players=4, seed=7, variant="short")   # the edition's short game

A variant (short, time-limit) plays the edition's own data for it: the opening deal written as
`setup … owns …` lines, its houses before a hotel, its jail, its end (a count of bankruptcies,
or time called after a number of turns that stands in for the clock) and its valuation.

The simulator keeps its own model of the game (`table.Table`) and never calls the replay
engine, so that replaying its records is an independent check of both. What the bots could do
between turns (build, lift mortgages, trade) is kept per seat and made again only when a deed
of theirs changes (`plans.Plans`, fed by the table's `Watch`), not worked out from the whole
board every turn; the records are the same either way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..editions.loader import load_edition
from ..editions.model import Edition
from .base import JACKPOT
from .bots import Settings
from .faults import KINDS, Injected, marks
from .play import CLOCK_TURNS, MAX_TURNS, NAMES, Simulator
from .table import Table

__all__ = ["CLOCK_TURNS", "KINDS", "MAX_TURNS", "Injected", "Settings", "SimulatedGame", "simulate"]


@dataclass
class SimulatedGame:
    """A finished simulation: the record's text, the final position and what happened."""

    text: str
    table: Table
    result: str  # the winner(s); in a game cut short by --turns, the leader on worth
    turns: int
    finished: bool  # the record ends the game: last bankruptcy, the variant's end, or time
    stats: dict[str, int] = field(default_factory=dict)
    faults: list[Injected] = field(default_factory=list)  # the engine faults the record shows


def simulate(
    edition: Edition | str,
    players: int,
    seed: int,
    *,
    turns: int | None = None,
    settings: Settings | None = None,
    amounts: float = 0.9,
    comments: list[str] | None = None,
    date: str | None = None,
    variant: str | None = None,
    faults: Iterable[str] = (),
    every_round: bool | None = None,
    house_rules: Iterable[str] = (),
) -> SimulatedGame:
    """Play one game and write its record.

    `variant` is one of the edition's variants (default: standard). `turns` stops the game
    after that many turns (default: at the last bankruptcy, or after MAX_TURNS); in a
    time-limit game it is the clock: time is called after that many turns (default
    CLOCK_TURNS). `amounts` is the share of money clauses that carry their amount; `comments`
    are written at the top of the record. `faults` are kinds of engine fault to play
    (faults.py): the record then shows each where it happens, marked by a `{fault: KIND}`
    comment, and counts every player's cash and square and the bank's buildings every round
    (`every_round`, on its own: the same count in a game with no fault). ValueError for a
    variant the edition does not have, or an unknown fault kind. `house_rules` are the house
    rules played (free-parking-jackpot is the one simulated: taxes, fines and card
    payments to the bank go to a pool under Free Parking, paid to the next lander there as a
    `salary`; every round's count then writes the pool too, `=pot N`); ValueError for another.
    """
    ed = load_edition(edition) if isinstance(edition, str) else edition
    if variant is not None and variant != ed.variant:
        try:
            ed = ed.with_variant(variant)
        except KeyError:
            known = ", ".join(ed.variants) or "standard"
            raise ValueError(f"{ed.key} has no variant {variant!r} (it has: {known})") from None
    rules = ed.rules
    if not rules.min_players <= players <= min(rules.max_players, len(NAMES)):
        raise ValueError(
            f"{ed.key} is for {rules.min_players} to {min(rules.max_players, len(NAMES))} "
            f"players, not {players}"
        )
    kinds = frozenset(faults)
    unknown = sorted(kinds - set(KINDS))
    if unknown:
        raise ValueError(f"unknown fault kind {', '.join(unknown)} (known: {', '.join(KINDS)})")
    rules_played = frozenset(house_rules)
    if rules_played - {JACKPOT}:
        other = ", ".join(sorted(rules_played - {JACKPOT}))
        raise ValueError(f"house rule {other} is not simulated (only {JACKPOT} is)")
    sim = Simulator(
        ed,
        players,
        seed,
        turns=turns,
        settings=settings,
        amounts=amounts,
        faults=kinds,
        every_round=bool(kinds) if every_round is None else every_round,
        jackpot=JACKPOT in rules_played,
    )
    sim.run()
    w = sim.w
    names = [s.name for s in sim.t.seats]
    w.tag("Event", "Simulated game")
    w.tag("Site", "monolog simulate")
    w.tag("Date", date or f"2024.{1 + seed % 12:02d}.{1 + seed % 28:02d}")
    w.tag("Round", "1")
    w.tag("Table", str(1 + seed % 9))
    w.tag("Edition", ed.key)
    w.tag("Variant", ed.variant)
    w.tag("Players", ", ".join(names))
    if sim.jackpot:
        w.tag("HouseRule", JACKPOT)
    w.tag("Seed", str(seed))
    result = sim.result()
    # a record cut short is unfinished: its Result is "*" (the settlement finds no winner)
    w.tag("Result", result if sim.over else "*")
    head = [f"; {c}" for c in comments or []]
    text = w.text(head)
    return SimulatedGame(
        text=text,
        table=sim.t,
        result=result,
        turns=sim.turn_no,
        finished=sim.over,
        stats=dict(sim.stats),
        faults=marks(text) if kinds or comments else [],  # else no mark can be written
    )
