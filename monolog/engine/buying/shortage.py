"""Houses and hotels sold by auction when the bank runs short (BLD-12, BLD-13, CF-28, CF-72).

Only players who could place the building now may bid. The winner pays at the auction and the
building leaves the bank then; the winner's next `build` places it without paying again
(estate.py), and one never placed is reported when the turn ends (`flag_unplaced`).
"""

from __future__ import annotations

from ...notation.events import Auction, Build, Span
from ..building.holdings import (
    count_word,
    group_of,
    level,
    resolve_player,
)
from ..core import house_rules, judge
from ..core.game import Game
from ..core.pending_state import WonBuilding as WonBuilding
from ..core.pending_state import WonBuildings as WonBuildings
from ..core.skipped import money_words, not_replayed
from ..money.debts import note_payment
from . import deed_prices
from .bidding import check_order


def won_buildings(game: Game) -> WonBuildings:
    """Buildings won at auction and not yet placed (they are out of the bank's stock)."""
    return game.shortage.won


def report_empty_stock(game: Game, ev: Build | Auction, wanted: int, left: int, kind: str) -> None:
    amount = ev.amount if isinstance(ev, Build) else ev.price
    game.emit(
        "M608",
        f"the bank has {count_word(game, left, kind)} left, not the {wanted} needed: "
        f"buildings come only from the bank's stock; "
        + not_replayed("there are none to put on the board")
        + money_words(game, amount),
        ev.span,
        "BLD-11",
        expected=left,
        recorded=wanted,
    )


def on_building_auction(game: Game, ev: Auction, actor: str) -> None:
    """`auction house|hotel bids … sold P N`: one building sold by auction in a shortage.

    BLD-12, BLD-13, CF-28: only players who could place that building now may bid; the opening
    bid is at least the lowest printed price of that building on the bidders' deeds where the
    edition's text sets that floor; elsewhere a lower opening is CF-28 (`_low_opening`). The
    winner pays the bank now and places the building with their next `build`.
    """
    kind = ev.lot_kind
    if kind not in ("house", "hotel"):
        return
    passers = _passers(game, ev, kind)
    if passers is None or ev.winner is None or ev.price is None:
        return
    st = game.state
    house_rules.restock(game, int(kind == "house"), int(kind == "hotel"))  # unlimited-buildings
    left = st.bank_houses if kind == "house" else st.bank_hotels
    if left < 1:
        report_empty_stock(game, ev, 1, left, kind)
        buyer = resolve_player(game, ev.winner, ev.span)
        if buyer is not None:  # the price written still moves (skipped.py)
            what = f"paid for a {kind} the bank did not have"
            game.transfer(buyer, None, ev.price, what, ev.span)
        return
    bidders: list[tuple[str, int, Span]] = []
    for bid in ev.bids:
        who = resolve_player(game, bid.player, ev.span)
        if who is None:
            return
        bidders.append((who, bid.amount, bid.span if bid.span.line else ev.span))
    winner = resolve_player(game, ev.winner, ev.span)
    if winner is None:
        return

    floors: list[int] = [price for _, price in passers if price is not None]
    first_bid = _first_bids(game, kind, bidders, floors)
    # CF-72: the bidding goes round the players taking part (those able to place the building,
    # those who asked for it, and the bidders), as in a deed auction
    taking_part = set(first_bid) | {who for who, _ in passers}
    seats = [
        p.name
        for p in st.players
        if p.active and (p.name in taking_part or placeable_price(game, p.name, kind) is not None)
    ]
    # a pass written too; a replay measuring seat-order refuses a bid after a pass
    counted = check_order(game, bidders, seats, tuple(who for who, _ in passers))
    if bidders and floors:
        floor = min(floors)
        opening = bidders[0][1]
        if opening < floor:
            _low_opening(game, kind, opening, floor, bidders[0][2])
    if passers and len(first_bid) == 1:
        _uncontested(game, ev, kind, winner, [who for who, _ in passers])
    if bidders:
        _highest_bid_wins(game, ev, kind, winner, ev.price, counted)
    if kind == "house":
        st.bank_houses -= 1
    else:
        st.bank_hotels -= 1
    won_buildings(game).append(WonBuilding(winner, kind, ev.price, ev.span))
    game.transfer(winner, None, ev.price, f"{kind} auction", ev.span)
    note_payment(game, winner, None, ev.price, f"{kind} won at auction", ev.span)


