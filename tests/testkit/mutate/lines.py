"""Operators that insert a line the engine refuses: builds, deals, mortgages, acts of a player out
of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from monolog.engine.building.holdings import half
from monolog.notation import events as E

from ..base import (
    Analysis,
    Step,
    analyse,
    insert_line,
    join,
    square_text,
)
from .model import Edit, operator
from .spots import (
    actor_of,
    counts_moved,
    is_between_turns,
    lift_cost,
    pick,
    same_line_only,
    shift_counts,
    undisturbed,
)


@dataclass(frozen=True, slots=True)
class Plant:
    """A line the replay reports and then carries out as the record says: its text, and what
    carrying it out changes (players' cash, the deeds touched, the squares whose rent it
    changes, buildings from the bank). The operator places it only where none of that changes
    anything later but those players' counts, and moves those counts as the table would have
    counted."""

    text: str
    cash: dict[str, int]  # per player whose cash the line changes: cash after less before
    deeds: tuple[int, ...]
    landed: tuple[int, ...]
    houses: int = 0
    hotels: int = 0
    # where the line cannot go alone: a second line that undoes what it placed, and the money
    # that line moves for its actor (a build followed at once by the sale of the same houses)
    undo: str | None = None
    refund: int = 0
    text2: str | None = None  # the second line, when it is written


def _line_operator(
    name: str,
    code: str,
    rule: str,
    summary: str,
    make: Callable[[Analysis, Step, random.Random], str | Plant | None],
) -> None:
    """An operator that inserts one actor or deal line just above a turn line (between turns);
    `make(a, turn_step, rng)` writes it from the table as it stands there, or returns None. A
    line the replay carries out after reporting it (a `Plant`) goes only where it disturbs
    nothing later, and the actor's later counts include it."""

    def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
        a = analyse(text)
        spots = [s for s in a.steps if is_between_turns(a, s)]
        rng.shuffle(spots)
        for n, s in enumerate(spots):
            new = make(a, s, rng)
            if new is None:
                continue
            if n >= 200 and isinstance(new, str):
                break  # a line refused alone fits almost anywhere: 200 spots are plenty
            if isinstance(new, str):
                out = insert_line(a, s.line, new)
                return Edit(
                    out,
                    s.line,
                    (s.line,),
                    inserted=(s.line,),
                    note=f"inserted at line {s.line}: {new}",
                )
            followed = _followed(a, s, new)
            if followed is None and new.undo is not None:
                # the table took the buildings back at once (sold to the bank)
                (who, cost), *_ = new.cash.items()
                new = replace(new, text2=new.undo, cash={who: cost + new.refund}, landed=())
                followed = _followed(a, s, replace(new, deeds=(), houses=0))
            if followed is None:
                continue
            lines, counts = followed
            added = (new.text,) if new.text2 is None else (new.text, new.text2)
            for i, line in enumerate(added):
                lines.insert(s.line - 1 + i, line)
            out = join(a, lines)
            moved = tuple(n + len(added) if n >= s.line else n for n in counts)
            inserted = tuple(range(s.line, s.line + len(added)))
            return Edit(
                out,
                s.line,
                (*inserted, *moved),
                inserted=inserted,
                note=f"inserted at line {s.line}: {' / '.join(added)}"
                + (f"; later counts moved by {new.cash}" if moved else ""),
            )
        return None

    operator(name, code, rule, summary)(op)


def _followed(a: Analysis, s: Step, plant: Plant) -> tuple[list[str], tuple[int, ...]] | None:
    """The record's lines with the later counts of `plant`'s players moved, when nothing else
    later depends on the line (see `undisturbed`); else None."""
    if not a.steady(s, {who: -delta for who, delta in plant.cash.items()}):
        return None
    players = tuple(plant.cash)
    if not undisturbed(a, s, players, plant.deeds, plant.landed, plant.houses, plant.hotels):
        return None
    return shift_counts(a, s.index, plant.cash)


def _groups_of(a: Analysis, s: Step, player: str) -> list[tuple[int, ...]]:
    """The colour groups `player` holds whole (sites only)."""
    out = []
    for members in a.edition.groups.values():
        if not members or a.square(members[0]).kind != "site":
            continue
        if all(s.before.deeds[i].owner == player for i in members):
            out.append(members)
    return out


def build_line(
    a: Analysis,
    s: Step,
    rng: random.Random,
    want: Callable[[Analysis, Step, str, tuple[int, ...]], tuple[int, str] | None],
) -> str | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        groups = _groups_of(a, s, p)
        rng.shuffle(groups)
        for g in groups:
            got = want(a, s, p, g)
            if got is not None:
                site, item = got
                return f"{p} build {square_text(a.square(site))}{item}"
    return None


