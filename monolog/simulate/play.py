"""The simulator's turn loop: it plays a game on its own model and writes the record as it goes.

The rules followed are the RULES-MATRIX rules as the edition reads them (its `readings` for the
CF items): salary on passing GO before the square is dealt with (MOVE-02, CF-11), doubles and the
third double (DBL-01..03, CF-09), buying or auctioning (BUY-02..08, CF-14..17), rent (RENT-01..10,
CF-01, CF-19, CF-20), cards (CARD-01..06, CF-12), jail (JAIL-01..08, CF-02..07), building and
selling evenly with the bank's stock (BLD, SELL, CF-26..29), mortgages (MORT, CF-34..36), deals
(DEAL, CF-38), debts and bankruptcy (BKR, CF-37, CF-39..41). The engine replays the record
independently; the two must agree.
"""

from __future__ import annotations

import random
from collections import Counter

from ..editions.model import Card, Edition
from ..editions.readings import default_readings
from .bots import Bot, Policy, Settings
from .dice import Decks, Dice
from .table import Deed, Table
from .writer import Style, Writer

NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
MAX_TURNS = 2000  # a game the bots cannot finish stops here
CLOCK_TURNS = 100  # a time-limit game without --turns: time is called after this many turns


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


class Simulator:
    """One game, from the opening to the last bankruptcy or the turn limit."""

    def __init__(
        self,
        edition: Edition,
        players: int,
        seed: int,
        *,
        turns: int | None = None,
        settings: Settings | None = None,
        amounts: float = 0.9,
    ) -> None:
        self.ed = edition
        self.seed = seed
        self.settings = settings or Settings()
        self.readings = {**default_readings(), **edition.readings}
        self.rng = random.Random(seed)  # dice and decks
        self.dice = Dice(self.rng)
        self.decks = Decks(edition, self.rng)
        names = list(NAMES[:players])
        self.t = Table(edition, names, self.readings)
        brng = random.Random(f"{seed}:bots")
        cash = edition.rules.starting_cash
        self.bots = [Bot.make(brng, self.settings, cash) for _ in names]
        self.p = Policy(self.t, self.bots, self.settings, brng)
        self.brandom = brng.random
        srng = random.Random(f"{seed}:style")
        self.style = Style(edition, srng, amounts=amounts)
        self.srandom = srng.random
        self.w = Writer()
        rules = edition.rules
        self.timed = rules.time_limit  # TIME-01: the turn limit stands in for the clock
        default = CLOCK_TURNS if self.timed else MAX_TURNS
        self.limit = turns if turns is not None else default
        self.end_at = rules.end_at_bankruptcies  # SHORT-06: 0 = the last player left wins
        self.time_called = False
        self.last_seat = 0  # whose turn was played last
        self.turn_no = 0
        self.over = False
        self.stats: Counter[str] = Counter()
        self.choices: list[tuple[int, int, str]] = []  # (seat, deed, origin) 10% still owed
        r = self.readings
        self.fine = edition.rules.jail_fine
        self.cf02 = r.get("CF-02", "third-roll-pay-and-move")
        self.extra_after_double = r.get("CF-04") == "extra-roll"
        self.no_extra_after_fine = r.get("CF-05") == "no-extra-roll"
        self.fine_turns = {"first-turn-only": 1, "turns-one-or-two": 2}.get(r.get("CF-06", ""), 3)
        self.fresh_utility = r.get("CF-19") == "fresh-roll"
        self.auction_all = r.get("CF-39", "auction-all") == "auction-all"
        self.one_twenty = r.get("CF-36") == "one-twenty"
        self.blocked = r.get("CF-29") == "blocked"

    # ---------------------------------------------------------------- helpers
    def name(self, seat: int) -> str:
        return self.t.seats[seat].name

    def say(self, seat: int, clause: str) -> None:
        self.w.say(self.t.seats[seat].name, clause)

    def sq(self, index: int, *, alone: bool = False) -> str:
        return self.style.square(index, alone=alone)

    def names(self, deeds: list[Deed]) -> str:
        return ", ".join(self.sq(d.index, alone=True) for d in deeds)

    # ---------------------------------------------------------------- the game
    def run(self) -> None:
        t = self.t
        cur = 0
        if t.rules.opening_deal_deeds > 0:
            self.opening_deal()
        while not self.over and self.turn_no < self.limit:
            self.turn_no += 1
            self.play_turn(cur)
            if self.over:
                break
            self._checksums(cur)
            self.between(t.next_active(cur))
            if self.over:
                break
            cur = t.next_active(cur)
        if not self.over and self.timed:
            # TIME-01, CF-49: time is called after the last whole turn and the game ends there;
            # a bare `time` is the turn player's line, so after that player's bankruptcy the
            # call is written for a player still in
            last = self.last_seat
            self.w.line("time" if not t.seats[last].bankrupt else f"{self.name(cur)} time")
            self.w.line("end")
            self.over = self.time_called = True
            return
        if not self.over:
            # a game stopped by the turn limit is a fragment, not an ended game: no `end`
            # (WIN-01: a standard game ends only when one player is left)
            lead = self.leader()
            self.w.comment(
                f"stopped after {self.turn_no} turns; {self.name(lead)} leads on worth "
                f"({self.ed.money(t.worth(lead))})"
            )
            self.w.flush()
            return
        self.w.cont()
        self.w.add("end")
        self.w.flush()

    def leader(self) -> int:
        active = self.t.active()
        return max(active, key=lambda s: (self.t.worth(s), -s))

    def result(self) -> str:
        """The winner: the last player left (WIN-01); in a game that ends with several still in
        (time called, a short game's last bankruptcy), the richest, a tie shared (SHORT-08,
        SHORT-09, TIME-01, CF-48, CF-49); in a fragment, the leader on worth."""
        t = self.t
        active = t.active()
        if len(active) == 1:
            return self.name(active[0])
        if self.over:
            top = max(t.worth(s) for s in active)
            return ", ".join(self.name(s) for s in active if t.worth(s) == top)
        return self.name(self.leader())

    def opening_deal(self) -> None:
        """SHORT-02, TIME-02: the deeds are shuffled (and cut where the variant says), dealt one
        at a time round the table until each player has the variant's number, and paid for at
        the printed price where the variant says so. Written as one `setup Player owns …` line
        per player, before the first turn."""
        t = self.t
        rules = t.rules
        deck = sorted(t.deeds)
        self.rng.shuffle(deck)
        if rules.opening_deal_cut and len(deck) > 1:
            cut = 1 + int(self.rng.random() * (len(deck) - 1))
            deck = deck[cut:] + deck[:cut]
        hands: list[list[Deed]] = [[] for _ in t.seats]
        top = 0
        for _ in range(rules.opening_deal_deeds):
            for hand in hands:
                hand.append(t.deeds[deck[top]])
                top += 1
        for s, hand in enumerate(hands):
            for d in hand:
                d.owner = s
                if rules.opening_deal_paid:
                    t.pay(s, None, t.squares[d.index].price)
            self.w.line(f"setup {self.name(s)} owns {self.names(hand)}")
        self.stats["deeds dealt"] += sum(len(h) for h in hands)

    def _checksums(self, cur: int) -> None:
        t = self.t
        r = self.srandom()
        if r < 0.06:
            for s in t.active():
                self.w.check(self.name(s), t.seats[s].cash)
        elif r < 0.35 and not t.seats[cur].bankrupt:
            self.w.check(self.name(cur), t.seats[cur].cash)

    # ---------------------------------------------------------------- a turn
    def play_turn(self, s: int) -> None:
        t = self.t
        self.last_seat = s
        seat = t.seats[s]
        self.w.turn(self.turn_no, seat.name)
        released = ""
        again = True
        if seat.in_jail:
            seat.jail_turns += 1
            again, released = self.jail_turn(s, seat.jail_turns)
            if not again:
                return
        doubles = 0
        first = True
        while True:
            d1, d2 = self.dice.roll()
            double = d1 == d2
            doubles = doubles + 1 if double else 0
            extra = double
            if first and released in ("fine", "card") and self.no_extra_after_fine:
                doubles, extra = 0, False  # CF-05 no-extra-roll
            first = False
            if doubles >= 3:  # DBL-02, CF-09: straight to jail without moving
                self.say(s, f"{d1}-{d2} jail")
                self.send_to_jail(s)
                return
            target = (seat.pos + d1 + d2) % t.size
            self.roll_to(s, d1, d2, target, [])
            if seat.bankrupt or seat.in_jail or self.over or not extra:
                return
            self.w.cont()

    def jail_turn(self, s: int, try_no: int) -> tuple[bool, str]:
        """A turn that starts in jail (JAIL-04..08). Returns (roll on as usual, how released)."""
        t = self.t
        seat = t.seats[s]
        last = t.rules.max_jail_turns
        choice = self.p.leaves_jail(s)
        if choice == "card" and seat.cards:
            card = seat.cards.pop(0)
            self.say(s, f"goojf {card}" if self.srandom() < 0.6 else "goojf")
            self.decks.put_back(self.ed.card(card).deck, card)
            self.release(s)
            self.stats["jail card"] += 1
            return True, "card"
        if (
            choice == "fine"
            and try_no <= self.fine_turns
            and try_no <= last
            and seat.cash >= self.fine
        ):
            self.say(s, "fine" + self.style.maybe(self.fine))
            t.pay(s, None, self.fine)
            self.release(s)
            self.stats["jail fine"] += 1
            return True, "fine"
        d1, d2 = self.dice.roll()
        target = (t.rules.jail_index + d1 + d2) % t.size
        if d1 == d2:  # JAIL-06: out, moving by this roll
            self.release(s)
            self.roll_to(s, d1, d2, target, [])
            if seat.bankrupt or seat.in_jail or self.over:
                return False, "double"
            if self.extra_after_double:  # CF-04 extra-roll
                self.w.cont()
                return True, "double"
            return False, "double"
        forced = (try_no >= last and self.cf02 == "third-roll-pay-and-move") or try_no > last
        if forced:  # JAIL-08, CF-02: pay and move by this roll
            self.release(s)
            t.pay(s, None, self.fine)
            self.stats["forced fine"] += 1
            self.roll_to(s, d1, d2, target, ["fine" + self.style.maybe(self.fine)])
            return False, "forced"
        if try_no >= last and self.cf02 == "pay-then-move-next-turn":
            self.release(s)
            t.pay(s, None, self.fine)
            self.say(s, f"{d1}-{d2}")
            if self.settle(s):
                self.say(s, "fine" + self.style.maybe(self.fine))
            return False, "forced"
        self.say(s, f"{d1}-{d2}")  # no double: stays in jail
        return False, ""

    def release(self, s: int) -> None:
        seat = self.t.seats[s]
        seat.in_jail = False
        seat.jail_turns = 0

    def send_to_jail(self, s: int) -> None:
        """JAIL-02: straight to jail, no salary; the turn is over."""
        seat = self.t.seats[s]
        seat.pos = self.t.rules.jail_index
        seat.in_jail = True
        seat.jail_turns = 1 if self.readings.get("CF-03") == "jailing-turn-counts" else 0
        self.stats["jailed"] += 1

    # ---------------------------------------------------------------- moving and landing
    def roll_to(self, s: int, d1: int, d2: int, target: int, pending: list[str]) -> None:
        """Move by a roll of d1-d2 to `target`, collect the salary, deal with the square."""
        seat = self.t.seats[s]
        self.say(s, f"{d1}-{d2} {self.sq(target)}")
        if target < seat.pos:  # MOVE-02: GO reached or passed
            self.salary(s)
        seat.pos = target
        self.land(s, target, d1 + d2, None, False, pending)

    def salary(self, s: int) -> None:
        """MOVE-02, CF-11: credited as GO is reached or passed."""
        amount = self.t.rules.go_salary
        self.t.receive(s, amount)
        self.say(s, "salary" + self.style.maybe(amount))

    def land(
        self,
        s: int,
        index: int,
        dice: int | None,
        card_rule: str | None,
        by_card: bool,
        pending: list[str],
    ) -> None:
        t = self.t
        sq = t.squares[index]
        if sq.kind == "go-to-jail":
            if self.settle(s):
                self._write(s, pending)
                self.say(s, "jail")
                self.send_to_jail(s)
            return
        if sq.ownable:
            deed = t.deeds[index]
            if deed.owner is None:
                if self.settle(s):
                    self._write(s, pending)
                    self.offer(s, index)
                return
            owner, amount, per_pip = t.rent(index, s, dice, card_rule)
            if owner is None:
                if self.settle(s):
                    self._write(s, pending)
                return
            if per_pip and (dice is None or (not by_card and self.fresh_utility)):
                d1, d2 = self.dice.roll()  # RENT-10, CF-19: a throw for the rent
                self.say(s, f"dice {d1}-{d2}")
                amount = per_pip * (d1 + d2)
            t.pay(s, owner, amount)
            self.stats["rent"] += 1
            if self.settle(s):
                self._write(s, pending)
                to = f" to {self.name(owner)}" if self.srandom() < 0.3 else ""
                self.say(s, "rent" + self.style.maybe(amount) + to)
            return
        if sq.kind == "tax":
            t.pay(s, None, sq.tax)
            if self.settle(s):
                self._write(s, pending)
                self.say(s, "tax" + self.style.maybe(sq.tax))
            return
        if not self.settle(s):
            return
        self._write(s, pending)
        if sq.deck is not None:
            self.draw(s, sq.deck)

    def _write(self, s: int, clauses: list[str]) -> None:
        for c in clauses:
            self.say(s, c)
        clauses.clear()

    # ---------------------------------------------------------------- buying and auctions
    def offer(self, s: int, index: int) -> None:
        t = self.t
        price = t.squares[index].price
        if self.p.buys(s, index):
            t.pay(s, None, price)
            t.deeds[index].owner = s
            self.say(s, "buy" + self.style.maybe(price))
            return
        self.say(s, "decline")
        self.stats["declined"] += 1
        if self.srandom() < 0.05:
            self.w.comment(f"{self.name(s)} declines {self.t.squares[index].name}")
        self.auction(index, s, s)

    def auction(self, index: int, first: int, actor: int, *, named: bool = False) -> None:
        """BUY-03..08: every player still in bids in turn from `first`'s left (CF-14), whole
        units from 1 (CF-15); nobody bidding leaves the deed with the bank (CF-16)."""
        t = self.t
        order = []
        seat = first
        for _ in range(len(t.seats)):
            seat = t.next_active(seat)
            if seat not in order:
                order.append(seat)
        limits = {p: 0 if self.brandom() < 0.25 else self.p.value(p, index) for p in order}
        price = t.squares[index].price
        opening = max(1, int(price * (0.2 + 0.4 * self.brandom())) // 10 * 10)
        bids: list[tuple[int, int]] = []
        high, leader, idle, i = 0, -1, 0, 0
        while idle < len(order):
            p = order[i % len(order)]
            i += 1
            if p == leader or limits[p] <= high or limits[p] < 1:
                idle += 1
                continue
            high = self.p.next_bid(high, limits[p], opening)
            leader = p
            bids.append((p, high))
            idle = 0
        lot = f" {self.sq(index, alone=True)}" if named or self.srandom() < 0.15 else ""
        if not bids:
            self.say(actor, f"auction{lot} nobids")
            self.stats["auction nobids"] += 1
            return
        t.pay(leader, None, high)
        t.deeds[index].owner = leader
        listed = ", ".join(f"{self.name(p)} {self.style.amount(a)}" for p, a in bids)
        self.say(
            actor, f"auction{lot} bids {listed} sold {self.name(leader)} {self.style.amount(high)}"
        )
        self.stats["auction sold"] += 1

    # ---------------------------------------------------------------- cards
    def draw(self, s: int, deck: str) -> None:
        t = self.t
        seat = t.seats[s]
        card_id = self.decks.draw(deck)
        card = self.ed.card(card_id)
        kind = card.kind
        self.stats["cards"] += 1
        if kind in ("advance_to", "advance_to_nearest", "move_back"):
            self._card_move(s, card)
            return
        if kind == "go_to_jail":
            self.say(s, f"card {card_id} jail")
            self.send_to_jail(s)
            return
        if kind == "get_out_of_jail_free":
            seat.cards.append(card_id)
            self.say(s, f"card {card_id}")
            return
        others = [o for o in t.active() if o != s]
        amount = card.amount
        if kind == "collect":
            t.receive(s, amount)
            self.say(s, f"card {card_id}" + self.style.maybe(amount))
        elif kind in ("pay", "pay_or_draw"):
            if kind == "pay_or_draw" and card.draw_deck and self.brandom() < 0.35:
                self.say(s, f"card {card_id}")  # takes a card instead of paying
                self.draw(s, card.draw_deck)
                return
            t.pay(s, None, amount)
            self.say(s, f"card {card_id}" + self.style.maybe(amount))
            self.settle(s)
        elif kind == "pay_each_player":
            for o in others:
                t.pay(s, o, amount)
            self.say(s, f"card {card_id}" + self.style.maybe(amount * len(others)))
            self.settle(s)
        elif kind == "collect_from_each_player":
            for o in others:
                t.pay(o, s, amount)
            self.say(s, f"card {card_id}" + self.style.maybe(amount * len(others)))
            for o in others:
                if not self.over:
                    self.settle(o)
        elif kind == "repairs":
            houses, hotels = t.buildings(s)
            total = houses * card.per_house + hotels * card.per_hotel
            t.pay(s, None, total)
            self.say(s, f"card {card_id}" + (self.style.maybe(total) if total else ""))
            self.settle(s)
        else:
            raise ValueError(f"card kind {kind!r} of {card_id} is not simulated")

    def _card_move(self, s: int, card: Card) -> None:
        """CARD-06: the token moves and the square reached is dealt with; forward moves past
        GO pay the salary (MOVE-03, CF-12), backward moves never do (MOVE-05)."""
        t = self.t
        seat = t.seats[s]
        pos = seat.pos
        if card.kind == "advance_to":
            target = card.target if card.target is not None else pos
        elif card.kind == "advance_to_nearest":
            target = next(
                (pos + k) % t.size
                for k in range(1, t.size + 1)
                if t.squares[(pos + k) % t.size].kind == card.target_kind
            )
        else:
            target = card.target if card.target is not None else (pos - card.spaces) % t.size
        self.say(s, f"card {card.id} -> {self.sq(target, alone=True)}")
        forward = card.kind != "move_back"
        steps = (target - pos) % t.size
        if forward and card.collect_go and steps > 0 and pos + steps >= t.size:
            self.salary(s)
        seat.pos = target
        rule = card.rent_rule if forward else None
        self.land(s, target, None, rule, True, [])

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
            for g in t.colour_groups:
                if g[0].owner == s and any(d.houses or d.hotel for d in g):
                    self.sell_down(s, g, stop=False)
            rest = [d for d in t.owned(s) if not d.mortgaged]
            if rest:
                self.mortgage(s, rest)
        owed = list(seat.debts)
        creditors = list(dict.fromkeys(d.creditor for d in owed))
        to_player = len(creditors) == 1 and creditors[0] is not None
        final = self.end_at > 0 and len(t.seats) - len(t.active()) + 1 >= self.end_at
        if final and len(creditors) == 1:
            self.hand_over(s, creditors[0])
            return
        if to_player:
            self.say(s, f"bankrupt to {self.name(creditors[0])}")  # type: ignore[arg-type]
            self.stats["bankrupt to player"] += 1
        elif creditors == [None]:
            self.say(s, "bankrupt to bank" if self.srandom() < 0.7 else "bankrupt")
            self.stats["bankrupt to bank"] += 1
        else:
            self.say(s, "bankrupt")
            self.stats["bankrupt to several"] += 1
        for d in t.owned(s):
            if d.houses or d.hotel:
                if to_player:
                    t.receive(s, t.sale_value(d))  # BKR-04
                if d.hotel:
                    t.bank_hotels += 1
                t.bank_houses += d.houses
                d.houses, d.hotel = 0, False
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
        seat.debts.clear()
        deeds = t.owned(s)
        lots: list[Deed] = []
        heir = creditors[0] if to_player else None
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
        seat.bankrupt = True
        seat.in_jail = False
        self.choices = [c for c in self.choices if c[0] != s]
        if len(t.active()) == 1 or final:
            self.over = True  # WIN-01; SHORT-06 (several creditors: the standard estate)
            return
        if heir is not None:
            received = [d for d in deeds if d.mortgaged]
            if received:
                self.mortgage_choice(heir, received, "bankruptcy")
        else:
            actor = t.next_active(s)
            for d in lots:
                if not self.over:
                    self.auction(d.index, s, actor, named=True)

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
        seat.bankrupt = True
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

    # ---------------------------------------------------------------- between turns
    def between(self, nxt: int) -> None:
        """Actions outside the dice (TURN-05): lifting mortgages, building, deals."""
        t = self.t
        indebted = {d.owner for d in t.deeds.values() if d.mortgaged}
        for s in t.active():
            if self.over:
                return
            if s not in indebted:
                continue
            picks = self.p.unmortgage_pick(s)
            if picks and self.brandom() < 0.5:
                total = sum(t.lift_cost(d.index) for d in picks)
                for d in picks:
                    d.mortgaged = False
                t.pay(s, None, total)
                self.say(s, f"unmortgage {self.names(picks)}" + self.style.maybe_for(total))
                self.stats["unmortgage"] += 1
        builders = {
            g[0].owner
            for g in t.colour_groups
            if g[0].owner is not None and all(d.owner == g[0].owner for d in g)
        }
        if builders:
            self.build_phase([s for s in t.active() if s in builders])
        if self.brandom() < self.settings.trade:
            self.trade()
        seat = t.seats[nxt]
        if seat.in_jail and not seat.cards and self.brandom() < 0.3:
            self.buy_jail_card(nxt)

    def build_phase(self, seats: list[int]) -> None:
        t = self.t
        wants = {s: self.house_plan(s, 10**6) for s in seats}
        wanting = [s for s, plan in wants.items() if plan]
        if len(wanting) >= 2 and 0 < t.bank_houses < sum(len(wants[s]) for s in wanting):
            self.shortage(wants)
        for s in seats:
            if t.seats[s].bankrupt:
                continue
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
        for g in self.p.groups_to_build(s):
            cost = t.squares[g[0].index].house_cost
            levels = {d.index: t.level(d) for d in g}
            while budget >= cost and len(plan) < bank:
                low = min(levels.values())
                if low >= t.max_houses:
                    break
                d = next(x for x in g if levels[x.index] == low)
                plan.append(d)
                levels[d.index] += 1
                budget -= cost
        return plan

    def hotel_plan(self, s: int) -> list[Deed]:
        t = self.t
        if not self.bots[s].hotels and t.seats[s].cash < 2 * t.rules.starting_cash:
            return []  # a house hoarder, until rich
        budget = self.p.house_budget(s)
        plan: list[Deed] = []
        left = t.bank_hotels
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
            for g in t.buildable_groups(s)
            if (site := t.house_site(g)) is not None
        ]
        return min(prices)

    # ---------------------------------------------------------------- deals
    def trade(self) -> None:
        """DEAL-01..05, CF-38: a player short of one deed of a group buys it, for cash or in a
        swap for a deed the other needs; mortgaged deeds received bring the 10% choice."""
        t = self.t
        active = t.active()
        buyer = active[int(self.brandom() * len(active))]
        for g in t.colour_groups:
            mine = [d for d in g if d.owner == buyer]
            rest = [d for d in g if d.owner != buyer]
            if len(rest) != 1 or not mine or rest[0].owner is None:
                continue
            want = rest[0]
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
        for g in t.colour_groups:
            if g is wanted:
                continue
            rest = [d for d in g if d.owner != seller]
            if (
                len(rest) == 1
                and rest[0].owner == buyer
                and not t.group_built(rest[0].index)
                and any(d.owner == seller for d in g)
            ):
                return rest[0]
        return None

    def _deal(self, buyer: int, seller: int, want: Deed, swap: Deed | None, pay: int) -> None:
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
