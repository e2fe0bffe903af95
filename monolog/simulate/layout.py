"""What a simulated game is set up from that depends on its edition alone, worked out once per
edition and kept: a run of `monolog simulate --count N` plays N games of the same edition, and
each game's table, decks and writing style would otherwise work the same facts out again.

Kept per edition object (an edition is frozen data; a variant is another object): the readings
in force, the deeds and their groups as board indexes, the colour groups, the cards by id, the
cards a drawer keeps, the mortgage interest per deed under each reading of CF-34 and CF-35, and
the forms the record may write each square's name in.
Nothing here changes during a game; the games' own state is made fresh from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..editions.model import Card, Edition
from ..editions.readings import default_readings
from .writer import Forms, square_forms

_KEEP = 16  # editions kept (a run plays one; the tests a few dozen)


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator in whole units, halves rounded up."""
    return (2 * numerator + denominator) // (2 * denominator)


@dataclass(frozen=True, slots=True)
class Layout:
    """The edition's facts the simulator looks up (read only: shared by every game)."""

    readings: tuple[tuple[str, str], ...]  # the defaults, overlaid by the edition's own
    deeds: tuple[int, ...]  # the ownable squares, in board order
    groups: dict[int, tuple[int, ...]]  # each deed's group (itself alone if it has none)
    colour: tuple[tuple[int, ...], ...]  # the groups of sites only
    distinct: tuple[tuple[int, ...], ...]  # every group above, once
    cards: dict[str, Card]  # every card of every deck, by id (the first of a repeated id)
    kept: frozenset[str]  # the cards a drawer keeps (Get Out of Jail Free)
    cheapest_hotel: int  # the lowest hotel price of the colour groups' sites (0: none)
    interest: dict[tuple[bool, bool], tuple[dict[int, int], dict[int, int]]] = field(
        default_factory=dict
    )
    written: list[Forms] = field(default_factory=list)  # the square names' forms, once made

    def forms(self, edition: Edition) -> Forms:
        """How the record may write each square's name (writer.square_forms)."""
        if not self.written:
            self.written.append(square_forms(edition))
        return self.written[0]

    def interest_for(
        self, edition: Edition, down: bool, on_price: bool
    ) -> tuple[dict[int, int], dict[int, int]]:
        """Each deed's mortgage interest, rounded down (CF-34 `down`) or half up, on the
        printed price (CF-35 `printed-price`) or the mortgage value; and what lifting its
        mortgage costs (the mortgage value and the interest)."""
        got = self.interest.get((down, on_price))
        if got is None:
            pct = edition.rules.mortgage_interest_percent
            interest: dict[int, int] = {}
            lifts: dict[int, int] = {}
            for i in self.deeds:
                sq = edition.squares[i]
                base = sq.price if on_price else sq.mortgage_value
                interest[i] = base * pct // 100 if down else round_half_up(base * pct, 100)
                lifts[i] = sq.mortgage_value + interest[i]
            got = self.interest[(down, on_price)] = (interest, lifts)
        return got


_kept: dict[int, tuple[Edition, Layout]] = {}


def layout(edition: Edition) -> Layout:
    """The edition's Layout, made on first use. Kept by the edition object's identity, the
    object kept alongside, so that another edition can never be handed this one's facts."""
    got = _kept.get(id(edition))
    if got is not None and got[0] is edition:
        return got[1]
    made = _make(edition)
    if len(_kept) >= _KEEP:
        _kept.clear()
    _kept[id(edition)] = (edition, made)
    return made


def _make(edition: Edition) -> Layout:
    squares = edition.squares
    deeds = tuple(sq.index for sq in squares if sq.ownable)
    groups = {
        sq.index: tuple(edition.groups.get(sq.group or "", ()) or (sq.index,))
        for sq in squares
        if sq.ownable
    }
    colour = tuple(
        tuple(members)
        for members in edition.groups.values()
        if members and all(squares[i].kind == "site" for i in members)
    )
    cards: dict[str, Card] = {}
    for deck in edition.decks.values():
        for card in deck.cards:
            cards.setdefault(card.id, card)
    kept = frozenset(
        c.id for d in edition.decks.values() for c in d.cards if c.kind == "get_out_of_jail_free"
    )
    readings = {**default_readings(), **edition.readings}
    distinct = tuple(dict.fromkeys((*groups.values(), *colour)))
    hotel = min((squares[i].hotel_cost for members in colour for i in members), default=0)
    return Layout(tuple(readings.items()), deeds, groups, colour, distinct, cards, kept, hotel)
