"""The simulator's turn loop with the engine faults that touch rent and the decks (faults.py).

Each method plays the correct rule unless the game plays a fault of the kind it names; the
faults of buying, mortgages and bankruptcy sit beside the rule they break (base.py, money.py,
between.py), those of the turn and the cards in play.py.
"""

from __future__ import annotations

from ..editions.model import Card
from .between import BetweenTurns

# card kinds whose money a buggy engine may leave unpaid
_MONEY_CARDS = ("collect", "pay", "pay_each_player", "collect_from_each_player", "repairs")


class Faulty(BetweenTurns):
    """Rent, card money and the decks, correct or as a buggy engine has them."""

    def rent_fault(
        self,
        s: int,
        index: int,
        dice: int | None,
        card_rule: str | None,
        owner: int | None,
        amount: int,
    ) -> tuple[int | None, int, str | None]:
        """(owner, amount, fault kind or None) of the rent `s` pays on `index`."""
        t = self.t
        deed = t.deeds[index]
        if t.squares[index].kind == "utility":
            return owner, amount, None  # the amount waits for the dice: see utility-fresh-throw
        if (
            owner is None
            and deed.mortgaged
            and deed.owner not in (None, s)
            and self.fault("rent-on-mortgaged")
        ):
            deed.mortgaged = False
            try:
                owner, amount, _ = t.rent(index, s, dice, card_rule)
            finally:
                deed.mortgaged = True
            return owner, amount, "rent-on-mortgaged" if owner is not None and amount else None
        before = self.stale.get(index)
        if owner is None or before is None or t.group_built(index) or not self.fault("stale-rent"):
            return owner, amount, None
        now = {i: t.deeds[i].owner for i in before}
        for i, o in before.items():
            if i != index:
                t.deeds[i].owner = o
        try:
            _, stale, _ = t.rent(index, s, dice, card_rule)
        finally:
            for i, o in now.items():
                t.deeds[i].owner = o
        return owner, stale, "stale-rent" if stale != amount else None

    def card_unpaid(self, s: int, card: Card) -> bool:
        """card-money-unpaid: the card is written with 0 and no money moves. True if so."""
        if card.kind not in _MONEY_CARDS or not self.fault("card-money-unpaid"):
            return False
        if card.kind == "repairs":
            houses, hotels = self.t.buildings(s)
            if not houses * card.per_house + hotels * card.per_hotel:
                return False
        elif not card.amount or (
            card.kind in ("pay_each_player", "collect_from_each_player")
            and len(self.t.active()) < 2
        ):
            return False
        self.say(s, f"card {card.id} 0")
        self.flag("card-money-unpaid")
        return True

    def _count_round(self) -> None:
        """A full count at the end of a round: every player's cash and square, the bank's
        buildings (as a log converted from another program can carry)."""
        t = self.t
        for s in t.active():
            self.w.check(self.name(s), t.seats[s].cash)
            self.w.add(f"={self.name(s)} at {self.sq(t.seats[s].pos, alone=True)}")
        self.w.add(f"=bank houses {t.bank_houses} hotels {t.bank_hotels}")
        if self.jackpot:
            self.w.add(f"=pot {self.pot}")

    def draw_card(self, deck: str) -> str:
        """The top card of `deck`; with the reshuffle fault, the deck is shuffled again once
        every card of it has been drawn (the next draw differs from the order gone round)."""
        queue = self.decks.queues[deck]
        shown: str | None = None
        size = len(self.ed.decks[deck].cards)
        if (
            self.fault("reshuffle")
            and deck not in self.reshuffled
            and self.decks.drawn[deck] >= size
            and len(queue) > 1
        ):
            self.reshuffled.add(deck)
            cards = list(queue)
            for _ in range(20):
                self.frng.shuffle(cards)
                if self._effect(cards[0]) != self._effect(queue[0]):
                    queue.clear()
                    queue.extend(cards)
                    shown = "reshuffle"
                    break
        card = self.decks.draw(deck)
        if card in self.misplaced:
            self.misplaced.discard(card)
            shown = "goojf-on-top"
        self.pending_mark = shown
        return card

    def _effect(self, card_id: str) -> tuple[object, ...]:
        """What a card does: two copies of a card (CARD-03) cannot be told apart by it."""
        c = self.cards[card_id]
        return (c.kind, c.amount, c.target, c.target_kind, c.rent_rule, c.spaces)
