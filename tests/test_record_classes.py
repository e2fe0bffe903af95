"""Record classes that write their own `__init__` behave as the dataclasses they stand for.

The engine's records and the findings' `Finding`, `GameReport` and `RunSummary` write their
`__init__` by hand and take repr, equality (and, frozen, hash, refusal to assign and pickling)
from the `Record` and `FrozenRecord` bases of monolog/records.py, which read the fields from
`__match_args__`: the private records name them there, the public ones (still dataclasses)
have `@dataclass` set it. A field added to one place and not another would drop out of `repr`
or of equality unnoticed. Each class's behaviour is compared with a dataclass made by the
standard decorator from the same fields.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
from typing import Any

import pytest

# every engine module, so every record class, is loaded (the invariants by a paranoid replay only)
import monolog.engine.invariants  # noqa: F401
from monolog.findings.model import Finding, Severity
from monolog.findings.render import GameReport, RunSummary
from monolog.notation.events import Span
from monolog.records import FRESH, FrozenRecord, Record


def _records() -> list[type[Record]]:
    found: list[type[Record]] = []
    pending: list[type[Record]] = [Record]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            pending.append(sub)
            # `@dataclass(slots=True)` makes its class anew: the one it started from is left
            module = sys.modules[sub.__module__]
            if sub is not FrozenRecord and getattr(module, sub.__name__, None) is sub:
                found.append(sub)
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


RECORDS = _records()
FINDINGS: list[type[Any]] = [Finding, GameReport, RunSummary]


def _frozen(cls: type[Any]) -> bool:
    if dataclasses.is_dataclass(cls):
        return bool(cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return issubclass(cls, FrozenRecord)


def _twin(cls: type[Any]) -> Any:
    """A dataclass with the same fields, defaults and freezing as `cls`."""
    fields: list[tuple[str, Any, Any]] = []
    frozen = _frozen(cls)
    if dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            spec = dataclasses.field(default=f.default, default_factory=f.default_factory)
            fields.append((f.name, Any, spec))
        slots = "__slots__" in cls.__dict__
        return dataclasses.make_dataclass(cls.__name__, fields, frozen=frozen, slots=slots)
    for param in inspect.signature(cls).parameters.values():
        if param.default is inspect.Parameter.empty:
            fields.append((param.name, Any, dataclasses.field()))
        elif param.default is FRESH:
            factory = list if param.annotation.startswith("list[") else dict
            fields.append((param.name, Any, dataclasses.field(default_factory=factory)))
        else:
            fields.append((param.name, Any, dataclasses.field(default=param.default)))
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=frozen, slots=True)


def _required(cls: type[Any]) -> dict[str, Any]:
    special: dict[str, Any] = {"span": Span(1, 2, 3, 4), "severity": Severity.ERROR}
    return {
        p.name: special.get(p.name, f"<{p.name}>")
        for p in inspect.signature(cls).parameters.values()
        if p.default is inspect.Parameter.empty
    }


def test_every_record_module_is_covered() -> None:
    modules = {cls.__module__ for cls in RECORDS}
    assert {"monolog.engine.obligations", "monolog.engine.game", "monolog.engine.rent"} <= modules
    assert {"monolog.engine.invariants", "monolog.findings.render"} <= modules
    public = {cls.__name__ for cls in RECORDS if dataclasses.is_dataclass(cls)}
    engine = {"DeckState", "DeedState", "GameState", "PlayerState", "Replay", "Transfer"}
    assert public == engine | {cls.__name__ for cls in FINDINGS}
    assert set(FINDINGS) <= set(RECORDS)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_fields_are_the_init_parameters_in_order(cls: type[Record]) -> None:
    params = list(inspect.signature(cls).parameters)
    assert list(cls.__match_args__) == params
    if dataclasses.is_dataclass(cls):
        assert [f.name for f in dataclasses.fields(cls)] == params
    if "__slots__" in cls.__dict__:
        assert tuple(cls.__slots__) == cls.__match_args__
        assert not hasattr(cls(**_required(cls)), "__dict__")


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__qualname__)
def test_behaves_as_its_dataclass_twin(cls: type[Any]) -> None:
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
    if dataclasses.is_dataclass(cls):
        assert dataclasses.asdict(mine) == dataclasses.asdict(theirs)
        assert dataclasses.replace(mine) == mine
    assert repr(copy.deepcopy(mine)) == repr(mine)
    assert pickle.loads(pickle.dumps(mine)) == mine
    if _frozen(cls):
        if cls is Finding:  # its data, a dict, makes it unhashable, as it does the twin
            for unhashable in (mine, theirs):
                with pytest.raises(TypeError, match="unhashable type: 'dict'"):
                    hash(unhashable)
            args = {**args, "data": None}
        assert hash(cls(**args)) == hash(cls(**args)) == hash(twin(**args))
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
