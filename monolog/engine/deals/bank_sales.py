"""What the bank neither buys nor auctions: a deal with the bank, a jail card put up for auction.

The bank buys buildings back (SELL-01) and lends on mortgage (MORT-09); it buys no deed and no
Get Out of Jail Free card, and sells a deed only to its lander or at auction (DEAL-01, CARD-04,
CF-55, BUY-09, CF-57). A jail card given up in a bankruptcy to the bank goes back under its deck
and is not auctioned (BKR-09). The record is what happened at the table: each such line is
reported once, at the line, and then replayed as written, so later counts are judged from it.
"""

from __future__ import annotations

from ...notation.events import Auction, Deal, DealItem, DealSide, Span
from ..building import holdings
from ..building.holdings import owner_word, resolve_card, resolve_player, resolve_square
from ..cards.decks import hold_out, holder_of, return_card
from ..core import invariants, judge
from ..core.game import Game
from ..core.skipped import money_words, not_replayed
from ..core.state import DeedState
from .deed_sales import decide_sale, foreclosure_words, points_named
from .promises import report_promise

__all__ = ["on_bank_deal", "on_card_auction"]

_JAIL_CARD = "get_out_of_jail_free"
# the disputed point each rule's case rests on, for the finding's data
_CF = {"CARD-04": {"cf": "CF-55"}, "BUY-09": {"cf": "CF-57"}}
# the rule each disputed sale rests on
_RULE = {"CF-63": "DEAL-01", "CF-73": "CARD-04"}
_MORTGAGE_VALUE = "at-mortgage-value"  # CF-63: the reading that lets the bank buy a bare deed


def on_bank_deal(game: Game, ev: Deal) -> None:
    """`deal Ann: goojf CH09 | bank: 50`: the bank named as a party (the side whose player is
    None). Reported once (M716 with the rule the sale breaks, M717 for a mortgaged deed) and
    carried out as written."""
    player_side, bank_side = (
        (ev.first, ev.second)
        if ev.second.player is None
        else (
            ev.second,
            ev.first,
        )
    )
    player = _dealing_player(game, ev, player_side)
    if player is None:
        return
    sold = _things(game, player, player_side, ev.span)
    bought = _things(game, None, bank_side, ev.span)
    left_out = len(sold) < len(player_side.gives) or len(bought) < len(bank_side.gives)
    if left_out and not (sold and bought):
        # a side whose items were all left out (reported): what the other side gave still
        # moves as written, and is not reported again as given for nothing
        _carry_out(game, player, sold, bought, ev.span)
        return
    what = _describe(game, sold) or "nothing"
    got = _describe(game, bought) or "nothing"
    where = bank_side.span if bank_side.span.line else ev.span
    given = [game.state.deeds[int(v)] for kind, v in sold if kind == "square"]
    received = sum(int(v) for k, v in bought if k == "cash")
    verdict: judge.Verdict | None = None
    if given and len(given) == len(sold) and all(k == "cash" for k, _ in bought):
        # deeds alone for cash or nothing: judged as `sell deed` is (deed_sales.decide_sale)
        decision = decide_sale(game, given)
        verdict = judge.compare_arising(game, decision, received)
        if verdict.kind != judge.BREAKS:
            _deeds_taken_back(game, player, given, what, got, where)
            _carry_out(game, player, sold, bought, ev.span)
            return
    point = _disputed_point(game, sold, bought)
    if not _cf73_followed(game, point, player, what, got, received, where):
        _sale_broken(game, point, player, (sold, bought), (what, got), verdict, where)
    _carry_out(game, player, sold, bought, ev.span)


