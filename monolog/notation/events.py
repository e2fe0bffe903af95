"""Events: what a record says happened, one frozen dataclass per kind.

Events are edition-independent. Square, player and card names are kept as `Ref`s exactly as
written; the engine resolves them against the edition's data. Every event carries the `Span`
of its source text. Spans take no part in equality, so two parses of differently laid-out
text compare equal when they say the same thing (the formatter's round-trip relies on this).

An `actor` of None means "the player whose turn it is"; an explicit actor comes from an actor
line (`Ben build Park Place`).

The classes are made by `frozen`, which gives what `@dataclass(frozen=True, slots=True)` gives
for far less import time (see the section below).
"""

from __future__ import annotations

import dataclasses
import sys
from _thread import get_ident
from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, field, fields
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any, Literal, TypeVar

_T = TypeVar("_T")
_F = TypeVar("_F")

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # the marker is read by type checkers only

    def dataclass_transform(**_: Any) -> Callable[[_F], _F]:
        return lambda decorator: decorator


SCHEMA_VERSION = 1

# --------------------------------------------------------------------------- frozen classes
#
# `@dataclass(frozen=True, slots=True)` writes out the source of six methods for each class and
# compiles them one by one, then makes the class a second time to give it `__slots__`: for the
# classes below that came to some 15 ms, paid by every command that reads a record. `frozen`
# makes the same classes without compiling anything per class. Equality, hashing, repr and the
# guard against assignment are closures over the class's field names; `__init__`, which must
# keep its real signature (for keyword calls, the messages of a wrong call and `inspect`), is a
# copy of a template compiled once per number of fields, its argument names and the field-name
# constants it assigns renamed to the class's own. tests/test_event_classes.py holds every class
# here to what the standard decorator makes of the same fields.

# the markers `dataclasses` itself looks for: `fields()`, `replace()` and `asdict()` take the
# fields whose `_field_type` is `_FIELD`; a dataclass made from one of these classes reads the
# parameters (frozen, with slots, all else by default)
_FIELD: Any = vars(dataclasses)["_FIELD"]
_PARAMS: Any = (
    vars(dataclasses)["_DataclassParams"](
        True, True, True, False, False, True, True, False, True, False
    )
    if sys.version_info >= (3, 12)
    else vars(dataclasses)["_DataclassParams"](True, True, True, False, False, True)
)
# what `copy.replace()` calls, from Python 3.13 on
_REPLACE: Any = vars(dataclasses).get("_replace")
# annotations that `dataclass` treats as something other than a field: refused here
_PSEUDO_FIELDS = frozenset({"ClassVar", "InitVar", "KW_ONLY"})

