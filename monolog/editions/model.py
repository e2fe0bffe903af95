"""The edition model: a board, its decks, its rule parameters and its readings of disputed points.

An edition is data (a YAML file under monolog/editions/data/). The engine reads parameters and
readings from here and never branches on an edition's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

SquareKind = Literal[
    "go",
    "site",
    "railroad",
    "utility",
    "chance",
    "chest",
    "tax",
    "jail",
    "free-parking",
    "go-to-jail",
]
OWNABLE: frozenset[str] = frozenset({"site", "railroad", "utility"})


@dataclass(frozen=True, slots=True)
class Square:
    """One of the 40 squares. Money fields are zero where they do not apply.

    `rents` is [site alone, 1 house, 2, 3, 4 houses, hotel] for sites. `group` is the colour
    group key for sites, "railroad" or "utility" for those. `deck` is the deck key drawn from
    on a card square. `aliases` are extra names a record may use ("Illinois", "B&O").
    """

    index: int
    name: str
    kind: SquareKind
    aliases: tuple[str, ...] = ()
    group: str | None = None
    price: int = 0
    mortgage_value: int = 0
    house_cost: int = 0
    hotel_cost: int = 0
    rents: tuple[int, ...] = ()
    tax: int = 0
    deck: str | None = None

    @property
    def ownable(self) -> bool:
        return self.kind in OWNABLE


@dataclass(frozen=True, slots=True)
class Card:
    """A card, with its effect as structured data (see the reference data's conventions).

    `kind` is one of: advance_to, advance_to_nearest, move_back, go_to_jail, collect, pay,
    pay_each_player, collect_from_each_player, repairs, get_out_of_jail_free,
    pay_or_draw (UK: pay a fine or take a Chance).

    `move_back` moves `spaces` squares backwards or, when `target` is set (UK "Go back to Old
    Kent Road"), backwards to that square. `collect_go` is true for forward moves only.
    `draw_deck` is the deck a pay_or_draw card lets the player draw from instead of paying.
    """

    id: str
    deck: str
    title: str
    kind: str
    amount: int = 0
    target: int | None = None
    target_kind: str | None = None
    spaces: int = 0
    per_house: int = 0
    per_hotel: int = 0
    rent_rule: str | None = None
    collect_go: bool = True
    draw_deck: str | None = None


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck of cards: `key` is how the engine names it ("chance", "chest")."""

    key: str
    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RuleParams:
    """The numbers and switches of an edition's rules (RULES-MATRIX §2)."""

    starting_cash: int = 1500
    go_salary: int = 200
    jail_fine: int = 50
    houses: int = 32
    hotels: int = 12
    min_players: int = 2
    max_players: int = 6
    houses_before_hotel: int = 4
    full_group_multiplier: int = 2
    railroad_rents: tuple[int, ...] = (25, 50, 100, 200)
    utility_multipliers: tuple[int, ...] = (4, 10)
    mortgage_interest_percent: int = 10
    income_tax_percent: int | None = None  # set where the edition offers "flat or N%"
    jail_index: int = 10
    go_to_jail_index: int = 30
    max_jail_turns: int = 3
    # Points on which the editions' texts differ (data/params.yaml names each one's rule ID).
    auction_min_bid: int | None = 1  # None: the text names no lowest bid (BUY-05, CF-15)
    hotel_outright_sale: bool = False  # a hotel may be sold whole, not only stepped down (SELL-04)
    banker_sits_out_from: int | None = None  # players from which the Banker may not play (SET-07)
    # whether the fine may be paid after a failed jail throw, where the text says so (JAIL-09);
    # None: the text is silent, and CF-06's reading decides
    fine_after_failed_throw: bool | None = None
    # Short and time-limit games (set by a variant; the standard game leaves them as they are).
    opening_deal_deeds: int = 0  # deeds dealt to each player before play (SHORT-02, TIME-02)
    opening_deal_paid: bool = True  # dealt deeds are paid for at their printed price
    opening_deal_cut: bool = True  # the shuffled deeds are cut before the deal
    end_at_bankruptcies: int = 0  # the game ends at this many bankruptcies; 0: last player left
    richest_wins: bool = False  # the winner is the richest at the end (SHORT-09, TIME-01)
    time_limit: bool = False  # the game stops at an agreed time (TIME-01)


@dataclass(frozen=True, slots=True)
class Variant:
    """A way of playing an edition (standard, short, time-limit): parameter and reading overrides.

    `rules` holds only the parameters the variant changes, `readings` only the CF items whose
    reading it changes; `rule_ids` are the RULES-MATRIX IDs the variant comes from.
    """

    key: str
    title: str
    rules: dict[str, object] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    rule_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Assumption:
    """A figure or name the edition's rulebook does not give, the value taken and why."""

    key: str
    assumed: str
    reason: str
    rule_ids: tuple[str, ...] = ()


STANDARD = "standard"


@dataclass(frozen=True, slots=True)
class EngineProfile:
    """A program's declaration of the readings it plays (an edition file's `engine` section).

    `name` is the program and its version as its records are to name it ("gnome 0.0.9"); `plays`
    maps each declared disputed point to the reading the program plays ("CF-80" ->
    "one-throw-a-turn"). The readings are in force for a game of that edition, and a play that
    agrees with one is counted, not reported at every place (engine/core/declared.py).
    """

    name: str
    plays: dict[str, str]


def with_article(word: str) -> str:
    """`arena` -> `an arena`, `hotel` -> `a hotel`, `utility` -> `a utility`, `ESL shop` -> `an
    ESL shop`: the article as the word is spoken."""
    first = word[:1]
    if first.isupper() and len(word) > 1 and word[1:2].isupper():  # read letter by letter
        vowel = first in "AEFHILMNORSX"
    else:
        lower = word.lower()
        vowel = lower[:1] in "aeio" or (
            lower[:1] == "u" and not lower.startswith(("uni", "uti", "use", "usu"))
        )
    return f"{'an' if vowel else 'a'} {word}"


@dataclass(frozen=True, slots=True)
class Edition:
    """A whole edition: board, decks, parameters, readings of CF items, words and currency."""

    key: str
    title: str
    currency: str
    squares: tuple[Square, ...]
    groups: dict[str, tuple[int, ...]]
    decks: dict[str, Deck]
    rules: RuleParams = field(default_factory=RuleParams)
    readings: dict[str, str] = field(default_factory=dict)
    vocabulary: dict[str, str] = field(default_factory=dict)
    source: str = ""  # the file the edition was read from
    variants: dict[str, Variant] = field(default_factory=dict)
    assumptions: dict[str, Assumption] = field(default_factory=dict)
    # CF items this edition's own text settles: departing from the reading is a violation here,
    # where an edition that leaves the point open only flags it as ambiguous.
    settled: frozenset[str] = frozenset()
    variant: str = STANDARD  # the variant these rules and readings are for
    engine: EngineProfile | None = None  # the readings a program declares it plays

    def with_variant(self, key: str) -> Edition:
        """The edition as played in variant `key` (its overrides applied); KeyError if unknown."""
        if key == STANDARD and key not in self.variants:
            return self
        chosen = self.variants[key]
        return replace(
            self,
            rules=replace(self.rules, **chosen.rules),  # type: ignore[arg-type]
            readings={**self.readings, **chosen.readings},
            variant=key,
        )

    def money(self, amount: int) -> str:
        """An amount in the edition's currency: $1,500 or £1,500."""
        sign = "-" if amount < 0 else ""
        return f"{sign}{self.currency}{abs(amount):,}"

    def word(self, key: str) -> str:
        """The edition's word for a concept (house, hotel, railroad, ...)."""
        return self.vocabulary.get(key, key)

    def a_word(self, key: str) -> str:
        """The edition's word with its indefinite article: "a hotel", "an arena"."""
        return with_article(self.word(key))

    def group_word(self, group: str, plural: bool = False) -> str:
        """A group's display name: "light blue", or "light blues" with `plural`.

        The plural's vocabulary key is the group key plus "s" ("utilities" for "utility").
        """
        if not plural:
            return self.word(group)
        key = "utilities" if group == "utility" else group + "s"
        return self.vocabulary.get(key, self.word(group) + "s")

    def card(self, card_id: str) -> Card:
        """The card with this id (CH07, CC05) in any of the edition's decks; KeyError if none."""
        for deck in self.decks.values():
            for card in deck.cards:
                if card.id == card_id:
                    return card
        raise KeyError(card_id)

    def group_members(self, group: str) -> tuple[Square, ...]:
        """The squares of a group, in board order."""
        return tuple(self.squares[i] for i in self.groups.get(group, ()))
