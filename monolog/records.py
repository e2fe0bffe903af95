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
  their fields in `__match_args__` (or leave `record_fields` to name them): they give the repr
  and equality, and for `FrozenRecord` the hash, the refusal to assign and the pickled state,
  that a dataclass of the same fields has. Such an `__init__` takes `FRESH` as the default of a
  field made fresh for each instance (a default factory). `record_fields` makes such a class
  what `@dataclass(init=False, repr=False, eq=False)` would: a dataclass to the functions of
  `dataclasses`, its methods left as the bases give them.

A record's fields are its `__match_args__`, in order, whichever way it was made.

Nothing here imports `dataclasses` (which loads `inspect`, `ast`, `dis` and `tokenize`) until
it is needed: a class's `__dataclass_fields__` and `__dataclass_params__`, the standard
objects the dataclasses functions read, are made the first time they are read, as is the
docstring of a class without one; `FrozenInstanceError` is loaded to be raised. `field`,
`fields` and `replace` stand in for the standard ones at run time (type checkers read the
standard ones): `field` gives the standard field itself where `dataclasses` is loaded already,
`replace` calls a class made here directly with its fields' values.

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

import sys
from _thread import get_ident
from collections.abc import Callable, Collection, Iterable
from operator import attrgetter
from types import CodeType, FunctionType, MethodType
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # what type checkers read; at run time, the stand-ins below
    from dataclasses import field as field
    from dataclasses import fields as fields
    from dataclasses import replace as replace

_T = TypeVar("_T")
_F = TypeVar("_F")

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # the marker is read by type checkers only

    def dataclass_transform(**_: Any) -> Callable[[_F], _F]:
        return lambda decorator: decorator


class _Missing:
    """No default given (what `dataclasses.MISSING` stands for), compared here only."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()


class _Fresh:
    """The default an `__init__` shows for a field with a default factory (`<factory>`); equal
    to the marker the standard decorator shows there, which stands for the same thing."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        standard = sys.modules.get("dataclasses")
        return standard is not None and other is vars(standard).get("_HAS_DEFAULT_FACTORY")

    def __hash__(self) -> int:
        return hash(_Fresh)


# An `__init__` written out takes it as the default of a field made fresh for each instance.
FRESH: Any = _Fresh()

# annotations that `dataclass` treats as something other than a field: refused here
_PSEUDO_FIELDS = frozenset({"ClassVar", "InitVar", "KW_ONLY"})


# --------------------------------------------------------------------------- what `dataclasses`
# reads, made on first use: a plain audit never imports `dataclasses` (nor `inspect`, `ast` …)


class _Spec:
    """A field as declared: what `dataclasses.Field` holds, without the module."""

    __slots__ = (
        "compare",
        "default",
        "default_factory",
        "hash",
        "init",
        "kw_only",
        "metadata",
        "name",
        "repr",
        "type",
    )

    def __init__(
        self,
        default: Any = _MISSING,
        default_factory: Any = _MISSING,
        init: bool = True,
        repr: bool = True,
        hash: bool | None = None,
        compare: bool = True,
        metadata: Any = None,
        kw_only: Any = _MISSING,
    ) -> None:
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name: str = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = metadata
        self.kw_only = kw_only


def _is_field(value: object) -> bool:
    """A field specifier: this module's, or the standard one (only if `dataclasses` is loaded)."""
    if type(value) is _Spec:
        return True
    standard = sys.modules.get("dataclasses")
    return standard is not None and isinstance(value, standard.Field)


def _spec(value: Any) -> _Spec:
    """A field specifier as a `_Spec` (a standard `Field` is read, its missing values mapped)."""
    if type(value) is _Spec:
        return value
    missing = vars(sys.modules["dataclasses"])["MISSING"]
    spec = _Spec(
        _MISSING if value.default is missing else value.default,
        _MISSING if value.default_factory is missing else value.default_factory,
        value.init,
        value.repr,
        value.hash,
        value.compare,
        value.metadata,
        _MISSING if value.kw_only is missing else value.kw_only,
    )
    spec.name, spec.type = getattr(value, "name", None) or "", getattr(value, "type", None)
    return spec


