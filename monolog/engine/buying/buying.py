"""Buying from the bank and auctions of deeds (BUY-02..09, CF-14..18, CF-57).

Whether the salary of the move counts toward a purchase (CF-11) is landing_cash.py's.
What becomes of a deed nobody bid for (CF-16), once the record shows its play, is unbid.py's.

Shortage auctions of buildings are the estate handlers' (shortage.py).
"""

from __future__ import annotations

from ...notation.events import Auction, Buy, Decline
from ..bankruptcy.estate_auctions import estate_auctioned
from ..building.holdings import group_of
from ..cards.card_landings import declined_after_card_note
from ..core import follow, house_rules, judge
from ..core.game import Game
from ..core.invariants import followed
from ..core.names import actor_of, resolve_player, resolve_square
from ..core.obligations import Lot, cancel_due, close_lot, find_due, find_lot, flow_of, open_lot
from ..core.skipped import money_words, not_replayed
from ..money.debts import note_lot_debt, note_payment
from . import deed_prices
from .deed_bids import check_bids
from .landing_cash import cash_at_payment, salary_counted
from .purchase_judgement import bought_short
from .unbid import BOUGHT, SOLD, note_unbid, unbid_decision, unbid_sold, unbid_square


def _buy_lot(game: Game, player: str, index: int) -> Lot | None:
    for lot in flow_of(game).lots:
        if lot.square == index and lot.lander == player and not lot.declined:
            return lot
    return None


def _lander_lot(game: Game, player: str, index: int) -> tuple[Lot | None, int]:
    """The lot the player may buy, and its square: the one just landed on, else (through a
    record mistake) the player's own last lot on another square."""
    lot = _buy_lot(game, player, index)
    if lot is None:
        # the lander's own lot may be on another square only through a record mistake
        lots = [x for x in flow_of(game).lots if x.lander == player and not x.declined]
        lot = lots[-1] if lots else None
        if lot is not None:
            index = lot.square
    return lot, index


def on_buy(game: Game, ev: Buy) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    st = game.state
    p = st.player(player)
    lot, index = _lander_lot(game, player, p.position)
    sq = game.edition.squares[index]  # `game.square`, without the call (every purchase)
    price = sq.price
    amount = ev.amount if ev.amount is not None else price
    first_lap = lot is None and house_rules.bought_before_lap(game, player, index, amount, ev.span)
    if lot is None and not first_lap:
        if not _not_offered(game, ev, player, index, amount):
            return
    else:
        deed_prices.price_judged(game, ev, player, index)
    counted = salary_counted(game, player, amount, sq.name, ev.span)
    # where the record counts the salary (CF-11, named above) it is replayed so
    cash = cash_at_payment(game, player) if lot is not None and not counted else p.cash
    verdict = bought_short(game, ev, player, lot, sq.name, amount, cash) if cash < amount else None
    if cash < amount and verdict is None:
        return
    game.transfer(player, None, amount, f"bought {sq.name}", ev.span)
    debt = note_payment(game, player, None, amount, f"the price of {sq.name}", ev.span)
    if debt is not None and verdict is not None and verdict.kind == judge.BREAKS:
        debt.reported = True  # the M212 above named this shortfall: one finding per mistake
    st.deeds[index].owner = player
    if lot is not None:
        close_lot(game, lot)


