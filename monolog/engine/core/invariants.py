"""Invariants of a replay: what must hold after every event, whatever the record says.

Run after each event by the tests and by `replay(..., paranoid=True)`. Each problem is one line;
an empty list means the state is sound. These check the engine, not the record: an illegal
action in a record is reported as a finding and, mostly, not carried out, so they hold either way.
Where the replay follows the record after the finding (an uneven build or sale, a build without
the whole group or beside a mortgage), the engine names the group it left outside the rules with
`followed`, and the rules of the board are no longer checked there, as for the set-up's given.

* Money is conserved: each player's cash is their opening cash plus what the ledger paid them
  minus what it took (SET-06, SET-09). No amount the engine works out is below zero (one the
  record writes, which only a JSON Lines stream can, is moved as written).
* Every building is accounted for: bank stock plus buildings on the board (plus any won at a
  shortage auction and not yet placed) equals the edition's stock (SET-02).
* Each deed has at most one owner, who is a player still in the game.
* No building on a mortgaged site or in a group with a mortgaged site (BLD-08, MORT-01); buildings
  only on sites of a group wholly owned by one player (BLD-01, DEAL-03); at most the most houses
  or one hotel; houses even within each group (BLD-03).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..building.holdings import group_of, level
from ..buying.shortage import won_buildings
from . import house_rules
from .game import Game
from .house_cap import most_houses
from .pending_state import Baseline

# the position checked against and the deeds followed live in `game.invariants`
# (pending_state.InvariantState)
_STOCK_GIVEN = -1  # in `Baseline.given`: the set-up's building stock is already impossible


def _baseline(game: Game) -> Baseline:
    """Taken while the ledger is empty, so set-up lines count, then kept.

    A record may start mid-game with a bank stock that does not add up to the edition's (other
    players' buildings left out), or with a group the set-up leaves uneven; those are the record's
    given, reported by the set-up checks, and only later changes are judged here.
    """
    saved = game.invariants.base
    names = sorted(p.name for p in game.state.players)
    if saved is not None and game.transfers and sorted(saved.cash) == names:
        return saved
    net = game.ledger_net
    st = game.state
    houses, hotels = _stock(game)
    given = {key for key, _ in _rule_problems(game)}
    rules = game.edition.rules
    if st.bank_houses < 0 or st.bank_hotels < 0 or houses > rules.houses or hotels > rules.hotels:
        # a set-up with more buildings than the edition has: the record's fault (M120)
        given.add(_STOCK_GIVEN)
    base = Baseline(
        {p.name: p.cash - net.get(p.name, 0) for p in st.players},
        houses,
        hotels,
        given,
    )
    game.invariants.base = base
    return base


def followed(game: Game, squares: Iterable[int]) -> None:
    """The replay carried out a line the rules forbid on these deeds, as the record says (the line
    is reported): the board's rules are not checked there from now on."""
    game.invariants.followed.update(squares)


def rebase(game: Game) -> None:
    """A setup line after play began (M121) states a new position: later states are judged
    against it, not against the first one."""
    game.invariants.base = None


def _stock(game: Game) -> tuple[int, int]:
    """Houses and hotels in the bank, on the board and won at auction but not yet placed."""
    st = game.state
    won = won_buildings(game)
    houses = st.bank_houses + sum(d.houses for d in st.deeds.values())
    hotels = st.bank_hotels + sum(1 for d in st.deeds.values() if d.hotel)
    houses += won.houses
    hotels += won.hotels
    made_houses, made_hotels = house_rules.made(game)  # unlimited-buildings: made up, not lost
    return houses - made_houses, hotels - made_hotels


