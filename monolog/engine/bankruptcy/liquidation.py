"""A bankrupt player's estate shared out among the creditors (BKR-03..09, CF-39, CF-41, CF-59).

To a player: buildings sold to the bank at half price (CF-30), then all the cash, every deed
(mortgaged deeds open the 10 % choice for the receiver) and every Get Out of Jail Free card. To
the bank: buildings back to the stock, the cash to the bank, every deed back free of its
mortgage for auction (CF-39) and the jail cards under their decks. Several creditors at once
share the cash in proportion to what each is owed, equally, or in turn order (CF-41), and the
deeds and cards go as to the bank or to the first creditor left short (CF-59).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation.events import Span
from ..building.holdings import owner_word
from ..buying.paid_prices import bankruptcy_sale
from ..core import follow, judge
from ..core.game import Debt, Game
from ..core.obligations import flow_of, open_lot
from ..money.debts import clear_debts
from ..money.mortgages import add_choice, pending_mortgage_choices
from . import cash_split
from .deeds_heir import note_deeds
from .estate_auctions import estate_decision

__all__ = [
    "card_to_deck",
    "first_short",
    "leave_landing",
    "liquidate",
    "payments",
    "seat_distance",
]


@dataclass(frozen=True, slots=True)
class _Sharing:
    """How an estate is shared, from the creditors, the readings in force and the record."""

    several: bool  # more than one creditor
    players_only: bool  # several creditors, all of them players
    follows: bool  # the record names the one of several creditors a reading gives it to
    taken: bool  # the record names one of several creditors, followed
    reading: str  # CF-41
    in_turn: bool  # the creditors paid in full in turn order
    deeds_reading: str  # CF-59
    first_unpaid: bool  # the first creditor left short takes the deeds and jail cards
    to_player: bool  # the estate goes to a player (else as to the bank)


def _sharing(game: Game, creditors: list[str | None], named: str | None, shown: bool) -> _Sharing:
    several = len(creditors) > 1
    players_only = several and None not in creditors
    taken = named is not None and several
    reading = game.ruling("CF-41")
    deeds_reading = game.ruling("CF-59")
    in_turn = several and (reading == "turn-order" or taken)
    # turn-order: the first left short is the sole creditor of the rest, deeds included; owed
    # to players only, where the deeds go is CF-59's
    first_unpaid = in_turn and not players_only
    first_unpaid = first_unpaid or (players_only and (deeds_reading == "first-unpaid" or taken))
    return _Sharing(
        several=several,
        players_only=players_only,
        follows=taken and shown,
        taken=taken,
        reading=reading,
        in_turn=in_turn,
        deeds_reading=deeds_reading,
        first_unpaid=first_unpaid,
        to_player=(len(creditors) == 1 and creditors[0] is not None) or first_unpaid,
    )


def liquidate(
    game: Game,
    actor: str,
    owed: list[Debt],
    creditors: list[str | None],
    span: Span,
    named: str | None = None,
    shown: bool = True,
) -> None:
    """The estate of a bankrupt player goes to the creditor(s) (BKR-03..07).

    `named`: the one creditor the record writes among several owed, followed: the estate is
    replayed as recorded, to the creditor named. Only readings turn-order (CF-41) and
    first-unpaid (CF-59) give the estate to one of them, the first left short; `shown`: the
    creditor named is that one, so the record follows those readings and each point is
    reported naming them (a warning where another is in force). Otherwise the record follows
    no reading, which bankruptcy.py has reported (M803).
    """
    plan = _sharing(game, creditors, named, shown)
    given = owed
    # CF-59 auction: the first left short, whom a later line may show took the deeds instead
    short = first_short(game, actor, owed) if plan.players_only and not plan.first_unpaid else None
    if plan.in_turn or plan.first_unpaid:
        owed = sorted(owed, key=lambda d: seat_distance(game, actor, d.creditor))
    note = None
    if plan.several:
        note = _note_cash_sharing(game, actor, creditors, named, plan, span)
    deeds_note = None
    if plan.players_only:
        deeds_note = _note_deeds_sharing(game, actor, named, plan, span)
    to_player = plan.to_player
    if plan.in_turn and not plan.players_only and not plan.taken:
        # turn-order, the bank owed too: the buildings are sold for a player left short, and go
        # back to the stock where the bank is the first left short (every player paid in full)
        to_player = first_short(game, actor, owed) is not None
    _clear_buildings(game, actor, to_player, span)
    split = None
    if plan.players_only and not plan.taken:
        split = _split(game, actor, given, plan, span)
    left_short = _take_back_unpaid(game, actor, owed, plan, span)
    if left_short is None:
        left_short = owed[-1].creditor if owed else creditors[-1]
    taker = named if plan.taken else left_short
    _share_cash(game, actor, owed, creditors, plan, taker, span)
    if split is not None:
        cash_split.offer(game, split, note, span)
    # the last cash handed over before (a creditor named says the split itself: judged there)
    cash_split.handed(game, actor, split, plan.several and not plan.taken)
    clear_debts(game, actor)
    heir = taker if plan.first_unpaid else creditors[0]
    if plan.to_player and heir is not None:
        _estate_to_player(game, actor, heir, span)
    else:
        note_deeds(game, actor, short, deeds_note, span)
        _estate_to_bank(game, actor, span)
    # choices the debtor had not made go with the deeds
    choices = pending_mortgage_choices(game)
    choices[:] = [c for c in choices if c.player != actor]
    leave_landing(game, actor)


def _split(
    game: Game, actor: str, owed: list[Debt], plan: _Sharing, span: Span
) -> cash_split.Split | None:
    """Each reading's split of the cash, for counts on the bankruptcy line (`owed` as met)."""
    order = sorted(range(len(owed)), key=lambda i: seat_distance(game, actor, owed[i].creditor))
    full = payments(game, owed)
    return cash_split.prepare(game, actor, owed, full, order, plan.first_unpaid, span)


