"""The buildings a `build` or `sell` clause asks for, site by site, and what every clause not
carried out still does: the amount it writes moves (estate.py, build_checks.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation.events import Build, Sell, Span
from ..core.game import Game
from ..core.skipped import money_words, not_replayed
from ..core.state import DeedState
from .holdings import group_of, resolve_player, resolve_square


@dataclass(slots=True)
class Step:
    """Buildings asked for on one site in one clause."""

    deed: DeedState
    houses: int = 0
    hotels: int = 0
    early: bool = False  # a hotel before the site's houses, reported (M606) and followed


def buildings_words(game: Game, plan: dict[int, Step]) -> str:
    """ "2 houses on Park Place, a hotel on Boardwalk", in the edition's words (for the ledger)."""
    parts = []
    for index, step in plan.items():
        name = game.name(index)
        if step.houses:
            word = game.edition.word("house" if step.houses == 1 else "houses")
            parts.append(f"{step.houses} {word} on {name}")
        if step.hotels:
            parts.append(f"{game.edition.a_word('hotel')} on {name}")
    return game.listing(parts)


def plan_of(game: Game, ev: Build | Sell, actor: str) -> dict[int, Step] | None:
    plan: dict[int, Step] = {}
    for item in ev.items:
        sq = resolve_square(game, item.square, ev.span)
        if sq is None:
            return None
        if not item.hotel and item.houses < 1:  # `x0`, or below zero in a stream
            _no_houses(game, ev, actor, item.houses, sq.name, item.span)
            return None
        deed = game.state.deeds.get(sq.index)
        step = plan.get(sq.index)
        if step is None:
            if deed is None:  # not ownable: reported by the callers through the square's kind
                deed = DeedState(sq.index)
            step = plan[sq.index] = Step(deed)
        if item.hotel:
            step.hotels += 1
        else:
            step.houses += item.houses
    return plan


def _no_houses(
    game: Game, ev: Build | Sell, actor: str, houses: int, name: str, span: Span
) -> None:
    """M621: a count of no houses, or fewer (a stream can write one below zero): the line is
    not replayed, and an amount it writes still moves."""
    build = isinstance(ev, Build)
    game.emit(
        "M621",
        f"{houses} houses on {name}: houses are {'built' if build else 'sold'} one or more "
        "at a time; "
        + not_replayed("there is nothing to " + ("build" if build else "sell"))
        + money_words(game, ev.amount),
        span if span.line else ev.span,
        "BLD-03" if build else "SELL-03",
        expected=1,
        recorded=houses,
    )
    written_money(game, ev, actor)


def groups_of(game: Game, plan: dict[int, Step]) -> list[list[DeedState]]:
    """The groups of the plan's sites, each once, in the order the plan first names them."""
    seen: set[int] = set()  # the squares of the groups found: a site of one is not looked up
    out: list[list[DeedState]] = []
    for index in plan:
        if index in seen:
            continue
        group = group_of(game, index)
        for d in group:
            seen.add(d.square)
        out.append(group)
    return out


def written_money(game: Game, ev: Build | Sell, actor: str) -> None:
    """A build or sale not replayed (its finding says so): the amount it writes still moves."""
    if ev.amount is None:
        return
    if isinstance(ev, Build):
        game.transfer(actor, None, ev.amount, "paid for buildings not placed", ev.span)
    elif ev.buyer is not None:
        buyer = resolve_player(game, ev.buyer, ev.span)
        if buyer is not None:
            game.transfer(buyer, actor, ev.amount, "paid for buildings not handed over", ev.span)
    else:
        game.transfer(None, actor, ev.amount, "paid for buildings not taken back", ev.span)
