"""The turn in progress: what the rules made due and what is still open (obligations.py works
on it). Only the data lives here, with no handler, so that `Game` keeps one `Flow` (game.flow).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...notation.events import NO_SPAN, Span
from .ledger import Transfer


@dataclass(slots=True)
class Due:
    """A money movement the rules make due.

    `amount` is what the rules set (None while it still needs a dice throw). `entry` is the
    ledger entry applied for it; `stated` turns True once the record has stated it.
    """

    kind: str  # salary | rent | tax | card | fine
    player: str  # whose obligation it is (the one who pays, or receives a salary)
    payer: str | None
    payee: str | None
    amount: int | None
    reason: str
    rule: str
    span: Span
    square: int | None = None
    entry: Transfer | None = None
    stated: bool = False
    lapsed: bool = False  # rent: the claim has lapsed under the reading of CF-22 in force
    # rent (CF-22): the first throws of later turns made since the landing
    rolls: int = 0
    per_pip: int | None = None  # utility rent waiting for a throw
    board: Any = None  # rent: the group as it stood at landing (CF-24)
    card: str | None = None
    cash_before: int | None = None  # salary: the player's cash before it (CF-11)
    worth: int | None = None  # income tax: total worth on landing, for the percentage (TAX-03)
    # rent: a disputed point that changed the figure, the other reading and its figure (per pip
    # for a utility), so that a rent written at it is named as that reading (rent.RentQuote)
    other: tuple[str, str, int] | None = None
    # rent: the disputed points named at the landing before the record wrote a figure, as
    # (handle of the finding, CF item, message), to file again with the record's choice
    noted: list[tuple[int, str, str]] = field(default_factory=list)
    # rent (CF-19): after a fresh throw the record wrote, the A19 naming it (handle), the figure
    # of the roll that moved the tenant and the message, should the rent written be that figure
    thrown: tuple[int, int, str] | None = None
    # salary: the declared house-rule point (CF-69, CF-70) whose place this due counted, which a
    # contrary figure written for it withdraws (core/declared.py)
    declared: str | None = None


@dataclass(slots=True)
class Lot:
    """A deed the bank must sell: bought by the lander at list price, else auctioned at once.

    `lander` None marks a lot opened for another reason (a bankruptcy auction, BKR-07).
    """

    square: int
    lander: str | None
    span: Span
    declined: bool = False
    unbid: bool = False  # auctioned with no bids but still to be sold (CF-16 sold-anyway)
    moved_by: str | None = None  # the card whose move reached the deed (CF-67)


@dataclass(slots=True)
class Draw:
    """A card square reached: the top card of `deck` must be drawn (CARD-01)."""

    player: str
    deck: str
    square: int
    span: Span
    moved_by: str | None = None  # the card whose move reached the square (CF-62)


@dataclass(slots=True)
class CardMove:
    """A card that moved the token: the record's `-> Square` is checked against `target`."""

    card: str
    target: int
    span: Span
    origin: int = 0
    salary: bool = False
    rent_rule: str | None = None
    confirmed: bool = False
    # CF-71: the railroad ahead and the closest one, where they differ (the nearest-railroad card),
    # the player it moved, and whether the reading has been named
    nearest: tuple[int, int] | None = None
    player: str = ""
    nearest_noted: bool = False
    # CF-12: the handle of the A12 filed for a move past GO before the record showed whether it
    # paid the salary, and its message, to file it again with the record's choice
    salary_point: int | None = None
    salary_note: str = ""


@dataclass(slots=True)
class CardUtility:
    """CF-58: a nearest-utility card sent `player` to a mortgaged utility, where the reading
    in force charges nothing; kept to see whether the record throws and pays ten times anyway."""

    player: str
    square: int
    owner: str | None
    noted: tuple[int, str, str]  # the A58 filed at the card: handle, point, message
    rule: str
    throw: int | None = None  # a throw the record wrote after the card
    throw_handle: int | None = None  # the W003 filed for that throw


@dataclass(slots=True)
class Flow:
    """Where the replay stands within the turn in progress."""

    started: bool = False  # a turn line has been seen
    expected_next: str | None = None  # from `setup next`
    turn_player: str | None = None
    turn_number: int = 0
    turn_span: Span = NO_SPAN
    rolled: bool = False  # the turn's player has rolled this turn
    again: bool = False  # the last roll was a double that earns another roll (DBL-01)
    again_span: Span = NO_SPAN
    # CF-80 one-throw-a-turn: the line of the turn's last roll when it was a double (one_throw.py)
    double_span: Span | None = None
    # CF-81 one-turn-then-free: per player freed after a jail turn whose throw showed no choice,
    # the A81 filed then (its handle, message and line), named again once the player's next
    # turn shows the release (jail_rolls.py)
    served: dict[str, tuple[int | None, str, Span]] = field(default_factory=dict)
    turn_over: bool = False  # jailed, or a roll that ends the turn
    released: str | None = None  # how the player left jail this turn: double/fine/card/forced
    jail_double: bool = False  # the turn's last roll was the double that opened the cell (CF-04)
    jail_failed: bool = False  # a failed doubles roll in jail this turn
    jail_try: int = 0  # this turn's jail try number, 1..3 (0 = not a jail turn)
    doubles_rolled: int = 0  # the doubles the turn's player has rolled this turn, run or not
    # each player's doubles of their last turn, to name a run counted across turns (DBL-05)
    last_turn_doubles: dict[str, int] = field(default_factory=dict)
    jailed_by: str | None = None  # what sent the player to jail in the current step
    last_dice: int | None = None  # the roll that moved the player last (RENT-10)
    last_roll: int | None = None  # the last roll of the dice that moved a token, card moves aside
    card_rule: str | None = None  # rent rule of the card that moved the player last
    dues: list[Due] = field(default_factory=list)  # the dues of the turn in progress
    claims: list[Due] = field(default_factory=list)  # open rent claims
    # rent claims lapsed under the reading of CF-22 in force that another reading of the open
    # point still holds (money/claim_deadline.py): a rent written for one is judged by it
    late_claims: list[Due] = field(default_factory=list)
    # per tenant, the rent of their last landing on another's deed: one written after every
    # reading dropped its claim is that rent paid late, not a second payment (claims.py)
    last_rent: dict[str, Due] = field(default_factory=dict)
    # per player, the last square they came to rest on that made no rent due because the deed
    # was mortgaged then (RENT-02): a rent written after the mortgage is lifted is judged by it
    mortgaged_landing: dict[str, int] = field(default_factory=dict)
    card_utility: CardUtility | None = None  # CF-58, see CardUtility
    lots: list[Lot] = field(default_factory=list)
    draw: Draw | None = None
    card_move: CardMove | None = None
    throw: Due | None = None  # a rent waiting for a `dice` throw
    current_card: str | None = None  # the card being carried out in this step
    choice: Due | None = None  # a "pay or take a card" fine, cancelled if a card is taken
    over_span: Span | None = None  # where the game ended
