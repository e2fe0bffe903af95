"""Mutation testing of the audit: one known mistake injected into a legal game.

Each operator is a function `(events, text, rng) -> Mutation | None`. It looks through a legal
record (parsed `events` and its `text`) for a spot where a single mistake has one unambiguous
reading, picks one of them with `rng`, and returns the record with that mistake written in: one
clause of one line edited, or one line inserted (the bank-stock operator also lowers the stock on
a setup line). The rest of the record is left exactly as it was. `None`: no such spot.

The `Mutation` names the finding code the audit must give and the line (of the mutated text)
where it must give it.

What "detected" means (`judge`):
  * the expected code is reported on the expected line;
  * every other finding the mutated record gets that the base record did not is a W001 cash note
    mismatch, and only for operators that change a player's cash (`cash` set): a wrong amount
    that is believed moves the wrong money, so the writer's later `=N` notes of that player no
    longer match. Likewise a note of a disputed point that arises only from how much cash a
    player holds (`CASH_RULINGS`: A11, whether the salary collected on the way may pay for the
    deed reached; A37, a creditor short of the 10% on inherited mortgages) may appear or vanish
    elsewhere. Nothing else new is allowed, anywhere, and no
    other finding of the base may disappear except on the edited lines. Operators choose their
    spots so that a change of cash cannot have any other consequence: every player whose cash
    changes stays in the game to the end and never runs short by the amount changed
    (`Analysis.steady`).
  * Operators that change no cash (`cash` False) must produce exactly one new finding.

Illegal builds, deals, mortgages and actions by a player out of the game are refused by the
engine (the table stays as it was), so those operators insert a new line and expect no knock-on.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..findings.model import Finding
from ..notation import events as E
from .base import (
    Analysis,
    Step,
    amounts_in,
    analyse,
    insert_at,
    insert_line,
    join,
    replace_columns,
    span_text,
    square_text,
)


@dataclass(frozen=True, slots=True)
class Mutation:
    """A record with one mistake written in, and what the audit must say about it."""

    kind: str
    code: str  # the finding code expected
    rule: str  # the RULES-MATRIX rule broken
    text: str  # the mutated record
    line: int  # where the finding is expected (line of the mutated text)
    changed: tuple[int, ...]  # lines edited or inserted (mutated text numbering)
    inserted: tuple[int, ...] = ()  # lines inserted (mutated text numbering)
    cash: bool = False  # the mistake changes some player's cash (W001 knock-ons allowed)
    note: str = ""

    def base_line(self, line: int) -> int:
        """Where a line of the base record stands in the mutated record."""
        for ins in sorted(self.inserted):
            if ins <= line:
                line += 1
        return line


Operator = Callable[[Sequence[E.Event], str, random.Random], "Mutation | None"]


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    code: str
    rule: str
    operator: Operator
    summary: str


OPERATORS: dict[str, Kind] = {}


def operator(name: str, code: str, rule: str, summary: str) -> Callable[[Operator], Operator]:
    def register(fn: Operator) -> Operator:
        OPERATORS[name] = Kind(name, code, rule, fn, summary)
        return fn

    return register


# ---------------------------------------------------------------------- judging

# ambiguity notes whose arising depends on a player's cash alone (CF-11: the salary collected on
# the way counted towards the deed reached; CF-37: a creditor short of the 10% on inherited
# mortgages); a change of cash may raise or remove them
CASH_RULINGS = frozenset({"A11", "A37"})


@dataclass(frozen=True, slots=True)
class Verdict:
    detected: bool  # the expected code on the expected line
    on_line: tuple[str, ...]  # every new code on the expected line
    extra: tuple[Finding, ...]  # new findings that are not allowed
    lost: tuple[tuple[str, int], ...]  # base findings gone from lines not edited

    @property
    def exact(self) -> bool:
        return self.detected and not self.extra and not self.lost

    def describe(self) -> str:
        parts = [f"expected found: {self.detected}", f"new on line: {list(self.on_line)}"]
        if self.extra:
            parts.append(
                "extra: " + "; ".join(f"{f.code}@{f.span.line} {f.message}" for f in self.extra)
            )
        if self.lost:
            parts.append(f"lost: {list(self.lost)}")
        return ", ".join(parts)


def judge(m: Mutation, base: list[Finding], mutant: list[Finding]) -> Verdict:
    """Compare the audit of a mutated record with the audit of its base (see module doc)."""
    before = Counter((f.code, m.base_line(f.span.line)) for f in base)
    after = Counter((f.code, f.span.line) for f in mutant)
    new = after - before
    lost = before - after
    detected = new[(m.code, m.line)] > 0
    on_line = tuple(sorted(c for (c, ln), n in new.items() if ln == m.line for _ in range(n)))
    allowed = Counter({(m.code, m.line): 1})
    leftover = new - allowed
    extra: list[Finding] = []
    taken: Counter[tuple[str, int]] = Counter()
    for f in mutant:
        key = (f.code, f.span.line)
        if taken[key] >= leftover[key]:
            continue
        taken[key] += 1
        if m.cash and (f.code == "W001" or f.code in CASH_RULINGS):
            continue
        extra.append(f)
    gone = tuple(
        sorted(
            (c, ln)
            for (c, ln), n in lost.items()
            if ln not in m.changed and not (m.cash and c in CASH_RULINGS)
            for _ in range(n)
        )
    )
    return Verdict(detected, on_line, tuple(extra), gone)


# ---------------------------------------------------------------------- helpers


def _pick(rng: random.Random, items: list[Step]) -> Step | None:
    return rng.choice(items) if items else None


def _wrong(rng: random.Random, amount: int) -> int:
    """A different amount, near enough to be a slip of the pen, never below 1."""
    step = rng.randint(1, max(1, min(50, amount // 4)))
    if amount - step >= 1 and rng.random() < 0.5:
        return amount - step
    return amount + step


def _retype(
    a: Analysis, step: Step, rng: random.Random, which: int = 0
) -> tuple[str, int, int] | None:
    """The record with the `which`-th amount written in `step`'s clause changed."""
    found = amounts_in(a, step.event.span)
    if not found:
        return None
    start, end, _sign, value = found[which]
    new = _wrong(rng, value)
    return replace_columns(a, step.line, start, end, str(new)), value, new


