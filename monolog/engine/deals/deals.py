"""Deals between players, and plain payments (DEAL, CF-38, CF-51, CF-52).

Deeds, cash and Get Out of Jail Free cards are all that may be traded (DEAL-02); a site cannot
change hands while its group has buildings (DEAL-03, DEAL-04); cash comes out of cash in hand,
never on credit (DEAL-05). A mortgaged deed received opens the 10 % choice (mortgages.py).

The record is what happened at the table: a site of a built-on group handed over (M712) and cash
given for nothing (M714) are reported and then carried out as written. An item that cannot be
carried out (a deed or card the giver does not hold, a name that is no deed) is reported and
only that item is skipped; the rest of the deal goes ahead. Cash the giver does not have is
reported and handed over all the same (the giver's cash goes below zero). A deal with a player
out of the game is reported and not carried out.

A plain `pay N to P|bank` is legal only towards a debt that is owed (bankruptcy.py); anything else
is a gift of cash, which CF-52 treats as a disguised loan.
"""

from __future__ import annotations

from ...notation.events import Bankrupt, Deal, DealItem, DealSide, Pay, Span
from ..bankruptcy import insolvent_deals
from ..bankruptcy.bankruptcy import settle_with_property
from ..building.holdings import (
    buildings_in_group,
    count_word,
    describe_level,
    group_built,
    group_label,
    group_of,
    owner_word,
    resolve_card,
    resolve_player,
    resolve_square,
)
from ..cards.two_readings import choice_judged
from ..core import follow, judge
from ..core.game import Game
from ..core.house_rules import bare_payment, gift_allowed
from ..core.invariants import followed
from ..core.obligations import Due, flow_of, settle_due
from ..core.pending_state import HandedCash
from ..core.skipped import not_replayed
from ..core.state import DeedState
from ..jail.jail_rights import while_jailed
from ..money.debts import open_debts
from ..money.mortgages import add_choice, flag_unsettled, passed_on, pending_mortgage_choices
from .promises import report_promise

__all__ = ["flag_unsettled", "on_deal", "on_pay", "pending_mortgage_choices"]


class _Refused(Exception):
    """A deal item that cannot be carried out; the finding has been filed."""


def on_deal(game: Game, ev: Deal, actor: str | None = None) -> None:
    """`deal Ann: … | Ben: …`: each side's deeds, cash and jail cards go to the other side.

    `actor` is not used: a deal names both its parties.
    """
    if ev.first.player is None or ev.second.player is None:
        return  # the bank as a party: bank_sales.py
    first = resolve_player(game, ev.first.player, ev.span)
    second = resolve_player(game, ev.second.player, ev.span)
    if first is None or second is None:
        return
    st = game.state
    if first == second or not (st.player(first).active and st.player(second).active):
        who = first if first == second or not st.player(first).active else second
        game.emit(
            "M713",
            "a deal is made between two players still in the game; "
            + (
                f"{who} is named on both sides: nothing changes hands"
                if first == second
                else f"{who} is out; "
                + not_replayed("a player who has left holds nothing and takes no more part")
            ),
            ev.span,
            "DEAL-01",
            expected=None,
            recorded=[first, second],
        )
        return
    for party in (first, second):
        while_jailed(game, party, "makes a deal", ev.span)
    try:
        # a side whose deeds carry buildings sells them when the other side gives anything
        gives_1 = _gather(game, first, ev.first, ev.span, sold=bool(ev.second.gives))
        gives_2 = _gather(game, second, ev.second, ev.span, sold=bool(ev.first.gives))
    except _Refused:
        return
    cash_only = all(k == "cash" for k, _ in gives_1 + gives_2)
    written_cash_only = all(i.kind == "cash" for i in ev.first.gives + ev.second.gives)
    if cash_only and written_cash_only and (gives_1 or gives_2) and not gift_allowed(game):
        _gift(game, first if gives_1 else second, second if gives_1 else first, ev.span)
        # reported; the cash changed hands at the table: the replay follows it
    deeds_1 = [v for k, v in gives_1 if k == "square"]
    deeds_2 = [v for k, v in gives_2 if k == "square"]
    # the disputed points a deal may raise (CF-51, CF-64) are reported; the record settles
    # them by writing the deal, so it is carried out as written
    # (in a counterfactual replay, follow.py, the reading in force may set the deal aside)
    if settle_with_property(game, first, second, deeds_1, ev.span) or settle_with_property(
        game, second, first, deeds_2, ev.span
    ):
        return
    # what the other side wrote, not what could be carried out: a deed traded for a card the
    # other did not hold (M711, skipped) was not handed over for nothing
    if _given_for_nothing(
        game, first, second, deeds_1, ev.second.gives, ev.span
    ) or _given_for_nothing(game, second, first, deeds_2, ev.first.gives, ev.span):
        return
    # CF-78: deeds dealt away by a player in debt, which the deal did not clear, are named if
    # the bankruptcy follows
    owing_1 = insolvent_deals.owing(game, first, second)
    owing_2 = insolvent_deals.owing(game, second, first)
    _carry_out(game, first, second, gives_1, ev.span)
    _carry_out(game, second, first, gives_2, ev.span)
    insolvent_deals.note(game, first, second, _indices(deeds_1), owing_1, ev.span, gives_2)
    insolvent_deals.note(game, second, first, _indices(deeds_2), owing_2, ev.span, gives_1)