_INIT_TEMPLATES: dict[int, CodeType] = {}
_INIT_GLOBALS: dict[str, Any] = {"__object_setattr__": object.__setattr__}


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[_T]) -> type[_T]:
    """`cls` as `@dataclass(frozen=True, slots=True)` would make it.

    The same `__init__`, `__repr__`, `__eq__` and `__hash__` (over the fields that compare),
    `__match_args__`, `__slots__` in place of a `__dict__`, `FrozenInstanceError` on assignment,
    pickling, and what `dataclasses.fields()`, `replace()` and `is_dataclass()` read. Fields
    may have a default and may set `compare`, `repr` or `hash`; a default factory, `init=False`,
    keyword-only fields, ClassVar and InitVar are refused rather than half made.
    """
    body = cls.__dict__
    annotations: dict[str, Any] = body.get("__annotations__", {})
    if "__slots__" in body:
        raise TypeError(f"{cls.__name__} already specifies __slots__")

    all_fields: dict[str, Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            params = getattr(base, "__dataclass_params__", None)
            if params is not None and not params.frozen:
                raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
            all_fields.update(base_fields)
    for name, annotation in annotations.items():
        if str(annotation).partition("[")[0].rpartition(".")[2] in _PSEUDO_FIELDS:
            raise TypeError(f"{cls.__name__}.{name}: {annotation} is not supported here")
        default: Any = getattr(cls, name, MISSING)
        spec: Field[Any]
        if isinstance(default, Field):
            spec = default
            if spec.default_factory is not MISSING or not spec.init or spec.kw_only is True:
                raise TypeError(
                    f"{cls.__name__}.{name}: default_factory, init=False and kw_only=True "
                    "are not supported here"
                )
        else:
            spec = field(default=default)
        if spec.default is not MISSING and type(spec.default).__hash__ is None:
            raise ValueError(
                f"mutable default {type(spec.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        spec.name = name
        spec.type = annotation
        spec._field_type = _FIELD  # type: ignore[attr-defined]
        spec.kw_only = False
        all_fields[name] = spec
    for name, value in body.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    seen_default = False
    for spec in all_fields.values():
        if spec.default is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {spec.name!r} follows default argument")

    names = tuple(all_fields)
    compared = tuple(n for n, f in all_fields.items() if f.compare)
    hashed = tuple(n for n, f in all_fields.items() if (f.compare if f.hash is None else f.hash))
    qualname = cls.__qualname__
    ns = dict(body)
    new: dict[str, Any] = {
        "__init__": _init(cls.__module__, all_fields),
        "__repr__": _repr(tuple(n for n, f in all_fields.items() if f.repr)),
        "__eq__": _eq(_key(compared)),
    }
    new["__setattr__"], new["__delattr__"] = _guard(cls, names)
    for name in ("__setattr__", "__delattr__"):
        if name in body:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    ns["__dataclass_params__"] = _PARAMS
    ns["__dataclass_fields__"] = all_fields
    for name, method in new.items():
        method.__qualname__ = f"{qualname}.{name}"
        ns.setdefault(name, method)
    explicit_hash = body.get("__hash__", MISSING)
    if explicit_hash is MISSING or (explicit_hash is None and "__eq__" in body):
        ns["__hash__"] = _hash(_key(hashed))
        ns["__hash__"].__qualname__ = f"{qualname}.__hash__"
    ns.setdefault("__match_args__", names)
    if _REPLACE is not None:
        ns.setdefault("__replace__", _REPLACE)
    inherited = {slot for base in cls.__mro__[1:-1] for slot in _slots_of(base)}
    ns["__slots__"] = tuple(n for n in names if n not in inherited)
    for name in (*names, "__dict__", "__weakref__"):
        ns.pop(name, None)
    ns.setdefault("__getstate__", _getstate)
    ns.setdefault("__setstate__", _setstate)

    metaclass: Any = type(cls)
    made: Any = metaclass(cls.__name__, cls.__bases__, ns)
    made.__qualname__ = qualname
    if not made.__doc__:
        import inspect  # only for a class without a docstring (none here); dataclasses loads it

        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return made  # type: ignore[no-any-return]


def _init(module: str, spec: dict[str, Field[Any]]) -> Callable[..., None]:
    """The `__init__` of a class with these fields: the template for as many arguments, with
    the class's field names put in place of the template's."""
    names = tuple(spec)
    template = _INIT_TEMPLATES.get(len(names)) or _init_template(len(names))
    renamed = {f"_{i}": name for i, name in enumerate(names)}
    code = template.replace(
        co_varnames=("__dataclass_self__" if "self" in names else "self", *names),
        co_consts=tuple(renamed.get(c, c) if type(c) is str else c for c in template.co_consts),
    )
    defaults = tuple(f.default for f in spec.values() if f.default is not MISSING)
    init = FunctionType(code, _INIT_GLOBALS, "__init__", defaults or None)
    init.__annotations__ = {name: f.type for name, f in spec.items()}
    init.__annotations__["return"] = None
    init.__module__ = module
    return init


def _init_template(count: int) -> CodeType:
    """`def __init__(self, _0, _1, …)` setting attribute `_0` to `_0` and so on, compiled."""
    args = "".join(f", _{i}" for i in range(count))
    body = "".join(f"\n __object_setattr__(self, '_{i}', _{i})" for i in range(count))
    namespace: dict[str, Any] = {}
    exec(f"def __init__(self{args}):{body or ' pass'}", {}, namespace)
    code: CodeType = namespace["__init__"].__code__
    _INIT_TEMPLATES[count] = code
    return code


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these attributes of an object, as the dataclass methods build it."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return lambda obj: ()


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    shown = "(" + ", ".join(f"{name}={{!r}}" for name in names) + ")"
    values = _key(names)
    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:  # a value that holds itself shows as "..."
            return "..."
        running.add(key)
        try:
            return self.__class__.__qualname__ + shown.format(*values(self))  # type: ignore[no-any-return]
        finally:
            running.discard(key)

    return __repr__


def _eq(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], Any]:
    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _guard(cls: Any, names: tuple[str, ...]) -> tuple[Callable[..., None], Callable[..., None]]:
    """`__setattr__` and `__delattr__` as the dataclass writes them. As there, `cls` is the class
    as first made, before `__slots__` were added, so that setting an attribute that is not a
    field fails with the same TypeError from `super()`."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name in self.__dataclass_fields__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__dataclass_fields__, state, strict=False):
        object.__setattr__(self, name, value)


def _slots_of(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


# --------------------------------------------------------------------------- spans and names


@frozen
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


@frozen
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


@frozen
class Event:
    """Base of every event. `span` covers the event's text in the source."""

    span: Span = field(compare=False, repr=False)

    @property
    def kind(self) -> str:
        return _KIND_NAMES[type(self)]


@frozen
class Action(Event):
    """An event done by a player: `actor` is None for the player whose turn it is."""

    actor: Ref | None


# --------------------------------------------------------------------------- trivia


@frozen
class Comment(Event):
    """A comment, kept so that the formatter never loses what the writer wrote.

    `inline` is True for `{ ... }` comments, False for `; ...` comments to the end of a line.
    `text` is the comment exactly as written, without its delimiters (a `;` comment loses only
    its trailing blanks).
    """

    text: str
    inline: bool


@frozen
class BlankLine(Event):
    """One or more empty lines that separate blocks of a record (kept as one)."""


# --------------------------------------------------------------------------- header


@frozen
class Tag(Event):
    """A PGN-style tag pair: `[Key "value"]`."""

    key: str
    value: str


@frozen
class Holding:
    """A deed in a starting position: `houses` 0-4, `hotel`, `mortgaged`."""

    square: Ref
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class SetupPlayer(Event):
    """A player's starting position. Fields left None keep the edition's defaults."""

    player: Ref
    cash: int | None
    position: Ref | None
    holdings: tuple[Holding, ...]
    cards: tuple[Ref | None, ...]
    jail_turns: int | None


@frozen
class SetupBank(Event):
    """The bank's building stock in a starting position."""

    houses: int | None
    hotels: int | None


@frozen
class SetupDeck(Event):
    """The known order of a deck from the top, by card id or title."""

    cards: tuple[Ref, ...]


@frozen
class SetupNext(Event):
    """Whose turn comes first in a record that starts mid-game."""

    player: Ref


# --------------------------------------------------------------------------- turns


@frozen
class TurnStart(Event):
    """`12. Ann`: turn number 12 begins, and it is Ann's."""

    number: int
    player: Ref


@frozen
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


@frozen
class Move(Action):
    """`-> Square`: the token moved to a square other than by a roll (a card, say)."""

    square: Ref


@frozen
class Salary(Action):
    """The GO salary collected."""

    amount: int | None


@frozen
class Buy(Action):
    """The lander buys the unowned property at the list price."""

    amount: int | None


@frozen
class Decline(Action):
    """The lander declines to buy; an auction follows."""


@frozen
class Bid:
    """One bid in an auction."""

    player: Ref
    amount: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


LotKind = Literal["square", "house", "hotel", "pending"]


@frozen
class Auction(Action):
    """An auction: of a square (`lot`), of a house or hotel in a shortage, or, with no lot
    written, of the property the lander just declined (`lot_kind == "pending"`).

    `winner` and `price` are None when nobody bid.
    """

    lot_kind: LotKind
    lot: Ref | None
    bids: tuple[Bid, ...]
    winner: Ref | None
    price: int | None


@frozen
class Rent(Action):
    """Rent paid by the lander; amount and payee are checked when written."""

    amount: int | None
    payee: Ref | None


@frozen
class RentUnclaimed(Action):
    """The owner failed to ask for the rent in time, so none was paid."""

    payee: Ref | None


@frozen
class Tax(Action):
    """A tax paid. `percent` is set when the player chose the percentage option."""

    percent: int | None
    amount: int | None


@frozen
class CardDraw(Action):
    """A card drawn, by id (`CH07`) or title; `amount` is the money it moved, when written."""

    card: Ref
    amount: int | None


@frozen
class Dice(Action):
    """A throw of the dice that moves nothing (the nearest-utility card's throw)."""

    die1: int
    die2: int

    @property
    def total(self) -> int:
        return self.die1 + self.die2


@frozen
class GoToJail(Action):
    """The player is sent to jail."""


@frozen
class PayFine(Action):
    """The jail fine paid to leave jail."""

    amount: int | None


@frozen
class UseJailCard(Action):
    """A Get Out of Jail Free card used (optionally which one)."""

    card: Ref | None


@frozen
class BuildItem:
    """A site and what is built on or sold from it: `houses` houses, or a hotel."""

    square: Ref
    houses: int
    hotel: bool
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Build(Action):
    """Houses or hotels bought from the bank."""

    items: tuple[BuildItem, ...]
    amount: int | None


@frozen
class Sell(Action):
    """Houses or hotels sold back to the bank."""

    items: tuple[BuildItem, ...]
    amount: int | None


@frozen
class Mortgage(Action):
    """Properties mortgaged to the bank."""

    squares: tuple[Ref, ...]
    amount: int | None


@frozen
class Unmortgage(Action):
    """Mortgages lifted (mortgage value plus interest)."""

    squares: tuple[Ref, ...]
    amount: int | None


@frozen
class Interest(Action):
    """The 10% interest paid on a mortgaged property received, keeping it mortgaged."""

    squares: tuple[Ref, ...]
    amount: int | None


@frozen
class Pay(Action):
    """A payment of cash to a player (`to` set) or to the bank (`to` None)."""

    amount: int
    to: Ref | None


@frozen
class Bankrupt(Action):
    """The player goes bankrupt to a creditor player, or to the bank (`creditor` None)."""

    creditor: Ref | None


@frozen
class Resign(Action):
    """The player leaves the game."""


@frozen
class TimeCalled(Action):
    """Time is called in a time-limit game."""


@frozen
class GameEnd(Action):
    """The game ends here."""


@frozen
class CashCheck(Action):
    """`=1320` or `=Ben 880`: the writer's note of a player's cash at this point.

    `player` is None for the actor of the line.
    """

    player: Ref | None
    amount: int


@frozen
class Dispute(Action):
    """The line is marked as disputed at the table, with the ruling given (free text)."""

    ruling: str | None


@frozen
class DealItem:
    """One thing handed over in a deal: a deed, cash, or a Get Out of Jail Free card."""

    kind: Literal["square", "cash", "card"]
    square: Ref | None = None
    amount: int | None = None
    card: Ref | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class DealSide:
    """What one party gives in a deal."""

    player: Ref
    gives: tuple[DealItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
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
    GoToJail: "jail",
    PayFine: "fine",
    UseJailCard: "jail-card",
    Build: "build",
    Sell: "sell",
    Mortgage: "mortgage",
    Unmortgage: "unmortgage",
    Interest: "interest",
    Pay: "pay",
    Bankrupt: "bankrupt",
    Resign: "resign",
    TimeCalled: "time",
    GameEnd: "end",
    CashCheck: "check",
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
