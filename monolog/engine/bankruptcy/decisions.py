"""The decide steps of two bankruptcy points (engine/core/judge.py): deeds handed to a creditor
towards an open debt (CF-51) and the estate that ends a short game (CF-47). bankruptcy.py
compares the record with them and files the one finding."""

from __future__ import annotations

from ..core import judge
from ..core.game import Game


def property_payment_decision(game: Game) -> judge.Decision:
    """CF-51: whether deeds may go to a creditor towards an open debt (True under
    creditor-may-accept, at the value agreed; False under cash-only, the debt paid in cash
    alone). The record handing the property over is the figure `True`."""
    if game.ruling("CF-51") == "cash-only":
        other = judge.Alternative("CF-51", "creditor-may-accept", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "RENT-14", (other,))
    other = judge.Alternative("CF-51", "cash-only", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "RENT-14", (other,))


def final_estate_decision() -> judge.Decision:
    """CF-47: the bankruptcy that ends a short game hands the whole estate to the creditor as it
    stands, with no 10 % and no sale of buildings first (True). The point has one reading: no
    other is listed."""
    return judge.Decision(judge.Choice(True), "SHORT-07")