def _indices(deeds: list[object]) -> list[int]:
    return [d for d in deeds if isinstance(d, int)]


def _given_for_nothing(
    game: Game,
    giver: str,
    receiver: str,
    deeds: list[object],
    returned: tuple[DealItem, ...],
    span: Span,
) -> bool:
    """CF-64: deeds handed over with nothing given back, and no debt they go towards (CF-51).

    Under reading allowed the deal goes ahead (the texts leave the price to the players); under
    forbidden a gift of deeds is collusion. Either way the record, by writing the gift, follows
    reading allowed, and the deal is replayed as recorded (False), except in a counterfactual
    replay (follow.py) under forbidden (True: nothing changes hands).
    """
    if not deeds or returned or any(d.creditor == receiver for d in open_debts(game, giver)):
        return False
    reading = game.ruling("CF-64")
    names = game.listing([game.name(i) for i in deeds if isinstance(i, int)])
    if reading == "forbidden":
        message = (
            f"{giver} hands {names} to {receiver} for nothing: a deed given away is collusion "
            f"(reading {reading}); reading allowed lets any price stand, nothing included"
        )
    else:
        message = (
            f"{giver} hands {names} to {receiver} for nothing, as the texts leave the price to "
            f"the players (reading {reading}); reading forbidden would set the deal aside as "
            "collusion"
        )
    decision = gift_decision(game)
    # the record writing the gift is its choice: the gift stands (reading allowed's play)

    def name(follows: str) -> None:
        game.ambiguous("CF-64", message, span, "DEAL-01", follows=follows)

    choice_judged(game, "CF-64", decision, True, span, name)
    # a counterfactual replay (follow.py) applies reading forbidden: the deal is set aside
    return judge.measured(game, decision, True)


def gift_decision(game: Game) -> judge.Decision:
    """CF-64: whether deeds handed over for nothing may change hands (True under allowed; under
    forbidden such a gift is collusion and the deal is set aside). The record writing the gift
    is the figure `True`."""
    if game.ruling("CF-64") == "forbidden":
        other = judge.Alternative("CF-64", "allowed", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "DEAL-01", (other,))
    other = judge.Alternative("CF-64", "forbidden", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "DEAL-01", (other,))


