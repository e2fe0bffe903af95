"""Events as JSON Lines: what `monolog parse --json` writes, read back.

One JSON object a line, each an event as `monolog.notation.events.to_data` gives it, with the
schema version (`"schema": 1`) and optionally the `file` it came from. The stream is published
as a JSON Schema (docs/events.schema.json). Any program can write it to have its games
audited (`monolog audit game.jsonl`, docs/engines.md): a line is checked field by field against
the event's own type, never a traceback: a line that is not JSON is P130 at the spot the JSON
breaks, a JSON line that is not an event of this stream P131 at the key at fault.

A stream may hold several games one after another, as a record file may: a `tag` event that
comes after a game's body (an event that is not a tag, a comment or a blank line) starts the
next game (`GAME_SEPARATION`, said the same way in the schema and docs/engines.md).

`span` (`[line, column, end_line, end_column]`) is optional for a program writing the stream:
a missing span is the line's own place in the stream, so findings point at the JSON line.
"""

from __future__ import annotations

import json
import re
import types
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from ..findings.model import Finding, Severity
from . import events as E
from .errors import ParseError, clip_quoted

SUFFIXES = (".jsonl", ".ndjson")
MAX_DEPTH = 32  # brackets within brackets on one line; the deepest event is far shallower
BOM = "\ufeff"  # a UTF-8 byte-order mark, as some editors save it: dropped before the first line


GAME_SEPARATION = (
    "A stream may hold several games, one after another: a `tag` line that comes after a "
    "game's body (any line that is not a tag, a comment or a blank line) starts the next game, "
    "as a tag line after a game's moves does in a record file."
)


class _Bad(ValueError):
    """A value that does not fit its field; the message says where and why. `key` is the
    line's own key at fault (its top-level field), for the column."""

    def __init__(
        self, message: str, key: str | None = None, *, column: int = 0, second: bool = False
    ) -> None:
        super().__init__(message)
        self.key = key
        self.column = column  # where on the line, when known; else the key's column
        self.second = second  # the key's second place on the line (a key given twice)


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The field types of an event class (or a part of one), read once."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls, vars(E))
    return _HINTS[cls]


def looks_like_jsonl(text: str) -> bool:
    """The text's first line that is not blank is one JSON object with a `kind` (a record in
    the notation may open with a `{…}` comment, which is not JSON). A leading byte-order mark
    is no part of the line."""
    for line in text.removeprefix(BOM).split("\n"):
        if line.strip():
            if not line.lstrip().startswith("{"):
                return False
            try:
                data = load_line(line)
            except _Bad:  # JSON no event can be: parse_jsonl says why
                return '"kind"' in line
            except ValueError:
                return False
            return isinstance(data, dict) and "kind" in data
    return False


def parse_jsonl(text: str, filename: str = "<string>", first_line: int = 1) -> list[E.Event]:
    """The events of a JSON Lines stream whose first line is line `first_line` of the file.
    Raises ParseError for a line that is not JSON (P130, at the spot the JSON breaks) or not
    one event of a known schema version (P131, at the key at fault)."""
    out: list[E.Event] = []
    kinds = event_kinds()
    for number, line in enumerate(text.removeprefix(BOM).split("\n"), start=first_line):
        if not line.strip():
            continue
        try:
            data = load_line(line)
            out.append(_event(data, E.Span(number, 1, number, len(line) + 1), kinds))
        except (_Bad, TypeError) as exc:
            column = getattr(exc, "column", 0) or _column_of(
                line, getattr(exc, "key", None), 2 if getattr(exc, "second", False) else 1
            )
            message = f"this line is not an event of the stream: {exc}"
            raise _refused("P131", message, line, number, column, filename) from None
        except ValueError as exc:  # json.JSONDecodeError, or a number too long to convert
            column = getattr(exc, "colno", 1)
            message = getattr(exc, "msg", None) or str(exc)
            raise _refused(
                "P130", f"this line is not JSON: {message}", line, number, column, filename
            ) from None
    return out