def _first_bids(
    game: Game, kind: str, bidders: list[tuple[str, int, Span]], floors: list[int]
) -> dict[str, Span]:
    """Each bidder's first bid (BLD-12): a bidder with no site where the building could go now
    may not bid (M615); the others' lowest printed prices of it are added to `floors`."""
    first_bid: dict[str, Span] = {}
    for who, _, span in bidders:
        first_bid.setdefault(who, span)
    for who, span in first_bid.items():
        price = placeable_price(game, who, kind)
        if price is None:
            game.emit(
                "M615",
                f"{who} may not bid for {game.edition.a_word(kind)}: {who} has no site where one "
                f"could go now, and only players able to build may bid in a shortage",
                span,
                "BLD-12",
                expected=None,
                recorded=who,
            )
        else:
            floors.append(price)
    return first_bid


def _highest_bid_wins(
    game: Game,
    ev: Auction,
    kind: str,
    winner: str,
    price: int,
    bidders: list[tuple[str, int, Span]],
) -> None:
    """BLD-12: the building goes to the highest bid that counts (M617 when the record sells it
    otherwise, or when no bid counts: then nobody wins it)."""
    what = game.edition.word(kind)
    if not bidders:
        wrong = f"no bid for the {what} counts, so nobody wins it: it stays with the bank"
        words = judge.Words("M617", wrong)
        deed_prices.auction_judged(game, ev, (winner, price), None, words, "BLD-12")
        return
    top_who, top_bid, _ = max(bidders, key=lambda b: b[1])
    wrong = (
        f"the {what} goes to {top_who} for {game.money(top_bid)}, "
        f"the highest bid, not to {winner} for {game.money(price)}"
    )
    words = judge.Words("M617", wrong)
    deed_prices.auction_judged(game, ev, (winner, price), (top_who, top_bid), words, "BLD-12")


FLOOR = "deed-price-floor"
FROM_ONE = "open-from-one"


def opening_decision(game: Game, opening: int, floor: int) -> judge.Decision:
    """Whether an opening bid of `opening` stands at a shortage auction whose bidders' lowest
    printed price of the building is `floor` (BLD-13, CF-28): a `Choice` of True or False under
    the reading in force, and reading open-from-one (from one unit) or deed-price-floor (from
    the printed price) where it says otherwise. Where the edition's text settles the point, no
    other reading is listed."""
    stands = {FLOOR: opening >= floor, FROM_ONE: opening >= 1}
    reading = game.ruling("CF-28")
    right = judge.Choice(stands[reading])
    if game.text_settles("CF-28"):
        return judge.Decision(right, "BLD-13")
    others = tuple(
        judge.Alternative("CF-28", other, judge.Choice(value))
        for other, value in stands.items()
        if other != reading and value != stands[reading]
    )
    return judge.Decision(right, "BLD-13", others)


def _low_opening(game: Game, kind: str, opening: int, floor: int, span: Span) -> None:
    """BLD-13, CF-28: an opening bid below the lowest printed price on the bidders' deeds,
    judged by `opening_decision`: where it stands under the reading in force (open-from-one),
    the point is named (A28, the record agreeing); where only reading open-from-one lets it
    stand, the A28 says the record follows that reading (a warning, so that `--strict` counts
    it); a bid below 1, or a low opening where the edition's own text sets the printed-price
    floor (the 1996 UK rules), stands under no reading (M616). The record's bid stands either
    way."""
    what = game.edition.a_word(kind)
    reading = game.ruling("CF-28")
    lowest = floor if reading == FLOOR else 1
    decision = opening_decision(game, opening, floor)
    if opening < 1 and not (reading == FLOOR and game.text_settles("CF-28")):
        wrong = (
            f"the bidding for {what} opens at {game.money(lowest)} at least, not "
            f"{game.money(opening)}: no reading of the shortage auction takes less than "
            f"{game.money(1)} (reading {reading} in force)"
        )
    else:
        wrong = (
            f"the bidding for {what} opens at {game.money(floor)} at least, not "
            f"{game.money(opening)}: the lowest printed price on the bidders' deeds"
        )

    def other(alt: judge.Alternative) -> str:
        return (
            f"the bidding for {what} opened at {game.money(opening)}: under reading {reading} "
            f"it opens at {game.money(floor)} at least, the lowest printed price on the "
            f"bidders' deeds; reading {alt.reading} accepts any opening from {game.money(1)}"
        )

    def agree() -> None:
        message = (
            f"opening bid of {game.money(opening)} for {what} accepted, as auctions open from "
            f"{game.money(1)} (reading {reading}); under reading {FLOOR} it would be "
            f"{game.money(floor)} at least"
        )
        game.ambiguous("CF-28", message, span, "BLD-13", follows=FROM_ONE)

    words = judge.Words("M616", wrong, other=other, agree=agree, shown=(lowest, opening))
    judge.judge(game, decision, True, span, words)  # the record's opening bid stood


