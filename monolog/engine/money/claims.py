"""Rent claims as the record states them (RENT-01..13, RENT-03).

The rent itself is worked out and applied on landing (`landing.land`, `rent.quote_rent`). Here
the record's `rent`, `rent unclaimed`, `dice` and `no throw` clauses are checked against it, and
the recorded amount replaces the derived one. The `tax` clause is taxes.py's.
"""

from __future__ import annotations

from ...notation.events import Dice, NoThrow, RentUnclaimed, Span
from ...notation.events import Rent as RentEvent
from ..core import declared, follow, house_rules, judge
from ..core.game import Game
from ..core.names import actor_of, resolve_player
from ..core.obligations import Due, cancel_due, flow_of, settle_due
from ..turn.landing import group_key
from .claim_deadline import deadline_judged, late_claim
from .rent import quote_rent
from .rent_judgement import rent_judged, unowed_charge_judged


def _claim(game: Game, tenant: str) -> Due | None:
    for claim in reversed(flow_of(game).claims):
        if claim.player == tenant and not claim.stated:
            return claim
    return None


def claim_time_decision(
    game: Game, claim: Due, now_amount: int, now_owner: str | None
) -> judge.Decision:
    """CF-24: the rent a claim asks for when the board changed between the landing and the
    claim: the landing's rent and creditor under at-landing, the board's at the claim under
    at-claim (`now_amount`, `now_owner`). The other reading is an alternative only where its
    amount differs (an owner changed alone: the figure says nothing of the reading)."""
    landing = judge.Outcome(claim.amount or 0, claim.player, claim.payee)
    at_claim = judge.Outcome(now_amount, claim.player, now_owner or claim.payee)
    if game.ruling("CF-24") == "at-claim":
        right, other = at_claim, judge.Alternative("CF-24", "at-landing", landing)
    else:
        right, other = landing, judge.Alternative("CF-24", "at-claim", at_claim)
    others = (other,) if landing.amount != at_claim.amount else ()
    return judge.Decision(right, "RENT-01", others)


def _rent_changed(game: Game, claim: Due, span: Span, written: int | None) -> bool:
    """CF-24: the board changed between landing and claim; say what the claim-time rent is.

    Under at-landing the claim keeps the rent and creditor of the landing; under at-claim the
    rent and the owner collecting it are those of the board at the claim. `written` is the rent
    the record states, judged by `claim_time_decision`: the one A24 says which reading it agrees
    with (none, for a figure neither gives: the rent's own judgement then gives the M code).
    Returns True when the record wrote the other reading's figure, which is then paid.
    """
    if claim.square is None or claim.board is None or claim.amount is None:
        return False
    if group_key(game, claim.square) == claim.board[1]:
        return False
    now = quote_rent(game, claim.square, claim.player, dice=flow_of(game).last_dice)
    now_amount = now.amount if now.amount is not None else 0
    if now_amount == claim.amount and now.owner == claim.payee:
        return False
    decision = claim_time_decision(game, claim, now_amount, now.owner)
    message = _claim_time_words(game, claim, now_amount, now.owner)
    if game.ruling("CF-24") == "at-claim":
        claim.amount = now_amount
        claim.reason = now.reason
        claim.rule = now.rule
        if now.owner is not None:
            claim.payee = now.owner

    def named(follows: str | None = None) -> None:
        game.ambiguous("CF-24", message, span, "RENT-01", follows=follows)

    verdict = judge.compare_arising(game, decision, written)
    if verdict.kind == judge.BREAKS:
        named()  # the point named with no reading shown; the amount is the rent's to judge
        return False
    shown = written is not None and bool(decision.others)  # the reading in force's figure

    def agree() -> None:
        named(game.ruling("CF-24") if shown else None)

    words = judge.Words("M301", message, other=lambda _: message, agree=agree)
    judge.file(game, verdict, written, span, decision.rule, words)
    return verdict.kind == judge.FOLLOWS


