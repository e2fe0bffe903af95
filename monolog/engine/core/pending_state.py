"""What the event handlers keep from one event to the next, one object per module that owns it.

Each handler module that waits for a later line (the record's choice on a disputed point, a
count that may show a slip, a set-up still being written) keeps what it waits with in its own
dataclass here, one typed field of `Game` each (game.py). This module imports no handler, so
`Game` can name every one of them without an import cycle. A replay's objects are its own: a
game copied (`copy.deepcopy`, pickling) copies them as deep as any other field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...editions.resolver import Resolver
from ...findings.model import Cause, Finding
from ...notation.events import NO_SPAN, CashCheck, Event, Ignored, Span
from .ledger import Debt
from .state import PlayerState
from .turn_flow import Due

# --------------------------------------------------------------------------- follow.py


class Jailing(NamedTuple):
    """A jailing the rules required and the record did not write."""

    span: Span
    cause: str
    square: int  # where the player stood before being moved to jail
    turn: int = 0  # the turn it happened in
    again: bool = False  # the player had another roll to come that turn (a double)


class DoublePoint(NamedTuple):
    """A CF-04 or CF-05 point waiting for the record's play."""

    cf: str
    player: str
    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    rule: str
    again: str  # the reading under which the player throws again
    over: str  # the reading under which the turn passes


class EstatePoint(NamedTuple):
    """A CF-39 point: whether the record auctions the estate's deeds free of mortgage."""

    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    free: frozenset[int]  # the deeds of the estate that were not mortgaged, by square
    shown: bool = False  # the record auctioned one of them (filed again saying so)


class DeedsPoint(NamedTuple):
    """A CF-59 point: whether the record gives the deeds of an estate owed to several players
    to the first creditor left short (`heir`) rather than to auction."""

    handle: int | None  # the finding filed, to take back
    actor: str  # the bankrupt
    heir: str  # the first creditor left short, in turn order from the bankrupt's left
    span: Span
    deeds: frozenset[int]  # the estate's deeds, by square
    mortgaged: frozenset[int]  # those that were mortgaged
    cards: tuple[str, ...]  # the jail cards sent back under their decks


class UnbidPoint(NamedTuple):
    """A CF-16 point waiting for the record's play."""

    square: int
    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    bought: str | None = None  # reading decliner-buys: the decliner the replay made buy it
    price: int = 0  # and at what
    decliner: str | None = None  # who declined the deed (None: a bankrupt's deed, no lander)


class FineAhead(NamedTuple):
    """A CF-02 point waiting to see when the record pays the fine."""

    handle: int | None  # the finding filed, to take back
    message: str
    span: Span
    turn: int  # the turn of the failed roll


@dataclass(slots=True)
class FollowState:
    """What follow.py waits with: consequences of the rules the record has not yet confirmed,
    and disputed points raised before the record showed its play."""

    # a replay under another reading than the record's (`monolog dispute`'s alternative side)
    counterfactual: bool = False
    # per player, the jailing the record has not confirmed (no `jail` clause after it)
    unconfirmed: dict[str, Jailing] = field(default_factory=dict)
    jail_double: DoublePoint | None = None  # CF-04, CF-05
    estate_point: EstatePoint | None = None  # CF-39
    deeds_point: DeedsPoint | None = None  # CF-59
    unbid: dict[int, UnbidPoint] = field(default_factory=dict)  # CF-16, by square
    fine_ahead: dict[str, FineAhead] = field(default_factory=dict)  # CF-02, by player
    # the `ignored` clause that follows the event being replayed, while that event is replayed
    ignoring: Ignored | None = None
    # the `ignored` clauses (by id) whose event was found to have a consequence left undone
    taken: set[int] = field(default_factory=set)
    # the event that follows the one being replayed, while that one is replayed
    next: Event | None = None


# --------------------------------------------------------------------------- record.py


class CountMoves:
    """What the cash counts did to the record's own replay, for a replay of the same record
    under another reading (`monolog dispute`'s alternative) to do the same: per count (its
    place and the player counted), every player's cash before it and what it changed. The
    alternative keeps the difference its reading makes, and the table's counts correct it as
    they corrected the record's own replay, so that a count taken as written is not a
    difference of the reading. The alternative steps each event after the original: an entry
    is taken once used, so only the counts of the event in hand are held."""

    def __init__(self, moves: CountMoves | None = None) -> None:
        self.moves: dict[tuple[Span, str], tuple[tuple[int, ...], dict[str, int]]] = (
            {} if moves is None else dict(moves.moves)
        )


