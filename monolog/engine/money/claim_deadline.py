"""When a rent claim lapses, judged: decide, compare, follow (judge.py; RENT-03, CF-22).

A claim holds until the next player in turn order first throws (until-next-roll), until the
second player after the tenant throws (second-player-rolls, the older printings), or, off the
sites, for good (sites-only, the 1996 UK text as written). `lapse_claims` counts, at each turn's
first throw, the throws made since each claim's landing (`Due.rolls`), marks the claims the
reading in force lets lapse, and keeps those another reading of the open point still holds
(`Flow.late_claims`), so that a rent written for one later is judged by every reading.

`deadline_decision` says whether each reading holds the claim when the record pays its rent (the
figure `True`): a rent for a claim the reading in force lets lapse follows another reading that
holds it (A22, a warning naming that reading) or breaks every reading (M304); where the
edition's text settles CF-22 no other reading is listed. The rent written is paid either way
(claims.py follows it).
"""

from __future__ import annotations

from ...notation.events import Rent, Span
from ..core import judge
from ..core.game import Game
from ..core.obligations import Due

UNTIL_NEXT, SITES_ONLY, SECOND = "until-next-roll", "sites-only", "second-player-rolls"
# sites-only first: off the sites, the reading a railroad's or a utility's late rent follows
READINGS = (SITES_ONLY, SECOND, UNTIL_NEXT)


def _off_sites(game: Game, claim: Due) -> bool:
    return claim.square is not None and game.square(claim.square).kind != "site"


def holds(game: Game, reading: str, claim: Due) -> bool:
    """Whether `claim` still holds under `reading` of CF-22, after `claim.rolls` throws of later
    turns: none under until-next-roll, one under second-player-rolls; off the sites, any number
    under sites-only (the replay keeps such a claim until the tenant's next turn)."""
    if reading == SITES_ONLY and _off_sites(game, claim):
        return True
    return claim.rolls <= (1 if reading == SECOND else 0)


def lapse_claims(game: Game, roller: str) -> None:
    """RENT-03 / CF-22: at the first throw of a turn, by `roller`, each claim of an earlier turn
    counts the throw, and lapses where the reading in force says so; one that another reading
    of the open point still holds is kept for a late rent (`Flow.late_claims`).

    Under sites-only in force a railroad's or a utility's claim never lapses: it is dropped at
    the tenant's next turn, when the rent the engine applied on landing stands as paid.
    """
    flow = game.flow
    turn = game.state.turn
    reading = game.ruling("CF-22")
    if flow.late_claims:
        # the open claims' identities taken once a throw, not searched once a late claim
        open_now = {id(c) for c in flow.claims}
        flow.late_claims = [c for c in flow.late_claims if _still_late(game, c, roller, open_now)]
    kept = []
    for claim in flow.claims:
        if claim.board is None or claim.board[0] >= turn:
            kept.append(claim)
            continue
        claim.rolls += 1
        if reading == SITES_ONLY and claim.player == roller and _off_sites(game, claim):
            continue
        if not claim.lapsed and not holds(game, reading, claim):
            claim.lapsed = True
            # a claim whose rent is written is no late claim (`_still_late` drops it at the
            # next throw, `late_claim` passes it over): most claims lapse so, 14,900 of 15,300
            # in run.py's 200 games, and the edition's text is asked of the rest only
            if (
                not claim.stated
                and not game.text_settles("CF-22")
                and _held_elsewhere(game, claim, reading)
            ):
                flow.late_claims.append(claim)
        kept.append(claim)
    flow.claims = kept


# the readings as `_held_elsewhere` asks them: the one that holds a claim after one throw
# first, the one that reads the claim's square last (the answer is the same in any order;
# asked so, `_off_sites` reads 1,071 squares where it read 16,765 in run.py's 200 games)
_CHEAPEST_FIRST = (SECOND, UNTIL_NEXT, SITES_ONLY)


