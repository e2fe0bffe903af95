"""The simulator's own game model: seats, deeds, the bank's stock, money and rule arithmetic.

This is deliberately independent of the replay engine: the simulator plays a game with it and
writes the record; the engine audits that record separately. Every number comes from the
edition's data (`Edition.squares`, `Edition.rules`) and every disputed point from the readings
in force (CF items), never from constants here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..editions.model import Edition, Square
from .layout import layout, round_half_up


@dataclass(slots=True)
class Debt:
    """Money a payment left unpaid: `short` of `full` is owed to `creditor` (None = bank)."""

    creditor: int | None
    short: int
    full: int


@dataclass(slots=True)
class Seat:
    """One player at the table."""

    name: str
    cash: int
    pos: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    cards: list[str] = field(default_factory=list)
    bankrupt: bool = False
    debts: list[Debt] = field(default_factory=list)


class Watch:
    """Facts about the deeds kept up to date as each deed changes (`Deed.__setattr__`), so that
    the bots' plans between turns need not be worked out from the whole board every turn:
    per seat, how many colour groups it holds whole, how many of its deeds are mortgaged, and
    versions counted up at every change that can alter its plans (plans.py): `built`, for
    building (a group it holds whole, or held, changing), `versions`, for lifting mortgages (a
    deed of a group it has a deed in changing), and `owners`, for the deals it looks for (such
    a deed changing hands)."""

    __slots__ = ("built", "colour", "dirty", "groups", "mortgages", "owners", "versions", "whole")

    def __init__(self, seats: int) -> None:
        self.whole = [0] * seats  # colour groups held whole
        self.mortgages = [0] * seats  # mortgaged deeds held
        self.versions = [0] * seats
        self.built = [0] * seats
        self.owners = [0] * seats  # counted up when a deed of a group the seat is in changes hands
        self.dirty: set[int] = set()  # the seats whose versions moved on, until plans.py looks
        self.groups: dict[int, tuple[Deed, ...]] = {}  # each deed's group
        self.colour: set[int] = set()  # the deeds of colour groups

    def change(self, deed: Deed, name: str, value: object) -> None:
        """Set `deed.name` to `value` and bring the counts up to date."""
        owner = deed.owner
        if name == "owner":
            self._owner(deed, owner, value)
            return
        flips = name == "mortgaged" and bool(value) != deed.mortgaged
        object.__setattr__(deed, name, value)
        if owner is None:
            return
        self.dirty.add(owner)
        if name == "mortgaged":
            if flips:
                self.mortgages[owner] += 1 if value else -1
            self.versions[owner] += 1
            if deed.index in self.colour and self._whole_owner(self.groups[deed.index]) is not None:
                self.built[owner] += 1
        elif name in ("houses", "hotel"):  # not asked whether the group is whole: at worst
            # a plan is made again for nothing
            self.versions[owner] += 1
            self.built[owner] += 1

    def _owner(self, deed: Deed, owner: int | None, value: object) -> None:
        """The deed passes from `owner` to `value` (None: the bank)."""
        group = self.groups[deed.index]
        colour = deed.index in self.colour
        was = self._whole_owner(group) if colour else None
        if deed.mortgaged:
            self._count(self.mortgages, owner, -1)
            self._count(self.mortgages, value, 1)
        object.__setattr__(deed, "owner", value)
        now = self._whole_owner(group) if colour else None
        if was != now:
            self._count(self.whole, was, -1)
            self._count(self.whole, now, 1)
            self._count(self.built, was, 1)
            self._count(self.built, now, 1)
        versions = self.versions
        owners = self.owners
        dirty = self.dirty
        if owner is not None:
            versions[owner] += 1
            owners[owner] += 1
            dirty.add(owner)
        for d in group:  # whether a deed's group is whole orders the mortgages it lifts
            held = d.owner
            if held is not None:
                versions[held] += 1
                owners[held] += 1
                dirty.add(held)

    @staticmethod
    def _whole_owner(group: tuple[Deed, ...]) -> int | None:
        owner = group[0].owner
        if owner is None:
            return None
        for d in group:
            if d.owner != owner:
                return None
        return owner

    @staticmethod
    def _count(counts: list[int], seat: object, step: int) -> None:
        if isinstance(seat, int):
            counts[seat] += step


@dataclass(slots=True, init=False)
class Deed:
    """An ownable square: owner seat (None = the bank), buildings and mortgage.

    Once the table watches it, setting any of them goes through the table's `Watch`, wherever
    it is done."""

    index: int
    owner: int | None = None
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False
    watch: Watch | None = field(default=None, repr=False, compare=False)

    def __init__(
        self,
        index: int,
        owner: int | None = None,
        houses: int = 0,
        hotel: bool = False,
        mortgaged: bool = False,
        watch: Watch | None = None,
    ) -> None:
        setattr_ = object.__setattr__  # not through the watch: nothing has changed yet
        setattr_(self, "watch", watch)
        setattr_(self, "index", index)
        setattr_(self, "owner", owner)
        setattr_(self, "houses", houses)
        setattr_(self, "hotel", hotel)
        setattr_(self, "mortgaged", mortgaged)

    def __setattr__(self, name: str, value: object) -> None:
        watch = self.watch
        if watch is None:
            object.__setattr__(self, name, value)
        elif name == "houses" or name == "hotel":  # Watch.change's branch for buildings,
            # written out: a house at a time, 14,000 of the 35,000 changes in 200 games
            object.__setattr__(self, name, value)
            owner = self.owner
            if owner is not None:
                watch.dirty.add(owner)
                watch.versions[owner] += 1
                watch.built[owner] += 1
        else:
            watch.change(self, name, value)


class Table:
    """The whole game position, with the rule arithmetic the simulator needs."""

    def __init__(self, edition: Edition, names: list[str], readings: dict[str, str]) -> None:
        self.ed = edition
        self.rules = edition.rules
        self.readings = readings
        self.squares: tuple[Square, ...] = edition.squares
        self.size = len(edition.squares)
        self.seats = [Seat(n, edition.rules.starting_cash) for n in names]
        self._order()  # the seats not bankrupt, kept as they leave()
        lay = layout(edition)
        self.watch = watch = Watch(len(self.seats))
        self.deeds: dict[int, Deed] = {i: Deed(i, watch=watch) for i in lay.deeds}
        deeds = self.deeds
        # each group's deeds, made once
        made = {members: tuple([deeds[i] for i in members]) for members in lay.distinct}
        self.group: dict[int, tuple[Deed, ...]] = {i: made[m] for i, m in lay.groups.items()}
        self.colour_groups = [made[members] for members in lay.colour]
        # the cheapest hotel of the board: a budget below it buys no hotel, whatever the plan
        self.cheapest_hotel = lay.cheapest_hotel
        watch.groups = self.group
        watch.colour = {i for members in lay.colour for i in members}
        rules = edition.rules
        self.bank_houses = rules.houses
        self.bank_hotels = rules.hotels
        self.max_houses = rules.houses_before_hotel
        self.hotel_level = self.max_houses + 1
        self.bank_paid = 0  # money the bank has paid out
        self.bank_received = 0  # money the bank has taken in
        down = readings.get("CF-34") == "down"
        on_price = readings.get("CF-35") == "printed-price"
        # each deed's interest, and what lifting its mortgage costs (read only: shared)
        self.interest, self.lift_costs = lay.interest_for(edition, down, on_price)
        # CF-20: whether a mortgaged railroad or utility counts for the tier
        self.tier_counts_mortgaged = readings.get("CF-20") != "count-unmortgaged"

    # ---------------------------------------------------------------- money
    def pay(self, payer: int | None, payee: int | None, amount: int) -> None:
        """Move money (None = the bank). A payer left below zero owes the rest (BKR-01)."""
        if amount <= 0:
            return
        if payer is None:
            self.bank_paid += amount
        else:
            seat = self.seats[payer]
            seat.cash -= amount
            if seat.cash < 0:
                seat.debts.append(Debt(payee, min(amount, -seat.cash), amount))
        if payee is None:
            self.bank_received += amount
        else:
            seat = self.seats[payee]
            seat.cash += amount
            if seat.cash >= 0 and seat.debts:
                seat.debts.clear()

    def receive(self, seat: int, amount: int) -> None:
        """The bank pays a player (salary, mortgages, sales, cards): `pay(None, seat, amount)`."""
        if amount <= 0:
            return
        self.bank_paid += amount
        payee = self.seats[seat]
        payee.cash += amount
        if payee.cash >= 0 and payee.debts:
            payee.debts.clear()

    def total_cash(self) -> int:
        return sum(s.cash for s in self.seats)

    # ---------------------------------------------------------------- players
    def active(self) -> list[int]:
        """The seats still in, in order (a new list: the caller may keep or change it)."""
        return list(self.playing)

    def leave(self, seat: int) -> None:
        """The seat goes bankrupt: it is out of the game."""
        self.seats[seat].bankrupt = True
        self._order()

    def _order(self) -> None:
        """The seats still in, and the next one still in after each seat."""
        seats = self.seats
        # the seats still in, in order (read only: active() gives a list to keep or change)
        self.playing = tuple(i for i, s in enumerate(seats) if not s.bankrupt)
        n = len(seats)
        # the next seat still in after each seat (itself when no other is): read only
        self.next_seat: list[int] = []
        for after in range(n):
            nxt = after
            for step in range(1, n + 1):
                if not seats[(after + step) % n].bankrupt:
                    nxt = (after + step) % n
                    break
            self.next_seat.append(nxt)

    def next_active(self, after: int) -> int:
        return self.next_seat[after]

    def owned(self, seat: int) -> list[Deed]:
        return [d for d in self.deeds.values() if d.owner == seat]

    # ---------------------------------------------------------------- groups and levels
    def level(self, deed: Deed) -> int:
        return self.hotel_level if deed.hotel else deed.houses

    # owns_group and group_built are loops, not all() or any() over a generator: they are
    # asked for each deed when a bot picks mortgages to take out or lift, and a generator
    # cost about half a microsecond more a call (timeit, 3 deeds)
    def owns_group(self, seat: int, index: int) -> bool:
        for d in self.group[index]:  # noqa: SIM110 (see above)
            if d.owner != seat:
                return False
        return True

    def group_built(self, index: int) -> bool:
        for d in self.group[index]:  # noqa: SIM110 (see above)
            if d.houses or d.hotel:
                return True
        return False

    def buildable_groups(self, seat: int) -> list[tuple[Deed, ...]]:
        """Colour groups the player holds whole with nothing mortgaged (BLD-01, BLD-08)."""
        out = []
        for g in self.colour_groups:
            if g[0].owner != seat:
                continue
            for d in g:
                if d.owner != seat or d.mortgaged:
                    break
            else:
                out.append(g)
        return out

    def house_site(self, group: tuple[Deed, ...]) -> Deed | None:
        """Where the next house of an even build goes (BLD-03), or None."""
        low = min(self.level(d) for d in group)
        if low >= self.max_houses:
            return None
        for d in group:
            if d.houses == low and not d.hotel:
                return d
        return None

    def hotel_site(self, group: tuple[Deed, ...]) -> Deed | None:
        """A site ready for a hotel: every site of the group at four houses or more (CF-26)."""
        if min(self.level(d) for d in group) < self.max_houses:
            return None
        for d in group:
            if not d.hotel:
                return d
        return None

    # ---------------------------------------------------------------- rent
    def rent(
        self, index: int, tenant: int, dice: int | None, card_rule: str | None
    ) -> tuple[int | None, int, int]:
        """(owner or None, amount, per_pip) for `tenant` on `index` as the board is now.

        per_pip is non-zero for utilities: the amount is then per_pip times the dice.
        """
        deed = self.deeds[index]
        owner = deed.owner
        if owner is None or owner == tenant or deed.mortgaged:
            return None, 0, 0  # RENT-13, RENT-02
        sq = self.squares[index]
        if sq.kind == "site":
            if deed.hotel:
                return owner, sq.rents[5], 0
            if deed.houses:
                return owner, sq.rents[deed.houses], 0
            base = sq.rents[0]
            mortgaged = False
            for d in self.group[index]:
                if d.owner != owner:
                    return owner, base, 0
                mortgaged = mortgaged or d.mortgaged
            if mortgaged:
                # CF-01: a mortgaged member stops the doubling, unless the edition reads otherwise
                if self.readings.get("CF-01") == "double-unmortgaged":
                    return owner, base * self.rules.full_group_multiplier, 0
                return owner, base, 0
            return owner, base * self.rules.full_group_multiplier, 0  # RENT-04, RENT-06
        count = self._tier(index, owner)
        if sq.kind == "railroad":
            table = self.rules.railroad_rents
            amount = table[min(count, len(table)) - 1]
            return owner, amount * 2 if card_rule == "double_railroad_rent" else amount, 0
        if card_rule == "dice_times_10":
            per_pip = 10
        else:
            mults = self.rules.utility_multipliers
            per_pip = mults[min(count, len(mults)) - 1]
        return owner, per_pip * dice if dice is not None else 0, per_pip

    def _tier(self, index: int, owner: int) -> int:
        """How many of the group the owner holds for the rent tier (RENT-08, CF-20)."""
        counts_mortgaged = self.tier_counts_mortgaged
        count = 0
        for d in self.group[index]:
            if d.owner == owner and (counts_mortgaged or not d.mortgaged):
                count += 1
        return max(1, count)

    # ---------------------------------------------------------------- values
    @staticmethod
    def half(amount: int) -> int:
        return round_half_up(amount, 2)

    def lift_cost(self, index: int) -> int:
        return self.lift_costs[index]

    def sale_value(self, deed: Deed) -> int:
        """Every building on the site sold to the bank at half price (SELL-02)."""
        sq = self.squares[deed.index]
        if deed.hotel:
            return self.half(sq.hotel_cost) + self.max_houses * self.half(sq.house_cost)
        return deed.houses * self.half(sq.house_cost)

    def raisable(self, seat: int) -> int:
        """Buildings at half price plus the mortgage value of every unmortgaged deed (CF-40)."""
        total = 0
        squares = self.squares
        for d in self.deeds.values():
            if d.owner == seat:
                if d.houses or d.hotel:  # sale_value() asked only of a deed built on
                    total += self.sale_value(d)
                if not d.mortgaged:
                    total += squares[d.index].mortgage_value
        return total

    def worth(self, seat: int) -> int:
        """Cash, deeds at price (mortgage value when mortgaged) and buildings at cost."""
        total = self.seats[seat].cash
        for d in self.deeds.values():
            if d.owner != seat:
                continue
            sq = self.squares[d.index]
            total += sq.mortgage_value if d.mortgaged else sq.price
            if d.hotel:
                total += sq.hotel_cost + self.max_houses * sq.house_cost
            else:
                total += d.houses * sq.house_cost
        return total

    def buildings(self, seat: int) -> tuple[int, int]:
        houses = hotels = 0
        for d in self.deeds.values():
            if d.owner == seat:
                if d.hotel:
                    hotels += 1
                else:
                    houses += d.houses
        return houses, hotels

    # ---------------------------------------------------------------- invariants
    def problems(self) -> list[str]:
        """What is wrong with the position (empty when sound): money, buildings, deeds."""
        out: list[str] = []
        start = self.rules.starting_cash * len(self.seats)
        if self.total_cash() != start + self.bank_paid - self.bank_received:
            out.append(
                f"money: players hold {self.total_cash()}, expected "
                f"{start + self.bank_paid - self.bank_received}"
            )
        houses = sum(d.houses for d in self.deeds.values())
        hotels = sum(1 for d in self.deeds.values() if d.hotel)
        if houses + self.bank_houses != self.rules.houses:
            out.append(f"houses: {houses} built + {self.bank_houses} in the bank")
        if hotels + self.bank_hotels != self.rules.hotels:
            out.append(f"hotels: {hotels} built + {self.bank_hotels} in the bank")
        for d in self.deeds.values():
            out += self._deed_problems(d)
        for g in self.colour_groups:
            levels = [self.level(d) for d in g]
            if max(levels) - min(levels) > 1:
                out.append(f"uneven group {[self.squares[d.index].name for d in g]}: {levels}")
        for s in self.seats:
            if s.bankrupt and (s.cash or s.cards):
                out.append(f"{s.name} is bankrupt but holds cash or cards")
            if not s.bankrupt and s.cash < 0:
                out.append(f"{s.name} has {s.cash}")
        return out

    def _deed_problems(self, d: Deed) -> list[str]:
        """What is wrong with one deed: its owner, its buildings, its mortgage."""
        out: list[str] = []
        name = self.squares[d.index].name
        if d.owner is not None and self.seats[d.owner].bankrupt:
            out.append(f"{name} belongs to a bankrupt player")
        if (d.houses or d.hotel) and not self.owns_group(d.owner or 0, d.index):
            out.append(f"{name} is built on without the whole group")
        if (d.houses and d.hotel) or d.houses > self.max_houses:
            out.append(f"{name} has {d.houses} houses and hotel={d.hotel}")
        if (d.houses or d.hotel) and any(x.mortgaged for x in self.group[d.index]):
            out.append(f"{name} is built on in a group with a mortgage")
        if d.owner is None and (d.houses or d.hotel or d.mortgaged):
            out.append(f"{name} is the bank's but built on or mortgaged")
        return out