def load_line(line: str, unique: bool = True) -> Any:
    """One line of the stream as JSON. Raises ValueError for a line that is not JSON (a
    JSONDecodeError, with the column where it breaks), and its subclass `_Bad` for JSON that
    no event can be: nested deeper than `MAX_DEPTH`, or (when `unique`) an object naming a key
    twice (JSON leaves which value counts open; the stream refuses to guess)."""
    if line.count("[") + line.count("{") > MAX_DEPTH:  # only then is it worth a look
        _check_depth(line)
    return json.loads(line, object_pairs_hook=_unique_keys) if unique else json.loads(line)


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _check_depth(line: str) -> None:
    """Raise `_Bad` at the first bracket that opens more than `MAX_DEPTH` levels (brackets
    within strings do not count)."""
    depth = 0
    for m in _TOKENS.finditer(line):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise _Bad(f"nested more than {MAX_DEPTH} levels deep", column=m.start() + 1)
        elif token in "]}":
            depth -= 1


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Bad(f"the key {key!r} is given twice in one object", key, second=True)
            seen.add(key)
    return data


def _event(data: Any, span: E.Span, kinds: dict[str, type[E.Event]]) -> E.Event:
    if not isinstance(data, dict):
        raise _Bad("expected one event as a JSON object")
    schema = data.get("schema", E.SCHEMA_VERSION)
    if schema != E.SCHEMA_VERSION:
        raise _Bad(f"schema {schema!r}: this monolog reads schema {E.SCHEMA_VERSION}", "schema")
    kind = data.get("kind")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _Bad(f"unknown event kind {kind!r}", "kind")
    event: E.Event = _build(cls, data, span, kind or "")
    return event


def _refused(
    code: str, message: str, line: str, number: int, column: int, filename: str
) -> ParseError:
    column = max(1, min(column, len(line) + 1))
    finding = Finding(
        code,
        Severity.ERROR,
        clip_quoted(message),
        span=E.Span(number, column, number, column + 1),
        expected=["one event as a JSON object, as docs/events.schema.json describes"],
        file=filename,
    )
    return ParseError(finding, line)


def _column_of(line: str, key: str | None, nth: int = 1) -> int:
    """The column of the `nth` place of the line's key `key` (`"key":`), else 1."""
    if key is None:
        return 1
    places = re.finditer(r'"' + re.escape(key) + r'"\s*:', line)
    for count, m in enumerate(places, start=1):
        if count == nth:
            return m.start() + 1
    return 1


@cache
def event_kinds() -> dict[str, type[E.Event]]:
    """Kind name (as in the stream) -> event class."""
    out: dict[str, type[E.Event]] = {}
    for cls in E.EVENT_TYPES:
        out[_kind_name(cls)] = cls
    return out


def _kind_name(cls: type[E.Event]) -> str:
    # an instance made without its fields, only to ask the class's kind name
    return object.__new__(cls).kind


# The values the notation's own tokens can write (grammar/monolog.lark), so that a stream
# cannot hold what a record cannot: a die shows 1 to 6; every other whole number is at least 0
# and has at most nine digits, except a cash count and a starting cash, which may be below zero.
DIE = (1, 6)
LARGEST = 999_999_999
DICE_FIELDS = {("Roll", "die1"), ("Roll", "die2"), ("Dice", "die1"), ("Dice", "die2")}
SIGNED_FIELDS = {("CashCheck", "amount"), ("SetupPlayer", "cash")}
# lists the notation always writes with one item at least (`mortgage` names a square, `sell deed`
# a deed, `build` a site): an empty one is refused as the reader meets it
FILLED_FIELDS = {
    ("Build", "items"),
    ("Sell", "items"),
    ("SellDeed", "squares"),
    ("Mortgage", "squares"),
    ("Unmortgage", "squares"),
    ("Interest", "squares"),
    ("SetupDeck", "cards"),
}


def value_range(cls: type[Any], name: str) -> tuple[int, int]:
    """The smallest and largest value a whole-number field of `cls` may hold."""
    if (cls.__name__, name) in DICE_FIELDS:
        return DIE
    if (cls.__name__, name) in SIGNED_FIELDS:
        return -LARGEST, LARGEST
    return 0, LARGEST


