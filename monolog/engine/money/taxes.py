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
from ..core.obligations import Due, find_due
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
    if ev.percent is not None and _percent_tax(game, ev, due, player):
        return
    if ev.percent is None and due.amount is not None:
        if ev.amount is None or ev.amount == due.amount:
            # what `judge.compare` makes of a flat tax that agrees (no reading sets another
            # figure, nothing filed), without the decision, verdict and words made for it, as
            # rents and salaries do (1,812 taxes over run.py's 200 games; benchmarks/README.md)
            if ev.counted:
                _counted_first(game, ev, due, player)
            judge.follow(game, due, ev.amount, ev.span)
            return
        decision = flat_decision(due, player)
        verdict = judge.compare(game, decision, ev.amount)
        if ev.counted and verdict.kind != judge.BREAKS:
            _counted_first(game, ev, due, player)
        words = judge.Words("M407", f"the tax is {game.money(due.amount)}: {due.reason}")
        _tax_filed(game, ev, due, decision, verdict, words)
        return
    if ev.counted:
        _counted_first(game, ev, due, player)
    judge.follow(game, due, ev.amount, ev.span)


def flat_decision(due: Due, player: str) -> judge.Decision:
    """The flat tax `due` asks of `player` (TAX-01): no reading sets another figure."""
    return judge.Decision(judge.Outcome(due.amount or 0, player), "TAX-01")


def _tax_filed(
    game: Game,
    ev: Tax,
    due: Due,
    decision: judge.Decision,
    verdict: judge.Verdict,
    words: judge.Words,
) -> None:
    """The tax's one finding filed for `verdict`, and the record followed (a count may later
    show a wrong figure was the slip). A figure no reading gives follows no reading in full:
    a count written before it is named with no choice."""
    if verdict.kind == judge.BREAKS and ev.counted:
        _counted_first(game, ev, due, due.player, choice_shown=False)
    judge.file(game, verdict, ev.amount, ev.span, decision.rule, words)
    judge.follow(game, due, ev.amount, ev.span)
    if verdict.kind == judge.BREAKS:
        record.written_slip(game, due, judge.amount(verdict.right), game.findings.last)


def _percent_tax(game: Game, ev: Tax, due: Due, player: str) -> bool:
    """`tax 10%`: the percentage option (TAX-02, TAX-03, CF-42, CF-43).

    Returns False when the option is not open here (M409, the flat amount stands); otherwise
    the due becomes the percentage of the worth on landing and the recorded amount is judged
    against what each reading makes it.
    """
    offered = game.edition.rules.income_tax_percent
    if offered is None or not _option_open(game, due):
        _option_closed(game, ev, due, offered)
        return False
    flat, flat_reason = due.amount or 0, due.reason
    measures = tax_measures(game, player, due.worth or 0, due.entry.amount if due.entry else 0)
    worth = percent_decision(game, player, offered, measures)
    decision = choice_decision(game, player, worth, flat, ev.amount)
    verdict = judge.compare(game, decision, ev.amount)
    if ev.counted and verdict.kind != judge.BREAKS:
        _counted_first(game, ev, due, player)
    if ev.percent != offered:
        name = game.name(due.square or 0)
        game.emit(
            "M409",
            f"the option at {name} is {offered}% of total worth, not {ev.percent}%",
            ev.span,
            "TAX-02",
            expected=f"{offered}%",
            recorded=f"{ev.percent}%",
        )
    _name_worth(game, ev, due, player, measures, worth)
    percent = judge.amount(worth.right)
    if decision.rule == "TAX-04":  # the flat tax settled on once the worth was known
        due.amount, due.reason, due.rule = flat, flat_reason, "TAX-04"
    elif percent > flat and game.ruling("CF-43") == "choice-first" and not ev.counted:
        game.ambiguous(
            "CF-43",
            f"{player} chose {offered}% before the adding up and it comes to "
            f"{game.money(percent)}, more than the flat {game.money(flat)}: the choice binds "
            f"(reading {game.ruling('CF-43')}); reading choice-after-count would let "
            f"{player} switch to the flat {game.money(flat)} once the worth is known",
            ev.span,
            "TAX-04",
            # the percentage's figure paid: the written choice held; the flat one: the choice
            # followed the count (judged once, below, as that reading's figure)
            follows=judge.first_reading(game, decision, "CF-43", ev.amount),
        )
    words = _percent_words(game, ev, due, (measures[0].worth, percent, flat))
    _tax_filed(game, ev, due, decision, verdict, words)
    return True


