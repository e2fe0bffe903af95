"""The simulator between turns (TURN-05): lifting mortgages, building and selling evenly with
the bank's stock (BLD, SELL, CF-26..29), deals between players (DEAL, CF-38).
"""

from __future__ import annotations

from .money import MoneyTrouble
from .table import Deed


class BetweenTurns(MoneyTrouble):
    """What players do outside the dice."""

    # ---------------------------------------------------------------- between turns
    def between(self, nxt: int) -> None:
        """Actions outside the dice (TURN-05): lifting mortgages, building, deals."""
        t = self.t
        watch = t.watch
        seats = t.seats
        plans = self.p.plans
        active = t.playing  # a tuple, made again (not changed) when a seat leaves
        if any(watch.mortgages):
            if plans.dirty:
                plans.fresh()
            lift_need = plans.lift_need
            for s in active:
                if self.over:
                    return
                if seats[s].cash >= lift_need[s]:  # else it picks no mortgage to lift
                    self.lift_mortgages(s)
        whole = watch.whole
        if any(whole):  # lifting a mortgage never makes a bankrupt: `active` stands
            if plans.dirty:
                plans.fresh()
            build_need = plans.build_need
            for s in active:
                if whole[s] and seats[s].cash >= build_need[s] and self.may_build(s):
                    self.build_phase([b for b in active if whole[b]])
                    break
        if self.brandom() < self.settings.trade:
            self.trade()
        seat = t.seats[nxt]
        if seat.in_jail and not seat.cards and self.brandom() < 0.3:
            self.buy_jail_card(nxt)

    def lift_mortgages(self, s: int) -> None:
        """Half the time a seat rich enough lifts the mortgages it picks (MORT)."""
        t = self.t
        picks = [d for d in self.p.unmortgage_pick(s) if d.index not in self.unsettled]
        if not picks or self.brandom() >= 0.5:
            return
        total = sum(t.lift_cost(d.index) for d in picks)
        lift60 = self.fault("lift-60")
        if lift60:  # 60% of the printed price
            total = sum(t.squares[d.index].price * 60 // 100 for d in picks)
            if total > t.seats[s].cash:
                return
        for d in picks:
            d.mortgaged = False
        t.pay(s, None, total)
        written = f" for {self.style.amount(total)}" if lift60 else ""
        self.say(s, f"unmortgage {self.names(picks)}" + (written or self.style.maybe_for(total)))
        if lift60:
            self.flag("lift-60")
        self.stats["unmortgage"] += 1

    def may_build(self, s: int) -> bool:
        """Could the seat buy a house or a hotel now, its cash and deeds and the bank's stock
        as they stand? (False for every seat: the building phase would do nothing; the bank's
        houses only grow in it, by a hotel bought, and then a hotel can be bought.)"""
        t = self.t
        plan = self.p.plans.building(s)
        budget = self.p.house_budget(s)
        house = plan.house_floor
        if house is not None and budget > 0 and house <= budget and t.bank_houses > 0:
            return True
        if plan.hotel_floor is None or budget < plan.hotel_floor or t.bank_hotels <= 0:
            return False
        return self.bots[s].hotels or t.seats[s].cash >= 2 * t.rules.starting_cash

    def may_buy_house(self, s: int) -> bool:
        """Would the seat buy a house if the bank had plenty? (house_plan is not empty)"""
        floor = self.p.plans.building(s).house_floor
        budget = self.p.house_budget(s)
        return floor is not None and budget > 0 and floor <= budget

    def build_phase(self, seats: list[int]) -> None:
        t = self.t
        # each seat's Building.need, made before the phase from its deeds; a seat's deeds
        # change in the phase only by its own building, or by a shortage's auctions
        need = self.p.plans.build_need
        auctioned = False
        buyers = 0  # seats that would buy a house, counted up to two (a loop that stops at
        # the second, not sum() over a generator: may_buy_house changes nothing in the game)
        for s in seats:
            if self.may_buy_house(s):
                buyers += 1
                if buyers == 2:
                    break
        if buyers >= 2:  # else no shortage (BLD-12)
            wants = {s: self.house_plan(s, 10**6) for s in seats}
            wanting = [s for s, plan in wants.items() if plan]
            if len(wanting) >= 2 and 0 < t.bank_houses < sum(len(wants[s]) for s in wanting):
                self.shortage(wants)
                auctioned = True
        for s in seats:
            if t.seats[s].bankrupt:
                continue
            if not auctioned and t.seats[s].cash < need[s]:
                continue  # it can buy neither a house nor a hotel: both plans are empty
            plan = self.house_plan(s, t.bank_houses)
            if plan:
                self.build(s, plan, hotel=False)
            hotels = self.hotel_plan(s)
            if hotels:
                self.build(s, hotels, hotel=True)

    def house_plan(self, s: int, bank: int) -> list[Deed]:
        """The houses a seat would buy now, in building order (BLD-01..04)."""
        t = self.t
        budget = self.p.house_budget(s)
        plan: list[Deed] = []
        if budget <= 0 or bank <= 0:
            return plan
        floor = self.p.plans.building(s).house_floor
        if floor is None or budget < floor:
            return plan  # not a house it could buy: most turns
        top = t.hotel_level
        for g in self.p.groups_to_build(s):
            cost = t.squares[g[0].index].house_cost
            levels = [top if d.hotel else d.houses for d in g]  # t.level(d), written out
            while budget >= cost and len(plan) < bank:
                low = min(levels)
                if low >= t.max_houses:
                    break
                i = levels.index(low)  # the first site of the group at the lowest level
                plan.append(g[i])
                levels[i] += 1
                budget -= cost
        return plan

    def hotel_plan(self, s: int) -> list[Deed]:
        t = self.t
        if not self.bots[s].hotels and t.seats[s].cash < 2 * t.rules.starting_cash:
            return []  # a house hoarder, until rich
        budget = self.p.house_budget(s)
        plan: list[Deed] = []
        left = t.bank_hotels
        if left <= 0 or budget < t.cheapest_hotel:
            # (asked before the seat's plan, most often made again after the houses it has
            # just built: in 300 games 2,233 of 4,629 calls stop here, and the plans' time
            # here falls from 0.18 to 0.07 s in a line profile)
            return plan
        floor = self.p.plans.building(s).hotel_floor
        if floor is None or budget < floor:
            return plan  # not a hotel it could buy
        for g in self.p.groups_to_build(s):
            cost = t.squares[g[0].index].hotel_cost
            if min(t.level(d) for d in g) < t.max_houses:
                continue
            for d in g:
                if not d.hotel and budget >= cost and left > 0:
                    plan.append(d)
                    budget -= cost
                    left -= 1
        return plan

    def build(self, s: int, plan: list[Deed], *, hotel: bool) -> None:
        t = self.t
        counts: dict[int, int] = {}
        cost = 0
        for d in plan:
            counts[d.index] = counts.get(d.index, 0) + 1
            sq = t.squares[d.index]
            if hotel:
                cost += sq.hotel_cost
                d.hotel = True
                t.bank_houses += d.houses
                d.houses = 0
                t.bank_hotels -= 1
            else:
                cost += sq.house_cost
                d.houses += 1
                t.bank_houses -= 1
        t.pay(s, None, cost)
        items = []
        for index, n in counts.items():
            name = self.sq(index, alone=True)
            if hotel:
                items.append(f"{name} hotel")
            else:
                items.append(f"{name} x{n}" if n > 1 or self.srandom() < 0.2 else name)
        self.say(s, f"build {', '.join(items)}" + self.style.maybe_for(cost))
        self.stats["hotels built" if hotel else "houses built"] += len(plan)

    def shortage(self, wants: dict[int, list[Deed]]) -> None:
        """BLD-12, CF-28: too few houses for two or more builders: one at a time by auction,
        opening at the lowest printed house price among the bidders."""
        t = self.t
        need = {s: len(p) for s, p in wants.items() if p}
        while t.bank_houses > 0:
            bidders = []
            for s in t.active():
                if need.get(s, 0) <= 0:
                    continue
                site = self._house_site(s)
                if site is not None:
                    bidders.append((s, site))
            if len(bidders) < 2:
                return
            floor = min(self._lowest_house_price(s) for s, _ in bidders)
            limits = {}
            for s, site in bidders:
                cost = t.squares[site.index].house_cost
                spare = t.seats[s].cash - self.bots[s].reserve // 2
                limits[s] = min(spare, int(cost * (1.1 + 0.9 * self.brandom())))
            order = [s for s, _ in bidders]
            bids: list[tuple[int, int]] = []
            high, leader, idle, i = 0, -1, 0, 0
            while idle < len(order):
                p = order[i % len(order)]
                i += 1
                if p == leader or limits[p] <= high or limits[p] < floor:
                    idle += 1
                    continue
                high = floor if high == 0 else self.p.next_bid(high, limits[p], floor)
                leader = p
                bids.append((p, high))
                idle = 0
            if not bids:
                return
            site = dict(bidders)[leader]
            t.pay(leader, None, high)
            site.houses += 1
            t.bank_houses -= 1
            need[leader] -= 1
            listed = ", ".join(f"{self.name(p)} {a}" for p, a in bids)
            self.say(
                leader,
                f"auction house bids {listed} sold {self.name(leader)} {high} "
                f"build {self.sq(site.index, alone=True)}",
            )
            self.stats["shortage auction"] += 1

    def _house_site(self, s: int) -> Deed | None:
        for g in self.p.groups_to_build(s):
            site = self.t.house_site(g)
            if site is not None:
                return site
        return None

    def _lowest_house_price(self, s: int) -> int:
        t = self.t
        prices = [
            t.squares[site.index].house_cost
            for g in self.p.groups_to_build(s)
            if (site := t.house_site(g)) is not None
        ]
        return min(prices)

    # ---------------------------------------------------------------- deals
    def trade(self) -> None:
        """DEAL-01..05, CF-38: a player short of one deed of a group buys it, for cash or in a
        swap for a deed the other needs; mortgaged deeds received bring the 10% choice."""
        t = self.t
        active = t.playing  # read only: not the copy active() makes
        buyer = active[int(self.brandom() * len(active))]
        for g, want in self.p.plans.trades(buyer):
            seller = want.owner
            assert seller is not None
            swap = self._swap_for(buyer, seller, g)
            price = t.squares[want.index].price
            ask = int(price * self.bots[seller].ask_factor)
            if swap is not None:
                ask = max(0, ask - int(t.squares[swap.index].price * 1.5))
            bot = self.bots[buyer]
            cash = t.seats[buyer].cash
            offer = min(cash - bot.reserve, int(price * (1.5 + 1.5 * self.brandom())))
            if offer < ask:
                continue
            pay = ask + (offer - ask) // 3
            # the receiver of a mortgaged deed must cover the 10% at once
            if want.mortgaged and cash - pay < t.interest[want.index]:
                continue
            if (
                swap is not None
                and swap.mortgaged
                and (t.seats[seller].cash + pay < t.interest[swap.index])
            ):
                continue
            self._deal(buyer, seller, want, swap, pay)
            return

    def _swap_for(self, buyer: int, seller: int, wanted: tuple[Deed, ...]) -> Deed | None:
        """A deed of the buyer's that completes another of the seller's groups, if any."""
        t = self.t
        for g, missing in self.p.plans.trades(seller):  # the groups it lacks one deed of
            if g is not wanted and missing.owner == buyer and not t.group_built(missing.index):
                return missing
        return None

    def _deal(self, buyer: int, seller: int, want: Deed, swap: Deed | None, pay: int) -> None:
        self.note_deal(want.index, *([swap.index] if swap is not None else []))
        gives = []
        if swap is not None:
            gives.append(self.sq(swap.index, alone=True))
        if pay > 0 or not gives:
            gives.append(self.style.amount(pay))
        self.w.line(
            f"deal {self.name(buyer)}: {', '.join(gives)} | {self.name(seller)}: "
            f"{self.sq(want.index, alone=True)}"
        )
        if pay > 0:
            self._move(buyer, seller, pay)
        want.owner = buyer
        if swap is not None:
            swap.owner = seller
        self.stats["deals"] += 1
        if want.mortgaged:
            self.mortgage_choice(buyer, [want], "deal")
        if swap is not None and swap.mortgaged and not self.over:
            self.mortgage_choice(seller, [swap], "deal")

    def buy_jail_card(self, s: int) -> None:
        """CARD-04, JAIL-05: a jailed player buys a Get Out of Jail Free card."""
        t = self.t
        for h in t.active():
            seat = t.seats[h]
            if h == s or not seat.cards:
                continue
            price = 10 + int(self.brandom() * 50)
            if t.seats[s].cash - price < self.bots[s].reserve:
                return
            card = seat.cards[0]
            named = f" {card}" if self.srandom() < 0.5 else ""
            self.w.line(f"deal {self.name(s)}: {price} | {self.name(h)}: goojf{named}")
            self._move(s, h, price)
            seat.cards.remove(card)
            t.seats[s].cards.append(card)
            self.stats["card deals"] += 1
            return
