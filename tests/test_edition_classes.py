"""The editions' classes, made by `frozen` (monolog/records.py), behave as the standard decorator's.

Each class is compared with a twin the standard decorator makes from the same fields: the same
constructor (signature, defaults, fresh default containers, argument errors), repr, equality,
hashing, refusal to assign or delete a field, pickled state, `dataclasses.fields`, `replace`
and `__match_args__`. The instances compared are the shipped editions' own, and the editions
kept between processes are keyed by the modules that make and pickle them.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import shutil
from pathlib import Path
from typing import Any

import pytest

from monolog import records
from monolog.editions import cache, list_editions, load_edition, load_readings
from monolog.editions.house_rules import HouseRule, load_house_rules
from monolog.editions.model import Assumption, Card, Deck, Edition, RuleParams, Square, Variant
from monolog.editions.readings import CFItem

CLASSES: list[type[Any]] = [
    Square,
    Card,
    Deck,
    RuleParams,
    Variant,
    Assumption,
    Edition,
    CFItem,
    HouseRule,
]


def _twin(cls: type[Any]) -> Any:
    """The class the standard decorator makes from `cls`'s fields."""
    specs = [
        (
            f.name,
            f.type,
            dataclasses.field(default=f.default, default_factory=f.default_factory),
        )
        for f in dataclasses.fields(cls)
    ]
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=True, slots=True)


def _values(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


def _instances() -> list[Any]:
    """Instances of every class, from every shipped edition, the readings and the house rules."""
    found: list[Any] = []
    for key in list_editions():
        edition = load_edition(key)
        found.append(edition)
        found.append(edition.rules)
        found.extend(edition.squares)
        for deck in edition.decks.values():
            found.append(deck)
            found.extend(deck.cards)
        found.extend(edition.variants.values())
        found.extend(edition.assumptions.values())
    found.extend(load_readings().values())
    found.extend(load_house_rules().values())
    return found


INSTANCES = _instances()


def test_every_class_has_instances() -> None:
    assert {type(obj) for obj in INSTANCES} == set(CLASSES)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_class_shape_is_the_standard_one(cls: type[Any]) -> None:
    twin = _twin(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    assert names == tuple(f.name for f in dataclasses.fields(twin))
    assert cls.__match_args__ == twin.__match_args__ == names
    assert cls.__slots__ == twin.__slots__
    assert dataclasses.is_dataclass(cls)
    assert cls.__doc__ and cls.__doc__.strip()
    example = next(obj for obj in INSTANCES if type(obj) is cls)
    assert not hasattr(example, "__dict__")
    assert inspect.signature(cls) == inspect.signature(twin)
    assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
    assert cls(**_values(example)) == example


def test_every_instance_behaves_as_its_twin() -> None:
    twins = {cls: _twin(cls) for cls in CLASSES}
    for obj in INSTANCES:
        cls = type(obj)
        values = _values(obj)
        theirs = twins[cls](**values)
        again = cls(**values)
        assert repr(obj) == repr(theirs) == repr(again)
        assert obj == again and (obj != again) is False
        assert obj != theirs and obj.__eq__(theirs) is NotImplemented
        assert obj.__getstate__() == theirs.__getstate__()
        try:
            expected: int | None = hash(theirs)
        except TypeError:
            expected = None
        if expected is None:
            with pytest.raises(TypeError, match="unhashable"):
                hash(obj)
        else:
            assert hash(obj) == hash(again) == expected
        kept = pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))
        assert type(kept) is cls and kept == obj  # (a set kept may list in another order)
        assert copy.deepcopy(obj) == obj
        assert dataclasses.asdict(obj) == dataclasses.asdict(theirs)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_fields_cannot_be_assigned_or_deleted(cls: type[Any]) -> None:
    obj = next(obj for obj in INSTANCES if type(obj) is cls)
    for f in dataclasses.fields(cls):
        before = getattr(obj, f.name)
        with pytest.raises(
            dataclasses.FrozenInstanceError, match=f"cannot assign to field '{f.name}'"
        ):
            setattr(obj, f.name, before)
        with pytest.raises(
            dataclasses.FrozenInstanceError, match=f"cannot delete field '{f.name}'"
        ):
            delattr(obj, f.name)
        assert getattr(obj, f.name) is before


def test_a_change_makes_an_unequal_instance() -> None:
    square = load_edition("us-2018").squares[1]
    moved = dataclasses.replace(square, price=square.price + 1)
    assert moved != square and moved.price == square.price + 1
    assert moved == dataclasses.replace(square, price=square.price + 1)
    assert hash(moved) != hash(square)
    assert dataclasses.replace(moved, price=square.price) == square


def test_constructor_defaults_and_argument_errors() -> None:
    twin = _twin(Variant)
    made, theirs = Variant("short", "Short game"), twin("short", "Short game")
    assert repr(made) == repr(theirs)
    assert made.rules == {} and made.rules is not Variant("short", "Short game").rules
    edition = load_edition("us-2018")
    bare = Edition("x", "X", "$", edition.squares, edition.groups, edition.decks)
    assert bare.rules == RuleParams() and bare.readings == {} and bare.variant == "standard"
    for args, kwargs in (((), {}), (("a", "b", {}, {}, (), "extra"), {}), (("a",), {"key": "b"})):
        with pytest.raises(TypeError) as ours:
            Variant(*args, **kwargs)
        with pytest.raises(TypeError) as standard:
            twin(*args, **kwargs)
        assert str(ours.value) == str(standard.value)


@pytest.mark.parametrize("name", ["records.py", "editions/model.py"])
def test_kept_editions_are_keyed_by_the_class_makers(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change to how the classes are made (records.py, the editions' modules) or pickled
    (records.py) never meets an older cached edition."""
    package = tmp_path / "monolog"
    copy_of = package / "editions"
    shutil.copytree(cache._HERE, copy_of, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(Path(records.__file__), package / "records.py")
    monkeypatch.setattr(cache, "_HERE", copy_of)
    cache._key.cache_clear()
    try:
        before = cache._key()
        assert before is not None
        with (package / name).open("a", encoding="utf-8") as out:
            out.write("\n")
        cache._key.cache_clear()
        assert cache._key() != before
    finally:
        cache._key.cache_clear()