def _option_open(game: Game, due: Due) -> bool:
    """Whether the percentage option is open at this tax."""
    return due.worth is not None and due.square == percent_tax_square(game)


def _option_closed(game: Game, ev: Tax, due: Due, offered: int | None) -> None:
    """The percentage written where it is not offered: M409, the flat amount stands."""
    flat = due.amount or 0
    why = (
        "this edition offers no percentage option"
        if offered is None
        else f"only {game.name(percent_tax_square(game) or 0)} offers a percentage"
    )
    game.emit(
        "M409",
        f"{game.name(due.square or 0)} is a flat {game.money(flat)}: {why}",
        ev.span,
        "TAX-02",
        expected=flat,
        recorded=f"{ev.percent}%",
    )


def percent_decision(
    game: Game, player: str, offered: int, measures: list[TaxMeasure]
) -> judge.Decision:
    """What the percentage comes to (TAX-03): `offered`% of the worth the reading in force
    measures (`measures[0]`), rounded as CF-34's reading in force has it; the same worth rounded
    another way (CF-34) and the worth measured another way (CF-42) as the other readings."""
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
    right = judge.Outcome(percent_of(game, used.worth, offered), player)
    return judge.Decision(right, "TAX-03", tuple(others))


def choice_decision(
    game: Game, player: str, percent: judge.Decision, flat: int, written: int | None
) -> judge.Decision:
    """The tax of a player who wrote the percentage, under each reading of CF-43 (TAX-04):
    under choice-first the percentage (`percent`, what each reading makes it) binds, and the
    flat sum paid instead is choice-after-count's figure; under choice-after-count the player
    may settle on the flat sum once the worth is known, so the flat sum written is the right
    figure (choice-first's the percentage), and otherwise the percentage is."""
    figure = judge.amount(percent.right)
    if game.ruling("CF-43") == "choice-first":
        after = judge.Alternative("CF-43", "choice-after-count", judge.Outcome(flat, player))
        return judge.Decision(percent.right, percent.rule, (*percent.others, after))
    if written == flat and flat != figure:
        first = judge.Alternative("CF-43", "choice-first", percent.right)
        return judge.Decision(judge.Outcome(flat, player), "TAX-04", (first,))
    return percent


def _name_worth(
    game: Game,
    ev: Tax,
    due: Due,
    player: str,
    measures: list[TaxMeasure],
    worth: judge.Decision,
) -> None:
    """The due becomes the percentage of the player's worth (TAX-03), measured as the reading
    in force has it; where another reading measures another worth the point is named (CF-42),
    with the reading whose figure the record paid."""
    offered = game.edition.rules.income_tax_percent or 0
    used = measures[0]
    amount = judge.amount(worth.right)
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
    if others:
        game.ambiguous(
            "CF-42",
            f"{player} chose {offered}%: total worth {game.money(used.worth)} {used.how} "
            f"(reading {used.reading}), so {game.money(amount)}; " + "; ".join(others),
            ev.span,
            "TAX-03",
            follows=judge.first_reading(game, worth, "CF-42", ev.amount),
        )