def _same_line_only(a: Analysis, step: Step) -> bool:
    return step.event.span.line == step.event.span.end_line


def _payer_payee(a: Analysis, step: Step) -> tuple[str | None, str | None]:
    """Who pays and who is paid for a Rent step: the tenant and the owner (or stated payee)."""
    ev = step.event
    actor = _actor(a, step)
    payee = None
    if isinstance(ev, E.Rent):
        if ev.payee is not None:
            payee = ev.payee.text
        else:
            pos = step.before.players[actor].position if actor else None
            deed = step.before.deeds.get(pos) if pos is not None else None
            payee = deed.owner if deed else None
    return actor, payee


def _actor(a: Analysis, step: Step) -> str | None:
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


def _is_between_turns(a: Analysis, step: Step) -> bool:
    """`step` is a turn line with a finished turn before it: a new line may go just above it."""
    return isinstance(step.event, E.TurnStart) and step.index > 0 and step.turn > 1


def _landing_steps(a: Analysis) -> list[tuple[Step, str, int]]:
    """Rolls that move a player who is not in jail, with the square reached."""
    out = []
    for s in a.steps:
        if isinstance(s.event, E.Roll) and _same_line_only(a, s):
            who = s.after.current
            b = s.before.players.get(who)
            p = s.after.players.get(who)
            if b is None or p is None or b.in_jail or p.in_jail:
                continue
            if p.position == b.position:
                continue
            out.append((s, who, p.position))
    return out


def _clauses_after(a: Analysis, step: Step) -> list[Step]:
    """The steps written on the same line after `step`."""
    return [s for s in a.later(step) if s.line == step.line]


# ---------------------------------------------------------------------- amounts


def _amount_operator(
    name: str,
    code: str,
    rule: str,
    summary: str,
    event_type: type[E.Event],
    who: Callable[[Analysis, Step], dict[str, int]],
    accept: Callable[[Analysis, Step], bool] = lambda a, s: True,
    which: int = 0,
    other_readings: Callable[[Analysis, Step], set[int]] | None = None,
) -> None:
    """An operator that rewrites the amount written in one clause of `event_type`; never to an
    amount that `other_readings` says another reading of a disputed point would charge (that
    is a ruling, reported as such, not a mistake)."""

    def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
        a = analyse(text)
        spots = []
        for s in a.steps:
            if not isinstance(s.event, event_type) or not _same_line_only(a, s):
                continue
            if not amounts_in(a, s.event.span) or not accept(a, s):
                continue
            spots.append(s)
        rng.shuffle(spots)
        for s in spots:
            found = amounts_in(a, s.event.span)
            start, end, _sign, value = found[which]
            new = _wrong(rng, value)
            if other_readings is not None and new in other_readings(a, s):
                continue
            delta = new - value
            touched = who(a, s)
            loss = {p: sign * delta for p, sign in touched.items()}
            if not a.steady(s, {p: max(v, 0) for p, v in loss.items()}):
                continue
            out = replace_columns(a, s.line, start, end, str(new))
            return Mutation(
                name,
                code,
                rule,
                out,
                s.line,
                (s.line,),
                cash=bool(touched),
                note=f"line {s.line}: {value} written as {new}",
            )
        return None

    operator(name, code, rule, summary)(op)


def _payer(a: Analysis, s: Step) -> dict[str, int]:
    """The actor pays the amount (a larger amount is a loss for them)."""
    actor = _actor(a, s)
    return {actor: 1} if actor else {}


