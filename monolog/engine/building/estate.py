"""Buying and selling buildings: houses and hotels, even building, the bank's stock (BLD, SELL).

Each `build` or `sell` clause is one transaction. Its items are placed in whatever order keeps the
group even, one building at a time (CF-27: a hotel is the level above four houses, and after
every step the levels of a group differ by one at most); the transaction is legal when such an
order exists. A transaction that breaks the even-building rule (BLD-03, SELL-03), puts a hotel
up before the site's houses (BLD-05) or is made without the whole group or with a mortgage in it
(BLD-01, BLD-08), or is paid with cash the builder does not have (BLD-10: the cash goes below
zero) is reported once and then carried out as the record says, so the later counts and rents
go on from what happened at the table; one that cannot be carried out (not a site, not the
builder's own site, a site that cannot hold more, buildings the bank does not have) is reported
and skipped. A wrong amount is reported and the record's amount is what moves.

Houses and hotels won at a building-shortage auction (BLD-12, CF-28; shortage.py) are paid for
at the auction and leave the bank then; the winner's next `build` places them without paying
again.

What a clause asks for, site by site, is read by building_plans.py; the checks a build passes
before the bank is paid (ownership, mortgages, the houses a site holds, even building) are
build_checks.py's.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation.events import Build, Sell
from ..buying import paid_prices
from ..buying.shortage import WonBuilding, report_empty_stock, won_buildings
from ..core import follow, house_rules, judge
from ..core.game import Game
from ..core.invariants import followed
from ..core.skipped import money_words, not_replayed
from ..core.state import DeedState
from ..core.variants import note_fourth_houses, refuses_hotel_houses, wrong_hotel_sale_value
from ..jail.jail_rights import while_jailed
from .build_checks import build_allowed, build_even
from .building_plans import Step, buildings_words, groups_of, plan_of, written_money
from .building_prices import build_decision
from .holdings import (
    count_word,
    describe_level,
    group_label,
    half,
    hotel_level,
    level,
    owner_word,
    resolve_player,
)
from .player_sales import sale_to_player


def _word(game: Game, key: str) -> str:
    return game.edition.word(key)


# --------------------------------------------------------------------------- build


def on_build(game: Game, ev: Build, actor: str) -> None:
    """`build Item, Item [for N]`: houses and hotels bought from the bank (BLD-01..16)."""
    plan = plan_of(game, ev, actor)
    if plan is None:
        return
    while_jailed(game, actor, "builds", ev.span)
    if not build_allowed(game, ev, actor, plan):
        written_money(game, ev, actor)
        return
    for group in groups_of(game, plan):
        if not build_even(game, ev, plan, group):
            return
    won = _WonUsed.of(game, actor, plan)
    if not _stock_holds(game, ev, actor, won):
        return
    cost, prices = _costs(game, plan, won)
    charge = cost if ev.amount is None else ev.amount  # the record's amount is what moved
    if not _charge_paid(game, ev, actor, plan, cost, charge):
        return
    note_fourth_houses(
        game, [(i, s.deed.houses, s.houses, s.hotels) for i, s in plan.items()], ev.span
    )
    what = buildings_words(game, plan)
    _place(game, plan, won, prices)
    game.transfer(actor, None, charge, f"built {what}", ev.span)


@dataclass(slots=True)
class _WonUsed:
    """The buildings a builder won at shortage auctions, and how many of them a build places:
    those are paid for already (shortage.py); with the houses and hotels the build asks for,
    counted once for the clause."""

    houses: list[WonBuilding]
    hotels: list[WonBuilding]
    use_houses: int
    use_hotels: int
    asked_houses: int
    asked_hotels: int

    @classmethod
    def of(cls, game: Game, actor: str, plan: dict[int, Step]) -> _WonUsed:
        asked_houses = asked_hotels = 0
        for step in plan.values():
            asked_houses += step.houses
            asked_hotels += step.hotels
        won = [w for w in won_buildings(game) if w.player == actor]
        if not won:  # nothing won at auction, as in most builds: no lists to make
            return cls([], [], 0, 0, asked_houses, asked_hotels)
        houses = [w for w in won if w.kind == "house"]
        hotels = [w for w in won if w.kind == "hotel"]
        use_houses = min(asked_houses, len(houses))
        use_hotels = min(asked_hotels, len(hotels))
        return cls(houses, hotels, use_houses, use_hotels, asked_houses, asked_hotels)


def _stock_holds(game: Game, ev: Build, actor: str, won: _WonUsed) -> bool:
    """Whether the bank has the houses and hotels the build takes from it (BLD-12); the
    shortage reported when not."""
    st = game.state
    houses, hotels = won.asked_houses, won.asked_hotels
    use_houses, use_hotels = won.use_houses, won.use_hotels
    house_rules.restock(game, houses - use_houses, hotels - use_hotels)  # unlimited-buildings
    if houses - use_houses > st.bank_houses:
        report_empty_stock(game, ev, houses - use_houses, st.bank_houses, "house")
        written_money(game, ev, actor)
        return False
    if hotels - use_hotels > st.bank_hotels:
        report_empty_stock(game, ev, hotels - use_hotels, st.bank_hotels, "hotel")
        written_money(game, ev, actor)
        return False
    return True


def _costs(
    game: Game, plan: dict[int, Step], won: _WonUsed
) -> tuple[int, dict[int, tuple[list[int], int | None]]]:
    """What the build costs, and what each site's buildings cost: buildings won at auction are
    paid for already, the first ones placed use them."""
    cost = 0
    free_houses, free_hotels = won.use_houses, won.use_hotels
    # the prices of the buildings won used, first won first (most builds use none: no lists)
    won_prices = [w.price for w in won.houses[: won.use_houses]] if free_houses else []
    won_hotel_prices = [w.price for w in won.hotels[: won.use_hotels]] if free_hotels else []
    prices: dict[int, tuple[list[int], int | None]] = {}  # what each site's buildings cost
    for index, step in plan.items():
        sq = game.square(index)
        paid_houses = max(0, step.houses - free_houses)
        free_houses -= step.houses - paid_houses
        paid_hotels = max(0, step.hotels - free_hotels)
        free_hotels -= step.hotels - paid_hotels
        cost += paid_houses * sq.house_cost + paid_hotels * sq.hotel_cost
        house_prices = won_prices[: step.houses - paid_houses]  # the first ones won
        del won_prices[: step.houses - paid_houses]
        hotel_price = None
        if step.hotels:
            hotel_price = won_hotel_prices.pop(0) if not paid_hotels else sq.hotel_cost
        prices[index] = (house_prices + [sq.house_cost] * paid_houses, hotel_price)
    return cost, prices


def _charge_paid(
    game: Game, ev: Build, actor: str, plan: dict[int, Step], cost: int, charge: int
) -> bool:
    """The money of a build checked: the builder's cash (BLD-10) and the amount written
    (BLD-02, BLD-06). False when the replay cannot follow the record's build."""
    cash = game.state.player(actor).cash
    if charge > cash:
        game.emit(
            "M610",
            f"{actor} cannot pay {game.money(charge)} for these buildings with "
            f"{game.money(cash)} in hand: buildings are bought for cash",
            ev.span,
            "BLD-10",
            expected=cash,
            recorded=charge,
        )
        if not follow.record_settles(game):
            return False  # a replay under another reading has its own cash: it cannot pay there
        # reported; the buildings were put up at the table: the replay follows, cash below 0
    if ev.amount is None or ev.amount == cost:
        return True  # agrees: `judge.judge` below would file nothing (no reading sets another)
    # hotels alone: the printed hotel price is the rule (BLD-06)
    hotels_only = all(s.hotels and not s.houses for s in plan.values())
    decision = build_decision(actor, cost, hotels_only)
    wrong = f"the buildings cost {game.money(cost)}, not {game.money(ev.amount)}: " + _price_note(
        game, plan
    )
    judge.judge(game, decision, ev.amount, ev.span, judge.Words("M609", wrong))
    return True