def _percent_words(game: Game, ev: Tax, due: Due, figures: tuple[int, int, int]) -> judge.Words:
    """What the percentage tax's finding says (`figures`: the worth in force, the percentage of
    it, the flat sum). A figure no reading gives is a wrong amount (M407); the worth measured
    another way was named at the worth (CF-42); the flat sum paid after the percentage
    (CF-43) is named here where the percentage is the cheaper, and the same percentage rounded
    another way (CF-34). The flat sum settled on after the count, where choice-after-count is
    in force, is named when the record agrees."""
    worth, amount, flat = figures
    player, offered = due.player, game.edition.rules.income_tax_percent

    def other(alt: judge.Alternative) -> str | None:
        if alt.cf == "CF-42":
            return None  # named at the worth, with the record's choice
        if alt.cf == "CF-43":
            return None if ev.counted or amount > flat else _flat_after_choice(game, player, ev)
        # the same percentage rounded another way: the disputed rounding, as for mortgages
        reading = game.ruling("CF-34")
        return (
            f"{offered}% of {game.money(worth)} is {game.money(amount)} rounded "
            f"{ROUNDING_WORDS[reading]} (reading {reading}); reading {alt.reading} gives the "
            f"{game.money(judge.amount(alt.outcome))} recorded"
        )

    def agree() -> None:
        if due.rule == "TAX-04" and not ev.counted:
            _settled_on_flat(game, ev, player, amount, flat)

    message = f"the tax is {game.money(amount)}: {due.reason}"
    return judge.Words("M407", message, "TAX-03", other, agree)


def _flat_after_choice(game: Game, player: str, ev: Tax) -> str:
    """CF-43 under choice-first: the percentage written, then the flat sum paid, where the
    percentage comes to less (named once, here: no A43 was filed for a binding choice)."""
    return (
        f"{player} wrote {ev.percent}% but paid the flat {game.money(ev.amount or 0)}: the "
        f"choice is made before the count and binds (reading {game.ruling('CF-43')}); reading "
        "choice-after-count lets the player settle on the flat tax once the worth is known"
    )


def count_decision(game: Game) -> judge.Decision:
    """CF-43 where the record says the player counted their worth before choosing (`counted`,
    TAX-04): whether the choice may follow the count (True). Under choice-first it may not, and
    counting first is choice-after-count's play; under choice-after-count it may."""
    may = game.ruling("CF-43") == "choice-after-count"
    other = "choice-first" if may else "choice-after-count"
    alternative = judge.Alternative("CF-43", other, judge.Choice(not may))
    return judge.Decision(judge.Choice(may), "TAX-04", (alternative,))


def _counted_first(
    game: Game, ev: Tax, due: Due, player: str, *, choice_shown: bool = True
) -> None:
    """`tax … counted`: the record says the player counted their worth before choosing between
    the flat tax and the percentage (CF-43, TAX-04), judged against `count_decision`. Named
    where the choice exists; a tax with no percentage option has no choice to time, and the
    word changes nothing. `choice_shown` False: the figure written is no option's, so the
    record shows no choice that a reading allows (the point named with none)."""
    offered = game.edition.rules.income_tax_percent
    if offered is None or due.worth is None or due.square != percent_tax_square(game):
        return
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
        return
    message = (
        f"{player} counted their total worth and then chose {chose} over the other option: {why}"
    )
    decision = count_decision(game)

    def agree() -> None:
        follows = judge.first_reading(game, decision, "CF-43", True)
        game.ambiguous("CF-43", message, ev.span, decision.rule, follows=follows)

    # each reading's play is a count or none, so no figure breaks them all (no M code)
    words = judge.Words("M407", message, other=lambda _alt: message, agree=agree)
    verdict = judge.compare_arising(game, decision, True)
    judge.file(game, verdict, True, ev.span, decision.rule, words)


def _settled_on_flat(game: Game, ev: Tax, player: str, percent: int, flat: int) -> None:
    """CF-43 under choice-after-count: a player who wrote a percentage settled on the flat
    tax once the worth was known (TAX-04), as the reading allows; the finding says what
    choice-first would have charged. (A count written first names the point already.)"""
    offered = game.edition.rules.income_tax_percent
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
