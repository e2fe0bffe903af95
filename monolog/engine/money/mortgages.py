"""Mortgages: taking them, lifting them, and the 10 % on mortgaged deeds received (MORT).

A deed received mortgaged, in a deal or a bankruptcy, leaves its receiver a choice to make at once
(MORT-07, BKR-06, CF-38): lift the mortgage (`unmortgage`, the mortgage value plus 10 %) or pay
the 10 % and keep it mortgaged (`interest`). The open choices live here; `flag_unsettled` reports
the ones a record never settled. Lifting later always costs the mortgage value plus 10 % again.
Amounts are worked out per deed and rounded as CF-34 says; a written amount that differs from
the derived one only by that rounding is reported as the disputed point, not as a violation
(mortgage_amounts.py, judged by judge.py).

The record is what happened at the table: a deed mortgaged again (M702) or mortgaged while its
group has buildings (M703), a mortgage lifted that was not there (M705) and a 10% paid that was
not due (M707) are reported and then carried out as written, so the money moved and the later
counts go on from it; so is a lift paid with cash the actor does not have (M710: the cash goes
below zero). A deed the actor does not hold (M701, M705, M707) cannot be mortgaged or lifted by
them: that deed alone is left out of the line, and the rest of it is followed.
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Interest, Mortgage, Ref, Span, Unmortgage
from ..bankruptcy.deeds_heir import deeds_taken
from ..building.holdings import (
    buildings_in_group,
    group_built,
    group_label,
    group_of,
    interest,
    lift_cost,
    owner_word,
    resolve_square,
)
from ..core import follow, judge
from ..core.game import Game
from ..core.invariants import followed
from ..core.names import squares_if_named
from ..core.pending_state import MortgageChoice
from ..core.skipped import not_replayed
from .debts import note_payment, unpaid_lot
from .mortgage_amounts import amount_judged, receipt_lift_decision
from .mortgage_points import (
    bare_site_decision,
    short_interest_decision,
    unpaid_lot_decision,
)

# the open choices and the deeds freed at a bankruptcy live in `game.mortgages`
# (pending_state.MortgageState)


def pending_mortgage_choices(game: Game) -> list[MortgageChoice]:
    """The mortgaged deeds received whose receiver has not yet paid the 10 % or lifted them."""
    return game.mortgages.choices


def add_choice(game: Game, player: str, square: int, origin: str, span: Span) -> None:
    """A mortgaged deed has just passed to `player` (MORT-07, BKR-06, CF-38)."""
    choices = pending_mortgage_choices(game)
    choices[:] = [c for c in choices if c.square != square]
    choices.append(MortgageChoice(player, square, origin, span))


def settles_open_choices(game: Game, player: str, refs: tuple[Ref, ...]) -> bool:
    """Whether every deed `refs` names is a mortgaged deed `player` received and has not settled.

    Nothing is filed: a name that resolves to no such deed simply answers no.
    """
    open_squares = {c.square for c in pending_mortgage_choices(game) if c.player == player}
    if not refs or not open_squares:
        return False
    for ref in refs:
        squares = squares_if_named(game, ref)
        if len(squares) != 1 or squares[0].index not in open_squares:
            return False
    return True


def _take_choice(game: Game, player: str, square: int) -> MortgageChoice | None:
    choices = pending_mortgage_choices(game)
    for c in choices:
        if c.player == player and c.square == square:
            choices.remove(c)
            return c
    return None


def flag_unsettled(game: Game, span: Span) -> None:
    """Report the received mortgaged deeds on which neither choice was made (MORT-07), once
    for each receipt, at the line where they were received (the choice was due there); `span`
    is where the record moved on without it."""
    choices = pending_mortgage_choices(game)
    if not choices:  # at nearly every turn's end
        return
    _report_unsettled(game, [c for c in choices if not c.reported], span)
    choices.clear()


def flag_unsettled_deals(game: Game, span: Span) -> None:
    """The game is over (`span`): the 10 % choices on mortgaged deeds received in deals, which
    were due at once, are reported as at a turn's end (M709). Those of the estate that ended the
    game are not: nothing is owed once the game is over."""
    choices = pending_mortgage_choices(game)
    _report_unsettled(game, [c for c in choices if c.origin == "deal" and not c.reported], span)
    choices.clear()


def flag_unsettled_at_end(game: Game, span: Span) -> None:
    """The record ends (at `span`) with the game still on: the 10 % choices on mortgaged deeds
    received in deals, due at once, that the record never made are reported (M709), as at the
    game's end (`flag_unsettled_deals`). (Before, such a record was clean.)"""
    choices = pending_mortgage_choices(game)
    wanted = [c for c in choices if c.origin == "deal" and not c.reported]
    _report_unsettled(game, wanted, span, ended=True)


