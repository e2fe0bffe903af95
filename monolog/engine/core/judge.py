"""One way from an event to its finding: decide, compare, file, follow.

decide: a plain function of the handler's says what each relevant reading requires of the
event, as an `Outcome` (the amount, who pays whom) or, for an event that moves no money, a
`Choice` (the square, whether the player leaves jail): the reading in force gives `Decision.right`,
each other reading of an open point that would set another figure is an `Alternative`.

compare: the figure the record wrote is set against the outcomes (`compare`). It agrees with
the reading in force; or it is the figure of another reading (the A code naming that reading,
never an M code); or no reading gives it (the M code, with the right value and its rule).
A point named at each thing a line covers, whose figure has a finding of its own (A36 at each
deed a lift on receipt covers, the amount judged apart), asks `shown_reading` which reading the
figure shows.

file: `file` files exactly one finding for the verdict, with the handler's words (`Words`).

follow: `follow` has the replay take what the record did, all of it, once: the written
amount (and payee) in place of the derived one. A non-money outcome is followed by its
handler, which takes the record's value whatever the verdict, and all that value brings with
it under the reading it follows (a move's salary and rent, the rest of the turn); except in a
replay measuring the reading in force (`measured`), which applies that reading instead.

Where the edition's own text settles a point, the decide step lists no other reading for it
(or `Game.ambiguous` turns the departure into M990), so a settled point is never open here.

The judge's objects (`Outcome`, `Choice`, `Alternative`, `Decision`, `Verdict`, `Words`) are
made per event and never changed once made. They are slotted dataclasses, not frozen ones: a
frozen dataclass sets each field through `object.__setattr__`, which made a `Words` cost about
five times a plain one (benchmarks/README.md). Being mutable, they are not hashable either.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...findings.model import Finding
from ...notation.events import Span
from . import follow as following
from .game import Game
from .obligations import Due, settle_due


@dataclass(slots=True)
class Outcome:
    """What a reading requires of one event: `amount` from `payer` to `payee` (None: the bank)."""

    amount: int
    payer: str | None = None
    payee: str | None = None


@dataclass(slots=True)
class Choice:
    """What a reading requires of an event that moves no money: a square to end on, whether
    a player leaves jail, a count. `value` is compared with what the record wrote as it is."""

    value: object


def figure(outcome: Outcome | Choice) -> object:
    """The figure a record writes for `outcome`: an amount, or the choice's value."""
    return outcome.amount if isinstance(outcome, Outcome) else outcome.value


def amount(outcome: Outcome | Choice) -> int:
    """The amount of a money outcome (a money handler's decisions hold only `Outcome`s)."""
    if not isinstance(outcome, Outcome):
        raise TypeError(f"not a money outcome: {outcome!r}")
    return outcome.amount


@dataclass(slots=True)
class Alternative:
    """Another reading of the open point `cf` and what it would require."""

    cf: str
    reading: str
    outcome: Outcome | Choice
    rule: str | None = None  # the rule the point is about, if not the decision's


@dataclass(slots=True)
class Decision:
    """What the readings require of one event: `right` under the readings in force, with its
    rule, and the other readings of open points that would set another figure."""

    right: Outcome | Choice
    rule: str
    others: tuple[Alternative, ...] = ()


AGREES = "agrees"
FOLLOWS = "follows"
BREAKS = "breaks"


@dataclass(slots=True)
class Verdict:
    """How the record's figure stands: it `agrees` with the readings in force, `follows`
    another reading (`other`), or `breaks` every reading (`right` is then the right value)."""

    kind: str
    right: Outcome | Choice
    other: Alternative | None = None


def compare(game: Game, decision: Decision, written: object) -> Verdict:
    """Set the written figure against the decision. No figure written agrees (the replay
    takes the derived one). In a replay that measures the reading in force (`monolog
    dispute`) no other reading counts: the figure is judged by the reading in force alone.
    The amounts are compared; who is paid is the handler's to check (M303 for a rent)."""
    right = decision.right
    if written is None or written == figure(right):
        return Verdict(AGREES, right)
    if following.record_settles(game):
        for other in decision.others:
            if figure(other.outcome) == written and figure(other.outcome) != figure(right):
                return Verdict(FOLLOWS, right, other)
    return Verdict(BREAKS, right)


def arising(game: Game, decision: Decision, verdict: Verdict, written: object) -> Verdict:
    """`verdict` for a handler whose point must still be named where it arises in a replay that
    measures the reading in force (`monolog dispute`, where `compare` counts no other reading):
    a figure another reading gives then follows that reading (its A code, where `monolog
    dispute` finds the point), though the replay goes by the reading in force. Elsewhere the
    verdict as it is."""
    if verdict.kind != BREAKS or following.record_settles(game):
        return verdict
    for other in decision.others:
        if figure(other.outcome) == written and figure(other.outcome) != figure(verdict.right):
            return Verdict(FOLLOWS, verdict.right, other)
    return verdict


