"""What a record writes for buildings bought from the bank, judged: decide, compare (judge.py).

`build_decision` says what the readings make a build cost: the printed prices of the houses and
hotels put up, less those won at a shortage auction and paid for there (BLD-02, BLD-06). No open
point sets another price (the shortage auction's opening bid, CF-28, is judged at the auction).
A figure other than the cost is M609; the replay moves the amount written (estate.py).
"""

from __future__ import annotations

from ..core import judge


def build_decision(actor: str, cost: int, hotels_only: bool) -> judge.Decision:
    """What `actor` pays the bank for a build costing `cost`, under every reading; its rule is
    the hotel's price (BLD-06) for hotels alone, else the building prices (BLD-02)."""
    return judge.Decision(judge.Outcome(cost, actor), "BLD-06" if hotels_only else "BLD-02")
