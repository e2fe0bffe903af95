"""Whether a bankruptcy on open debts comes too soon (BKR-01, M802; CF-29, CF-60).

A player may go bankrupt only once selling and mortgaging to the bank cannot raise what is owed
(`money/raising.py` measures it under the readings in force). Two open points change that
measure: whether a deed won at auction and not paid for may be mortgaged towards its own bid
(CF-60), and whether hotels the bank lacks the houses to take back can be sold at all (CF-29,
reading blocked). `too_soon_decision` says, under each reading, whether the bankruptcy may stand
(a `judge.Choice`); the record's bankruptcy is its play that it stands, judged once: it agrees,
follows the reading that lets it stand (A60), or comes too soon under every reading (M802). A
point whose other reading would have decided otherwise is named where the record agrees.
"""

from __future__ import annotations

from ...notation.events import Span
from ..core import judge
from ..core.game import Game
from ..money.raising import Raisable

__all__ = ["bankruptcy_judged", "too_soon_decision"]

STANDS = True  # what a record that goes bankrupt plays: the bankruptcy stands


def too_soon_decision(game: Game, can: Raisable, short: int) -> judge.Decision:
    """Whether a bankruptcy `short` in debt may stand (True) or comes too soon (False: the
    player could raise it, M802), `can` being what the readings in force let be raised. The
    other reading of CF-60 counts the deeds won and not paid for at their mortgage value, or
    leaves them out; reading sell-outright of CF-29 counts what the blocked hotels' groups
    would raise. A point the edition's text settles lists no other reading."""
    others: list[judge.Alternative] = []
    if can.unpaid_lots and not game.text_settles("CF-60"):
        if game.ruling("CF-60") == "lot-mortgaged":
            other, total = "lot-not-mortgaged", can.total - can.lot_value
        else:
            other, total = "lot-mortgaged", can.total + can.lot_value
        others.append(judge.Alternative("CF-60", other, judge.Choice(total < short), "BUY-06"))
    if can.blocked and not game.text_settles("CF-29"):
        outright = judge.Choice(can.total + can.blocked_value < short)
        others.append(judge.Alternative("CF-29", "sell-outright", outright, "SELL-04"))
    return judge.Decision(judge.Choice(can.total < short), "BKR-01", tuple(others))


def bankruptcy_judged(game: Game, actor: str, can: Raisable, short: int, span: Span) -> None:
    """The record's bankruptcy judged against `too_soon_decision`, its one finding filed. A
    replay measuring the reading in force (`monolog dispute`) keeps M802 and names beside it
    the point the record's play follows (`judge.arising`)."""
    decision = too_soon_decision(game, can, short)
    words = _words(game, actor, can, (short, span), decision)
    verdict = judge.compare(game, decision, STANDS)
    judge.file(game, verdict, STANDS, span, decision.rule, words)
    if judge.measured(game, decision, STANDS):
        named = judge.arising(game, decision, verdict, STANDS)
        judge.file(game, named, STANDS, span, decision.rule, words)


def _words(
    game: Game,
    actor: str,
    can: Raisable,
    where: tuple[int, Span],
    decision: judge.Decision,
) -> judge.Words:
    """M802 for a bankruptcy no reading lets stand; the point another reading decides, named:
    with the record's play where the bankruptcy follows it, else where the record agrees
    (`where`: what is owed, and the bankruptcy's place)."""
    short, span = where
    houses, hotels = game.edition.word("houses"), game.edition.word("hotels")
    wrong = (
        f"{actor} could raise {game.money(can.total)} from the bank ({houses} and {hotels} at "
        f"half price, mortgages) against {game.money(short)} owed: sell and mortgage before "
        "going bankrupt"
    )

    def other(alt: judge.Alternative) -> str | None:
        # only CF-60 lot-not-mortgaged lets stand a bankruptcy the readings in force do not:
        # every other reading counts more towards what could be raised
        return _lots_followed(game, actor, can) if alt.cf == "CF-60" else None

    def agree() -> None:
        for alt in decision.others:
            if alt.outcome != decision.right:
                follows = judge.first_reading(game, decision, alt.cf, STANDS)
                note = _lots_kept_out if alt.cf == "CF-60" else _blocked_kept_out
                game.ambiguous(
                    alt.cf, note(game, actor, can), span, alt.rule or "", follows=follows
                )

    return judge.Words(
        "M802", wrong, shown=(short, can.total), data={"cf": "CF-40"}, other=other, agree=agree
    )


def _lots_followed(game: Game, actor: str, can: Raisable) -> str:
    """CF-60 under lot-mortgaged: the deeds won and not paid for alone make the bankruptcy
    come too soon; going bankrupt without mortgaging them is lot-not-mortgaged's play."""
    names = game.listing([game.name(i) for i in can.unpaid_lots])
    value = game.money(can.lot_value)
    return (
        f"{actor} could have mortgaged {names}, won at auction and not paid for, for "
        f"{value} towards the bid (reading {game.ruling('CF-60')}), so the bankruptcy comes too "
        f"soon; reading lot-not-mortgaged would not count {value} and let it stand"
    )


def _lots_kept_out(game: Game, actor: str, can: Raisable) -> str:
    """CF-60 under lot-not-mortgaged: the deeds won and not paid for, left out of what could
    be raised, let the bankruptcy stand; lot-mortgaged would make it come too soon."""
    names = game.listing([game.name(i) for i in can.unpaid_lots])
    pronoun = "itself" if len(can.unpaid_lots) == 1 else "themselves"
    return (
        f"{names}, won at auction and not paid for, cannot be mortgaged to pay for {pronoun} "
        f"(reading {game.ruling('CF-60')}), so {actor} could not raise the money; reading "
        f"lot-mortgaged would count {game.money(can.lot_value)} more and make this bankruptcy "
        "come too soon"
    )


def _blocked_kept_out(game: Game, actor: str, can: Raisable) -> str:
    """CF-29 blocked: hotels the bank lacks the houses to take back keep their group built, so
    neither its buildings nor its mortgages count; sold outright they would."""
    names = game.listing([game.name(i) for i in can.blocked])
    return (
        f"the bank has {game.state.bank_houses} {game.edition.word('houses')}, too few to take "
        f"back the {game.edition.word('hotels')} of {names} (reading {game.ruling('CF-29')}), "
        f"so {actor} could sell nothing there nor mortgage it; reading sell-outright would let "
        f"{actor} raise {game.money(can.blocked_value)} more and make this bankruptcy come too "
        "soon"
    )
