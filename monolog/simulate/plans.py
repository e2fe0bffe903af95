"""What the bots' plans between turns are made from, kept until one of the seat's deeds changes.

Between every two turns each player may lift mortgages, build houses and hotels, or trade
(between.py). What that can come to depends on the deeds (who owns which, their buildings and
mortgages), which change on a few turns only, and on cash, which changes nearly every turn. So
what comes from the deeds alone is worked out for a seat once and kept until the table's
`Watch` counts a change that can alter it (a deed of the seat's, or of a group it has a deed
in, changing hands, buildings or mortgage); cash is read fresh every time. A seat whose cash
is below the cheapest house, hotel or mortgage lift it could buy is told "nothing" at once,
which is the answer on most turns.
"""

from __future__ import annotations

from typing import NamedTuple

from .table import Deed, Table

Group = tuple[Deed, ...]


class Building(NamedTuple):
    """What a seat could build, its deeds as they stand."""

    groups: tuple[Group, ...]  # colour groups it may build on, in its building order
    house_floor: int | None  # the cheapest house it could buy (None: every group is full)
    hotel_floor: int | None  # the cheapest hotel it could buy (None: no group is ready)
    need: int | None  # cash below which it can buy neither (None: never; may be too low)


class Lifting(NamedTuple):
    """The mortgages a seat could lift, its deeds as they stand."""

    lifts: tuple[tuple[Deed, int], ...]  # its mortgaged deeds in lifting order, with the cost
    need: int | None  # the cash below which it lifts none (the cheapest lift and two reserves)


_NO_LIFTS = Lifting((), None)
NEVER = 1 << 62  # a need no cash meets


class Plans:
    """Each seat's Building, Lifting and deals wanted, each made when first asked after the
    seat's version in the table's Watch has moved on."""

    def __init__(
        self,
        table: Table,
        cheap_first: list[bool],
        reserves: list[int],
        build: float,
        hotels: list[bool] | None = None,
        rich: int = 0,
    ) -> None:
        self.build = build  # the share of spare cash the bots spend on buildings
        # each seat's taste for hotels (None: every seat buys them), and the cash from which
        # a seat without it buys hotels all the same
        self.hotels = hotels if hotels is not None else [True] * len(table.seats)
        self.rich = rich
        self.t = table
        self.versions = table.watch.versions
        self.built = table.watch.built
        self.owners = table.watch.owners
        self.cheap_first = cheap_first  # each seat's building order
        self.reserves = reserves  # each seat's cash reserve
        n = len(table.seats)
        self._building: list[tuple[int, Building] | None] = [None] * n
        self._lifting: list[tuple[int, Lifting] | None] = [None] * n
        self._deals: list[tuple[int, tuple[tuple[Group, Deed], ...]] | None] = [None] * n
        self.dirty = table.watch.dirty
        self.pairable = [g for g in table.colour_groups if len(g) > 1]  # groups to deal for
        # each seat's Lifting.need and Building.need, NEVER for None, as of the last fresh()
        self.lift_need = [NEVER] * n
        self.build_need = [NEVER] * n

    def fresh(self) -> None:
        """Bring lift_need and build_need up to date for the seats whose deeds changed."""
        if not self.dirty:
            return
        watch = self.t.watch
        for s in self.dirty:
            self.lift_need[s] = self._lift_need(s) if watch.mortgages[s] else NEVER
            need = self.building(s).need if watch.whole[s] else None
            self.build_need[s] = NEVER if need is None else need
        self.dirty.clear()

    def building(self, s: int) -> Building:
        got = self._building[s]
        if got is None or got[0] != self.built[s]:
            got = self._building[s] = (self.built[s], self._make_building(s))
        return got[1]

    def lifting(self, s: int) -> Lifting:
        got = self._lifting[s]
        if got is None or got[0] != self.versions[s]:
            got = self._lifting[s] = (self.versions[s], self._make_lifting(s))
        return got[1]

    def trades(self, s: int) -> tuple[tuple[Group, Deed], ...]:
        """The colour groups the seat has a deed of and lacks one only, held by another seat,
        each with that deed (the deals it looks for, DEAL-01)."""
        got = self._deals[s]
        if got is None or got[0] != self.owners[s]:  # made from who owns what alone
            deals = []
            for g in self.pairable:
                other = None  # the one deed of the group the seat lacks
                for d in g:
                    if d.owner != s:
                        if other is not None:
                            break  # it lacks two
                        other = d
                else:
                    if other is not None and other.owner is not None:
                        deals.append((g, other))
            got = self._deals[s] = (self.owners[s], tuple(deals))
        return got[1]

    def _make_building(self, s: int) -> Building:
        t = self.t
        if not t.watch.whole[s]:
            return Building((), None, None, None)
        squares = t.squares
        groups = t.buildable_groups(s)
        if len(groups) > 1:
            dear_first = not self.cheap_first[s]
            groups.sort(key=lambda g: squares[g[0].index].house_cost, reverse=dear_first)
        house = hotel = None
        top = t.max_houses
        for g in groups:
            sq = squares[g[0].index]
            below = ready = False  # a site below the top level; a site at it without a hotel
            for d in g:
                if not d.hotel:
                    if d.houses < top:
                        below = True
                        break
                    ready = True
            if below:
                if house is None or sq.house_cost < house:
                    house = sq.house_cost
            elif ready and (hotel is None or sq.hotel_cost < hotel):
                hotel = sq.hotel_cost
        needs = []
        if house is not None:
            needs.append(self._need(s, house))
        if hotel is not None:  # a seat without the taste for hotels waits until it is rich
            need = self._need(s, hotel)
            needs.append(need if self.hotels[s] else max(need, self.rich))
        return Building(tuple(groups), house, hotel, min(needs) if needs else None)

    def _need(self, s: int, floor: int) -> int:
        """The cash below which the seat cannot spend `floor` on a building."""
        if self.build > 0:
            # the budget is int((cash - reserve) * build): at least the floor needs this much
            # cash, less one for the rounding (a bound only: the plan itself is worked out)
            return self.reserves[s] + int(floor / self.build) - 1
        return -(2**62)  # no bound worth the name: the plans are always worked out

    def _lift_need(self, s: int) -> int:
        """Lifting.need of a seat with a mortgage, without putting its lifts in order."""
        costs = self.t.lift_costs
        cheapest = NEVER
        for d in self.t.deeds.values():
            if d.owner == s and d.mortgaged and costs[d.index] < cheapest:
                cheapest = costs[d.index]
        return cheapest + 2 * self.reserves[s]

    def _make_lifting(self, s: int) -> Lifting:
        t = self.t
        if not t.watch.mortgages[s]:
            return _NO_LIFTS
        mortgaged = [d for d in t.deeds.values() if d.owner == s and d.mortgaged]
        mortgaged.sort(key=lambda d: (not t.owns_group(s, d.index), t.lift_cost(d.index)))
        lifts = tuple((d, t.lift_cost(d.index)) for d in mortgaged)
        return Lifting(lifts, min(cost for _, cost in lifts) + 2 * self.reserves[s])
