"""What `Game` keeps from one event to the next is named and typed: one object per module that
owns it (engine/core/pending_state.py), never a bag of string keys whose values are `Any`, where a
misspelt key or a value of the wrong type goes unseen by mypy."""

from __future__ import annotations

import dataclasses
import typing

from monolog.engine.core import pending_state
from monolog.engine.core.game import Game


def test_game_keeps_no_string_keyed_bag_of_anything() -> None:
    hints = typing.get_type_hints(Game)
    bags = [
        name
        for name, hint in hints.items()
        if typing.get_origin(hint) is dict and typing.Any in typing.get_args(hint)
    ]
    assert bags == []


def test_each_state_object_is_the_games_own() -> None:
    # every field typed by a class of pending_state is made afresh for each game: a replay and
    # another one (`monolog dispute`'s two sides, a pool's games) never share what they wait with
    owned = {
        f.name
        for f in dataclasses.fields(Game)
        if isinstance(f.type, str) and hasattr(pending_state, f.type)
    }
    assert {"follow", "record", "setup", "mortgages", "house_rules"} <= owned
    for name in owned:
        field = next(f for f in dataclasses.fields(Game) if f.name == name)
        assert field.default_factory is not dataclasses.MISSING, name
        assert field.default_factory() is not field.default_factory(), name
