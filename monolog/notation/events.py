"""Events: what a record says happened, one frozen dataclass per kind.

Events are edition-independent. Square, player and card names are kept as `Ref`s exactly as
written; the engine resolves them against the edition's data. Every event carries the `Span`
of its source text. Spans take no part in equality, so two parses of differently laid-out
text compare equal when they say the same thing (the formatter's round-trip relies on this).

An `actor` of None means "the player whose turn it is"; an explicit actor comes from an actor
line (`Ben build Park Place`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

SCHEMA_VERSION = 1


# --------------------------------------------------------------------------- spans and names


@dataclass(frozen=True, slots=True)
class Span:
    """Where an event or a reference stands in the source: 1-based lines and columns.

    `end_column` is exclusive: the span covers columns column .. end_column - 1 of end_line.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NO_SPAN = Span(0, 0, 0, 0)

RefKind = Literal["name", "quoted", "number"]


@dataclass(frozen=True, slots=True)
class Ref:
    """A name as written: a square, a player or a card. `kind` says how it was written."""

    text: str
    kind: RefKind = "name"
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    @property
    def number(self) -> int | None:
        """The square number for `#12` references, else None."""
        return int(self.text) if self.kind == "number" else None

    def __str__(self) -> str:
        if self.kind == "quoted":
            return '"' + self.text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if self.kind == "number":
            return f"#{self.text}"
        return self.text


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. `span` covers the event's text in the source."""

    span: Span = field(compare=False, repr=False)

    @property
    def kind(self) -> str:
        return _KIND_NAMES[type(self)]


@dataclass(frozen=True, slots=True)
class Action(Event):
    """An event done by a player: `actor` is None for the player whose turn it is."""

    actor: Ref | None


# --------------------------------------------------------------------------- trivia


@dataclass(frozen=True, slots=True)
class Comment(Event):
    """A comment, kept so that the formatter never loses what the writer wrote.

    `inline` is True for `{ ... }` comments, False for `; ...` comments to the end of a line.
    `text` is the comment exactly as written, without its delimiters (a `;` comment loses only
    its trailing blanks).
    """

    text: str
    inline: bool


@dataclass(frozen=True, slots=True)
class BlankLine(Event):
    """One or more empty lines that separate blocks of a record (kept as one)."""


# --------------------------------------------------------------------------- header


@dataclass(frozen=True, slots=True)
class Tag(Event):
    """A PGN-style tag pair: `[Key "value"]`."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class Holding:
    """A deed in a starting position: `houses` 0-4, `hotel`, `mortgaged`."""

    square: Ref
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SetupPlayer(Event):
    """A player's starting position. Fields left None keep the edition's defaults."""

    player: Ref
    cash: int | None
    position: Ref | None
    holdings: tuple[Holding, ...]
    cards: tuple[Ref | None, ...]
    jail_turns: int | None


@dataclass(frozen=True, slots=True)
class SetupBank(Event):
    """The bank's building stock in a starting position, and any Free Parking pool on the table.

    `pot` is that pool, in a game played with the free-parking-jackpot house rule."""

    houses: int | None
    hotels: int | None
    pot: int | None = None


@dataclass(frozen=True, slots=True)
class SetupDeck(Event):
    """The known order of a deck from the top, by card id or title."""

    cards: tuple[Ref, ...]


@dataclass(frozen=True, slots=True)
class SetupNext(Event):
    """Whose turn comes first in a record that starts mid-game. A record that starts mid-turn
    says how many `doubles` that player already rolled this turn, and whether the `landing` on
    the square the player stands on is still to be resolved."""

    player: Ref
    doubles: int | None = None
    landing: bool = False


# --------------------------------------------------------------------------- turns


@dataclass(frozen=True, slots=True)
class TurnStart(Event):
    """`12. Ann`: turn number 12 begins, and it is Ann's."""

    number: int
    player: Ref


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """A roll of both dice that moves a token (or is a roll for doubles in jail).

    `square` is the square the writer says was reached, checked when given.
    """

    die1: int
    die2: int
    square: Ref | None

    @property
    def total(self) -> int:
        return self.die1 + self.die2

    @property
    def is_double(self) -> bool:
        return self.die1 == self.die2


@dataclass(frozen=True, slots=True)
class Move(Action):
    """`-> Square`: the token moved to a square other than by a roll (a card, say)."""

    square: Ref


