"""Whether a build may be carried out, and in what order its houses go up (BLD-01, BLD-03..08,
BLD-15, CF-26, CF-45, CF-50): the checks of a `build` clause before the bank is paid (estate.py).

A build the group's ownership, a mortgage, an early hotel or uneven building forbids is reported
once and followed, so the later lines are judged with the buildings where the table put them; one
that cannot be carried out (not a site, not the builder's own, a site that cannot hold more) is
reported and refused. A hotel beside fewer than four houses is judged by `hotel_decision`
(CF-26) through judge.py: one finding, A26 (M990 where the text settles the point; M607 only in
a replay that measures the reading in force, where no other reading counts). A build beside a
mortgaged site is judged by `mortgaged_group.mortgage_decision` (CF-50): M603 or A50, never both.
"""

from __future__ import annotations

from ...notation.events import Build
from ..core import house_rules, judge
from ..core.game import Game
from ..core.house_cap import most_houses
from ..core.invariants import followed
from ..core.skipped import money_words, not_replayed
from ..core.state import DeedState
from ..core.variants import house_cap_judged
from .building_plans import Step
from .holdings import (
    count_word,
    describe_level,
    group_label,
    group_of,
    hotel_level,
    owner_word,
)
from .mortgaged_group import mortgaged_group_judged


def _word(game: Game, key: str) -> str:
    return game.edition.word(key)


def build_allowed(game: Game, ev: Build, actor: str, plan: dict[int, Step]) -> bool:
    """Whether the build may be carried out, site by site (BLD-01, BLD-04..08, BLD-15, CF-50):
    False when it is refused (reported). A build the group's ownership, a mortgage or an early
    hotel forbids is reported and followed."""
    told: dict[int, bool] = {}  # each group's mortgage judged once for the clause (CF-50)
    return all(_site_allowed(game, ev, actor, plan, index, told) for index in plan)


def _site_allowed(
    game: Game, ev: Build, actor: str, plan: dict[int, Step], index: int, told: dict[int, bool]
) -> bool:
    """One site of a build checked; False when the build is refused there."""
    sq = game.edition.squares[index]  # `game.square`, without the call (a site a build)
    step = plan[index]
    if sq.kind != "site":
        game.emit(
            "M601",
            f"{sq.name} cannot take {_word(game, 'houses')} or {_word(game, 'hotels')}: "
            f"only {_word(game, 'sites')} of a colour group are built on; "
            + not_replayed("the square has no place for them")
            + money_words(game, ev.amount),
            ev.span,
            "BLD-15",
            expected=None,
            recorded=sq.name,
        )
        return False
    group = group_of(game, index)
    mortgaged = []
    for d in group:  # one loop, not a generator and a list: a build checks 1.8 sites
        if d.owner != actor:
            return _group_not_whole(game, ev, actor, index, step)
        if d.mortgaged:
            mortgaged.append(game.name(d.square))
    if mortgaged and not mortgaged_group_judged(game, ev, plan, index, mortgaged, told):
        # M603: a building on the mortgaged site itself is followed too: the record put it there
        # (an engine that let a mortgaged site be built on, ufosc/TERMINALMONOPOLY#61); its
        # rent, if the table collects one, is the mortgaged deed's finding (M302)
        if not _one_hotel(game, ev, index, step):  # a second hotel: never followed
            return False
        if _house_cap(game, ev, index, step, group) is False:  # past every reading's cap
            return False
        followed(game, (d.square for d in group))
        return True  # the record built there: the replay follows it (the mortgage is reported)
    if not _one_hotel(game, ev, index, step):
        return False
    if mortgaged:
        # the build stands under reading allowed of CF-50 (in force, or the record's play): the
        # group holds a building beside a mortgaged site, which the board's checks forbid
        followed(game, (d.square for d in group))
    return _level_allowed(game, ev, index, step, group)