def _check_range(cls: type[Any], name: str, value: Any, where: str) -> None:
    if not _is_int(value):
        return
    low, high = value_range(cls, name)
    if not low <= value <= high:
        if (low, high) == DIE:
            raise _Bad(f"{where}: a die shows 1 to 6, not {value}")
        if value < low:
            raise _Bad(f"{where}: expected {low} or more, not {value}")
        raise _Bad(f"{where}: expected at most {high:,}, not {value:,}")


def _build(cls: type[Any], data: dict[str, Any], span: E.Span, where: str) -> Any:
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name == "span" and issubclass(cls, E.Event):
            raw = data.get("span")
            try:
                values["span"] = span if raw is None else _value(E.Span, raw, f"{where}.span")
            except _Bad as exc:
                exc.key = "span"
                raise
            continue
        if f.name not in data:
            if f.default is not f.default_factory:  # has a default: left to it
                continue
            if type(None) in get_args(hints[f.name]):  # may be left out: null
                values[f.name] = None
                continue
            raise _Bad(f"{where}: {f.name} is missing", "kind")
        try:
            values[f.name] = _value(hints[f.name], data[f.name], f"{where}.{f.name}")
            _check_range(cls, f.name, values[f.name], f"{where}.{f.name}")
            if (cls.__name__, f.name) in FILLED_FIELDS and not values[f.name]:
                raise _Bad(f"{where}.{f.name}: expected one item or more, not an empty list")
        except _Bad as exc:  # the outermost field is the line's own key
            exc.key = f.name
            raise
    unknown = sorted(set(data) - {f.name for f in fields(cls)} - {"kind", "schema", "file"})
    if unknown:
        raise _Bad(f"{where}: unknown field {unknown[0]!r}", unknown[0])
    if cls is E.DealItem:
        _check_deal_item(values, where)
    return cls(**values)


# what each kind of thing handed over in a deal must name, as the notation always writes it
_DEAL_ITEM_NEEDS = {"square": "square", "cash": "amount", "promise": "text"}


def _check_deal_item(values: dict[str, Any], where: str) -> None:
    """A deed with no square, cash with no amount, a promise with no words: what no record can
    write, refused as the reader meets it."""
    needed = _DEAL_ITEM_NEEDS.get(values.get("kind", ""))
    if needed is not None and values.get(needed) is None:
        raise _Bad(f"{where}: a {values['kind']} item needs its {needed}", needed)


def _value(tp: Any, raw: Any, where: str) -> Any:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        if raw is None and type(None) in get_args(tp):
            return None
        options = [a for a in get_args(tp) if a is not type(None)]
        return _value(options[0], raw, where)
    if origin is Literal:
        if raw not in get_args(tp):
            raise _Bad(f"{where}: expected one of {', '.join(map(repr, get_args(tp)))}")
        return raw
    if origin is tuple:
        if not isinstance(raw, list):
            raise _Bad(f"{where}: expected a list")
        item = get_args(tp)[0]
        return tuple(_value(item, v, f"{where}[{i}]") for i, v in enumerate(raw))
    if tp is E.Span:
        if not (isinstance(raw, list) and len(raw) == 4 and all(_place(v) for v in raw)):
            raise _Bad(f"{where}: expected [line, column, end_line, end_column], each 0 or more")
        return E.Span(*raw)
    if tp is E.Ref:
        if not isinstance(raw, dict) or not isinstance(raw.get("text"), str):
            raise _Bad(f'{where}: expected {{"text": …, "kind": …}}')
        kind = raw.get("kind", "name")
        if kind not in ("name", "quoted", "number"):
            raise _Bad(f"{where}.kind: expected name, quoted or number")
        return E.Ref(raw["text"], kind)
    if isinstance(tp, type) and is_dataclass(tp):
        if not isinstance(raw, dict):
            raise _Bad(f"{where}: expected an object")
        return _build(tp, raw, E.NO_SPAN, where)
    if tp is bool:
        if not isinstance(raw, bool):
            raise _Bad(f"{where}: expected true or false")
        return raw
    if tp is int:
        if not _is_int(raw):
            raise _Bad(f"{where}: expected a whole number")
        return raw
    if tp is str:
        if not isinstance(raw, str):
            raise _Bad(f"{where}: expected a string")
        return raw
    raise _Bad(f"{where}: cannot read a value of type {tp}")  # pragma: no cover


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _place(value: Any) -> bool:
    """A line or column of a span: a whole number, 0 (no place) or more, as the schema says."""
    return _is_int(value) and value >= 0


