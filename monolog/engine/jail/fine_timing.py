"""When the voluntary jail fine may be paid, judged: decide, compare, follow (judge.py; CF-06,
JAIL-04).

`fine_time_decision` says whether each reading of CF-06 takes the fine at the moment the record
pays it: between turns (or on the turn of the jailing), standing for the jail turn that comes
next, only any-time; before the throw of jail turn N, every reading whose last such turn is N
or later (any-time always). The record pays it, so the figure written is `True`. The replay
follows the payment whatever the verdict (jail.py moves the money and lets the player out).

`after_throw_decision` says whether the fine may be paid after a failed throw on a jail turn
(JAIL-09): only any-time takes it then. Where CF-06 is open, a record paying then follows
any-time (A06, a warning); where the edition's text settles CF-06 (us-classic) or states
JAIL-09 itself (`rules.fine_after_failed_throw: false`, uk-esl, whose text leaves the rest of
CF-06 open) it breaks the rule (M505); `true` there is a text that allows it. A ruling of
CF-06 sets the text aside, as it unsettles the point (`Game.text_settles`).
"""

from __future__ import annotations

from ...notation.events import PayFine
from ..core import judge
from ..core.game import Game

FIRST, ONE_OR_TWO, BEFORE_ANY, ANY_TIME = (
    "first-turn-only",
    "turns-one-or-two",
    "before-any-roll",
    "any-time",
)
# the last jail turn before whose throw each reading takes the fine (any-time: every moment)
_LAST_TURN = {FIRST: 1, ONE_OR_TWO: 2, BEFORE_ANY: 3}


def _allows(reading: str, turn: int, between: bool) -> bool:
    if reading == ANY_TIME:
        return True
    return not between and turn <= _LAST_TURN.get(reading, 3)


def fine_time_decision(game: Game, turn: int, *, between: bool) -> judge.Decision:
    """CF-06: whether the fine may be paid before the throw of jail turn `turn` (`between`:
    between turns, or on the turn of the jailing, standing for jail turn `turn`) under the
    reading in force (True or False), with each other reading that decides otherwise."""
    reading = game.ruling("CF-06")
    right = _allows(reading, turn, between)
    others = tuple(
        judge.Alternative("CF-06", r, judge.Choice(_allows(r, turn, between)))
        for r in (FIRST, ONE_OR_TWO, BEFORE_ANY, ANY_TIME)
        if r != reading and _allows(r, turn, between) != right
    )
    return judge.Decision(judge.Choice(right), "JAIL-04", others)


def after_throw_decision(game: Game) -> judge.Decision:
    """CF-06 and JAIL-09: whether the fine may be paid after a failed throw on a jail turn
    (True under any-time, or where the edition's text allows it), with any-time as the other
    reading where the point is open and the text is silent on it."""
    stated = _text_on_after_throw(game)
    if game.ruling("CF-06") == ANY_TIME or stated is True:
        return judge.Decision(judge.Choice(True), "JAIL-09")
    settled = stated is False or game.text_settles("CF-06")
    others = () if settled else (_after_throw_alternative(),)
    return judge.Decision(judge.Choice(False), "JAIL-09", others)


def _text_on_after_throw(game: Game) -> bool | None:
    """What the edition's text states on a fine after a failed throw (JAIL-09: False, it may not
    be paid then; True, it may), or None where the text is silent or a ruling has changed
    CF-06's reading (which sets the text aside, as in `Game.text_settles`)."""
    if game.ruling("CF-06") != game.edition.readings.get("CF-06"):
        return None
    return game.edition.rules.fine_after_failed_throw


def _after_throw_alternative() -> judge.Alternative:
    return judge.Alternative("CF-06", ANY_TIME, judge.Choice(True))


def _judged(game: Game, ev: PayFine, decision: judge.Decision, words: judge.Words) -> None:
    """The payment (the figure `True`) set against the decision, its one finding filed. Every
    payment is one reading's, so no M code falls; the point is named in a replay measuring the
    reading in force too (judge.arising)."""
    verdict = judge.compare_arising(game, decision, True)
    judge.file(game, verdict, True, ev.span, decision.rule, words)


