"""The amount of a rent the record writes, judged: decide, compare, follow (judge.py).

`rent_decision` says what each reading makes the rent of a claim: the reading in force, and
the other reading of the disputed point that set the figure (CF-01 double rent beside a
mortgaged site, CF-20 which railroads or utilities count, CF-19 which throw sets a utility
rent, CF-58 the nearest-utility card on a mortgaged utility). `rent_judged` sets the figure
written against them, files its one finding (agrees, the A code of the reading it follows, or
M301 with the right figure) and has the replay pay what the record wrote.
"""

from __future__ import annotations

from ...notation.events import Rent as RentEvent
from ..core import judge, record
from ..core.game import Game
from ..core.obligations import Due, flow_of
from .rent import CARD_DICE_TIMES_10


def rent_judged(game: Game, claim: Due, ev: RentEvent, payee: str | None) -> None:
    """The rent written set against what each reading makes it (`rent_decision`), one finding
    filed for it, and the record followed."""
    if claim.thrown is None and (ev.amount is None or ev.amount == (claim.amount or 0)):
        # what `judge.judge` makes of a figure that agrees, without the decision, verdict and
        # words made for it (no figure of another reading counts then): about 2% of the
        # replay of 200 simulated games, most rents agreeing (benchmarks/README.md)
        if claim.noted:
            _landing_notes_agree(game, claim)
        judge.follow(game, claim, ev.amount, ev.span, payee=payee)
        return
    decision = rent_decision(game, claim)
    verdict, _ = judge.judge(game, decision, ev.amount, ev.span, _rent_words(game, claim, ev))
    if verdict.kind != judge.BREAKS:
        judge.follow(game, claim, ev.amount, ev.span, payee=payee)
        return
    handle = game.findings.last
    if claim.thrown is not None:
        # the throw's A19 said the record follows fresh-roll; the figure follows no reading
        game.findings.withdraw(claim.thrown[0])
        claim.thrown = None
    judge.follow(game, claim, ev.amount, ev.span, payee=payee)
    # a count may show it was the slip
    record.written_slip(game, claim, judge.amount(verdict.right), handle)


def rent_decision(game: Game, claim: Due) -> judge.Decision:
    """What each reading makes the rent of `claim` (its amount set): the reading in force, and
    the other reading of the disputed point that set the figure (CF-01, CF-20: `claim.other`;
    CF-19: the record threw afresh, `claim.thrown`, where movement-roll is in force, or the
    moving roll where fresh-roll is; CF-58: nothing owed for the card's charge)."""
    amount = claim.amount or 0
    others: list[judge.Alternative] = []
    if claim.thrown is not None:
        others.append(judge.Alternative("CF-19", "fresh-roll", _owed(claim, amount), "RENT-10"))
        amount = claim.thrown[1]
    moved = _moving_roll_rent(game, claim)
    if moved is not None:
        others.append(judge.Alternative("CF-19", "movement-roll", _owed(claim, moved), "RENT-10"))
    unowed = card_charge_unowed(game, claim)
    if unowed is not None:
        others.append(unowed)
    if claim.other is not None:
        cf, reading, figure = claim.other
        # a utility's other reading is a rate: the figure is that rate times the dice
        times = 1 if claim.per_pip is None else flow_of(game).last_dice
        if times is not None:
            others.append(judge.Alternative(cf, reading, _owed(claim, figure * times)))
    return judge.Decision(_owed(claim, amount), claim.rule, tuple(others))


def _moving_roll_rent(game: Game, claim: Due) -> int | None:
    """CF-19 under fresh-roll: the rent of a utility reached by the dice, set by the throw the
    record made, would be the moving roll's figure under reading movement-roll (None where
    the point does not arise: a card's move has the tenant throw under either reading)."""
    dice = flow_of(game).last_dice
    if claim.per_pip is None or claim.card is not None or dice is None:
        return None
    if game.ruling("CF-19") != "fresh-roll":
        return None
    return claim.per_pip * dice


def card_charge_unowed(game: Game, claim: Due) -> judge.Alternative | None:
    """CF-58 under ten-times-anyway: the nearest-utility card sent the tenant to a mortgaged
    utility, where reading nothing-owed charges nothing (None where the point does not arise)."""
    if claim.card != CARD_DICE_TIMES_10 or claim.square is None:
        return None
    deed = game.state.deeds.get(claim.square)
    if deed is None or not deed.mortgaged or game.ruling("CF-58") != "ten-times-anyway":
        return None
    return judge.Alternative("CF-58", "nothing-owed", _owed(claim, 0))


def unowed_charge_judged(game: Game, claim: Due, ev: RentEvent) -> bool:
    """A rent of nothing written where the card's ten times the throw waits for a throw on a
    mortgaged utility (CF-58 under ten-times-anyway): the figure of reading nothing-owed, named
    as the record's choice, and nothing paid. False where this is not such a rent."""
    unowed = card_charge_unowed(game, claim)
    if unowed is None or ev.amount != 0:
        return False
    verdict = judge.Verdict(judge.FOLLOWS, unowed.outcome, unowed)
    judge.file(game, verdict, ev.amount, ev.span, claim.rule, _rent_words(game, claim, ev))
    return True