def _group_not_whole(game: Game, ev: Build, actor: str, index: int, step: Step) -> bool:
    """M602: the builder does not own the whole group. The build is followed on the builder's
    own site (the group is reported); False when the site is not the builder's."""
    sq = game.square(index)
    deed = step.deed
    group = group_of(game, index)
    others = sorted({d.owner for d in group if d.owner != actor}, key=lambda o: o or "")
    held = [game.name(d.square) for d in group if d.owner != actor]
    tail = (
        "; "
        + not_replayed(f"{sq.name} is not {actor}'s to build on")
        + money_words(game, ev.amount)
        if deed.owner != actor
        else ""
    )
    game.emit(
        "M602",
        f"{actor} cannot build on {sq.name}: {', '.join(held)} "
        f"{'is' if len(held) == 1 else 'are'} held by "
        f"{' and '.join(owner_word(game, o) for o in others)}, and only the owner of "
        f"the whole {group_label(game, index)} group may build{tail}",
        ev.span,
        "BLD-01",
        expected=actor,
        recorded=[owner_word(game, o) for o in others],
    )
    if deed.owner != actor:  # not the builder's own site: nothing to adopt
        return False
    if not _one_hotel(game, ev, index, step):  # a second hotel: never followed
        return False
    if _house_cap(game, ev, index, step, group) is False:  # more houses than any reading lets
        return False
    followed(game, (d.square for d in group))
    return True  # the record built there: the replay follows it (the group is reported)


def _house_cap(
    game: Game, ev: Build, index: int, step: Step, group: list[DeedState]
) -> bool | None:
    """The houses a site may hold (BLD-04, SHORT-03, CF-45): None within the cap; past it,
    False when no reading allows them (M604, refused) and True when the record plays the other
    reading of CF-45 (A45, followed)."""
    most = game.edition.rules.houses_before_hotel
    many = step.deed.houses + step.houses
    # SHORT-03, CF-45: a 4th house in a short game (`most_houses` is never below `most`: asked
    # only past it)
    if many > most and many > most_houses(game, index):
        if not house_cap_judged(game, ev, index, many, step.houses):
            return False  # no reading allows it (M604): refused
        # the record plays the other reading of CF-45 (A45): replayed as recorded, and the cap
        # in force is not checked on the group from now on
        followed(game, (d.square for d in group))
        return True
    return None


def _level_allowed(game: Game, ev: Build, index: int, step: Step, group: list[DeedState]) -> bool:
    """The houses a site may hold (BLD-04, SHORT-03, CF-45) and the hotel only after them
    (BLD-05): False when the site cannot hold them (reported); an early hotel is reported and
    followed. `group` is the site's group (`group_of`)."""
    deed = step.deed
    most = game.edition.rules.houses_before_hotel
    capped = _house_cap(game, ev, index, step, group)
    if capped is not None:
        return capped
    if step.hotels and deed.houses + step.houses < most:
        game.emit(
            "M606",
            f"{game.edition.a_word('hotel')} on {game.name(index)} needs {most} "
            f"{_word(game, 'houses')} there first; it would have {deed.houses + step.houses}",
            ev.span,
            "BLD-05",
            expected=most,
            recorded=deed.houses + step.houses,
        )
        # the record put the hotel up: the replay follows it (the site's houses go back)
        followed(game, (d.square for d in group))
        step.early = True
    return True


def _one_hotel(game: Game, ev: Build, index: int, step: Step) -> bool:
    """Whether the site can take what the build puts on it: one hotel and nothing beside it
    (BLD-07). Checked even where the replay follows a build the group's ownership or a mortgage
    forbids: a second hotel on a site is never carried out, the bank's hotel would be lost."""
    deed = step.deed
    if deed.hotel or step.hotels > 1:
        game.emit(
            "M605",
            f"{game.name(index)} already has {describe_level(game, deed)}: a site takes one "
            f"{_word(game, 'hotel')} and nothing beside it; "
            + not_replayed("the site has no place for more")
            + money_words(game, ev.amount),
            ev.span,
            "BLD-07",
            expected=0,
            recorded=step.houses + step.hotels,
        )
        return False
    return True


