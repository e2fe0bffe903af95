"""A build in a group with a mortgaged site, judged: decide, compare, follow (judge.py; BLD-08,
CF-50).

`mortgage_decision` says whether each reading of CF-50 lets the build stand: a build on the
mortgaged site itself stands under no reading; one on an unmortgaged site beside it stands under
reading allowed only. The record built, so the figure written is `True`. Where the edition's text
forbids it (every shipped edition but us-classic, whose summary is silent) no other reading is
listed and the build is M603; where CF-50 is open the record follows reading allowed (A50, a
warning naming it), never M603 as well. The replay follows the build whatever the verdict
(build_checks.py).
"""

from __future__ import annotations

from ...notation.events import Build
from ..core import judge
from ..core.game import Game
from .building_plans import Step
from .holdings import group_label, group_of

FORBIDDEN, ALLOWED = "forbidden", "allowed"
_STANDS = {FORBIDDEN: False, ALLOWED: True}


def mortgage_decision(game: Game, on_mortgaged: bool) -> judge.Decision:
    """CF-50: whether a build in a group with a mortgaged site may stand (True or False), a
    build on the mortgaged site itself (`on_mortgaged`) under no reading; with the other reading
    where the point is open and it decides otherwise."""
    if on_mortgaged:
        return judge.Decision(judge.Choice(False), "BLD-08")
    reading = game.ruling("CF-50")
    right = _STANDS[reading]
    if game.text_settles("CF-50"):
        return judge.Decision(judge.Choice(right), "BLD-08")
    others = tuple(
        judge.Alternative("CF-50", other, judge.Choice(value))
        for other, value in _STANDS.items()
        if value != right
    )
    return judge.Decision(judge.Choice(right), "BLD-08", others)


def mortgaged_group_judged(
    game: Game,
    ev: Build,
    plan: dict[int, Step],
    index: int,
    mortgaged: list[str],
    told: dict[int, bool],
) -> bool:
    """The clause's build in the group of site `index`, where `mortgaged` are mortgaged, judged
    once per group (`told` keeps each group's answer): its one finding filed, and whether the
    build stands under the reading the record follows (False: M603, the build followed as
    made)."""
    first = group_of(game, index)[0].square
    if first in told:
        return told[first]
    sites = [i for i in plan if group_of(game, i)[0].square == first]
    names = game.listing([game.name(i) for i in sites])
    held = f"{game.listing(mortgaged)} {'is' if len(mortgaged) == 1 else 'are'} mortgaged"
    reading = game.ruling("CF-50")

    def other(_: judge.Alternative) -> str:
        return (
            f"{names} built on while {held}: reading {reading}, the rule of the other "
            "rulebooks, refuses the build; reading allowed lets it stand"
        )

    def agree() -> None:
        game.ambiguous(
            "CF-50",
            f"{names} built on while {held}: reading allowed lets it stand; reading forbidden, "
            "the rule of most rulebooks, would refuse the build",
            ev.span,
            "BLD-08",
            follows=ALLOWED,
        )

    wrong = (
        f"nothing may be built on {names} while {', '.join(mortgaged)} "
        f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged: lift every mortgage in the "
        f"{group_label(game, index)} group first"
    )
    words = judge.Words("M603", wrong, other=other, agree=agree, shown=([], mortgaged))
    decision = mortgage_decision(game, any(plan[i].deed.mortgaged for i in sites))
    verdict, _ = judge.judge(game, decision, True, ev.span, words)
    told[first] = verdict.kind != judge.BREAKS
    return told[first]