# --------------------------------------------------------------------------- the JSON Schema

SCHEMA_ID = "https://monolog.invalid/events.schema.json"


def json_schema() -> dict[str, Any]:
    """The JSON Schema of one line of the stream (docs/events.schema.json), made from the
    event classes themselves, so it cannot drift from what `parse_jsonl` reads."""
    defs: dict[str, Any] = {
        "span": {
            "description": "[line, column, end_line, end_column], 1-based; end_column exclusive",
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
            "minItems": 4,
            "maxItems": 4,
        },
        "ref": {
            "description": "A name as written: a square, a player or a card",
            "type": "object",
            "properties": {
                "text": {"type": "string"},
                "kind": {"enum": ["name", "quoted", "number"]},
            },
            "required": ["text"],
            "additionalProperties": False,
        },
    }
    branches = []
    for kind, cls in sorted(event_kinds().items()):
        props: dict[str, Any] = {
            "schema": {"const": E.SCHEMA_VERSION},
            "file": {"type": "string", "description": "The record the event was read from"},
            "kind": {"const": kind},
        }
        body = _object_schema(cls, defs, props)
        body["description"] = (cls.__doc__ or kind).strip().split("\n")[0]
        defs[kind] = body
        branches.append({"$ref": f"#/$defs/{kind}"})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "monolog event stream (JSON Lines), one line",
        "description": "Each line of `monolog parse --json` output, and of what `monolog audit "
        "game.jsonl` reads: one event. `schema` is the version of this stream. " + GAME_SEPARATION,
        "oneOf": branches,
        "$defs": defs,
    }


def _object_schema(
    cls: type[Any], defs: dict[str, Any], props: dict[str, Any] | None = None
) -> dict[str, Any]:
    props = dict(props or {})
    required = ["kind"] if "kind" in props else []
    hints = _hints(cls)
    for f in fields(cls):
        if f.name == "span" and issubclass(cls, E.Event):
            props["span"] = {"$ref": "#/$defs/span"}
            continue
        props[f.name] = _bounded(_type_schema(hints[f.name], defs), *value_range(cls, f.name))
        if (cls.__name__, f.name) in FILLED_FIELDS:
            props[f.name] = {**props[f.name], "minItems": 1}
        optional = f.default is not f.default_factory or type(None) in get_args(hints[f.name])
        if not optional:
            required.append(f.name)
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


def _bounded(schema: dict[str, Any], low: int, high: int) -> dict[str, Any]:
    """A field's schema with its whole number (alone, or beside null) kept to low..high."""
    if schema.get("type") == "integer":
        return {**schema, "minimum": low, "maximum": high}
    if "anyOf" in schema:
        return {**schema, "anyOf": [_bounded(s, low, high) for s in schema["anyOf"]]}
    return schema


def _type_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [_type_schema(a, defs) for a in get_args(tp) if a is not type(None)]
        inner = options[0] if len(options) == 1 else {"anyOf": options}
        return {"anyOf": [inner, {"type": "null"}]} if type(None) in get_args(tp) else inner
    if origin is Literal:
        return {"enum": list(get_args(tp))}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(get_args(tp)[0], defs)}
    if tp is E.Span:
        return {"$ref": "#/$defs/span"}
    if tp is E.Ref:
        return {"$ref": "#/$defs/ref"}
    if isinstance(tp, type) and is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # reserved first: a part may hold parts of its own kind
            defs[name] = _object_schema(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    simple = {bool: "boolean", int: "integer", str: "string"}
    return {"type": simple[tp]}


def main() -> None:  # pragma: no cover - run by hand to refresh the published schema
    print(json.dumps(json_schema(), indent=2, ensure_ascii=False))


if __name__ == "__main__":  # pragma: no cover
    main()