def _gather(
    game: Game, giver: str, side: DealSide, span: Span, *, sold: bool = True
) -> list[tuple[str, object]]:
    """Check one side's items; return (kind, value) pairs: deed index, cash amount, card id.
    `sold`: the other side gives something back (buildings handed over are then sold)."""
    st = game.state
    out: list[tuple[str, object]] = []
    cash = 0
    held = list(st.player(giver).cards)
    for item in side.gives:
        where = item.span if item.span.line else span
        try:
            if item.kind == "square":
                out.append(("square", _deed_item(game, giver, item, where, sold)))
            elif item.kind == "cash":
                cash += item.amount or 0
                out.append(("cash", item.amount or 0))
            elif item.kind == "promise":
                report_promise(game, giver, item, where)  # DEAL-06: nothing to hand over
            else:
                out.append(("card", _card_item(game, giver, item, held, where)))
        except _Refused:
            continue  # reported: only this item cannot be followed, the rest of the deal can
    have = st.player(giver).cash
    if cash > max(have, 0):
        game.emit(
            "M711",
            f"{giver} has {game.money(have)} and cannot hand over {game.money(cash)}: deals are "
            f"paid from cash in hand, and players never lend to each other",
            span,
            "DEAL-05",
            expected=have,
            recorded=cash,
        )
        if not follow.record_settles(game):
            raise _Refused  # a replay under another reading has its own cash: not paid there
        # reported; the cash changed hands at the table: the replay follows, cash below 0
    return out


def _deed_item(game: Game, giver: str, item: DealItem, span: Span, sold: bool = True) -> int:
    assert item.square is not None
    sq = resolve_square(game, item.square, span)
    if sq is None:
        raise _Refused
    deed = game.state.deeds.get(sq.index)
    if deed is None or deed.owner != giver:
        game.emit(
            "M711",
            f"{giver} cannot trade {sq.name}: "
            + (
                "only properties, cash and Get Out of Jail Free cards are traded"
                if deed is None
                else f"it belongs to {owner_word(game, deed.owner)}"
            )
            + "; "
            + not_replayed(f"{sq.name} is not {giver}'s to hand over (the rest of the deal is)"),
            span,
            "DEAL-02",
            expected=giver,
            recorded=None if deed is None else owner_word(game, deed.owner),
        )
        raise _Refused
    if item.houses or item.hotel:
        _with_buildings(game, giver, item, deed, span, sold)
    elif group_built(game, sq.index):
        built = buildings_in_group(game, sq.index)
        reading = game.ruling("CF-77")
        where = f"{sq.name} changes hands while the {group_label(game, sq.index)} group has"
        words = judge.Words(
            "M712",
            f"{sq.name} cannot change hands while the {group_label(game, sq.index)} group "
            f"has buildings: sell {built} to the bank first",
            shown=(0, built),
            other=lambda alt: (
                f"{where} buildings ({built}): they are sold to the bank first (reading "
                f"{reading}); reading {alt.reading} lets them stay, as here"
            ),
            agree=lambda: _name_with_buildings(
                game,
                f"{where} buildings ({built}), which stay where they stand (reading {reading}); "
                "reading sold-first would have them sold to the bank first",
                span,
                "DEAL-03",
            ),
        )
        _built_trade_judged(game, span, "DEAL-03", words)
        # reported; the deed changed hands at the table: the replay follows it
        followed(game, (d.square for d in group_of(game, sq.index)))
    return sq.index


def _with_buildings(
    game: Game, giver: str, item: DealItem, deed: DeedState, span: Span, sold: bool = True
) -> None:
    """`deal Ann: Boardwalk x2 | …`: the record says the site's buildings changed hands with
    the deed (DEAL-04). Written buildings that do not stand there are M711 (the item is
    skipped); else M718 where the edition's text settles CF-77 (buildings are sold to the bank
    first), A77 where it does not (followed either way: the buildings stay on the site).
    M718 cites SELL-01 when the other side paid (the buildings were sold to a player), DEAL-04
    when nothing came back (they were given away)."""
    sq = game.square(deed.square)
    written = game.edition.a_word("hotel") if item.hotel else count_word(game, item.houses, "house")
    if item.hotel and item.houses:  # `hotel x2`: no site carries both
        written += f" and {count_word(game, item.houses, 'house')}"
    if (item.hotel, item.houses) != (deed.hotel, deed.houses):
        game.emit(
            "M711",
            f"{giver} cannot trade {sq.name} with {written}: it has {describe_level(game, deed)}; "
            + not_replayed(f"{sq.name} has no {written} to hand over (the rest of the deal is)"),
            span,
            "DEAL-02",
            expected=describe_level(game, deed),
            recorded=written,
        )
        raise _Refused
    reading = game.ruling("CF-77")
    moved = f"{sq.name} changes hands with {written} on it"
    rule = "SELL-01" if sold else "DEAL-04"
    words = judge.Words(
        "M718",
        f"{moved}, but buildings are sold only to the bank, never to a player: {giver} "
        "sells them to the bank first and trades the bare deed"
        if sold
        else f"{moved}, given for nothing, but buildings are never handed to another "
        f"player: {giver} sells them to the bank first and gives the bare deed",
        shown=(0, written),
        other=lambda alt: (
            f"{moved}: the buildings are sold to the bank first (reading {reading}); reading "
            f"{alt.reading} lets them pass with the deed, as here"
        ),
        agree=lambda: _name_with_buildings(
            game,
            f"{moved}: the buildings stay where they stand (reading {reading}); reading "
            "sold-first has them sold to the bank first",
            span,
            rule,
        ),
    )
    _built_trade_judged(game, span, rule, words)
    # reported; the site changed hands at the table with what stands on it: the replay follows
    followed(game, (d.square for d in group_of(game, deed.square)))


