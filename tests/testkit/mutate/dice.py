"""Operators on the dice: a roll too many, a roll missing, a roll written as reaching another
square.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from monolog.notation import events as E

from ..base import (
    Analysis,
    Step,
    analyse,
    replace_columns,
)
from .model import Edit, operator
from .spots import (
    clauses_after,
    landing_steps,
    pick,
)


def _rolls_in_turn(a: Analysis, turn: int) -> list[Step]:
    return [s for s in a.turn_steps(turn) if isinstance(s.event, E.Roll)]


def _dice_text(a: Analysis, s: Step) -> tuple[int, int]:
    """Columns of the `d-d` text of a roll."""
    col = s.event.span.column
    return col, col + 3


@operator("extra-roll", "M103", "DBL-01", "a roll after a roll that was not a double")
def extra_roll(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        ev = s.event
        if not isinstance(ev, E.Roll) or not ev.is_double or not 2 <= ev.die1 <= 5:
            continue
        who = s.before.current
        if s.before.players[who].in_jail or s.after.players[who].in_jail:
            continue
        rolls = _rolls_in_turn(a, s.turn)
        k = rolls.index(s)
        if k + 1 >= len(rolls) or rolls[k + 1].event.is_double:  # type: ignore[attr-defined]
            continue
        spots.append((s, rolls[k + 1]))
    if not spots:
        return None
    s, nxt = rng.choice(spots)
    ev = s.event
    assert isinstance(ev, E.Roll)
    start, end = _dice_text(a, s)
    out = replace_columns(a, s.line, start, end, f"{ev.die1 - 1}-{ev.die2 + 1}")
    return Edit(
        out,
        nxt.line,
        (s.line,),
        note=f"line {s.line}: {ev.die1}-{ev.die2} written as {ev.die1 - 1}-{ev.die2 + 1}",
    )


@operator("missing-roll", "M102", "DBL-01", "no roll after a double")
def missing_roll(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        ev = s.event
        if not isinstance(ev, E.Roll) or ev.is_double or ev.total % 2 or ev.total < 4:
            continue
        who = s.before.current
        if s.before.players[who].in_jail:
            continue
        rolls = _rolls_in_turn(a, s.turn)
        if rolls != [s]:
            continue
        turn = a.turn_steps(s.turn)
        if turn[0].before.players[who].in_jail:
            continue  # left jail this turn: whether a double then rolls again is CF-05
        if any(isinstance(t.event, (E.GoToJail, E.Bankrupt, E.Resign)) for t in turn):
            continue
        if turn[-1].after.players[who].in_jail or not turn[-1].after.players[who].active:
            continue
        if any(isinstance(t.event, E.CardDraw) for t in turn):
            continue  # a card might send the token to jail
        if s.turn == a.steps[-1].turn:
            continue  # a record may stop mid-turn: the roll that follows is simply not written
        spots.append(s)
    spot = pick(rng, spots)
    if spot is None:
        return None
    s = spot
    ev = s.event
    assert isinstance(ev, E.Roll)
    half = ev.total // 2
    start, end = _dice_text(a, s)
    out = replace_columns(a, s.line, start, end, f"{half}-{half}")
    return Edit(
        out,
        s.line,
        (s.line,),
        note=f"line {s.line}: {ev.die1}-{ev.die2} written as {half}-{half}",
    )


@operator("wrong-square", "M104", "MOVE-01", "a roll written as reaching another square")
def wrong_square(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    """The square after a roll onto Chance or Community Chest written as another square of the
    same kind, where the card drawn then sends the token to a fixed square (or to jail) the
    same way from both: the token's later path is the same."""
    a = analyse(text)
    spots = []
    for s, who, pos in landing_steps(a):
        ev = s.event
        assert isinstance(ev, E.Roll)
        if ev.square is None:
            continue
        kind = a.square(pos).kind
        if kind not in ("chance", "chest"):
            continue
        after = clauses_after(a, s)
        card = next((c for c in after if isinstance(c.event, E.CardDraw)), None)
        if card is None:
            continue
        assert isinstance(card.event, E.CardDraw)
        try:
            info = a.edition.card(card.event.card.text)
        except Exception:
            continue
        start = s.before.players[who].position
        for alt in (q.index for q in a.edition.squares if q.kind == kind and q.index != pos):
            same_go = (alt < start) == (pos < start)
            if info.kind == "go_to_jail" and same_go:
                spots.append((s, alt))
            elif info.kind == "advance_to" and info.target is not None and same_go:
                t = info.target
                if (t < pos) == (t < alt) and not any(
                    isinstance(c.event, E.Salary) and c.line == s.line for c in after
                ):
                    spots.append((s, alt))
    if not spots:
        return None
    s, alt = rng.choice(spots)
    ev = s.event
    assert isinstance(ev, E.Roll) and ev.square is not None
    ref = ev.square
    line = a.lines[s.line - 1]
    col = line.find(str(ref), ev.span.column - 1, ev.span.end_column - 1)
    if col < 0:
        return None
    out = replace_columns(a, s.line, col + 1, col + 1 + len(str(ref)), f"#{alt}")
    return Edit(
        out,
        s.line,
        (s.line,),
        note=f"line {s.line}: {ref} written as #{alt}",
    )
