"""`dataclass(frozen=True, slots=True)` for classes made on every start-up, without compiling.

The standard decorator writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__` out as source text and compiles it: about half a millisecond a
class, and every run of monolog makes the edition classes before it can read a cached edition.
Here the class takes its fields, `__match_args__` and slots from `dataclasses` itself (none of
which is compiled), and methods that read the field names instead of being written for them;
they behave as the generated ones do (same comparisons, hashes, reprs, refusals to assign, and
the same pickled state). Only `__init__` is the generated one, made by `dataclasses` the first
time an instance is made: a process that only unpickles cached editions never makes one.

Type checkers are shown `dataclasses.dataclass` itself (see model.py), so they check these
classes exactly as they would check the standard ones. Only introspection can tell the two
apart: `__dataclass_params__` names the methods as not generated, `__init__` takes any
arguments until the first instance is made, and setting an attribute that is not a field
raises FrozenInstanceError where the standard class's raises TypeError. Cached editions are
pickled with this module's state methods; the cache's key covers this module (cache.py).
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")


def dataclass(*, frozen: bool, slots: bool) -> Callable[[type[T]], type[T]]:
    """The class maker for `@dataclass(frozen=True, slots=True)`, the only form supported."""
    if not (frozen and slots):
        raise TypeError("only frozen, slotted dataclasses are made here")
    return _make


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the named fields of an instance, as the generated methods build it."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _make(cls: type[T]) -> type[T]:
    if not cls.__dict__.get("__doc__"):  # the standard decorator writes one from __init__
        raise TypeError(f"{cls.__qualname__} needs a docstring")
    if hasattr(cls, "__post_init__"):  # the generated __init__ below would not call it
        raise TypeError(f"{cls.__qualname__}: __post_init__ is not supported here")
    made: Any = dataclasses.dataclass(init=False, repr=False, eq=False, slots=True)(cls)
    fields = dataclasses.fields(made)
    names = tuple(f.name for f in fields)
    shown = tuple(f.name for f in fields if f.repr)
    compared = _getter(tuple(f.name for f in fields if f.compare))
    hashed = _getter(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
    state = _getter(names)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        _generated_init(made)(self, *args, **kwargs)

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        body = ", ".join([f"{name}={getattr(self, name)!r}" for name in shown])
        return f"{self.__class__.__qualname__}({body})"

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is made or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

    def __getstate__(self: Any) -> list[Any]:
        return list(state(self))

    def __setstate__(self: Any, values: list[Any]) -> None:
        for name, value in zip(names, values, strict=False):
            object.__setattr__(self, name, value)

    for method in (
        __init__,
        __repr__,
        __eq__,
        __hash__,
        __setattr__,
        __delattr__,
        __getstate__,
        __setstate__,
    ):
        method.__qualname__ = f"{made.__qualname__}.{method.__name__}"
        setattr(made, method.__name__, method)
    return made  # type: ignore[no-any-return]


def _generated_init(cls: Any) -> Callable[..., None]:
    """The `__init__` the standard decorator writes for `cls`, put in place of the stand-in."""
    shadow: dict[str, Any] = {
        "__module__": cls.__module__,
        "__qualname__": cls.__qualname__,
        "__annotations__": {},
    }
    for f in dataclasses.fields(cls):
        shadow["__annotations__"][f.name] = f.type
        shadow[f.name] = dataclasses.field(
            default=f.default,
            default_factory=f.default_factory,
            init=f.init,
            kw_only=f.kw_only,
        )
    made: Any = dataclasses.dataclass(frozen=True, repr=False, eq=False)(
        type(cls.__name__, (), shadow)
    )
    init: Callable[..., None] = made.__init__
    setattr(cls, "__init__", init)  # noqa: B010 - mypy refuses assigning to a method
    return init