def built_trade_decision(game: Game) -> judge.Decision:
    """CF-77: whether a deed may change hands while its group has buildings (True under
    with-buildings, the buildings passing or staying where they stand; False under sold-first,
    which has them sold to the bank first). Where the edition's text settles the point no other
    reading is listed. The record writing the trade is the figure `True`."""
    reading = game.ruling("CF-77")
    settled = game.text_settles("CF-77")
    if reading == "with-buildings":
        other = judge.Alternative("CF-77", "sold-first", judge.Choice(False))
        return judge.Decision(judge.Choice(True), "DEAL-03", () if settled else (other,))
    other = judge.Alternative("CF-77", "with-buildings", judge.Choice(True))
    return judge.Decision(judge.Choice(False), "DEAL-03", () if settled else (other,))


def _name_with_buildings(game: Game, message: str, span: Span, rule: str) -> None:
    """The A77 of a trade under with-buildings, in force: the record agrees."""
    game.ambiguous("CF-77", message, span, rule, follows="with-buildings")


def _built_trade_judged(game: Game, span: Span, rule: str, words: judge.Words) -> None:
    """The record's trade of a deed whose group has buildings judged (CF-77): the A77 naming
    with-buildings, which the trade follows (also in a replay measuring the reading in force),
    or the M code of `words` where the edition's text settles sold-first. The caller follows
    the trade either way."""
    decision = built_trade_decision(game)
    verdict = judge.compare_arising(game, decision, True)
    judge.file(game, verdict, True, span, rule, words)


def _card_item(game: Game, giver: str, item: DealItem, held: list[str], span: Span) -> str:
    if item.card is None:
        if held:
            return held.pop(0)
        card_id = None
    else:
        card_id = resolve_card(game, item.card, span)
        if card_id is None:
            raise _Refused
        if card_id in held:
            held.remove(card_id)
            return card_id
    game.emit(
        "M711",
        f"{giver} holds no {game.edition.word('goojf')} card"
        + (f" {card_id}" if card_id else "")
        + " to trade; "
        + not_replayed("there is no such card to hand over (the rest of the deal is)"),
        span,
        "DEAL-02",
        expected=list(game.state.player(giver).cards),
        recorded=card_id,
    )
    raise _Refused


def _carry_out(
    game: Game, giver: str, receiver: str, gives: list[tuple[str, object]], span: Span
) -> None:
    st = game.state
    for kind, value in gives:
        if kind == "cash":
            assert isinstance(value, int)
            game.transfer(giver, receiver, value, f"cash in a deal with {receiver}", span)
        elif kind == "card":
            assert isinstance(value, str)
            st.player(giver).cards.remove(value)
            st.player(receiver).cards.append(value)
        else:
            assert isinstance(value, int)
            deed = st.deeds[value]
            passed_on(game, value, span)  # the giver's own 10% choice on it, left open
            deed.owner = receiver
            if deed.mortgaged and game.ruling("CF-38") == "every-transfer":
                add_choice(game, receiver, value, "deal", span)