def between_turns_judged(game: Game, ev: PayFine, player: str, jailed_now: bool) -> None:
    """A payment between turns (or on the turn of the jailing) stands for the jail turn that
    comes next: the one A06, following any-time under every other reading."""
    reading = game.ruling("CF-06")
    upcoming = game.state.player(player).jail_turns + 1
    limit = _LAST_TURN.get(reading, 3)
    when = "on the turn they were jailed" if jailed_now else "between turns"

    def other(_: judge.Alternative) -> str:
        if upcoming > limit:
            return (
                f"{player} pays the fine {when}, standing for jail turn {upcoming}: under "
                f"reading {reading} the fine is paid up to jail turn {limit} only; reading "
                "any-time accepts it at any moment"
            )
        return (
            f"{player} pays the fine {when}: taken as paid before the throw of jail turn "
            f"{upcoming} (reading {reading}); only reading any-time accepts a payment at "
            "any moment"
        )

    def agree() -> None:
        game.ambiguous(
            "CF-06",
            f"{player} pays the fine {when}: accepted, and {player} leaves jail at the "
            "start of the next turn (reading any-time); reading before-any-roll takes the "
            "fine only before the throw on a jail turn",
            ev.span,
            "JAIL-04",
            follows=ANY_TIME,
        )

    decision = fine_time_decision(game, upcoming, between=True)
    wrong = f"{player} may not pay the fine {when} (reading {reading})"
    _judged(game, ev, decision, judge.Words("M505", wrong, other=other, agree=agree))


def before_throw_judged(game: Game, ev: PayFine, player: str, turn: int) -> None:
    """The fine paid before the throw of jail turn `turn`: the one A06 where a reading refuses
    it then (the record following the reading that takes it, or agreeing with the one in
    force); nothing on jail turn 1, which every reading allows."""
    reading = game.ruling("CF-06")
    limit = _LAST_TURN.get(reading, 3)

    def other(alt: judge.Alternative) -> str:
        return (
            f"{player} pays the fine before rolling on jail turn {turn}: under reading "
            f"{reading} the fine is paid up to jail turn {limit} only; reading "
            f"{alt.reading} accepts it before any of the three throws"
        )

    def agree() -> None:
        if turn < 2:
            return
        stricter = ONE_OR_TWO if turn > 2 else FIRST
        game.ambiguous(
            "CF-06",
            f"{player} pays the fine before rolling on jail turn {turn}: allowed (reading "
            f"{reading}); reading {stricter} would refuse it on jail turn {turn}",
            ev.span,
            "JAIL-04",
            follows=reading,  # the record pays it then, as the reading in force allows
        )

    decision = fine_time_decision(game, turn, between=False)
    wrong = f"{player} may not pay the fine on jail turn {turn} (reading {reading})"
    _judged(game, ev, decision, judge.Words("M505", wrong, other=other, agree=agree))


def after_throw_judged(game: Game, ev: PayFine, player: str, turn: int, amount: int) -> None:
    """The fine paid after a failed throw on jail turn `turn`: agreeing with any-time in force
    (A06, agreeing) or with the edition's text that allows it (nothing), following any-time
    where CF-06 is open (A06, a warning), or M505 where the edition's text settles CF-06 on a
    reading that takes the fine before the throw or states JAIL-09. The failed throw stands
    either way, and the player leaves jail at the start of the next turn."""
    reading = game.ruling("CF-06")
    before = f"{player} pays the fine after a failed roll on jail turn {turn}"

    def other(_: judge.Alternative) -> str:
        return (
            f"{before}: under reading {reading} the fine is paid only before the throw, and "
            f"{player} stays in jail; reading any-time accepts it at any moment, {player} "
            "leaving jail at the start of the next turn"
        )

    def agree() -> None:
        if reading != ANY_TIME:
            return  # the edition's text allows it (rules.fine_after_failed_throw): plain play
        game.ambiguous(
            "CF-06",
            f"{before}: accepted, and {player} leaves jail at the start of the next turn "
            "(reading any-time); under reading before-any-roll the fine is paid only before "
            "the throw",
            ev.span,
            "JAIL-09",
            follows=ANY_TIME,
        )

    wrong = (
        f"{player} failed to roll a double on jail turn {turn} and stays in jail: the fine is "
        "paid before rolling, not after a failed roll"
    )
    decision = after_throw_decision(game)
    words = judge.Words("M505", wrong, other=other, agree=agree, shown=(None, amount))
    _judged(game, ev, decision, words)