def _held_elsewhere(game: Game, claim: Due, reading: str) -> bool:
    """Whether a reading of CF-22 other than `reading` holds `claim`."""
    return any(other != reading and holds(game, other, claim) for other in _CHEAPEST_FIRST)


def _held_by_any(game: Game, claim: Due) -> bool:
    """Whether some reading of `READINGS` holds `claim` (as `holds` asked of each): one
    throw of a later turn under second-player-rolls, any number off the sites under
    sites-only."""
    return claim.rolls <= 1 or _off_sites(game, claim)


def _still_late(game: Game, claim: Due, roller: str, open_now: set[int]) -> bool:
    """A late claim at another throw: kept while some reading holds it, and for the rest of the
    turn whose throw ends the last of them (a rent written then breaks every reading: M304), up
    to the tenant's next turn; dropped once its rent is written. (In the turn it lapsed it is
    still among the open claims, which count the throw.)"""
    if claim.stated or id(claim) in open_now:
        return not claim.stated
    if not _held_by_any(game, claim):
        return False
    claim.rolls += 1
    return not (_off_sites(game, claim) and claim.player == roller)


def late_claim(game: Game, tenant: str) -> Due | None:
    """The latest claim on `tenant` the reading in force let lapse in an earlier turn and
    another reading still holds, its rent not written yet."""
    for claim in reversed(game.flow.late_claims):
        if claim.player == tenant and not claim.stated:
            return claim
    return None


def deadline_decision(game: Game, claim: Due) -> judge.Decision:
    """CF-22: whether `claim` still holds (True) under the reading in force, after the throws
    counted since its landing, with each other reading of the open point that decides
    otherwise (none where the edition's text settles the point)."""
    reading = game.ruling("CF-22")
    right = holds(game, reading, claim)
    if game.text_settles("CF-22"):
        return judge.Decision(judge.Choice(right), "RENT-03")
    others = tuple(
        judge.Alternative("CF-22", other, judge.Choice(not right))
        for other in READINGS
        if other != reading and holds(game, other, claim) != right
    )
    return judge.Decision(judge.Choice(right), "RENT-03", others)


def deadline_judged(game: Game, ev: Rent, claim: Due, tenant: str) -> None:
    """A rent written after a throw of a later turn, set against what each reading of CF-22
    says of its claim: its one finding filed (nothing where every reading holds the claim)."""
    if claim.rolls == 0:
        return
    reading = game.ruling("CF-22")
    name = game.name(claim.square or 0)
    who = "second" if reading == SECOND else "next"

    def other(alt: judge.Alternative) -> str:
        if alt.reading == SITES_ONLY:
            sites = game.edition.word("sites")
            held = f"keeps rent off the {sites} owed, the deadline to ask being for {sites} alone"
        else:
            held = (
                f"holds the claim until the second player after {tenant} throws, the older "
                "printings' deadline"
            )
        return (
            f"the rent on {name} is asked for after the claim lapsed at the {who} player's roll "
            f"(reading {reading}); reading {alt.reading} {held}, and {tenant} pays it"
        )

    def agree() -> None:
        if reading == SECOND and claim.rolls == 1:
            _kept_longer_named(game, ev.span, name, tenant)

    wrong = f"the rent on {name} is no longer owed: the claim lapsed when the {who} player rolled"
    words = judge.Words("M304", wrong, other=other, agree=agree, shown=(0, ev.amount))
    judge.judge(game, deadline_decision(game, claim), True, ev.span, words)


def _kept_longer_named(game: Game, span: Span, name: str, tenant: str) -> None:
    """The A22 of a rent asked for after the next player rolled, in time under the ruling of
    second-player-rolls alone."""
    game.ambiguous(
        "CF-22",
        f"the rent on {name} is asked for after the next player rolled: in time, as the "
        f"claim holds until the second player after {tenant} throws (reading "
        "second-player-rolls, the older printings' deadline); reading until-next-roll, "
        "which the texts give, would have it lapse at the next player's roll",
        span,
        "RENT-03",
        follows=SECOND,
    )