class _Fields:
    """A class's `__dataclass_fields__`: the standard `Field`s, made the first time they are
    read (by `dataclasses.fields`, `replace`, `asdict`, `is_dataclass` …)."""

    __slots__ = ("made", "specs")

    def __init__(self, specs: dict[str, _Spec]) -> None:
        self.specs = specs
        self.made: dict[str, Any] | None = None

    def __get__(self, instance: object, owner: type | None = None) -> dict[str, Any]:
        if self.made is None:
            import dataclasses  # here only: the data is read by the dataclasses functions

            kind = vars(dataclasses)["_FIELD"]
            made: dict[str, Any] = {}
            for name, spec in self.specs.items():
                kept: Any = dataclasses.field(
                    default=dataclasses.MISSING if spec.default is _MISSING else spec.default,
                    default_factory=(
                        dataclasses.MISSING
                        if spec.default_factory is _MISSING
                        else spec.default_factory
                    ),
                    init=spec.init,
                    repr=spec.repr,
                    hash=spec.hash,
                    compare=spec.compare,
                    metadata=spec.metadata,
                    kw_only=False,
                )
                kept.name = name
                kept.type = spec.type
                kept._field_type = kind
                made[name] = kept
            self.made = made
        return self.made


class _Params:
    """A class's `__dataclass_params__`, made the first time it is read."""

    __slots__ = ("flags", "made")

    def __init__(self, init: bool, repr: bool, eq: bool, frozen: bool, slots: bool) -> None:
        self.flags = (init, repr, eq, frozen, slots)
        self.made: Any = None

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if self.made is None:
            import dataclasses  # here only, as for the fields

            init, repr_, eq, frozen_, slots = self.flags
            make = vars(dataclasses)["_DataclassParams"]
            if sys.version_info >= (3, 12):
                self.made = make(init, repr_, eq, False, False, frozen_, True, False, slots, False)
            else:
                self.made = make(init, repr_, eq, False, False, frozen_)
        return self.made


class _Doc:
    """The docstring the standard decorator gives a class without one (its name and
    signature), made the first time it is read."""

    __slots__ = ()

    def __get__(self, instance: object, owner: type | None = None) -> str:
        import inspect  # here only: the signature is shown as `inspect` shows it

        assert owner is not None
        text = owner.__name__ + str(inspect.signature(owner)).replace(" -> None", "")
        owner.__doc__ = text
        return text


def _frozen_error(message: str) -> Exception:
    from dataclasses import FrozenInstanceError  # only when a frozen field is assigned

    return FrozenInstanceError(message)


if not TYPE_CHECKING:

    def field(
        *,
        default=_MISSING,
        default_factory=_MISSING,
        init=True,
        repr=True,
        hash=None,
        compare=True,
        metadata=None,
        kw_only=_MISSING,
    ):
        """`dataclasses.field` for the classes made here, without loading `dataclasses`. Where
        `dataclasses` is loaded already (so the standard decorator may be the one reading it),
        the standard field itself."""
        standard = sys.modules.get("dataclasses")
        if standard is None:
            return _Spec(default, default_factory, init, repr, hash, compare, metadata, kw_only)
        missing = standard.MISSING
        return standard.field(
            default=missing if default is _MISSING else default,
            default_factory=missing if default_factory is _MISSING else default_factory,
            init=init,
            repr=repr,
            hash=hash,
            compare=compare,
            metadata=metadata,
            kw_only=missing if kw_only is _MISSING else kw_only,
        )

    def fields(class_or_instance):
        """`dataclasses.fields`, loading the module when first called."""
        import dataclasses

        return dataclasses.fields(class_or_instance)

    def replace(obj, /, **changes):
        """`dataclasses.replace`: for a class made here (every field set by `__init__`), the
        class called with the fields' values and the changes, as `dataclasses` calls it."""
        cls = type(obj)
        if type(cls.__dict__.get("__dataclass_fields__")) is not _Fields:
            import dataclasses  # any other class is left to the standard function

            return dataclasses.replace(obj, **changes)
        for name in cls.__match_args__:
            if name not in changes:
                changes[name] = getattr(obj, name)
        return cls(**changes)

    def _replace_method(self, /, **changes):
        return replace(self, **changes)

    _replace_method.__name__ = _replace_method.__qualname__ = "__replace__"

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
            raise _frozen_error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in fields(self):
            raise _frozen_error(f"cannot delete field {name!r}")
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


