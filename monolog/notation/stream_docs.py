"""The reference of every event kind of the stream, in docs/engines.md, made from the event
classes and a minimal example of each, written in the notation and parsed by the real parser.

    python -m monolog.notation.stream_docs           # rewrite the reference in docs/engines.md
    python -m monolog.notation.stream_docs --check   # exit 1 if it is out of date

The reference stands between two marker lines in docs/engines.md. For each kind: what it is
(the class's own description), its fields with their JSON types and whether they may be left
out, a minimal line of the stream, and that line in the notation. A kind with no example here
fails the check (tests/test_stream_docs.py), so a new event kind cannot go undocumented.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from . import events as E
from .formatter import format_events
from .jsonl import event_kinds, json_schema
from .parser import parse_text

_SOURCE_ROOT = Path(__file__).resolve().parents[2]
# in a source checkout the page lives beside the package; an installed copy has no docs/ of its
# own, so the page is looked for under the working folder
DOC_PATH = (
    (_SOURCE_ROOT if (_SOURCE_ROOT / "pyproject.toml").is_file() else Path.cwd())
    / "docs"
    / "engines.md"
)
BEGIN = "<!-- every event kind: made by python -m monolog.notation.stream_docs -->"
END = "<!-- end of every event kind -->"

# the tags every example is read under, then the line(s) that show the kind
_HEAD = '[Players "Ann, Ben"]\n'
EXAMPLES: dict[str, str] = {
    "comment": "; Ben asked for a break here",
    "blank": "1. Ann 3-4 Chance\n\n2. Ben 1-2 Baltic Avenue",
    "tag": '[Event "Club night"]',
    "setup-player": "setup Ann cash 1200 at Illinois Avenue owns Boardwalk x2 goojf CC05",
    "setup-bank": "setup bank houses 30 hotels 12",
    "setup-deck": "setup deck CH03, CH07",
    "setup-next": "setup next Ben",
    "turn": "1. Ann",
    "roll": "1. Ann 3-4 Vermont Avenue",
    "move": "1. Ann 3-4 Chance card CH03 -> Illinois Avenue",
    "salary": "1. Ann 3-4 Chance card CH01 -> GO salary 200",
    "buy": "1. Ann 3-4 Vermont Avenue buy 100",
    "decline": "1. Ann 3-4 Vermont Avenue decline auction bids Ben 80 sold Ben 80",
    "auction": "1. Ann 3-4 Vermont Avenue decline auction bids Ben 80 sold Ben 80",
    "rent": "1. Ann 3-4 Vermont Avenue rent 6 to Ben",
    "rent-unclaimed": "1. Ann 3-4 Vermont Avenue rent unclaimed",
    "tax": "1. Ann 1-3 Income Tax tax 200",
    "card": "1. Ann 3-4 Chance card CH08 50",
    "dice": "1. Ann 3-4 Chance card CH07 -> Water Works dice 4-2 rent 60",
    "no-throw": "1. Ann 3-4 Chance card CH07 -> Water Works dice same",
    "reshuffle": "1. Ann 3-4 Chance reshuffle Chance card CH08",
    "jail": "1. Ann 3-4 Chance card CH11 jail",
    "fine": "1. Ann fine 50 3-4 Chance",
    "jail-card": "1. Ann goojf CC05 5-4 New York Avenue",
    "build": "Ann build Park Place x2, Boardwalk x2 for 800",
    "sell": "Ann sell Oriental Avenue, Vermont Avenue for 50",
    "sell-deed": "Ann sell deed Baltic Avenue for 30",
    "mortgage": "Ann mortgage Atlantic Avenue, Ventnor Avenue for 260",
    "unmortgage": "Ann unmortgage Tennessee Avenue for 99",
    "interest": "Ann interest Tennessee Avenue for 9",
    "pay": "1. Ann 3-4 Chance card CH15 pay 50 to Ben",
    "bankrupt": "Ann bankrupt to Ben",
    "resign": "Ann resign",
    "ignored": "1. Ann 3-4 Chance card CH11 ignored",
    "time": "Ann time",
    "end": "end",
    "check": "1. Ann 3-4 Vermont Avenue buy 100 =1400",
    "check-square": "=Ben at #5",
    "check-bank": "=bank houses 28 hotels 10",
    "check-pot": "=pot 150",
    "dispute": '1. Ann 5-5 Free Parking disputed "no second roll (CF-04)"',
    "deal": "deal Ann: Boardwalk, 100 | Ben: Illinois Avenue",
}


def example_event(kind: str) -> E.Event:
    """The first event of `kind` in its example, parsed by the parser."""
    events = parse_text(_HEAD + EXAMPLES[kind] + "\n", "example.mlog")
    for event in events:
        if event.kind == kind and not (isinstance(event, E.Tag) and event.key == "Players"):
            return event
    raise LookupError(f"the example of {kind!r} holds no {kind} event")


def _minimal(value: Any, schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """Event data with what the schema lets a program leave out left out: optional fields that
    are null, false or an empty list, spans, and a name's `kind` when it is a plain name."""
    while "$ref" in schema or "anyOf" in schema:
        if "$ref" in schema:
            schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
        else:
            schema = next((s for s in schema["anyOf"] if s.get("type") != "null"), {})
    if isinstance(value, dict):
        required = set(schema.get("required", ()))
        props = schema.get("properties", {})
        out = {}
        for key, item in value.items():
            optional = key not in required
            if key == "span" or (optional and (item is None or item is False or item == [])):
                continue
            if key == "kind" and item == "name" and "text" in value:
                continue
            out[key] = _minimal(item, props.get(key, {}), defs)
        return out
    if isinstance(value, list):
        return [_minimal(item, schema.get("items", {}), defs) for item in value]
    return value