def _claim_time_words(game: Game, claim: Due, now_amount: int, now_owner: str | None) -> str:
    """The A24's message: the rent under the reading in force, then under the other."""
    reading = game.ruling("CF-24")
    name = game.name(claim.square or 0)
    then = f"{game.money(claim.amount or 0)} to {claim.payee}"
    later = f"{game.money(now_amount)}" + (f" to {now_owner}" if now_owner else "")
    if reading == "at-claim":
        return (
            f"the rent on {name} is {later} with the board as it is at the claim (reading "
            f"{reading}); as the board stood when {claim.player} landed (reading at-landing) "
            f"it would be {then}"
        )
    return (
        f"the rent on {name} is {then} as the board stood when {claim.player} landed "
        f"(reading {reading}); with the board as it is at the claim (reading at-claim) it "
        f"would be {later}"
    )


def on_rent(game: Game, ev: RentEvent) -> None:
    tenant = actor_of(game, ev)
    if tenant is None:
        return
    payee = resolve_player(game, ev.payee, ev.span) if ev.payee is not None else None
    if ev.payee is not None and payee is None:
        return
    claim = _claim(game, tenant) or late_claim(game, tenant)
    if claim is None:
        _rent_not_due(game, tenant, ev, payee)
        return
    departs = _rent_changed(game, claim, ev.span, ev.amount)
    _claim_checked(game, ev, claim, tenant, payee)
    if claim.amount is None and claim.per_pip and unowed_charge_judged(game, claim, ev):
        _rent_from_throw(game, ev, claim)  # no throw: the card's charge is not paid (CF-58)
    elif claim.amount is None and claim.per_pip:
        # waiting for a throw: the recorded rent must be a multiple of the rate (2..12 pips)
        if ev.amount is not None and (
            ev.amount % claim.per_pip or not 2 <= ev.amount // claim.per_pip <= 12
        ):
            name = game.name(claim.square or 0)
            game.emit(
                "M301",
                f"the rent on {name} is {claim.per_pip} times a throw of the dice, so "
                f"{game.money(ev.amount)} cannot be right",
                ev.span,
                claim.rule,
                expected=f"{claim.per_pip}x",
                recorded=ev.amount,
            )
        _rent_from_throw(game, ev, claim)
    elif (
        claim.amount is not None
        and ev.amount is not None
        and not house_rules.rent_skipped(game, claim, ev.amount, ev.span)
        and not departs  # the figure of the other reading of CF-24: named there
    ):
        rent_judged(game, claim, ev, payee)
        return
    judge.follow(game, claim, ev.amount, ev.span, payee=payee)


def _claim_checked(game: Game, ev: RentEvent, claim: Due, tenant: str, payee: str | None) -> None:
    """The claim's creditor (RENT-01) and its deadline (RENT-03, CF-22: claim_deadline.py)
    checked."""
    if payee is not None and payee != claim.payee:
        name = game.name(claim.square or 0)
        when = "at the claim" if game.ruling("CF-24") == "at-claim" else f"when {tenant} landed"
        game.emit(
            "M303",
            f"the rent on {name} is owed to {claim.payee}, who owned it {when}",
            ev.span,
            "RENT-01",
            expected=claim.payee,
            recorded=payee,
        )
    deadline_judged(game, ev, claim, tenant)


def _rent_from_throw(game: Game, ev: RentEvent, claim: Due) -> None:
    """A rent waiting for a throw: with the dice already thrown, the rent is worked out from
    them (a throw made before the landing is named: `_no_fresh_throw`)."""
    flow = flow_of(game)
    if flow.throw is claim:
        flow.throw = None
        if claim.card is None and flow.last_dice is not None:
            _no_fresh_throw(game, claim, ev, flow.last_dice)
            if ev.amount is None:
                claim.amount = (claim.per_pip or 0) * flow.last_dice


