"""Where in a legal record a mistake can go: the helpers every family of operators shares."""

from __future__ import annotations

import random

from ...notation import events as E
from ..base import (
    Analysis,
    Step,
    amounts_in,
    replace_columns,
)


def pick(rng: random.Random, items: list[Step]) -> Step | None:
    return rng.choice(items) if items else None


def wrong_amount(rng: random.Random, amount: int) -> int:
    """A different amount, near enough to be a slip of the pen, never below 1."""
    step = rng.randint(1, max(1, min(50, amount // 4)))
    if amount - step >= 1 and rng.random() < 0.5:
        return amount - step
    return amount + step


def retype(
    a: Analysis, step: Step, rng: random.Random, which: int = 0
) -> tuple[str, int, int] | None:
    """The record with the `which`-th amount written in `step`'s clause changed."""
    found = amounts_in(a, step.event.span)
    if not found:
        return None
    start, end, _sign, value = found[which]
    new = wrong_amount(rng, value)
    return replace_columns(a, step.line, start, end, str(new)), value, new


def same_line_only(a: Analysis, step: Step) -> bool:
    return step.event.span.line == step.event.span.end_line


def payer_payee(a: Analysis, step: Step) -> tuple[str | None, str | None]:
    """Who pays and who is paid for a Rent step: the tenant and the owner (or stated payee)."""
    ev = step.event
    actor = actor_of(a, step)
    payee = None
    if isinstance(ev, E.Rent):
        if ev.payee is not None:
            payee = ev.payee.text
        else:
            pos = step.before.players[actor].position if actor else None
            deed = step.before.deeds.get(pos) if pos is not None else None
            payee = deed.owner if deed else None
    return actor, payee


def actor_of(a: Analysis, step: Step) -> str | None:
    ev = step.event
    if isinstance(ev, E.Action) and ev.actor is not None:
        return ev.actor.text if ev.actor.text in step.before.players else None
    return step.before.current if step.before.current else None


def _mover_after(step: Step) -> tuple[str, int] | None:
    """The player a roll or move event moved, and where the token stands after it."""
    who = step.after.current
    p = step.after.players.get(who)
    if p is None:
        return None
    return who, p.position


def _turn_actor(a: Analysis, step: Step) -> str:
    return step.after.current


def is_between_turns(a: Analysis, step: Step) -> bool:
    """`step` is a turn line with a finished turn before it: a new line may go just above it."""
    return isinstance(step.event, E.TurnStart) and step.index > 0 and step.turn > 1


def landing_steps(a: Analysis) -> list[tuple[Step, str, int]]:
    """Rolls that move a player who is not in jail, with the square reached."""
    out = []
    for s in a.steps:
        if isinstance(s.event, E.Roll) and same_line_only(a, s):
            who = s.after.current
            b = s.before.players.get(who)
            p = s.after.players.get(who)
            if b is None or p is None or b.in_jail or p.in_jail:
                continue
            if p.position == b.position:
                continue
            out.append((s, who, p.position))
    return out


def clauses_after(a: Analysis, step: Step) -> list[Step]:
    """The steps written on the same line after `step`."""
    return [s for s in a.later(step) if s.line == step.line]
