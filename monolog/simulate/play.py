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

from ..editions.model import Card
from .base import CLOCK_TURNS, MAX_TURNS, NAMES
from .faulty import Faulty
from .table import Debt, Deed

# "d1-d2" for each throw of two dice, THROWS[d1][d2]: made once, written on every roll
THROWS = tuple(tuple(f"{a}-{b}" for b in range(7)) for a in range(7))


class Simulator(Faulty):
    """One game, from the opening to the last bankruptcy or the turn limit: the turn loop
    (moving, landing, jail and cards here; buying in base.py, money trouble in money.py,
    building and deals in between.py)."""

    # ---------------------------------------------------------------- the game
    def run(self) -> None:
        t = self.t
        cur = 0
        if t.rules.opening_deal_deeds > 0:
            self.opening_deal()
        play_turn, between, checksums = self.play_turn, self.between, self._checksums
        srandom = self.srandom
        limit, every_round = self.limit, self.every_round  # fixed for the game
        while not self.over and self.turn_no < limit:
            self.turn_no += 1
            play_turn(cur)
            if self.over:
                break
            r = srandom()
            if r < 0.35:  # a checksum after about a third of the turns
                checksums(cur, r)
            nxt = t.next_seat[cur]
            if every_round and nxt <= cur:
                self._count_round()
            between(nxt)
            if self.over:
                break
            cur = t.next_seat[cur]  # made again if a seat left between turns
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
        if self.every_round:
            self._count_round()  # the count at the end: a fault on the last turn shows there too
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

    def _checksums(self, cur: int, r: float) -> None:
        """After a turn, `r` the style's draw for it (below 0.35): a count of every player's
        cash, or of the turn player's."""
        t = self.t
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
        if self.unsettled:
            self.unsettled.clear()
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
        rand = self.rng.random  # the dice, thrown as Dice.roll throws them
        size = t.size
        w = self.w
        square = self.style.square
        name = self.names_of[s]
        while True:
            d1 = int(rand() * 6) + 1
            d2 = int(rand() * 6) + 1
            double = d1 == d2
            doubles = doubles + 1 if double else 0
            extra = double
            if first and released in ("fine", "card") and self.no_extra_after_fine:
                doubles, extra = 0, False  # CF-05 no-extra-roll
            first = False
            if doubles >= 3:  # DBL-02, CF-09: straight to jail without moving
                if seat.pos + d1 + d2 >= size and self.fault("third-double-salary"):
                    amount = t.rules.go_salary
                    t.receive(s, amount)
                    self.say(s, f"{d1}-{d2} salary {self.style.amount(amount)}")
                    self.flag("third-double-salary")
                    self.say(s, "jail")
                    self.send_to_jail(s)
                    return
                self.say(s, f"{d1}-{d2} jail")
                self.send_to_jail(s)
                return
            target = (seat.pos + d1 + d2) % size  # roll_to(), written out
            clause = f"{THROWS[d1][d2]} {square(target)}"
            if self.pending_mark is None and w.actor is None and w.turn_player == name:
                w.cur.append(clause)  # say(), written out for the roll: a call saved per roll
            else:
                self.say(s, clause)
            if target < seat.pos:  # MOVE-02: GO reached or passed
                self.salary(s)
            seat.pos = target
            self.land(s, target, d1 + d2, None, False)
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
            top = self.fault("goojf-on-top")
            self.decks.put_back(self.cards[card].deck, card, top=top)
            if top:
                self.misplaced.add(card)
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
            self.to_pot(self.fine)
            self.release(s)
            self.stats["jail fine"] += 1
            return True, "fine"
        d1, d2 = self.dice.roll()
        target = (t.rules.jail_index + d1 + d2) % t.size
        if d1 == d2:  # JAIL-06: out, moving by this roll
            self.release(s)
            self.roll_to(s, d1, d2, target)
            if seat.bankrupt or seat.in_jail or self.over:
                return False, "double"
            if self.extra_after_double:  # CF-04 extra-roll
                self.w.cont()
                return True, "double"
            if self.fault("jail-double-extra-roll"):
                self.w.cont()
                self.pending_mark = "jail-double-extra-roll"  # marks the roll that follows
                return True, "double"
            return False, "double"
        forced = (try_no >= last and self.cf02 == "third-roll-pay-and-move") or try_no > last
        if forced:  # JAIL-08, CF-02: pay and move by this roll
            self.release(s)
            t.pay(s, None, self.fine)
            self.to_pot(self.fine)
            self.stats["forced fine"] += 1
            self.roll_to(s, d1, d2, target, "fine" + self.style.maybe(self.fine))
            return False, "forced"
        if try_no >= last and self.cf02 == "pay-then-move-next-turn":
            self.release(s)
            t.pay(s, None, self.fine)
            self.to_pot(self.fine)
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
    def roll_to(self, s: int, d1: int, d2: int, target: int, pending: str = "") -> None:
        """Move by a roll of d1-d2 to `target`, collect the salary, deal with the square;
        `pending`: a clause written before the square's (a forced fine)."""
        seat = self.t.seats[s]
        self.say(s, f"{d1}-{d2} {self.style.square(target)}")
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
        pending: str = "",
    ) -> None:
        """Deal with the square `s` has come to; `pending` is written first, once the square's
        payment is settled (a clause of the move that brought the player here)."""
        t = self.t
        seat = t.seats[s]
        deed = t.deeds.get(index)
        if deed is not None:  # an ownable square
            if deed.owner is None:
                # (cash >= 0 and no debt: settle() would have nothing to do)
                if (seat.cash >= 0 and not seat.debts) or self.settle(s):
                    if pending:
                        self.say(s, pending)
                    self.offer(s, index)
                return
            self.rent_due(s, index, dice, card_rule, by_card, pending)
            return
        sq = t.squares[index]
        kind = sq.kind
        if kind == "go-to-jail":
            if self.settle(s):
                if pending:
                    self.say(s, pending)
                self.say(s, "jail")
                self.send_to_jail(s)
            return
        if kind == "tax":
            t.pay(s, None, sq.tax)
            self.to_pot(sq.tax)
            if self.settle(s):
                if pending:
                    self.say(s, pending)
                self.say(s, "tax" + self.style.maybe(sq.tax))
            return
        if (seat.cash < 0 or seat.debts) and not self.settle(s):
            return
        if pending:
            self.say(s, pending)
        if kind == "free-parking" and self.pot:
            t.receive(s, self.pot)  # free-parking-jackpot: the pool to the lander
            self.say(s, "salary" + self.style.maybe(self.pot))
            self.pot = 0
        if sq.deck is not None:
            self.draw(s, sq.deck)

    def rent_due(
        self,
        s: int,
        index: int,
        dice: int | None,
        card_rule: str | None,
        by_card: bool,
        pending: str,
    ) -> None:
        """The rent `s` owes on the deed at `index`, another player's or the bank's."""
        t = self.t
        seat = t.seats[s]
        owner, amount, per_pip = t.rent(index, s, dice, card_rule)
        fault = None
        if self.faults:  # with none played, rent_fault gives the rent back as it is
            owner, amount, fault = self.rent_fault(s, index, dice, card_rule, owner, amount)
        if owner is None:  # most often the player's own deed: nothing owed, nothing to settle
            # (asked before settle(): 11,000 calls of it fewer in 200 games, cProfile)
            if ((seat.cash >= 0 and not seat.debts) or self.settle(s)) and pending:
                self.say(s, pending)
            return
        if per_pip and (dice is None or (not by_card and self.fresh_utility)):
            d1, d2 = self.dice.roll()  # RENT-10, CF-19: a throw for the rent
            self.say(s, f"dice {d1}-{d2}")
            amount = per_pip * (d1 + d2)
        elif per_pip and not by_card and self.fault("utility-fresh-throw"):
            d1, d2 = self.dice.roll()
            if d1 + d2 != dice:
                self.say(s, f"dice {d1}-{d2}")
                amount, fault = per_pip * (d1 + d2), "utility-fresh-throw"
        t.pay(s, owner, amount)
        self.stats["rent"] += 1
        if (seat.cash >= 0 and not seat.debts) or self.settle(s):
            if pending:
                self.say(s, pending)
            to = f" to {self.names_of[owner]}" if self.srandom() < 0.3 else ""
            if fault is None:
                self.say(s, "rent" + self.style.maybe(amount) + to)
            else:
                self.say(s, f"rent {self.style.amount(amount)}{to}")
                self.flag(fault)

    # ---------------------------------------------------------------- cards
    def draw(self, s: int, deck: str) -> None:
        t = self.t
        seat = t.seats[s]
        card_id = self.draw_card(deck)
        card = self.cards[card_id]
        kind = card.kind
        self.stats["cards"] += 1
        if kind in ("advance_to", "advance_to_nearest", "move_back"):
            self._card_move(s, card)
            return
        if kind == "go_to_jail":
            if self.fault("jail-card-ignored"):
                self.say(s, f"card {card_id}")  # the player stays on the square
                self.flag("jail-card-ignored")
                return
            self.say(s, f"card {card_id} jail")
            self.send_to_jail(s)
            return
        if kind == "get_out_of_jail_free":
            seat.cards.append(card_id)
            self.say(s, f"card {card_id}")
            return
        others = [o for o in t.active() if o != s]
        amount = card.amount
        if self.card_unpaid(s, card):
            return
        if kind == "collect":
            t.receive(s, amount)
            self.say(s, f"card {card_id}" + self.style.maybe(amount))
        elif kind in ("pay", "pay_or_draw"):
            if kind == "pay_or_draw" and card.draw_deck and self.brandom() < 0.35:
                self.say(s, f"card {card_id}")  # takes a card instead of paying
                self.draw(s, card.draw_deck)
                return
            t.pay(s, None, amount)
            self.to_pot(amount)
            self.say(s, f"card {card_id}" + self.style.maybe(amount))
            self.settle(s)
        elif kind == "pay_each_player":
            for o in others:
                t.pay(s, o, amount)
            self._owed_at_once(s, others, amount)
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
            self.to_pot(total)
            self.say(s, f"card {card_id}" + (self.style.maybe(total) if total else ""))
            self.settle(s)
        else:
            raise ValueError(f"card kind {kind!r} of {card_id} is not simulated")

    def _owed_at_once(self, s: int, others: list[int], amount: int) -> None:
        """CF-41: a "pay each player" card whose cash ran out part way: the players it paid in
        full are owed at once with those left short (nothing left), so a bankruptcy shares the
        estate among them all, in seat order from the payer's left, as the engine does."""
        t = self.t
        seat = t.seats[s]
        if not seat.debts:
            return
        owed = {d.creditor for d in seat.debts}
        paid = [Debt(o, 0, amount) for o in others if o not in owed]
        if not paid:
            return
        seat.debts.extend(paid)
        n = len(t.seats)
        seat.debts.sort(key=lambda d: n if d.creditor is None else (d.creditor - s) % n)

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
        self.land(s, target, None, rule, True)


__all__ = ["CLOCK_TURNS", "MAX_TURNS", "NAMES", "Simulator"]
