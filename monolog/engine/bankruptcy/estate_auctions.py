"""Which deeds the bank auctions after a bankruptcy to the bank, judged: decide, compare,
follow (judge.py; CF-39, BKR-07).

`estate_decision` says whether the estate's deeds free of mortgage go to auction (True under
auction-all) or back to the bank unowned (False under auction-mortgaged-only). The point is
named at the bankruptcy (liquidation.py) before the record shows its choice; the record shows
it on a later line: an auction of one of those deeds (`estate_auctioned`), or play going on
with none of them auctioned (`estate_closed`). The one A39 filed at the bankruptcy is then
filed again in its place with the record's choice, and the replay follows it (buying.py opens
the auction, turns.py leaves the unauctioned deeds with the bank).
"""

from __future__ import annotations

from ..core import judge
from ..core.game import Game
from ..core.pending_state import EstatePoint

ALL, MORTGAGED_ONLY = "auction-all", "auction-mortgaged-only"


def estate_decision(game: Game) -> judge.Decision:
    """CF-39: whether a bankrupt's deeds free of mortgage are auctioned by the bank (True) or
    return to it unowned (False), and the other reading."""
    reading = game.ruling("CF-39")
    values = {ALL: True, MORTGAGED_ONLY: False}
    others = tuple(
        judge.Alternative("CF-39", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "BKR-07", others)


def _shown(game: Game, point: EstatePoint, auctioned: bool) -> None:
    """The A39 filed at the bankruptcy filed again in its place, with the record's choice.
    Every choice is one reading's, so no M code; the point is named with it in a replay
    measuring the reading in force too (judge.arising), as the record shows it there."""
    if point.handle is not None:
        game.findings.withdraw(point.handle)
    decision = estate_decision(game)
    verdict = judge.compare_arising(game, decision, auctioned)
    follows = ALL if auctioned else MORTGAGED_ONLY

    def agree() -> None:
        game.ambiguous("CF-39", point.message, point.span, "BKR-07", follows=follows)

    words = judge.Words("M201", point.message, other=lambda _: point.message, agree=agree)
    judge.file(game, verdict, auctioned, point.span, decision.rule, words)


def estate_auctioned(game: Game) -> None:
    """The record auctions a deed of the estate free of mortgage: reading auction-all's play,
    shown once; the other free deeds may be auctioned too until play goes on."""
    point = game.follow.estate_point
    if point is None or point.shown:
        return
    _shown(game, point, True)
    game.follow.estate_point = point._replace(handle=None, shown=True)


def estate_closed(game: Game, ended: bool) -> frozenset[int]:
    """Play goes on after the bankruptcy's auctions: if the record auctioned none of the
    estate's deeds free of mortgage, it follows auction-mortgaged-only, shown here; the
    record's end (`ended`) or the game's shows nothing, and the point stays as filed. Returns
    the deeds left unauctioned by that choice (empty when the record auctioned one of them, or
    showed nothing)."""
    point = game.follow.estate_point
    game.follow.estate_point = None
    if point is None or point.shown or ended:
        return frozenset()
    _shown(game, point, False)
    return point.free