def _uneven(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if len(g) < 2 or any(d.mortgaged or d.hotel for d in deeds):
        return None
    levels = {d.houses for d in deeds}
    if len(levels) != 1 or max(levels) > 2 or s.before.bank_houses < 2:
        return None
    site = g[0]
    if s.before.players[p].cash < 2 * a.square(site).house_cost:
        return None
    return site, " x2"


def _hotel_early(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if any(d.mortgaged or d.hotel for d in deeds):
        return None
    levels = {d.houses for d in deeds}
    if len(levels) != 1 or max(levels) >= 4 or s.before.bank_hotels < 1:
        return None
    site = g[-1]
    if s.before.players[p].cash < a.square(site).hotel_cost:
        return None
    return site, " hotel"


def _mortgaged_group(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if not any(d.mortgaged for d in deeds) or all(d.mortgaged for d in deeds):
        return None
    site = next(i for i in g if not s.before.deeds[i].mortgaged)
    if s.before.players[p].cash < a.square(site).house_cost or s.before.bank_houses < 1:
        return None
    return site, ""


def _followed_build(
    want: Callable[[Analysis, Step, str, tuple[int, ...]], tuple[int, str] | None],
) -> Callable[[Analysis, Step, random.Random], Plant | None]:
    """A build the replay reports and then carries out (M602, M603, M607): houses only."""

    def make(a: Analysis, s: Step, rng: random.Random) -> Plant | None:
        players = s.before.active()
        rng.shuffle(players)
        for p in players:
            groups = _groups_of(a, s, p)
            rng.shuffle(groups)
            for g in groups:
                got = want(a, s, p, g)
                if got is not None:
                    return _house_plant(a, p, got[0], got[1], g)
        return None

    return make


def _house_plant(a: Analysis, p: str, site: int, item: str, group: tuple[int, ...]) -> Plant:
    houses = int(item.strip().lstrip("x") or 1) if item.strip() else 1
    sq = a.square(site)
    return Plant(
        f"{p} build {square_text(sq)}{item}",
        {p: -houses * sq.house_cost},
        group,
        group,
        houses=houses,
        undo=f"{p} sell {square_text(sq)}{item}",
        refund=houses * half(sq.house_cost),
    )


def _no_group(a: Analysis, s: Step, rng: random.Random) -> Plant | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        for i, d in s.before.deeds.items():
            sq = a.square(i)
            if d.owner != p or d.mortgaged or sq.kind != "site":
                continue
            g = a.group_of(i)
            if all(s.before.deeds[j].owner == p for j in g):
                continue
            if s.before.players[p].cash < sq.house_cost or s.before.bank_houses < 1:
                continue
            return _house_plant(a, p, i, "", g)
    return None


def _deal_built(a: Analysis, s: Step, rng: random.Random) -> Plant | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        for i, d in s.before.deeds.items():
            if d.owner != p or a.square(i).kind != "site" or d.mortgaged:
                continue
            if not any(s.before.deeds[j].level > 0 for j in a.group_of(i)):
                continue
            others = [q for q in s.before.active() if q != p and s.before.players[q].cash >= 1]
            if not others:
                continue
            q = rng.choice(others)
            g = a.group_of(i)
            # $1 is paid for it (a deed for nothing would be a CF-64 ruling of its own): the
            # deed moves to a player who keeps it to the end, and $1 the other way
            text = f"deal {p}: {square_text(a.square(i))} | {q}: 1"
            return Plant(text, {p: 1, q: -1}, g, g)
    return None


def _deal_not_owned(a: Analysis, s: Step, rng: random.Random) -> str | None:
    """The deed is not the giver's to hand over: that item is skipped, and nothing is given for
    it, so nothing else changes."""
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        others = [q for q in s.before.active() if q != p and s.before.players[q].cash >= 1]
        if not others:
            continue
        q = rng.choice(others)
        theirs = [i for i, d in s.before.deeds.items() if d.owner not in (p, q) and d.level == 0]
        if not theirs:
            continue
        i = rng.choice(theirs)
        return f"deal {p}: {square_text(a.square(i))} | {q}: nothing"
    return None


def _estate_line(
    verb: str,
    fits: Callable[[Analysis, Step, str, int], bool],
    plant: Callable[[Analysis, str, int, str], Plant],
) -> Callable[[Analysis, Step, random.Random], Plant | None]:
    def make(a: Analysis, s: Step, rng: random.Random) -> Plant | None:
        players = s.before.active()
        rng.shuffle(players)
        for p in players:
            mine = [i for i, d in s.before.deeds.items() if d.owner == p and fits(a, s, p, i)]
            if mine:
                i = rng.choice(mine)
                return plant(a, p, i, f"{p} {verb} {square_text(a.square(i))}")
        return None

    return make


def _paid_mortgage(a: Analysis, p: str, i: int, text: str) -> Plant:
    """A deed mortgaged again: the bank's money moves, nothing else changes."""
    return Plant(text, {p: a.square(i).mortgage_value}, (), ())


def _paid_lift(a: Analysis, p: str, i: int, text: str) -> Plant:
    """A mortgage lifted that was not there: the actor pays, nothing else changes."""
    return Plant(text, {p: -lift_cost(a, i)}, (), ())


def _built_mortgage(a: Analysis, p: str, i: int, text: str) -> Plant:
    """A site of a built group mortgaged: alone where nothing later turns on it; elsewhere
    lifted again on the next line (the 10% is lost)."""
    g = a.group_of(i)
    undo = f"{p} unmortgage {square_text(a.square(i))}"
    return Plant(text, {p: a.square(i).mortgage_value}, g, g, undo=undo, refund=-lift_cost(a, i))


def _is_mortgaged(a: Analysis, s: Step, p: str, i: int) -> bool:
    return s.before.deeds[i].mortgaged


def _is_free(a: Analysis, s: Step, p: str, i: int) -> bool:
    return not s.before.deeds[i].mortgaged


def _in_built_group(a: Analysis, s: Step, p: str, i: int) -> bool:
    d = s.before.deeds[i]
    if d.mortgaged or a.square(i).kind != "site":
        return False
    return any(s.before.deeds[j].level > 0 for j in a.group_of(i))


_line_operator(
    "build-uneven",
    "M607",
    "BLD-03",
    "two houses put on one site of an evenly built group",
    _followed_build(_uneven),
)


def _followed_hotel(a: Analysis, s: Step, rng: random.Random) -> Plant | None:
    """A hotel put up on a bare site of a bare group (M606), which the replay reports and then
    carries out: the builder pays its price and the bank has one hotel fewer."""
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        groups = _groups_of(a, s, p)
        rng.shuffle(groups)
        for g in groups:
            got = _hotel_early(a, s, p, g)
            if got is None or any(s.before.deeds[i].houses for i in g):
                continue  # no houses go back to the bank: its stock of houses stays as it was
            sq = a.square(got[0])
            text = f"{p} build {square_text(sq)}{got[1]}"
            return Plant(text, {p: -sq.hotel_cost}, g, g, hotels=1)
    return None


_line_operator(
    "build-hotel-early",
    "M606",
    "BLD-05",
    "a hotel bought for a site without four houses",
    _followed_hotel,
)
_line_operator(
    "build-mortgaged-group",
    "M603",
    "BLD-08",
    "a house bought in a group with a mortgaged site",
    _followed_build(_mortgaged_group),
)
_line_operator(
    "build-without-group",
    "M602",
    "BLD-01",
    "a house bought on a site whose group the builder does not hold whole",
    _no_group,
)
_line_operator(
    "deal-built-group",
    "M712",
    "DEAL-03",
    "a site of a built-on group handed over in a deal",
    _deal_built,
)
_line_operator(
    "deal-not-owned",
    "M711",
    "DEAL-02",
    "a deed the giver does not own handed over in a deal",
    _deal_not_owned,
)
_line_operator(
    "mortgage-twice",
    "M702",
    "MORT-02",
    "a deed mortgaged while already mortgaged",
    _estate_line("mortgage", _is_mortgaged, _paid_mortgage),
)
_line_operator(
    "unmortgage-not-mortgaged",
    "M705",
    "MORT-03",
    "a mortgage lifted on a deed that is not mortgaged",
    _estate_line("unmortgage", _is_free, _paid_lift),
)
_line_operator(
    "mortgage-built-group",
    "M703",
    "MORT-01",
    "a site mortgaged while its group has buildings",
    _estate_line("mortgage", _in_built_group, _built_mortgage),
)


@operator("bankrupt-acting", "M902", "BKR-02", "a player out of the game acts")
def bankrupt_acting(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        if not isinstance(s.event, (E.Bankrupt, E.Resign)):
            continue
        who = actor_of(a, s)
        if who is None or s.after.over or len(s.after.active()) < 2:
            continue
        if s.after.players[who].active:
            continue
        spots.append((s, who))
    if not spots:
        return None
    s, who = rng.choice(spots)
    at = s.line + 1
    out = insert_line(a, at, f"{who} pay 1 to bank")
    return Edit(
        out,
        at,
        (at,),
        inserted=(at,),
        note=f"{who} pays after leaving the game (line {s.line})",
    )


@operator("fine-not-in-jail", "M503", "JAIL-04", "a jail fine paid by a player not in jail")
def fine_not_in_jail(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    fine = a.edition.rules.jail_fine
    spots = []
    for s in a.steps:
        if not isinstance(s.event, E.TurnStart) or not same_line_only(a, s):
            continue
        who = s.after.current
        p = s.after.players.get(who)
        if p is None or p.in_jail or not p.active:
            continue
        if not a.steady(s, {who: fine}):
            continue
        spots.append(s)
    spot = pick(rng, spots)
    if spot is None:
        return None
    s = spot
    who = s.after.current
    column = s.event.span.end_column
    # the replay takes the fine as recorded: the player's later counts go on from it
    moved = counts_moved(a, s, {who: fine}, column)
    if moved is None:
        return None
    lines, counts = moved
    old = lines[s.line - 1]
    lines[s.line - 1] = (
        old[: column - 1].rstrip(" \t") + f" fine {fine} " + old[column - 1 :]
    ).rstrip(" \t")
    return Edit(
        join(a, lines),
        s.line,
        tuple(sorted({s.line, *counts})),
        note=f"line {s.line}: fine {fine} by a player not in jail",
    )