def _note_cash_sharing(
    game: Game,
    actor: str,
    creditors: list[str | None],
    named: str | None,
    plan: _Sharing,
    span: Span,
) -> int | None:
    """CF-41: how several creditors share the cash, named at the bankruptcy; the handle of
    the finding filed (None: none)."""
    reading = plan.reading
    listed = " and ".join(owner_word(game, c) for c in creditors)
    others = ", ".join(r for r in ("pro-rata", "turn-order", "equal-shares") if r != reading)
    if plan.follows and reading != "turn-order":
        message = (
            f"{actor} is bankrupt to {named} alone of {listed}: the creditors paid in full in "
            f"turn order from the debtor's left, the first left short taking the rest "
            f"(reading turn-order); under reading {reading} in force the estate is shared"
        )
    else:
        if reading == "turn-order":
            applied = "the creditors are paid in full in turn order from the debtor's left"
        elif reading == "equal-shares":
            applied = "the cash is shared equally"
        else:
            applied = "the cash is shared in proportion to each debt"
        message = (
            f"{actor} is bankrupt to {listed}: {applied} (reading {reading}); no edition "
            f"says how several creditors share an estate; the other readings are {others}"
        )
    follows = "turn-order" if plan.follows else None
    filed = game.ambiguous("CF-41", message, span, "BKR-03", follows=follows)
    return None if filed is None else game.findings.last


def _note_deeds_sharing(
    game: Game, actor: str, named: str | None, plan: _Sharing, span: Span
) -> int | None:
    """CF-59: where the deeds and jail cards of an estate owed to several players go; the
    handle of the finding filed (None: none)."""
    deeds_reading = plan.deeds_reading
    if plan.follows and deeds_reading != "first-unpaid":
        where = (
            f"the record gives the deeds and jail cards to {named}, as to the first creditor "
            f"left short (reading first-unpaid); under reading {deeds_reading} in force "
            "they go to auction and the jail cards back to their decks"
        )
    elif deeds_reading == "first-unpaid":
        where = (
            "the first creditor left short, in turn order from the debtor's left, takes the "
            f"deeds and jail cards (reading {deeds_reading}); reading auction would auction "
            "them as for the bank"
        )
    else:
        where = (
            f"the deeds go to auction and the jail cards back to their decks (reading "
            f"{deeds_reading}); reading first-unpaid would give them to the first creditor "
            "left short in turn order"
        )
    filed = game.ambiguous(
        "CF-59",
        f"{actor} owes several players: {where}",
        span,
        "BKR-05",
        follows="first-unpaid" if plan.follows else None,
    )
    return None if filed is None else game.findings.last


