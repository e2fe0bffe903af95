"""Bases for the engine's private record classes, written out instead of made by `@dataclass`.

`@dataclass` builds its class when the module is imported, compiling the methods it generates
afresh in every process; over the engine's many small bookkeeping records (dues, lots, debts,
quotes ...) that was a measurable share of monolog's start-up. A class built on these bases
names its fields, in order, in `__match_args__` (as a dataclass does), takes them as its
`__slots__`, and writes its own `__init__` (the same parameters, in the same order, with the
same defaults, a dataclass would take). The base gives what the dataclass gave besides:

- `Plain`: `repr` as `Name(field=value, ...)`, equality field by field with an instance of the
  very same class only, and no hash (a mutable record);
- `Frozen`: a `Plain` whose fields cannot be set or deleted once `__init__` is done
  (`dataclasses.FrozenInstanceError`), hashed by its field values and pickled through them.

The engine's public shapes (`GameState` and the states it holds, `Transfer`, `Replay`) stay
dataclasses, so that `dataclasses.fields`, `replace` and `asdict` read them as before, but are
declared `@dataclass(init=False, repr=False, eq=False, slots=True)` on these bases (frozen ones
with `frozen=True` too): the decorator then only records their fields, and compiles nothing for
`__init__`, `__repr__`, `__eq__` or `__hash__`.

A field made fresh for each instance (a dataclass's `default_factory`) takes `FRESH` as its
default in `__init__`, so that an explicit None stays None, as it did.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from reprlib import recursive_repr
from typing import Any


class _Fresh:
    """The default of a field made fresh for each instance; shown as `dataclasses` shows it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


FRESH: Any = _Fresh()


class Plain:
    """A mutable record: its fields are its `__match_args__`, in order (set by `@dataclass` on
    a class it makes, written out on one it does not)."""

    __match_args__: tuple[str, ...] = ()
    __slots__ = ()

    @recursive_repr()
    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{self.__class__.__qualname__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return _values(self) == _values(other)
        return NotImplemented

    # defining __eq__ leaves the class unhashable (__hash__ None), as a dataclass with eq is


class Frozen(Plain):
    """An immutable record: `__init__` sets its fields with `object.__setattr__`."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(_values(self))

    def __getstate__(self) -> list[Any]:
        return [getattr(self, name) for name in self.__match_args__]

    def __setstate__(self, state: list[Any]) -> None:
        for name, value in zip(self.__match_args__, state, strict=False):
            object.__setattr__(self, name, value)


def _values(record: Plain) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in record.__match_args__)