def _dealing_player(game: Game, ev: Deal, player_side: DealSide) -> str | None:
    """The player dealing with the bank, or None (reported: the bank on both sides, an unknown
    player, or a player out of the game; nothing is replayed)."""
    if player_side.player is None:
        game.emit(
            "M713",
            "a deal is made between two players still in the game; the bank is named on both "
            "sides: nothing changes hands",
            ev.span,
            "DEAL-01",
        )
        return None
    player = resolve_player(game, player_side.player, ev.span)
    if player is None:
        return None
    if not game.state.player(player).active:
        game.emit(
            "M713",
            f"a deal is made between two players still in the game; {player} is out; "
            + not_replayed("a player who has left holds nothing and takes no more part"),
            ev.span,
            "DEAL-01",
            recorded=player,
        )
        return None
    return player


def _cf73_followed(
    game: Game,
    point: tuple[str, str, int, str] | None,
    player: str,
    what: str,
    got: str,
    received: int,
    where: Span,
) -> bool:
    """The price a CF-73 reading lets the bank buy at: that reading's play, named (a departure
    where the reading in force lets the bank buy none; M716 where the text settles it). True
    when the sale is named so."""
    if point is None or point[0] != "CF-73":
        return False
    cf, reading, price, which = point
    in_force = game.ruling(cf)
    if received != price or (in_force != reading and game.text_settles(cf)):
        return False
    other = game.edition.readings.get(cf) if in_force == reading else in_force
    game.ambiguous(
        cf,
        f"{player} sells {what} to the bank for {got}, {which} (reading {reading}); "
        f"under reading {other} the bank buys none",
        where,
        _RULE[cf],
        follows=reading,
    )
    return True


def _sale_broken(
    game: Game,
    point: tuple[str, str, int, str] | None,
    player: str,
    things: tuple[list[_Thing], list[_Thing]],
    words: tuple[str, str],
    verdict: judge.Verdict | None,
    where: Span,
) -> None:
    """A sale to the bank no reading gives: M716 with the rule it breaks, M717 for a mortgaged
    deed (through the judge where deeds alone were sold for cash)."""
    sold, bought = things
    what, got = words
    received = sum(int(v) for k, v in bought if k == "cash")
    rule, why = _broken_rule(game, sold, bought)
    if point is not None:
        cf, reading, price, which = point
        in_force = game.ruling(cf)
        if in_force == reading:
            why = (
                f"the bank pays {which}, {game.money(price)}, not {game.money(received)} "
                f"({cf}, reading {reading})"
            )
        else:
            why += f" ({cf}, reading {in_force})"
    code = "M717" if rule == "SELL-06" else "M716"
    message = f"{player} hands {what} to the bank for {got}: {why}; replayed as the table did it"
    data = {"cf": point[0]} if point is not None else _CF.get(rule, {})
    if verdict is not None:  # deeds alone, a price no reading gives
        words_ = judge.Words(code, message, rule, shown=(None, what), data=data)
        judge.file(game, verdict, received, where, rule, words_)
    else:
        game.emit(code, message, where, rule, expected=None, recorded=what, data=data)


def _deeds_taken_back(
    game: Game, player: str, deeds: list[DeedState], what: str, got: str, span: Span
) -> None:
    """Deeds the bank takes back at the price a reading gives, each point named as a `sell
    deed` names it (deed_sales.points_named): the bare deeds at their mortgage value (CF-63),
    the mortgaged ones for nothing (CF-83)."""
    mortgaged = any(d.mortgaged for d in deeds)

    def says(cf: str, part: list[DeedState]) -> str:
        if cf == "CF-83":
            return foreclosure_words(
                game, player, game.listing([game.name(d.square) for d in part])
            )
        reading = game.ruling("CF-63")
        other = game.edition.readings.get("CF-63") if reading == _MORTGAGE_VALUE else reading
        sold, price = what, got
        if mortgaged:  # name the bare deeds and their price alone
            sold = ", ".join(game.name(d.square) for d in part)
            price = game.money(sum(game.square(d.square).mortgage_value for d in part))
        return (
            f"{player} sells {sold} to the bank for {price}, the mortgage value (reading "
            f"{_MORTGAGE_VALUE}); under reading {other} the bank buys none"
        )

    points_named(game, deeds, span, says)