def _rent_not_due(game: Game, tenant: str, ev: RentEvent, payee: str | None) -> None:
    """A rent written with no unpaid landing to claim it: M302, unless the record plays a
    disputed point (CF-24, CF-58) by another reading; the rent written is paid as recorded."""
    p = game.state.player(tenant)
    quote = quote_rent(game, p.position, tenant)
    here = game.name(p.position)
    if _lifted_since_landing(game, tenant, ev, payee) or _card_utility_paid(game, ev, payee):
        return
    if quote.owner is None:
        message = quote.reason
    else:
        message = f"no rent is due: {tenant} has no unpaid landing on {here}"
    dropped = _dropped_rent(game, tenant, payee)
    if dropped is not None:
        message += (
            f"; taken as the rent of the landing on {game.name(dropped.square or 0)} (line "
            f"{dropped.span.line}), written late: paid once, as written"
        )
    if dropped is None and house_rules.rent_waived(game, quote.owner):
        # a rent to the jailed owner: the declared no-rent-in-jail (CF-68) counted at the
        # landing of this line is not what the record played
        declared.withdraw(game, "CF-68", ev.span.line)
    game.emit("M302", message, ev.span, quote.rule, expected=0, recorded=ev.amount)
    if dropped is not None:
        # the replay paid the landing's rent when none was written: this line is that payment
        judge.follow(game, dropped, ev.amount, ev.span, payee=payee)
        return
    # the rent written was paid at the table: to the player named, else to the deed's owner
    # (a mortgaged deed's too, which the quote leaves without one as it charges nothing)
    deed = game.state.deeds.get(p.position)
    to = payee or quote.owner or (deed.owner if deed is not None else None)
    if to is not None and to != tenant and ev.amount:
        game.transfer(tenant, to, ev.amount, "rent as recorded", ev.span)


def _dropped_rent(game: Game, tenant: str, payee: str | None) -> Due | None:
    """The rent of `tenant`'s last landing, when the replay paid it with none written and every
    reading of CF-22 has dropped its claim since, owed to `payee` (if one is written)."""
    due = flow_of(game).last_rent.get(tenant)
    if due is None or due.stated or due.entry is None or payee not in (None, due.payee):
        return None
    return due


def _card_utility_paid(game: Game, ev: RentEvent, payee: str | None) -> bool:
    """CF-58 under nothing-owed: the nearest-utility card sent the tenant to a mortgaged
    utility, and the record throws and pays the owner ten times the throw. That is the play of
    reading ten-times-anyway, named once (the A58 filed at the card and the W003 at the throw
    are filed again as one finding, here) and replayed as written. False for any other rent."""
    flow = flow_of(game)
    card = flow.card_utility
    tenant = actor_of(game, ev)
    if card is None or card.throw is None or card.player != tenant or card.owner is None:
        return False
    if ev.amount != 10 * card.throw or payee not in (None, card.owner):
        return False
    if game.state.player(tenant).position != card.square or not follow.record_settles(game):
        return False
    flow.card_utility = None
    game.findings.withdraw(card.noted[0])
    if card.throw_handle is not None:
        game.findings.withdraw(card.throw_handle)
    game.ambiguous(
        "CF-58",
        f"{tenant} throws {card.throw} and pays {card.owner} {game.money(ev.amount)}, ten times "
        "the throw (reading ten-times-anyway: the card's charge is a payment of its own); "
        f"{game.name(card.square)} is mortgaged, so under reading {game.ruling('CF-58')} "
        "nothing is owed and no throw is made",
        ev.span,
        "RENT-09",
        follows="ten-times-anyway",
    )
    game.transfer(tenant, card.owner, ev.amount, "rent as recorded", ev.span)
    return True


