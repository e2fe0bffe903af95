"""What the event classes promise the rest of monolog, for every class of the module.

Spans take no part in equality or hashing (two parses of differently laid-out text that say
the same thing are equal: the formatter's round-trip relies on it); an instance of another
class never compares equal; events cannot be changed once made; they pickle (`audit --jobs`
sends them between processes) and copy; `to_data` follows the fields; `match` reads the fields
in order.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
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

CLASSES = {
    name: value
    for name, value in vars(ev).items()
    if isinstance(value, type) and value.__module__ == ev.__name__
}
NAMES = sorted(CLASSES)

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
    "Literal['square', 'cash', 'card', 'promise']": ("cash", "promise"),
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


@pytest.mark.parametrize("name", NAMES)
def test_equality_and_hash_leave_spans_out(name: str) -> None:
    cls = CLASSES[name]
    fields = _fields(cls)
    values, others = _values(cls, 0), _values(cls, 1)
    assert (cls(*values) == cls(*values)) is True
    assert cls.__eq__(cls(*values), object()) is NotImplemented
    for i, f in enumerate(fields):
        changed = [*values[:i], others[i], *values[i + 1 :]]
        a, b = cls(*values), cls(*changed)
        assert (a == b) is (f.name == "span"), f.name
        if f.name == "span":
            assert hash(a) == hash(b)


def test_an_instance_of_a_subclass_is_never_equal() -> None:
    pairs = 0
    for name in NAMES:
        for sub in NAMES:
            base, derived = CLASSES[name], CLASSES[sub]
            if sub == name or not issubclass(derived, base):
                continue
            values = _values(base)
            if len(_fields(derived)) != len(values):
                continue
            pairs += 1
            assert (base(*values) == derived(*values)) is False, (name, sub)
            assert (derived(*values) == base(*values)) is False, (name, sub)
    assert pairs  # Event and BlankLine, Action and Decline …


@pytest.mark.parametrize("name", NAMES)
def test_frozen_and_slotted(name: str) -> None:
    cls = CLASSES[name]
    made = cls(*_values(cls))
    for f in _fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, f.name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, f.name)
    assert not hasattr(made, "__dict__")


@pytest.mark.parametrize("name", NAMES)
def test_pickling_and_copying(name: str) -> None:
    cls = CLASSES[name]
    made = cls(*_values(cls))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(made, protocol))
        assert type(back) is cls
        assert back == made
        assert repr(back) == repr(made)
        assert getattr(back, "span", None) == getattr(made, "span", None)
    for copied in (copy.copy(made), copy.deepcopy(made)):
        assert type(copied) is cls
        assert copied == made
        assert getattr(copied, "span", None) == getattr(made, "span", None)


def test_to_data_follows_the_fields() -> None:
    parts = [c for c in CLASSES.values() if not issubclass(c, ev.Event) and c not in (Span, Ref)]
    for cls in [*ev.EVENT_TYPES, *parts]:
        name = cls.__name__
        data = ev.to_data(cls(*_values(cls)))
        names = [f.name for f in _fields(cls)]
        assert list(data) == (["kind", *names] if issubclass(cls, ev.Event) else names), name


def test_match_uses_the_fields_in_order() -> None:
    roll = ev.Roll(S1, None, 3, 4, Ref("Go"))
    match roll:
        case ev.Roll(_, None, d1, d2, square):
            assert (d1, d2, square) == (3, 4, Ref("Go"))
        case _:
            pytest.fail("the class pattern did not match")
