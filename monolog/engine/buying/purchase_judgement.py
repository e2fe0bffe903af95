"""A purchase at the printed price by a lander short of cash, judged: decide, compare, follow
(judge.py; CF-18, BUY-02).

`purchase_decision` says whether each reading of CF-18 lets the lander buy: raise-then-buy when
the cash in hand and what the player could raise from the bank (money/raising.py) cover the
price, cash-in-hand only when the cash in hand does. The record buys, so the figure written is
`True`. A purchase one reading allows and the reading in force does not follows it (A18); one
no reading allows is M212, with the rule and what was right (the deed to auction). The
purchase is then replayed as recorded, and the shortfall it leaves is that M212's: not
reported again (M801; a later payment that deepens it is a debt of its own). A replay
measuring cash-in-hand (`monolog dispute`) judges it by that reading alone (M212) and auctions
the deed instead, as that reading has it.
"""

from __future__ import annotations

from ...notation.events import Buy
from ..core import judge
from ..core.game import Game
from ..core.obligations import Lot
from ..money.raising import raisable

RAISE, CASH = "raise-then-buy", "cash-in-hand"


def purchase_decision(game: Game, player: str, price: int, cash: int) -> judge.Decision:
    """CF-18: whether `player`, holding `cash`, may buy at `price` under the reading in force
    (True or False), with the other reading where it decides otherwise."""
    allowed = {RAISE: cash + raisable(game, player).total >= price, CASH: cash >= price}
    reading = game.ruling("CF-18")
    others = tuple(
        judge.Alternative("CF-18", r, judge.Choice(v))
        for r, v in allowed.items()
        if r != reading and v != allowed[reading]
    )
    return judge.Decision(judge.Choice(allowed[reading]), "BUY-02", others)


def bought_short(
    game: Game, ev: Buy, player: str, lot: Lot | None, name: str, amount: int, cash: int
) -> judge.Verdict | None:
    """The buyer holds less than the price: the one finding filed, and its verdict. None when
    the replay, measuring reading cash-in-hand, auctions the deed instead of selling it."""
    reading = game.ruling("CF-18")
    decision = purchase_decision(game, player, amount, cash)
    verdict = judge.compare(game, decision, True)
    held = f"{player} holds {game.money(cash)} and cannot buy {name} for {game.money(amount)}"
    if reading == CASH:
        wrong = f"{held}: the deed goes to auction (reading {CASH})"
    else:
        most = game.money(raisable(game, player).total)
        wrong = (
            f"{held}, nor raise the rest from the bank ({most} at most): the deed goes to "
            f"auction (reading {reading})"
        )

    def agree() -> None:
        game.ambiguous(
            "CF-18",
            f"{player} buys {name} for {game.money(amount)} holding {game.money(cash)}: the "
            f"money may be raised first (reading {reading}); otherwise the deed would go to "
            "auction",
            ev.span,
            "BUY-02",
            follows=RAISE,
        )

    words = judge.Words(
        "M212",
        wrong,
        other=lambda _: (
            f"{held}: the deed goes to auction (reading {CASH}); reading {RAISE} would let "
            "the money be raised first"
        ),
        agree=agree,
        shown=("auction", "buy"),
    )
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    if verdict.kind == judge.BREAKS and lot is not None and judge.measured(game, decision, True):
        lot.declined = True  # a replay measuring cash-in-hand auctions the deed
        return None
    return verdict