def _lifted_since_landing(game: Game, tenant: str, ev: RentEvent, payee: str | None) -> bool:
    """A rent written for a landing on a deed that was mortgaged then and is not now (RENT-02,
    CF-24): the mortgage was lifted between the landing and the claim (an owner may lift it at
    once when a token lands, as askinglot.com's answer has it). Under reading at-landing no rent
    was due for that landing; under at-claim the board at the claim sets it. A rent written at
    the claim's figure follows reading at-claim (A24, a departure where at-landing is in force)
    and is paid as written; another figure is M302 (M301 under at-claim). False when this is not
    such a rent."""
    st = game.state
    p = st.player(tenant)
    deed = st.deeds.get(p.position)
    if flow_of(game).mortgaged_landing.get(tenant) != p.position or deed is None or deed.mortgaged:
        return False
    here = game.name(p.position)
    now = quote_rent(game, p.position, tenant, dice=flow_of(game).last_dice)
    if now.owner is None or now.amount is None:
        return False
    reading = game.ruling("CF-24")
    then = f"{here} was mortgaged when {tenant} landed on it, so no rent was due for that landing"
    later = f"{game.money(now.amount)} to {now.owner}, the mortgage having been lifted since"
    if ev.amount is None or ev.amount == now.amount:
        if reading == "at-claim":
            message = (
                f"the rent on {here} is {later}, with the board as it is at the claim (reading "
                f"{reading}); as the board stood at the landing (reading at-landing), {then}"
            )
        else:
            message = (
                f"{then} (reading {reading}: the board as it stood when the token came to "
                f"rest); reading at-claim, the board at the claim, makes it {later}"
            )
        game.ambiguous("CF-24", message, ev.span, "RENT-01", follows="at-claim")
    elif reading == "at-claim":
        game.emit(
            "M301",
            f"the rent on {here} at the claim is {game.money(now.amount)} (reading {reading}): "
            f"{now.reason}",
            ev.span,
            now.rule,
            expected=now.amount,
            recorded=ev.amount,
        )
    else:
        game.emit(
            "M302",
            f"no rent is due: {here} was mortgaged when {tenant} landed on it, and lifting the "
            f"mortgage afterwards does not make rent due for that landing (reading {reading})",
            ev.span,
            "RENT-02",
            expected=0,
            recorded=ev.amount,
        )
    amount = now.amount if ev.amount is None else ev.amount
    to = payee or now.owner
    # the rent written was paid at the table; a replay measuring reading at-landing (follow.py)
    # charges none
    if reading != "at-claim" and not follow.record_settles(game):
        amount = 0
    if to != tenant and amount:
        game.transfer(tenant, to, amount, "rent as recorded", ev.span)
    flow_of(game).mortgaged_landing.pop(tenant, None)
    return True


def _no_fresh_throw(game: Game, claim: Due, ev: RentEvent, moved_by: int) -> None:
    """CF-19 fresh-roll: the rent was recorded but not the fresh throw that sets it (RENT-10).

    The recorded rent stands (the record is what happened at the table); the finding says the
    throw is missing and what the movement roll would have made the rent.
    """
    name = game.name(claim.square or 0)
    by_roll = (claim.per_pip or 0) * moved_by
    if ev.amount is not None:
        taken = f"the recorded {game.money(ev.amount)} is taken"
    else:
        taken = f"with no amount recorded either, the roll of {moved_by} is used"
    game.ambiguous(
        "CF-19",
        f"no fresh throw recorded for the rent on {name}: reading {game.ruling('CF-19')} has "
        f"{claim.player} throw afresh to set it, and {taken}; under reading movement-roll the "
        f"roll of {moved_by} sets it at {game.money(by_roll)}",
        ev.span,
        "RENT-10",
        follows=_throw_shown(claim, ev.amount, by_roll),
    )


def _throw_shown(claim: Due, amount: int | None, by_roll: int) -> str | None:
    """The reading of CF-19 a rent written with no throw shows: the movement roll's figure is
    that reading's play; another figure that some throw of two dice gives (a multiple of the
    rate, 2 to 12 times) is a fresh throw's, left unwritten. Any other figure, or none, shows
    no throw at all."""
    per_pip = claim.per_pip or 0
    if amount is None or per_pip <= 0:
        return None
    if amount == by_roll:
        return "movement-roll"
    if amount % per_pip == 0 and 2 <= amount // per_pip <= 12:
        return "fresh-roll"
    return None


