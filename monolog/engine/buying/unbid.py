"""An auction nobody bid for (BUY-08, CF-16), judged (judge.py).

No edition says what becomes of such a deed. Reading stays-with-bank leaves it unowned,
sold-anyway keeps the auction open until someone buys it at some price, decliner-buys makes
the player who declined it buy it at the lowest bid. The point is named at the auction
(`note_unbid`); the record shows its play on a later line, where it is judged and named again
in its place: a further round that sells the deed (`unbid_sold`), or play going on with the
deed unsold (`unbid_left`, before the next roll or turn). `unbid_decision` says what each
reading makes of the deed as a `judge.Choice` the record's play is set against.
"""

from __future__ import annotations

from ...notation.events import Span
from ..core import judge
from ..core.game import Game
from ..core.pending_state import UnbidPoint

STAYS_WITH_BANK = "stays-with-bank"
SOLD_ANYWAY = "sold-anyway"
DECLINER_BUYS = "decliner-buys"

UNSOLD = "unsold"  # play goes on with the deed unowned
SOLD = "sold in a further round"
BOUGHT = "bought by the decliner at the lowest bid"  # the replay's purchase: never written


def unbid_decision(game: Game, decliner: str | None) -> judge.Decision:
    """CF-16: what becomes of a deed nobody bid for under the reading in force (BUY-08), and
    each other reading that makes something else of it: left unsold (stays-with-bank), sold in
    a further round (sold-anyway), bought by `decliner` at the lowest bid (decliner-buys; with
    no decliner, a bankrupt's deed, nobody it could make buy it: unsold)."""
    figures = {
        STAYS_WITH_BANK: UNSOLD,
        SOLD_ANYWAY: SOLD,
        DECLINER_BUYS: BOUGHT if decliner is not None else UNSOLD,
    }
    reading = game.ruling("CF-16")
    right = figures[reading]
    others = tuple(
        judge.Alternative("CF-16", other, judge.Choice(made))
        for other, made in figures.items()
        if other != reading and made != right
    )
    return judge.Decision(judge.Choice(right), "BUY-08", others)


def note_unbid(
    game: Game,
    index: int,
    message: str,
    span: Span,
    decliner: str | None,
    *,
    bought: str | None = None,
    price: int = 0,
) -> None:
    """The point named where it arises, with no play of the record's yet; it waits for the later
    line that shows that play, where it is filed again in its place. `bought`: under
    decliner-buys, the decliner the replay makes buy the deed at `price`."""
    filed = game.ambiguous("CF-16", message, span, "BUY-08")
    handle = None if filed is None else game.findings.last
    point = UnbidPoint(index, handle, message, span, bought, price, decliner)
    game.follow.unbid[index] = point


def unbid_square(game: Game) -> int | None:
    """The deed of the one CF-16 point waiting, if one alone is (an `auction` that names no
    deed)."""
    points = game.follow.unbid
    return next(iter(points)) if len(points) == 1 else None


def unbid_sold(game: Game, square: int) -> UnbidPoint | None:
    """The deed nobody bid for is sold in a further round: the point is judged (sold-anyway's
    play) and filed again in its place. Returns the point that was waiting on `square`, if
    any (under decliner-buys the caller undoes the decliner's purchase)."""
    point = game.follow.unbid.pop(square, None)
    if point is not None:
        _shown(game, point, SOLD)
    return point


def unbid_left(game: Game) -> None:
    """Play goes on with each deed nobody bid for unsold: each point waiting is judged
    (stays-with-bank's play) and filed again in its place. Where the replay made the decliner
    buy it (decliner-buys), the record could not have written that purchase: its play shows
    nothing, and the point stays as filed."""
    points = game.follow.unbid
    if not points:
        return  # none waiting: at nearly every roll and turn's end (close_step)
    for point in list(points.values()):
        del points[point.square]
        _shown(game, point, UNSOLD if point.bought is None else None)


def _shown(game: Game, point: UnbidPoint, written: str | None) -> None:
    """The record's play (`written`, None: nothing it could write) set against the point's
    decision; the one A16 filed again in its place, naming the reading the play is."""
    decision = unbid_decision(game, point.decliner)
    verdict = judge.compare_arising(game, decision, written)
    if verdict.kind == judge.AGREES and written is None:
        return  # nothing shown: the point stays as filed

    def named(follows: str) -> None:  # named here, with the record's play
        if point.handle is not None:
            game.findings.withdraw(point.handle)
        game.ambiguous("CF-16", point.message, point.span, "BUY-08", follows=follows)

    # every play the record can write is one reading's, so the M code is never filed
    words = judge.Words(
        "M990",
        "",
        other=lambda alt: named(alt.reading),
        agree=lambda: named(game.ruling("CF-16")),
    )
    judge.file(game, verdict, written, point.span, decision.rule, words)
