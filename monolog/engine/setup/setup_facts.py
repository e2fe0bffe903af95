"""The facts of a starting position, one value each: the first setup line that gives a fact
stands, and a later one is W019 at its line (setup.py's handlers apply each fact through
`first_value`; setup_check.py reads where each was written).
"""

from __future__ import annotations

from ...notation.events import Span
from ..core.game import Game

BANK = " bank"  # the bank's and the table's facts (no player's name has a leading space)


def first_value(
    game: Game,
    name: str,
    key: object,
    value: object,
    shown: str,
    span: Span,
    what: str,
) -> bool:
    """One value for each fact of the starting position, `key` of player `name` (or of `BANK`:
    the bank's stock and pot, the player to move first): the first setup line that gives it
    stands. True when this one is to be applied: the first, or a line after play began (M121:
    applied as written). A later value is W019 at its line, citing the first, and left out; the
    same value again is W019 too, and changes nothing."""
    if game.setup.started:
        return True
    facts = game.setup.facts
    before = facts.get((name, key))
    if before is None:
        facts[(name, key)] = (span, value, shown)
        return True
    first, first_given, first_shown = before
    implied = game.setup.implied
    if (name, key) in implied and first_given == value:
        implied.discard((name, key))  # `at` the jail after `jail`: written out, not given twice
        return True
    src = f"on line {first.line}" if first.line != span.line else "earlier on this line"
    if first_given == value:
        again = f" ({shown})" if shown else ""
        message = f"{what} is given twice, {src} and here{again}; the repeat changes nothing"
    else:
        message = (
            f"a second value for {what}: {first_shown} {src}, and {shown} here; the first "
            f"value, {first_shown}, stands and this one is left out"
        )
    game.emit(
        "W019",
        message,
        span,
        None,
        expected=first_shown,
        recorded=shown,
        data={"first_line": first.line},
    )
    return False


def given(game: Game, name: str, key: object) -> bool:
    """Whether a setup line has given fact `key` of `name` already."""
    return (name, key) in game.setup.facts


def fact_span(game: Game, name: str, key: object) -> Span | None:
    """Where the setup line that gave fact `key` of `name` wrote it, if one did."""
    fact = game.setup.facts.get((name, key))
    return fact[0] if fact is not None else None
