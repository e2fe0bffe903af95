"""The houses a site may carry (BLD-04; SHORT-03 with CF-45), decided once for the build, the
starting position and the board's invariants.

In the standard game a site takes the houses a hotel needs. Where a hotel needs fewer houses
than the deed prints a rent for (the short games: three), CF-45 is open: reading
fourth-house-allowed keeps the printed number, three-house-cap stops at the number a hotel
needs. `house_count_decision` says what each reading requires (judge.py);
`position_houses_judged` judges a starting position by it (a build is judged in variants.py).
"""

from __future__ import annotations

from ...notation.events import Span
from . import judge
from .game import Game

FOURTH_HOUSE_ALLOWED, THREE_HOUSE_CAP = "fourth-house-allowed", "three-house-cap"  # CF-45


def printed_houses(game: Game, index: int) -> int:
    """The houses a site's deed prints a rent for (its rents less the bare site and hotel)."""
    return max(len(game.square(index).rents) - 2, 0)


def fewer_houses_for_hotel(game: Game, index: int) -> bool:
    """True where a hotel needs fewer houses than the deed prints (SHORT-03: the short games)."""
    return game.edition.rules.houses_before_hotel < printed_houses(game, index)


def most_houses(game: Game, index: int) -> int:
    """The most houses a site may carry (BLD-04; SHORT-03 with CF-45).

    In the standard game, the houses a hotel needs. Where a hotel needs fewer than the deed
    prints, reading fourth-house-allowed keeps the printed number and three-house-cap stops at
    the number a hotel needs.
    """
    need = game.edition.rules.houses_before_hotel
    if not fewer_houses_for_hotel(game, index) or game.ruling("CF-45") == THREE_HOUSE_CAP:
        return need
    return printed_houses(game, index)


def house_count_decision(game: Game, index: int, many: int) -> judge.Decision:
    """Whether a site may carry `many` houses, a `Choice` of True or False (BLD-04; SHORT-03
    with CF-45), and the other reading of CF-45 where it says otherwise.

    In the standard game a site takes the houses a hotel needs: no point is open. Where a
    hotel needs fewer houses than the deed prints a rent for (the short games), reading
    fourth-house-allowed keeps the printed number and three-house-cap stops at the number a
    hotel needs; a house past the printed number has no rent under either reading. Where the
    edition's text settles CF-45, no other reading is listed."""
    need = game.edition.rules.houses_before_hotel
    if not fewer_houses_for_hotel(game, index):
        return judge.Decision(judge.Choice(many <= need), "BLD-04")
    allows = {
        FOURTH_HOUSE_ALLOWED: many <= printed_houses(game, index),
        THREE_HOUSE_CAP: many <= need,
    }
    reading = game.ruling("CF-45")
    right = allows[reading]
    others = tuple(
        judge.Alternative("CF-45", other, judge.Choice(value))
        for other, value in allows.items()
        if other != reading and value != right and not game.text_settles("CF-45")
    )
    return judge.Decision(judge.Choice(right), "SHORT-03", others)


def position_houses_judged(game: Game, index: int, houses: int, span: Span) -> bool:
    """A setup line that places `houses` houses on a site, set against `house_count_decision`:
    False where no reading allows them (the caller reports the impossible position, M120).
    Past the houses a hotel needs, within those the deed prints a rent for, the one A45 names
    the reading the position plays (a warning under three-house-cap), and True."""
    need = game.edition.rules.houses_before_hotel
    decision = house_count_decision(game, index, houses)
    verdict = judge.compare(game, decision, True)  # the position has them
    if verdict.kind == judge.BREAKS:
        return False
    if houses <= need:
        return True  # every reading allows them: the point does not arise
    name, printed = game.name(index), printed_houses(game, index)
    house = game.edition.word("houses")
    start = f"{name} starts with {houses} {house}"

    def other(alt: judge.Alternative) -> str:
        return (
            f"{start}: under reading {THREE_HOUSE_CAP} {need} {house} are the most a site may "
            f"carry; reading {alt.reading} lets the short game keep the {printed} the deed "
            "prints a rent for"
        )

    def agree() -> None:
        message = (
            f"{start}: in this game {need} {house} are enough for "
            f"{game.edition.a_word('hotel')} but do not cap a site, so the position stands "
            f"(reading {FOURTH_HOUSE_ALLOWED}); under reading {THREE_HOUSE_CAP} {need} is the "
            "most a site may carry"
        )
        game.ambiguous("CF-45", message, span, "SHORT-03", follows=FOURTH_HOUSE_ALLOWED)

    words = judge.Words("M120", "", other=other, agree=agree)  # BREAKS is the caller's M120
    judge.file(game, verdict, True, span, decision.rule, words)
    return True