@dataclass(frozen=True, slots=True)
class Salary(Action):
    """The GO salary collected."""

    amount: int | None


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """The lander buys the unowned property at the list price."""

    amount: int | None


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The lander declines to buy; an auction follows."""


@dataclass(frozen=True, slots=True)
class Bid:
    """One bid in an auction."""

    player: Ref
    amount: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


LotKind = Literal["square", "house", "hotel", "card", "pending"]


@dataclass(frozen=True, slots=True)
class Auction(Action):
    """An auction: of a square (`lot`), of a house or hotel in a shortage, of a Get Out of
    Jail Free card (`lot_kind == "card"`, `lot` the card when named), or, with no lot written,
    of the property the lander just declined (`lot_kind == "pending"`).

    `winner` and `price` are None when nobody bid. `passed` names the players who asked to
    take part and then bid nothing (`auction house passed Ben bids …`): in a building shortage
    they are among the players whose requests made the auction (CF-28, CF-61).
    """

    lot_kind: LotKind
    lot: Ref | None
    bids: tuple[Bid, ...]
    winner: Ref | None
    price: int | None
    passed: tuple[Ref, ...] = ()
    # the players who bid and then dropped out before the sale (`out Cal`)
    dropped: tuple[Ref, ...] = ()


@dataclass(frozen=True, slots=True)
class Rent(Action):
    """Rent paid by the lander; amount and payee are checked when written."""

    amount: int | None
    payee: Ref | None


@dataclass(frozen=True, slots=True)
class RentUnclaimed(Action):
    """The owner failed to ask for the rent in time, so none was paid."""

    payee: Ref | None


@dataclass(frozen=True, slots=True)
class Tax(Action):
    """A tax paid. `percent` is set when the player chose the percentage option; `counted`
    when the record says the choice was made after counting the player's worth (CF-43)."""

    percent: int | None
    amount: int | None
    counted: bool = False


@dataclass(frozen=True, slots=True)
class CardDraw(Action):
    """A card drawn, by id (`CH07`) or title; `amount` is the money it moved, when written."""

    card: Ref
    amount: int | None


@dataclass(frozen=True, slots=True)
class Dice(Action):
    """A throw of the dice that moves nothing (the nearest-utility card's throw)."""

    die1: int
    die2: int

    @property
    def total(self) -> int:
        return self.die1 + self.die2


@dataclass(frozen=True, slots=True)
class NoThrow(Action):
    """`dice same`: no new throw for a utility rent; the roll that moved the token sets it."""


@dataclass(frozen=True, slots=True)
class Reshuffle(Action):
    """A deck reshuffled (`reshuffle Chance`); `deck` None: the deck the player draws from."""

    deck: Ref | None


@dataclass(frozen=True, slots=True)
class GoToJail(Action):
    """The player is sent to jail."""


@dataclass(frozen=True, slots=True)
class PayFine(Action):
    """The jail fine paid to leave jail."""

    amount: int | None


@dataclass(frozen=True, slots=True)
class UseJailCard(Action):
    """A Get Out of Jail Free card used (optionally which one)."""

    card: Ref | None


