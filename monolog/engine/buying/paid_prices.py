"""What was paid for the buildings standing on each site, for the refund of a sale (CF-30).

The bank buys buildings back at half price (SELL-02). Four texts take half the printed price;
the classic summary takes half of what the seller paid (reading price-paid), which differs only
for a building won at a shortage auction above or below its printed price (BLD-12). So only
those prices are kept, per site, in the order the buildings were placed; every other building
counts at its printed price. A sale takes the last buildings placed first, as selling down
mirrors building up. When a hotel goes up, the site's houses go back to the bank with whatever
was paid for them; a hotel broken down gives back houses at their printed price. A bankruptcy
sells every building of a site at once, on the same basis (`bankruptcy_sale`), and what a player
could raise counts them so (`site_refund`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...notation.events import Sell, Span
from ..building.holdings import building_sale_value, half
from ..core import judge
from ..core.game import Game
from ..core.state import DeedState

# the prices kept per site live in `game.paid_prices` (pending_state.PaidPrices)
PRINTED, PAID = "printed-price", "price-paid"


@dataclass(frozen=True, slots=True)
class Sold:
    """The buildings one sale takes off one site."""

    deed: DeedState
    hotels: int
    houses: int


def _houses(game: Game, deed: DeedState) -> list[int]:
    """The prices of the houses standing on `deed`, first placed first (printed where none was
    kept), as many as stand there now."""
    kept = game.paid_prices.houses
    printed = game.square(deed.square).house_cost
    prices = kept.get(deed.square, [])[: deed.houses]
    return [printed] * (deed.houses - len(prices)) + prices


def _hotel(game: Game, deed: DeedState) -> int:
    kept = game.paid_prices.hotels
    return kept.get(deed.square, game.square(deed.square).hotel_cost) if deed.hotel else 0


def placed(game: Game, deed: DeedState, houses: Sequence[int], hotel: int | None) -> None:
    """Before `deed` takes `houses` (their prices, in order) and, when `hotel` is not None, a
    hotel at that price. Kept only where some price is not the printed one."""
    sq = game.edition.squares[deed.square]  # `game.square`, without the call (a site a build)
    kept_houses = game.paid_prices.houses
    if hotel is None and deed.square not in kept_houses:
        # nothing kept for the site, as for most builds: its houses stand at the printed price,
        # so only the new ones can make a price worth keeping (no lists made for the others)
        for price in houses:
            if price != sq.house_cost:
                break
        else:
            return
    standing = _houses(game, deed) + list(houses)
    kept_hotels = game.paid_prices.hotels
    if hotel is not None:
        standing = []  # the houses go back to the bank as the hotel goes up
        if hotel != sq.hotel_cost:
            kept_hotels[deed.square] = hotel
        else:
            kept_hotels.pop(deed.square, None)
    _keep(kept_houses, deed.square, standing, sq.house_cost)


def _keep(kept: dict[int, list[int]], square: int, prices: list[int], printed: int) -> None:
    if any(p != printed for p in prices):
        kept[square] = prices
    else:
        kept.pop(square, None)


def _paid_value(game: Game, sold: Sequence[Sold], most: int) -> int:
    value = 0
    for s in sold:
        houses = _houses(game, s.deed)
        if s.hotels:
            value += half(_hotel(game, s.deed))
            houses = [game.square(s.deed.square).house_cost] * most
        value += sum(half(p) for p in houses[len(houses) - s.houses :]) if s.houses else 0
    return value


def sale_decision(game: Game, sold: Sequence[Sold], printed: int, most: int) -> judge.Decision:
    """What the bank pays for the buildings `sold` under each reading of CF-30: the reading in
    force (`right`), and the other reading where the two figures differ (`printed` is half the
    printed prices). Where the edition's text settles the point, a figure of the other reading
    is M990 (`Game.ambiguous`)."""
    paid = _paid_value(game, sold, most)
    reading = game.ruling("CF-30")
    value, other_value = (paid, printed) if reading == PAID else (printed, paid)
    if paid == printed:
        return judge.Decision(judge.Outcome(value), "SELL-02")
    other = judge.Alternative("CF-30", _other(reading), judge.Outcome(other_value))
    return judge.Decision(judge.Outcome(value), "SELL-02", (other,))


def sale_words(game: Game, ev: Sell, decision: judge.Decision) -> judge.Words:
    """What the finding of a sale's amount says: a figure no reading gives (M614, naming the
    basis); where the readings differ, the point named (A30) with the reading the amount
    follows, or with none when the record writes no amount."""
    value = judge.amount(decision.right)
    reading = game.ruling("CF-30")

    def point(alt: judge.Alternative) -> str:
        other_value = judge.amount(alt.outcome)
        written = f"{game.money(ev.amount)} written: " if ev.amount is not None else ""
        return (
            f"{written}the bank pays {game.money(value)} for these buildings, "
            f"{_BASIS[reading]} (reading {reading}); reading {alt.reading} makes it "
            f"{game.money(other_value)}, {_BASIS[alt.reading]}"
        )

    def agree() -> None:
        for alt in decision.others:
            follows = reading if ev.amount is not None else None
            game.ambiguous("CF-30", point(alt), ev.span, "SELL-02", follows=follows)

    wrong = (
        f"the bank pays {game.money(value)} for these buildings, not "
        f"{game.money(ev.amount or 0)}: {basis_words(game)}"
    )
    return judge.Words("M614", wrong, None, point, agree)


_BASIS = {PAID: "half of what was paid for them", PRINTED: "half their printed prices"}


def _other(reading: str) -> str:
    return PRINTED if reading == PAID else PAID


def basis_words(game: Game) -> str:
    """How the refund is worked out under the reading in force, for M614."""
    if game.ruling("CF-30") == PAID:
        return "half of what was paid for them"
    return "half the printed building prices"


def sold_off(game: Game, sold: Sequence[Sold], most: int) -> None:
    """After a sale: the prices of the buildings that left each site are dropped."""
    kept_houses = game.paid_prices.houses
    kept_hotels = game.paid_prices.hotels
    for s in sold:
        sq = game.square(s.deed.square)
        houses = _houses(game, s.deed)
        if s.hotels:
            kept_hotels.pop(s.deed.square, None)
            houses = [sq.house_cost] * most
        _keep(kept_houses, s.deed.square, houses[: len(houses) - s.houses], sq.house_cost)


def _whole_site(game: Game, deed: DeedState) -> list[Sold]:
    most = game.edition.rules.houses_before_hotel
    return [Sold(deed, int(deed.hotel), most if deed.hotel else deed.houses)]


def site_refund(game: Game, deed: DeedState) -> tuple[int, int]:
    """What the bank pays for every building on `deed` sold at once: (under the reading of
    CF-30 in force, under the other reading)."""
    if not deed.houses and not deed.hotel:
        return 0, 0  # no buildings to sell, as on most deeds a player's worth counts (raising.py)
    paid = _paid_value(game, _whole_site(game, deed), game.edition.rules.houses_before_hotel)
    printed = building_sale_value(game, deed)
    return (paid, printed) if game.ruling("CF-30") == PAID else (printed, paid)


def bankruptcy_sale(game: Game, deed: DeedState, span: Span, *, paid: bool) -> int:
    """A bankrupt's buildings on `deed` go back to the bank: sold for a player creditor (`paid`,
    BKR-04) on the basis of the reading in force, the point named where the two readings
    differ (the record writes no amount, so it shows no choice); with nothing paid for a debt to
    the bank. Either way the prices kept for the site are dropped. Returns what the bank pays."""
    value = other_value = 0
    if paid:
        value, other_value = site_refund(game, deed)
    if value != other_value:
        reading = game.ruling("CF-30")
        other = _other(reading)
        game.ambiguous(
            "CF-30",
            f"the bank buys the bankrupt's buildings on {game.name(deed.square)} for "
            f"{game.money(value)}, {_BASIS[reading]} (reading {reading}); reading {other} makes "
            f"it {game.money(other_value)}, {_BASIS[other]}",
            span,
            "SELL-02",
        )
    sold_off(game, _whole_site(game, deed), game.edition.rules.houses_before_hotel)
    return value
