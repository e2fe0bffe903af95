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
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.events import Build, Sell, Span
from . import follow, house_rules, paid_prices
from .game import Game
from .holdings import (
    count_word,
    describe_level,
    group_label,
    group_of,
    half,
    hotel_level,
    level,
    owner_word,
    resolve_player,
    resolve_square,
)
from .invariants import followed
from .jail_rights import while_jailed
from .player_sales import sale_to_player
from .shortage import report_empty_stock, won_buildings
from .skipped import money_words, not_replayed
from .state import DeedState
from .variants import (
    fourth_house_recorded,
    house_cap_terms,
    most_houses,
    note_fourth_houses,
    refuses_hotel_houses,
    wrong_hotel_sale_value,
)


def _word(game: Game, key: str) -> str:
    return game.edition.word(key)


# --------------------------------------------------------------------------- plans


@dataclass(slots=True)
class _Step:
    """Buildings asked for on one site in one clause."""

    deed: DeedState
    houses: int = 0
    hotels: int = 0
    early: bool = False  # a hotel before the site's houses, reported (M606) and followed


def _buildings_words(game: Game, plan: dict[int, _Step]) -> str:
    """ "2 houses on Park Place, a hotel on Boardwalk", in the edition's words (for the ledger)."""
    parts = []
    for index, step in plan.items():
        name = game.name(index)
        if step.houses:
            word = game.edition.word("house" if step.houses == 1 else "houses")
            parts.append(f"{step.houses} {word} on {name}")
        if step.hotels:
            parts.append(f"{game.edition.a_word('hotel')} on {name}")
    return game.listing(parts)


def _plan(game: Game, ev: Build | Sell, actor: str) -> dict[int, _Step] | None:
    plan: dict[int, _Step] = {}
    for item in ev.items:
        sq = resolve_square(game, item.square, ev.span)
        if sq is None:
            return None
        if not item.hotel and item.houses < 1:  # `x0`, or below zero in a stream
            _no_houses(game, ev, actor, item.houses, sq.name, item.span)
            return None
        deed = game.state.deeds.get(sq.index)
        step = plan.get(sq.index)
        if step is None:
            if deed is None:  # not ownable: reported by the callers through the square's kind
                deed = DeedState(sq.index)
            step = plan[sq.index] = _Step(deed)
        if item.hotel:
            step.hotels += 1
        else:
            step.houses += item.houses
    return plan


def _no_houses(
    game: Game, ev: Build | Sell, actor: str, houses: int, name: str, span: Span
) -> None:
    """M621: a count of no houses, or fewer (a stream can write one below zero): the line is
    not replayed, and an amount it writes still moves."""
    build = isinstance(ev, Build)
    game.emit(
        "M621",
        f"{houses} houses on {name}: houses are {'built' if build else 'sold'} one or more "
        "at a time; "
        + not_replayed("there is nothing to " + ("build" if build else "sell"))
        + money_words(game, ev.amount),
        span if span.line else ev.span,
        "BLD-03" if build else "SELL-03",
        expected=1,
        recorded=houses,
    )
    _written_money(game, ev, actor)


def _groups(game: Game, plan: dict[int, _Step]) -> list[list[DeedState]]:
    seen: set[int] = set()
    out: list[list[DeedState]] = []
    for index in plan:
        group = group_of(game, index)
        key = group[0].square
        if key not in seen:
            seen.add(key)
            out.append(group)
    return out


# --------------------------------------------------------------------------- build