@dataclass(frozen=True, slots=True)
class BuildItem:
    """A site and what is built on or sold from it: `houses` houses, or a hotel."""

    square: Ref
    houses: int
    hotel: bool
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Houses or hotels bought from the bank."""

    items: tuple[BuildItem, ...]
    amount: int | None


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """Houses or hotels sold back to the bank; `buyer` set: sold or handed to that player
    (`sell Boardwalk x2 to Ben for 200`), which the rules forbid (SELL-01)."""

    items: tuple[BuildItem, ...]
    amount: int | None
    buyer: Ref | None = None


@dataclass(frozen=True, slots=True)
class SellDeed(Action):
    """Bare deeds sold to the bank for `amount` in all (`sell deed Baltic Avenue for 30`),
    which the rules do not allow; some tables do, at the mortgage value (CF-63)."""

    squares: tuple[Ref, ...]
    amount: int


@dataclass(frozen=True, slots=True)
class Mortgage(Action):
    """Properties mortgaged to the bank."""

    squares: tuple[Ref, ...]
    amount: int | None


@dataclass(frozen=True, slots=True)
class Unmortgage(Action):
    """Mortgages lifted (mortgage value plus interest)."""

    squares: tuple[Ref, ...]
    amount: int | None


@dataclass(frozen=True, slots=True)
class Interest(Action):
    """The 10% interest paid on a mortgaged property received, keeping it mortgaged."""

    squares: tuple[Ref, ...]
    amount: int | None


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """A payment of cash to a player (`to` set) or to the bank (`to` None)."""

    amount: int
    to: Ref | None


@dataclass(frozen=True, slots=True)
class Bankrupt(Action):
    """The player goes bankrupt to a creditor player, or to the bank (`creditor` None).

    `to_bank` is True when the record writes the bank (`bankrupt to bank`); a bare `bankrupt`
    leaves the creditor to the rules (whoever the debt is to). Both set: to the bank, the
    player owed named, who is paid what is owed and the bank takes the rest (`bankrupt to bank,
    creditor Ben`, CF-82)."""

    creditor: Ref | None
    to_bank: bool = False


@dataclass(frozen=True, slots=True)
class Resign(Action):
    """The player leaves the game."""


@dataclass(frozen=True, slots=True)
class Ignored(Action):
    """`ignored`: what the rules make the clause before it do did not happen at the table.

    After `card CH11`, the card was drawn and not obeyed; after a roll with no square, the
    token did not move (or, on a third double, was not jailed); after a roll to the Go to
    Jail square, the player was not jailed.
    """


@dataclass(frozen=True, slots=True)
class TimeCalled(Action):
    """Time is called in a time-limit game."""


@dataclass(frozen=True, slots=True)
class GameEnd(Action):
    """The game ends here."""


@dataclass(frozen=True, slots=True)
class CashCheck(Action):
    """`=1320` or `=Ben 880`: the writer's note of a player's cash at this point, below zero
    (`=-190`) for a player left owing more than they held.

    `player` is None for the actor of the line (a deal line's checksums name their player).
    """

    player: Ref | None
    amount: int


@dataclass(frozen=True, slots=True)
class SquareCheck(Action):
    """`=at Boardwalk` or `=Ben at #5`: the writer's note of the square a player's token is on.

    `player` is None for the actor of the line.
    """

    player: Ref | None
    square: Ref


@dataclass(frozen=True, slots=True)
class StockCheck(Action):
    """`=bank houses 28 hotels 10`: the writer's count of the buildings the bank holds.

    Either count may be left out (None).
    """

    houses: int | None
    hotels: int | None


@dataclass(frozen=True, slots=True)
class PotCheck(Action):
    """`=pot 150`: the writer's count of the Free Parking pool a house rule keeps."""

    amount: int


@dataclass(frozen=True, slots=True)
class Dispute(Action):
    """The line is marked as disputed at the table, with the ruling given (free text)."""

    ruling: str | None


@dataclass(frozen=True, slots=True)
class DealItem:
    """One thing handed over in a deal: a deed, cash, or a Get Out of Jail Free card. A deed
    written with its buildings (`Boardwalk x2`, `Boardwalk hotel`) has `houses` 1-4 or `hotel`:
    the record says they changed hands with it (DEAL-04). A `promise` (its words in `text`)
    is a promise made in the deal, which the rules forbid (DEAL-06)."""

    kind: Literal["square", "cash", "card", "promise"]
    square: Ref | None = None
    amount: int | None = None
    card: Ref | None = None
    houses: int = 0
    hotel: bool = False
    text: str | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class DealSide:
    """What one party gives in a deal. `player` None is the bank (`bank: 50`), which the
    rules never make a party to a deal: the engine reports it."""

    player: Ref | None
    gives: tuple[DealItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A deal between two players. Mortgage choices for deeds received follow as
    `interest` / `unmortgage` actions of the receiver."""

    first: DealSide
    second: DealSide


_KIND_NAMES: dict[type[Event], str] = {
    Comment: "comment",
    BlankLine: "blank",
    Tag: "tag",
    SetupPlayer: "setup-player",
    SetupBank: "setup-bank",
    SetupDeck: "setup-deck",
    SetupNext: "setup-next",
    TurnStart: "turn",
    Roll: "roll",
    Move: "move",
    Salary: "salary",
    Buy: "buy",
    Decline: "decline",
    Auction: "auction",
    Rent: "rent",
    RentUnclaimed: "rent-unclaimed",
    Tax: "tax",
    CardDraw: "card",
    Dice: "dice",
    NoThrow: "no-throw",
    Reshuffle: "reshuffle",
    GoToJail: "jail",
    PayFine: "fine",
    UseJailCard: "jail-card",
    Build: "build",
    Sell: "sell",
    SellDeed: "sell-deed",
    Mortgage: "mortgage",
    Unmortgage: "unmortgage",
    Interest: "interest",
    Pay: "pay",
    Bankrupt: "bankrupt",
    Resign: "resign",
    Ignored: "ignored",
    TimeCalled: "time",
    GameEnd: "end",
    CashCheck: "check",
    SquareCheck: "check-square",
    StockCheck: "check-bank",
    PotCheck: "check-pot",
    Dispute: "dispute",
    Deal: "deal",
}

EVENT_TYPES: tuple[type[Event], ...] = tuple(_KIND_NAMES)
TRIVIA: tuple[type[Event], ...] = (Comment, BlankLine)


def to_data(value: Any) -> Any:
    """Turn an event (or any part of one) into JSON-ready data, spans included."""
    if isinstance(value, Span):
        return [value.line, value.column, value.end_line, value.end_column]
    if isinstance(value, Ref):
        return {"text": value.text, "kind": value.kind}
    if isinstance(value, tuple):
        return [to_data(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        out: dict[str, Any] = {}
        if isinstance(value, Event):
            out["kind"] = value.kind
        for f in fields(value):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    return value
