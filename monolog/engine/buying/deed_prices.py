"""The prices a record writes for deeds and buildings bought from the bank, judged: decide,
compare, follow (judge.py).

A deed bought on landing costs its list price (BUY-02); a deed or a building auctioned goes to
the last and highest bid, at that bid (BUY-07, BLD-12). No open point sets another price: the
readings around a purchase (CF-11 when the salary counts, CF-14 and CF-17 which bids count,
CF-18 buying short of cash, CF-28 the opening bid) decide whether a bid or a purchase stands,
and are named where the record shows them (buying.py, deed_bids.py, shortage.py). A price
other than the one due is the M code with the right figure; the replay takes what the record
wrote (the price paid, and an auction's winner).
"""

from __future__ import annotations

from ...notation.events import Auction, Buy
from ..core import judge
from ..core.game import Game


def price_decision(game: Game, player: str, index: int) -> judge.Decision:
    """What the readings make the price `player` pays for the deed on `index` bought on
    landing: its list price, under every reading."""
    return judge.Decision(judge.Outcome(game.square(index).price, player), "BUY-02")


def price_judged(game: Game, ev: Buy, player: str, index: int) -> None:
    """The price written for a deed bought on landing set against its list price (M203)."""
    if ev.amount is None or ev.amount == game.square(index).price:
        return  # as judging it comes to: no reading sets another price, nothing is filed
    decision = price_decision(game, player, index)
    right = judge.amount(decision.right)
    words = judge.Words(
        "M203", f"{game.square(index).name} costs {game.money(right)}, its list price"
    )
    judge.judge(game, decision, ev.amount, ev.span, words)


def auction_decision(top: tuple[str, int] | None, rule: str) -> judge.Decision:
    """Who wins an auction and at what price under the readings in force: the last and highest
    bid that counts (`top`: its bidder and amount), or nobody when no bid counts (None)."""
    value = None if top is None else [top[0], top[1]]
    return judge.Decision(judge.Choice(value), rule)


def auction_judged(
    game: Game,
    ev: Auction,
    won: tuple[str, int],
    top: tuple[str, int] | None,
    words: judge.Words,
    rule: str = "BUY-07",
) -> None:
    """The winner and price written for an auction (`won`) set against the bid that wins it
    (`top`): `words` say what the rules require when the record sells otherwise (M207 for a
    deed, M617 for a building in a shortage, BLD-12)."""
    decision = auction_decision(top, rule)
    judge.judge(game, decision, list(won), ev.span, words)