def on_build(game: Game, ev: Build, actor: str) -> None:
    """`build Item, Item [for N]`: houses and hotels bought from the bank (BLD-01..16)."""
    plan = _plan(game, ev, actor)
    if plan is None:
        return
    while_jailed(game, actor, "builds", ev.span)
    if not _build_allowed(game, ev, actor, plan):
        _written_money(game, ev, actor)
        return
    for group in _groups(game, plan):
        if not _build_even(game, ev, plan, group):
            return

    won = [w for w in won_buildings(game) if w.player == actor]
    won_houses = [w for w in won if w.kind == "house"]
    won_hotels = [w for w in won if w.kind == "hotel"]
    houses = sum(s.houses for s in plan.values())
    hotels = sum(s.hotels for s in plan.values())
    st = game.state
    use_houses = min(houses, len(won_houses))
    use_hotels = min(hotels, len(won_hotels))
    house_rules.restock(game, houses - use_houses, hotels - use_hotels)  # unlimited-buildings
    if houses - use_houses > st.bank_houses:
        report_empty_stock(game, ev, houses - use_houses, st.bank_houses, "house")
        _written_money(game, ev, actor)
        return
    if hotels - use_hotels > st.bank_hotels:
        report_empty_stock(game, ev, hotels - use_hotels, st.bank_hotels, "hotel")
        _written_money(game, ev, actor)
        return

    # the cost: buildings won at auction are paid for already, the first ones placed use them
    cost = 0
    free_houses, free_hotels = use_houses, use_hotels
    won_prices = [w.price for w in won_houses[:use_houses]]
    won_hotel_prices = [w.price for w in won_hotels[:use_hotels]]
    prices: dict[int, tuple[list[int], int | None]] = {}  # what each site's buildings cost
    for index, step in plan.items():
        sq = game.square(index)
        paid_houses = max(0, step.houses - free_houses)
        free_houses -= step.houses - paid_houses
        paid_hotels = max(0, step.hotels - free_hotels)
        free_hotels -= step.hotels - paid_hotels
        cost += paid_houses * sq.house_cost + paid_hotels * sq.hotel_cost
        house_prices = [won_prices.pop(0) for _ in range(step.houses - paid_houses)]
        hotel_price = None
        if step.hotels:
            hotel_price = won_hotel_prices.pop(0) if not paid_hotels else sq.hotel_cost
        prices[index] = (house_prices + [sq.house_cost] * paid_houses, hotel_price)
    charge = cost if ev.amount is None else ev.amount  # the record's amount is what moved
    cash = st.player(actor).cash
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
            return  # a replay under another reading has its own cash: it cannot pay there
        # reported; the buildings were put up at the table: the replay follows, cash below 0
    if ev.amount is not None and ev.amount != cost:
        # hotels alone: the printed hotel price is the rule (BLD-06)
        hotels_only = all(s.hotels and not s.houses for s in plan.values())
        game.emit(
            "M609",
            f"the buildings cost {game.money(cost)}, not {game.money(ev.amount)}: "
            + _price_note(game, plan),
            ev.span,
            "BLD-06" if hotels_only else "BLD-02",
            expected=cost,
            recorded=ev.amount,
        )

    note_fourth_houses(
        game, [(i, s.deed.houses, s.houses, s.hotels) for i, s in plan.items()], ev.span
    )
    # carry it out: houses first, then hotels (each takes back the site's houses)
    for w in won_houses[:use_houses] + won_hotels[:use_hotels]:
        won_buildings(game).remove(w)
    st.bank_houses -= houses - use_houses
    st.bank_hotels -= hotels - use_hotels
    what = _buildings_words(game, plan)
    for index, step in plan.items():
        paid_prices.placed(game, step.deed, *prices[index])
        step.deed.houses += step.houses
        if step.hotels:
            st.bank_houses += step.deed.houses
            step.deed.houses = 0
            step.deed.hotel = True
    game.transfer(actor, None, charge, f"built {what}", ev.span)


def _written_money(game: Game, ev: Build | Sell, actor: str) -> None:
    """A build or sale not replayed (its finding says so): the amount it writes still moves."""
    if ev.amount is None:
        return
    if isinstance(ev, Build):
        game.transfer(actor, None, ev.amount, "paid for buildings not placed", ev.span)
    elif ev.buyer is not None:
        buyer = resolve_player(game, ev.buyer, ev.span)
        if buyer is not None:
            game.transfer(buyer, actor, ev.amount, "paid for buildings not handed over", ev.span)
    else:
        game.transfer(None, actor, ev.amount, "paid for buildings not taken back", ev.span)


