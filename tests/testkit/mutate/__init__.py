"""Mutation testing of the audit: one known mistake injected into a legal game.

Each operator is a function `(events, text, rng) -> Edit | None` registered with
`@operator(kind, code, rule, summary)`. It looks through a legal record (parsed `events` and its
`text`) for a spot where a single mistake has one unambiguous reading, picks one of them with
`rng`, and returns the record with that mistake written in: one clause of one line edited, or one
line inserted (the bank-stock operator also lowers the stock on a setup line). The rest of the
record is left exactly as it was. `None`: no such spot.

The registration makes the `Mutation`: the edit with the operator's kind, the finding code the
audit must give and the rule broken; the edit names the line (of the mutated text) where the
audit must give it. The operators live by family: amounts.py (an amount rewritten), clauses.py
(a clause added), lines.py (a line added), dice.py, setup_lines.py (cards, the bank's stock, the
10% on an inherited mortgage); spots.py holds what they share, judge.py the verdict.

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

A build the replay reports and then carries out as written (uneven, without the whole group,
beside a mortgage: the record is what happened at the table) is inserted where the record then
consistently follows it: where nothing later depends on the houses, the builder's later counts
(`=N`) are moved by what the build cost (`spots.shift_counts`, `spots.undisturbed`); elsewhere
the houses are sold back to the bank on the next line and the counts move by the loss. Other
illegal lines the engine refuses (the table stays as it was) are inserted alone and expect no
knock-on.
"""

from __future__ import annotations

import random

from ..base import analyse

# the operators register themselves when their family's module is imported
from . import amounts, clauses, dice, lines, setup_lines  # noqa: F401
from .judge import CASH_RULINGS, Verdict, judge
from .model import OPERATORS, Edit, Kind, Mutation, operator


def kinds() -> list[str]:
    return sorted(OPERATORS)


def mutate(kind: str, text: str, rng: random.Random) -> Mutation | None:
    """Apply the operator `kind` to a legal record's text."""
    a = analyse(text)
    return OPERATORS[kind].operator(a.events, text, rng)


__all__ = [
    "CASH_RULINGS",
    "OPERATORS",
    "Edit",
    "Kind",
    "Mutation",
    "Verdict",
    "judge",
    "kinds",
    "mutate",
    "operator",
]