def _place(
    game: Game,
    plan: dict[int, Step],
    won: _WonUsed,
    prices: dict[int, tuple[list[int], int | None]],
) -> None:
    """Carry the build out: houses first, then hotels (each takes back the site's houses)."""
    st = game.state
    if won.use_houses or won.use_hotels:
        for w in won.houses[: won.use_houses] + won.hotels[: won.use_hotels]:
            won_buildings(game).remove(w)
    st.bank_houses -= won.asked_houses - won.use_houses
    st.bank_hotels -= won.asked_hotels - won.use_hotels
    for index, step in plan.items():
        paid_prices.placed(game, step.deed, *prices[index])
        step.deed.houses += step.houses
        if step.hotels:
            st.bank_houses += step.deed.houses
            step.deed.houses = 0
            step.deed.hotel = True


def _price_note(game: Game, plan: dict[int, Step]) -> str:
    parts = []
    for index, step in plan.items():
        sq = game.square(index)
        if step.houses:
            each = game.money(sq.house_cost)
            parts.append(f"{count_word(game, step.houses, 'house')} on {sq.name} at {each}")
        if step.hotels:
            parts.append(
                f"{game.edition.a_word('hotel')} on {sq.name} at {game.money(sq.hotel_cost)}"
            )
    return ", ".join(parts) + " as printed on the deeds"