def lapse_decision(game: Game, claim: Due) -> judge.Decision:
    """CF-22: whether a rent left unclaimed lapses (True) or stays owed (False) under the reading
    in force, with each other reading that decides otherwise: every reading lets a site's rent
    lapse; sites-only alone keeps a railroad's or a utility's owed."""
    if claim.square is None or game.square(claim.square).kind == "site":
        return judge.Decision(judge.Choice(True), "RENT-03")
    if game.ruling("CF-22") == "sites-only":
        others = (
            judge.Alternative("CF-22", "until-next-roll", judge.Choice(True)),
            judge.Alternative("CF-22", "second-player-rolls", judge.Choice(True)),
        )
        return judge.Decision(judge.Choice(False), "RENT-03", others)
    other = judge.Alternative("CF-22", "sites-only", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "RENT-03", (other,))


def on_unclaimed(game: Game, ev: RentUnclaimed) -> None:
    """`rent unclaimed`: the record has the claim lapse (the figure `True` of `lapse_decision`),
    and the replay follows it: no rent is paid (the reading in force in a replay measuring it)."""
    tenant = actor_of(game, ev)
    if tenant is None:
        return
    claim = _claim(game, tenant)
    if claim is None:
        game.emit(
            "M302",
            f"no rent was due from {tenant} to go unclaimed",
            ev.span,
            "RENT-03",
            expected=None,
            recorded="unclaimed",
        )
        return
    decision = lapse_decision(game, claim)
    verdict = judge.compare_arising(game, decision, True)
    name = game.name(claim.square or 0)
    owed = game.money(claim.amount) if claim.amount is not None else "the rent"

    def other(alt: judge.Alternative) -> str:
        return (
            f"{claim.payee} did not claim the rent on {name}: under reading "
            f"{game.ruling('CF-22')} it is owed all the same, the deadline to ask being for "
            f"sites alone, and {tenant} would pay {owed}; reading {alt.reading} lets the claim "
            f"lapse, as the record does, and {tenant} pays nothing"
        )

    words = judge.Words(
        "M304",
        f"the rent on {name} is owed all the same (reading {game.ruling('CF-22')})",
        other=other,
        agree=lambda: _lapsed_named(game, ev, claim, tenant, owed),
    )
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    if judge.measured(game, decision, True):
        return  # the reading in force keeps the rent owed
    cancel_due(game, claim)
    flow = flow_of(game)
    if flow.throw is claim:
        flow.throw = None


def _lapsed_named(game: Game, ev: RentUnclaimed, claim: Due, tenant: str, owed: str) -> None:
    """The A22 of a claim left to lapse as the reading in force has it, naming the others."""
    name = game.name(claim.square or 0)
    reading = game.ruling("CF-22")
    if game.square(claim.square or 0).kind == "site":
        other = "the deadline binds a site's rent under every reading"
    else:
        other = (
            f"reading sites-only keeps the claim open off the sites, and {tenant} would pay {owed}"
        )
    if reading == "second-player-rolls":
        deadline = "the second player after the tenant threw"
    else:
        deadline = "the next player's first roll"
        other += "; reading second-player-rolls, the older printings' deadline, gives one more turn"
    game.ambiguous(
        "CF-22",
        f"{claim.payee} did not claim the rent on {name} before {deadline}, "
        f"so none is owed (reading {reading}); {other}",
        ev.span,
        "RENT-03",
        follows=reading,  # the record has the claim lapse, as the reading in force does
    )


