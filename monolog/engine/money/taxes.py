"""Taxes as the record states them (TAX-01..04, CF-34, CF-42, CF-43).

The tax itself falls due on landing (`landing.land`); here the record's `tax` clause is checked
against it: the flat amount, or the percentage of the player's total worth where the edition
offers that option, and when the choice between the two is made. The recorded amount replaces
the derived one.
"""

from __future__ import annotations

from ...notation.events import Tax
from ..building.holdings import ROUNDING_WORDS, other_roundings, percent_of
from ..core import follow, judge, record
from ..core.game import Game
from ..core.names import actor_of
from ..core.obligations import Due, find_due, settle_due
from ..turn.landing import percent_tax_square
from .worth import TaxMeasure, tax_measures


def on_tax(game: Game, ev: Tax) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    due = find_due(game, "tax", player)
    if due is None:
        pos = game.state.player(player).position
        amount = ev.amount or 0
        game.emit(
            "M408",
            f"no tax is due: {player} is on {game.name(pos)}, not a tax square",
            ev.span,
            "TAX-01",
            expected=0,
            recorded=amount,
        )
        if amount:
            game.transfer(player, None, amount, "tax as recorded", ev.span)
        return
    if follow.tax_ignored(game, due, ev.span):
        return
    counted = _counted_first(game, ev, due, player) if ev.counted else None
    if ev.percent is not None and _percent_tax(game, ev, due, player, counted):
        return
    if ev.percent is None and due.amount is not None:
        # the flat tax: no reading sets another figure
        decision = judge.Decision(judge.Outcome(due.amount, player), "TAX-01")
        words = judge.Words("M407", f"the tax is {game.money(due.amount)}: {due.reason}")
        _tax_judged(game, ev, due, decision, words, counted)
        return
    judge.follow(game, due, ev.amount, ev.span)


def _tax_judged(
    game: Game,
    ev: Tax,
    due: Due,
    decision: judge.Decision,
    words: judge.Words,
    counted: int | None,
) -> None:
    """The tax written set against what each reading makes it, its one finding filed, and the
    record followed (a count may later show a wrong figure was the slip). `counted` is the A43
    filed for `counted` (its handle): a figure no reading gives follows no reading in full, so
    it is filed again naming no choice."""
    verdict = judge.compare(game, decision, ev.amount)
    if verdict.kind == judge.BREAKS and counted is not None:
        game.findings.withdraw(counted)
        _counted_first(game, ev, due, due.player, choice_shown=False)
    judge.file(game, verdict, ev.amount, ev.span, decision.rule, words)
    judge.follow(game, due, ev.amount, ev.span)
    if verdict.kind == judge.BREAKS:
        record.written_slip(game, due, judge.amount(verdict.right), game.findings.last)


def _percent_tax(game: Game, ev: Tax, due: Due, player: str, counted: int | None) -> bool:
    """`tax 10%`: the percentage option (TAX-02, TAX-03, CF-42, CF-43).

    Returns False when the option is not open here (M409, the flat amount stands); otherwise
    the due becomes the percentage of the worth on landing and the recorded amount is checked.
    """
    offered = game.edition.rules.income_tax_percent
    flat = due.amount or 0
    if not _option_open(game, ev, due, offered) or offered is None:
        return False
    flat_reason = due.reason
    measures = _percent_of_worth(game, ev, due, player, offered)
    amount = due.amount or 0
    if _choice_after_count(game, ev, player, offered, amount, flat):
        due.amount, due.reason, due.rule = flat, flat_reason, "TAX-04"
        settle_due(game, due, flat, ev.span)
        return True
    if amount > flat and game.ruling("CF-43") == "choice-first" and not ev.counted:
        game.ambiguous(
            "CF-43",
            f"{player} chose {offered}% before the adding up and it comes to "
            f"{game.money(amount)}, more than the flat {game.money(flat)}: the choice binds "
            f"(reading {game.ruling('CF-43')}); reading choice-after-count would let "
            f"{player} switch to the flat {game.money(flat)} once the worth is known",
            ev.span,
            "TAX-04",
            # the percentage's figure paid: the written choice held; the flat one: the choice
            # followed the count (judged once, below, as that reading's figure)
            follows={amount: "choice-first", flat: "choice-after-count"}.get(ev.amount or -1),
        )
    decision, words = _percent_judgement(game, ev, due, player, offered, measures, flat)
    _tax_judged(game, ev, due, decision, words, counted)
    return True