def passed_on(game: Game, square: int, span: Span) -> None:
    """A deed handed on in a deal while its last receiver's choice on it is still open: the
    choices of that receipt were due at once, before the deed could pass on, so they are
    reported now (one M709, at the line the deeds were received); the deed's choice is closed
    and the receipt's others stay open, already reported, for a late `interest` or `unmortgage`
    to settle. The next receiver's choice is their own. (Before, the choice was dropped
    without a word.)"""
    choices = pending_mortgage_choices(game)
    receipt = {(c.player, c.span) for c in choices if c.square == square and not c.reported}
    left = [c for c in choices if (c.player, c.span) in receipt]
    _report_unsettled(game, left, span)
    for c in left:  # the rest of the receipt stays open, to be settled late without a word
        c.reported = True
    choices[:] = [c for c in choices if c.square != square]


def _report_unsettled(
    game: Game, choices: list[MortgageChoice], span: Span, ended: bool = False
) -> None:
    receipts: dict[tuple[str, Span], list[MortgageChoice]] = {}
    for c in choices:
        receipts.setdefault((c.player, c.span), []).append(c)
    for (player, at), group in receipts.items():
        squares = [game.square(c.square) for c in group]
        due = [interest(game, sq) for sq in squares]
        lift = [lift_cost(game, sq) for sq in squares]
        many = len(squares) > 1
        game.emit(
            "M709",
            f"{player} received {game.listing([sq.name for sq in squares])} mortgaged here "
            f"and owed the 10% at once ({game.listing([game.money(d) for d in due])}), or "
            f"to lift {'the mortgages' if many else 'the mortgage'} "
            f"({game.listing([game.money(x) for x in lift])}): neither was done before "
            + ("the record ends" if ended else f"line {span.line}"),
            at,
            "BKR-06" if group[0].origin == "bankruptcy" else "MORT-07",
            expected=sum(due),
            recorded=0,
            data={"player": player, "squares": [sq.name for sq in squares], "line": span.line},
        )


def _squares(game: Game, ev: Mortgage | Unmortgage | Interest) -> list[Square] | None:
    out: list[Square] = []
    for ref in ev.squares:
        sq = resolve_square(game, ref, ev.span)
        if sq is None:
            return None
        out.append(sq)
    return out


def _left_out(
    game: Game, ev: Mortgage | Unmortgage | Interest, actor: str, sq: Square, line: list[Square]
) -> str:
    """The words for a deed left out of a mortgage line: not the actor's, so nothing to follow;
    the rest of the line (`line`: its deeds) is replayed where another of its deeds is the
    actor's, and a written amount moves as written (skipped.py)."""
    held = [
        other
        for other in line
        if other.index != sq.index
        and (deed := game.state.deeds.get(other.index)) is not None
        and deed.owner == actor
    ]
    parts = ["the rest of the line is replayed"] if held else []
    if ev.amount is not None:
        parts.append(f"the {game.money(ev.amount)} written changes hands as recorded")
    rest = ", and ".join(parts)
    return not_replayed(f"{sq.name} is not {actor}'s") + (f" ({rest})" if rest else "")


def _written_money(game: Game, ev: Mortgage | Unmortgage | Interest, actor: str) -> None:
    """Every deed of the line left out: the amount it writes still moves (skipped.py)."""
    if ev.amount is None:
        return
    if isinstance(ev, Mortgage):
        game.transfer(None, actor, ev.amount, "lent on deeds not mortgaged", ev.span)
    else:
        game.transfer(actor, None, ev.amount, "paid on deeds not theirs", ev.span)


