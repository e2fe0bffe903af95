"""What monolog/records.py itself makes, refuses and shares, apart from the classes made with it.

The event, edition, engine and findings classes are each held to the standard decorator's make
of the same fields by their own tests (test_event_classes.py, test_edition_classes.py,
test_record_classes.py). Here: what `frozen` refuses rather than half makes, default factories,
the `__init__` made on first use, and the methods the decorator shares with the `Record` and
`FrozenRecord` bases.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
from types import FunctionType
from typing import Any

import pytest

from monolog.records import FRESH, FrozenRecord, Record, frozen


def _make(body: dict[str, Any], bases: tuple[type, ...] = ()) -> type:
    return frozen(type("Odd", bases, {"__module__": __name__, **body}))


def _standard(body: dict[str, Any]) -> Any:
    made = type("Odd", (), {"__module__": __name__, **body})
    return dataclasses.dataclass(frozen=True, slots=True)(made)


def _outcome(action: Any) -> tuple[str, str]:
    """What an action gives, as text: its result's repr or its exception's type and message."""
    try:
        return ("ok", repr(action()))
    except Exception as error:
        return (type(error).__name__, str(error))


# --------------------------------------------------------------------------- what frozen refuses


class _Checked:
    """A class that checks itself after __init__ (the made __init__ would not call it)."""

    x: int

    def __post_init__(self) -> None:
        pass


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            {"__annotations__": {"x": "int"}, "x": dataclasses.field(default=0, init=False)},
            TypeError,
        ),
        (
            {"__annotations__": {"x": "int"}, "x": dataclasses.field(default=0, kw_only=True)},
            TypeError,
        ),
        ({"__annotations__": {"x": "ClassVar[int]"}, "x": 0}, TypeError),
        ({"__annotations__": {"x": "InitVar[int]"}}, TypeError),
        ({"__annotations__": {"x": "int", "y": "int"}, "x": 0}, TypeError),
        (
            {
                "__annotations__": {"x": "list[int]", "y": "int"},
                "x": dataclasses.field(default_factory=list),
            },
            TypeError,
        ),
        ({"__annotations__": {"x": "list[int]"}, "x": []}, ValueError),
        ({"__annotations__": {}, "x": dataclasses.field(default=0)}, TypeError),
        ({"__annotations__": {"x": "int"}, "__slots__": ("x",)}, TypeError),
        ({"__annotations__": {"x": "int"}, "__match_args__": ()}, TypeError),
        ({"__annotations__": {"x": "int"}, "__setattr__": lambda self, n, v: None}, TypeError),
        ({"__annotations__": {"x": "int"}, "__post_init__": lambda self: None}, TypeError),
    ],
)
def test_frozen_refuses_what_it_does_not_make(body: dict[str, Any], error: type) -> None:
    with pytest.raises(error):
        _make(body)


def test_frozen_refuses_an_inherited_post_init() -> None:
    with pytest.raises(TypeError, match="__post_init__"):
        _make({"__annotations__": {"y": "int"}}, (_Checked,))


def test_frozen_refuses_a_non_frozen_dataclass_base() -> None:
    @dataclasses.dataclass
    class Loose:
        x: int

    with pytest.raises(TypeError):
        _make({"__annotations__": {"y": "int"}}, (Loose,))


def test_frozen_keeps_an_explicit_hash_and_a_missing_docstring_like_dataclass() -> None:
    hashed = _make({"__annotations__": {"x": "int"}, "__hash__": lambda self: 7})
    assert hash(hashed(1)) == 7
    plain = _make({"__annotations__": {"x": "int"}, "x": 0})
    assert (
        plain.__doc__
        == "Odd(x: 'int' = 0)"
        == _standard({"__annotations__": {"x": "int"}, "x": 0}).__doc__
    )


def test_a_recursive_repr_stops() -> None:
    @frozen
    class Box:
        """A box that may hold itself."""

        items: list[Any]

    box = Box([])
    box.items.append(box)
    assert repr(box) == "test_a_recursive_repr_stops.<locals>.Box(items=[...])"
    assert repr(Box([Box([])])) == (
        "test_a_recursive_repr_stops.<locals>.Box("
        "items=[test_a_recursive_repr_stops.<locals>.Box(items=[])])"
    )


# --------------------------------------------------------------------------- default factories


def _factory_body() -> dict[str, Any]:
    return {
        "__doc__": "Fields made fresh for each instance, between others.",
        "__annotations__": {"key": "str", "tags": "list[str]", "size": "int", "seen": "dict"},
        "tags": dataclasses.field(default_factory=list),
        "size": 0,
        "seen": dataclasses.field(default_factory=dict, compare=False),
    }


def test_default_factories_as_the_standard_decorator_makes_them() -> None:
    ours, theirs = _make(_factory_body()), _standard(_factory_body())
    assert inspect.signature(ours) == inspect.signature(theirs)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert "<factory>" in str(inspect.signature(ours))
    first, second = ours("a"), ours("a")
    assert first.tags == [] and first.seen == {}
    assert first.tags is not second.tags and first.seen is not second.seen
    assert repr(first) == repr(theirs("a"))
    given: list[str] = ["x"]
    assert ours("a", given).tags is given
    assert ours("a", None).tags is None  # only the marker stands for "make one"
    assert ours("a", FRESH, 3).tags == []
    changed = dataclasses.replace(first, size=2)
    assert changed.tags is first.tags and changed.size == 2
    assert ours("a", ["x"], 1, {"y": 1}) == ours("a", ["x"], 1, {})  # `seen` does not compare
    for args, kwargs in (((), {}), (("a", [], 0, {}, 5), {}), (("a",), {"key": "b"})):
        assert _outcome(lambda a=args, k=kwargs: ours(*a, **k)) == _outcome(
            lambda a=args, k=kwargs: theirs(*a, **k)
        )
    for made, reference in zip(dataclasses.fields(ours), dataclasses.fields(theirs), strict=True):
        assert made.default_factory is reference.default_factory
        assert repr(made.default) == repr(reference.default)


# --------------------------------------------------------------------------- __init__ on first use


def test_init_is_made_on_first_use_and_then_kept() -> None:
    made = _make({"__doc__": "Documented.", "__annotations__": {"x": "int", "y": "str"}, "y": "b"})
    assert not isinstance(vars(made)["__init__"], FunctionType)
    unpickled: Any = object.__new__(made)  # what unpickling and copying do: no __init__
    unpickled.__setstate__([1, "a"])
    assert copy.deepcopy(unpickled).x == 1
    assert not isinstance(vars(made)["__init__"], FunctionType)
    assert str(inspect.signature(made)) == "(x: 'int', y: 'str' = 'b') -> None"
    init = vars(made)["__init__"]
    assert isinstance(init, FunctionType) and init.__qualname__ == "Odd.__init__"
    assert made(1, "a") == unpickled
    assert vars(made)["__init__"] is init


def test_init_made_on_first_instance() -> None:
    made = _make({"__annotations__": {"self": "int"}})  # a field named self, as dataclass allows
    assert made(3).self == 3 == made(self=3).self
    assert isinstance(vars(made)["__init__"], FunctionType)


# --------------------------------------------------------------------------- the shared methods


class _Written(FrozenRecord):
    """A frozen record that writes its own __init__."""

    __match_args__ = ("a", "b")
    __slots__ = __match_args__

    a: int
    b: str

    def __init__(self, a: int, b: str) -> None:
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)


class _Loose(Record):
    """A mutable record that writes its own __init__."""

    __match_args__ = ("a", "b")
    __slots__ = __match_args__

    def __init__(self, a: int, b: str) -> None:
        self.a = a
        self.b = b


@frozen
class _Made:
    """The same fields, made by the decorator."""

    a: int
    b: str


def test_written_and_made_records_show_compare_hash_and_pickle_alike() -> None:
    written, made, loose = _Written(1, "x"), _Made(1, "x"), _Loose(1, "x")
    assert repr(written) == "_Written(a=1, b='x')"
    assert repr(made) == "_Made(a=1, b='x')"
    assert repr(loose) == "_Loose(a=1, b='x')"
    assert hash(written) == hash(made) == hash((1, "x"))
    assert written == _Written(1, "x") and written != _Written(2, "x")
    assert loose == _Loose(1, "x") and loose != _Loose(1, "y")
    assert written.__eq__(made) is NotImplemented and (written == made) is False
    assert written.__getstate__() == made.__getstate__() == [1, "x"]
    with pytest.raises(TypeError, match="unhashable"):
        hash(loose)
    loose.a = 2
    assert loose.a == 2
    for record in (written, made):
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'a'"):
            record.a = 2  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'b'"):
            del record.b
    with pytest.raises(AttributeError):
        written.c = 3  # type: ignore[attr-defined]
    assert copy.deepcopy(written) == written and copy.copy(made) == made
    assert FrozenRecord.__setattr__.__qualname__ == "FrozenRecord.__setattr__"
