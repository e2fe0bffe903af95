"""The editions' classes: what the engine relies on.

The instances checked are the shipped editions' own, the readings' and the house rules'. They
cannot be changed once made, they pickle and copy to equal instances, a change made with
`replace` gives an unequal instance, and containers given by default are fresh for each
instance.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from monolog.editions import list_editions, load_edition, load_readings
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


def test_every_instance_pickles_and_copies_to_an_equal_one() -> None:
    for obj in INSTANCES:
        cls = type(obj)
        assert not hasattr(obj, "__dict__")
        assert cls(**_values(obj)) == obj
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            kept = pickle.loads(pickle.dumps(obj, protocol=protocol))
            assert type(kept) is cls and kept == obj  # (a set kept may list in another order)
        assert copy.deepcopy(obj) == obj


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_fields_cannot_be_assigned_or_deleted(cls: type[Any]) -> None:
    obj = next(obj for obj in INSTANCES if type(obj) is cls)
    for f in dataclasses.fields(cls):
        before = getattr(obj, f.name)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, f.name, before)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(obj, f.name)
        assert getattr(obj, f.name) is before


def test_a_change_makes_an_unequal_instance() -> None:
    square = load_edition("us-2018").squares[1]
    moved = dataclasses.replace(square, price=square.price + 1)
    assert moved != square and moved.price == square.price + 1
    assert moved == dataclasses.replace(square, price=square.price + 1)
    assert hash(moved) != hash(square)
    assert dataclasses.replace(moved, price=square.price) == square


def test_a_variant_changes_only_its_own_rules_and_readings() -> None:
    edition = load_edition("us-2018")
    assert edition.variants
    for key, variant in edition.variants.items():
        played = edition.with_variant(key)
        assert played.variant == key
        assert played.readings == {**edition.readings, **variant.readings}
        for name, value in _values(edition.rules).items():
            assert getattr(played.rules, name) == variant.rules.get(name, value)
        assert played.squares is edition.squares


def test_constructor_defaults_are_fresh() -> None:
    made = Variant("short", "Short game")
    assert made.rules == {} and made.rules is not Variant("short", "Short game").rules
    edition = load_edition("us-2018")
    bare = Edition("x", "X", "$", edition.squares, edition.groups, edition.decks)
    assert bare.rules == RuleParams() and bare.readings == {} and bare.variant == "standard"
    assert bare.readings is not Edition("x", "X", "$", (), {}, {}).readings
