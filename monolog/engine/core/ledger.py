"""The ledger's entries and the debts a short payment opens: what `Game` keeps of money moved.

They hold no handler, so the state handlers keep between events (turn_flow.py, pending_state.py)
can name them without importing the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation.events import NO_SPAN, Span


# not frozen, but never changed once made: an entry the record corrects or confirms is a new
# one in its place (`Game.amend`, `Game.confirm`). A frozen class sets each field through
# `object.__setattr__`: making the entries took about 4% of the replay of 200 simulated games,
# a fifth of that now (benchmarks/README.md). Hashed by value, as a frozen one is.
@dataclass(slots=True, unsafe_hash=True)
class Transfer:
    """One movement of money. `payer` / `payee` None means the bank.

    `derived` is True when the record did not write the amount: the engine worked it out from
    the rules (a salary after a roll, a rent written without its figure).
    """

    turn: int
    span: Span
    payer: str | None
    payee: str | None
    amount: int
    reason: str
    derived: bool = False


@dataclass(slots=True)
class Debt:
    """`debtor` owes `amount` (the part not covered by cash) to `creditor` (None = the bank)."""

    debtor: str
    creditor: str | None
    amount: int
    reason: str
    span: Span
    reported: bool = False


def entry_span(entry: Transfer | None) -> Span:
    """The span of a ledger entry, or no span."""
    return entry.span if entry is not None else NO_SPAN