class WrittenSlip(NamedTuple):
    """A written amount that broke the rule (its finding filed), replayed as written until a
    count of the payer or the payee shows whether the table paid it or the rule's figure."""

    due: Due
    rule: int  # the rule's figure
    handle: int  # the finding's place in game.findings


class TakenCount(NamedTuple):
    """A count that disagreed and was taken as the cash, until a later count confirms it."""

    diff: int
    finding: Finding
    handle: int  # its place in game.findings, to correct it later


@dataclass(slots=True)
class RecordState:
    """What record.py's counts wait with: which counts agreed, which were taken as written and
    may yet prove a slip, and the disputed lines."""

    # the disputed lines and the ruling written on each, in the record's order
    disputes: list[tuple[int, str | None]] = field(default_factory=list)
    # per player, how long the ledger was at their last count that agreed (or was taken as written)
    agreed: dict[str, int] = field(default_factory=dict)
    # per player, the last count taken as the cash and not yet confirmed by a later one
    taken: dict[str, TakenCount] = field(default_factory=dict)
    # the last count of the Free Parking pool, and of the bank's buildings (houses, hotels, the
    # finding and its handle), taken as written and not yet confirmed by a later one (a slip is
    # told from a change the same way as for cash)
    pot_taken: TakenCount | None = None
    stock_taken: tuple[int, int, Finding, int] | None = None
    # the replay keeps its own cash after a disagreeing count (`record.keep_own_cash`)
    own_cash: bool = False
    # per player, the written amount that broke the rule and waits for that player's next count
    written: dict[str, WrittenSlip] = field(default_factory=dict)
    # the counts' moves shared by the record's own replay and one under another reading
    counts_led: CountMoves | None = None
    counts_followed: CountMoves | None = None
    # each derived payment a W001 named, to the first W001 that named it (`_shared_cause`): its
    # code and place only, not the finding (a long game of wrong counts kept each W001 whole here);
    # a payment between players only (one with the bank is never met again: a long game of wrong
    # counts kept a salary and the like here on most lines)
    # by the player whose later counts may still meet the payment (each count of theirs drops
    # theirs: their counts after it start later)
    named_by: dict[str, dict[tuple[object, ...], Cause]] = field(default_factory=dict)
    # the cash of several creditors shared at a bankruptcy whose line writes counts: those
    # counts show which reading shared it (count_split.py)
    split: SplitPoint | None = None
    # a payer's last cash handed to one creditor, short of the payment due, on the clause right
    # before the payer's bankruptcy: the split the table made (CF-41, bankruptcy/cash_split.py)
    handed: HandedCash | None = None


class HandedCash(NamedTuple):
    """`payer` handed their last cash, `amount`, to `payee` against a payment of `due`, then went
    bankrupt owing the rest (deals.py's `pay`); `message` is the wrong amount's M715, for a split
    that follows no reading of CF-41."""

    payer: str
    payee: str
    amount: int
    due: int
    rule: str
    message: str
    span: Span


class SplitReading(NamedTuple):
    """Another reading of how several creditors share an estate's cash (CF-41): each
    creditor's cash under it, and the message naming it."""

    cf: str
    reading: str
    rule: str
    message: str
    cash: dict[str, int]


@dataclass(slots=True)
class SplitPoint:
    """A bankruptcy to several creditors, waiting for the counts that show how the cash was
    shared (`=Ben 1510`, on its line, right after it, or the creditors' first later on): the
    other readings' split of the cash, the note filed on the reading in force (its handle, to
    take back when the counts follow another reading), and the line's counts held until the
    last of them."""

    line: int
    span: Span
    note: int | None
    readings: tuple[SplitReading, ...]
    held: list[tuple[CashCheck, str]] = field(default_factory=list)
    # no count on the bankruptcy line or right after it: each creditor's cash as the bankruptcy
    # left it, for the creditors' first count later on (the readings moved by what came since)
    base: dict[str, int] | None = None


# --------------------------------------------------------------------------- house_rules.py