# --------------------------------------------------------------------------- mortgage


def _mortgage_in_built_group(game: Game, span: Span, sq: Square, site_bare: bool) -> None:
    """A site mortgaged while its group has buildings, set against what each reading of CF-33
    says (`bare_site_decision`), and its one finding filed: A33 where the record follows or
    agrees with site-bare, M703 where no reading allows it. The record's mortgage is replayed
    as made; the point is named in a replay measuring the reading in force too."""
    built = buildings_in_group(game, sq.index)
    group = group_label(game, sq.index)
    decision = bare_site_decision(game, site_bare)
    verdict = judge.compare_arising(game, decision, True)

    def other(_: judge.Alternative) -> str:
        return (
            f"{sq.name} is mortgaged while the {group} group has buildings ({built}): reading "
            f"{game.ruling('CF-33')} has every site of the group bare first; reading site-bare "
            f"asks only that {sq.name} be bare"
        )

    def agree() -> None:
        game.ambiguous(
            "CF-33",
            f"{sq.name} is bare, so it may be mortgaged while the {group} group has buildings "
            f"({built}) under reading site-bare; reading whole-group-bare would have "
            f"{built} sold to the bank first",
            span,
            "MORT-01",
            follows="site-bare",
        )

    wrong = (
        f"{sq.name} cannot be mortgaged while the {group} group has buildings: sell {built} "
        "to the bank first"
    )
    words = judge.Words("M703", wrong, other=other, agree=agree, shown=(0, built))
    judge.file(game, verdict, True, span, decision.rule, words)
    followed(game, (d.square for d in group_of(game, sq.index)))


def on_mortgage(game: Game, ev: Mortgage, actor: str) -> None:
    """`mortgage Sq, Sq [for N]`: the bank lends each deed's mortgage value (MORT-01, MORT-02)."""
    squares = _squares(game, ev)
    if squares is None:
        return
    skipped = False  # a deed the actor does not hold: only that one is left out
    for sq in list(squares):
        deed = game.state.deeds.get(sq.index)
        if deed is None or deed.owner != actor:
            game.emit(
                "M701",
                f"{actor} cannot mortgage {sq.name}: "
                + (
                    "it is not a property"
                    if deed is None
                    else f"it belongs to {owner_word(game, deed.owner)}"
                )
                + "; "
                + _left_out(game, ev, actor, sq, squares),
                ev.span,
                "MORT-04",
                expected=actor,
                recorded=None if deed is None else owner_word(game, deed.owner),
            )
            squares.remove(sq)
            skipped = True
            continue
        if deed.mortgaged:
            game.emit(
                "M702",
                f"{sq.name} is mortgaged already: a deed is mortgaged once, until it is lifted",
                ev.span,
                "MORT-02",
                expected=False,
                recorded=True,
            )
            continue  # reported; the bank's money moved at the table: the replay follows it
        if group_built(game, sq.index):  # CF-33, judged; the replay mortgages it as recorded
            _mortgage_in_built_group(game, ev.span, sq, not (deed.houses or deed.hotel))
            continue
    if not squares:
        _written_money(game, ev, actor)
        return
    for sq in squares:
        _mortgaged_unpaid_lot(game, actor, sq, ev.span)
    derived = sum(sq.mortgage_value for sq in squares)
    if skipped:  # an amount written for the whole line is what moved; no sum to check it by
        moved = derived if ev.amount is None else ev.amount
    else:
        moved = amount_judged(game, ev, actor, squares)
    for sq in squares:
        game.state.deeds[sq.index].mortgaged = True
        game.mortgages.freed.discard(sq.index)
    names = game.listing([sq.name for sq in squares])
    game.transfer(None, actor, moved, f"mortgaged {names}", ev.span)


