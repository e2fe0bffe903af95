"""The readings a program declares it plays (an edition's engine profile), counted in a game.

Where the profile's reading of a point is the one in force and the record's play agrees with
it, `Game.ambiguous` counts the place (`Game.count_declared`) instead of filing a finding at
it; the points that are house rules, with no A code (CF-68, CF-69, CF-70), are counted where
turn/landing.py plays the house rule, and the place is withdrawn (`withdraw`) where a clause of
its line writes a figure the house rule does not give (a rent to a jailed owner, another salary
on GO or payout on Free Parking): that clause is reported, not counted. At the end of the game
`close` files one finding (I002) per declared point the game played, with the count and the
first place, and gives what the game's summary names. A record that departs from a declared
reading, and every point the profile does not name, is reported as before.
"""

from __future__ import annotations

from ...findings.declared import Declared
from ...findings.model import Severity
from ...notation.events import NO_SPAN
from .game import Game
from .pending_state import Played

CODE = "I002"


def in_force(game: Game) -> dict[str, str]:
    """The points the edition's profile declares whose declared reading is in force (a Ruling
    tag or `--ruling` that takes another reading puts the point back to being reported at
    every place), with their readings, in the profile's order."""
    profile = game.edition.engine
    if profile is None:
        return {}
    return {cf: r for cf, r in profile.plays.items() if game.readings.get(cf) == r}


def withdraw(game: Game, cf: str, line: int) -> None:
    """The place of `cf` counted last is not counted, if it is on `line`: the record's clause
    there plays another figure than the declared house rule's (reported by the caller)."""
    played = game.played.get(cf)
    if played is None or not played.count or played.last.line != line:
        return
    played.count -= 1
    if not played.count:
        played.first = NO_SPAN
    played.last = NO_SPAN


def close(game: Game) -> tuple[Declared, ...]:
    """One I002 per declared point the game played, at its first place; every declared point
    in force, played or not, as the summary names it."""
    profile = game.edition.engine
    if profile is None:
        return ()
    out: list[Declared] = []
    for cf, reading in in_force(game).items():
        played = game.played.get(cf, Played())
        line = played.first.line if played.count else None
        out.append(Declared(profile.name, cf, reading, played.count, line))
        if not played.count:
            continue
        times = "once" if played.count == 1 else f"{played.count} times"
        game.emit(
            CODE,
            f"engine {profile.name} declares {cf} {reading}: played {times}, the first here; "
            "each place is counted, not reported",
            played.first,
            cf,
            expected=reading,
            recorded=played.count,
            severity=Severity.INFO,
            data={"cf": cf, "reading": reading, "engine": profile.name, "count": played.count},
        )
    return tuple(out)