def _disputed_point(
    game: Game, sold: list[_Thing], bought: list[_Thing]
) -> tuple[str, str, int, str] | None:
    """The disputed point a plain sale to the bank raises, with the reading that allows it, the
    price it sets and that price in words: jail cards (CF-73), bare unmortgaged deeds (CF-63)."""
    if any(kind != "cash" for kind, _ in bought) or any(kind == "cash" for kind, _ in sold):
        return None
    kinds = {kind for kind, _ in sold}
    if kinds == {"card"}:
        fine = game.edition.rules.jail_fine
        return ("CF-73", "bank-buys-at-fifty", fine * len(sold), "the jail fine for each card")
    if kinds == {"square"}:
        deeds = [game.state.deeds[int(v)] for _, v in sold]
        if any(d.mortgaged or holdings.group_built(game, d.square) for d in deeds):
            return None  # a mortgaged deed is never bought back (SELL-06), nor a built one
        value = sum(game.square(d.square).mortgage_value for d in deeds)
        return ("CF-63", "at-mortgage-value", value, "the mortgage value")
    return None


def on_card_auction(game: Game, ev: Auction) -> None:
    """`auction goojf CH09 bids … sold Ben 10`: a jail card put up for auction (M416, BKR-09).

    The winner pays the bank the price and takes the card out of its deck, as the table did."""
    card_id = _auctioned_card(game, ev)
    if card_id is None:
        if ev.winner is not None and ev.price is not None:  # the price still moves (skipped.py)
            winner = resolve_player(game, ev.winner, ev.span)
            if winner is not None:
                game.transfer(winner, None, ev.price, "paid for a card not sold", ev.span)
        return
    word = game.edition.word("goojf")
    reading = game.ruling("CF-75")
    # the edition's own text puts a bankrupt's jail cards back under their decks (M416)
    words = judge.Words(
        "M416",
        f"{card_id} ({word}) is not auctioned: a card given up to the bank goes back under "
        f"its deck, and a player sells one only to another player"
        + ("; replayed as the table did it" if ev.winner is not None else ""),
        data={"cf": "CF-55"},
        shown=(None, card_id),
        other=lambda alt: (
            f"{card_id} ({word}) is auctioned, but a bankrupt's jail card goes back under its "
            f"deck (reading {reading}); reading {alt.reading} sells it with the deeds, as here"
        ),
        agree=lambda: _name_auctioned(
            game,
            f"{card_id} ({word}) is auctioned with the bank's other lots, as a bankrupt's "
            f"property (reading {reading}); reading back-to-deck puts it back under its deck",
            ev.span,
        ),
    )
    decision = card_auction_decision(game)
    # the record auctioning the card is the figure True, followed whatever the verdict
    verdict = judge.compare_arising(game, decision, True)
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    if ev.winner is None or ev.price is None:
        return
    winner = resolve_player(game, ev.winner, ev.span)
    if winner is None:
        return
    game.transfer(winner, None, ev.price, f"{card_id} bought at auction", ev.span)
    hold_out(game, card_id)
    game.state.player(winner).cards.append(card_id)


def card_auction_decision(game: Game) -> judge.Decision:
    """CF-75: whether the bank auctions a bankrupt's jail card (True under auctioned; False under
    back-to-deck, the card going back under its deck). Where the edition's text settles the
    point no other reading is listed (M416 then). The record's auction is the figure `True`."""
    reading = game.ruling("CF-75")
    settled = game.text_settles("CF-75")
    if reading == "auctioned":
        other = judge.Alternative("CF-75", "back-to-deck", judge.Choice(False))
        return judge.Decision(judge.Choice(True), "BKR-09", () if settled else (other,))
    other = judge.Alternative("CF-75", "auctioned", judge.Choice(True))
    return judge.Decision(judge.Choice(False), "BKR-09", () if settled else (other,))


def _name_auctioned(game: Game, message: str, span: Span) -> None:
    """The A75 of a card auction under auctioned, in force: the record agrees."""
    game.ambiguous("CF-75", message, span, "BKR-09", follows="auctioned")