# --------------------------------------------------------------------------- sell


def on_sell(game: Game, ev: Sell, actor: str) -> None:
    """`sell Item, Item [for N]`: buildings sold back to the bank at half price (SELL-01..06);
    `sell … to Player` is reported (SELL-01) and replayed as written (`sale_to_player`)."""
    plan = plan_of(game, ev, actor)
    if plan is None:
        return
    if ev.buyer is not None and not sale_to_player(game, ev, actor):
        return
    cut = False  # a site sold more houses than it holds: the sale is replayed as all it holds
    for index, step in plan.items():
        verdict = _site_sale(game, ev, actor, index, step)
        if verdict == "refused":
            written_money(game, ev, actor)
            return
        cut = cut or verdict == "cut"
    for group in groups_of(game, plan):
        if cut:  # reported once, as M611; the sale of all the site holds may leave it uneven
            followed(game, (d.square for d in group))
        elif not _sell_even(game, ev, plan, group):
            return
    if not _hotels_exchanged(game, ev, actor, plan):
        return
    _sold(game, ev, actor, plan, cut)


def _site_sale(game: Game, ev: Sell, actor: str, index: int, step: Step) -> str:
    """One site of a sale checked: "refused" (reported, the sale not replayed), "cut" (more
    houses than the site holds: reported, the sale replayed as all it holds) or "ok"."""
    sq = game.square(index)
    deed = step.deed
    most = game.edition.rules.houses_before_hotel
    have = most if step.hotels else deed.houses
    if refuses_hotel_houses(game, ev, index, step.hotels, step.houses, actor):
        return "refused"  # SHORT-04: a short-game hotel gives back only the houses it needs
    if deed.owner == actor and not deed.hotel and not step.hotels and step.houses > have:
        # the table took the site's houses back: the record goes on as if it had none left
        # (left standing, every later rent there was wrong too)
        game.emit(
            "M611",
            f"{actor} cannot sell these buildings: {sq.name} has "
            f"{count_word(game, have, 'house')} to sell, not {step.houses}; replayed as "
            + (
                f"the sale of the {count_word(game, have, 'house')} it holds"
                if have
                else f"a sale of nothing, {sq.name} left a bare {_word(game, 'site')}"
            )
            + money_words(game, ev.amount),
            ev.span,
            "SELL-04",
            expected=have,
            recorded=step.houses,
        )
        step.houses = have
        return "cut"
    problem = _sale_problem(game, actor, index, step)
    if problem is None:
        return "ok"
    game.emit(
        "M611",
        f"{actor} cannot sell these buildings: {problem}; "
        + not_replayed(
            f"they are not {actor}'s to sell"
            if deed.owner != actor
            else "the site does not hold them"
        )
        + money_words(game, ev.amount),
        ev.span,
        "SELL-04",
        expected=have if deed.owner == actor else owner_word(game, deed.owner),
        recorded=step.houses + step.hotels,
    )
    return "refused"


def _sale_problem(game: Game, actor: str, index: int, step: Step) -> str | None:
    """Why the site cannot give up what the sale takes from it (SELL-04), or None."""
    sq = game.square(index)
    deed = step.deed
    have = game.edition.rules.houses_before_hotel if step.hotels else deed.houses
    if deed.owner != actor:
        return f"{sq.name} belongs to {owner_word(game, deed.owner)}, not {actor}"
    if step.hotels and not deed.hotel:
        return f"{sq.name} has no {_word(game, 'hotel')} ({describe_level(game, deed)})"
    if step.hotels > 1:
        return f"{sq.name} has one {_word(game, 'hotel')} only"
    if deed.hotel and step.houses and not step.hotels:
        return (
            f"{sq.name} has {game.edition.a_word('hotel')}: it goes first, "
            f"before any of its {_word(game, 'houses')}"
        )
    if step.houses > have:
        return f"{sq.name} has {count_word(game, have, 'house')} to sell, not {step.houses}"
    return None


OUTRIGHT, SWAP, BLOCKED = "sell-outright", "partial-swap", "blocked"


