"""Record classes (classes of named fields) made without compiling methods for each one.

`@dataclass(frozen=True, slots=True)` writes out the source of six methods for every class it
makes and compiles them, then makes the class a second time to give it `__slots__`: about half
a millisecond a class, paid at every start-up for the events, the editions' model and the
engine's records alike. Here every record class takes its methods from a few shared makers
(closures over its field names), and importing a module of record classes compiles nothing.

- `frozen` makes of a class what `@dataclass(frozen=True, slots=True)` makes of it, and type
  checkers are told so (`dataclass_transform`): the same `__init__`, `__repr__`, `__eq__` and
  `__hash__` (over the fields that compare), `__match_args__`, `__slots__` in place of a
  `__dict__`, `FrozenInstanceError` on assignment, the same pickled state, and what
  `dataclasses.fields()`, `replace()`, `asdict()` and `is_dataclass()` read.
- `Record` and `FrozenRecord` are bases for classes that write their own `__init__` and name
  their fields in `__match_args__` (or leave `@dataclass(init=False, repr=False, eq=False)` to
  name them): they give the repr and equality, and for `FrozenRecord` the hash, the refusal to
  assign and the pickled state, that a dataclass of the same fields has. Such an `__init__`
  takes `FRESH` as the default of a field made fresh for each instance (a default factory).

A record's fields are its `__match_args__`, in order, whichever way it was made.

Only the `__init__` that `frozen` gives is compiled, as it keeps its real signature (for keyword
calls, the messages of a wrong call and `inspect`): it is a copy of a template compiled once
per number of fields (and places of default factories), its argument names and the field-name
constants it assigns renamed to the class's own, and it is made the first time the class's
`__init__` is looked up, so that a process that only unpickles a class's instances (cached
editions) never makes one.

tests/test_records.py checks what this module makes and refuses; test_event_classes.py,
test_edition_classes.py and test_record_classes.py hold every record class to what the
standard decorator makes of the same fields.
"""

from __future__ import annotations

import dataclasses
import sys
from _thread import get_ident
from collections.abc import Callable, Collection, Iterable
from dataclasses import MISSING, Field, FrozenInstanceError, field
from operator import attrgetter
from types import CodeType, FunctionType, MethodType
from typing import Any, TypeVar

_T = TypeVar("_T")
_F = TypeVar("_F")

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # the marker is read by type checkers only

    def dataclass_transform(**_: Any) -> Callable[[_F], _F]:
        return lambda decorator: decorator


# The default `dataclasses` gives a field with a default factory in `__init__` (shown as
# `<factory>`); an `__init__` written out takes it for the same fields.
FRESH: Any = vars(dataclasses)["_HAS_DEFAULT_FACTORY"]

# the markers `dataclasses` itself looks for: `fields()`, `replace()` and `asdict()` take the
# fields whose `_field_type` is `_FIELD`; a dataclass made from one of these classes reads the
# parameters (frozen, with slots, all else by default)
_FIELD: Any = vars(dataclasses)["_FIELD"]
_PARAMS: Any = (
    vars(dataclasses)["_DataclassParams"](
        True, True, True, False, False, True, True, False, True, False
    )
    if sys.version_info >= (3, 12)
    else vars(dataclasses)["_DataclassParams"](True, True, True, False, False, True)
)
# what `copy.replace()` calls, from Python 3.13 on
_REPLACE: Any = vars(dataclasses).get("_replace")
# annotations that `dataclass` treats as something other than a field: refused here
_PSEUDO_FIELDS = frozenset({"ClassVar", "InitVar", "KW_ONLY"})

# --------------------------------------------------------------------------- shared methods

_GETTERS: dict[tuple[str, ...], Callable[[Any], tuple[Any, ...]]] = {}
_SHOWING: set[tuple[int, int]] = set()


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these attributes of an object, as the dataclass methods build it."""
    getter = _GETTERS.get(names)
    if getter is None:
        if len(names) > 1:
            getter = attrgetter(*names)
        elif names:
            one = attrgetter(names[0])
            getter = lambda obj: (one(obj),)  # noqa: E731
        else:
            getter = lambda obj: ()  # noqa: E731
        _GETTERS[names] = getter
    return getter


def _values(record: Any) -> tuple[Any, ...]:
    """A record's field values, its fields named by its `__match_args__`."""
    return _getter(record.__match_args__)(record)


def _field_names(record: Any) -> tuple[str, ...]:
    return record.__match_args__  # type: ignore[no-any-return]