def _mortgaged_unpaid_lot(game: Game, actor: str, sq: Square, span: Span) -> None:
    """CF-60: the deed mortgaged was won at auction and its price is still owed, set against
    what each reading says (`unpaid_lot_decision`). The record mortgages it, so it follows
    reading lot-mortgaged (A60, named in a replay measuring the reading in force too); the
    mortgage is replayed as recorded."""
    debt = unpaid_lot(game, actor, sq.index)
    if debt is None:
        return
    reading = game.ruling("CF-60")
    line = debt.span.line
    won = f"{actor} mortgages {sq.name}, won at auction on line {line} and not yet paid for"
    decision = unpaid_lot_decision(game)
    verdict = judge.compare_arising(game, decision, True)

    def other(_: judge.Alternative) -> str:
        return (
            f"{won}: the bid is paid in cash before the deed is received, so the deed cannot "
            f"fund it (reading {reading}); reading lot-mortgaged would allow it"
        )

    def agree() -> None:
        game.ambiguous(
            "CF-60",
            f"{won}, to help pay the bid (reading {reading}); reading lot-not-mortgaged has the "
            "bid paid in cash before the deed is received, so it could not fund it",
            span,
            "BUY-06",
            follows="lot-mortgaged",
        )

    # never an M code: one reading or the other allows every such mortgage (no verdict breaks)
    words = judge.Words("M990", won, other=other, agree=agree)
    judge.file(game, verdict, True, span, decision.rule, words)


# --------------------------------------------------------------------------- unmortgage


def on_unmortgage(game: Game, ev: Unmortgage, actor: str) -> None:
    """`unmortgage Sq, Sq [for N]`: pay the mortgage value plus 10 % for each (MORT-03).

    Lifting a mortgage received in a deal or a bankruptcy settles its 10 % choice; at once it
    costs the mortgage plus 10 % in all (CF-36 one-ten), or a further 10 % on top under the
    one-twenty reading when it came in a bankruptcy.
    """
    squares = _squares(game, ev)
    if squares is None:
        return
    extra: dict[int, int] = {}
    received: list[Square] = []  # deeds received in a bankruptcy, lifted on receipt (CF-36)
    lifted_free = False  # a deed that is not mortgaged was "lifted" (M705, followed)
    skipped = False  # a deed the actor does not hold: only that one is left out
    for sq in list(squares):
        deed = game.state.deeds.get(sq.index)
        if deed is not None and deed.owner != actor:
            _taken_as_heir(game, actor, sq.index, ev.span, lifted=True)  # CF-59 first-unpaid
        if deed is None or deed.owner != actor or not deed.mortgaged:
            why = (
                "it is not a property"
                if deed is None
                else f"it belongs to {owner_word(game, deed.owner)}"
                if deed.owner != actor
                else "it is not mortgaged"
            )
            held = deed is not None and deed.owner == actor
            rule = "MORT-03"
            if held and sq.index in game.mortgages.freed:
                why += ", as a deed auctioned after a bankruptcy to the bank is sold free of it"
                rule = "BKR-08"
            game.emit(
                "M705",
                f"{actor} cannot lift a mortgage on {sq.name}: {why}"
                + ("" if held else "; " + _left_out(game, ev, actor, sq, squares)),
                ev.span,
                rule,
                expected=None,
                recorded=sq.name,
            )
            if deed is None or deed.owner != actor:
                squares.remove(sq)  # not the actor's deed: nothing to follow there
                skipped = True
                continue
            lifted_free = True
            continue  # the actor paid the bank at the table: the replay follows the payment
        if _received_in_bankruptcy(game, actor, sq):
            received.append(sq)
    if not squares:
        _written_money(game, ev, actor)
        return
    if received:
        extra = _lifted_on_receipt(game, ev, actor, squares, received, skipped)
    added = sum(extra.values())
    derived = sum(lift_cost(game, sq) for sq in squares) + added
    cost = derived if ev.amount is None else ev.amount
    if not lifted_free and not _lift_paid(game, ev, actor, squares, cost):
        return
    # with a deed left out, an amount written for the whole line is what moved (no sum to check)
    moved = cost if skipped else amount_judged(game, ev, actor, squares, added)
    for sq in squares:
        game.state.deeds[sq.index].mortgaged = False
        _take_choice(game, actor, sq.index)
    names = game.listing([sq.name for sq in squares])
    game.transfer(actor, None, moved, f"lifted the mortgage on {names}", ev.span)


