"""The simulator when a player runs short: raising money, mortgages and the 10% (MORT,
CF-34..37), debts and bankruptcy (BKR, CF-39..41), the short game's last estate (CF-47).
"""

from __future__ import annotations

from .base import SimulatorBase
from .table import Debt, Deed


def shares(total: int, weights: list[int]) -> list[int]:
    """`total` split in proportion to `weights`, whole units, the rest to the first largest
    (the pro-rata reading of CF-41)."""
    if not weights:
        return []
    whole = sum(weights)
    if whole <= 0:
        return [total] + [0] * (len(weights) - 1)
    out = [total * w // whole for w in weights]
    out[weights.index(max(weights))] += total - sum(out)
    return out


class MoneyTrouble(SimulatorBase):
    """Raising money, going bankrupt and handing the estate over."""

    # ---------------------------------------------------------------- money trouble
    def settle(self, s: int) -> bool:
        """After a payment: raise what is owed (BKR-01) or go bankrupt. False when bankrupt."""
        seat = self.t.seats[s]
        if seat.cash >= 0:
            seat.debts.clear()
            return True
        need = -seat.cash
        if self.t.raisable(s) >= need:
            self.raise_money(s)
            seat.debts.clear()
            return True
        self.bankrupt(s)
        return False

    def raise_money(self, s: int) -> None:
        """Mortgage the least useful deeds, then sell buildings evenly, until out of debt."""
        t = self.t
        seat = t.seats[s]
        while seat.cash < 0:
            picked: list[Deed] = []
            value = 0
            for d in self.p.mortgage_order(s):
                if seat.cash + value >= 0:
                    break
                picked.append(d)
                value += t.squares[d.index].mortgage_value
            if picked:
                self.mortgage(s, picked)
                continue
            built = [g for g in t.colour_groups if any(d.houses or d.hotel for d in g)]
            built = [g for g in built if g[0].owner == s]
            if not built:
                raise RuntimeError("nothing left to raise money from")
            group = min(built, key=lambda g: t.squares[g[0].index].house_cost)
            self.sell_down(s, group, stop=True)

    def mortgage(self, s: int, deeds: list[Deed]) -> None:
        t = self.t
        total = 0
        for d in deeds:
            d.mortgaged = True
            total += t.squares[d.index].mortgage_value
        t.receive(s, total)
        self.say(s, f"mortgage {self.names(deeds)}" + self.style.maybe_for(total))
        self.stats["mortgages"] += len(deeds)

    def sell_down(self, s: int, group: tuple[Deed, ...], *, stop: bool) -> None:
        """SELL-02..04, CF-27, CF-29: take the group down evenly, highest site first, until
        the seat is out of debt (`stop`) or bare; a hotel sale the bank cannot exchange for
        houses is sold outright with the houses under it."""
        t = self.t
        seat = t.seats[s]
        levels = {d.index: t.level(d) for d in group}
        hotels: dict[int, int] = {}
        houses: dict[int, int] = {}
        value = 0
        most = t.max_houses

        def feasible() -> bool:
            h = sum(hotels.values())
            taken = most * h - sum(houses.values())
            if self.blocked and h and most * h > t.bank_houses:
                return False
            return taken <= t.bank_houses

        while True:
            if stop and seat.cash + value >= 0 and (hotels or houses) and feasible():
                break
            high = max(levels.values())
            if high == 0:
                break
            d = next(x for x in reversed(group) if levels[x.index] == high)
            sq = t.squares[d.index]
            if high == t.hotel_level:
                hotels[d.index] = hotels.get(d.index, 0) + 1
                value += t.half(sq.hotel_cost)
                levels[d.index] = most
            else:
                houses[d.index] = houses.get(d.index, 0) + 1
                value += t.half(sq.house_cost)
                levels[d.index] = high - 1
        items: list[str] = []
        for d in group:
            name = self.sq(d.index, alone=True)
            if d.index in hotels:
                d.hotel = False
                d.houses = most
                t.bank_hotels += 1
                t.bank_houses -= most
                items.append(f"{name} hotel")
            n = houses.get(d.index, 0)
            if n:
                d.houses -= n
                t.bank_houses += n
                items.append(f"{name} x{n}" if n > 1 or self.srandom() < 0.3 else name)
        t.receive(s, value)
        self.say(s, f"sell {', '.join(items)}" + self.style.maybe_for(value))
        self.stats["sales"] += 1

    def bankrupt(self, s: int) -> None:
        """BKR-01..09: the estate to the one creditor player, else to the bank (CF-39, CF-41)."""
        t = self.t
        seat = t.seats[s]
        if self.brandom() < self.settings.liquidate:
            self._raise_what_is_left(s)
        owed = list(seat.debts)
        creditors = list(dict.fromkeys(d.creditor for d in owed))
        to_player = len(creditors) == 1 and creditors[0] is not None
        final = self.end_at > 0 and len(t.seats) - len(t.active()) + 1 >= self.end_at
        if final and len(creditors) == 1:
            self.hand_over(s, creditors[0])
            return
        self._declare(s, creditors, to_player)
        self._buildings_back(s, to_player)
        self._settle_debts(s, owed, creditors)
        seat.debts.clear()
        deeds = t.owned(s)
        heir = creditors[0] if to_player else None
        lots = self._estate_to(s, deeds, heir)
        t.leave(s)
        seat.in_jail = False
        self.choices = [c for c in self.choices if c[0] != s]
        if len(t.active()) == 1 or final:
            self.over = True  # WIN-01; SHORT-06 (several creditors: the standard estate)
            return
        if heir is not None:
            received = [d for d in deeds if d.mortgaged]
            if received:
                self.mortgage_choice(heir, received, "bankruptcy")
        elif lots and self.fault("bankrupt-no-auction"):
            self.flag("bankrupt-no-auction")  # the deeds stay with the bank, unsold
        else:
            actor = t.next_active(s)
            for d in lots:
                if not self.over:
                    self.auction(d.index, s, actor, named=True)

    def _raise_what_is_left(self, s: int) -> None:
        """The player sells every building and mortgages every deed before going bankrupt."""
        t = self.t
        for g in t.colour_groups:
            if g[0].owner == s and any(d.houses or d.hotel for d in g):
                self.sell_down(s, g, stop=False)
        rest = [d for d in t.owned(s) if not d.mortgaged]
        if rest:
            self.mortgage(s, rest)

    def _declare(self, s: int, creditors: list[int | None], to_player: bool) -> None:
        """The `bankrupt` clause: to the one creditor player, to the bank, or to several."""
        if to_player:
            self.say(s, f"bankrupt to {self.name(creditors[0])}")  # type: ignore[arg-type]
            self.stats["bankrupt to player"] += 1
        elif creditors == [None]:
            self.say(s, "bankrupt to bank" if self.srandom() < 0.7 else "bankrupt")
            self.stats["bankrupt to bank"] += 1
        else:
            self.say(s, "bankrupt")
            self.stats["bankrupt to several"] += 1

    def _buildings_back(self, s: int, to_player: bool) -> None:
        """The bankrupt player's buildings go back to the stock, sold at half their price when
        the estate goes to a player (BKR-04)."""
        t = self.t
        for d in t.owned(s):
            if d.houses or d.hotel:
                if to_player:
                    t.receive(s, t.sale_value(d))  # BKR-04
                if d.hotel:
                    t.bank_hotels += 1
                t.bank_houses += d.houses
                d.houses, d.hotel = 0, False

    def _settle_debts(self, s: int, owed: list[Debt], creditors: list[int | None]) -> None:
        """What the creditors keep of the payments that left the player short, and the cash
        that is left shared among them."""
        seat = self.t.seats[s]
        short = max(0, -seat.cash)
        if short and owed:
            full = [debt.full for debt in owed]
            kept = shares(max(0, sum(full) - short), full)
            for debt, paid, keep in zip(owed, full, kept, strict=True):
                if paid > keep:
                    self._move(debt.creditor, s, paid - keep)
        if seat.cash > 0:
            targets = [debt.creditor for debt in owed] or [creditors[0] if creditors else None]
            weights = [debt.short for debt in owed] or [1]
            for creditor, part in zip(targets, shares(seat.cash, weights), strict=True):
                self._move(s, creditor, part)

    def _estate_to(self, s: int, deeds: list[Deed], heir: int | None) -> list[Deed]:
        """The deeds and cards to the heir, else back to the bank and the decks; the deeds the
        bank then auctions."""
        t = self.t
        seat = t.seats[s]
        lots: list[Deed] = []
        if heir is not None:
            for d in deeds:
                d.owner = heir
            t.seats[heir].cards.extend(seat.cards)
        else:
            for d in deeds:
                if d.mortgaged or self.auction_all:
                    lots.append(d)
                d.owner = None
                d.mortgaged = False
            for c in seat.cards:
                self.decks.put_back(self.ed.card(c).deck, c)
        seat.cards.clear()
        return lots

    def hand_over(self, s: int, creditor: int | None) -> None:
        """SHORT-06, SHORT-07, CF-47: the bankruptcy that ends a short game. The estate passes
        whole to the one creditor as it stands (buildings and mortgages included, no sale, no
        10 %); to the bank it leaves play (buildings to the stock, deeds back unmortgaged and
        unsold, cards under their decks). The game is then over."""
        t = self.t
        seat = t.seats[s]
        if creditor is None:
            self.say(s, "bankrupt to bank" if self.srandom() < 0.7 else "bankrupt")
            self.stats["last bankrupt to bank"] += 1
        else:
            self.say(s, f"bankrupt to {self.name(creditor)}")
            self.stats["last bankrupt to player"] += 1
        short = max(0, -seat.cash)
        if short and seat.debts:
            self._move(creditor, s, short)  # the creditor keeps only what the debtor had
        if seat.cash > 0:
            self._move(s, creditor, seat.cash)
        seat.debts.clear()
        for d in t.owned(s):
            if creditor is not None:
                d.owner = creditor
                continue
            t.bank_houses += d.houses
            t.bank_hotels += 1 if d.hotel else 0
            d.owner, d.houses, d.hotel, d.mortgaged = None, 0, False, False
        if creditor is not None:
            t.seats[creditor].cards.extend(seat.cards)
        else:
            for c in seat.cards:
                self.decks.put_back(self.ed.card(c).deck, c)
        seat.cards.clear()
        t.leave(s)
        seat.in_jail = False
        self.choices = [c for c in self.choices if c[0] != s]
        self.over = True

    def _move(self, payer: int | None, payee: int | None, amount: int) -> None:
        """A settlement transfer (no debt is opened by it)."""
        t = self.t
        if amount <= 0:
            return
        if payer is None:
            t.bank_paid += amount
        else:
            t.seats[payer].cash -= amount
        if payee is None:
            t.bank_received += amount
        else:
            t.seats[payee].cash += amount

    def mortgage_choice(self, s: int, deeds: list[Deed], origin: str) -> None:
        """MORT-07, BKR-06, CF-36: lift each mortgaged deed received, or pay the 10%."""
        t = self.t
        seat = t.seats[s]
        if self.fault("no-interest-received"):
            self.flag("no-interest-received")  # neither lifted nor the 10% paid
            self.unsettled.update(d.index for d in deeds)  # nor lifted before the next turn
            return
        reserve = self.bots[s].reserve
        lift: list[Deed] = []
        keep: list[Deed] = []
        spare = seat.cash - reserve
        for d in deeds:
            cost = t.lift_cost(d.index) + (
                t.interest[d.index] if origin == "bankruptcy" and self.one_twenty else 0
            )
            if cost <= spare and self.brandom() < 0.6:
                lift.append(d)
                spare -= cost
            else:
                keep.append(d)
        if lift:
            total = sum(
                t.lift_cost(d.index)
                + (t.interest[d.index] if origin == "bankruptcy" and self.one_twenty else 0)
                for d in lift
            )
            for d in lift:
                d.mortgaged = False
            t.pay(s, None, total)
            self.say(s, f"unmortgage {self.names(lift)}" + self.style.maybe_for(total))
            self.stats["unmortgage on receipt"] += 1
        if keep:
            total = sum(t.interest[d.index] for d in keep)
            t.pay(s, None, total)
            self.say(s, f"interest {self.names(keep)}" + self.style.maybe_for(total))
            self.stats["interest"] += 1
            self.settle(s)  # CF-37: a 10% that cannot be paid is a debt to the bank