def example_line(kind: str) -> str:
    """The example as one line of the stream, as short as it may be written: no span (a
    program writes none), nothing that may be left out."""
    defs = json_schema()["$defs"]
    data = _minimal(E.to_data(example_event(kind)), defs[kind], defs)
    return json.dumps({"schema": E.SCHEMA_VERSION, **data}, ensure_ascii=False)


def _type_words(schema: dict[str, Any]) -> str:
    """A field's JSON schema in a few words: `integer`, `name`, `list of name`, …"""
    if "$ref" in schema:
        target = schema["$ref"].rsplit("/", 1)[-1]
        return "name" if target == "ref" else f"`{target}` object"
    if "anyOf" in schema:
        kinds = [_type_words(s) for s in schema["anyOf"] if s.get("type") != "null"]
        return " or ".join(kinds)
    if "enum" in schema:
        return "one of " + ", ".join(f"`{v}`" for v in schema["enum"])
    if schema.get("type") == "array":
        return "list of " + _type_words(schema["items"])
    return str(schema.get("type", "value"))


def _description(cls: type[Any]) -> str:
    first = (cls.__doc__ or "").strip().split("\n\n")[0]
    return " ".join(first.split())


def reference() -> str:
    """The reference section's text, between (not including) the marker lines."""
    defs = json_schema()["$defs"]
    parts = [
        "",
        "Every kind of line the stream holds, from the event classes themselves (the schema is",
        "made from the same classes). A field marked *optional* may be left out or written",
        "`null` (a list: left out or `[]`); `actor` is the player who acts when it is not the",
        "turn's player. Each example is one line of the stream, then the same in the notation.",
        "",
    ]
    kinds = event_kinds()
    for kind, cls in sorted(kinds.items()):
        parts += [f"### `{kind}`", "", _description(cls), "", *_fields(defs[kind])]
        event = example_event(kind)
        notation = format_events([event]).strip() or "(an empty line)"
        parts += ["```json", example_line(kind), "```", "", f"Notation: `{notation}`", ""]
    parts += ["### Parts of events", "", "The objects some fields hold.", ""]
    for name in sorted(set(defs) - set(kinds) - {"span", "ref"}):
        cls = getattr(E, name)
        parts += [f"#### `{name}`", "", _description(cls), "", *_fields(defs[name])]
    return "\n".join(parts)


def _fields(body: dict[str, Any]) -> list[str]:
    """The table of an object's fields: name, type, required or optional."""
    required = set(body["required"])
    rows = [
        f"| `{name}` | {_type_words(schema)} | {'required' if name in required else 'optional'} |"
        for name, schema in body["properties"].items()
        if name not in ("schema", "kind", "file", "span")
        or (name == "kind" and "const" not in schema)
    ]
    return ["| field | type | |", "|---|---|---|", *rows, ""] if rows else []


def render(doc: str) -> str:
    """`doc` with its reference section made anew."""
    start = doc.index(BEGIN) + len(BEGIN)
    end = doc.index(END)
    return doc[:start] + "\n" + reference() + "\n" + doc[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is out of date")
    args = parser.parse_args(argv)
    doc = DOC_PATH.read_text(encoding="utf-8")
    fresh = render(doc)
    if args.check:
        if fresh != doc:
            print(f"{DOC_PATH}: the event reference is out of date; run "
                  "python -m monolog.notation.stream_docs", file=sys.stderr)  # fmt: skip
            return 1
        return 0
    DOC_PATH.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