def _receiver(a: Analysis, s: Step) -> dict[str, int]:
    actor = _actor(a, s)
    return {actor: -1} if actor else {}


def _rent_parties(a: Analysis, s: Step) -> dict[str, int]:
    payer, payee = _payer_payee(a, s)
    out: dict[str, int] = {}
    if payer:
        out[payer] = 1
    if payee:
        out[payee] = -1
    return out


def _tax_flat(a: Analysis, s: Step) -> bool:
    ev = s.event
    return isinstance(ev, E.Tax) and ev.percent is None and ev.amount is not None


def _card_money(a: Analysis, s: Step) -> bool:
    ev = s.event
    if not isinstance(ev, E.CardDraw) or ev.amount is None:
        return False
    try:
        card = a.edition.card(ev.card.text)
    except Exception:
        return False
    return card.kind in ("collect", "pay")


def _card_parties(a: Analysis, s: Step) -> dict[str, int]:
    ev = s.event
    assert isinstance(ev, E.CardDraw)
    card = a.edition.card(ev.card.text)
    actor = _actor(a, s)
    if actor is None:
        return {}
    return {actor: -1 if card.kind == "collect" else 1}


def _build_parties(a: Analysis, s: Step) -> dict[str, int]:
    return _payer(a, s)


def _auction_winner(a: Analysis, s: Step) -> dict[str, int]:
    ev = s.event
    assert isinstance(ev, E.Auction)
    return {ev.winner.text: 1} if ev.winner is not None else {}


def _deed_auction(s: Step) -> bool:
    """An auction of a deed (a shortage auction of a house or hotel has codes of its own)."""
    return isinstance(s.event, E.Auction) and s.event.lot_kind in ("square", "pending")


def _has_amount(attr: str) -> Callable[[Analysis, Step], bool]:
    return lambda a, s: getattr(s.event, attr, None) is not None


_amount_operator(
    "rent-amount",
    "M301",
    "RENT-04",
    "a rent written for another amount than the rules set",
    E.Rent,
    _rent_parties,
    _has_amount("amount"),
)
_amount_operator(
    "salary-amount",
    "M105",
    "MOVE-02",
    "a GO salary written for another amount",
    E.Salary,
    _receiver,
    _has_amount("amount"),
)
_amount_operator(
    "tax-amount",
    "M407",
    "TAX-01",
    "a tax written for another amount than the square's",
    E.Tax,
    _payer,
    _tax_flat,
    which=-1,
)
_amount_operator(
    "card-amount",
    "M405",
    "CARD-02",
    "a money card written for another amount than the card's",
    E.CardDraw,
    _card_parties,
    _card_money,
)
_amount_operator(
    "buy-price",
    "M203",
    "BUY-02",
    "a deed bought from the bank at another price than the printed one",
    E.Buy,
    _payer,
    _has_amount("amount"),
)
_amount_operator(
    "auction-price",
    "M207",
    "BUY-07",
    "an auction sold at another price than the last bid",
    E.Auction,
    _auction_winner,
    lambda a, s: _deed_auction(s) and getattr(s.event, "price", None) is not None,
    which=-1,
)
_amount_operator(
    "build-price",
    "M609",
    "BLD-02",
    "houses or hotels bought for another amount than the printed prices",
    E.Build,
    _build_parties,
    _has_amount("amount"),
    which=-1,
)
_amount_operator(
    "sell-price",
    "M614",
    "SELL-02",
    "buildings sold back for another amount than half their price",
    E.Sell,
    _receiver,
    _has_amount("amount"),
    which=-1,
)
_amount_operator(
    "mortgage-amount",
    "M704",
    "MORT-02",
    "a mortgage raised for another amount than the deeds' mortgage values",
    E.Mortgage,
    _receiver,
    _has_amount("amount"),
    which=-1,
)