def _passers(game: Game, ev: Auction, kind: str) -> list[tuple[str, int | None]] | None:
    """The players who asked for the building and passed (`passed Ben`), each with the lowest
    printed price of the building they could place (None after M615: they could place none,
    so they could not ask). None when a name does not resolve (M900 filed)."""
    out: list[tuple[str, int | None]] = []
    for ref in ev.passed:
        who = resolve_player(game, ref, ev.span)
        if who is None:
            return None
        price = placeable_price(game, who, kind)
        if price is None:
            game.emit(
                "M615",
                f"{who} may not ask for {game.edition.a_word(kind)}: {who} has no site where "
                f"one could go now, and only players able to build take part in a shortage",
                ref.span if ref.span.line else ev.span,
                "BLD-12",
                expected=None,
                recorded=who,
            )
        out.append((who, price))
    return out


def uncontested_decision(game: Game) -> judge.Decision:
    """CF-61: whether a shortage auction goes on once every other asker has passed (True under
    auction-goes-on) or the one left buys at the printed price with no auction (False under
    printed-price-when-uncontested), and the other reading."""
    reading = game.ruling("CF-61")
    values = {"printed-price-when-uncontested": False, "auction-goes-on": True}
    others = tuple(
        judge.Alternative("CF-61", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "BLD-12", others)


def _uncontested(game: Game, ev: Auction, kind: str, winner: str, passers: list[str]) -> None:
    """CF-61: every other player who asked passed, so one asker bid alone. The record holds the
    auction (the figure `True`): one A61, following auction-goes-on under the other reading;
    the sale is replayed as recorded. Every play is one reading's, so no M code; the point is
    named in a replay measuring the reading in force too (judge.arising)."""
    price = placeable_price(game, winner, kind)
    printed = f" ({game.money(price)})" if price is not None else ""
    who = " and ".join(passers)
    message = (
        f"{who} asked for the {game.edition.word(kind)} and passed, leaving {winner} alone: "
        f"under reading printed-price-when-uncontested {winner} buys it at the printed "
        f"price{printed} with no auction; under reading auction-goes-on the auction goes on "
        "from its opening bid"
    )

    def agree() -> None:
        game.ambiguous("CF-61", message, ev.span, "BLD-12", follows="auction-goes-on")

    decision = uncontested_decision(game)
    verdict = judge.compare_arising(game, decision, True)
    words = judge.Words("M615", message, other=lambda _: message, agree=agree)
    judge.file(game, verdict, True, ev.span, decision.rule, words)


def placeable_price(game: Game, player: str, kind: str) -> int | None:
    """The lowest printed price of a `kind` the player could place right now, else None."""
    most = game.edition.rules.houses_before_hotel
    best: int | None = None
    for deed in game.state.owned_by(player):
        sq = game.square(deed.square)
        if sq.kind != "site" or deed.hotel:
            continue
        group = group_of(game, deed.square)
        if any(d.owner != player or d.mortgaged for d in group):
            continue
        low = min(level(game, d) for d in group)
        if kind == "house":
            ok = deed.houses < most and (deed.houses == low or house_rules.uneven_allowed(game))
            price = sq.house_cost
        else:
            ok = deed.houses == most and (low >= most or game.ruling("CF-26") == "site-four-houses")
            price = sq.hotel_cost
        if ok and (best is None or price < best):
            best = price
    return best


def flag_unplaced(game: Game, span: Span) -> None:
    """Buildings won at auction but not placed by now go back to the bank (CF-28)."""
    won = won_buildings(game)
    for w in won:
        game.emit(
            "M618",
            f"{w.player} won {game.edition.a_word(w.kind)} at auction (line {w.span.line}) "
            "but never "
            f"placed it: the winner puts the building up at once",
            span,
            "BLD-12",
            expected=w.kind,
            recorded=None,
        )
        if w.kind == "house":
            game.state.bank_houses += 1
        else:
            game.state.bank_hotels += 1
    won.clear()