def _not_offered(game: Game, ev: Buy, player: str, index: int, amount: int) -> bool:
    """A purchase from the bank of a deed not on offer to the player: the mistake named. True
    when the purchase is replayed as recorded all the same (there is a deed to hand over)."""
    st = game.state
    sq = game.square(index)
    deed = st.deeds.get(index)
    if deed is None:
        game.emit(
            "M202",
            f"{sq.name} is not for sale: {player} stands on a square no one can own; "
            + not_replayed("there is no deed to hand over")
            + money_words(game, ev.amount),
            ev.span,
            "BUY-01",  # only sites, railroads and utilities are property
            recorded=amount,
        )
        if ev.amount is not None:  # the price written still moves (skipped.py)
            game.transfer(player, None, ev.amount, "paid for a square not sold", ev.span)
        return False
    declined = find_lot(game, index)
    if deed.owner is not None:
        # the record says the bank sold it: the replay follows it (the price paid, the
        # deed to the buyer), so the later lines are judged with the deed where the
        # table had it
        whose = (
            f"{player} owns it; replayed as recorded, {player} paying the price again"
            if deed.owner == player
            else f"{deed.owner} owns it; replayed as recorded, the deed going to {player} "
            "for the price paid to the bank"
        )
        game.emit(
            "M202",
            f"{sq.name} cannot be bought from the bank: {whose}",
            ev.span,
            "BUY-02",
            recorded=amount,
        )
        rent = find_due(game, "rent", player)
        if rent is not None and rent.square == index and deed.owner != player:
            cancel_due(game, rent)  # the table sold the deed instead of charging its rent
        # the group's buildings may now stand on a group no one wholly owns: as the table
        # left them (the board's rules are not checked on that group from now on)
        followed(game, (d.square for d in group_of(game, index)))
    elif declined is not None and declined.declined:
        game.emit(
            "M202",
            f"{sq.name} was declined and must go to auction: the list-price offer is gone",
            ev.span,
            "BUY-03",
            recorded=amount,
        )
        close_lot(game, declined)
    else:
        game.emit(
            "M202",
            f"{player} did not just land on {sq.name}: a deed is bought from the bank "
            "only by the player who lands on it",
            ev.span,
            "BUY-09",
            recorded=amount,
        )
    return True


def _offer_state(game: Game, index: int) -> str:
    """Why the square `index` is not on offer: owned, not a deed, or not just landed on."""
    sq = game.square(index)
    if not sq.ownable:
        return "not a deed"
    owner = game.state.deeds[index].owner
    if owner is not None:
        return f"{owner}'s"
    return "not a square just landed on"


def on_decline(game: Game, ev: Decline) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    index = game.state.player(player).position
    lot = _buy_lot(game, player, index)
    if lot is None:
        lots = [x for x in flow_of(game).lots if x.lander == player and not x.declined]
        lot = lots[-1] if lots else None
    if lot is None and house_rules.declined_before_lap(game, player, index):
        return  # first-lap-no-buying: nothing was for sale, the deed stays with the bank
    if lot is None:
        game.emit(
            "M204",
            f"{player} has no deed to decline: only a deed of the bank's just landed on is "
            f"offered, and {game.name(index)} is {_offer_state(game, index)}; "
            + not_replayed("there is nothing to decline"),
            ev.span,
            "BUY-03",
        )
        return
    lot.declined = True
    if house_rules.no_auction(game):  # house rule no-auctions: the deed stays with the bank
        close_lot(game, lot)


def on_auction(game: Game, ev: Auction) -> None:
    """An auction of a deed: the one just declined (`lot_kind` pending) or a named one."""
    found = _auction_lot(game, ev)
    if found is None:
        return
    lot, index = found
    if _given_away(game, ev, lot, index):
        return
    if index >= 0 and follow.estate_free(game, index):
        # CF-39: a deed of the bankrupt's estate free of mortgage is auctioned, reading
        # auction-all's play; under auction-mortgaged-only the A39 names the departure and the
        # auction is replayed as recorded
        estate_auctioned(game)
        if lot is None and follow.record_settles(game):
            lot = open_lot(game, index, None, ev.span)
    if lot is None and not _auctioned_unoffered(game, ev, index):
        return
    name = game.name(index)
    decliner = lot.lander if lot is not None else None
    out: set[str] = set()  # bidders out of the game, told so at their bids
    bids_ok = check_bids(game, ev, decliner, name, out)
    house_rules.check_bidders(game, ev, name)  # first-lap-no-buying: no bids before the lap
    if _kept_open(game, ev, lot, index, name):
        return
    if lot is not None:
        close_lot(game, lot)
        if lot.moved_by is not None and lot.declined:
            declined_after_card_note(game, lot, ev.span, auctioned=True)  # CF-67
    if ev.winner is None or ev.price is None:
        _nobody_bid(game, ev, index, name, decliner)
        return
    winner = resolve_player(game, ev.winner, ev.span)
    if winner is None:
        return
    if not game.state.player(winner).active:
        if winner not in out:
            _sold_to_a_player_out(game, ev, winner, name)
        return
    _sell_to_winner(game, ev, winner, ev.price, index, bids_ok)


