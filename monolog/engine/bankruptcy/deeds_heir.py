"""Who took the deeds of an estate owed to several players, shown after the bankruptcy (judge.py;
CF-59, BKR-05).

`decide_deeds` says who takes them: the bank, for auction (reading auction), or the first
creditor left short in turn order from the debtor's left (reading first-unpaid). A bare
`bankrupt` shows neither: the estate is replayed under the reading in force and the point named
at the bankruptcy (liquidation.py). Under auction a later line may show the record's choice: the
first creditor left short paying the 10 % on a mortgaged deed of the estate still unauctioned
(`deeds_taken`) took the deeds, as first-unpaid has it. The A59 filed at the bankruptcy is then
filed again in its place naming that reading, and the replay follows the record: every deed of
the estate not yet auctioned goes to that creditor, mortgaged as it was, with the jail cards.
"""

from __future__ import annotations

from ...notation.events import Span
from ..core import follow, judge
from ..core.game import Game
from ..core.pending_state import DeedsPoint

AUCTION, FIRST_UNPAID = "auction", "first-unpaid"
BANK = "the bank"

__all__ = ["AUCTION", "FIRST_UNPAID", "decide_deeds", "deeds_taken", "note_deeds"]


def decide_deeds(game: Game, heir: str) -> judge.Decision:
    """CF-59: who takes the deeds of an estate owed to several players only (`heir`: the first
    creditor left short in turn order): the bank for auction (`BANK`) or the heir."""
    reading = game.ruling("CF-59")
    values = {AUCTION: BANK, FIRST_UNPAID: heir}
    others = tuple(
        judge.Alternative("CF-59", r, judge.Choice(v)) for r, v in values.items() if r != reading
    )
    return judge.Decision(judge.Choice(values[reading]), "BKR-05", others)


def note_deeds(game: Game, actor: str, heir: str | None, handle: int | None, span: Span) -> None:
    """`actor`'s estate goes to auction under the reading in force, before it does: a later line
    may show the record gave it to `heir`, the first creditor left short, instead (not in a
    replay measuring the reading in force). `handle`: the A59 filed at the bankruptcy."""
    if heir is None or not follow.record_settles(game):
        game.follow.deeds_point = None  # an earlier estate's point is closed
        return
    deeds = game.state.owned_by(actor)
    game.follow.deeds_point = DeedsPoint(
        handle,
        actor,
        heir,
        span,
        frozenset(d.square for d in deeds),
        frozenset(d.square for d in deeds if d.mortgaged),
        tuple(game.state.player(actor).cards),
    )


def deeds_taken(
    game: Game, actor: str, square: int, span_line: int, lifted: bool = False
) -> tuple[tuple[int, ...], Span] | None:
    """`actor` pays the 10 % on `square` (or lifts its mortgage: `lifted`), a mortgaged deed of
    the estate whose CF-59 point is open, still with the bank unauctioned. Where `actor` is the
    heir first-unpaid names, the record follows that reading: the A59 is filed again saying so,
    the deeds not yet auctioned go to `actor` (mortgaged as they were) and the jail cards with
    them; returns the mortgaged deeds given, whose 10 % choice is `actor`'s now, and the
    bankruptcy's span, where they were received. None where the line shows nothing of the
    point (`actor` is not that heir: the 10 % is not due from them)."""
    point = game.follow.deeds_point
    open_lots = {lot.square for lot in game.flow.lots if lot.lander is None}
    if point is None or square not in point.mortgaged or square not in open_lots:
        return None
    decision = decide_deeds(game, point.heir)
    verdict = judge.compare(game, decision, actor)
    if verdict.kind != judge.FOLLOWS:
        return None
    game.follow.deeds_point = None
    if point.handle is not None:
        game.findings.withdraw(point.handle)
    estate = game.follow.estate_point
    if estate is not None and estate.span == point.span:
        # the deeds went to no auction: whether the bank auctions those free of mortgage
        # (CF-39) does not arise
        if estate.handle is not None:
            game.findings.withdraw(estate.handle)
        game.follow.estate_point = None
    name = game.name(square)
    shown = (
        f"the mortgage {actor} lifts on {name}"
        if lifted
        else f"the 10% {actor} pays on {name} received mortgaged"
    )
    words = judge.Words(
        "M803",
        "",
        other=lambda alt: (
            f"{point.actor} owes several players: the record gives the deeds and jail cards to "
            f"{actor}, as to the first creditor left short (reading {alt.reading}), shown by "
            f"{shown} (line {span_line}); under "
            f"reading {game.ruling('CF-59')} in force they go to auction and the jail cards "
            "back to their decks"
        ),
    )
    judge.file(game, verdict, actor, point.span, decision.rule, words)
    return _give(game, point, actor, open_lots), point.span


def _give(game: Game, point: DeedsPoint, heir: str, open_lots: set[int]) -> tuple[int, ...]:
    """The estate's deeds not yet auctioned to `heir`, mortgaged as they were, and the jail
    cards from under their decks; the mortgaged deeds given."""
    given = [sq for sq in sorted(point.deeds) if sq in open_lots]
    game.flow.lots = [lot for lot in game.flow.lots if lot.square not in given]
    for sq in given:
        deed = game.state.deeds[sq]
        deed.owner = heir
        if sq in point.mortgaged:
            deed.mortgaged = True
            game.mortgages.freed.discard(sq)
    cards = game.state.player(heir).cards
    for card in point.cards:
        deck = game.state.decks.get(game.edition.card(card).deck)
        if deck is not None and card in deck.slots:
            deck.slots.remove(card)
            deck.held_out.append(card)
            cards.append(card)
    return tuple(sq for sq in given if sq in point.mortgaged)