def _declared(cls: type, frozen: bool) -> dict[str, _Spec]:
    """The fields of `cls` as the standard decorator reads them: its bases' fields, then those
    its own annotations declare (with their defaults or field specifiers)."""
    body = cls.__dict__
    annotations: dict[str, Any] = body.get("__annotations__", {})
    all_fields: dict[str, _Spec] = {}
    for base in cls.__mro__[-1:0:-1]:
        base_fields = base.__dict__.get("__dataclass_fields__")
        if type(base_fields) is _Fields:
            if frozen and not base.__dict__["__dataclass_params__"].flags[3]:
                raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
            all_fields.update(base_fields.specs)
        elif base_fields is not None:  # made by the standard decorator
            params = getattr(base, "__dataclass_params__", None)
            if frozen and params is not None and not params.frozen:
                raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
            all_fields.update({name: _spec(f) for name, f in base_fields.items()})
    for name, annotation in annotations.items():
        if str(annotation).partition("[")[0].rpartition(".")[2] in _PSEUDO_FIELDS:
            raise TypeError(f"{cls.__name__}.{name}: {annotation} is not supported here")
        default: Any = getattr(cls, name, _MISSING)
        if _is_field(default):
            spec = _spec(default)
            if not spec.init or spec.kw_only is True:
                raise TypeError(
                    f"{cls.__name__}.{name}: init=False and kw_only=True are not supported here"
                )
        else:
            spec = _Spec(default)
        if spec.default is not _MISSING and type(spec.default).__hash__ is None:
            raise ValueError(
                f"mutable default {type(spec.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        spec.name = name
        spec.type = annotation
        spec.kw_only = False
        all_fields[name] = spec
    for name, value in body.items():
        if _is_field(value) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    seen_default = False
    for spec in all_fields.values():
        if spec.default is not _MISSING or spec.default_factory is not _MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {spec.name!r} follows default argument")
    return all_fields


def _remade(cls: type, ns: dict[str, Any], names: tuple[str, ...], slots: bool) -> Any:
    """`cls` made anew from the namespace `ns`, with slots for the fields `names` if asked."""
    if slots:
        inherited = {slot for base in cls.__mro__[1:-1] for slot in _slots_of(base)}
        ns["__slots__"] = tuple(n for n in names if n not in inherited)
        for name in (*names, "__dict__", "__weakref__"):
            ns.pop(name, None)
    if not ns.get("__doc__"):
        ns["__doc__"] = _Doc()
    metaclass: Any = type(cls)
    made: Any = metaclass(cls.__name__, cls.__bases__, ns)
    made.__qualname__ = cls.__qualname__
    return made


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[_T]) -> type[_T]:
    """`cls` as `@dataclass(frozen=True, slots=True)` would make it.

    Fields may have a default or a default factory and may set `compare`, `repr` or `hash`;
    `init=False`, keyword-only fields, ClassVar, InitVar, `__post_init__` and a
    `__match_args__` of the class's own are refused rather than half made.
    """
    body = cls.__dict__
    for name in ("__slots__", "__match_args__"):
        if name in body:
            raise TypeError(f"{cls.__name__} already specifies {name}")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: __post_init__ is not supported here")
    all_fields = _declared(cls, frozen=True)

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
    explicit_hash = body.get("__hash__", _MISSING)
    if explicit_hash is _MISSING or (explicit_hash is None and "__eq__" in body):
        new["__hash__"] = _hash(_getter(hashed))
    ns = dict(body)
    for name, method in _owned(qualname, new).items():
        if name == "__hash__":  # in place of the None that an `__eq__` of the class's own left
            ns[name] = method
        else:  # a method of the class's own is kept, as the standard decorator keeps it
            ns.setdefault(name, method)
    init = _LazyInit(all_fields)
    ns.setdefault("__init__", init)
    ns["__dataclass_params__"] = _FROZEN_PARAMS
    ns["__dataclass_fields__"] = _Fields(all_fields)
    ns["__match_args__"] = names
    if sys.version_info >= (3, 13):
        ns.setdefault("__replace__", _replace_method)
    ns.setdefault("__getstate__", _getstate)
    ns.setdefault("__setstate__", _setstate)
    made: Any = _remade(cls, ns, names, slots=True)
    init.owner = made
    return made  # type: ignore[no-any-return]