def _show(record: Any, names: Iterable[str]) -> str:
    """`Name(field=value, ...)`; a record met again while it is being shown shows as `...`."""
    key = id(record), get_ident()
    if key in _SHOWING:
        return "..."
    _SHOWING.add(key)
    try:
        shown = ", ".join([f"{name}={getattr(record, name)!r}" for name in names])
        return f"{record.__class__.__qualname__}({shown})"
    finally:
        _SHOWING.discard(key)


def _eq(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], Any]:
    """Equality by `key` with an instance of the very same class only."""

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _guard(
    cls: Any, fields: Callable[[Any], Collection[str]]
) -> tuple[Callable[..., None], Callable[..., None]]:
    """`__setattr__` and `__delattr__` as a frozen dataclass has them: a field of the instance's
    class, or any attribute of an instance of `cls` itself, cannot be set or deleted; anything
    else is left to the base classes of `cls`."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in fields(self):
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in fields(self):
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _getstate(self: Any) -> list[Any]:
    """A frozen record's pickled state: its field values in order, as `dataclasses` gives it."""
    return [getattr(self, name) for name in self.__match_args__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__match_args__, state, strict=False):
        object.__setattr__(self, name, value)


def _owned(owner: str, methods: dict[str, Any]) -> dict[str, Any]:
    """The methods, each named as a method of the class `owner`."""
    for name, method in methods.items():
        method.__qualname__ = f"{owner}.{name}"
    return methods


# --------------------------------------------------------------------------- classes that
# write their own __init__


class Record:
    """A mutable record: shown as `Name(field=value, ...)`, equal field by field to an instance
    of the very same class only, and unhashable (as a dataclass with `eq` is)."""

    __match_args__: tuple[str, ...] = ()
    __slots__ = ()

    def __repr__(self) -> str:
        return _show(self, self.__match_args__)

    __eq__ = _eq(_values)


class FrozenRecord(Record):
    """An immutable record: its `__init__` sets its fields with `object.__setattr__`; they cannot
    be set or deleted afterwards. Hashed by its field values and pickled through them."""

    __slots__ = ()

    __hash__ = _hash(_values)
    __getstate__ = _getstate
    __setstate__ = _setstate


_owned("Record", {"__eq__": Record.__eq__})
_owned("FrozenRecord", {"__hash__": FrozenRecord.__hash__})
for _method in _guard(FrozenRecord, _field_names):  # made once the class is there to name
    _method.__qualname__ = f"FrozenRecord.{_method.__name__}"
    setattr(FrozenRecord, _method.__name__, _method)
del _method

# --------------------------------------------------------------------------- classes made by
# the decorator

