"""The players' policy: simple bots with a few seeded traits.

A bot buys what it can afford above a cash reserve (sometimes declining, so auctions happen),
bids up to a value it puts on a deed, builds evenly on complete groups, raises money by
mortgaging and then selling buildings, lifts mortgages when rich, trades to complete groups and
chooses how to leave jail. Decisions only: the simulator carries them out under the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .plans import Group, Plans
from .table import Deed, Table


@dataclass(frozen=True, slots=True)
class Settings:
    """Table-wide knobs for the bots (the defaults give varied, finished games)."""

    decline: float = 0.08  # chance to decline an affordable deed (then it is auctioned)
    trade: float = 0.25  # chance per turn that a player looks for a deal
    hotels: float = 0.7  # share of bots that build hotels (the rest keep houses: shortages)
    build: float = 1.0  # how much of its spare cash a bot spends on buildings
    liquidate: float = 0.5  # chance a bankrupt sells and mortgages everything first
    jail_stay: float = 0.5  # chance to stay in jail (rolling) late in the game


@dataclass(slots=True)
class Bot:
    """One player's traits."""

    reserve: int
    bid_factor: float
    ask_factor: float
    hotels: bool
    build_cheap_first: bool

    @classmethod
    def make(cls, rng: random.Random, settings: Settings, starting_cash: int) -> Bot:
        return cls(
            reserve=int(starting_cash * (0.03 + 0.12 * rng.random())),
            bid_factor=0.5 + 0.6 * rng.random(),
            ask_factor=1.4 + 1.2 * rng.random(),
            hotels=rng.random() < settings.hotels,
            build_cheap_first=rng.random() < 0.5,
        )


class Policy:
    """Decisions for every seat, from the table as it stands."""

    def __init__(self, table: Table, bots: list[Bot], settings: Settings, rng: random.Random):
        self.t = table
        self.bots = bots
        self.s = settings
        self.rng = rng
        self.random = rng.random
        cheap_first = [b.build_cheap_first for b in bots]
        reserves = [b.reserve for b in bots]
        hotels = [b.hotels for b in bots]
        rich = 2 * table.rules.starting_cash  # a seat without the taste for hotels buys them
        self.plans = Plans(table, cheap_first, reserves, settings.build, hotels, rich)

    # ---------------------------------------------------------------- buying
    def buys(self, seat: int, index: int) -> bool:
        price = self.t.squares[index].price
        cash = self.t.seats[seat].cash
        if cash < price:
            return False
        if cash - price < self.bots[seat].reserve and not self._completes(seat, index):
            return self.random() < 0.3
        return self.random() >= self.s.decline

    def _completes(self, seat: int, index: int) -> bool:
        return all(d.owner == seat or d.index == index for d in self.t.group[index])

    def value(self, seat: int, index: int) -> int:
        """The most this seat bids for a deed at auction (never above its cash)."""
        t = self.t
        sq = t.squares[index]
        worth = sq.price * self.bots[seat].bid_factor
        group = t.group[index]
        mine = sum(1 for d in group if d.owner == seat)
        others = {d.owner for d in group if d.owner is not None and d.owner != seat}
        if mine and not others:
            worth *= 1.2 + 0.3 * mine
        elif (
            others
            and len(others) == 1
            and sum(1 for d in group if d.owner in others) == len(group) - 1
        ):
            worth *= 1.3  # block a group
        cash = t.seats[seat].cash
        return max(0, min(int(worth), cash - self.bots[seat].reserve // 3))

    def next_bid(self, high: int, limit: int, opening: int) -> int:
        if high == 0:
            return max(1, min(limit, opening))
        step = self.rng.choice((1, 5, 10, 10, 20, 25, 50))
        return min(limit, high + step)

    # ---------------------------------------------------------------- jail
    def leaves_jail(self, seat: int) -> str:
        """ "card", "fine" or "roll" at the start of a jail turn."""
        t = self.t
        s = t.seats[seat]
        unowned = sum(1 for d in t.deeds.values() if d.owner is None)
        late = unowned < len(t.deeds) // 4
        if late and self.random() < self.s.jail_stay:
            return "roll"
        if s.cards:
            return "card"
        if s.cash >= t.rules.jail_fine + self.bots[seat].reserve and self.random() < 0.6:
            return "fine"
        return "roll"

    # ---------------------------------------------------------------- building
    def house_budget(self, seat: int) -> int:
        bot = self.bots[seat]
        return int((self.t.seats[seat].cash - bot.reserve) * self.s.build)

    def groups_to_build(self, seat: int) -> tuple[Group, ...]:
        """The colour groups the seat may build on, cheapest houses first or dearest first."""
        return self.plans.building(seat).groups

    # ---------------------------------------------------------------- raising money
    def mortgage_order(self, seat: int) -> list[Deed]:
        """Unmortgaged deeds with no buildings in their group, least useful first."""
        t = self.t
        group = t.group
        squares = t.squares
        # (whole group held, mortgage value, place, deed): the key made once a deed
        keyed: list[tuple[bool, int, int, Deed]] = []
        for d in t.deeds.values():
            if d.owner != seat or d.mortgaged:
                continue
            members = group[d.index]
            whole = True
            for x in members:  # t.group_built() and t.owns_group(), written out together:
                # asked again at every step of raising money, 3,500 times in 300 games
                if x.houses or x.hotel:
                    break
                if x.owner != seat:
                    whole = False
            else:
                keyed.append((whole, squares[d.index].mortgage_value, len(keyed), d))
        keyed.sort()  # the place keeps the order of equal keys, as a stable sort on the key did
        return [k[3] for k in keyed]

    def unmortgage_pick(self, seat: int) -> list[Deed]:
        """Mortgages the bot lifts now, when rich enough: whole groups first, then the cheapest."""
        cash = self.t.seats[seat].cash - 2 * self.bots[seat].reserve
        out: list[Deed] = []
        plan = self.plans.lifting(seat)
        if plan.need is None or self.t.seats[seat].cash < plan.need:
            return out
        for d, cost in plan.lifts:
            if cost <= cash:
                out.append(d)
                cash -= cost
        return out
