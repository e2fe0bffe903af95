"""The settlement: what each player is worth at the end, the ranking, the winner.

Worth is counted as engine/money/worth.py counts it (CF-49): cash, each deed at its printed
price or at its mortgage value (half) when mortgaged, houses at their cost, a hotel at its cost
plus the houses it replaced. The winner is the last player still in (WIN-01); in a game that
ended with several still in (time called, a short game), the richest (TIME-01, CF-54). A record
that stops before the game ends has a leader, not a winner. The record's Result tag is checked
against this: a mismatch is reported as W101.

In a short game and a time-limit game the count decides the winner, and how to count is a
disputed point: the settlement names the ruling it counted under, CF-48 (short game) or CF-49
(time-limit game), with the reading applied, in the outcome, the counting note and W101's data.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Replay
from ..engine.money.worth import worth
from ..findings.model import Finding, Severity
from ..notation import events as E
from .game import Game

UNFINISHED = "*"


@dataclass(frozen=True, slots=True)
class Worth:
    """One player's worth, part by part."""

    name: str
    cash: int
    deeds: int  # unmortgaged deeds
    deeds_value: int
    mortgaged: int
    mortgaged_value: int
    houses: int
    houses_value: int
    hotels: int
    hotels_value: int
    status: str  # "in", "bankrupt" or "resigned"

    @property
    def total(self) -> int:
        return (
            self.cash
            + self.deeds_value
            + self.mortgaged_value
            + self.houses_value
            + self.hotels_value
        )


@dataclass(slots=True)
class Settlement:
    """The settled game: worths in ranking order, the outcome, and the Result check."""

    ranking: list[Worth]
    winners: list[str]  # empty when the record stops before the game ends
    how: str  # how the outcome was reached, in words
    finished: bool
    result_tag: str | None
    findings: list[Finding] = field(default_factory=list)
    # players out of the game: (line, turn) of the event that put them out, and their worth
    # just before it, their standing when they left
    exits: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    # the ruling the count follows where the richest wins: (CF item, reading), else None
    valuation: tuple[str, str] | None = None

    def valuation_words(self) -> str:
        """ "CF-48, reading price-or-half", or "" where the count decides nothing."""
        if self.valuation is None:
            return ""
        cf, reading = self.valuation
        return f"{cf}, reading {reading}"


def valuation_ruling(result: Replay) -> tuple[str, str] | None:
    """The ruling the count follows in a game the richest wins (SHORT-08, TIME-03).

    CF-48 in a short game, CF-49 in a time-limit game, each with the reading in force for the
    replay (a --ruling or Ruling tag, else the variant's). None in the standard game.
    """
    rules = result.edition.rules
    if not rules.richest_wins:
        return None
    cf = "CF-49" if rules.time_limit else "CF-48"
    reading = result.readings.get(cf) or result.edition.readings.get(cf)
    return (cf, reading) if reading else None


def breakdown(result: Replay) -> list[Worth]:
    """Each player's worth, part by part, in seating order; totals equal engine/money/worth.py's."""
    ed = result.edition
    state = result.state
    per_hotel = ed.rules.houses_before_hotel
    parts: dict[str, list[int]] = {p.name: [0] * 8 for p in state.players}
    for deed in state.deeds.values():
        if deed.owner not in parts:
            continue
        sq = ed.squares[deed.square]
        row = parts[deed.owner]
        if deed.mortgaged:
            row[2] += 1
            row[3] += sq.mortgage_value
        else:
            row[0] += 1
            row[1] += sq.price
        if deed.hotel:
            row[6] += 1
            row[7] += sq.hotel_cost + per_hotel * sq.house_cost
        else:
            row[4] += deed.houses
            row[5] += deed.houses * sq.house_cost
    out = []
    for p in state.players:
        status = "bankrupt" if p.bankrupt else "resigned" if p.resigned else "in"
        d = parts[p.name]
        out.append(Worth(p.name, p.cash, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], status))
    return out


def _exit_order(game: Game) -> dict[str, int]:
    """For each player who left the game, the place of the event after which they were out."""
    out: dict[str, int] = {}
    for index, m in enumerate(game.moments):
        for name, p in m.snapshot["players"].items():
            if name not in out and (p["bankrupt"] or p["resigned"]):
                out[name] = index
    return out


def _exits(game: Game, order: dict[str, int]) -> dict[str, tuple[int, int, int]]:
    out: dict[str, tuple[int, int, int]] = {}
    for name, index in order.items():
        m = game.moments[index]
        before = game.moments[index - 1].worth.get(name, 0) if index else 0
        out[name] = (m.line, m.turn, before)
    return out