_INIT_TEMPLATES: dict[tuple[int, tuple[int, ...]], CodeType] = {}
_INIT_GLOBALS: dict[str, Any] = {"__object_setattr__": object.__setattr__, "__fresh__": FRESH}


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[_T]) -> type[_T]:
    """`cls` as `@dataclass(frozen=True, slots=True)` would make it.

    Fields may have a default or a default factory and may set `compare`, `repr` or `hash`;
    `init=False`, keyword-only fields, ClassVar, InitVar, `__post_init__` and a
    `__match_args__` of the class's own are refused rather than half made.
    """
    body = cls.__dict__
    annotations: dict[str, Any] = body.get("__annotations__", {})
    for name in ("__slots__", "__match_args__"):
        if name in body:
            raise TypeError(f"{cls.__name__} already specifies {name}")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: __post_init__ is not supported here")

    all_fields: dict[str, Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            params = getattr(base, "__dataclass_params__", None)
            if params is not None and not params.frozen:
                raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
            all_fields.update(base_fields)
    for name, annotation in annotations.items():
        if str(annotation).partition("[")[0].rpartition(".")[2] in _PSEUDO_FIELDS:
            raise TypeError(f"{cls.__name__}.{name}: {annotation} is not supported here")
        default: Any = getattr(cls, name, MISSING)
        spec: Field[Any]
        if isinstance(default, Field):
            spec = default
            if not spec.init or spec.kw_only is True:
                raise TypeError(
                    f"{cls.__name__}.{name}: init=False and kw_only=True are not supported here"
                )
        else:
            spec = field(default=default)
        if spec.default is not MISSING and type(spec.default).__hash__ is None:
            raise ValueError(
                f"mutable default {type(spec.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        spec.name = name
        spec.type = annotation
        spec._field_type = _FIELD  # type: ignore[attr-defined]
        spec.kw_only = False
        all_fields[name] = spec
    for name, value in body.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    seen_default = False
    for spec in all_fields.values():
        if spec.default is not MISSING or spec.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {spec.name!r} follows default argument")

    names = tuple(all_fields)
    compared = tuple(n for n, f in all_fields.items() if f.compare)
    hashed = tuple(n for n, f in all_fields.items() if (f.compare if f.hash is None else f.hash))
    shown = tuple(n for n, f in all_fields.items() if f.repr)

    def __repr__(self: Any) -> str:
        return _show(self, shown)

    qualname = cls.__qualname__
    new = {"__repr__": __repr__, "__eq__": _eq(_getter(compared))}
    new["__setattr__"], new["__delattr__"] = _guard(cls, lambda _: names)
    for name in ("__setattr__", "__delattr__"):
        if name in body:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    explicit_hash = body.get("__hash__", MISSING)
    if explicit_hash is MISSING or (explicit_hash is None and "__eq__" in body):
        new["__hash__"] = _hash(_getter(hashed))
    ns = dict(body)
    for name, method in _owned(qualname, new).items():
        if name == "__hash__":  # in place of the None that an `__eq__` of the class's own left
            ns[name] = method
        else:  # a method of the class's own is kept, as the standard decorator keeps it
            ns.setdefault(name, method)
    init = _LazyInit(all_fields)
    ns.setdefault("__init__", init)
    ns["__dataclass_params__"] = _PARAMS
    ns["__dataclass_fields__"] = all_fields
    ns["__match_args__"] = names
    if _REPLACE is not None:
        ns.setdefault("__replace__", _REPLACE)
    inherited = {slot for base in cls.__mro__[1:-1] for slot in _slots_of(base)}
    ns["__slots__"] = tuple(n for n in names if n not in inherited)
    for name in (*names, "__dict__", "__weakref__"):
        ns.pop(name, None)
    ns.setdefault("__getstate__", _getstate)
    ns.setdefault("__setstate__", _setstate)

    metaclass: Any = type(cls)
    made: Any = metaclass(cls.__name__, cls.__bases__, ns)
    made.__qualname__ = qualname
    init.owner = made
    if not made.__doc__:
        import inspect  # only for a class without a docstring; dataclasses has loaded it

        made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
    return made  # type: ignore[no-any-return]


class _LazyInit:
    """A made class's `__init__` until it is first looked up (to make an instance, by
    `inspect` ...): the real one is then made and put in its place."""

    __slots__ = ("fields", "owner")

    def __init__(self, fields: dict[str, Field[Any]]) -> None:
        self.fields = fields
        self.owner: type | None = None

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        made = self.owner
        if made is None:  # looked up while the class is being made
            raise AttributeError("__init__")
        init = _init(made, self.fields)
        setattr(made, "__init__", init)  # noqa: B010 - mypy refuses assigning to a method
        return init if instance is None else MethodType(init, instance)


def _init(cls: type, spec: dict[str, Field[Any]]) -> Callable[..., None]:
    """The `__init__` of a class with these fields: the template for as many arguments (and
    default factories in the same places), the class's field names put in place of its own."""
    names = tuple(spec)
    fresh = tuple(i for i, f in enumerate(spec.values()) if f.default_factory is not MISSING)
    template = _INIT_TEMPLATES.get((len(names), fresh)) or _init_template(len(names), fresh)
    renamed = {f"_{i}": name for i, name in enumerate(names)}
    code = template.replace(
        co_varnames=("__dataclass_self__" if "self" in names else "self", *names),
        co_consts=tuple(renamed.get(c, c) if type(c) is str else c for c in template.co_consts),
    )
    defaults = tuple(
        f.default if f.default_factory is MISSING else FRESH
        for f in spec.values()
        if f.default is not MISSING or f.default_factory is not MISSING
    )
    namespace = _INIT_GLOBALS
    if fresh:
        factories = list(spec.values())
        namespace = {
            **_INIT_GLOBALS,
            **{f"_factory_{i}": factories[i].default_factory for i in fresh},
        }
    init = FunctionType(code, namespace, "__init__", defaults or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {name: f.type for name, f in spec.items()}
    init.__annotations__["return"] = None
    init.__module__ = cls.__module__
    return init


def _init_template(count: int, fresh: tuple[int, ...]) -> CodeType:
    """`def __init__(self, _0, _1, …)` setting attribute `_0` to `_0` and so on (to a new
    `_factory_1()` where `_1` is left to a default factory), compiled."""
    args = "".join(f", _{i}" for i in range(count))
    body = ""
    for i in range(count):
        value = f"_factory_{i}() if _{i} is __fresh__ else _{i}" if i in fresh else f"_{i}"
        body += f"\n __object_setattr__(self, '_{i}', {value})"
    namespace: dict[str, Any] = {}
    exec(f"def __init__(self{args}):{body or ' pass'}", {}, namespace)
    code: CodeType = namespace["__init__"].__code__
    _INIT_TEMPLATES[count, fresh] = code
    return code


def _slots_of(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)