def compare_arising(game: Game, decision: Decision, written: object) -> Verdict:
    """`compare`, then `arising`: the verdict of a handler whose point is named where it arises
    in a replay measuring the reading in force too."""
    return arising(game, decision, compare(game, decision, written), written)


def measured(game: Game, decision: Decision, written: object) -> bool:
    """Whether this replay measures the reading in force (`monolog dispute`) and the record
    wrote another reading's figure. Such a replay applies the reading in force in place of the
    record's play and names the point without the record's choice: the record broke no rule,
    so no M code. (`compare` calls the figure a breach there; a non-money handler asks this
    first.)"""
    if following.record_settles(game) or written is None or written == figure(decision.right):
        return False
    return any(figure(other.outcome) == written for other in decision.others)


def shown_reading(game: Game, decision: Decision, cf: str, written: object) -> str | None:
    """The reading of the point `cf` a written figure shows, for a point named at each thing a
    line covers (A36 at each deed lifted) whose figure has its own finding (the amount's M code):
    the reading in force where the figure is the decision's right one, the reading of an
    alternative whose figure it is (an alternative of another point keeps `cf`'s reading in
    force). None where nothing is written, no reading gives the figure, or two readings of `cf`
    give it (it shows neither). Also in a replay measuring the reading in force, where the point
    arises with the record's choice (as `arising`); whether the replay takes it is `measured`'s
    question."""
    if written is None:
        return None
    in_force = game.ruling(cf)
    shown = {in_force} if figure(decision.right) == written else set()
    for other in decision.others:
        if figure(other.outcome) == written:
            shown.add(other.reading if other.cf == cf else in_force)
    return shown.pop() if len(shown) == 1 else None


def first_reading(game: Game, decision: Decision, cf: str, written: object) -> str | None:
    """The reading of the point `cf` a written figure follows, for a point named where it arises
    with the record's choice whatever the figure's own finding (A42 at the worth a percentage
    tax takes): the reading in force where the figure is the decision's right one, else the
    first alternative of `cf` in the decision's order whose figure it is (a figure another
    point's alternative gives shows no reading of `cf`). None where nothing is written or no
    reading of `cf` gives the figure."""
    if written is None:
        return None
    if figure(decision.right) == written:
        return game.ruling(cf)
    return next(
        (o.reading for o in decision.others if o.cf == cf and figure(o.outcome) == written), None
    )


@dataclass(slots=True)
class Words:
    """What each verdict's finding says. `code` and `wrong` are the M code and the message of a
    figure no reading gives (`rule` overrides the decision's rule); `other` gives the message
    naming the reading a figure follows (None: the point was named already, on this line, with
    the record's choice); `agree`, if any, is called when the record agrees; `data` is given
    to the M code's finding, and `shown`, if any, its expected and recorded values;
    `show`, if any, writes a figure as the finding's expected and recorded value (a square's
    index as its name) where `shown` gives none."""

    code: str
    wrong: str
    rule: str | None = None
    other: Callable[[Alternative], str | None] | None = None
    agree: Callable[[], None] | None = None
    data: Mapping[str, object] | None = None
    # (expected, recorded) the M code's finding shows where the figure compared is a choice,
    # not a value the record writes (an opening bid that stands or not: the floor, the bid)
    shown: tuple[object, object] | None = None
    show: Callable[[object], object] | None = None


def file(
    game: Game, verdict: Verdict, written: object, span: Span, rule: str, words: Words
) -> Finding | None:
    """File the one finding of `verdict`: the A code naming the reading followed, the M code
    with the right value, or what `words.agree` files when the record agrees."""
    if verdict.kind == AGREES:
        if words.agree is not None:
            words.agree()
        return None
    other = verdict.other
    if verdict.kind == FOLLOWS and other is not None:
        message = None if words.other is None else words.other(other)
        if message is None:
            return None
        return game.ambiguous(other.cf, message, span, other.rule or rule, follows=other.reading)
    show = words.show or (lambda value: value)
    expected, recorded = words.shown or (show(figure(verdict.right)), show(written))
    return game.emit(
        words.code,
        words.wrong,
        span,
        words.rule or rule,
        expected=expected,
        recorded=recorded,
        data=words.data,
    )


def follow(
    game: Game, due: Due, written: int | None, span: Span, *, payee: str | None = None
) -> None:
    """The replay takes what the record did: the written amount (the derived one if none is
    written) and payee, in place of the derived movement, once."""
    settle_due(game, due, written, span, payee=payee)


def judge(
    game: Game, decision: Decision, written: object, span: Span, words: Words
) -> tuple[Verdict, Finding | None]:
    """Compare the written figure with the decision and file its one finding."""
    verdict = compare(game, decision, written)
    return verdict, file(game, verdict, written, span, decision.rule, words)