def _price_note(game: Game, plan: dict[int, _Step]) -> str:
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


def _build_allowed(game: Game, ev: Build, actor: str, plan: dict[int, _Step]) -> bool:
    most = game.edition.rules.houses_before_hotel
    told: set[int] = set()  # the groups whose mortgage this clause was reported for (M603)
    for index, step in plan.items():
        sq = game.square(index)
        deed = step.deed
        if sq.kind != "site":
            game.emit(
                "M601",
                f"{sq.name} cannot take {_word(game, 'houses')} or {_word(game, 'hotels')}: "
                f"only {_word(game, 'sites')} of a colour group are built on; "
                + not_replayed("the square has no place for them")
                + money_words(game, ev.amount),
                ev.span,
                "BLD-15",
                expected=None,
                recorded=sq.name,
            )
            return False
        group = group_of(game, index)
        others = sorted({d.owner for d in group if d.owner != actor}, key=lambda o: o or "")
        if others:
            held = [game.name(d.square) for d in group if d.owner != actor]
            tail = (
                "; "
                + not_replayed(f"{sq.name} is not {actor}'s to build on")
                + money_words(game, ev.amount)
                if deed.owner != actor
                else ""
            )
            game.emit(
                "M602",
                f"{actor} cannot build on {sq.name}: {', '.join(held)} "
                f"{'is' if len(held) == 1 else 'are'} held by "
                f"{' and '.join(owner_word(game, o) for o in others)}, and only the owner of "
                f"the whole {group_label(game, index)} group may build{tail}",
                ev.span,
                "BLD-01",
                expected=actor,
                recorded=[owner_word(game, o) for o in others],
            )
            if deed.owner != actor:  # not the builder's own site: nothing to adopt
                return False
            if not _one_hotel(game, ev, index, step):  # a second hotel: never followed
                return False
            followed(game, (d.square for d in group))
            continue  # the record built there: the replay follows it (the group is reported)
        mortgaged = [game.name(d.square) for d in group if d.mortgaged]
        allowed = game.ruling("CF-50") == "allowed" and not deed.mortgaged
        if mortgaged and allowed:
            game.ambiguous(
                "CF-50",
                f"{sq.name} built on while {game.listing(mortgaged)} "
                f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged: reading allowed lets it "
                "stand; reading forbidden, the rule of most rulebooks, would refuse the build",
                ev.span,
                "BLD-08",
                follows="allowed",
            )
        elif mortgaged and group[0].square not in told:
            # one finding for the clause's sites in the group: one build, one mistake
            told.add(group[0].square)
            sites = [game.name(i) for i in plan if group_of(game, i)[0].square == group[0].square]
            game.emit(
                "M603",
                f"nothing may be built on {game.listing(sites)} while {', '.join(mortgaged)} "
                f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged: lift every mortgage "
                f"in the {group_label(game, index)} group first",
                ev.span,
                "BLD-08",
                expected=[],
                recorded=mortgaged,
            )
            if not deed.mortgaged and _cf50_open(game):
                # the matrix: a violation in every mode, and flagged AMBIGUOUS where the text
                # is silent (CF-50); the record, by building, plays reading allowed
                game.ambiguous(
                    "CF-50",
                    f"{game.listing(sites)} built on while {game.listing(mortgaged)} "
                    f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged: reading "
                    f"{game.ruling('CF-50')}, the rule of the other rulebooks, refuses the "
                    "build; reading allowed lets it stand",
                    ev.span,
                    "BLD-08",
                    follows="allowed",
                )
        if mortgaged and not allowed:
            # a building on the mortgaged site itself is followed too: the record put it there
            # (an engine that let a mortgaged site be built on, ufosc/TERMINALMONOPOLY#61); its
            # rent, if the table collects one, is the mortgaged deed's finding (M302)
            if not _one_hotel(game, ev, index, step):  # a second hotel: never followed
                return False
            followed(game, (d.square for d in group))
            continue  # the record built there: the replay follows it (the mortgage is reported)
        if not _one_hotel(game, ev, index, step):
            return False
        cap = most_houses(game, index)  # SHORT-03, CF-45: a 4th house in a short game
        many = deed.houses + step.houses
        if many > cap and fourth_house_recorded(game, index, many, ev.span):
            # the record plays the other reading of CF-45: replayed as recorded, and the cap
            # in force is not checked on the group from now on
            followed(game, (d.square for d in group))
            continue
        if many > cap:
            note, rule = house_cap_terms(game, index)
            game.emit(
                "M604",
                f"{sq.name} would have {many} {_word(game, 'houses')}: "
                f"a site takes {cap} at most, then {game.edition.a_word('hotel')}{note}; "
                + not_replayed(f"no rent is printed for {many} {_word(game, 'houses')}")
                + money_words(game, ev.amount),
                ev.span,
                rule,
                expected=cap,
                recorded=many,
            )
            return False
        if step.hotels and deed.houses + step.houses < most:
            game.emit(
                "M606",
                f"{game.edition.a_word('hotel')} on {sq.name} needs {most} {_word(game, 'houses')} "
                f"there first; it would have {deed.houses + step.houses}",
                ev.span,
                "BLD-05",
                expected=most,
                recorded=deed.houses + step.houses,
            )
            # the record put the hotel up: the replay follows it (the site's houses go back)
            followed(game, (d.square for d in group))
            step.early = True
            continue
    return True


