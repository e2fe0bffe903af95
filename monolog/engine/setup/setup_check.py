"""The starting position the setup lines describe, checked as a whole once before play begins
(setup.py calls `check_position` when the first event that is not a setup line comes, or at
the end of a record of setup lines alone).

Each impossible part is M120 at the line that wrote it: cash below zero, buildings on a deed
that takes none or that breaks the building rules, more buildings in play than the edition has.
A bank stock other than the edition's less the buildings the setup places is W013.
"""

from __future__ import annotations

from ...notation.events import Span
from ..building.holdings import count_word, describe_level, group_of
from ..core import house_rules
from ..core.game import Game
from ..core.house_cap import house_count_decision, most_houses, position_houses_judged
from ..core.state import DeedState
from .setup_facts import BANK, fact_span


def check_position(game: Game) -> None:
    """The starting position the setup lines describe, checked once before play begins: each
    impossible part is M120 at the line that wrote it; a bank stock other than the edition's less
    the buildings the setup places is W013 (a warning: fewer may be buildings the setup leaves
    out), and the bank then holds what its line says."""
    lines = game.setup.lines
    if not lines:
        return
    _check_cash(game, lines)
    _check_buildings(game, lines)
    _check_stock(game, lines)


def _check_cash(game: Game, lines: dict[tuple[str, object], Span]) -> None:
    """M120 for a player the setup leaves with cash below zero."""
    for p in game.state.players:
        span = fact_span(game, p.name, "cash") or lines.get(("player", p.name))
        if span is not None and p.cash < 0:
            game.emit(
                "M120",
                f"impossible starting position: {p.name} has {game.money(p.cash)}; cash is "
                "never below zero between turns",
                span,
                "BKR-01",
                recorded=p.cash,
            )


