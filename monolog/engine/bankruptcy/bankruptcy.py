"""Debts, bankruptcy, resigning and the end of the game (BKR, WIN, CF-36..41, CF-82).

A debt opens when a payment the rules impose leaves a player below zero (`open_debt`). The payment
has already gone through the ledger; the debtor must bring their cash back to zero by selling
buildings, mortgaging or dealing before play moves on, or go bankrupt. `check_obligations` is
the engine's checkpoint (each turn start): it reports every debt still unsettled, every 10 %
choice on a received mortgage never made, and every building won at auction never placed.

Bankruptcy hands over what the debtor has. To a player (BKR-03..06): buildings sold to the bank
at half price, then all cash, every deed (mortgaged deeds open the 10 % choice for the receiver)
and every Get Out of Jail Free card. To the bank (BKR-07..09, CF-39): buildings go back to the
stock, cash to the bank, every deed back to the bank free of its mortgage for auction, and the
jail cards under their decks. Several creditors at once share the cash in proportion to what each
is owed, and the deeds and cards go as to the bank (CF-41). The sharing itself is liquidation.py.
The bankruptcy that ends a short game hands the estate over whole instead (`hand_over`, SHORT-07,
CF-47).

The record is what happened at the table: who the record gives the estate to is judged once
(judge.py, against the decisions of heirs.py). An estate written for another than the creditor
(the bank, or a player owed nothing) is reported once (M803) and then handed over as written,
the payments towards the debts taken back. `bankrupt to bank, creditor Ben` lets Ben keep what
he was paid and gives the bank the rest (CF-82, reading debt-then-bank). An estate written to
one of several creditors follows turn-order (CF-41) and first-unpaid (CF-59) where that
creditor is the first left short, and no reading (M803) otherwise; it is replayed as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation.events import Bankrupt, GameEnd, Resign, Span
from ..building.holdings import owner_word, resolve_player
from ..buying.shortage import flag_unplaced
from ..cards.two_readings import choice_judged
from ..core import follow, judge
from ..core.game import Debt, Game
from ..core.obligations import flow_of
from ..core.variants import ends_game, final_bankruptcy, may_end
from ..money.debts import clear_debts, open_debts
from ..money.mortgages import flag_unsettled
from ..money.raising import raisable
from . import heirs, insolvent_deals, too_soon
from .decisions import final_estate_decision, property_payment_decision
from .liquidation import (
    card_to_deck,
    first_short,
    leave_landing,
    liquidate,
    payments,
    seat_distance,
)


def check_obligations(game: Game, span: Span) -> None:
    """The estate's checkpoint, for the engine to call when a turn ends (beside the debt check):
    every 10 % choice on a received mortgage must be made and every building won at a shortage
    auction placed."""
    flag_unsettled(game, span)
    flag_unplaced(game, span)


def settle_with_property(
    game: Game, giver: str, receiver: str, deeds: list[object], span: Span
) -> bool:
    """Deeds offered to a creditor in a deal while a debt to them is open (CF-51).

    Under creditor-may-accept the deal goes ahead at the value the parties agreed. Under
    cash-only a debt is paid in cash alone; a record that hands the property over all the same
    follows reading creditor-may-accept: that is reported (A51 as a warning) and the deal is
    replayed as recorded; except in a counterfactual replay (follow.py), where the deal is set
    aside as cash-only says (True: nothing changes hands).
    """
    if not deeds or not any(d.creditor == receiver for d in open_debts(game, giver)):
        return False
    reading = game.ruling("CF-51")
    if reading == "cash-only":
        short = max(0, -game.state.player(giver).cash)
        message = (
            f"{giver} owes {receiver} {game.money(short)} and hands over property towards it: "
            f"a debt is paid in cash alone (reading {reading}); reading creditor-may-accept "
            f"lets {receiver} take the property at the agreed value"
        )
    else:
        message = (
            f"{receiver} accepted property from {giver} towards a debt, as a creditor may "
            f"(reading {reading}); reading cash-only would set the deal aside and leave the debt "
            "to be raised in cash"
        )
    decision = property_payment_decision(game)

    def name(follows: str) -> None:
        game.ambiguous("CF-51", message, span, "RENT-14", follows=follows)

    # the record hands the property over: creditor-may-accept's play
    choice_judged(game, "CF-51", decision, True, span, name)
    # a counterfactual replay (follow.py) applies cash-only: the deal is set aside
    return judge.measured(game, decision, True)


# --------------------------------------------------------------------------- bankruptcy


def on_bankrupt(game: Game, ev: Bankrupt, actor: str) -> None:
    """`bankrupt [to Player|bank]`, `bankrupt to bank, creditor Player`: the player is out; the
    estate goes to the creditor(s), or where the record writes it (reported where that is not
    who the rules name)."""
    owed = open_debts(game, actor)
    written: str | None = None
    if ev.creditor is not None:
        written = resolve_player(game, ev.creditor, ev.span)
        if written is None:
            return
    creditors: list[str | None] = list(dict.fromkeys(d.creditor for d in owed))
    if not owed:
        # the bank written, with a creditor named or not, takes the estate
        creditors = [_owing_nothing(game, actor, None if ev.to_bank else written, ev.span)]
    else:
        heir = _wrong_creditor(game, ev, actor, written, creditors)
        _check_what_is_owed(game, actor, creditors, ev.span)
        if heir is not None:
            _take_back(game, actor, owed, "bankruptcy to another as written", ev.span)
            owed, creditors = [], [heir.name]
        elif _to_the_bank(game, ev, actor, written, owed, creditors):
            owed, creditors = [], [None]
    if final_bankruptcy(game) and len(creditors) == 1:
        hand_over(game, actor, creditors[0], ev.span)  # SHORT-07, CF-47
    else:
        # the players of the same obligation paid in full before the cash ran out are owed at
        # once with those left short (CF-41, CF-59): how the estate is shared is theirs too
        beside = _paid_beside(game, actor, owed)
        if beside:
            owed = sorted(owed + beside, key=lambda d: seat_distance(game, actor, d.creditor))
        debtees = list(dict.fromkeys(d.creditor for d in owed)) if owed else creditors
        named, shown = None, True
        if len(debtees) > 1 and written is not None and written in creditors:
            shown = _heir_judged(game, actor, written, owed, debtees, ev.span)
            # a replay measuring another reading shares the estate by it
            named = written if follow.record_settles(game) else None
        liquidate(game, actor, owed, debtees, ev.span, named=named, shown=shown)
    game.state.player(actor).bankrupt = True
    game.state.over = winner(game) is not None or ends_game(game)


def _heir_judged(
    game: Game, actor: str, written: str, owed: list[Debt], debtees: list[str | None], span: Span
) -> bool:
    """A bankruptcy written to one of several creditors (`heirs.decide_heir`): the creditor
    named is the first left short in turn order, which readings turn-order (CF-41) and
    first-unpaid (CF-59) give the estate to (True: the notes of each point, liquidation.py,
    name the record's reading), or no reading gives it to them alone (M803, False). The
    estate goes to the creditor named, as written."""
    decision = heirs.decide_heir(game, actor, owed)
    verdict = judge.compare_arising(game, decision, written)
    if verdict.kind != judge.BREAKS:
        return True
    listed = " and ".join(owner_word(game, c) for c in debtees)
    short = first_short(game, actor, owed)
    if judge.figure(decision.right) == heirs.SHARED:
        shared = f"{listed} share it (reading {game.ruling('CF-41')})"
        if game.ruling("CF-41") == "turn-order":
            shared = f"its deeds go to auction (reading {game.ruling('CF-59')})"
        readings = " and ".join(o.reading for o in decision.others)
        word = "readings" if len(decision.others) > 1 else "reading"
        why = (
            f"{shared}, and only the first creditor left short in turn order from {actor}'s "
            f"left, {owner_word(game, short)}, takes it alone ({word} {readings})"
        )
    else:
        why = (
            f"the first creditor left short in turn order from {actor}'s left, "
            f"{owner_word(game, short)}, takes it (reading turn-order)"
        )
    tail = "; replayed as written, to " + written if follow.record_settles(game) else ""
    right = judge.figure(decision.right)
    if right == heirs.SHARED:
        right = [owner_word(game, c) for c in debtees]
    words = judge.Words(
        "M803",
        f"{actor}'s estate does not go to {written} alone: {why}{tail}",
        "BKR-05",
        shown=(right, written),
    )
    judge.file(game, verdict, written, span, decision.rule, words)
    return False


def _owing_nothing(game: Game, actor: str, written: str | None, span: Span) -> str | None:
    """A bankruptcy with no debt open (M803); who takes the estate: the player written, when
    they can (else the bank)."""
    heir = written if written is None or _can_inherit(game, actor, written) else None
    message = f"{actor} owes nothing: a player goes bankrupt only on a debt they cannot raise"
    if heir != written:
        # the estate cannot go to the bankrupt player or to one already out: the bank
        # takes it, as in a bankruptcy to the bank, so no deed is left with a player out
        who = "themselves" if written == actor else f"{written}, who is out of the game"
        message += f"; nor to {who}: the estate goes to the bank here"
    game.emit("M803", message, span, "BKR-01", expected=None, recorded=owner_word(game, written))
    return heir


@dataclass(frozen=True, slots=True)
class _Heir:
    """Who the record gives the estate to instead of the creditors (None: the bank)."""

    name: str | None


def _wrong_creditor(
    game: Game, ev: Bankrupt, actor: str, written: str | None, creditors: list[str | None]
) -> _Heir | None:
    """A creditor written who is owed nothing (M803, naming whom the debt is to). The record is
    followed (the heir returned): the estate goes to the player written, who can take it, or to
    the bank where the bank is written too; else to the creditors, as the message says. This is
    no disputed point: a replay measuring another reading (follow.py) follows it too."""
    if written is None or written in creditors:
        return None
    me = game.state.player(actor)
    # what the wrong player would take: deeds and jail cards (BKR-05), else the cash
    things = (("deeds", game.state.owned_by(actor)), ("jail cards", me.cards))
    held = [word for word, has in things if has]
    heir: _Heir | None = _Heir(None) if ev.to_bank else _Heir(written)
    if not (ev.to_bank or _can_inherit(game, actor, written)):
        heir = None  # no estate goes to the bankrupt or to a player out: the creditors take it
    to = "" if heir is None else f"; replayed as written, to {owner_word(game, heir.name)}"
    message = (
        f"{actor}'s debt is to {' and '.join(owner_word(game, c) for c in creditors)}, "
        f"not {written}: the estate goes to the creditor"
        + (f", {' and '.join(held)} as well as cash" if held else "")
        + to
    )
    # no reading gives the estate to a player owed nothing: the verdict breaks
    decision = heirs.decide_creditor(game, creditors)
    verdict = judge.compare(game, decision, written)
    words = judge.Words("M803", message, "BKR-05" if held else "BKR-03")
    judge.file(game, verdict, written, ev.span, decision.rule, words)
    return heir


def _check_what_is_owed(game: Game, actor: str, creditors: list[str | None], span: Span) -> None:
    """A bankruptcy on open debts: the player could not raise what is owed (M802), and the
    notes on lots, blocked sales and deals made while insolvent."""
    short = max(0, -game.state.player(actor).cash)
    can = raisable(game, actor)
    too_soon.bankruptcy_judged(game, actor, can, short, span)
    insolvent_deals.at_bankruptcy(game, actor, creditors, span)


def _paid_beside(game: Game, actor: str, owed: list[Debt]) -> list[Debt]:
    """The players paid in full by the same obligation as an open debt to a player (a "pay
    each player" card whose cash ran out part way): debts of nothing left, whose payments the
    estate's sharing counts with the others (CF-41). Before, the payments in seat order as far
    as the cash went stood, which is reading turn-order, whatever reading was in force."""
    wanted = {(d.span, d.reason) for d in owed if d.creditor is not None}
    if not wanted:
        return []
    first = min(span.line for span, _ in wanted)
    owed_to = {d.creditor for d in owed}
    found: dict[str, Debt] = {}
    for t in reversed(game.transfers):
        if t.span.line < first:
            break
        if t.payer != actor or t.payee is None or t.payee in owed_to or t.payee in found:
            continue
        if (t.span, t.reason) in wanted and game.state.player(t.payee).active:
            found[t.payee] = Debt(actor, t.payee, 0, t.reason, t.span)
    return list(found.values())


def _to_the_bank(
    game: Game,
    ev: Bankrupt,
    actor: str,
    written: str | None,
    owed: list[Debt],
    creditors: list[str | None],
) -> bool:
    """With a player owed, whether the bank takes what is left once the player is paid (CF-82,
    `heirs.decide_bank_share`), judged against what the record writes: `bankrupt to bank,
    creditor Player` (the bank takes the rest), `bankrupt to bank` while only players are owed
    (the bank takes all, which no reading gives: M803), or the estate left to the players.
    True: the debts are closed and the whole estate left for the bank; False: the creditors
    take it."""
    players = [c for c in creditors if c is not None]
    if not players:
        return False
    record = heirs.WHOLE
    if ev.to_bank and written is not None:
        record = heirs.REST
    elif ev.to_bank and None not in creditors:
        record = heirs.ALL
    decision = heirs.decide_bank_share(game)
    verdict = judge.compare_arising(game, decision, record)
    words = _bank_share_words(game, ev.span, actor, record, written, owed, players)
    judge.file(game, verdict, record, ev.span, decision.rule, words)
    if record == heirs.ALL:
        _take_back(game, actor, owed, "bankruptcy to the bank as written", ev.span)
        return True
    # the record is followed; a replay measuring the reading in force shares by it
    takes = record if follow.record_settles(game) else judge.figure(verdict.right)
    if takes == heirs.WHOLE:
        return False
    _bank_covers(game, actor, ev.span)
    return True


def _bank_share_words(
    game: Game,
    span: Span,
    actor: str,
    record: str,
    written: str | None,
    owed: list[Debt],
    players: list[str],
) -> judge.Words:
    """What CF-82's finding says of what the record gives the bank (`record`: heirs.ALL, REST
    or WHOLE): the bank written while only players are owed, which no reading gives (M803,
    naming the players the estate goes to); the reading the record follows; the record
    agreeing with debt-then-bank in force (A82, agreeing)."""
    reading = game.ruling("CF-82")
    listed = " and ".join(players)
    paid = game.money(sum(payments(game, [d for d in owed if d.creditor is not None])))
    held = _held_words(game, actor)
    rule = "BKR-05" if held else "BKR-03"
    if record == heirs.ALL:
        wrong = (
            f"{actor}'s debt is to {listed}, not the bank: the estate goes to {listed}"
            + held
            + "; replayed as written, to the bank"
        )
        return judge.Words("M803", wrong, rule, shown=(players, "bank"))
    rest = record == heirs.REST  # `bankrupt to bank, creditor Player`
    if rest:
        wrong = f"{actor}'s estate goes whole to {listed}, the player owed{held}, not to the bank"
        shown = f"{written} keeps the {paid} paid and the bank takes the rest"
    else:
        wrong = f"{listed} keeps the {paid} owed and the bank takes the rest of {actor}'s estate"
        shown = f"to {listed}"
    if follow.record_settles(game):
        wrong += f"; replayed as written{':' if rest else ','} {shown}"

    def other(alt: judge.Alternative) -> str:
        if alt.reading == heirs.DEBT_THEN_BANK:
            return (
                f"{actor}'s whole estate goes to {listed} (reading {reading}); reading "
                f"{heirs.DEBT_THEN_BANK} has {written} keep the {paid} owed and the bank take "
                "the rest"
            )
        return (
            f"{actor}'s whole estate goes to {listed} (reading whole-estate); under reading "
            f"{reading} in force {listed} would keep the {paid} owed and the bank take the rest"
        )

    def agree() -> None:
        if not rest:
            return  # the estate left to the players under whole-estate: nothing to say
        game.ambiguous(
            "CF-82",
            f"{written} keeps the {paid} owed and the bank takes the rest of {actor}'s estate "
            f"(reading {reading}); reading whole-estate gives {listed} the whole estate",
            span,
            "BKR-03",
            follows=heirs.DEBT_THEN_BANK,
        )

    return judge.Words(
        "M803",
        wrong,
        rule if rest else "BKR-03",
        other,
        agree,
        shown=(players, "bank" if rest else players),
        data={"cf": "CF-82"},
    )


def _held_words(game: Game, actor: str) -> str:
    """What a player creditor would take besides the cash: ", deeds and jail cards as well as
    cash" (BKR-05), or nothing."""
    me = game.state.player(actor)
    things = (("deeds", game.state.owned_by(actor)), ("jail cards", me.cards))
    held = [word for word, has in things if has]
    return f", {' and '.join(held)} as well as cash" if held else ""


def _take_back(game: Game, actor: str, owed: list[Debt], why: str, span: Span) -> None:
    """The estate goes elsewhere than the rules say, as written: the payments made towards the
    debts are taken back (whoever takes the estate takes all the player had), and the debts
    are closed."""
    for debt, paid in zip(owed, payments(game, owed), strict=True):
        game.transfer(debt.creditor, actor, paid, why, span)
    clear_debts(game, actor)


def _bank_covers(game: Game, actor: str, span: Span) -> None:
    """Reading debt-then-bank: the payments stand in full, the bank covering what the debtor
    could not pay (as GNOME's simulator zeroes a bankrupt's cash), and the debts are closed."""
    short = max(0, -game.state.player(actor).cash)
    if short:
        game.transfer(None, actor, short, "bankruptcy: the bank covers the debt", span)
    clear_debts(game, actor)


def _can_inherit(game: Game, actor: str, creditor: str) -> bool:
    """A player can take a bankrupt player's estate: someone else still in the game."""
    return creditor != actor and game.state.player(creditor).active


def on_resign(game: Game, ev: Resign, actor: str) -> None:
    """`resign`: the player leaves. With a debt open it is a bankruptcy to that creditor;
    otherwise the estate goes back to the bank as in a bankruptcy to the bank."""
    owed = open_debts(game, actor)
    creditors: list[str | None] = list(dict.fromkeys(d.creditor for d in owed)) or [None]
    liquidate(game, actor, owed, creditors, ev.span)
    game.state.player(actor).resigned = True
    game.state.over = winner(game) is not None


def _name_final_estate(game: Game, message: str, span: Span, rule: str) -> None:
    game.ambiguous("CF-47", message, span, rule)


def hand_over(game: Game, actor: str, creditor: str | None, span: Span) -> None:
    """The bankruptcy that ends a short game: the estate passes whole (SHORT-07, CF-47).

    To a player: cash, every deed with its buildings and mortgage as they stand, and the jail
    cards, with no sale to the bank and no 10 % (the game is over). To the bank: the estate
    leaves play (buildings back to the stock, deeds back unmortgaged, cards under their decks).
    """
    st = game.state
    me = st.player(actor)
    owed = open_debts(game, actor)
    short = max(0, -me.cash)
    if short and owed:
        # the payment went through in full; the creditor keeps only what the debtor had
        back = owed[-1].creditor
        game.transfer(back, actor, short, "bankruptcy: unpaid part", span)
    if me.cash > 0:
        game.transfer(actor, creditor, me.cash, "bankruptcy: cash", span)
    clear_debts(game, actor)
    for deed in st.owned_by(actor):
        if creditor is not None:
            deed.owner = creditor
            continue
        st.bank_houses += deed.houses
        st.bank_hotels += 1 if deed.hotel else 0
        deed.owner, deed.houses, deed.hotel, deed.mortgaged = None, 0, False, False
    if creditor is not None:
        st.player(creditor).cards.extend(me.cards)
    else:
        for card in me.cards:
            card_to_deck(game, card)
    me.cards.clear()
    leave_landing(game, actor)
    to = creditor if creditor is not None else game.edition.word("bank")
    # the notation writes no hand-over of the last estate (the game ends at the bankruptcy), so
    # the record shows no reading of its own here: the message names the one applied
    message = (
        f"{actor}'s bankruptcy ends the {game.edition.variant} game: the whole estate passes to "
        f"{to} as it stands, {game.edition.word('houses')} and {game.edition.word('hotels')} "
        "included, with no 10 % on mortgages, before the count (reading estate-to-creditor); "
        f"the standard game would sell the {game.edition.word('houses')} to the bank at half "
        "price first"
    )
    decision = final_estate_decision()
    # nothing written (None): the record agrees, and the point is named with the reading applied
    # (no verdict breaks: the M code of `Words` is never filed)
    verdict = judge.compare(game, decision, None)
    words = judge.Words(
        "M990", message, agree=lambda: _name_final_estate(game, message, span, decision.rule)
    )
    judge.file(game, verdict, None, span, decision.rule, words)
    flow_of(game).lots = [lot for lot in flow_of(game).lots if lot.lander is not None]


def winner(game: Game) -> str | None:
    """The last player still in, once every other is bankrupt or has left (WIN-01)."""
    active = [p.name for p in game.state.players if p.active]
    return active[0] if len(active) == 1 and len(game.state.players) > 1 else None


def on_end(game: Game, ev: GameEnd, actor: str | None = None) -> None:
    """`end`: the record's last word. The standard game ends with one player left (WIN-01)."""
    check_obligations(game, ev.span)
    if winner(game) is not None or may_end(game):  # WIN-01; TIME-01, CF-49
        game.state.over = True
        return
    active = [p.name for p in game.state.players if p.active]
    limit = game.edition.rules.end_at_bankruptcies
    how = (
        f"the {game.edition.variant} game ends at bankruptcy number {limit}"
        if limit
        else "the last player not bankrupt wins"
    )
    game.emit(
        "M804",
        f"the game is not over while {', '.join(active)} are still in: {how}",
        ev.span,
        "SHORT-06" if limit else "WIN-01",
        expected=1,
        recorded=len(active),
    )
    game.state.over = True