def _one_hotel(game: Game, ev: Build, index: int, step: _Step) -> bool:
    """Whether the site can take what the build puts on it: one hotel and nothing beside it
    (BLD-07). Checked even where the replay follows a build the group's ownership or a mortgage
    forbids: a second hotel on a site is never carried out, the bank's hotel would be lost."""
    sq = game.square(index)
    deed = step.deed
    if deed.hotel or step.hotels > 1:
        game.emit(
            "M605",
            f"{sq.name} already has {describe_level(game, deed)}: a site takes one "
            f"{_word(game, 'hotel')} and nothing beside it; "
            + not_replayed("the site has no place for more")
            + money_words(game, ev.amount),
            ev.span,
            "BLD-07",
            expected=0,
            recorded=step.houses + step.hotels,
        )
        return False
    return True


def _build_even(game: Game, ev: Build, plan: dict[int, _Step], group: list[DeedState]) -> bool:
    """Place the group's houses lowest site first (BLD-03), then its hotels (CF-26)."""
    levels = {d.square: level(game, d) for d in group}
    need = {i: plan[i].houses for i in levels if i in plan}
    house_rules.build_unevenly(game, levels, need)  # uneven-building: BLD-03 not applied
    while any(need.values()):
        low = min(levels.values())
        ready = [i for i, n in need.items() if n and levels[i] == low]
        if not ready:
            stuck = next(i for i, n in need.items() if n)
            behind = [game.name(i) for i, lv in levels.items() if lv == low]
            game.emit(
                "M607",
                f"{game.name(stuck)} cannot have house {levels[stuck] + 1} while "
                f"{', '.join(behind)} {'has' if len(behind) == 1 else 'have'} "
                f"{_held_words(game, low)}: build evenly across the "
                f"{group_label(game, stuck)} group",
                ev.span,
                "BLD-03",
                expected=low + 1,
                recorded=levels[stuck] + 1,
            )
            followed(game, levels)
            return True  # reported once; the replay follows the record's build
        for i in ready:
            levels[i] += 1
            need[i] -= 1
    most = game.edition.rules.houses_before_hotel
    for i in (i for i in levels if i in plan and plan[i].hotels):
        short = [game.name(j) for j, lv in levels.items() if j != i and lv < most]
        if short and not plan[i].early:  # an early hotel is reported once, as M606
            reading = game.ruling("CF-26")
            hotel = _word(game, "hotel")
            where = (
                f"{hotel} on {game.name(i)} while {', '.join(short)} "
                f"{'has' if len(short) == 1 else 'have'} fewer than {most} "
                f"{_word(game, 'houses')}"
            )
            if reading == "site-four-houses":
                message = (
                    f"{where}: allowed, as only the site itself needs {most} (reading "
                    f"{reading}); reading group-four-houses would make the {hotel} wait"
                )
            elif "CF-26" not in game.edition.settled and not house_rules.uneven_allowed(game):
                # even building with the hotel as the fifth level (CF-27): under the default
                # reading this is uneven building, a violation like any other (BLD-03, BLD-05)
                game.emit(
                    "M607",
                    f"{where}: build evenly, the {hotel} being the level above {most} "
                    f"{_word(game, 'houses')} (reading {reading} of CF-26; reading "
                    "site-four-houses would allow it)",
                    ev.span,
                    "BLD-05",
                    expected=most,
                    recorded=min(levels[j] for j in levels if j != i),
                    data={"cf": "CF-26", "reading": reading},
                )
                levels[i] = hotel_level(game)
                continue
            else:
                message = (
                    f"{where}: every site of the group needs {most} first (reading {reading}), "
                    f"so the {hotel} must wait; the record builds it as reading "
                    "site-four-houses allows"
                )
            # the record's build is replayed as made: it follows site-four-houses (BLD-05)
            game.ambiguous("CF-26", message, ev.span, "BLD-05", follows="site-four-houses")
        levels[i] = hotel_level(game)
    return True


