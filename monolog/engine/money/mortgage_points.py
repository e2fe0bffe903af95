"""The open points of mortgaging, decided (judge.py): what each reading requires of a site
mortgaged while its group has buildings (CF-33), of a deed mortgaged while its auction price is
still owed (CF-60), and of the 10% on deeds received that the receiver cannot cover (CF-37).
Each decision is a `judge.Choice` of True or False; mortgages.py compares the record's play
with it and files the one finding.
"""

from __future__ import annotations

from ..core import judge
from ..core.game import Game

SITE_BARE = "site-bare"
WHOLE_GROUP_BARE = "whole-group-bare"


def bare_site_decision(game: Game, site_bare: bool) -> judge.Decision:
    """CF-33: whether a site may be mortgaged while its group has buildings (`site_bare`: none
    on the site itself), a `Choice` of True or False under the reading in force (MORT-01), and
    the other reading where it says otherwise. Only site-bare allows it, and only for a bare
    site; where the edition's text settles the point no other reading is listed (M703)."""
    reading = game.ruling("CF-33")
    allowed = site_bare and reading == SITE_BARE
    others: tuple[judge.Alternative, ...] = ()
    if site_bare and not game.text_settles("CF-33"):
        other = WHOLE_GROUP_BARE if reading == SITE_BARE else SITE_BARE
        others = (judge.Alternative("CF-33", other, judge.Choice(not allowed)),)
    return judge.Decision(judge.Choice(allowed), "MORT-01", others)


LOT_NOT_MORTGAGED = "lot-not-mortgaged"
LOT_MORTGAGED = "lot-mortgaged"


def unpaid_lot_decision(game: Game) -> judge.Decision:
    """CF-60: whether a deed won at auction whose price is still owed may be mortgaged to help
    pay it, a `Choice` of True or False under the reading in force (BUY-06), and the other
    reading, which says otherwise. No edition's text settles the point."""
    reading = game.ruling("CF-60")
    allowed = reading == LOT_MORTGAGED
    other = LOT_NOT_MORTGAGED if allowed else LOT_MORTGAGED
    others = (judge.Alternative("CF-60", other, judge.Choice(not allowed)),)
    return judge.Decision(judge.Choice(allowed), "BUY-06", others)


DEBT_TO_BANK = "debt-to-bank"
REFUSE_DEEDS = "refuse-deeds"
DEFER_INTEREST = "defer-interest"


def short_interest_decision(game: Game) -> judge.Decision:
    """CF-37: whether a receiver who keeps mortgaged deeds but cannot cover their 10% owes it
    now, a `Choice` of True or False under the reading in force (BKR-06), with each other
    reading that says otherwise: it is a debt to the bank now (debt-to-bank), or the deeds
    could have been turned down and, kept, their 10% is due now (refuse-deeds), or it waits
    until the mortgage is lifted (defer-interest)."""
    now = {DEBT_TO_BANK: True, REFUSE_DEEDS: True, DEFER_INTEREST: False}
    reading = game.ruling("CF-37")
    others = tuple(
        judge.Alternative("CF-37", r, judge.Choice(v))
        for r, v in now.items()
        if r != reading and v != now[reading]
    )
    return judge.Decision(judge.Choice(now[reading]), "BKR-06", others)
