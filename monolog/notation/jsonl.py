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


GAME_SEPARATION = (
    "A stream may hold several games, one after another: a `tag` line that comes after a "
    "game's body (any line that is not a tag, a comment or a blank line) starts the next game, "
    "as a tag line after a game's moves does in a record file."
)


class _Bad(ValueError):
    """A value that does not fit its field; the message says where and why. `key` is the
    line's own key at fault (its top-level field), for the column."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The field types of an event class (or a part of one), read once."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls, vars(E))
    return _HINTS[cls]


def looks_like_jsonl(text: str) -> bool:
    """The text's first line that is not blank is one JSON object with a `kind` (a record in
    the notation may open with a `{…}` comment, which is not JSON)."""
    for line in text.split("\n"):
        if line.strip():
            if not line.lstrip().startswith("{"):
                return False
            try:
                data = json.loads(line)
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
    for number, line in enumerate(text.split("\n"), start=first_line):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:  # json.JSONDecodeError, or a number too long to convert
            column = getattr(exc, "colno", 1)
            message = getattr(exc, "msg", None) or str(exc)
            raise _refused(
                "P130", f"this line is not JSON: {message}", line, number, column, filename
            ) from None
        try:
            out.append(_event(data, E.Span(number, 1, number, len(line) + 1), kinds))
        except (_Bad, TypeError) as exc:
            column = _column_of(line, getattr(exc, "key", None))
            message = f"this line is not an event of the stream: {exc}"
            raise _refused("P131", message, line, number, column, filename) from None
    return out


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


def _column_of(line: str, key: str | None) -> int:
    """The column of the line's key `key` (`"key":`), else 1."""
    if key is None:
        return 1
    m = re.search(r'"' + re.escape(key) + r'"\s*:', line)
    return m.start() + 1 if m else 1


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


_DICE = ("die1", "die2")  # the fields of a roll's two dice, wherever a roll is written


def _build(cls: type[Any], data: dict[str, Any], span: E.Span, where: str) -> Any:
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name == "span" and issubclass(cls, E.Event):
            raw = data.get("span")
            values["span"] = span if raw is None else _value(E.Span, raw, f"{where}.span")
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
            if f.name in _DICE and not 1 <= values[f.name] <= 6:
                # what the notation refuses as P111: a stream's roll that no dice could show
                raise _Bad(f"{where}.{f.name}: expected a die from 1 to 6")
        except _Bad as exc:  # the outermost field is the line's own key
            exc.key = f.name
            raise
    unknown = sorted(set(data) - {f.name for f in fields(cls)} - {"kind", "schema", "file"})
    if unknown:
        raise _Bad(f"{where}: unknown field {unknown[0]!r}", unknown[0])
    return cls(**values)


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
        if not (isinstance(raw, list) and len(raw) == 4 and all(_is_int(v) for v in raw)):
            raise _Bad(f"{where}: expected [line, column, end_line, end_column]")
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
        props[f.name] = _type_schema(hints[f.name], defs)
        optional = f.default is not f.default_factory or type(None) in get_args(hints[f.name])
        if not optional:
            required.append(f.name)
    return {
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


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