def _auctioned_card(game: Game, ev: Auction) -> str | None:
    """The card the lot names, else the first jail card no player holds (None: M416 filed)."""
    if ev.lot is not None:
        card_id = resolve_card(game, ev.lot, ev.span)
        if card_id is None:
            return None
        if game.edition.card(card_id).kind != _JAIL_CARD:
            game.emit(
                "M416",
                f"{card_id} is not a {game.edition.word('goojf')} card, and no card is ever "
                "auctioned: cards are drawn from their decks; "
                + not_replayed("the card stays where it is")
                + money_words(game, ev.price),
                ev.lot.span if ev.lot.span.line else ev.span,
                "CARD-01",
                recorded=card_id,
            )
            return None
        holder = holder_of(game, card_id)
        if holder is not None:
            game.emit(
                "M416",
                f"{card_id} is {holder}'s, not the bank's to auction: {holder} keeps it until "
                "it is used or sold to another player; "
                + not_replayed(f"the card stays with {holder}")
                + money_words(game, ev.price),
                ev.span,
                "CARD-04",
                recorded=card_id,
            )
            return None
        return card_id
    free = _free_jail_cards(game)
    if free:
        return free[0]
    game.emit(
        "M416",
        f"no {game.edition.word('goojf')} card is left to auction: every one is held by a "
        "player; " + not_replayed("there is no card to sell") + money_words(game, ev.price),
        ev.span,
        "CARD-04",
    )
    return None


def _free_jail_cards(game: Game) -> list[str]:
    """The jail cards no player holds, deck by deck."""
    return [
        card.id
        for deck in game.edition.decks.values()
        for card in deck.cards
        if card.kind == _JAIL_CARD and holder_of(game, card.id) is None
    ]


# things handed over: ("cash", amount), ("square", index), ("card", card id)
_Thing = tuple[str, int | str]


def _things(game: Game, giver: str | None, side: DealSide, span: Span) -> list[_Thing]:
    """What one side hands over, checked against what it has. An item that cannot be handed
    over is reported (not replayed) and left out; the rest of the deal goes ahead."""
    out: list[_Thing] = []
    for item in side.gives:
        where = item.span if item.span.line else span
        thing = _thing(game, giver, item, where)
        if thing is not None:
            out.append(thing)
    return out


def _thing(game: Game, giver: str | None, item: DealItem, span: Span) -> _Thing | None:
    if item.kind == "promise":
        report_promise(game, giver, item, span)  # DEAL-06: nothing to hand over
        return None
    if item.kind == "cash":
        return ("cash", item.amount or 0)
    if item.kind == "square":
        assert item.square is not None
        sq = resolve_square(game, item.square, span)
        if sq is None:
            return None
        deed = game.state.deeds.get(sq.index)
        if deed is None or deed.owner != giver:
            game.emit(
                "M711",
                f"{owner_word(game, giver)} cannot hand over {sq.name}: "
                + (
                    "only properties, cash and Get Out of Jail Free cards change hands"
                    if deed is None
                    else f"it belongs to {owner_word(game, deed.owner)}"
                )
                + "; "
                + not_replayed(f"{sq.name} is left out of the deal (the rest of it is)"),
                span,
                "DEAL-02",
                expected=giver,
                recorded=None if deed is None else owner_word(game, deed.owner),
            )
            return None
        return ("square", sq.index)
    card_id = resolve_card(game, item.card, span) if item.card is not None else None
    if item.card is not None and card_id is None:
        return None
    word = game.edition.word("goojf")
    if giver is not None:
        cards = game.state.player(giver).cards
        if card_id is None and cards:
            card_id = cards[0]
        if card_id is None or card_id not in cards:
            game.emit(
                "M711",
                f"{giver} holds no {word} card"
                + (f" {card_id}" if card_id else "")
                + " to hand over; "
                + not_replayed("the card is left out of the deal (the rest of it is)"),
                span,
                "DEAL-02",
                expected=list(cards),
                recorded=card_id,
            )
            return None
        return ("card", card_id)
    if card_id is None:
        free = _free_jail_cards(game)
        card_id = free[0] if free else None
    if card_id is None or holder_of(game, card_id) is not None:
        game.emit(
            "M711",
            f"the bank holds no {word} card"
            + (f" {card_id}" if card_id else "")
            + " to hand over; "
            + not_replayed("the card is left out of the deal (the rest of it is)"),
            span,
            "DEAL-02",
            recorded=card_id,
        )
        return None
    return ("card", card_id)


