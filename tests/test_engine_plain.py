"""The engine's private records (engine/plain.py) behave as the dataclasses they stand for.

Each record class names its fields in `__match_args__` and writes its `__init__` by hand; a
field added to one and not the other would drop out of `repr` and of equality unnoticed.
Their behaviour is compared with a dataclass made from the same fields.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

import monolog.engine  # noqa: F401  (every engine module, so every record class, is loaded)
from monolog.engine.plain import Frozen, Plain
from monolog.notation.events import Span


def _records() -> list[type[Plain]]:
    found: list[type[Plain]] = []
    pending: list[type[Plain]] = [Plain]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            pending.append(sub)
            if sub is not Frozen:
                found.append(sub)
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


RECORDS = _records()


def _twin(cls: type[Plain]) -> Any:
    """A dataclass with the same fields, defaults and freezing as `cls`."""
    fields: list[tuple[str, Any, Any]] = []
    for param in inspect.signature(cls).parameters.values():
        if param.default is inspect.Parameter.empty:
            fields.append((param.name, Any, dataclasses.field()))
        elif param.default is None and param.annotation.startswith(("list[", "dict[")):
            factory = list if param.annotation.startswith("list[") else dict
            fields.append((param.name, Any, dataclasses.field(default_factory=factory)))
        else:
            fields.append((param.name, Any, dataclasses.field(default=param.default)))
    frozen = issubclass(cls, Frozen)
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=frozen, slots=True)


def _required(cls: type[Plain]) -> dict[str, Any]:
    return {
        p.name: Span(1, 2, 3, 4) if p.name == "span" else f"<{p.name}>"
        for p in inspect.signature(cls).parameters.values()
        if p.default is inspect.Parameter.empty
    }


def test_every_record_module_is_covered() -> None:
    modules = {cls.__module__ for cls in RECORDS}
    assert {"monolog.engine.obligations", "monolog.engine.game", "monolog.engine.rent"} <= modules


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_fields_are_the_init_parameters_in_order(cls: type[Plain]) -> None:
    params = list(inspect.signature(cls).parameters)
    assert list(cls.__match_args__) == params
    assert cls.__slots__ == cls.__match_args__
    assert not hasattr(cls(**_required(cls)), "__dict__")


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_behaves_as_its_dataclass_twin(cls: type[Plain]) -> None:
    twin = _twin(cls)
    args = _required(cls)
    mine, theirs = cls(**args), twin(**args)
    assert repr(mine) == repr(theirs).replace(twin.__qualname__, cls.__qualname__, 1)
    assert mine == cls(**args)
    assert mine != theirs
    first = next(iter(args), None)
    if first is not None:
        assert mine != cls(**{**args, first: "<other>"})
    for fresh in dataclasses.fields(twin):
        if fresh.default_factory is not dataclasses.MISSING:
            assert getattr(mine, fresh.name) == getattr(theirs, fresh.name)
            assert getattr(mine, fresh.name) is not getattr(cls(**args), fresh.name)
    assert repr(copy.deepcopy(mine)) == repr(mine)
    assert pickle.loads(pickle.dumps(mine)) == mine
    if issubclass(cls, Frozen):
        assert hash(mine) == hash(cls(**args)) == hash(theirs)
        name = cls.__match_args__[0]
        with pytest.raises(
            dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"
        ):
            setattr(mine, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(mine, name)
    else:
        with pytest.raises(TypeError, match="unhashable"):
            hash(mine)