# --------------------------------------------------------------------------- sell


def on_sell(game: Game, ev: Sell, actor: str) -> None:
    """`sell Item, Item [for N]`: buildings sold back to the bank at half price (SELL-01..06);
    `sell … to Player` is reported (SELL-01) and replayed as written (`sale_to_player`)."""
    plan = _plan(game, ev, actor)
    if plan is None:
        return
    if ev.buyer is not None and not sale_to_player(game, ev, actor):
        return
    most = game.edition.rules.houses_before_hotel
    cut = False  # a site sold more houses than it holds: the sale is replayed as all it holds
    for index, step in plan.items():
        sq = game.square(index)
        deed = step.deed
        have = most if step.hotels else deed.houses
        if refuses_hotel_houses(game, ev, index, step.hotels, step.houses, actor):
            _written_money(game, ev, actor)
            return  # SHORT-04: a short-game hotel gives back only the houses it needs
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
            cut = True
            continue
        problem = None
        if deed.owner != actor:
            problem = f"{sq.name} belongs to {owner_word(game, deed.owner)}, not {actor}"
        elif step.hotels and not deed.hotel:
            problem = f"{sq.name} has no {_word(game, 'hotel')} ({describe_level(game, deed)})"
        elif step.hotels > 1:
            problem = f"{sq.name} has one {_word(game, 'hotel')} only"
        elif deed.hotel and step.houses and not step.hotels:
            problem = (
                f"{sq.name} has {game.edition.a_word('hotel')}: it goes first, "
                f"before any of its {_word(game, 'houses')}"
            )
        elif step.houses > have:
            problem = f"{sq.name} has {count_word(game, have, 'house')} to sell, not {step.houses}"
        if problem is not None:
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
            _written_money(game, ev, actor)
            return
    for group in _groups(game, plan):
        if cut:  # reported once, as M611; the sale of all the site holds may leave it uneven
            followed(game, (d.square for d in group))
        elif not _sell_even(game, ev, plan, group):
            return

    st = game.state
    hotels = sum(s.hotels for s in plan.values())
    houses = sum(s.houses for s in plan.values())
    taken = most * hotels - houses  # net houses the bank must hand over for step-downs
    house_rules.restock(game, most * hotels, 0)  # unlimited-buildings: no BLD-14 shortage
    if hotels and most * hotels > st.bank_houses:
        # the bank cannot exchange every hotel for houses (BLD-14, CF-29)
        if taken > st.bank_houses or game.ruling("CF-29") == "blocked":
            game.emit(
                "M613",
                f"the bank has {count_word(game, st.bank_houses, 'house')}, so "
                f"{game.edition.a_word('hotel')} cannot be exchanged for "
                f"{count_word(game, most, 'house')}: sell the group's "
                f"buildings outright down to a level the bank's stock allows; "
                + not_replayed("the bank has no houses to put in its place")
                + money_words(game, ev.amount),
                ev.span,
                "BLD-14",
                expected=st.bank_houses,
                recorded=max(taken, 0),
            )
            _written_money(game, ev, actor)
            return
        # an edition whose text offers the outright sale itself settles CF-29 (SELL-04)
        if not game.edition.rules.hotel_outright_sale:
            game.ambiguous(
                "CF-29",
                f"{_word(game, 'hotel')} sold outright with "
                f"{count_word(game, st.bank_houses, 'house')} in the bank: the rulebook only "
                f"describes the exchange for {most} {_word(game, 'houses')}, which the bank "
                f"could not make; under the blocked reading the sale would wait",
                ev.span,
                "SELL-04",
                follows="sell-outright",  # the record sells the hotel outright
            )

    _sold(game, ev, actor, plan, cut)


