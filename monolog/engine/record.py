"""Clauses about the record itself: cash checksums, disputed lines, time called.

A checksum (`=1320`, `=Ben 880`) is the writer's note of a player's cash; when the replay
disagrees it is reported (W001) with the replayed figure, and the replay keeps its own figure.
A disputed line (`disputed "ruling"`) is reported (W004) and its ruling is attached to every
finding on that line (see `attach_disputes`). Time called ends a time-limit game and only
that: in any other game it is reported (M805) and play goes on.
"""

from __future__ import annotations

from dataclasses import replace

from ..findings.model import Finding, Severity
from ..notation.events import CashCheck, Dispute, TimeCalled
from .game import Game
from .names import actor_of, resolve_player

DISPUTES = "record.disputes"


def on_check(game: Game, ev: CashCheck) -> None:
    who = ev.player
    name = resolve_player(game, who, ev.span) if who is not None else actor_of(game, ev)
    if name is None:
        return
    cash = game.state.player(name).cash
    if cash != ev.amount:
        game.emit(
            "W001",
            f"{name}'s cash is {game.money(cash)} by the replay, not {game.money(ev.amount)}",
            ev.span,
            None,
            expected=cash,
            recorded=ev.amount,
            data={"player": name},
        )


def on_dispute(game: Game, ev: Dispute) -> None:
    game.pending.setdefault(DISPUTES, []).append((ev.span.line, ev.ruling))
    ruling = f': "{ev.ruling}"' if ev.ruling else " (no ruling written)"
    game.emit(
        "W004",
        f"this line was disputed at the table; ruling given{ruling}",
        ev.span,
        None,
        severity=Severity.INFO,
        recorded=ev.ruling,
    )


def attach_disputes(game: Game) -> list[Finding]:
    """The findings, each one on a disputed line carrying that line's ruling in `data`."""
    disputes: dict[int, str | None] = dict(game.pending.get(DISPUTES, []))
    if not disputes:
        return list(game.findings)
    out = []
    for f in game.findings:
        if f.span.line in disputes and f.code != "W004":
            ruling = disputes[f.span.line]
            out.append(replace(f, data={**f.data, "disputed": True, "ruling": ruling}))
        else:
            out.append(f)
    return out


def on_time(game: Game, ev: TimeCalled) -> None:
    """Time is called: a time-limit game ends here (TIME-01, CF-49).

    Any other game has no agreed time to stop: calling time is reported (M805) and ends
    nothing, and the replay goes on with the next line.
    """
    edition = game.edition
    if edition.rules.time_limit:
        game.state.over = True
        return
    limit = edition.rules.end_at_bankruptcies
    if limit:
        nth = {1: "first", 2: "second", 3: "third"}.get(limit, f"number {limit}")
        until = f"it ends at the {nth} bankruptcy"
    else:
        until = "it goes on until one player is left"
    timed = [v.key for v in edition.variants.values() if v.rules.get("time_limit")]
    offer = (
        f'; a game to a time limit is declared with [Variant "{timed[0]}"]'
        if timed
        else f"; {edition.key} has no time-limit game"
    )
    game.emit(
        "M805",
        f"time is called, but this {edition.key} game is played as the {edition.variant} game, "
        f"not to a time limit: calling time ends nothing and {until}{offer}",
        ev.span,
        "TIME-01",
        expected=None,
        recorded="time",
        data={"edition": edition.key, "variant": edition.variant},
    )
