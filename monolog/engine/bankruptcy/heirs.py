"""Who takes a bankrupt player's estate, decided for the judgement (judge.py; BKR-03..07).

Three decisions, each a plain function of the position and the readings in force:

- `decide_creditor`: the estate goes to whoever the debts are to (BKR-03, BKR-07); no reading
  gives it to a player owed nothing, so the decision lists no other reading.
- `decide_bank_share`: with a player owed, whether the bank takes what is left once the player
  is paid (CF-82): `WHOLE` (the player owed takes the whole estate, reading whole-estate) or
  `REST` (the player keeps the payment and the bank takes the rest, reading debt-then-bank).
  The record writes `REST` as `bankrupt to bank, creditor Ben`, and `ALL` as `bankrupt to bank`
  alone, which no reading gives while only players are owed.
- `decide_heir`: with several creditors, who takes the estate (CF-41, CF-59): all of them
  (`SHARED`, the cash shared and the deeds as to the bank), or the first creditor left short
  when the debtor's cash pays them in full in seat order from the debtor's left (reading
  turn-order; for the deeds of an estate owed to players only, reading first-unpaid). The
  record writes the second as `bankrupt to Ben`.
"""

from __future__ import annotations

from ..building.holdings import owner_word
from ..core import judge
from ..core.game import Debt, Game
from .liquidation import first_short

WHOLE = "whole"  # CF-82 whole-estate: the player owed takes everything
REST = "rest"  # CF-82 debt-then-bank: the player owed keeps the payment, the bank the rest
ALL = "all"  # the bank takes everything, the payments to the players taken back
SHARED = "shared"  # several creditors share the estate
DEBT_THEN_BANK = "debt-then-bank"

__all__ = [
    "ALL",
    "DEBT_THEN_BANK",
    "REST",
    "SHARED",
    "WHOLE",
    "decide_bank_share",
    "decide_creditor",
    "decide_heir",
]


def decide_creditor(game: Game, creditors: list[str | None]) -> judge.Decision:
    """The estate goes to the creditors the debts are to (BKR-03 a player, BKR-07 the bank):
    the figure is their names as a report shows them. Settled: no other reading."""
    return judge.Decision(judge.Choice([owner_word(game, c) for c in creditors]), "BKR-03")


def decide_bank_share(game: Game) -> judge.Decision:
    """CF-82, with a player owed: whether the bank takes what is left once the player is paid.
    Where the edition's text settles the point, no other reading is listed."""
    if game.ruling("CF-82") == DEBT_THEN_BANK:
        alt = judge.Alternative("CF-82", "whole-estate", judge.Choice(WHOLE))
        return judge.Decision(judge.Choice(REST), "BKR-03", (alt,))
    others: tuple[judge.Alternative, ...] = ()
    if not game.text_settles("CF-82"):
        others = (judge.Alternative("CF-82", DEBT_THEN_BANK, judge.Choice(REST)),)
    return judge.Decision(judge.Choice(WHOLE), "BKR-03", others)


def decide_heir(game: Game, actor: str, owed: list[Debt]) -> judge.Decision:
    """Several creditors (`owed`, those paid in full by the same obligation included): who
    takes the estate. Under turn-order (CF-41) the first left short is the sole creditor of
    the rest, unless only players are owed and the deeds go to auction (CF-59 auction); under
    pro-rata or equal-shares they share it. The first left short is also what the other
    reading of each point gives where it is not in force: turn-order (CF-41) and, owed to
    players only, first-unpaid (CF-59)."""
    short = first_short(game, actor, owed)
    heir = judge.Choice(owner_word(game, short))
    players_only = all(d.creditor is not None for d in owed)
    in_turn = game.ruling("CF-41") == "turn-order"
    deeds_first = game.ruling("CF-59") == "first-unpaid"
    if in_turn and (deeds_first or not players_only):
        return judge.Decision(heir, "BKR-05")
    others: list[judge.Alternative] = []
    if not in_turn:
        others.append(judge.Alternative("CF-41", "turn-order", heir, "BKR-03"))
    if players_only and not deeds_first:
        others.append(judge.Alternative("CF-59", "first-unpaid", heir, "BKR-05"))
    return judge.Decision(judge.Choice(SHARED), "BKR-03", tuple(others))