@dataclass(slots=True)
class Pot:
    """The Free Parking pool as kept since it last started again (house rule
    free-parking-jackpot; kept whether or not it is declared, to recognise a pool collected)."""

    dues: list[Due] = field(default_factory=list)  # taxes, card payments and forced fines into it
    since: int = 0  # the ledger's length when it started: jail fines paid after it go in too
    start: int = 0  # a pool already on the table at setup
    counted: int = 0  # what counts of the pool taken as written changed


@dataclass(slots=True)
class HouseRuleState:
    """What house_rules.py keeps: the house rules in force and what they hold across events."""

    # each house rule in force (declared, or called for by a ruling) and the amount it carries
    active: dict[str, int | None] = field(default_factory=dict)
    pot: Pot = field(default_factory=Pot)
    # the pool a jackpot table would have paid at the last landing on Free Parking without one
    unpaid_pot: int = 0
    lapped: set[str] = field(default_factory=set)  # players past their first lap (a GO salary)
    # houses and hotels the bank made up under unlimited-buildings
    made_houses: int = 0
    made_hotels: int = 0
    # (lender, borrower) -> what is still owed under loans-between-players
    loans: dict[tuple[str, str], int] = field(default_factory=dict)


# --------------------------------------------------------------------------- mortgages.py


@dataclass(slots=True)
class MortgageChoice:
    """A mortgaged deed received: its receiver owes the 10 % now or lifts the mortgage."""

    player: str
    square: int
    origin: str  # "deal" | "bankruptcy"
    span: Span
    reported: bool = False  # its receipt was reported when one of its deeds was handed on


@dataclass(slots=True)
class MortgageState:
    """What mortgages.py keeps: the choices still open on mortgaged deeds received."""

    choices: list[MortgageChoice] = field(default_factory=list)
    # the deeds a bankruptcy to the bank sent to auction free of their mortgage (BKR-08), until
    # mortgaged again: lifting a mortgage on one is M705 citing BKR-08
    freed: set[int] = field(default_factory=set)


# --------------------------------------------------------------------------- setup.py


@dataclass(slots=True)
class SetupState:
    """What setup.py keeps while the setup lines describe the starting position."""

    started: bool = False  # play has begun: the position was checked
    # (player, span) of each `goojf` given without a card name, placed when play begins
    unnamed: list[tuple[str, Span]] = field(default_factory=list)
    # each fact of the position given so far, (player or the bank's key, fact) -> the span,
    # value and words of the first line that gave it
    facts: dict[tuple[str, object], tuple[Span, object, str]] = field(default_factory=dict)
    # facts a line implies without writing them: a jailed player's square
    implied: set[tuple[str, object]] = field(default_factory=set)
    # where each part of the starting position was written: ("deed", square), ("player", name),
    # ("bank", 0) -> the span of the setup line (or holding) that set it
    lines: dict[tuple[str, object], Span] = field(default_factory=dict)
    # the bank's building stock as its setup line writes it: "house" and "hotel" -> number
    bank: dict[str, int] = field(default_factory=dict)
    # `setup next Ann doubles N landing`: (player, doubles, landing) for the first turn (turns.py)
    mid_turn: tuple[str, int, bool] | None = None


# --------------------------------------------------------------------------- paid_prices.py


@dataclass(slots=True)
class PaidPrices:
    """What paid_prices.py keeps (CF-30): the prices paid for the buildings standing, by site,
    only where some price is not the printed one."""

    houses: dict[int, list[int]] = field(default_factory=dict)  # in the order placed
    hotels: dict[int, int] = field(default_factory=dict)


# --------------------------------------------------------------------------- invariants.py


@dataclass(slots=True)
class Baseline:
    """The position as set up, before any money moved: what later states are checked against."""

    cash: dict[str, int]
    houses: int
    hotels: int
    given: set[int]  # deeds (a group's first square) the set-up already left outside the rules


@dataclass(slots=True)
class InvariantState:
    """What invariants.py (--paranoid) keeps between events."""

    base: Baseline | None = None  # taken once play has moved money; None: to take again
    # deeds (by square) where the replay carried out a line the rules forbid, as the record
    # says: the board's rules are not checked there from then on
    followed: set[int] = field(default_factory=set)


# --------------------------------------------------------------------------- the rest


