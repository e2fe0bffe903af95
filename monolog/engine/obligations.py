"""The pending-obligation model: what the rules make due, and what is still open, turn by turn.

When a token comes to rest the engine works out what follows: money that moves (salary, rent,
tax, card money, the forced jail fine) and decisions still to be taken (buy or auction a deed,
draw a card, throw the dice for a utility card).

* Money is a `Due`: the engine applies the amount the rules set at once, so a record that leaves
  it out is still replayed right. When the record states the movement, the statement is checked
  and the recorded amount replaces the derived one in the ledger (`settle_due`): the record is
  what happened at the table.
* Decisions are open items (`Lot`, a card to draw, a throw to make): they must be closed before
  the turn goes on, or the turn check reports them.
* Rent claims (`Due` of kind "rent") stay open until the next player in turn order first rolls
  (RENT-03, CF-22).

Everything lives in one `Flow` object at `game.pending["flow"]` (see `flow_of`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..notation.events import NO_SPAN, Span
from . import house_rules
from .debts import note_payment
from .game import Game, Transfer

KEY = "flow"
# `setup next Ann doubles N landing`: (player, doubles, landing) for the first turn (turns.py)
MID_TURN = "setup.mid-turn"


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
    lapsed: bool = False
    # rent under CF-22 second-player-rolls: the next player has thrown, so the claim holds by
    # that reading alone
    kept_longer: bool = False
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


def flow_of(game: Game) -> Flow:
    """The turn-flow state of a replay (created on first use)."""
    flow = game.pending.get(KEY)
    if flow.__class__ is not Flow:  # called for nearly every event: no isinstance call
        flow = Flow()
        game.pending[KEY] = flow
    return flow


def apply_due(game: Game, due: Due) -> Due:
    """Record a due and apply the rules' amount at once (when it is known)."""
    flow = flow_of(game)
    flow.dues.append(due)
    house_rules.into_pot(game, due)  # house rule free-parking-jackpot (PIR-02)
    if due.kind == "rent":
        flow.claims.append(due)
    if due.amount:
        due.entry = game.transfer(due.payer, due.payee, due.amount, due.reason, due.span)
        note_payment(game, due.payer, due.payee, due.amount, due.reason, due.span)
    return due


def settle_due(
    game: Game,
    due: Due,
    recorded: int | None,
    span: Span,
    *,
    payee: str | None = None,
    reason: str | None = None,
) -> None:
    """The record states a due: apply the recorded amount (and payee) in place of the derived one.

    The caller has already compared and reported; this only moves the money.
    """
    due.stated = True
    amount = due.amount if recorded is None else recorded
    new_payee = due.payee if payee is None else payee
    if amount is None:
        return
    old = due.entry
    same = old is not None and old.amount == amount and old.payee == new_payee
    if same:
        if recorded is not None:
            due.entry = game.confirm(old)
        return
    if old is None and amount == 0:
        return
    if old is None:
        due.entry = game.transfer(due.payer, new_payee, amount, reason or due.reason, span)
    else:
        due.entry = game.amend(old, amount, payee=new_payee, reason=reason)
        if due.entry is None:
            return
    due.payee = new_payee
    note_payment(game, due.payer, new_payee, amount, reason or due.reason, span)


def cancel_due(game: Game, due: Due) -> None:
    """Undo a derived due entirely (the record shows it did not happen)."""
    if due.entry is not None:
        game.amend(due.entry, 0)
        due.entry = None
    due.stated = True


def find_due(game: Game, kind: str, player: str, *, open_only: bool = True) -> Due | None:
    """The latest due of `kind` for `player` in the turn in progress (not yet stated)."""
    for due in reversed(flow_of(game).dues):
        if due.kind == kind and due.player == player and not (open_only and due.stated):
            return due
    return None


def open_lot(game: Game, square: int, lander: str | None, span: Span) -> Lot:
    """Put a deed up for sale by the bank: the lander may buy it, else it must be auctioned.

    Bankruptcy handlers call this with `lander=None` for deeds the bank must auction (BKR-07),
    so that the record's `auction Square …` lines are accepted.
    """
    flow = flow_of(game)
    for lot in flow.lots:
        if lot.square == square:
            return lot
    lot = Lot(square, lander, span, declined=lander is None)
    flow.lots.append(lot)
    return lot


def mark_card_landing(game: Game, player: str, square: int, card: str) -> None:
    """The token of `player` came to rest on `square` by `card`: the deed offered there (CF-67)
    or the card to draw there (CF-62) is a disputed point, named when the record shows what the
    table did."""
    flow = flow_of(game)
    if flow.draw is not None and flow.draw.player == player and flow.draw.square == square:
        flow.draw.moved_by = card
    for lot in flow.lots:
        if lot.square == square and lot.lander == player:
            lot.moved_by = card


def find_lot(game: Game, square: int | None = None) -> Lot | None:
    """The open lot on `square`, or the latest open lot when `square` is None."""
    lots = flow_of(game).lots
    if square is None:
        return lots[-1] if lots else None
    for lot in lots:
        if lot.square == square:
            return lot
    return None


def close_lot(game: Game, lot: Lot) -> None:
    """The lot is sold (bought or auctioned) or settled."""
    flow = flow_of(game)
    flow.lots = [x for x in flow.lots if x is not lot]