def settle(
    game: Game, left: dict[str, int] | None = None, time_called: bool | None = None
) -> Settlement:
    """Rank the players, name the winner and check the Result tag.

    `left` gives, for each player out of the game, the place of the event after which they
    were out; by default it is read from the game's moments (a game replayed without them,
    as `audit` replays, passes it and gets no exits). `time_called` says whether the record
    called time; by default it is read from the game's events (`audit` keeps none)."""
    result = game.result
    worths = breakdown(result)
    totals = worth(result.state, result.edition)
    seat = {w.name: i for i, w in enumerate(worths)}
    if left is None:
        left = _exit_order(game)
    active = [w for w in worths if w.status == "in"]
    out = [w for w in worths if w.status != "in"]
    active.sort(key=lambda w: (-totals[w.name], seat[w.name]))
    out.sort(key=lambda w: (-left.get(w.name, -1), seat[w.name]))
    ranking = active + out
    finished = result.state.over or (len(active) == 1 and len(worths) > 1)
    winners: list[str]
    if len(active) == 1 and len(worths) > 1:
        winners, how = [active[0].name], "the last player left in the game"
    elif finished and active:
        top = totals[active[0].name]
        winners = [w.name for w in active if totals[w.name] == top]
        called = _time_called(game) if time_called is None else time_called
        reason = "time was called" if called else "the game ended"
        how = f"the richest when {reason}"
    else:
        winners, how = [], "the record stops before the game ends"
    valuation = valuation_ruling(result)
    if valuation is not None and winners and how.startswith("the richest"):
        how += f", counted under {valuation[0]} (reading {valuation[1]})"
    settlement = Settlement(ranking, winners, how, finished, game.header.get("Result"))
    settlement.valuation = valuation
    settlement.exits = _exits(game, left) if game.moments else {}
    problem = check_result(game, settlement, totals)
    if problem is not None:
        settlement.findings.append(problem)
    return settlement


def _time_called(game: Game) -> bool:
    if game.time_called is not None:  # a game replayed without keeping its events
        return game.time_called
    return any(isinstance(e, E.TimeCalled) for e in game.events)


def _names(value: str) -> list[str]:
    return [n.strip() for n in value.split(",") if n.strip()]


def check_result(game: Game, settlement: Settlement, totals: dict[str, int]) -> Finding | None:
    """W101 when the Result tag disagrees with the computed outcome (WIN-01)."""
    tag = settlement.result_tag
    if tag is None:
        return None
    money = game.money
    worths = ", ".join(f"{w.name} {money(totals[w.name])}" for w in settlement.ranking)
    recorded = tag.strip()
    if settlement.winners:
        if recorded != UNFINISHED and sorted(_names(recorded)) == sorted(settlement.winners):
            return None
        who = " and ".join(settlement.winners)
        verb = "share the win" if len(settlement.winners) > 1 else "wins"
        said = "unfinished (*)" if recorded == UNFINISHED else recorded
        message = (
            f"the Result tag says {said}, but {who} {verb} as {settlement.how}; worths: {worths}"
        )
        expected: object = ", ".join(settlement.winners)
    else:
        if recorded == UNFINISHED:
            return None
        leader = settlement.ranking[0].name if settlement.ranking else "nobody"
        message = (
            f"the Result tag names {recorded}, but the record stops before the game ends "
            f"(write * for an unfinished game); {leader} leads; worths: {worths}"
        )
        expected = UNFINISHED
    return Finding(
        "W101",
        Severity.WARNING,
        message,
        span=_result_span(game),
        rule=_winning_rule(game, settlement),
        expected=expected,
        recorded=recorded,
        file=game.file,
        data={"worth": dict(totals), **_valuation_data(settlement)},
    )


def _winning_rule(game: Game, settlement: Settlement) -> str:
    """The rule that names the winner the settlement found: the last player left (WIN-01), the
    richest when time was called (TIME-01) or when a short game ended (SHORT-09)."""
    rules = game.result.edition.rules
    if not settlement.winners or not settlement.how.startswith("the richest"):
        return "WIN-01"
    if rules.time_limit:
        return "TIME-01"
    if rules.end_at_bankruptcies:
        return "SHORT-09"
    return "WIN-01"


def _valuation_data(settlement: Settlement) -> dict[str, object]:
    """W101's data on the count's ruling: {"valuation": {"cf": …, "reading": …}}, or nothing."""
    if settlement.valuation is None:
        return {}
    cf, reading = settlement.valuation
    return {"valuation": {"cf": cf, "reading": reading}}


def _result_span(game: Game) -> E.Span:
    """The span of the Result tag's line."""
    for number, text in enumerate(game.lines, start=1):
        stripped = text.strip()
        if stripped.startswith("[Result"):
            start = text.index("[") + 1
            return E.Span(number, start, number, start + len(stripped))
    return E.NO_SPAN


def result_findings(game: Game) -> list[Finding]:
    """The settlement's own findings (W101), for tools that report on a record."""
    return settle(game).findings