def _option_open(game: Game, ev: Tax, due: Due, offered: int | None) -> bool:
    """Whether the percentage option is open at this tax (M409 when not: the flat amount
    stands); a percentage other than the one offered is named and the offered one applied."""
    name = game.name(due.square or 0)
    flat = due.amount or 0
    if offered is None or due.worth is None or due.square != percent_tax_square(game):
        why = (
            "this edition offers no percentage option"
            if offered is None
            else f"only {game.name(percent_tax_square(game) or 0)} offers a percentage"
        )
        game.emit(
            "M409",
            f"{name} is a flat {game.money(flat)}: {why}",
            ev.span,
            "TAX-02",
            expected=flat,
            recorded=f"{ev.percent}%",
        )
        return False
    if ev.percent != offered:
        game.emit(
            "M409",
            f"the option at {name} is {offered}% of total worth, not {ev.percent}%",
            ev.span,
            "TAX-02",
            expected=f"{offered}%",
            recorded=f"{ev.percent}%",
        )
    return True


def _percent_of_worth(game: Game, ev: Tax, due: Due, player: str, offered: int) -> list[TaxMeasure]:
    """The due becomes the percentage of the player's worth (TAX-03), measured as the reading
    in force has it; the other readings' figures named (CF-42). Gives the worth under each
    reading, the one in force (the measure used) first."""
    measures = tax_measures(game, player, due.worth or 0, due.entry.amount if due.entry else 0)
    used = measures[0]
    amount = percent_of(game, used.worth, offered)
    due.amount = amount
    due.reason = (
        f"{offered}% of {player}'s total worth {game.money(used.worth)}, {used.how}, "
        "buildings at cost"
    )
    due.rule = "TAX-03"
    others = [
        f"reading {m.reading} takes {game.money(m.worth)}, so "
        f"{game.money(percent_of(game, m.worth, offered))}"
        for m in measures[1:]
        if m.worth != used.worth
    ]
    worth_follows: str | None = None
    if others:
        # the reading whose worth gives the figure written, the one in force first
        figures = {m.reading: percent_of(game, m.worth, offered) for m in measures}
        worth_follows = next((r for r, f in figures.items() if f == ev.amount), None)
        game.ambiguous(
            "CF-42",
            f"{player} chose {offered}%: total worth {game.money(used.worth)} {used.how} "
            f"(reading {used.reading}), so {game.money(amount)}; " + "; ".join(others),
            ev.span,
            "TAX-03",
            follows=worth_follows,
        )
    return measures


def _percent_judgement(
    game: Game,
    ev: Tax,
    due: Due,
    player: str,
    offered: int,
    measures: list[TaxMeasure],
    flat: int,
) -> tuple[judge.Decision, judge.Words]:
    """What each reading makes the percentage: the reading in force; the same percentage rounded
    another way (CF-34); the worth measured another way (CF-42, named already at the worth).
    A figure none gives is a wrong amount (M407; TAX-04 when it is the flat sum after the
    choice)."""
    amount = due.amount or 0
    used = measures[0]
    others = [
        judge.Alternative("CF-34", reading, judge.Outcome(figure, player))
        for reading, figure in other_roundings(game, used.worth, offered).items()
    ]
    others += [
        judge.Alternative(
            "CF-42", m.reading, judge.Outcome(percent_of(game, m.worth, offered), player)
        )
        for m in measures[1:]
    ]

    def other(alt: judge.Alternative) -> str | None:
        if alt.cf == "CF-42":
            return None  # named at the worth, with the record's choice
        if alt.cf == "CF-43":
            return None if ev.counted or amount > flat else _flat_after_choice(game, player, ev)
        # the same percentage rounded another way: the disputed rounding, as for mortgages
        reading = game.ruling("CF-34")
        return (
            f"{offered}% of {game.money(used.worth)} is {game.money(amount)} rounded "
            f"{ROUNDING_WORDS[reading]} (reading {reading}); reading {alt.reading} gives the "
            f"{game.money(judge.amount(alt.outcome))} recorded"
        )

    if game.ruling("CF-43") == "choice-first":
        # the flat sum paid after writing the percentage: the choice followed the count
        others.append(judge.Alternative("CF-43", "choice-after-count", judge.Outcome(flat, player)))
    words = judge.Words("M407", f"the tax is {game.money(amount)}: {due.reason}", "TAX-03", other)
    return judge.Decision(judge.Outcome(amount, player), "TAX-03", tuple(others)), words