_FROZEN_PARAMS = _Params(init=True, repr=True, eq=True, frozen=True, slots=True)

_R = TypeVar("_R", bound=Record)


@dataclass_transform(field_specifiers=(field,))
def record_fields(*, frozen: bool = False, slots: bool = False) -> Callable[[type[_R]], type[_R]]:
    """What `@dataclass(frozen=frozen, init=False, repr=False, eq=False, slots=slots)` makes of
    a `Record` (`FrozenRecord` if frozen) that writes its own `__init__`: its fields named in
    `__match_args__` (so the bases' repr, equality, hash and pickled state follow them), and
    what `dataclasses.fields()`, `replace()` and `asdict()` read."""

    def make(cls: type[_R]) -> type[_R]:
        if frozen is not issubclass(cls, FrozenRecord):
            raise TypeError(f"{cls.__name__}: a frozen record derives from FrozenRecord")
        body = cls.__dict__
        for name in ("__slots__", "__match_args__"):
            if name in body:
                raise TypeError(f"{cls.__name__} already specifies {name}")
        if "__init__" not in body:
            raise TypeError(f"{cls.__name__} writes no __init__ of its own")
        all_fields = _declared(cls, frozen=frozen)
        names = tuple(all_fields)
        ns: dict[str, Any] = {
            "__dataclass_params__": _Params(False, False, False, frozen, slots),
            "__dataclass_fields__": _Fields(all_fields),
            "__match_args__": names,
        }
        if sys.version_info >= (3, 13):
            ns["__replace__"] = body.get("__replace__", _replace_method)
        if slots:  # made anew, as the standard decorator makes a class with slots
            made: type[_R] = _remade(cls, {**body, **ns}, names, slots=True)
            return made
        for name, spec in all_fields.items():  # a plain default stays, as a class attribute
            if name in body and _is_field(body[name]):
                if spec.default is _MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, spec.default)
        for name, value in ns.items():
            setattr(cls, name, value)
        if not body.get("__doc__"):
            cls.__doc__ = _Doc()  # type: ignore[assignment]
        return cls

    return make


class _LazyInit:
    """A made class's `__init__` until it is first looked up (to make an instance, by
    `inspect` ...): the real one is then made and put in its place."""

    __slots__ = ("fields", "owner")

    def __init__(self, fields: dict[str, _Spec]) -> None:
        self.fields = fields
        self.owner: type | None = None

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        made = self.owner
        if made is None:  # looked up while the class is being made
            raise AttributeError("__init__")
        init = _init(made, self.fields)
        setattr(made, "__init__", init)  # noqa: B010 - mypy refuses assigning to a method
        return init if instance is None else MethodType(init, instance)


def _init(cls: type, spec: dict[str, _Spec]) -> Callable[..., None]:
    """The `__init__` of a class with these fields: the template for as many arguments (and
    default factories in the same places), the class's field names put in place of its own."""
    names = tuple(spec)
    fresh = tuple(i for i, f in enumerate(spec.values()) if f.default_factory is not _MISSING)
    template = _INIT_TEMPLATES.get((len(names), fresh)) or _init_template(len(names), fresh)
    renamed = {f"_{i}": name for i, name in enumerate(names)}
    code = template.replace(
        co_varnames=("__dataclass_self__" if "self" in names else "self", *names),
        co_consts=tuple(renamed.get(c, c) if type(c) is str else c for c in template.co_consts),
    )
    defaults = tuple(
        f.default if f.default_factory is _MISSING else FRESH
        for f in spec.values()
        if f.default is not _MISSING or f.default_factory is not _MISSING
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