# --------------------------------------------------------------------------- payments


def on_pay(game: Game, ev: Pay, actor: str) -> None:
    """`pay N to Player|bank`: legal only as a payment the rules make due and the record has not
    stated yet (rent, a tax, a card's money); anything else is a gift of cash (CF-52)."""
    payee: str | None = None
    if ev.to is not None:
        payee = resolve_player(game, ev.to, ev.span)
        if payee is None:
            return
    due = _open_due(game, actor, payee)
    if due is None and bare_payment(game, actor, payee, ev.amount, ev.span):
        return  # house rules cash-gifts, loans-between-players (CF-52 departed from)
    if due is None:
        _gift(game, actor, payee, ev.span, ev.amount)
        # reported; the cash changed hands at the table: the replay follows it
        game.transfer(actor, payee, ev.amount, f"paid to {owner_word(game, payee)}", ev.span)
        return
    if due.amount is not None and ev.amount != due.amount:
        message = (
            f"{actor} owes {game.money(due.amount)} to {owner_word(game, payee)} "
            f"({due.reason}), not {game.money(ev.amount)}"
        )
        if _hands_last_cash(game, actor, due, ev, message):
            return
        game.emit("M715", message, ev.span, due.rule, expected=due.amount, recorded=ev.amount)
    settle_due(game, due, ev.amount, ev.span)


def _paid_short(game: Game, due: Due) -> bool:
    """Whether another payment of the same obligation (a card paying every player) was paid
    short of what it owed: the cash handed over is then no split a reading of CF-41 makes."""
    return any(
        d is not due
        and d.payer == due.payer
        and d.span == due.span
        and d.entry is not None
        and d.amount is not None
        and d.entry.amount != d.amount
        for d in flow_of(game).dues
    )


def _hands_last_cash(game: Game, actor: str, due: Due, ev: Pay, message: str) -> bool:
    """A payment to a player short of the one due, of all the cash the payer has left, on the
    clause right before the payer's `bankrupt` (bare, or to this creditor): the payer hands the
    last cash over and goes bankrupt owing the rest, as happens at the table. The payment due
    stands whole (the rest is owed at the bankruptcy), and what was handed over is kept for the
    bankruptcy, which reads it as the split the table made among several creditors (CF-41,
    bankruptcy/cash_split.py). True when so taken."""
    after = game.follow.next
    amount = due.amount
    if (
        amount is None
        or due.payee is None
        or not 0 <= ev.amount < amount
        or not isinstance(after, Bankrupt)
        or (after.creditor is not None and after.creditor.text != due.payee)
        or after.to_bank
        or game.text_settles("CF-41")
        or (after.actor.text if after.actor is not None else flow_of(game).turn_player) != actor
    ):
        return False
    paid = due.entry.amount if due.entry is not None else 0
    if game.state.player(actor).cash + paid - ev.amount != 0 or _paid_short(game, due):
        return False
    settle_due(game, due, None, ev.span)  # the whole payment: the rest is owed
    game.record.handed = HandedCash(actor, due.payee, ev.amount, amount, due.rule, message, ev.span)
    return True


def _open_due(game: Game, payer: str, payee: str | None) -> Due | None:
    for due in reversed(flow_of(game).dues):
        if due.payer == payer and due.payee == payee and not due.stated and not due.lapsed:
            return due
    return None


def _gift(game: Game, giver: str, payee: str | None, span: Span, amount: int | None = None) -> None:
    """A transfer of cash with nothing owed and nothing given for it (CF-52, DEAL-05)."""
    what = game.money(amount) if amount is not None else "cash"
    if payee is None:
        why = (
            "nothing is owed to it, and the bank is paid only what the rules make due (a "
            "price, a tax, a fine, a card's charge, interest)"
        )
    else:
        why = (
            "nothing is owed, and cash passes between players only as rent, card payments, "
            "settlements or part of a deal for a deed or card"
        )
    game.emit(
        "M714",
        f"{giver} may not give {what} to {owner_word(game, payee)}: {why}",
        span,
        "DEAL-05",
        expected=0,
        recorded=amount,
        data={"cf": "CF-52"},
    )
