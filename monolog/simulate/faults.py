"""Engine faults the simulator can play: the mistakes other Monopoly programs make.

`simulate(..., faults=["no-auction", ...])` plays the game as a buggy engine would: wherever a
fault of a chosen kind can show, the simulator does what that engine does (leaves a declined
deed with the bank, charges a stale rent, ...) and writes the record of what happened, the
faulty amount written out as a converted log writes every amount the program moved. The game
then goes on from the faulty position, and the record carries exact checksums every round, so
an audit that stops following the record after the fault shows at once.

The record is told of a fault only by an inline comment `{fault: KIND}` right after the clause
where it shows; the audit ignores comments, so the comment only tells a benchmark where the
fault is (`marks`). A kind whose fault is legal under the readings in force (a fresh throw for
utility rent where CF-19 says so) never shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FaultKind:
    """One kind of engine fault: what the buggy engine does, and the finding it should get."""

    key: str
    does: str  # what the buggy engine does, in a few words
    codes: tuple[str, ...]  # the finding codes that name the fault (the first is the usual one)
    rule: str  # the rule broken


KINDS: dict[str, FaultKind] = {
    k.key: k
    for k in (
        FaultKind(
            "jail-card-ignored",
            "a Go to Jail card drawn and not obeyed: the player stays where the card was drawn",
            ("M508",),
            "JAIL-01",
        ),
        FaultKind(
            "no-auction",
            "a deed declined and left with the bank, never auctioned",
            ("M201", "A67"),  # after a card move CF-67 is disputed: A67 names the departure
            "BUY-03",
        ),
        FaultKind(
            "utility-fresh-throw",
            "utility rent from a fresh throw of the dice instead of the roll that moved the "
            "player (where CF-19 reads the movement roll)",
            ("A19", "M990"),
            "RENT-10",
        ),
        FaultKind(
            "stale-rent",
            "rent worked out from who owned the group before a deal: the doubling or the "
            "railroad and utility tier stale after a trade",
            ("M301",),
            "RENT-04",
        ),
        FaultKind(
            "rent-on-mortgaged",
            "rent charged on a mortgaged deed",
            ("M302",),
            "RENT-13",
        ),
        FaultKind(
            "goojf-on-top",
            "a used Get Out of Jail Free card put back on top of its deck instead of under it, "
            "so it is the next card drawn there (the fault shows at that draw)",
            ("M403",),
            "CARD-05",
        ),
        FaultKind(
            "reshuffle",
            "a deck reshuffled once every card of it has been drawn, instead of the cards "
            "going round in the same order (the fault shows at the next draw from it)",
            ("M403",),
            "CARD-03",
        ),
        FaultKind(
            "lift-60",
            "a mortgage lifted for 60% of the printed price instead of the mortgage value "
            "and its 10%",
            ("M706",),
            "MORT-05",
        ),
        FaultKind(
            "no-interest-received",
            "no 10% paid, and no mortgage lifted, on a mortgaged deed received in a deal or "
            "from a bankrupt player",
            ("M709",),
            "MORT-07",
        ),
        FaultKind(
            "card-money-unpaid",
            "a card that pays or collects money carried out with no money moving (written "
            "with the amount 0)",
            ("M405", "M411"),
            "CARD-02",
        ),
        FaultKind(
            "third-double-salary",
            "on a third double, the salary for the move that double would have made past GO, "
            "then jail",
            ("M106",),
            "DBL-02",
        ),
        FaultKind(
            "jail-double-extra-roll",
            "another roll after leaving jail on a double (where CF-04 reads no extra roll)",
            ("A04", "M990"),
            "JAIL-06",
        ),
        FaultKind(
            "bankrupt-no-auction",
            "a player bankrupt to the bank: the deeds go back to the bank unsold, with no "
            "auction (where CF-39 auctions them)",
            ("M201",),
            "BKR-07",
        ),
    )
}

# the inline comment that marks a fault in the record
MARK = re.compile(r"\{fault: ([a-z0-9-]+)\}")


def mark(kind: str) -> str:
    """The inline comment written after the clause where a fault of `kind` shows."""
    return f"{{fault: {kind}}}"


def parse_kinds(text: str) -> list[str]:
    """`KIND[,KIND...]` (or `all`) as a list of kinds; ValueError naming an unknown kind."""
    names = [k.strip() for k in text.split(",") if k.strip()]
    if names == ["all"]:
        return list(KINDS)
    unknown = [k for k in names if k not in KINDS]
    if unknown:
        raise ValueError(
            f"unknown fault kind {', '.join(unknown)} (known: {', '.join(KINDS)}, or all)"
        )
    return list(dict.fromkeys(names))


@dataclass(frozen=True, slots=True)
class Injected:
    """A fault the record shows: its kind and the line (1-based) of its mark."""

    kind: str
    line: int


def marks(text: str) -> list[Injected]:
    """Every fault marked in a record's text, in order."""
    out: list[Injected] = []
    if "{fault: " not in text:  # most records: no line to look at
        return out
    for number, line in enumerate(text.splitlines(), 1):
        for m in MARK.finditer(line):
            out.append(Injected(m.group(1), number))
    return out