def _interest_readings(a: Analysis, s: Step) -> set[int]:
    """Every sum the 10% on the deeds of an `interest` clause comes to under some reading: of
    the mortgage value or of the printed price (CF-35), each deed's 10% rounded half up or
    down (CF-34), or the 10% of their total rounded either way."""
    ev = s.event
    assert isinstance(ev, E.Interest)
    squares = [_resolve_square(a, ref) for ref in ev.squares]
    out: set[int] = set()
    for base in ("mortgage_value", "price"):
        tenths = [getattr(a.square(i), base) for i in squares if i is not None]
        for parts in (tenths, [sum(tenths)]):
            out.add(sum(v // 10 for v in parts))
            out.add(sum((v + 5) // 10 for v in parts))
    return out


_amount_operator(
    "interest-amount",
    "M708",
    "MORT-07",
    "the 10% on a mortgaged deed received written for another amount",
    E.Interest,
    _payer,
    _has_amount("amount"),
    which=-1,
    other_readings=_interest_readings,
)
_amount_operator(
    "fine-amount",
    "M504",
    "JAIL-04",
    "the jail fine written for another amount",
    E.PayFine,
    _payer,
    _has_amount("amount"),
)


@operator("checksum", "W001", "-", "a cash note that is off by some amount")
def checksum(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    a = analyse(text)
    s = _pick(rng, [s for s in a.steps if isinstance(s.event, E.CashCheck)])
    if s is None:
        return None
    done = _retype(a, s, rng, -1)
    if done is None:
        return None
    out, old, new = done
    return Mutation("checksum", "W001", "-", out, s.line, (s.line,), note=f"={old} -> ={new}")


@operator(
    "unmortgage-no-interest",
    "M706",
    "MORT-03",
    "a mortgage lifted for the mortgage value alone, the 10% forgotten",
)
def unmortgage_no_interest(
    events: Sequence[E.Event], text: str, rng: random.Random
) -> Mutation | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        ev = s.event
        if isinstance(ev, E.Unmortgage) and ev.amount is not None and _same_line_only(a, s):
            spots.append(s)
    rng.shuffle(spots)
    for s in spots:
        ev = s.event
        assert isinstance(ev, E.Unmortgage) and ev.amount is not None
        actor = _actor(a, s)
        if actor is None:
            continue
        value = 0
        for ref in ev.squares:
            sq = _resolve_square(a, ref)
            if sq is None:
                value = -1
                break
            value += a.square(sq).mortgage_value
        if value <= 0 or value == ev.amount or not a.steady(s, {actor: 0}):
            continue
        start, end, _sign, _old = amounts_in(a, ev.span)[-1]
        out = replace_columns(a, s.line, start, end, str(value))
        return Mutation(
            "unmortgage-no-interest",
            "M706",
            "MORT-03",
            out,
            s.line,
            (s.line,),
            cash=True,
            note=f"lifted for {value} instead of {ev.amount}",
        )
    return None


def _resolve_square(a: Analysis, ref: E.Ref) -> int | None:
    from ..editions import Resolver
    from ..editions.errors import ResolveError

    try:
        names = list(a.steps[0].before.players) if a.steps else []
        return Resolver(a.edition, names).square(ref).index
    except (ResolveError, Exception):
        return None


# ---------------------------------------------------------------------- clauses added


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

    def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
        a = analyse(text)
        spots = _landing_steps(a)
        rng.shuffle(spots)
        for s, who, pos in spots:
            clause = accept(a, s, who, pos)
            if clause is None:
                continue
            out = insert_at(a, s.line, s.event.span.end_column, clause)
            return Mutation(
                name,
                code,
                rule,
                out,
                s.line,
                (s.line,),
                cash=clause.startswith(("tax", "salary")),
                note=f"line {s.line}: `{clause}` written after the roll",
            )
        return None

    operator(name, code, rule, summary)(op)


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
    if any(isinstance(c.event, E.GoToJail) for c in _clauses_after(a, s)):
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
    if any(isinstance(c.event, E.Salary) for c in _clauses_after(a, s)):
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
def salary_to_jail(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        if not isinstance(s.event, E.GoToJail) or not _same_line_only(a, s):
            continue
        who = _actor(a, s)
        if who is None or not a.steady(s, {who: 0}):
            continue
        if any(isinstance(c.event, E.Salary) for c in _clauses_after(a, s)):
            continue
        spots.append(s)
    spot = _pick(rng, spots)
    if spot is None:
        return None
    s = spot
    salary = a.edition.rules.go_salary
    out = insert_at(a, s.line, s.event.span.end_column, f"salary {salary}")
    return Mutation(
        "salary-to-jail",
        "M106",
        "MOVE-02",
        out,
        s.line,
        (s.line,),
        cash=True,
        note=f"line {s.line}: salary {salary} after `jail`",
    )


@operator("rent-payee", "M303", "RENT-01", "rent paid to a player who does not own the deed")
def rent_payee(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    a = analyse(text)
    spots = [s for s in a.steps if isinstance(s.event, E.Rent) and _same_line_only(a, s)]
    rng.shuffle(spots)
    for s in spots:
        ev = s.event
        assert isinstance(ev, E.Rent)
        payer, owner = _payer_payee(a, s)
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
        if ev.payee is not None:
            ref = ev.payee
            col = a.lines[s.line - 1].rfind(ref.text, ev.span.column - 1, ev.span.end_column - 1)
            if col < 0:
                continue
            out = replace_columns(a, s.line, col + 1, col + 1 + len(ref.text), other)
        else:
            out = insert_at(a, s.line, ev.span.end_column, f"to {other}")
        return Mutation(
            "rent-payee",
            "M303",
            "RENT-01",
            out,
            s.line,
            (s.line,),
            cash=True,
            note=f"line {s.line}: rent to {other}, owner {owner}",
        )
    return None


@operator("bid-not-higher", "M206", "BUY-05", "an auction bid that does not beat the one before")
def bid_not_higher(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        ev = s.event
        if (
            isinstance(ev, E.Auction)
            and _deed_auction(s)
            and len(ev.bids) >= 3
            and _same_line_only(a, s)
        ):
            spots.append(s)
    spot = _pick(rng, spots)
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
    return Mutation(
        "bid-not-higher",
        "M206",
        "BUY-05",
        out,
        s.line,
        (s.line,),
        note=f"bid {j + 1} ({bid.player.text} {value}) written as {same}",
    )


# ---------------------------------------------------------------------- lines added


def _line_operator(
    name: str,
    code: str,
    rule: str,
    summary: str,
    make: Callable[[Analysis, Step, random.Random], str | None],
) -> None:
    """An operator that inserts one actor or deal line just above a turn line (between turns);
    `make(a, turn_step, rng)` writes it from the table as it stands there, or returns None."""

    def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
        a = analyse(text)
        spots = [s for s in a.steps if _is_between_turns(a, s)]
        rng.shuffle(spots)
        for s in spots[:200]:
            new = make(a, s, rng)
            if new is None:
                continue
            out = insert_line(a, s.line, new)
            return Mutation(
                name,
                code,
                rule,
                out,
                s.line,
                (s.line,),
                inserted=(s.line,),
                note=f"inserted at line {s.line}: {new}",
            )
        return None

    operator(name, code, rule, summary)(op)


def _groups_of(a: Analysis, s: Step, player: str) -> list[tuple[int, ...]]:
    """The colour groups `player` holds whole (sites only)."""
    out = []
    for members in a.edition.groups.values():
        if not members or a.square(members[0]).kind != "site":
            continue
        if all(s.before.deeds[i].owner == player for i in members):
            out.append(members)
    return out


def _build_line(
    a: Analysis,
    s: Step,
    rng: random.Random,
    want: Callable[[Analysis, Step, str, tuple[int, ...]], tuple[int, str] | None],
) -> str | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        groups = _groups_of(a, s, p)
        rng.shuffle(groups)
        for g in groups:
            got = want(a, s, p, g)
            if got is not None:
                site, item = got
                return f"{p} build {square_text(a.square(site))}{item}"
    return None


def _uneven(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if len(g) < 2 or any(d.mortgaged or d.hotel for d in deeds):
        return None
    levels = {d.houses for d in deeds}
    if len(levels) != 1 or max(levels) > 2 or s.before.bank_houses < 2:
        return None
    site = g[0]
    if s.before.players[p].cash < 2 * a.square(site).house_cost:
        return None
    return site, " x2"


def _hotel_early(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if any(d.mortgaged or d.hotel for d in deeds):
        return None
    levels = {d.houses for d in deeds}
    if len(levels) != 1 or max(levels) >= 4 or s.before.bank_hotels < 1:
        return None
    site = g[-1]
    if s.before.players[p].cash < a.square(site).hotel_cost:
        return None
    return site, " hotel"


def _mortgaged_group(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if not any(d.mortgaged for d in deeds) or all(d.mortgaged for d in deeds):
        return None
    site = next(i for i in g if not s.before.deeds[i].mortgaged)
    if s.before.players[p].cash < a.square(site).house_cost or s.before.bank_houses < 1:
        return None
    return site, ""


def _make_build(
    want: Callable[[Analysis, Step, str, tuple[int, ...]], tuple[int, str] | None],
) -> Callable[[Analysis, Step, random.Random], str | None]:
    return lambda a, s, rng: _build_line(a, s, rng, want)


def _no_group(a: Analysis, s: Step, rng: random.Random) -> str | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        for i, d in s.before.deeds.items():
            sq = a.square(i)
            if d.owner != p or d.mortgaged or sq.kind != "site":
                continue
            g = a.group_of(i)
            if all(s.before.deeds[j].owner == p for j in g):
                continue
            if s.before.players[p].cash < sq.house_cost or s.before.bank_houses < 1:
                continue
            return f"{p} build {square_text(sq)}"
    return None


def _deal_built(a: Analysis, s: Step, rng: random.Random) -> str | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        for i, d in s.before.deeds.items():
            if d.owner != p or a.square(i).kind != "site":
                continue
            if not any(s.before.deeds[j].level > 0 for j in a.group_of(i)):
                continue
            others = [q for q in s.before.active() if q != p and s.before.players[q].cash >= 1]
            if not others:
                continue
            q = rng.choice(others)
            return f"deal {p}: {square_text(a.square(i))} | {q}: 1"
    return None


def _deal_not_owned(a: Analysis, s: Step, rng: random.Random) -> str | None:
    players = s.before.active()
    rng.shuffle(players)
    for p in players:
        others = [q for q in s.before.active() if q != p and s.before.players[q].cash >= 1]
        if not others:
            continue
        q = rng.choice(others)
        theirs = [i for i, d in s.before.deeds.items() if d.owner not in (p, q) and d.level == 0]
        if not theirs:
            continue
        i = rng.choice(theirs)
        return f"deal {p}: {square_text(a.square(i))} | {q}: 1"
    return None


def _estate_line(
    verb: str, fits: Callable[[Analysis, Step, str, int], bool]
) -> Callable[[Analysis, Step, random.Random], str | None]:
    def make(a: Analysis, s: Step, rng: random.Random) -> str | None:
        players = s.before.active()
        rng.shuffle(players)
        for p in players:
            mine = [i for i, d in s.before.deeds.items() if d.owner == p and fits(a, s, p, i)]
            if mine:
                return f"{p} {verb} {square_text(a.square(rng.choice(mine)))}"
        return None

    return make


def _is_mortgaged(a: Analysis, s: Step, p: str, i: int) -> bool:
    return s.before.deeds[i].mortgaged


def _is_free(a: Analysis, s: Step, p: str, i: int) -> bool:
    return not s.before.deeds[i].mortgaged


def _in_built_group(a: Analysis, s: Step, p: str, i: int) -> bool:
    d = s.before.deeds[i]
    if d.mortgaged or a.square(i).kind != "site":
        return False
    return any(s.before.deeds[j].level > 0 for j in a.group_of(i))


_line_operator(
    "build-uneven",
    "M607",
    "BLD-03",
    "two houses put on one site of an evenly built group",
    _make_build(_uneven),
)
_line_operator(
    "build-hotel-early",
    "M606",
    "BLD-05",
    "a hotel bought for a site without four houses",
    _make_build(_hotel_early),
)
_line_operator(
    "build-mortgaged-group",
    "M603",
    "BLD-08",
    "a house bought in a group with a mortgaged site",
    _make_build(_mortgaged_group),
)
_line_operator(
    "build-without-group",
    "M602",
    "BLD-01",
    "a house bought on a site whose group the builder does not hold whole",
    _no_group,
)
_line_operator(
    "deal-built-group",
    "M712",
    "DEAL-03",
    "a site of a built-on group handed over in a deal",
    _deal_built,
)
_line_operator(
    "deal-not-owned",
    "M711",
    "DEAL-02",
    "a deed the giver does not own handed over in a deal",
    _deal_not_owned,
)
_line_operator(
    "mortgage-twice",
    "M702",
    "MORT-02",
    "a deed mortgaged while already mortgaged",
    _estate_line("mortgage", _is_mortgaged),
)
_line_operator(
    "unmortgage-not-mortgaged",
    "M705",
    "MORT-03",
    "a mortgage lifted on a deed that is not mortgaged",
    _estate_line("unmortgage", _is_free),
)
_line_operator(
    "mortgage-built-group",
    "M703",
    "MORT-01",
    "a site mortgaged while its group has buildings",
    _estate_line("mortgage", _in_built_group),
)


@operator("bankrupt-acting", "M902", "BKR-02", "a player out of the game acts")
def bankrupt_acting(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    a = analyse(text)
    spots = []
    for s in a.steps:
        if not isinstance(s.event, (E.Bankrupt, E.Resign)):
            continue
        who = _actor(a, s)
        if who is None or s.after.over or len(s.after.active()) < 2:
            continue
        if s.after.players[who].active:
            continue
        spots.append((s, who))
    if not spots:
        return None
    s, who = rng.choice(spots)
    at = s.line + 1
    out = insert_line(a, at, f"{who} pay 1 to bank")
    return Mutation(
        "bankrupt-acting",
        "M902",
        "BKR-02",
        out,
        at,
        (at,),
        inserted=(at,),
        note=f"{who} pays after leaving the game (line {s.line})",
    )


@operator("fine-not-in-jail", "M503", "JAIL-04", "a jail fine paid by a player not in jail")
def fine_not_in_jail(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    a = analyse(text)
    fine = a.edition.rules.jail_fine
    spots = []
    for s in a.steps:
        if not isinstance(s.event, E.TurnStart) or not _same_line_only(a, s):
            continue
        who = s.after.current
        p = s.after.players.get(who)
        if p is None or p.in_jail or not p.active:
            continue
        if not a.steady(s, {who: fine}):
            continue
        spots.append(s)
    spot = _pick(rng, spots)
    if spot is None:
        return None
    s = spot
    out = insert_at(a, s.line, s.event.span.end_column, f"fine {fine}")
    return Mutation(
        "fine-not-in-jail",
        "M503",
        "JAIL-04",
        out,
        s.line,
        (s.line,),
        cash=True,
        note=f"line {s.line}: fine {fine} by a player not in jail",
    )


# ---------------------------------------------------------------------- dice


def _rolls_in_turn(a: Analysis, turn: int) -> list[Step]:
    return [s for s in a.turn_steps(turn) if isinstance(s.event, E.Roll)]


def _dice_text(a: Analysis, s: Step) -> tuple[int, int]:
    """Columns of the `d-d` text of a roll."""
    col = s.event.span.column
    return col, col + 3


@operator("extra-roll", "M103", "DBL-01", "a roll after a roll that was not a double")
def extra_roll(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
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
    return Mutation(
        "extra-roll",
        "M103",
        "DBL-01",
        out,
        nxt.line,
        (s.line,),
        note=f"line {s.line}: {ev.die1}-{ev.die2} written as {ev.die1 - 1}-{ev.die2 + 1}",
    )


@operator("missing-roll", "M102", "DBL-01", "no roll after a double")
def missing_roll(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
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
    spot = _pick(rng, spots)
    if spot is None:
        return None
    s = spot
    ev = s.event
    assert isinstance(ev, E.Roll)
    half = ev.total // 2
    start, end = _dice_text(a, s)
    out = replace_columns(a, s.line, start, end, f"{half}-{half}")
    return Mutation(
        "missing-roll",
        "M102",
        "DBL-01",
        out,
        s.line,
        (s.line,),
        note=f"line {s.line}: {ev.die1}-{ev.die2} written as {half}-{half}",
    )


@operator("wrong-square", "M104", "MOVE-01", "a roll written as reaching another square")
def wrong_square(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    """The square after a roll onto Chance or Community Chest written as another square of the
    same kind, where the card drawn then sends the token to a fixed square (or to jail) the
    same way from both: the token's later path is the same."""
    a = analyse(text)
    spots = []
    for s, who, pos in _landing_steps(a):
        ev = s.event
        assert isinstance(ev, E.Roll)
        if ev.square is None:
            continue
        kind = a.square(pos).kind
        if kind not in ("chance", "chest"):
            continue
        after = _clauses_after(a, s)
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
    return Mutation(
        "wrong-square",
        "M104",
        "MOVE-01",
        out,
        s.line,
        (s.line,),
        note=f"line {s.line}: {ref} written as #{alt}",
    )


# ---------------------------------------------------------------------- setup lines


def _draws(a: Analysis) -> list[tuple[Step, str]]:
    out = []
    for s in a.steps:
        if isinstance(s.event, E.CardDraw):
            try:
                out.append((s, a.edition.card(s.event.card.text).id))
            except Exception:
                continue
    return out


@operator("card-out-of-order", "M403", "CARD-03", "a card drawn out of the deck's known order")
def card_out_of_order(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    """A `setup deck` line naming the deck's first two cards the other way round: the first
    card drawn is then not the one known to be on top."""
    a = analyse(text)
    draws = _draws(a)
    decks = sorted({a.edition.card(c).deck for _s, c in draws})
    rng.shuffle(decks)
    for deck in decks:
        mine = [(s, c) for s, c in draws if a.edition.card(c).deck == deck]
        if len(mine) < 2:
            continue
        (s1, first), (_s2, second) = mine[0], mine[1]
        c1, c2 = a.edition.card(first), a.edition.card(second)
        if first == second or _same_effect(c1, c2):
            continue
        at = a.first_play_line()
        if s1.line < at:
            continue
        out = insert_line(a, at, f"setup deck {second}, {first}")
        return Mutation(
            "card-out-of-order",
            "M403",
            "CARD-03",
            out,
            s1.line + 1,
            (at,),
            inserted=(at,),
            note=f"deck set up as {second}, {first}; {first} drawn first at line {s1.line}",
        )
    return None


def _same_effect(c1: object, c2: object) -> bool:
    keys = ("deck", "kind", "amount", "target", "target_kind", "rent_rule")
    return all(getattr(c1, k) == getattr(c2, k) for k in keys)


@operator("jail-card-held", "M404", "CARD-04", "a Get Out of Jail Free card drawn while held")
def jail_card_held(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    """A setup line giving a jail card, before play, to the player who first draws it: that
    draw is then of a card someone holds. The table after the draw is the same as in the base
    (the card out of the deck, in the drawer's hand), so nothing else changes. Not where an
    unnamed jail card is used or traded before that draw (which card it is would change)."""
    a = analyse(text)
    at = a.first_play_line()
    spots = []
    seen: set[str] = set()
    for s, card in _draws(a):
        if card in seen:
            continue
        seen.add(card)
        if a.edition.card(card).kind != "get_out_of_jail_free" or s.line < at:
            continue
        if any(card in p.cards for p in s.before.players.values()):
            continue
        if any(_unnamed_jail_card(t.event) for t in a.steps[: s.index]):
            continue
        spots.append((s, card))
    if not spots:
        return None
    s, card = rng.choice(spots)
    drawer = s.after.current
    out = insert_line(a, at, f"setup {drawer} goojf {card}")
    return Mutation(
        "jail-card-held",
        "M404",
        "CARD-04",
        out,
        s.line + 1,
        (at,),
        inserted=(at,),
        note=f"{drawer} holds {card} from the start; drawn at line {s.line}",
    )


def _unnamed_jail_card(ev: E.Event) -> bool:
    if isinstance(ev, E.UseJailCard):
        return ev.card is None
    if isinstance(ev, E.Deal):
        return any(
            i.kind == "card" and i.card is None
            for side in (ev.first, ev.second)
            for i in side.gives
        )
    return False


@operator(
    "bank-out-of-houses",
    "M608",
    "BLD-11",
    "a house bought when the bank has none left (the stock lowered on a setup line)",
)
def bank_out_of_houses(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    """The bank's stock lowered by the least number of houses it ever holds after play starts,
    and a legal one-house build inserted at a moment it holds that least number: that build
    finds the bank empty, every build of the record still finds its houses."""
    a = analyse(text)
    at = a.first_play_line()
    play = [s for s in a.steps if s.line >= at]
    if not play:
        return None
    low = min(s.after.bank_houses for s in play)
    low = min(low, min(s.before.bank_houses for s in play))
    if low <= 0:
        return None
    if any(isinstance(s.event, E.Sell) and _sells_hotel(s.event) for s in play):
        return None  # a hotel stepped down takes four houses from the bank
    spots = [s for s in play if _is_between_turns(a, s) and s.before.bank_houses == low]
    rng.shuffle(spots)
    for s in spots:
        line = _build_line(a, s, rng, _one_house)
        if line is None:
            continue
        total = play[0].before.bank_houses
        hotels = play[0].before.bank_hotels
        setup_line = f"setup bank houses {total - low} hotels {hotels}"
        lines = list(a.lines)
        lines.insert(s.line - 1, line)
        out = insert_line(a, at, setup_line, lines)
        build_at = s.line + 1
        return Mutation(
            "bank-out-of-houses",
            "M608",
            "BLD-11",
            out,
            build_at,
            (at, build_at),
            inserted=(at, build_at),
            note=f"bank stock {total - low}; build at line {build_at}: {line}",
        )
    return None


def _sells_hotel(ev: E.Sell) -> bool:
    return any(i.hotel for i in ev.items)


def _one_house(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if any(d.mortgaged or d.hotel for d in deeds):
        return None
    low = min(d.houses for d in deeds)
    if low >= 4:
        return None
    site = next(i for i in g if s.before.deeds[i].houses == low)
    if s.before.players[p].cash < a.square(site).house_cost:
        return None
    return site, ""


@operator(
    "interest-forgotten",
    "M709",
    "MORT-07",
    "the 10% on a mortgaged deed received never paid",
)
def interest_forgotten(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
    """An `interest` clause taken out: the receiver keeps the deed mortgaged without paying.
    The engine calls for the choice when the turn closes (the next turn line)."""
    a = analyse(text)
    spots = []
    for s in a.steps:
        if not isinstance(s.event, E.Interest) or not _same_line_only(a, s):
            continue
        who = _actor(a, s)
        close = a.next_turn_line(s)
        if who is None or close is None or not a.steady(s, {who: 0}):
            continue
        if len(s.event.squares) != 1:
            continue  # one M709 per deed: keep to one deed
        if any(isinstance(t.event, E.Unmortgage) and t.line < close for t in a.later(s)):
            continue  # lifting the mortgage later in the turn is the choice made
        spots.append((s, close))
    if not spots:
        return None
    s, close = rng.choice(spots)
    line = a.lines[s.line - 1]
    ev = s.event
    start, end = ev.span.column - 1, ev.span.end_column - 1
    rest = (line[:start].rstrip() + " " + line[end:].lstrip()).rstrip()
    others = [t for t in a.steps if t.line == s.line and t is not s]
    actor_only = isinstance(ev, E.Action) and ev.actor is not None and not others
    if actor_only:
        comment = line.find(";")
        rest = line[comment:] if comment >= 0 else ""
    lines = list(a.lines)
    lines[s.line - 1] = rest
    return Mutation(
        "interest-forgotten",
        "M709",
        "MORT-07",
        join(a, lines),
        close,
        (s.line,),
        cash=True,
        note=f"line {s.line}: `{span_text(a, ev.span)}` taken out",
    )


def kinds() -> list[str]:
    return sorted(OPERATORS)


def mutate(kind: str, text: str, rng: random.Random) -> Mutation | None:
    """Apply the operator `kind` to a legal record's text."""
    a = analyse(text)
    return OPERATORS[kind].operator(a.events, text, rng)


__all__ = [
    "OPERATORS",
    "Kind",
    "Mutation",
    "Verdict",
    "judge",
    "kinds",
    "mutate",
]
