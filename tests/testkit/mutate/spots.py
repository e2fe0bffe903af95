"""Where in a legal record a mistake can go: the helpers every family of operators shares."""

from __future__ import annotations

import random

from monolog.editions import Resolver
from monolog.editions.errors import ResolveError
from monolog.notation import events as E

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


# ------------------------------------------------------------ a mistake the record then follows


def counted(a: Analysis, step: Step) -> str | None:
    """The player whose cash a `=N` note (a CashCheck step) counts, checked against the table:
    None when the note is not a count the base game agrees with."""
    ev = step.event
    if not isinstance(ev, E.CashCheck):
        return None
    if ev.player is not None:
        try:
            who: str | None = Resolver(a.edition, list(step.before.players)).player(ev.player)
        except ResolveError:
            return None
    else:
        who = actor_of(a, step)
    p = step.after.players.get(who) if who is not None else None
    return who if p is not None and p.cash == ev.amount else None


def shift_counts(
    a: Analysis, first: int, deltas: dict[str, int]
) -> tuple[list[str], tuple[int, ...]] | None:
    """The record's lines with every count (`=N`) of a player in `deltas`, from the step with
    index `first` on, moved by that player's delta, as a table would have counted after the
    mistake was made and followed; and the lines edited. None when a count would go below 0 or
    cannot be read."""
    lines = list(a.lines)
    edits: dict[int, list[tuple[int, int, int]]] = {}
    for s in a.steps[first:]:
        if not isinstance(s.event, E.CashCheck):
            continue
        who = counted(a, s)
        if who is None:
            return None
        delta = deltas.get(who, 0)
        if not delta:
            continue
        found = amounts_in(a, s.event.span)
        if not found or found[-1][3] + delta < 0:
            return None
        start, end, _sign, value = found[-1]
        edits.setdefault(s.line, []).append((start, end, value + delta))
    for line, spans in edits.items():
        text = lines[line - 1]
        for start, end, value in sorted(spans, reverse=True):
            text = text[: start - 1] + str(value) + text[end - 1 :]
        lines[line - 1] = text
    return lines, tuple(sorted(edits))


def counts_moved(
    a: Analysis, step: Step, loss: dict[str, int], column: int
) -> tuple[list[str], tuple[int, ...]] | None:
    """The record's lines with every count of the players in `loss`, from `step` on, moved by
    what each lost there (a table that paid what the record wrote at `step` counts on from
    it), and the lines whose counts moved; for an edit of `step`'s line at `column`. None when
    a count cannot be moved, when a count stands before `column` on that line (the edit would
    shift its columns), or when a ruling that turns on a player's cash arises from there on."""
    if any(f.code in CASH_DEPENDENT and f.span.line >= step.line for f in a.findings):
        return None
    for t in a.steps[step.index :]:
        if (
            t.line == step.line
            and isinstance(t.event, E.CashCheck)
            and t.event.span.column < column
        ):
            return None
    return shift_counts(a, step.index, {p: -v for p, v in loss.items() if v})


def undisturbed(
    a: Analysis,
    step: Step,
    players: tuple[str, ...],
    deeds: tuple[int, ...],
    landed: tuple[int, ...],
    houses: int = 0,
    hotels: int = 0,
) -> bool:
    """Whether a line inserted just before `step`, changing the cash of `players` (and the
    `deeds`), and followed by the record, can change nothing later but those players' counts:
    the `deeds` never change again, nobody lands on a square of `landed`, none of `players`
    draws a repairs card or pays a percentage tax (worth counts cash and deeds), the bank never
    runs within `houses`/`hotels` of empty, no time is called (worth decides the winner then),
    and no ruling that turns on how much cash a player holds arises later (CASH_DEPENDENT)."""
    names = list(step.before.players)
    if any(f.code in CASH_DEPENDENT and f.span.line >= step.line for f in a.findings):
        return False
    for s in a.steps[step.index :]:
        ev = s.event
        if any(s.before.deeds[i] != s.after.deeds[i] for i in deeds):
            return False
        if s.after.bank_houses < houses or s.after.bank_hotels < hotels:
            return False
        if isinstance(ev, E.TimeCalled):
            return False
        for who, p in s.after.players.items():
            if p.position in landed and s.before.players[who].position != p.position:
                return False
        if actor_of(a, s) not in players:
            continue
        if isinstance(ev, E.Tax) and ev.percent is not None:
            return False
        if isinstance(ev, E.CardDraw):
            try:
                card = Resolver(a.edition, names).card(ev.card)
            except ResolveError:
                return False
            if card.kind == "repairs":
                return False
    return True


# rulings whose arising turns on a player's cash: a jailed player short of the fine (A08), the
# salary counted towards the deed reached (A11), a deed bought with less cash than its price
# (A18), a creditor short of the 10% on inherited mortgages (A37)
CASH_DEPENDENT = frozenset({"A08", "A11", "A18", "A37"})


def lift_cost(a: Analysis, index: int) -> int:
    """What lifting the mortgage on square `index` costs under the base game's readings (the
    mortgage value plus 10%: CF-34 rounding, CF-35 base)."""
    sq = a.square(index)
    base = sq.price if a.readings.get("CF-35") == "printed-price" else sq.mortgage_value
    pct = a.edition.rules.mortgage_interest_percent
    ten = base * pct // 100 if a.readings.get("CF-34") == "down" else (2 * base * pct + 100) // 200
    return sq.mortgage_value + ten