def build_even(game: Game, ev: Build, plan: dict[int, Step], group: list[DeedState]) -> bool:
    """Place the group's houses lowest site first (BLD-03), then its hotels (CF-26)."""
    top = hotel_level(game)
    levels = {d.square: top if d.hotel else d.houses for d in group}  # `level`, inlined
    need = {i: plan[i].houses for i in levels if i in plan}
    house_rules.build_unevenly(game, levels, need)  # uneven-building: BLD-03 not applied
    while any(need.values()):
        low = min(levels.values())
        ready = [i for i, n in need.items() if n and levels[i] == low]
        if not ready:
            stuck = next(i for i, n in need.items() if n)
            behind = [game.name(i) for i, lv in levels.items() if lv == low]
            game.emit(
                "M607",
                f"{game.name(stuck)} cannot have house {levels[stuck] + 1} while "
                f"{', '.join(behind)} {'has' if len(behind) == 1 else 'have'} "
                f"{_held_words(game, low)}: build evenly across the "
                f"{group_label(game, stuck)} group",
                ev.span,
                "BLD-03",
                expected=low + 1,
                recorded=levels[stuck] + 1,
            )
            followed(game, levels)
            return True  # reported once; the replay follows the record's build
        for i in ready:
            levels[i] += 1
            need[i] -= 1
    for i in levels:
        if i not in plan or not plan[i].hotels:
            continue
        if not plan[i].early:  # an early hotel is reported once, as M606
            _hotel_judged(game, ev, levels, i)
        levels[i] = top
    return True


GROUP_FOUR = "group-four-houses"
SITE_FOUR = "site-four-houses"


def hotel_decision(game: Game, short: bool) -> judge.Decision:
    """Whether a hotel may go up while other sites of its group hold fewer than four houses
    (`short`), a `Choice` of True or False under the reading of CF-26 in force (BLD-05), and
    the other reading where it says otherwise.

    CF-27 has one reading (a hotel is the level above four houses, and levels differ by at
    most one), so it opens no other combination; what it leaves open is what CF-26 says. Under
    site-four-houses only the hotel's own site needs four houses: the hotel is allowed beside
    fewer (the replay under that reading files A26, agreeing, and no uneven building), else the
    reading would require nothing group-four-houses does not. So a hotel beside fewer than four
    follows that reading wherever CF-26 is open (A26, a warning, never M607: three of the
    rulebooks ask for four houses on the site alone), and is M990 where the edition's text
    settles CF-26. No record of such a hotel breaks every reading, so M607 is left to a replay
    that measures the reading in force alone (`monolog dispute`)."""
    stands = {GROUP_FOUR: not short, SITE_FOUR: True}
    reading = game.ruling("CF-26")
    right = judge.Choice(stands[reading])
    others = tuple(
        judge.Alternative("CF-26", other, judge.Choice(value))
        for other, value in stands.items()
        if other != reading and value != stands[reading]
    )
    return judge.Decision(right, "BLD-05", others)


def _hotel_judged(game: Game, ev: Build, levels: dict[int, int], i: int) -> None:
    """The hotel the record puts up on site `i` set against what each reading of CF-26 says
    (`hotel_decision`), and its one finding filed: the point named (A26) with the reading the
    record follows, or uneven building (M607) where no other reading counts. The record's build
    is replayed as made."""
    most = game.edition.rules.houses_before_hotel
    short = [game.name(j) for j, lv in levels.items() if j != i and lv < most]
    if not short:
        return
    reading = game.ruling("CF-26")
    hotel = _word(game, "hotel")
    where = (
        f"{hotel} on {game.name(i)} while {', '.join(short)} "
        f"{'has' if len(short) == 1 else 'have'} fewer than {most} "
        f"{_word(game, 'houses')}"
    )

    def other(alt: judge.Alternative) -> str:
        return (
            f"{where}: every site of the group needs {most} first (reading {reading}), "
            f"so the {hotel} must wait; the record builds it as reading {alt.reading} allows"
        )

    def agree() -> None:
        message = (
            f"{where}: allowed, as only the site itself needs {most} (reading "
            f"{reading}); reading {GROUP_FOUR} would make the {hotel} wait"
        )
        game.ambiguous("CF-26", message, ev.span, "BLD-05", follows=SITE_FOUR)

    wrong = (
        f"{where}: build evenly, the {hotel} being the level above {most} "
        f"{_word(game, 'houses')} (reading {reading} of CF-26; reading "
        f"{SITE_FOUR} would allow it)"
    )
    lowest = min(levels[j] for j in levels if j != i)
    data = {"cf": "CF-26", "reading": reading}
    words = judge.Words("M607", wrong, other=other, agree=agree, data=data, shown=(most, lowest))
    judge.judge(game, hotel_decision(game, True), True, ev.span, words)  # the hotel went up


def _held_words(game: Game, n: int) -> str:
    """What a site holds: "2 houses", or "no houses"."""
    return "no " + _word(game, "houses") if n == 0 else count_word(game, n, "house")