def exchange_decision(game: Game) -> judge.Decision:
    """Whether a hotel sold outright stands where the bank has too few houses to exchange it
    for (SELL-04, BLD-14, CF-29): a `Choice`, True under sell-outright; reading partial-swap
    (the seller takes the houses the bank has and cash for the rest) and reading blocked (the
    sale waits) would not let it stand as written. Where the edition's text offers the outright
    sale and sell-outright is in force, the point is settled: no other reading is listed."""
    reading = game.ruling("CF-29")
    right = judge.Choice(reading == OUTRIGHT)
    if reading == OUTRIGHT and (
        game.edition.rules.hotel_outright_sale or game.text_settles("CF-29")
    ):
        return judge.Decision(right, "SELL-04")
    others = tuple(
        judge.Alternative("CF-29", other, judge.Choice(other == OUTRIGHT))
        for other in (OUTRIGHT, SWAP, BLOCKED)
        if other != reading and (other == OUTRIGHT) != (reading == OUTRIGHT)
    )
    return judge.Decision(right, "SELL-04", others)


_NOT_OUTRIGHT = {
    SWAP: "the seller takes the houses the bank has and is paid cash for the rest",
    BLOCKED: "the sale waits until the bank has the houses",
}


def _hotels_exchanged(game: Game, ev: Sell, actor: str, plan: dict[int, Step]) -> bool:
    """Whether the bank has the houses to give back for the hotels sold (BLD-14), and the
    outright sale of a hotel it cannot exchange judged (CF-29, `exchange_decision`): the point
    named (A29) with the reading the record follows, and the sale replayed as written. False
    when the sale cannot be carried out (reported)."""
    st = game.state
    most = game.edition.rules.houses_before_hotel
    hotels = sum(s.hotels for s in plan.values())
    houses = sum(s.houses for s in plan.values())
    taken = most * hotels - houses  # net houses the bank must hand over for step-downs
    house_rules.restock(game, most * hotels, 0)  # unlimited-buildings: no BLD-14 shortage
    if not hotels or most * hotels <= st.bank_houses:
        return True
    exchange = (
        f"the bank has {count_word(game, st.bank_houses, 'house')}, so "
        f"{game.edition.a_word('hotel')} cannot be exchanged for "
        f"{count_word(game, most, 'house')}"
    )
    if taken > st.bank_houses:  # houses the bank lacks: under no reading (BLD-14)
        game.emit(
            "M613",
            f"{exchange}: sell the group's buildings outright down to a level the bank's stock "
            "allows; "
            + not_replayed("the bank has no houses to put in its place")
            + money_words(game, ev.amount),
            ev.span,
            "BLD-14",
            expected=st.bank_houses,
            recorded=max(taken, 0),
        )
        written_money(game, ev, actor)
        return False
    verdict, _ = judge.judge(
        game, exchange_decision(game), True, ev.span, _exchange_words(game, ev, exchange, taken)
    )  # the record sold the hotel outright
    if verdict.kind == judge.BREAKS:  # a replay measuring the reading in force (follow.py)
        written_money(game, ev, actor)
        return False
    return True


def _exchange_words(game: Game, ev: Sell, exchange: str, taken: int) -> judge.Words:
    """What the finding of a hotel sold outright in a house shortage says (CF-29)."""
    st = game.state
    most = game.edition.rules.houses_before_hotel
    reading = game.ruling("CF-29")
    sold = f"{_word(game, 'hotel')} sold outright with {count_word(game, st.bank_houses, 'house')}"
    if game.edition.rules.hotel_outright_sale:
        point = (
            f"{sold} in the bank, as the rulebook lets a hotel be sold whole; under reading "
            f"{reading} {_NOT_OUTRIGHT.get(reading, 'the sale stands')}"
        )
    else:
        point = (
            f"{sold} in the bank: the rulebook only describes the exchange for {most} "
            f"{_word(game, 'houses')}, which the bank could not make; under the blocked "
            "reading the sale would wait"
        )

    def agree() -> None:
        if not game.edition.rules.hotel_outright_sale:
            game.ambiguous("CF-29", point, ev.span, "SELL-04", follows=OUTRIGHT)

    wrong = (
        f"{exchange}: under reading {reading} {_NOT_OUTRIGHT.get(reading, '')}; "
        + not_replayed("the bank has no houses to put in its place")
        + money_words(game, ev.amount)
    )
    return judge.Words(
        "M613", wrong, "BLD-14", lambda _: point, agree, shown=(st.bank_houses, max(taken, 0))
    )