def _received_in_bankruptcy(game: Game, actor: str, sq: Square) -> bool:
    """Whether the mortgaged deed came to the actor in a bankruptcy and its 10 % choice is
    still open (CF-36)."""
    choice = next(
        (c for c in pending_mortgage_choices(game) if c.player == actor and c.square == sq.index),
        None,
    )
    return choice is not None and choice.origin == "bankruptcy"


def _lift_paid(game: Game, ev: Unmortgage, actor: str, squares: list[Square], cost: int) -> bool:
    """A lift paid with cash the actor does not have (MORT-03): reported, and followed with the
    cash below zero. False when the replay cannot follow it (a replay under another reading has
    its own cash)."""
    cash = game.state.player(actor).cash
    if cost > cash:
        game.emit(
            "M710",
            f"{actor} cannot pay {game.money(cost)} to lift "
            f"{'this mortgage' if len(squares) == 1 else 'these mortgages'} with "
            f"{game.money(cash)} in hand",
            ev.span,
            "MORT-03",
            expected=cash,
            recorded=cost,
        )
        if not follow.record_settles(game):
            return False  # a replay under another reading has its own cash: it cannot pay there
        # reported; the mortgage was lifted at the table: the replay follows, cash below 0
    return True


def _lifted_on_receipt(
    game: Game,
    ev: Unmortgage,
    actor: str,
    squares: list[Square],
    received: list[Square],
    skipped: bool,
) -> dict[int, int]:
    """CF-36: mortgages received in a bankruptcy lifted at once cost the mortgage plus 10 % in
    all (one-ten), or a further 10 % on top (one-twenty), as `receipt_lift_decision` says. The
    point is named at each deed received; an amount written for the line shows the record's
    reading when it is one reading's sum alone, and a record that follows the other reading is
    replayed so (its amount is what moved, not a wrong figure). Returns the further 10 % applied,
    by square."""
    decision = receipt_lift_decision(game, actor, squares, received)
    written = None if skipped else ev.amount  # with a deed left out, the line's sum shows none
    shown = judge.shown_reading(game, decision, "CF-36", written)
    reading = game.ruling("CF-36")
    tens = {sq.index: interest(game, sq) for sq in received}
    for sq in received:
        ten = tens[sq.index]
        game.ambiguous(
            "CF-36",
            f"{sq.name} lifted on receipt for "
            + (
                f"{game.money(lift_cost(game, sq) + ten)} (mortgage plus 10% plus the 10% due "
                f"on receipt); under the one-ten reading it costs "
                f"{game.money(lift_cost(game, sq))}"
                if reading == "one-twenty"
                else f"{game.money(lift_cost(game, sq))} (mortgage plus 10%); under the "
                f"one-twenty reading a further {game.money(ten)} would be due"
            ),
            ev.span,
            "BKR-06",
            follows=shown,  # the reading the amount written on the line shows, if one alone
        )
    # the record's reading is followed, except in a replay measuring the reading in force
    measured = judge.measured(game, decision, written)
    applied = shown if shown is not None and not measured else reading
    return tens if applied == "one-twenty" else {}


# --------------------------------------------------------------------------- interest