def check_invariants(game: Game) -> list[str]:
    """Every invariant that does not hold, one line each (empty when all hold)."""
    problems: list[str] = []
    st = game.state
    rules = game.edition.rules
    base = _baseline(game)

    # money: the ledger's totals are kept as entries come and go (Game.ledger_net), so this
    # check after every event does not read the whole ledger again
    net = game.ledger_net
    for p in st.players:
        want = base.cash.get(p.name, 0) + net.get(p.name, 0)
        if p.cash != want:
            problems.append(
                f"{p.name} has {game.money(p.cash)} but the ledger gives {game.money(want)}"
            )
    for t in game.negative_entries:
        # the engine never works out an amount below zero; one the record wrote (a stream can,
        # the notation cannot) is the record's, judged where the amount is (M203, M504, ...),
        # and moved as written
        if t.derived:
            problems.append(f"ledger entry of {game.money(t.amount)} ({t.reason}) is negative")

    # buildings: none made or lost (SET-02), the bank never below zero
    houses, hotels = _stock(game)
    stock_given = _STOCK_GIVEN in base.given
    if houses != base.houses or (st.bank_houses < 0 and not stock_given):
        problems.append(
            f"houses: {st.bank_houses} in the bank and {houses - st.bank_houses} out make "
            f"{houses}, not {base.houses}"
        )
    if hotels != base.hotels or (st.bank_hotels < 0 and not stock_given):
        problems.append(
            f"hotels: {st.bank_hotels} in the bank and {hotels - st.bank_hotels} out make "
            f"{hotels}, not {base.hotels}"
        )
    if (base.houses > rules.houses or base.hotels > rules.hotels) and not stock_given:
        problems.append(
            f"the stock is {base.houses} houses and {base.hotels} hotels, more than "
            f"{rules.houses} and {rules.hotels}"
        )

    # cards: each held card is held once, by one player
    held: dict[str, str] = {}
    for p in st.players:
        for card in p.cards:
            if card in held:
                problems.append(f"card {card} is held by both {held[card]} and {p.name}")
            held[card] = p.name

    excused = base.given | game.invariants.followed
    problems.extend(p for key, p in _rule_problems(game) if key not in excused)
    return problems


def _rule_problems(game: Game) -> list[tuple[int, str]]:
    """What the rules never allow on the board, keyed by deed (a group's first square)."""
    st = game.state
    out: list[tuple[int, str]] = []
    names = {p.name for p in st.players}
    playing = {p.name for p in st.players if p.active}
    squares = game.edition.squares
    built: list[int] = []  # sites carrying a building, in board order
    for index, deed in st.deeds.items():
        square = squares[index]
        if deed.square != index or not square.ownable:
            out.append((index, f"deed record {index} is not the ownable square {square.name}"))
        if deed.owner is not None:
            if deed.owner not in names:
                out.append((index, f"{square.name} is owned by {deed.owner}, who is not a player"))
            elif deed.owner not in playing:
                out.append(
                    (index, f"{square.name} is owned by {deed.owner}, who is out of the game")
                )
        elif deed.mortgaged:
            out.append((index, f"{square.name} is mortgaged but owned by the bank"))
        if deed.houses or deed.hotel:
            built.append(index)
            out.extend(_building_problems(game, index))
    out.extend(_uneven_groups(game, built))
    return out


def _building_problems(game: Game, index: int) -> list[tuple[int, str]]:
    """What the rules never allow of the buildings on the deed `index`."""
    deed = game.state.deeds[index]
    square = game.edition.squares[index]
    name = square.name
    out: list[tuple[int, str]] = []
    if deed.hotel and deed.houses:
        out.append((index, f"{name} has a hotel and {deed.houses} houses"))
    if deed.houses > most_houses(game, index) or deed.houses < 0:
        out.append((index, f"{name} has {deed.houses} houses"))
    if square.kind != "site":
        out.append((index, f"{name} carries buildings but is not a site"))
    group = group_of(game, index)
    if any(d.owner != deed.owner for d in group) or deed.owner is None:
        out.append((index, f"{name} carries buildings but its group is not wholly owned"))
    if any(d.mortgaged for d in group):
        out.append((index, f"{name} carries buildings in a group with a mortgaged site"))
    return out


def _uneven_groups(game: Game, built: list[int]) -> list[tuple[int, str]]:
    """Houses even within each group; a hotel counts as a full site here, since a hotel beside
    fewer houses is the disputed point CF-26, reported when built. Only groups with a building
    (`built`) can be uneven: the others are passed over (this runs after every event)."""
    out: list[tuple[int, str]] = []
    if not built or house_rules.uneven_allowed(game):
        return out  # uneven-building: no order to keep (BLD-03)
    rules = game.edition.rules
    seen: set[int] = set()
    for index in built:
        if index in seen or game.square(index).kind != "site":
            continue
        group = group_of(game, index)
        seen.update(d.square for d in group)
        levels = [min(level(game, d), rules.houses_before_hotel) for d in group]
        if max(levels) - min(levels) > 1:
            where = ", ".join(f"{game.name(d.square)} {level(game, d)}" for d in group)
            out.append((group[0].square, f"uneven building in a group: {where}"))
    return out