def _clear_buildings(game: Game, actor: str, to_player: bool, span: Span) -> None:
    """Buildings: sold to the bank at half price for a player creditor (BKR-04), else back to
    the stock with nothing paid (CF-39)."""
    st = game.state
    for deed in st.owned_by(actor):
        if not (deed.houses or deed.hotel):
            continue
        value = bankruptcy_sale(game, deed, span, paid=to_player)  # CF-30
        if to_player:
            game.transfer(None, actor, value, "bankruptcy sale", span)
        if deed.hotel:
            st.bank_hotels += 1
        st.bank_houses += deed.houses
        deed.houses, deed.hotel = 0, False


def _take_back_unpaid(
    game: Game, actor: str, owed: list[Debt], plan: _Sharing, span: Span
) -> str | None:
    """The payments went through in full; what the debtor could not cover goes back, so that
    the creditors keep what the debtor had: in proportion to each payment, equally, or in turn
    order (CF-41). Returns the first creditor in `owed` left short (None: none was)."""
    short = max(0, -game.state.player(actor).cash)
    if not (short and owed):
        return None
    full = payments(game, owed)
    left = max(0, sum(full) - short)
    if plan.in_turn:
        kept = []
        for paid in full:
            kept.append(min(paid, left))
            left -= kept[-1]
    elif plan.reading == "equal-shares" and plan.several:
        kept = [
            min(paid, share)
            for paid, share in zip(full, cash_split.shares(left, [1] * len(full)), strict=True)
        ]
    else:
        kept = cash_split.shares(left, full)
    short_one: str | None = None
    for d, paid, keep in zip(owed, full, kept, strict=True):
        if paid > keep:
            if short_one is None:
                short_one = d.creditor
            game.transfer(d.creditor, actor, paid - keep, "bankruptcy: unpaid part", span)
    return short_one


def _share_cash(
    game: Game,
    actor: str,
    owed: list[Debt],
    creditors: list[str | None],
    plan: _Sharing,
    taker: str | None,
    span: Span,
) -> None:
    """The cash left goes to the creditors, in proportion to what each was owed (BKR-03,
    CF-41), or all of it to the one who takes the estate (`taker`)."""
    cash = game.state.player(actor).cash
    if cash <= 0:
        return
    if plan.first_unpaid or plan.in_turn:
        targets: list[str | None] = [taker]
        weights = [1]
    else:
        targets = [d.creditor for d in owed] or [creditors[0]]
        weights = [d.amount for d in owed] or [1]
        if plan.reading == "equal-shares" and plan.several:
            weights = [1] * len(targets)
    for creditor, share in zip(targets, cash_split.shares(cash, weights), strict=True):
        game.transfer(actor, creditor, share, "bankruptcy: cash", span)


def _estate_to_player(game: Game, actor: str, heir: str, span: Span) -> None:
    """Every deed (a mortgaged one opening the heir's 10 % choice, BKR-06) and jail card."""
    st = game.state
    me = st.player(actor)
    for deed in st.owned_by(actor):
        deed.owner = heir
        if deed.mortgaged:
            add_choice(game, heir, deed.square, "bankruptcy", span)
    st.player(heir).cards.extend(me.cards)
    me.cards.clear()