def _flat_after_choice(game: Game, player: str, ev: Tax) -> str:
    """CF-43 under choice-first: the percentage written, then the flat sum paid, where the
    percentage comes to less (named once, here: no A43 was filed for a binding choice)."""
    return (
        f"{player} wrote {ev.percent}% but paid the flat {game.money(ev.amount or 0)}: the "
        f"choice is made before the count and binds (reading {game.ruling('CF-43')}); reading "
        "choice-after-count lets the player settle on the flat tax once the worth is known"
    )


def _counted_first(
    game: Game, ev: Tax, due: Due, player: str, *, choice_shown: bool = True
) -> int | None:
    """`tax … counted`: the record says the player counted their worth before choosing between
    the flat tax and the percentage (CF-43, TAX-04). Named where the choice exists; a tax with
    no percentage option has no choice to time, and the word changes nothing. Gives the
    finding's handle, if one is filed. `choice_shown` False: the figure written is no option's,
    so the record shows no choice that a reading allows."""
    offered = game.edition.rules.income_tax_percent
    if offered is None or due.worth is None or due.square != percent_tax_square(game):
        return None
    flat = game.money(due.amount or 0)
    paid_flat = ev.percent is None or (ev.amount is not None and ev.amount == due.amount)
    chose = f"the flat {flat}" if paid_flat else f"{offered}%"
    if game.ruling("CF-43") == "choice-first":
        why = (
            "the choice is made before any worth is worked out and binds (reading choice-first); "
            "reading choice-after-count lets the player choose once the worth is known"
        )
    else:
        why = (
            "the choice may follow the count (reading choice-after-count); under reading "
            "choice-first it is made before any worth is worked out"
        )
    if not choice_shown:
        game.ambiguous(
            "CF-43", f"{player} counted their total worth before paying: {why}", ev.span, "TAX-04"
        )
        return None
    filed = game.ambiguous(
        "CF-43",
        f"{player} counted their total worth and then chose {chose} over the other option: {why}",
        ev.span,
        "TAX-04",
        follows="choice-after-count",
    )
    return None if filed is None else game.findings.last


def _choice_after_count(
    game: Game, ev: Tax, player: str, offered: int, percent: int, flat: int
) -> bool:
    """CF-43 choice-after-count: a player who wrote the percentage may settle on the flat tax
    once the worth is known (TAX-04). True when the record does so and the reading allows it.

    Under choice-first the written choice binds, and the flat amount after it is a wrong
    amount (M407); here it is the player's final choice, and the finding says what choice-first
    would have charged.
    """
    if game.ruling("CF-43") != "choice-after-count" or ev.amount != flat or flat == percent:
        return False
    if ev.counted:
        return True  # the count before the choice is named once, at `counted`
    game.ambiguous(
        "CF-43",
        f"{player} wrote {offered}% but paid the flat {game.money(flat)} once the count put "
        f"{offered}% at {game.money(percent)}: the choice may follow the count (reading "
        f"choice-after-count); under reading choice-first the {offered}% chosen first binds "
        f"and {game.money(percent)} is owed",
        ev.span,
        "TAX-04",
        follows="choice-after-count",  # the record pays the flat tax after the count
    )
    return True