def on_dice(game: Game, ev: Dice) -> None:
    """`dice 3-4`: the throw that sets a utility rent after a card (or under CF-19 fresh-roll)."""
    player = actor_of(game, ev)
    if player is None:
        return
    flow = flow_of(game)
    due = flow.throw
    if due is not None and due.per_pip:
        flow.throw = None
        due.amount = due.per_pip * ev.total
        due.reason = f"rent is {game.money(due.amount)}: {due.per_pip} times the throw {ev.total}"
        settle_due(game, due, due.amount, due.span)
        due.stated = False  # the rent clause may still follow and is checked against this
        return
    claim = _claim(game, player)
    if claim is not None and claim.per_pip and claim.amount is not None and flow.last_dice:
        fresh = claim.per_pip * ev.total
        message = (
            f"the rent on {game.name(claim.square or 0)} is {game.money(claim.amount)}, from "
            f"the roll of {flow.last_dice} that brought {player} there (reading "
            f"{game.ruling('CF-19')}); the fresh throw would make it {game.money(fresh)}"
        )
        filed = game.ambiguous(
            "CF-19",
            message,
            ev.span,
            "RENT-10",
            follows="fresh-roll",  # the record throws afresh: M990 where the text settles it
        )
        if filed is not None:
            # kept even where both throws give one figure: a rent that neither gives withdraws it
            claim.thrown = (game.findings.last, claim.amount, message)
        # reported once, above: the rent is then judged by the throw the record made
        claim.amount = fresh
        claim.reason = f"rent is {game.money(fresh)}: {claim.per_pip} times the throw {ev.total}"
        return
    game.emit(
        "W003",
        f"a throw of the dice that moves nothing and settles nothing: {player} owes no "
        "utility rent here",
        ev.span,
        "RENT-10",
        recorded=f"{ev.die1}-{ev.die2}",
    )
    card_utility = flow.card_utility
    if card_utility is not None and card_utility.player == player and card_utility.throw is None:
        card_utility.throw = ev.total  # CF-58: a rent of ten times it follows ten-times-anyway
        card_utility.throw_handle = game.findings.last


def on_no_throw(game: Game, ev: NoThrow) -> None:
    """`dice same`: no new throw for a utility rent, the roll that moved the token setting it.

    After a card that sends the token to a utility the card has the player throw (RENT-09):
    the moving roll in its place is M417. After a landing by the dice it is the rent's throw
    under reading movement-roll of CF-19, and a departure under fresh-roll. The rent is then
    replayed at that roll, as the table did."""
    player = actor_of(game, ev)
    if player is None:
        return
    flow = flow_of(game)
    due = flow.throw
    moved = flow.last_dice if flow.last_dice is not None else flow.last_roll
    if due is None or not due.per_pip or moved is None:
        claim = _claim(game, player)
        if claim is not None and claim.per_pip and claim.amount is not None:
            return  # landed by the dice under movement-roll: that roll sets the rent already
        game.emit(
            "W003",
            f"'dice same' settles nothing: {player} owes no utility rent to be set by a throw",
            ev.span,
            "RENT-10",
            recorded="same",
        )
        return
    flow.throw = None
    name = game.name(due.square or 0)
    due.amount = due.per_pip * moved
    due.reason = (
        f"rent is {game.money(due.amount)}: {due.per_pip} times the roll of {moved} that moved "
        f"{player}, with no new throw"
    )
    if due.card is not None:
        game.emit(
            "M417",
            f"the card that sent {player} to {name} has {player} throw the dice for the rent, "
            f"but no new throw was made: the roll of {moved} that brought {player} to the card "
            f"is used, so {game.money(due.amount)}",
            ev.span,
            "RENT-09",
            expected="a new throw",
            recorded="same",
        )
    else:
        in_force = game.ruling("CF-19")
        other = (
            f"reading {in_force}, in force, has {player} throw afresh"
            if in_force != "movement-roll"
            else f"reading fresh-roll would have {player} throw afresh"
        )
        game.ambiguous(
            "CF-19",
            f"no new throw for the rent on {name}: the roll of {moved} that brought {player} "
            f"there sets it at {game.money(due.amount)} (reading movement-roll); {other}",
            ev.span,
            "RENT-10",
            follows="movement-roll",
        )
    settle_due(game, due, due.amount, due.span)
    due.stated = False  # the rent clause may still follow and is checked against this
