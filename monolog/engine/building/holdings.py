"""What a player holds, seen by the estate handlers: groups, building levels, values, names.

Shared by the building, mortgage, deal and bankruptcy handlers. Nothing here changes the state.
A building level counts a hotel as one level above the most houses a site can take (CF-27).
"""

from __future__ import annotations

from ...editions.errors import ResolveError
from ...editions.model import Square
from ...editions.resolver import Resolver
from ...notation.events import Ref, Span
from ..core.game import Game
from ..core.state import DeedState

# The finding filed when a name in an estate line names nothing (or several things).
UNKNOWN_NAME = "M900"


def hotel_level(game: Game) -> int:
    """The building level of a hotel: one above the most houses a site can take."""
    return game.edition.rules.houses_before_hotel + 1


def level(game: Game, deed: DeedState) -> int:
    """Houses on the site, or the hotel level when it carries a hotel."""
    return hotel_level(game) if deed.hotel else deed.houses


def group_of(game: Game, index: int) -> list[DeedState]:
    """The deeds of the group the square belongs to (the square alone if it has no group)."""
    ed = game.edition
    group = ed.squares[index].group  # `game.square`, without the call
    members = ed.groups.get(group, ()) if group else ()
    deeds = game.state.deeds
    # a plain loop, not a comprehension (a call of its own in Python 3.11): 2.9 groups found
    # a build, 13,600 calls on run.py's 200 games
    out = []
    for i in members or (index,):
        out.append(deeds[i])
    return out


def owns_group(game: Game, player: str, index: int) -> bool:
    return all(d.owner == player for d in group_of(game, index))


def group_built(game: Game, index: int) -> bool:
    """True when any site of the square's group carries a building."""
    return any(d.houses or d.hotel for d in group_of(game, index))


def group_label(game: Game, index: int) -> str:
    """The group's name in the edition's words: "dark blue"."""
    group = game.square(index).group
    return game.edition.group_word(group) if group else game.name(index)


def round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator in whole units, halves rounded up (CF-34 half-up)."""
    return (2 * numerator + denominator) // (2 * denominator)


# how each CF-34 reading rounds a ten per cent, in words, in the order they are tried
ROUNDING_WORDS = {"half-up": "half up", "down": "down", "up": "up"}


def rounded_percent(value: int, percent: int, reading: str) -> int:
    """`percent` % of `value` in whole units, rounded as CF-34 `reading` says."""
    if reading == "down":
        return value * percent // 100
    if reading == "up":
        return -(-value * percent // 100)
    return round_half_up(value * percent, 100)


def percent_of(game: Game, value: int, percent: int) -> int:
    """`percent` % of `value`, rounded as the CF-34 reading says."""
    return rounded_percent(value, percent, game.ruling("CF-34"))


def other_roundings(game: Game, value: int, percent: int) -> dict[str, int]:
    """`percent` % of `value` under each CF-34 reading other than the one in force."""
    reading = game.ruling("CF-34")
    return {
        other: rounded_percent(value, percent, other)
        for other in ROUNDING_WORDS
        if other != reading
    }


def interest(game: Game, square: Square) -> int:
    """The 10 % on a mortgage (MORT-03, MORT-08, CF-35)."""
    base = square.price if game.ruling("CF-35") == "printed-price" else square.mortgage_value
    return percent_of(game, base, game.edition.rules.mortgage_interest_percent)


def lift_cost(game: Game, square: Square) -> int:
    """What lifting a mortgage costs: the mortgage value plus the 10 % (MORT-03)."""
    return square.mortgage_value + interest(game, square)


def half(amount: int) -> int:
    """Half a printed price, halves rounded up (US and UK prices are all even)."""
    return round_half_up(amount, 2)


def building_sale_value(game: Game, deed: DeedState) -> int:
    """What the bank pays for every building on a site, sold outright at half price (SELL-02)."""
    sq = game.square(deed.square)
    if deed.hotel:
        return half(sq.hotel_cost) + game.edition.rules.houses_before_hotel * half(sq.house_cost)
    return deed.houses * half(sq.house_cost)


def count_word(game: Game, n: int, singular: str) -> str:
    """ "1 house", "3 houses", in the edition's words."""
    word = game.edition.word(singular if n == 1 else singular + "s")
    return f"{n} {word}"


def describe_level(game: Game, deed: DeedState) -> str:
    if deed.hotel:
        return game.edition.a_word("hotel")
    if deed.houses == 0:
        return "no " + game.edition.word("houses")
    return count_word(game, deed.houses, "house")


def buildings_in_group(game: Game, index: int) -> str:
    """The buildings standing in the group of `index`, e.g. "Park Place (2 houses), Boardwalk
    (a hotel)": what must be sold to the bank before a deed of the group is mortgaged or traded
    (MORT-01, DEAL-03)."""
    return ", ".join(
        f"{game.name(d.square)} ({describe_level(game, d)})"
        for d in group_of(game, index)
        if d.houses or d.hotel
    )


def owner_word(game: Game, owner: str | None) -> str:
    return owner if owner is not None else "the " + game.edition.word("bank")


def resolver(game: Game) -> Resolver:
    """The game's resolver (one per game, shared with `names`)."""
    players = game.state.players
    cached = game.holdings.resolver
    # the seating is one list, made with the state and never changed (engine/core/state.py):
    # known by that list, the names are not gathered on every call (about 2% of a replay)
    if cached is None or cached[0] is not players:
        cached = (players, Resolver(game.edition, [p.name for p in players]))
        game.holdings.resolver = cached
    return cached[1]


def resolve_square(game: Game, ref: Ref, span: Span) -> Square | None:
    """The square a reference names, or None after filing a finding."""
    cached = game.holdings.resolver  # `resolver`'s cache read here, saving its call (20,000)
    try:
        names = cached[1] if cached and cached[0] is game.state.players else resolver(game)
        # a name found before, of one square (nearly every one): read without the calls of
        # `Resolver.square` and `Resolver.squares` (20,200 on run.py's 200 games)
        found = names.squares_found.get((ref.kind, ref.text))
        square = found[0] if found is not None and len(found) == 1 else names.square(ref)
    except ResolveError as err:
        game.emit(UNKNOWN_NAME, str(err), ref.span if ref.span.line else span, None)
        return None
    return square


def resolve_player(game: Game, ref: Ref, span: Span) -> str | None:
    """The player a reference names, or None after filing a finding."""
    cached = game.holdings.resolver  # as `resolve_square`: 61,000 calls over the corpus
    try:
        names = cached[1] if cached and cached[0] is game.state.players else resolver(game)
        # a name found before (nearly every one): read without `Resolver.player`'s call
        name = names.players_found.get(ref.text) or names.player(ref)
    except ResolveError as err:
        game.emit(UNKNOWN_NAME, str(err), ref.span if ref.span.line else span, None)
        return None
    return name


def resolve_card(game: Game, ref: Ref, span: Span) -> str | None:
    """The id of the card a reference names, or None after filing a finding."""
    try:
        card = resolver(game).card(ref)
    except ResolveError as err:
        game.emit(UNKNOWN_NAME, str(err), ref.span if ref.span.line else span, None)
        return None
    return str(card.id)
