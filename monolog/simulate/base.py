"""The simulator's table and what every part of its turn loop shares: the seats and bots, the
writer, the readings in force, and buying or auctioning a deed (BUY-02..08, CF-14..16).
"""

from __future__ import annotations

import random
from collections import Counter

from ..editions.model import Edition
from .bots import Bot, Policy, Settings
from .dice import Decks, Dice
from .faults import mark
from .layout import layout
from .table import Deed, Table
from .writer import Style, Writer

NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
MAX_TURNS = 2000  # a game the bots cannot finish stops here
CLOCK_TURNS = 100  # a time-limit game without --turns: time is called after this many turns
JACKPOT = "free-parking-jackpot"  # the one house rule the simulator plays


class SimulatorBase:
    """The state of one simulated game and the moves every part of the loop makes."""

    def __init__(
        self,
        edition: Edition,
        players: int,
        seed: int,
        *,
        turns: int | None = None,
        settings: Settings | None = None,
        amounts: float = 0.9,
        faults: frozenset[str] = frozenset(),
        every_round: bool = False,
        jackpot: bool = False,
    ) -> None:
        self.ed = edition
        self.seed = seed
        self.settings = settings or Settings()
        lay = layout(edition)
        self.readings = dict(lay.readings)  # the defaults, overlaid by the edition's own
        self.cards = lay.cards  # every card by id (read only)
        self.rng = random.Random(seed)  # dice and decks
        self.dice = Dice(self.rng)
        self.decks = Decks(edition, self.rng, lay.kept)
        names = list(NAMES[:players])
        self.names_of = tuple(names)  # each seat's name
        self.t = Table(edition, names, self.readings)
        brng = random.Random(f"{seed}:bots")
        cash = edition.rules.starting_cash
        self.bots = [Bot.make(brng, self.settings, cash) for _ in names]
        self.p = Policy(self.t, self.bots, self.settings, brng)
        self.brandom = brng.random
        srng = random.Random(f"{seed}:style")
        self.style = Style(edition, srng, lay.forms(edition), amounts=amounts)
        self.srandom = srng.random
        self.w = Writer()
        # engine faults played (faults.py): a count of every player's cash and square and the
        # bank's buildings every round, and the mark of a fault written after the next clause said
        self.faults = faults
        self._frng: random.Random | None = None  # the faults' own stream, made when first used
        self.every_round = every_round
        # house rule free-parking-jackpot: taxes, fines and card payments to the bank pooled
        # under Free Parking for the next lander there (counted every round as `=pot N`)
        self.jackpot = jackpot
        self.pot = 0
        self.pending_mark: str | None = None
        self.unsettled: set[int] = set()  # deeds received with no 10% paid, this turn
        self.misplaced: set[str] = set()  # jail cards put back on top of their deck
        self.reshuffled: set[str] = set()  # decks reshuffled once
        self.stale: dict[int, dict[int, int | None]] = {}  # group owners before a deal
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
    @property
    def frng(self) -> random.Random:
        """The faults' own seeded stream (a game without faults never draws from it)."""
        if self._frng is None:
            self._frng = random.Random(f"{self.seed}:faults")
        return self._frng

    def to_pot(self, amount: int) -> None:
        """A tax, a fine or a card's payment to the bank: into the Free Parking pool, where the
        house rule free-parking-jackpot keeps one."""
        if self.jackpot:
            self.pot += amount

    def name(self, seat: int) -> str:
        return self.names_of[seat]

    def say(self, seat: int, clause: str) -> None:
        """A clause done by `seat` (Writer.say, written out: the simulator's busiest call)."""
        w = self.w
        player = self.names_of[seat]
        if player != w.turn_player or w.actor is not None:
            w.by(player)
        w.cur.append(clause)
        if self.pending_mark is not None:
            w.cur.append(mark(self.pending_mark))
            self.pending_mark = None

    def fault(self, kind: str) -> bool:
        """Does this game play the engine fault `kind` (faults.py)?"""
        return kind in self.faults

    def flag(self, kind: str) -> None:
        """A fault of `kind` shows at the clause just written: mark it for the benchmark."""
        self.w.mark(mark(kind))
        self.stats[f"fault {kind}"] += 1

    def sq(self, index: int, *, alone: bool = False) -> str:
        return self.style.square(index, alone=alone)

    def names(self, deeds: list[Deed]) -> str:
        return ", ".join(self.sq(d.index, alone=True) for d in deeds)

    def note_deal(self, *indexes: int) -> None:
        """Who owned the groups of the deeds a deal moves, before it (for stale-rent)."""
        if not self.fault("stale-rent"):
            return
        for index in indexes:
            group = self.t.group[index]
            owners = {d.index: d.owner for d in group}
            for d in group:
                self.stale[d.index] = owners

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
        if self.fault("no-auction"):
            self.flag("no-auction")  # the deed stays with the bank
            return
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
        n = len(order)
        while idle < n:
            p = order[i % n]
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