def _auction_lot(game: Game, ev: Auction) -> tuple[Lot | None, int] | None:
    """The lot up for auction and its square (-1: none); None when the square named is not
    one of the board's (told so)."""
    st = game.state
    lot: Lot | None
    if ev.lot_kind == "square" and ev.lot is not None:
        sq = resolve_square(game, ev.lot, ev.span)
        if sq is None:
            return None
        lot = find_lot(game, sq.index)
        index = sq.index
    else:
        lots = flow_of(game).lots
        lot = lots[-1] if lots else None
        index = lot.square if lot is not None else -1
    if lot is None and index < 0:
        index = unbid_square(game) or -1  # a further round for the deed nobody bid for
    again = (
        unbid_sold(game, index)
        if index >= 0 and (lot is None or lot.unbid) and None not in (ev.winner, ev.price)
        else None
    )
    if again is not None and lot is None and follow.record_settles(game):
        # CF-16: the deed nobody bid for is sold in a further round, reading sold-anyway's
        # play; under another reading the A16 names the departure and the sale is replayed
        # (under decliner-buys the decliner's purchase the replay made is undone first)
        if again.bought is not None and st.deeds[index].owner == again.bought:
            st.deeds[index].owner = None
            game.transfer(None, again.bought, again.price, "lowest bid not taken", ev.span)
        lot = open_lot(game, index, None, ev.span)
    return lot, index


def _given_away(game: Game, ev: Auction, lot: Lot | None, index: int) -> bool:
    """True when a setup line after play began gave the declined deed to a player (M121): the
    bank has it no longer, so it cannot be auctioned, as for any deed a player holds."""
    st = game.state
    if lot is None or index not in st.deeds or st.deeds[index].owner is None:
        return False
    close_lot(game, lot)
    owner = st.deeds[index].owner
    _not_held(
        game,
        ev,
        f"{game.name(index)} is no longer up for auction: the setup line after it was "
        f"declined gives it to {owner}; " + not_replayed(f"{game.name(index)} stays with {owner}"),
    )
    return True


def _auctioned_unoffered(game: Game, ev: Auction, index: int) -> bool:
    """An auction of a deed no lander declined, named. True when the bank holds the deed, so
    the auction is replayed as recorded; False when there is nothing to auction."""
    deed = game.state.deeds.get(index)
    if index < 0 or deed is None or deed.owner is not None:
        where = game.name(index) if index >= 0 else "no deed"
        _not_held(
            game,
            ev,
            f"nothing is up for auction here: {where} was not declined by a lander; "
            + not_replayed(
                "the bank has no such deed to sell"
                if deed is None or deed.owner is None
                else f"{where} belongs to {deed.owner}"
            ),
        )
        return False
    game.emit(
        "M204",
        f"{game.name(index)} is not up for auction: the bank auctions a deed only when "
        "the lander declines it or after a bankruptcy",
        ev.span,
        "BUY-09",
    )
    return True


def _kept_open(game: Game, ev: Auction, lot: Lot | None, index: int, name: str) -> bool:
    """CF-16 sold-anyway: an auction without bids does not end the sale; the deed stays up for
    auction until someone buys it at some price. True when the auction is kept open so."""
    unbid = ev.winner is None or ev.price is None
    if not unbid or lot is None or lot.lander is None:
        return False
    if unbid_decision(game, lot.lander).right != judge.Choice(SOLD):
        return False
    reading = game.ruling("CF-16")
    lot.unbid = True
    message = (
        f"nobody bid for {name}: it must still be sold to someone at some price "
        f"(reading {reading}), so the auction stays open; reading stays-with-bank "
        "would leave it unowned"
    )
    note_unbid(game, index, message, ev.span, lot.lander)
    return True