def on_interest(game: Game, ev: Interest, actor: str) -> None:
    """`interest Sq, Sq [for N]`: the 10 % on mortgaged deeds just received, kept mortgaged.

    MORT-07, BKR-06: due only on a deed received mortgaged whose choice is still open. A player
    who cannot pay it owes it to the bank like any debt (CF-37 debt-to-bank).
    """
    squares = _squares(game, ev)
    if squares is None:
        return
    skipped = False  # a deed the actor does not hold: only that one is left out
    for sq in list(squares):
        choice = _open_choice(game, actor, sq.index, ev.span)
        if choice is None:
            deed = game.state.deeds.get(sq.index)
            owned = deed is not None and deed.owner == actor
            why = (
                "it is not a property"
                if deed is None
                else f"it belongs to {owner_word(game, deed.owner)}"
                if deed.owner != actor
                else "it is not mortgaged"
                if not deed.mortgaged
                else "it was not just received mortgaged"
            )
            game.emit(
                "M707",
                f"no 10% is due from {actor} on {sq.name}: {why}"
                + ("" if owned else "; " + _left_out(game, ev, actor, sq, squares)),
                ev.span,
                "MORT-07",
                expected=0,
                recorded=interest(game, sq),
            )
            if not owned:
                squares.remove(sq)  # not the actor's deed: nothing to follow there
                skipped = True
            # else the actor paid the bank at the table: the replay follows the payment
    if not squares:
        _written_money(game, ev, actor)
        return
    derived = sum(interest(game, sq) for sq in squares)
    if skipped:  # an amount written for the whole line is what moved; no sum to check it by
        moved = derived if ev.amount is None else ev.amount
    else:
        moved = amount_judged(game, ev, actor, squares)
    for sq in squares:
        _take_choice(game, actor, sq.index)
    names = game.listing([sq.name for sq in squares])
    game.transfer(actor, None, moved, f"10% on mortgaged {names} received", ev.span)
    if game.state.player(actor).cash < 0:
        _short_interest_judged(game, actor, ev.span)
        note_payment(game, actor, None, moved, "mortgage interest", ev.span)


def _open_choice(game: Game, actor: str, square: int, span: Span) -> MortgageChoice | None:
    """`actor`'s open 10 % choice on `square`; where none is open, the deed may be one of an
    estate owed to several players the record gave `actor` as the first creditor left short
    (CF-59 first-unpaid, deeds_heir.py): then the deeds are followed to `actor`, each mortgaged
    one opening its choice."""
    choice = _choice_of(game, actor, square)
    if choice is not None or not _taken_as_heir(game, actor, square, span, lifted=False):
        return choice
    return _choice_of(game, actor, square)


def _taken_as_heir(game: Game, actor: str, square: int, span: Span, lifted: bool) -> bool:
    """Whether the line (the 10 % paid on `square`, or its mortgage `lifted`) shows the record
    gave `actor` the deeds of an estate owed to several players, as the first creditor left
    short (CF-59 first-unpaid, deeds_heir.py): then they are followed to `actor`, each
    mortgaged one opening its 10 % choice where the deeds were received."""
    taken = deeds_taken(game, actor, square, span.line, lifted)
    if taken is None:
        return False
    given, received = taken
    for sq in given:
        add_choice(game, actor, sq, "bankruptcy", received)
    return True


def _choice_of(game: Game, actor: str, square: int) -> MortgageChoice | None:
    """`actor`'s open 10 % choice on `square`, if any."""
    for c in pending_mortgage_choices(game):
        if c.player == actor and c.square == square:
            return c
    return None


def _short_interest_judged(game: Game, actor: str, span: Span) -> None:
    """The 10% on mortgaged deeds received paid now by a receiver who cannot cover it (the
    record keeps the deeds and pays), set against `short_interest_decision`: named as the
    debt to the bank it is under debt-to-bank; under defer-interest it follows debt-to-bank
    (A37). The payment and the debt it leaves are replayed as recorded."""
    decision = short_interest_decision(game)
    verdict = judge.compare_arising(game, decision, True)

    def other(alt: judge.Alternative) -> str:
        return (
            f"{actor} pays the 10% on mortgaged deeds received now without the cash to cover "
            f"it, a debt to the bank (reading {alt.reading}); under reading "
            f"{game.ruling('CF-37')} the 10% waits until the mortgage is lifted"
        )

    def agree() -> None:
        if game.ruling("CF-37") != "debt-to-bank":
            return  # refuse-deeds lets the deeds be kept: nothing to name
        game.ambiguous(
            "CF-37",
            f"{actor} cannot cover the 10% on mortgaged deeds received, so it is a debt to "
            f"the bank; under the refuse-deeds reading the deeds could be turned down",
            span,
            "BKR-06",
            follows="debt-to-bank",  # the record keeps the deeds and pays the 10% now
        )

    # never an M code: debt-to-bank allows the payment under every reading in force
    words = judge.Words("M990", f"{actor} pays the 10% now", other=other, agree=agree)
    judge.file(game, verdict, True, span, decision.rule, words)
