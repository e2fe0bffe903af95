"""What a jailed player may still do (JAIL-10, CF-66).

Every edition's text lets a jailed player do everything but move: collect rent, build, deal and
bid (reading allowed, which the shipped editions settle). Under reading frozen, chosen with a
ruling, a jailed player may not build, bid at auction or deal until released: the record's
play is then named as a departure (A66) and replayed as written.
"""

from __future__ import annotations

from ...notation.events import Span
from ..cards.two_readings import choice_judged
from ..core import judge
from ..core.game import Game


def while_jailed(game: Game, player: str, what: str, span: Span) -> None:
    """`player` does `what` ("builds", "deals", "bids"): named under CF-66 when jailed."""
    if not game.state.player(player).in_jail:
        return
    reading = game.ruling("CF-66")
    if reading == "frozen":
        message = (
            f"{player} {what} while in jail, which a jailed player may not do until released "
            f"(reading {reading}); reading allowed keeps every right but moving"
        )
    else:
        message = (
            f"{player} {what} while in jail: a jailed player keeps every right but moving "
            f"(reading {reading}); reading frozen forbids it until release"
        )

    def name(follows: str) -> None:
        game.ambiguous("CF-66", message, span, "JAIL-10", follows=follows)

    # the record's act is allowed's play, replayed as written whatever the verdict
    choice_judged(game, "CF-66", jailed_rights_decision(game), True, span, name)


def jailed_rights_decision(game: Game) -> judge.Decision:
    """CF-66: whether a jailed player may build, deal or bid (True under allowed, which every
    shipped edition's text settles; False under frozen). The record's act is the figure
    `True`."""
    if game.ruling("CF-66") == "frozen":
        other = judge.Alternative("CF-66", "allowed", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "JAIL-10", (other,))
    other = judge.Alternative("CF-66", "frozen", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "JAIL-10", (other,))