def _sold(game: Game, ev: Sell, actor: str, plan: dict[int, Step], cut: bool) -> None:
    """The buildings of a sale the record holds taken off their sites, and the money paid: by
    the bank, or, sold to a player, by that player (what the record writes)."""
    st = game.state
    most = game.edition.rules.houses_before_hotel
    printed = 0
    for index, step in plan.items():
        sq = game.square(index)
        printed += step.hotels * half(sq.hotel_cost) + step.houses * half(sq.house_cost)
    sold = [paid_prices.Sold(s.deed, s.hotels, s.houses) for s in plan.values()]
    hotel_sites = [i for i, s in plan.items() if s.hotels]
    # sold to a player: reported as that (M620, SELL-01); the bank pays nothing, so no basis of
    # its refund (CF-30) is judged; cut: the amount was written for the houses the record
    # thought were there
    value = 0
    if ev.buyer is None:
        value = _sale_judged(game, ev, sold, printed, hotel_sites, not cut)
    what = buildings_words(game, plan)
    paid_prices.sold_off(game, sold, most)
    for step in plan.values():
        if step.hotels:
            step.deed.hotel = False
            step.deed.houses = most
            st.bank_hotels += 1
            st.bank_houses -= most
        step.deed.houses -= step.houses
        st.bank_houses += step.houses
    if ev.buyer is not None:  # the money the record writes passes between the players
        buyer = resolve_player(game, ev.buyer, ev.span)
        if ev.amount and buyer is not None:
            game.transfer(buyer, actor, ev.amount, f"bought {what} from {actor}", ev.span)
        return
    # the record's amount is what moved
    paid = ev.amount if ev.amount is not None else value
    game.transfer(None, actor, paid, f"sold {what} to the bank", ev.span)


def _sale_judged(
    game: Game,
    ev: Sell,
    sold: list[paid_prices.Sold],
    printed: int,
    hotel_sites: list[int],
    priced: bool,
) -> int:
    """The amount of a sale set against what each reading of CF-30 makes it, and its one
    finding filed: the point named (A30) with the reading the amount follows; M614 (M619 for a
    short-game hotel, SHORT-04) for a figure no reading gives, where the amount is the bank's
    price for these buildings (`priced`). Returns what the bank pays under the reading in force."""
    decision = paid_prices.sale_decision(
        game, sold, printed, game.edition.rules.houses_before_hotel
    )
    value = judge.amount(decision.right)
    verdict = judge.compare(game, decision, ev.amount)
    if verdict.kind == judge.BREAKS and (
        not priced or wrong_hotel_sale_value(game, ev, hotel_sites, value, ev.amount or 0)
    ):
        return value
    if verdict.kind == judge.AGREES and not decision.others:
        return value  # no point open and the amount agrees: the words would file nothing
    words = paid_prices.sale_words(game, ev, decision)
    judge.file(game, verdict, ev.amount, ev.span, decision.rule, words)
    return value


def _sell_even(game: Game, ev: Sell, plan: dict[int, Step], group: list[DeedState]) -> bool:
    """Take the group down highest site first (SELL-03, CF-27, CF-31)."""
    levels = {d.square: level(game, d) for d in group}
    need = {i: plan[i].houses + plan[i].hotels for i in levels if i in plan}
    house_rules.sell_unevenly(game, levels, need)  # uneven-building: SELL-03 not applied
    while any(need.values()):
        high = max(levels.values())
        ready = [i for i, n in need.items() if n and levels[i] == high]
        if not ready:
            stuck = next(i for i, n in need.items() if n)
            ahead = [game.name(i) for i, lv in levels.items() if lv == high]
            top = game.edition.a_word("hotel") if high == hotel_level(game) else None
            game.emit(
                "M612",
                f"{game.name(stuck)} cannot be sold down to "
                f"{_level_words(game, levels[stuck] - need[stuck])} "
                f"while {', '.join(ahead)} {'has' if len(ahead) == 1 else 'have'} "
                f"{top or count_word(game, high, 'house')}: sell evenly across the "
                f"{group_label(game, stuck)} group",
                ev.span,
                "SELL-03",
                expected=high - 1,
                recorded=levels[stuck] - 1,
            )
            followed(game, levels)
            return True  # reported once; the replay follows the record's sale
        for i in ready:
            levels[i] -= 1
            need[i] -= 1
    return True


def _level_words(game: Game, n: int) -> str:
    """A site's level after a sale: "2 houses", or "a bare site" when none is left."""
    return f"a bare {_word(game, 'site')}" if n <= 0 else count_word(game, n, "house")