def _throws_differ(claim: Due) -> bool:
    """CF-19: the record threw afresh where the moving roll sets the rent, and the two throws
    give different figures (where they give one, the throw's A19 stands as filed)."""
    return claim.thrown is not None and claim.thrown[1] != claim.amount


def _owed(claim: Due, amount: int) -> judge.Outcome:
    return judge.Outcome(amount, claim.payer, claim.payee)


def _rent_words(game: Game, claim: Due, ev: RentEvent) -> judge.Words:
    """What the rent's finding says: a figure no reading gives (M301), the other reading's
    figure (its A code) and a figure that agrees (the points the landing named, filed again
    saying so)."""
    name = game.name(claim.square or 0)
    message, rule = claim.reason, claim.rule
    if _throws_differ(claim) and claim.thrown is not None:
        # CF-19: the throw's own words say what the moving roll and the fresh throw give
        message, rule = claim.thrown[2], "RENT-10"
    elif rule == "RENT-05" and ev.amount == 0 and claim.amount:
        # nothing paid on a group with a mortgaged site: the other sites still charge rent
        message = f"{message}; {name} itself is not mortgaged and still charges its rent"
        rule = "RENT-11"

    def other(alt: judge.Alternative) -> str | None:
        if alt.cf == "CF-19" and alt.reading == "movement-roll":
            written = game.money(judge.amount(alt.outcome))
            return (
                f"the rent written on {name}, {written}, is the figure "
                f"of the roll of {flow_of(game).last_dice} that brought {claim.player} there "
                f"(reading movement-roll); reading {game.ruling('CF-19')} makes it "
                f"{game.money(claim.amount or 0)}, from the fresh throw"
            )
        if alt.cf == "CF-19":
            return None  # named at the throw, with the record's choice
        if alt.cf == "CF-58":
            return _card_charge_unpaid(game, claim)
        return _other_named(game, claim, alt, ev.amount or 0)

    def agree() -> None:
        if _throws_differ(claim):
            _paid_by_moving_roll(game, claim, ev)
        elif claim.noted:
            _landing_notes_agree(game, claim)

    return judge.Words("M301", message, rule, other, agree)


def _paid_by_moving_roll(game: Game, claim: Due, ev: RentEvent) -> bool:
    """CF-19: the record threw afresh (A19 filed at the throw, as a fresh-roll play), then wrote
    the rent of the roll that moved the tenant. The rent is the moving roll's after all: the
    A19 is filed again in its place, at the rent, saying the record agrees with that reading,
    and the rent is settled at that figure."""
    if claim.thrown is None or ev.amount is None or ev.amount != claim.thrown[1]:
        return False
    handle, figure, message = claim.thrown
    claim.thrown = None
    game.findings.withdraw(handle)
    game.ambiguous(
        "CF-19",
        f"{message}; the rent written is the moving roll's",
        ev.span,
        "RENT-10",
        follows="movement-roll",
    )
    claim.amount = figure
    return True


def _card_charge_unpaid(game: Game, claim: Due) -> str:
    """CF-58: the record pays nothing for the card's ten times the throw on a mortgaged utility,
    the play of reading nothing-owed; the card's note of the point is withdrawn, the point named
    once, here."""
    for handle, cf, _ in claim.noted:
        if cf == "CF-58":
            game.findings.withdraw(handle)
    claim.noted = [n for n in claim.noted if n[1] != "CF-58"]
    return (
        f"{claim.player} pays {claim.payee} nothing: {game.name(claim.square or 0)} is "
        "mortgaged, and the card's ten times the throw stands in for the rent, which a "
        "mortgaged deed does not collect (reading nothing-owed); under reading "
        f"{game.ruling('CF-58')} the card's charge is a payment of its own and is owed all the same"
    )


def _landing_notes_agree(game: Game, claim: Due) -> None:
    """The rent written is the figure of the readings in force: the disputed points named at
    the landing (CF-01, CF-20), before the record wrote a figure, are filed again in their
    place saying the record agrees with them."""
    for handle, cf, message in claim.noted:
        game.findings.withdraw(handle)
        game.ambiguous(cf, message, claim.span, claim.rule, follows=game.ruling(cf))
    claim.noted = []


def _other_named(game: Game, claim: Due, alt: judge.Alternative, written: int) -> str:
    """The rent written is the figure of the other reading of the disputed point that set this
    rent (CF-01, CF-20): the point is named at the rent clause, once (the landing's note of it
    withdrawn), as the record's departure from the reading in force."""
    name = game.name(claim.square or 0)
    expected = game.money(claim.amount) if claim.amount is not None else "another figure"
    for handle, noted_cf, _ in claim.noted:
        if noted_cf == alt.cf:
            game.findings.withdraw(handle)  # the point is named once, here, with the choice
    claim.noted = [n for n in claim.noted if n[1] != alt.cf]
    return (
        f"the rent written on {name}, {game.money(written)}, is the figure of reading "
        f"{alt.reading}; reading {game.ruling(alt.cf)} makes it {expected}"
    )