@dataclass(slots=True)
class JailRollState:
    """What jail_rolls.py keeps."""

    # the players a record kept in jail, unmoved, after the failed roll of their last jail turn
    # (CF-02 followed as fourth-turn-pay under another reading): their next turn is past the last
    kept_past_last: set[str] = field(default_factory=set)


@dataclass(slots=True)
class WonBuilding:
    """A house or hotel bought at a shortage auction and not yet placed."""

    player: str
    kind: str  # "house" | "hotel"
    price: int
    span: Span


class WonBuildings(list[WonBuilding]):
    """The buildings won and not yet placed, with how many houses and hotels they are, kept as
    they come and go: the paranoid stock check reads the counts after every event (counting
    the list each time made many buildings won on one turn quadratic)."""

    def __init__(self) -> None:
        super().__init__()
        self.houses = 0
        self.hotels = 0

    def _count(self, w: WonBuilding, sign: int) -> None:
        if w.kind == "house":
            self.houses += sign
        else:
            self.hotels += sign

    def append(self, w: WonBuilding) -> None:
        super().append(w)
        self._count(w, 1)

    def remove(self, w: WonBuilding) -> None:
        super().remove(w)
        self._count(w, -1)

    def clear(self) -> None:
        super().clear()
        self.houses = self.hotels = 0

    def __reduce__(self) -> tuple[Any, ...]:  # a copy counts its buildings afresh
        return (_won_again, (list(self),))


def _won_again(items: list[WonBuilding]) -> WonBuildings:
    won = WonBuildings()
    for w in items:
        won.append(w)
    return won


@dataclass(slots=True)
class ShortageState:
    """What shortage.py keeps: the buildings won at auction and not yet placed (they are out of
    the bank's stock)."""

    won: WonBuildings = field(default_factory=WonBuildings)


@dataclass(slots=True)
class WorthState:
    """What worth.py keeps (CF-42): per player, the worth at the last landing on the percentage
    tax with mortgaged deeds at their mortgage value, for the tax clause that follows."""

    at_landing: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class SkippedState:
    """What skipped.py keeps: the first finding of a run of lines the replay cannot adopt for
    one cause, by cause; the later ones only follow from it and are folded into it
    (`caused_by`)."""

    roots: dict[str, Finding] = field(default_factory=dict)


@dataclass(slots=True)
class LotDebts:
    """What debts.py keeps (CF-60): (winner, square) -> the debt an auction price opened."""

    by_lot: dict[tuple[str, int], Debt] = field(default_factory=dict)


@dataclass(slots=True)
class VariantState:
    """What variants.py keeps: whether the record opens with a variant's deal (SHORT-02,
    TIME-02), whose deeds its setup lines charge."""

    dealing: bool = False


@dataclass(slots=True)
class DealInDebt:
    """Deeds a player in debt handed to someone other than a creditor."""

    giver: str
    receiver: str
    deeds: list[str]
    creditors: list[str | None]
    turn: int
    span: Span
    squares: tuple[int, ...] = ()  # the deeds dealt away, by square
    returned: tuple[tuple[str, object], ...] = ()  # what the receiver gave: (kind, value) pairs


@dataclass(slots=True)
class InsolventDeals:
    """What insolvent_deals.py keeps (CF-78): the deals a player in debt made this game that
    handed deeds to someone other than a creditor."""

    notes: list[DealInDebt] = field(default_factory=list)


@dataclass(slots=True)
class DeckState:
    """What decks.py keeps: per deck, the first out-of-sequence draw (M403) of a run of them. A
    draw out of order right after one (the deck learned again from it) only follows from it (a
    card drawn twice, say), so its M403 names it as its cause and text output folds it there.
    Any draw the order allows ends the run: a later M403 is then a mistake of its own."""

    broken: dict[str, Finding] = field(default_factory=dict)


@dataclass(slots=True)
class HoldingsState:
    """What holdings.py keeps: the game's name resolver, with the seating it was made for."""

    resolver: tuple[list[PlayerState], Resolver] | None = None


@dataclass(slots=True)
class Played:
    """How many times a game played one declared point, its first place and the place counted
    last (which a contrary clause on its line withdraws: declared.withdraw)."""

    count: int = 0
    first: Span = NO_SPAN
    last: Span = NO_SPAN