def _broken_rule(game: Game, sold: list[_Thing], bought: list[_Thing]) -> tuple[str, str]:
    """The rule the sale breaks, and why in words, by the first thing that is not cash."""
    word = game.edition.word("goojf")
    for kind, value in sold:
        if kind == "square" and game.state.deeds[int(value)].mortgaged:
            return (
                "SELL-06",
                "the bank never buys a mortgaged deed; it can go only to another player",
            )
    for kind, value in sold:
        if kind == "card":
            return (
                "CARD-04",
                f"the bank never buys a {word} card; it is kept until used or sold to "
                + "another player",
            )
        if kind == "square" and holdings.group_built(game, int(value)):
            return (
                "DEAL-01",
                "the bank buys buildings back, never a deed of a group that has them: "
                f"{holdings.buildings_in_group(game, int(value))} must be sold to it first",
            )
        if kind == "square":
            return (
                "DEAL-01",
                "the bank buys no deed; deeds are sold only to other players, and the bank "
                + "lends on them only as a mortgage",
            )
    for kind, _ in bought:
        if kind == "square":
            return (
                "BUY-09",
                "the bank sells a deed only to the player who lands on it, or at auction",
            )
        if kind == "card":
            return "CARD-04", f"the bank sells no {word} card; jail cards come only from the decks"
    if any(kind == "cash" for kind, _ in bought):
        return (
            "MORT-09",
            "the bank lends only on a mortgage, and pays out cash for nothing else",
        )
    return "DEAL-05", "cash changes hands with the bank only as a payment the rules make due"


def _describe(game: Game, things: list[_Thing]) -> str:
    parts: list[str] = []
    for kind, value in things:
        if kind == "cash":
            assert isinstance(value, int)
            parts.append(game.money(value))
        elif kind == "square":
            assert isinstance(value, int)
            parts.append(game.name(value))
        else:
            parts.append(f"{value} ({game.edition.word('goojf')})")
    return ", ".join(parts)


def _carry_out(
    game: Game, player: str, sold: list[_Thing], bought: list[_Thing], span: Span
) -> None:
    st = game.state
    for kind, value in sold:
        if kind == "cash":
            assert isinstance(value, int)
            game.transfer(player, None, value, "cash handed to the bank in a deal", span)
        elif kind == "square":
            assert isinstance(value, int)
            deed = st.deeds[value]
            if deed.houses or deed.hotel:
                # an unowned deed carries nothing: its buildings are back in the bank's stock,
                # and the rest of its group keeps what it has outside the rules, as the table
                # left it (the sale is the one finding)
                st.bank_houses += deed.houses
                st.bank_hotels += int(deed.hotel)
                deed.houses, deed.hotel = 0, False
                invariants.followed(game, [d.square for d in holdings.group_of(game, value)])
            deed.owner = None
            deed.mortgaged = False
        else:
            assert isinstance(value, str)
            st.player(player).cards.remove(value)
            return_card(game, value)
    for kind, value in bought:
        if kind == "cash":
            assert isinstance(value, int)
            game.transfer(None, player, value, "cash from the bank in a deal", span)
        elif kind == "square":
            assert isinstance(value, int)
            st.deeds[value].owner = player
        else:
            assert isinstance(value, str)
            hold_out(game, value)
            st.player(player).cards.append(value)
