"""Rent: what a tenant owes on landing, with the reason in words (RENT-01..13, CF-01, CF-20).

`quote_rent` is the one place rent is worked out. It returns the amount and a reason that
messages quote ("Ann holds all three light blues, none built on or mortgaged"), plus the
disputed points the quote touched, each with a message naming the reading applied and what
the other reading would have charged. The caller files those with the landing's span.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.board import all_word, owned_counts
from ..core.game import Game

CARD_DOUBLE_RAILROAD = "double_railroad_rent"
CARD_DICE_TIMES_10 = "dice_times_10"


class RentQuote(NamedTuple):
    """The rent owed on one square at one moment.

    `amount` is None when it still needs a dice total (`per_pip` × the throw). `owner` None
    means no one collects (the bank holds the deed). `notes` holds (CF id, message) pairs.
    `other` is the disputed point that changed the figure, the other reading and the figure
    under it (per pip for a utility), so that a rent written at that figure is named as that
    reading, not as a wrong amount.

    A named tuple, not a frozen dataclass: as immutable, and made in a third of the time (a
    frozen dataclass sets each of its 8 fields through `object.__setattr__`; 0.9 against 2.6 us
    a quote measured with timeit, 24,700 quotes over run.py's 200 games).
    """

    square: int
    owner: str | None
    amount: int | None
    reason: str
    rule: str
    per_pip: int | None = None
    notes: tuple[tuple[str, str], ...] = ()
    other: tuple[str, str, int] | None = None

    def with_dice(self, total: int) -> int:
        """The rent for a dice total (utilities), or the fixed amount."""
        if self.per_pip is not None:
            return self.per_pip * total
        return self.amount or 0


def quote_rent(
    game: Game,
    index: int,
    tenant: str,
    *,
    dice: int | None = None,
    card_rule: str | None = None,
) -> RentQuote:
    """The rent `tenant` owes for standing on square `index` as the board is now.

    `dice` is the total that brought the tenant there (utility rent, RENT-10); `card_rule` is
    the rent rule of the card that sent them ("double_railroad_rent", "dice_times_10").
    """
    ed = game.edition
    st = game.state
    square = ed.squares[index]
    deed = st.deeds.get(index)
    name = square.name
    if deed is None or deed.owner is None:
        return RentQuote(index, None, 0, f"no rent: {name} belongs to no player", "RENT-01")
    owner = deed.owner
    if owner == tenant:
        return RentQuote(index, None, 0, f"no rent: {tenant} owns {name}", "RENT-13")
    if deed.mortgaged:
        if card_rule == CARD_DICE_TIMES_10 and square.kind == "utility":
            return _mortgaged_utility_by_card(game, index, owner, dice)
        return RentQuote(index, None, 0, f"no rent: {name} is mortgaged", "RENT-02")
    if square.kind == "site":
        return _site_rent(game, index, owner)
    if square.kind == "railroad":
        return _railroad_rent(game, index, owner, card_rule)
    if square.kind == "utility":
        return _utility_rent(game, index, owner, dice, card_rule)
    return RentQuote(index, None, 0, f"no rent: {name} cannot be owned", "RENT-01")


def _site_rent(game: Game, index: int, owner: str) -> RentQuote:
    ed = game.edition
    st = game.state
    square = ed.squares[index]
    deed = st.deeds[index]
    rents = square.rents
    name = square.name
    if deed.hotel:
        return RentQuote(
            index, owner, rents[5], f"{owner} has {ed.a_word('hotel')} on {name}", "RENT-07"
        )
    if deed.houses:
        word = ed.word("house") if deed.houses == 1 else ed.word("houses")
        return RentQuote(
            index,
            owner,
            rents[deed.houses],
            f"{owner} has {deed.houses} {word} on {name}",
            "RENT-07",
        )
    group = square.group or ""
    members = ed.groups.get(group, ())
    size = len(members)
    groups = ed.group_word(group, plural=True)
    base = rents[0]
    double = base * ed.rules.full_group_multiplier
    # the group's deeds looked at once, in plain loops (a comprehension or a generator is a
    # call of its own in Python 3.11): whether the owner holds them all, which are mortgaged
    # and whether any is built on (board.py's group_complete, group_mortgaged and group_built
    # each made the list of the group's deeds again)
    deeds = st.deeds
    complete = False
    mortgaged = []
    built = False
    for i in members:
        d = deeds.get(i)
        if d is None:
            continue
        if d.owner != owner:
            complete = False
            break
        complete = True
        if d.mortgaged:
            mortgaged.append(d.square)
        if d.houses or d.hotel:
            built = True
    if not complete:
        return RentQuote(
            index, owner, base, f"{owner} does not hold {all_word(size)} {groups}", "RENT-01"
        )
    if mortgaged:
        names = ", ".join(ed.squares[i].name for i in mortgaged)
        verb = "is" if len(mortgaged) == 1 else "are"
        reading = game.ruling("CF-01")
        if reading == "double-unmortgaged":
            amount, other, other_name = double, base, "no-double"
            reason = f"{owner} holds {all_word(size)} {groups}; {names} {verb} mortgaged"
        else:
            amount, other, other_name = base, double, "double-unmortgaged"
            reason = f"{names} {verb} mortgaged, so the {groups} do not pay double"
        note = (
            f"{name} pays {game.money(amount)} with {names} mortgaged (reading {reading}); "
            f"reading {other_name} would charge {game.money(other)}"
        )
        return RentQuote(
            index,
            owner,
            amount,
            reason,
            "RENT-05",
            notes=(("CF-01", note),),
            # a rent written at the other figure is that reading's play where the point is open;
            # where the edition's text settles it, a wrong rent (M301)
            other=None if game.text_settles("CF-01") else ("CF-01", other_name, other),
        )
    if built:
        return RentQuote(
            index,
            owner,
            double,
            f"{owner} holds {all_word(size)} {groups} and {name} has no buildings",
            "RENT-06",
        )
    return RentQuote(
        index,
        owner,
        double,
        f"{owner} holds {all_word(size)} {groups}, none built on or mortgaged",
        "RENT-04",
    )


def _tier(game: Game, group: str, owner: str) -> tuple[int, tuple[tuple[str, str], ...], int]:
    """The count of a railroad/utility group that sets the tier (CF-20), the note if the
    reading mattered, and the count under the other reading."""
    every, unmortgaged = owned_counts(game.state, game.edition, group, owner)
    reading = game.ruling("CF-20")
    count, other = (unmortgaged, every) if reading == "count-unmortgaged" else (every, unmortgaged)
    return count, (), other


def _railroad_rent(game: Game, index: int, owner: str, card_rule: str | None) -> RentQuote:
    ed = game.edition
    table = ed.rules.railroad_rents
    count, _, other = _tier(game, "railroad", owner)
    count = max(count, 1)
    words = ed.word("railroad") if count == 1 else ed.word("railroads")
    amount = table[min(count, len(table)) - 1]
    reason = f"{owner} owns {count} {words}"
    notes: list[tuple[str, str]] = []
    alternative: tuple[str, str, int] | None = None
    factor = 2 if card_rule == CARD_DOUBLE_RAILROAD else 1
    if other != count and other > 0:
        other_amount = table[min(other, len(table)) - 1] * factor
        reading = game.ruling("CF-20")
        alternative = ("CF-20", _other_reading(reading), other_amount)
        notes.append(
            (
                "CF-20",
                f"{ed.squares[index].name} charges {game.money(amount * factor)} counting "
                f"{count} {words} (reading {reading}); the other reading counts {other} and "
                f"charges {game.money(other_amount)}",
            )
        )
    if factor == 2:
        return RentQuote(
            index,
            owner,
            amount * 2,
            f"{reason}, and the nearest-{ed.word('railroad')} card doubles the rent",
            "RENT-08",
            notes=tuple(notes),
            other=alternative,
        )
    return RentQuote(index, owner, amount, reason, "RENT-08", notes=tuple(notes), other=alternative)


def _mortgaged_utility_by_card(game: Game, index: int, owner: str, dice: int | None) -> RentQuote:
    """CF-58: the nearest-utility card sends the tenant to a mortgaged utility. Under nothing-owed
    the card's ten times stands in for the rent, which a mortgaged deed does not collect; under
    ten-times-anyway the card's charge is a payment of its own and is due all the same."""
    name = game.edition.squares[index].name
    reading = game.ruling("CF-58")
    if reading == "ten-times-anyway":
        quote = _utility_rent(game, index, owner, dice, CARD_DICE_TIMES_10)
        note = (
            f"{name} is mortgaged, but the card's charge is not rent: the tenant throws and pays "
            f"{owner} ten times the throw (reading {reading}); reading nothing-owed would charge "
            "nothing, as for any landing on a mortgaged deed"
        )
        return RentQuote(
            index,
            owner,
            quote.amount,
            quote.reason,
            "RENT-09",
            per_pip=10,
            notes=(("CF-58", note),),
        )
    note = (
        f"{name} is mortgaged, so the nearest-utility card's ten times the throw is not owed "
        f"(reading {reading}) and no throw is made; reading ten-times-anyway would have the "
        f"tenant throw and pay {owner} ten times the throw"
    )
    return RentQuote(
        index, None, 0, f"no rent: {name} is mortgaged", "RENT-02", notes=(("CF-58", note),)
    )


def _utility_rent(
    game: Game, index: int, owner: str, dice: int | None, card_rule: str | None
) -> RentQuote:
    ed = game.edition
    mults = ed.rules.utility_multipliers
    count, _, other = _tier(game, "utility", owner)
    count = max(count, 1)
    notes: list[tuple[str, str]] = []
    alternative: tuple[str, str, int] | None = None
    if card_rule == CARD_DICE_TIMES_10:
        per_pip = 10
        reason = f"10 times the throw, as the nearest-{ed.word('utility')} card says"
    else:
        per_pip = mults[min(count, len(mults)) - 1]
        words = ed.word("utility") if count == 1 else ed.word("utilities")
        reason = f"{per_pip} times the dice: {owner} owns {count} {words}"
        if other != count and other > 0:
            other_pip = mults[min(other, len(mults)) - 1]
            alternative = ("CF-20", _other_reading(game.ruling("CF-20")), other_pip)
            notes.append(
                (
                    "CF-20",
                    f"{ed.squares[index].name} charges {per_pip} times the dice counting "
                    f"{count} (reading {game.ruling('CF-20')}); the other reading counts "
                    f"{other} and charges {other_pip} times",
                )
            )
    amount = per_pip * dice if dice is not None else None
    if dice is not None:
        reason = f"{reason} ({dice})"
    return RentQuote(
        index,
        owner,
        amount,
        reason,
        "RENT-09",
        per_pip=per_pip,
        notes=tuple(notes),
        other=alternative,
    )


def _other_reading(reading: str) -> str:
    """The CF-20 reading that is not `reading`."""
    return "count-all" if reading == "count-unmortgaged" else "count-unmortgaged"