def _nobody_bid(game: Game, ev: Auction, index: int, name: str, decliner: str | None) -> None:
    """CF-16: the auction closes without a buyer; the reading in force says who, if anyone,
    takes the deed."""
    reading = game.ruling("CF-16")
    floor = game.edition.rules.auction_min_bid or 1  # the lowest bid
    other = (
        f"reading decliner-buys would make {decliner} buy it at {game.money(floor)}"
        if decliner
        else "reading sold-anyway would have it sold at some price"
    )
    if decliner is not None and unbid_decision(game, decliner).right == judge.Choice(BOUGHT):
        # CF-16 decliner-buys: the decliner takes the deed at the lowest bid
        message = (
            f"nobody bid for {name}: {decliner} declined it and must buy it at "
            f"{game.money(floor)} (reading {reading}); reading stays-with-bank would leave "
            "it unowned"
        )
        note_unbid(game, index, message, ev.span, decliner, bought=decliner, price=floor)
        game.transfer(decliner, None, floor, f"bought {name} at the lowest bid", ev.span)
        note_payment(game, decliner, None, floor, f"the lowest bid for {name}", ev.span)
        game.state.deeds[index].owner = decliner
        return
    if reading != "stays-with-bank":
        # no decliner to buy it, and no buyer named: nothing to apply but the bank keeping it
        other = (
            "with no lander to decline it there is no one this reading makes buy it, so "
            "the bank keeps it as under reading stays-with-bank"
        )
    message = f"nobody bid for {name}: it stays with the bank (reading {reading}); {other}"
    if reading == "stays-with-bank":
        note_unbid(game, index, message, ev.span, decliner)
    else:
        game.ambiguous("CF-16", message, ev.span, "BUY-08")


def _sell_to_winner(
    game: Game,
    ev: Auction,
    winner: str,
    price: int,
    index: int,
    bids_ok: tuple[str, int] | None,
) -> None:
    """The deed goes to the winner at the price recorded, the bids that should have won it
    and a price above the winner's cash named first (BUY-06, BUY-07, CF-17)."""
    name = game.name(index)
    if bids_ok is None and ev.bids:
        # every bid was refused under the readings in force (CF-14, CF-17)
        wrong = f"no bid for {name} counts, so nobody wins it: the deed stays with the bank"
        deed_prices.auction_judged(game, ev, (winner, price), None, judge.Words("M207", wrong))
    if bids_ok is not None and bids_ok != (winner, price):
        # (sold to the last and highest bid, as most auctions are: the judgement, filing
        # nothing then, is not made; 1,201 sales over the benchmark corpus)
        last_player, last_amount = bids_ok
        wrong = (
            f"the last and highest bid was {last_player}'s {game.money(last_amount)}: "
            f"{last_player} must buy {name} at {game.money(last_amount)}"
        )
        deed_prices.auction_judged(game, ev, (winner, price), bids_ok, judge.Words("M207", wrong))
    cash = game.state.player(winner).cash
    if cash < price and game.ruling("CF-17") != "capped-by-cash":
        game.ambiguous(
            "CF-17",
            f"{winner} wins {name} at {game.money(price)} holding {game.money(cash)}: the bid "
            f"stands if the money is raised at the close (reading {game.ruling('CF-17')}); "
            f"reading capped-by-cash would refuse bids above {game.money(cash)}",
            ev.span,
            "BUY-06",
            follows="pay-at-close",  # the record's winning bid is above the cash in hand
        )
    game.transfer(winner, None, price, f"won {name} at auction", ev.span)
    debt = note_payment(game, winner, None, price, f"the auction price of {name}", ev.span)
    note_lot_debt(game, winner, index, debt)  # CF-60: the deed is not paid for yet
    game.state.deeds[index].owner = winner


def _not_held(game: Game, ev: Auction, message: str) -> None:
    """M204 for an auction of a deed the bank has not put up; its price still changes hands as
    written (skipped.py)."""
    game.emit("M204", message + money_words(game, ev.price), ev.span, "BUY-03")
    buyer = resolve_player(game, ev.winner, ev.span) if ev.winner is not None else None
    if buyer is not None and ev.price is not None:
        game.transfer(buyer, None, ev.price, "paid at an auction not held", ev.span)


def _sold_to_a_player_out(game: Game, ev: Auction, winner: str, name: str) -> None:
    """The record sells the deed to a player out of the game, who can hold nothing: no sale,
    the deed stays with the bank (the replay goes on as if it had not been sold)."""
    game.emit(
        "M208",
        f"{winner} is out of the game and cannot buy {name} at auction: the deed stays with "
        "the bank",
        ev.span,
        "BUY-04",
        recorded=winner,
    )