class _Groups:
    """The groups already reported while the deeds are checked: one finding for a group built
    unevenly, one for a group's mortgage."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.mortgaged: set[str] = set()


def _check_buildings(game: Game, lines: dict[tuple[str, object], Span]) -> None:
    """M120 for each deed the setup builds on against the rules, at the line that placed it."""
    groups = _Groups()
    for (kind, key), span in list(lines.items()):
        if kind != "deed" or not isinstance(key, int):
            continue
        deed = game.state.deeds[key]
        if not (deed.houses or deed.hotel):
            continue
        found = _building_problem(game, key, deed, groups, span)
        if found is not None:
            problem, rule = found
            game.emit("M120", f"impossible starting position: {problem}", span, rule)


def _building_problem(
    game: Game, key: int, deed: DeedState, groups: _Groups, span: Span
) -> tuple[str, str] | None:
    """What is impossible about the buildings on `deed` (at square `key`, placed by the line at
    `span`), and the rule; None when nothing is, or when its group was reported already. A
    fourth house on a short-game site that a reading of CF-45 allows is named there (A45)."""
    sq = game.square(key)
    name = sq.name
    most = game.edition.rules.houses_before_hotel
    if sq.kind != "site":
        return f"{name} is not a site and takes no buildings", "BLD-15"
    too_many = deed.houses > 4 or (deed.houses > most and not deed.hotel)
    # SHORT-03, CF-45: a fourth house on a short-game site is a reading's (A45)
    if too_many and not position_houses_judged(game, key, deed.houses, span):
        problem = f"{name} has {deed.houses} houses; a site takes at most {most_houses(game, key)}"
        return problem, house_count_decision(game, key, deed.houses).rule
    group = group_of(game, key)
    owners = {d.owner for d in group}
    mortgaged = [game.name(d.square) for d in group if d.mortgaged]
    if len(owners) > 1:
        return f"{name} has buildings but {deed.owner} does not hold the whole group", "BLD-01"
    if mortgaged:
        if sq.group in groups.mortgaged:
            return None  # one finding for the group's mortgage
        groups.mortgaged.add(sq.group or "")
        others = [m for m in mortgaged if m != name]
        problem = (
            f"{name} has buildings while {game.listing(mortgaged)} "
            f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged"
            if not deed.mortgaged
            else f"{name} has buildings and is mortgaged"
            + (
                f", as {'is' if len(others) == 1 else 'are'} {game.listing(others)}"
                if others
                else ""
            )
        )
        return problem, "BLD-08"
    if sq.group in groups.seen or house_rules.uneven_allowed(game):
        return None
    groups.seen.add(sq.group or "")
    top = most + 1
    levels = [top if d.hotel else d.houses for d in group]
    if max(levels) - min(levels) <= 1:
        return None
    return (
        f"the {game.edition.group_word(sq.group or '')} group is built "
        f"unevenly ({', '.join(_level(game, d) for d in group)}); "
        "buildings differ by at most one level across a group"
    ), "BLD-03"


def _check_stock(game: Game, lines: dict[tuple[str, object], Span]) -> None:
    """M120 for more buildings in play than the edition has; then the bank's written stock
    (`_check_bank`)."""
    st = game.state
    span = next(iter(lines.values()))
    stock = dict(zip(("house", "hotel"), _stock(game), strict=True))
    in_play = {
        "house": sum(d.houses for d in st.deeds.values()),
        "hotel": sum(1 for d in st.deeds.values() if d.hotel),
    }
    excess = [count_word(game, in_play[k] - stock[k], k) for k in stock if in_play[k] > stock[k]]
    if excess and not house_rules.active(game, "unlimited-buildings"):
        game.emit(
            "M120",
            "impossible starting position: more buildings in play than the edition has "
            f"({' and '.join(excess)} too many)",
            lines.get(("bank", 0), span),
            "SET-02",
        )
    bank = lines.get(("bank", 0))
    written = game.setup.bank
    if bank is None or not written:
        return
    # the bank holds what its line says, whichever setup lines come before or after it
    st.bank_houses = written.get("house", st.bank_houses)
    st.bank_hotels = written.get("hotel", st.bank_hotels)
    if not house_rules.active(game, "unlimited-buildings"):
        _check_bank(game, bank, stock, in_play)


def _check_bank(game: Game, bank: Span, stock: dict[str, int], in_play: dict[str, int]) -> None:
    """W013 for a bank stock written other than the edition's less the buildings in play."""
    written = game.setup.bank
    kinds = [k for k in ("house", "hotel") if k in written and in_play[k] <= stock[k]]
    due = {k: stock[k] - in_play[k] for k in kinds}
    if all(written[k] == due[k] for k in kinds):
        return
    # more can never be explained; fewer may be the buildings of players the setup leaves out,
    # or a shortage set up on purpose, so both are warnings and the bank's figure stands
    edition = " and ".join(count_word(game, stock[k], k) for k in kinds)
    placed = (
        " and ".join(_count_or_no(game, in_play[k], k) for k in kinds)
        if any(in_play[k] for k in kinds)
        else "none"
    )
    should = " and ".join(count_word(game, due[k], k) for k in kinds)
    says = " and ".join(count_word(game, written[k], k) for k in kinds)
    short = any(written[k] < due[k] for k in kinds)
    bank = fact_span(game, BANK, kinds[0]) or bank
    game.emit(
        "W013",
        f"the bank's stock does not add up: the edition has {edition} and the setup places "
        f"{placed}, so the bank should hold {should}, but its line gives {says}"
        + ("; buildings of players the setup leaves out would explain fewer" if short else "")
        + "; the bank's figure is replayed as written",
        bank,
        "SET-02",
        expected=[due[k] for k in kinds],
        recorded=[written[k] for k in kinds],
    )


def _count_or_no(game: Game, n: int, kind: str) -> str:
    return "no " + game.edition.word(kind + "s") if n == 0 else count_word(game, n, kind)


def _stock(game: Game) -> tuple[int, int]:
    rules = game.edition.rules
    return rules.houses, rules.hotels


def _level(game: Game, deed: DeedState) -> str:
    return f"{game.name(deed.square)}: {describe_level(game, deed)}"
