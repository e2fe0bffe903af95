"""The event classes behave exactly as `@dataclass(frozen=True, slots=True)` classes.

`monolog.notation.events` makes its classes with the `frozen` decorator of monolog/records.py,
which is much cheaper to import than the standard one. These tests hold every class to a
reference: the
same module source executed with `@frozen` replaced by the standard decorator, so each class
is compared with what the standard library makes of the very same fields. Constructors
(positional, keyword, defaults, the messages of a wrong call, the signature), equality and
hashing (spans left out), repr, `__match_args__`, `__slots__`, the frozen guard, pickling and
copying, and `dataclasses.fields()` / `replace()` / `asdict()` must all agree.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from monolog.notation import events as ev
from monolog.notation.events import (
    Bid,
    BuildItem,
    DealItem,
    DealSide,
    Holding,
    Ref,
    Span,
)

_MARK = "\n@frozen\n"
_STANDARD = "\n@dataclasses.dataclass(frozen=True, slots=True)\n"


def _classes(module: ModuleType) -> dict[str, type]:
    return {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, type) and value.__module__ == module.__name__
    }


def _reference() -> ModuleType:
    """events.py as it reads, every class made by `dataclasses.dataclass` instead."""
    source = Path(ev.__file__).read_text(encoding="utf-8")
    module = ModuleType("monolog_events_by_dataclass")
    module.__package__ = ev.__package__  # for the module's relative imports
    module.dataclasses = dataclasses  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module  # dataclass and pickle look the module up
    code = compile(source.replace(_MARK, _STANDARD), "<events by dataclass>", "exec")
    exec(code, module.__dict__)
    return module


REF = _reference()
OURS = _classes(ev)
THEIRS = _classes(REF)
NAMES = sorted(OURS)

# Python 3.10's dataclasses repeat a base class's slots in a subclass and leave the first
# class's `__weakref__` descriptor on the class with slots; from 3.11 on they do neither, as here
SLOTS_AS_SINCE_3_11 = sys.version_info >= (3, 11)

S1 = Span(1, 1, 1, 9)
S2 = Span(2, 3, 2, 7)

# two different values for each annotation the classes use (an optional one: a value, None)
_SAMPLES: dict[str, tuple[Any, Any]] = {
    "int": (3, 4),
    "str": ("Ann", "Ben"),
    "bool": (True, False),
    "Span": (S1, S2),
    "RefKind": ("quoted", "number"),
    "LotKind": ("house", "pending"),
    "Literal['square', 'cash', 'card']": ("cash", "card"),
    "Ref": (Ref("Boardwalk"), Ref("12", "number", S1)),
    "DealSide": (
        DealSide(Ref("Ann"), (DealItem("cash", amount=10),)),
        DealSide(Ref("Ben"), ()),
    ),
    "tuple[Ref, ...]": ((Ref("Oriental Avenue"), Ref("CH07")), ()),
    "tuple[Ref | None, ...]": ((None, Ref("CC05")), (Ref("CH01"),)),
    "tuple[Holding, ...]": ((Holding(Ref("Boardwalk"), 2, mortgaged=False),), ()),
    "tuple[Bid, ...]": ((Bid(Ref("Ann"), 10), Bid(Ref("Ben"), 20, S2)), ()),
    "tuple[BuildItem, ...]": ((BuildItem(Ref("Park Place"), 1, False),), ()),
    "tuple[DealItem, ...]": ((DealItem("square", square=Ref("Boardwalk")),), ()),
}


def _sample(annotation: str, variant: int) -> Any:
    if annotation.endswith(" | None"):
        return (_SAMPLES[annotation.removesuffix(" | None")][0], None)[variant]
    return _SAMPLES[annotation][variant]


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)  # type: ignore[arg-type]


def _values(cls: type, variant: int = 0) -> list[Any]:
    return [_sample(f.type, variant) for f in _fields(cls)]  # type: ignore[arg-type]


def _outcome(action: Callable[[], Any]) -> tuple[str, str]:
    """What an action gives, as text: its result's repr or its exception's type and message."""
    try:
        return ("ok", repr(action()))
    except Exception as error:
        return (type(error).__name__, str(error))


def _normal(reduced: Any, ours: type, theirs: type) -> Any:
    """A `__reduce_ex__` result with either class put as the same marker."""
    if reduced is ours or reduced is theirs:
        return "<the class>"
    if isinstance(reduced, tuple | list):
        return type(reduced)(_normal(x, ours, theirs) for x in reduced)
    return reduced


def test_every_class_is_made_by_frozen_and_compared() -> None:
    source = Path(ev.__file__).read_text(encoding="utf-8")
    assert source.count(_MARK) == len(OURS) == len(THEIRS)
    assert set(THEIRS) == set(OURS)
    for name in NAMES:
        assert dataclasses.is_dataclass(OURS[name]), name
        assert dataclasses.is_dataclass(THEIRS[name]), name
        assert OURS[name] is not THEIRS[name]
    assert set(ev.EVENT_TYPES) <= set(OURS.values())


@pytest.mark.parametrize("name", NAMES)
def test_class_shape(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    assert type(ours) is type(theirs)
    if SLOTS_AS_SINCE_3_11:
        assert sorted(vars(ours)) == sorted(vars(theirs))
        assert ours.__slots__ == theirs.__slots__  # type: ignore[attr-defined]
    assert ours.__match_args__ == theirs.__match_args__  # type: ignore[attr-defined]
    assert ours.__qualname__ == theirs.__qualname__
    assert ours.__doc__ == theirs.__doc__
    assert [b.__name__ for b in ours.__mro__] == [b.__name__ for b in theirs.__mro__]
    assert repr(ours.__dataclass_params__) == repr(theirs.__dataclass_params__)  # type: ignore[attr-defined]
    assert ours.__hash__ is not None
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert ours.__init__.__annotations__ == theirs.__init__.__annotations__  # type: ignore[misc]
    assert ours.__init__.__qualname__ == theirs.__init__.__qualname__  # type: ignore[misc]
    assert ours.__init__.__module__ == ev.__name__  # type: ignore[misc]


@pytest.mark.parametrize("name", NAMES)
def test_fields(name: str) -> None:
    attributes = ("name", "type", "default_factory", "init", "repr", "hash", "compare")
    attributes += ("metadata", "kw_only", "_field_type")
    ours, theirs = _fields(OURS[name]), _fields(THEIRS[name])
    assert len(ours) == len(theirs)
    for mine, reference in zip(ours, theirs, strict=True):
        for attribute in attributes:
            assert getattr(mine, attribute) == getattr(reference, attribute), attribute
        # the defaults are equal values; NO_SPAN is each module's own
        assert repr(mine.default) == repr(reference.default)


@pytest.mark.parametrize("name", NAMES)
def test_construction_repr_and_defaults(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    fields = _fields(ours)
    for variant in (0, 1):
        values = _values(ours, variant)
        a, r = ours(*values), theirs(*values)
        assert repr(a) == repr(r)
        keywords = {f.name: v for f, v in zip(fields, values, strict=True)}
        assert repr(ours(**keywords)) == repr(a)
        assert ours(**keywords) == a
        for f, value in zip(fields, values, strict=True):
            assert getattr(a, f.name) is value
    required = [_sample(f.type, 0) for f in fields if f.default is dataclasses.MISSING]  # type: ignore[arg-type]
    a, r = ours(*required), theirs(*required)
    for f in fields:
        assert repr(getattr(a, f.name)) == repr(getattr(r, f.name)), f.name
    assert repr(a) == repr(r)


@pytest.mark.parametrize("name", NAMES)
def test_wrong_calls_fail_alike(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    values = _values(ours)
    first = _fields(ours)[0].name
    calls: list[Callable[[type], Any]] = [
        lambda c: c(),
        lambda c: c(*values[:-1]),
        lambda c: c(*values, 1),
        lambda c: c(*values, bogus=1),
        lambda c: c(*values, **{first: values[0]}),
        lambda c: c(*values[1:]),
    ]
    for call in calls:
        assert _outcome(lambda call=call: call(ours)) == _outcome(lambda call=call: call(theirs))


@pytest.mark.parametrize("name", NAMES)
def test_equality_and_hash_leave_spans_out(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    fields = _fields(ours)
    values, others = _values(ours, 0), _values(ours, 1)
    for cls in (ours, theirs):
        assert (cls(*values) == cls(*values)) is True
        assert cls.__eq__(cls(*values), object()) is NotImplemented
    assert hash(ours(*values)) == hash(theirs(*values))
    assert (ours(*values) == theirs(*values)) is False  # another class never compares equal
    for i, f in enumerate(fields):
        changed = [*values[:i], others[i], *values[i + 1 :]]
        for cls in (ours, theirs):
            a, b = cls(*values), cls(*changed)
            assert (a == b) is (not f.compare), f.name
            assert (a != b) is f.compare, f.name
            if not f.compare:
                assert hash(a) == hash(b)
        assert hash(ours(*changed)) == hash(theirs(*changed))


def test_an_instance_of_a_subclass_is_never_equal() -> None:
    pairs = 0
    for name in NAMES:
        for sub in NAMES:
            ours, theirs = OURS[name], THEIRS[name]
            if sub == name or not issubclass(OURS[sub], ours):
                continue
            values = _values(ours)
            if len(_fields(OURS[sub])) != len(values):
                continue
            pairs += 1
            for base, derived in ((ours, OURS[sub]), (theirs, THEIRS[sub])):
                assert (base(*values) == derived(*values)) is False, (name, sub)
                assert (derived(*values) == base(*values)) is False, (name, sub)
    assert pairs  # Event and BlankLine, Action and Decline …


@pytest.mark.parametrize("name", NAMES)
def test_frozen_and_slotted(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    values = _values(ours)
    a, r = ours(*values), theirs(*values)
    for f in _fields(ours):
        outcome = _outcome(lambda f=f: setattr(a, f.name, None))
        assert outcome[0] == "FrozenInstanceError"
        assert outcome == _outcome(lambda f=f: setattr(r, f.name, None))
        assert _outcome(lambda f=f: delattr(a, f.name)) == _outcome(lambda f=f: delattr(r, f.name))
        assert getattr(a, f.name) is getattr(r, f.name)
    for attribute in ("bogus", "__dict__", "__weakref__")[: 3 if SLOTS_AS_SINCE_3_11 else 2]:
        assert _outcome(lambda at=attribute: setattr(a, at, 1)) == _outcome(
            lambda at=attribute: setattr(r, at, 1)
        )
        assert _outcome(lambda at=attribute: delattr(a, at)) == _outcome(
            lambda at=attribute: delattr(r, at)
        )
        assert hasattr(a, attribute) is hasattr(r, attribute) is False
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(a, _fields(ours)[0].name, None)


@pytest.mark.parametrize("name", NAMES)
def test_pickling_and_copying(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    values = _values(ours)
    a, r = ours(*values), theirs(*values)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(a, protocol))
        assert type(back) is ours
        assert back == a
        assert repr(back) == repr(a)
        assert getattr(back, "span", None) == getattr(a, "span", None)
        assert _normal(a.__reduce_ex__(protocol), ours, theirs) == _normal(
            r.__reduce_ex__(protocol), ours, theirs
        )
    for made in (copy.copy(a), copy.deepcopy(a)):
        assert type(made) is ours
        assert made == a
        assert getattr(made, "span", None) == getattr(a, "span", None)


@pytest.mark.parametrize("name", NAMES)
def test_dataclasses_functions(name: str) -> None:
    ours, theirs = OURS[name], THEIRS[name]
    fields = _fields(ours)
    values, others = _values(ours, 0), _values(ours, 1)
    a, r = ours(*values), theirs(*values)
    assert dataclasses.asdict(a) == dataclasses.asdict(r)  # type: ignore[call-overload]
    assert dataclasses.astuple(a) == dataclasses.astuple(r)  # type: ignore[call-overload]
    for f, other in zip(fields, others, strict=True):
        moved = dataclasses.replace(a, **{f.name: other})  # type: ignore[type-var]
        reference = dataclasses.replace(r, **{f.name: other})  # type: ignore[type-var]
        assert type(moved) is ours
        assert repr(moved) == repr(reference)
        assert getattr(moved, f.name) is other
    assert _outcome(lambda: dataclasses.replace(a, bogus=1)) == _outcome(  # type: ignore[type-var]
        lambda: dataclasses.replace(r, bogus=1)  # type: ignore[type-var]
    )


def test_to_data_follows_the_fields() -> None:
    parts = [c for c in OURS.values() if not issubclass(c, ev.Event) and c not in (Span, Ref)]
    for cls in [*ev.EVENT_TYPES, *parts]:
        name = cls.__name__
        data = ev.to_data(cls(*_values(cls)))
        names = [f.name for f in _fields(cls)]
        assert list(data) == (["kind", *names] if issubclass(cls, ev.Event) else names), name


def test_a_value_that_holds_itself_shows_as_dots() -> None:
    made = []
    for cls in (ev.Tag, THEIRS["Tag"]):
        tag = cls(S1, "Event", "x")
        object.__setattr__(tag, "value", tag)
        made.append(repr(tag))
    assert made[0] == made[1] == "Tag(key='Event', value=...)"


def test_a_dataclass_made_from_an_event_class() -> None:
    def sub(base: type, frozen_: bool) -> tuple[str, str]:
        body = {"__annotations__": {"note": "str"}, "note": "x", "__module__": __name__}
        made = type("Noted", (base,), body)
        decorate = dataclasses.dataclass(frozen=frozen_, slots=True)
        return _outcome(lambda: decorate(made)(S1, "Event", "y"))

    for frozen_ in (True, False):
        assert sub(ev.Tag, frozen_) == sub(THEIRS["Tag"], frozen_)
    assert sub(ev.Tag, True)[1] == "Noted(key='Event', value='y', note='x')"


def test_match_uses_the_fields_in_order() -> None:
    roll = ev.Roll(S1, None, 3, 4, Ref("Go"))
    match roll:
        case ev.Roll(_, None, d1, d2, square):
            assert (d1, d2, square) == (3, 4, Ref("Go"))
        case _:
            pytest.fail("the class pattern did not match")
