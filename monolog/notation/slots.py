"""Frozen, slotted dataclasses made without their `__init__`: see `maker`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar, cast

from .events import Span

__all__ = ["maker"]

_T = TypeVar("_T")
_SLOT = type(Span.__dict__["line"])  # a slot's descriptor (a member descriptor)


def maker(cls: type[_T]) -> Callable[..., _T]:
    """A constructor of the frozen, slotted dataclass `cls` taking every field in order: the
    object made bare and each field set through its slot, as the dataclass's own `__init__`
    sets them (`object.__setattr__`), without the call to the class and the `__init__` in
    between. Made for 3 to 5 fields, each taken by `__init__` in order and held in a slot; any
    other class, or one with a `__post_init__`, is built by the class itself. An object costs
    about a third less to make (Span(1, 2, 3, 4): 0.44 against 0.67 µs, timeit, under load),
    the parse of the 200 games of `run.py --quick` about a tenth (1.02-1.10 s against
    1.15-1.22 s of CPU, best of 3, three runs taking turns, under load); the events the line
    reader makes (notation/clausereader.py) are held to the builder's by
    tests/test_fastpath.py."""
    given = fields(cast(Any, cls))
    slots: list[Any] = [getattr(cls, f.name, None) for f in given]
    if (
        hasattr(cls, "__post_init__")
        or not 3 <= len(given) <= 5
        or any(not f.init or f.kw_only for f in given)
        or not all(isinstance(slot, _SLOT) for slot in slots)
    ):
        return cls
    setters = [slot.__set__ for slot in slots]
    new = object.__new__
    if len(setters) == 3:
        a, b, c = setters

        def make3(x: Any, y: Any, z: Any) -> Any:
            obj = new(cls)
            a(obj, x)
            b(obj, y)
            c(obj, z)
            return obj

        return make3
    if len(setters) == 4:
        a, b, c, d = setters

        def make4(w: Any, x: Any, y: Any, z: Any) -> Any:
            obj = new(cls)
            a(obj, w)
            b(obj, x)
            c(obj, y)
            d(obj, z)
            return obj

        return make4
    a, b, c, d, e = setters

    def make5(v: Any, w: Any, x: Any, y: Any, z: Any) -> Any:
        obj = new(cls)
        a(obj, v)
        b(obj, w)
        c(obj, x)
        d(obj, y)
        e(obj, z)
        return obj

    return make5