def _estate_to_bank(game: Game, actor: str, span: Span) -> None:
    """Every deed back to the bank free of its mortgage, for auction as CF-39 says (BKR-07,
    BKR-08), and the jail cards under their decks (BKR-09)."""
    st = game.state
    me = st.player(actor)
    deeds = st.owned_by(actor)
    free = [game.name(d.square) for d in deeds if not d.mortgaged]
    reading = game.ruling("CF-39")
    all_lots = estate_decision(game).right == judge.Choice(True)  # the free deeds auctioned
    if free:
        listed = ", ".join(free)
        if all_lots:
            message = (
                f"every deed of {actor} goes to auction free of mortgage (reading "
                f"{reading}); under reading auction-mortgaged-only {listed} would return "
                "to the bank unsold"
            )
        else:
            message = (
                f"only the mortgaged deeds of {actor} go to auction (reading {reading}), so "
                f"{listed} {'returns' if len(free) == 1 else 'return'} to the bank unowned; "
                "reading auction-all would auction them too"
            )
        # whether the bank auctions them shows on the lines that follow (follow.py)
        filed = game.ambiguous("CF-39", message, span, "BKR-07")
        handle = None if filed is None else game.findings.last
        squares = frozenset(d.square for d in deeds if not d.mortgaged)
        follow.note_estate(game, follow.EstatePoint(handle, message, span, squares))
    freed = game.mortgages.freed
    for deed in deeds:
        if deed.mortgaged or all_lots:
            open_lot(game, deed.square, None, span)
        if deed.mortgaged:
            freed.add(deed.square)  # auctioned free of its mortgage (BKR-08)
        deed.owner = None
        deed.mortgaged = False
    for card in me.cards:
        card_to_deck(game, card)
    me.cards.clear()


def first_short(game: Game, actor: str, owed: list[Debt]) -> str | None:
    """The first creditor left short when the debtor's cash pays each payment in full in seat
    order from the debtor's left, the bank last (CF-41 turn-order); None: the bank (or no
    debt). When none is left short, the last creditor."""
    ordered = sorted(owed, key=lambda d: seat_distance(game, actor, d.creditor))
    full = payments(game, ordered)
    left = max(0, sum(full) - max(0, -game.state.player(actor).cash))
    for debt, paid in zip(ordered, full, strict=True):
        if paid > left:
            return debt.creditor
        left -= paid
    return ordered[-1].creditor if ordered else None


def seat_distance(game: Game, actor: str, other: str | None) -> int:
    """How many seats to the left of `actor` `other` sits (the bank last)."""
    names = [p.name for p in game.state.players]
    if other is None or other not in names:
        return len(names)
    return (names.index(other) - names.index(actor)) % len(names)


def leave_landing(game: Game, actor: str) -> None:
    """A player out of the game owes no more of their landing (BKR-02): a card still to draw
    stays in the deck, and a throw for a utility rent is not made (the estate settles it)."""
    flow = flow_of(game)
    if flow.draw is not None and flow.draw.player == actor:
        flow.draw = None
    if flow.throw is not None and flow.throw.player == actor:
        flow.throw = None


def payments(game: Game, owed: list[Debt]) -> list[int]:
    """The whole payment each debt came from (its ledger entry, the latest one when several
    match), at least the shortfall. The ledger is read once, backwards, into a lookup by
    payer, payee, line and reason: scanning it again for every debt made a turn with many
    debts quadratic (10,000 debts took 25 s)."""
    wanted = {(d.debtor, d.creditor, d.span, d.reason) for d in owed}
    found: dict[tuple[str | None, str | None, Span, str], int] = {}
    for t in reversed(game.transfers):
        if len(found) == len(wanted):
            break
        key = (t.payer, t.payee, t.span, t.reason)
        if key in wanted and key not in found:
            found[key] = t.amount
    return [
        max(found.get((d.debtor, d.creditor, d.span, d.reason), d.amount), d.amount) for d in owed
    ]


def card_to_deck(game: Game, card_id: str) -> None:
    """A Get Out of Jail Free card goes back under its own deck (BKR-09, CF-55)."""
    deck = game.state.decks.get(game.edition.card(card_id).deck)
    if deck is None:
        return
    if card_id in deck.held_out:
        deck.held_out.remove(card_id)
    deck.slots.append(card_id)
