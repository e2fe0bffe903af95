"""Operators that add a clause to a line: a payment, a purchase or a bid the rules do not allow
there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from monolog.notation import events as E

from ..base import (
    Analysis,
    Step,
    amounts_in,
    analyse,
    insert_at,
    join,
    replace_columns,
)
from .amounts import deed_auction
from .model import Edit, operator
from .spots import (
    actor_of,
    clauses_after,
    counts_moved,
    landing_steps,
    payer_payee,
    pick,
    same_line_only,
    undisturbed,
)


def _landing_operator(
    name: str,
    code: str,
    rule: str,
    summary: str,
    accept: Callable[[Analysis, Step, str, int], str | None],
) -> None:
    """An operator that writes one clause right after a roll that reaches a square.

    `accept(a, step, player, square)` returns the clause to write, or None where the spot does
    not fit. The clause must move no money (the engine refuses it) or the spot be steady.
    """

    def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
        a = analyse(text)
        spots = landing_steps(a)
        rng.shuffle(spots)
        for s, who, pos in spots:
            clause = accept(a, s, who, pos)
            if clause is None:
                continue
            column = s.event.span.end_column
            note = f"line {s.line}: `{clause}` written after the roll"
            deed = s.after.deeds.get(pos)
            owner = deed.owner if deed is not None else None
            if clause.startswith("buy") and owner not in (None, who):
                bought = _bought_owned(a, s, who, str(owner), pos, clause)
                if bought is not None:
                    return bought
                continue
            if clause.startswith("rent") and owner not in (None, who):
                # the replay reports the rent and pays it to the deed's owner, as the table
                # did: both players' later counts move by it
                amount = int(clause.split()[1])
                if not a.steady(s, {who: amount, str(owner): -amount}):
                    continue
                paid = _paid_clause(a, s, column, clause, {who: amount, str(owner): -amount})
                if paid is None:
                    continue
                out, counts = paid
                return Edit(out, s.line, tuple(sorted({s.line, *counts})), note=note)
            if not clause.startswith(("tax", "salary")):
                out = insert_at(a, s.line, column, clause)
                return Edit(out, s.line, (s.line,), note=note)
            # the engine reports the money and then follows it: the table counts on from it
            amount = int(clause.split()[1])
            moved = _paid_clause(
                a, s, column, clause, {who: amount if clause[0] == "t" else -amount}
            )
            if moved is None:
                continue
            out, counts = moved
            return Edit(out, s.line, tuple(sorted({s.line, *counts})), note=note)
        return None

    operator(name, code, rule, summary)(op)


_COUNTS = (E.CashCheck, E.SquareCheck, E.StockCheck, E.PotCheck)


def _bought_owned(a: Analysis, s: Step, who: str, owner: str, pos: int, clause: str) -> Edit | None:
    """`buy N` written after the line's last clause, on a deed `owner` holds: the replay reports
    it and follows it (the buyer pays the bank and holds the deed), so the buyer's later counts
    move by the price, as a table that made the sale would count on. Only where nothing later
    turns on who holds the group: its deeds never change again, nobody lands on it, and both
    players stay to the end (their bankruptcy would hand the deed on)."""
    line_steps = [s, *clauses_after(a, s)]
    clauses = [t for t in line_steps if not isinstance(t.event, _COUNTS)]
    column = clauses[-1].event.span.end_column
    amount = int(clause.split()[1])
    if not a.steady(s, {who: amount, owner: 0}):
        return None
    group = a.group_of(pos) or (pos,)
    after = line_steps[-1].index + 1
    if after < len(a.steps) and not undisturbed(a, a.steps[after], (who, owner), group, group):
        return None
    paid = _paid_clause(a, s, column, clause, {who: amount})
    if paid is None:
        return None
    out, counts = paid
    note = f"line {s.line}: `{clause}` written at the end of the line"
    return Edit(out, s.line, tuple(sorted({s.line, *counts})), note=note)


def _paid_clause(
    a: Analysis, s: Step, column: int, clause: str, loss: dict[str, int]
) -> tuple[str, tuple[int, ...]] | None:
    """The record with `clause` written at `column` of `s`'s line, a payment the replay reports
    and then makes: the later counts of the players in `loss` move by what they lost there, as
    the table counted on from it (`counts_moved`); and the lines whose counts moved."""
    moved = counts_moved(a, s, loss, column)
    if moved is None:
        return None
    lines, counts = moved
    old = lines[s.line - 1]
    lines[s.line - 1] = (
        old[: column - 1].rstrip(" \t") + " " + clause + " " + old[column - 1 :]
    ).rstrip(" \t")
    return join(a, lines), counts


def _rent_mortgaged(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    deed = s.after.deeds.get(pos)
    if deed is None or deed.owner in (None, who) or not deed.mortgaged:
        return None
    return f"rent {max(a.square(pos).rents[:1] or (10,))}"


def _rent_own(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    deed = s.after.deeds.get(pos)
    if deed is None or deed.owner != who:
        return None
    return f"rent {max(a.square(pos).rents[:1] or (10,))}"


def _rent_no_owner(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    if pos in s.after.deeds:
        return None
    if any(isinstance(c.event, E.GoToJail) for c in clauses_after(a, s)):
        return None
    return "rent 10"


def _decline_owned(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    deed = s.after.deeds.get(pos)
    if deed is None or deed.owner is None:
        return None
    return "decline"


def _buy_owned(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    deed = s.after.deeds.get(pos)
    if deed is None or deed.owner is None or deed.owner == who:
        return None
    return f"buy {a.square(pos).price}"


def _tax_not_due(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    if a.square(pos).kind == "tax" or pos == a.edition.rules.go_to_jail_index:
        return None
    amount = min((q.tax for q in a.edition.squares if q.kind == "tax" and q.tax), default=100)
    if not a.steady(s, {who: amount}):
        return None
    return f"tax {amount}"


def _salary_not_due(a: Analysis, s: Step, who: str, pos: int) -> str | None:
    before = s.before.players[who].position
    if pos <= before or pos == a.edition.rules.go_to_jail_index:
        return None
    if a.square(pos).kind == "free-parking":
        # money collected there may be a Free Parking house rule played undeclared (M905)
        return None
    if not isinstance(s.event, E.Roll):
        return None
    if any(isinstance(c.event, E.Salary) for c in clauses_after(a, s)):
        return None
    if not a.steady(s, {who: 0}):
        return None
    return f"salary {a.edition.rules.go_salary}"


_landing_operator(
    "rent-mortgaged",
    "M302",
    "RENT-13",
    "rent paid on a mortgaged deed",
    _rent_mortgaged,
)
_landing_operator("rent-own-deed", "M302", "RENT-13", "rent paid on one's own deed", _rent_own)
_landing_operator(
    "rent-no-owner", "M302", "RENT-13", "rent paid on a square no one owns", _rent_no_owner
)
_landing_operator("decline-owned", "M204", "BUY-03", "a deed someone owns declined", _decline_owned)
_landing_operator(
    "buy-owned", "M202", "BUY-02", "a deed another player owns bought from the bank", _buy_owned
)
_landing_operator("tax-not-due", "M408", "TAX-01", "a tax paid off a tax square", _tax_not_due)
_landing_operator(
    "salary-not-passed",
    "M106",
    "MOVE-02",
    "a salary taken for a move that did not pass GO",
    _salary_not_due,
)


@operator("salary-to-jail", "M106", "MOVE-02", "a salary taken by a player sent to jail")
def salary_to_jail(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        if not isinstance(s.event, E.GoToJail) or not same_line_only(a, s):
            continue
        who = actor_of(a, s)
        if who is None or not a.steady(s, {who: 0}):
            continue
        if any(isinstance(c.event, E.Salary) for c in clauses_after(a, s)):
            continue
        spots.append(s)
    spot = pick(rng, spots)
    if spot is None:
        return None
    s = spot
    salary = a.edition.rules.go_salary
    who = actor_of(a, s)
    assert who is not None
    moved = _paid_clause(a, s, s.event.span.end_column, f"salary {salary}", {who: -salary})
    if moved is None:
        return None
    out, counts = moved
    return Edit(
        out,
        s.line,
        tuple(sorted({s.line, *counts})),
        note=f"line {s.line}: salary {salary} after `jail`",
    )


@operator("rent-payee", "M303", "RENT-01", "rent paid to a player who does not own the deed")
def rent_payee(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = [s for s in a.steps if isinstance(s.event, E.Rent) and same_line_only(a, s)]
    rng.shuffle(spots)
    for s in spots:
        ev = s.event
        assert isinstance(ev, E.Rent)
        payer, owner = payer_payee(a, s)
        if payer is None or owner is None:
            continue
        others = [p for p in s.before.active() if p not in (payer, owner)]
        if not others:
            continue
        other = rng.choice(others)
        # the written amount (or the one the engine derived) now goes to `other`
        amount = ev.amount
        if amount is None:
            paid = s.before.players[payer].cash - s.after.players[payer].cash
            amount = paid
        if amount <= 0 or not a.steady(s, {owner: amount, other: 0}):
            continue
        # the replay pays the player written: the table counts on from that
        moved = counts_moved(a, s, {owner: amount, other: -amount}, ev.span.end_column)
        if moved is None:
            continue
        lines, counts = moved
        old = lines[s.line - 1]
        if ev.payee is not None:
            ref = ev.payee
            col = old.rfind(ref.text, ev.span.column - 1, ev.span.end_column - 1)
            if col < 0:
                continue
            lines[s.line - 1] = old[:col] + other + old[col + len(ref.text) :]
        else:
            cut = ev.span.end_column - 1
            lines[s.line - 1] = (old[:cut].rstrip(" \t") + f" to {other} " + old[cut:]).rstrip(
                " \t"
            )
        return Edit(
            join(a, lines),
            s.line,
            tuple(sorted({s.line, *counts})),
            note=f"line {s.line}: rent to {other}, owner {owner}",
        )
    return None


@operator("bid-not-higher", "M206", "BUY-05", "an auction bid that does not beat the one before")
def bid_not_higher(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        ev = s.event
        if (
            isinstance(ev, E.Auction)
            and deed_auction(s)
            and len(ev.bids) >= 3
            and same_line_only(a, s)
        ):
            spots.append(s)
    spot = pick(rng, spots)
    if spot is None:
        return None
    s = spot
    ev = s.event
    assert isinstance(ev, E.Auction)
    j = rng.randrange(1, len(ev.bids) - 1)  # never the last bid: the sale stays as it was
    bid = ev.bids[j]
    found = amounts_in(a, bid.span)
    if not found or bid.span.line != s.line:
        return None
    start, end, _sign, value = found[-1]
    same = ev.bids[j - 1].amount
    out = replace_columns(a, s.line, start, end, str(same))
    return Edit(
        out,
        s.line,
        (s.line,),
        note=f"bid {j + 1} ({bid.player.text} {value}) written as {same}",
    )