def _sold(game: Game, ev: Sell, actor: str, plan: dict[int, _Step], cut: bool) -> None:
    """The buildings of a sale the record holds taken off their sites, and the money paid: by
    the bank, or, sold to a player, by that player (what the record writes)."""
    st = game.state
    most = game.edition.rules.houses_before_hotel
    printed = 0
    for index, step in plan.items():
        sq = game.square(index)
        printed += step.hotels * half(sq.hotel_cost) + step.houses * half(sq.house_cost)
    sold = [paid_prices.Sold(s.deed, s.hotels, s.houses) for s in plan.values()]
    value = paid_prices.sale_value(game, ev, sold, printed, most)  # CF-30
    hotel_sites = [i for i, s in plan.items() if s.hotels]
    if (
        value is not None
        and ev.amount is not None
        and ev.buyer is None  # sold to a player: reported as that (SELL-01), not the price
        and not cut  # the amount was written for the houses the record thought were there
        and ev.amount != value
        and not wrong_hotel_sale_value(game, ev, hotel_sites, value, ev.amount)  # SHORT-04
    ):
        game.emit(
            "M614",
            f"the bank pays {game.money(value)} for these buildings, not "
            f"{game.money(ev.amount)}: {paid_prices.basis_words(game)}",
            ev.span,
            "SELL-02",
            expected=value,
            recorded=ev.amount,
        )
    what = _buildings_words(game, plan)
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
    paid = ev.amount if ev.amount is not None else value if value is not None else printed
    game.transfer(None, actor, paid, f"sold {what} to the bank", ev.span)


def _sell_even(game: Game, ev: Sell, plan: dict[int, _Step], group: list[DeedState]) -> bool:
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


def _held_words(game: Game, n: int) -> str:
    """What a site holds: "2 houses", or "no houses"."""
    return "no " + _word(game, "houses") if n == 0 else count_word(game, n, "house")


def _level_words(game: Game, n: int) -> str:
    """A site's level after a sale: "2 houses", or "a bare site" when none is left."""
    return f"a bare {_word(game, 'site')}" if n <= 0 else count_word(game, n, "house")


def _cf50_open(game: Game) -> bool:
    """Whether CF-50 is open here: the edition's text does not settle it, or a ruling chose a
    reading other than the one it settles."""
    reading = game.ruling("CF-50")
    return "CF-50" not in game.edition.settled or reading != game.edition.readings.get("CF-50")
