"""docs/engines.md documents every event kind of the stream, and each example there is a line
the stream reader takes, valid under docs/events.schema.json, that gives the event written in
the notation beside it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from monolog.notation import stream_docs
from monolog.notation.events import to_data
from monolog.notation.jsonl import event_kinds, parse_jsonl

DOCS = Path(__file__).resolve().parent.parent / "docs"
SCHEMA = DOCS / "events.schema.json"


def _without_spans(data: object) -> object:
    if isinstance(data, dict):
        return {k: _without_spans(v) for k, v in data.items() if k != "span"}
    if isinstance(data, list):
        return [_without_spans(v) for v in data]
    return data


def test_every_kind_has_an_example_that_reads_back_as_its_event() -> None:
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    kinds = set(event_kinds())
    assert sorted(kinds - set(stream_docs.EXAMPLES)) == [], "give each new kind an example"
    assert sorted(set(stream_docs.EXAMPLES) - kinds) == []
    wrong = []
    for kind in sorted(kinds):
        line = stream_docs.example_line(kind)
        errors = [e.message for e in validator.iter_errors(json.loads(line))]
        (read,) = parse_jsonl(line, "example.jsonl")
        meant = stream_docs.example_event(kind)
        if errors or _without_spans(to_data(read)) != _without_spans(to_data(meant)):
            wrong.append(f"{kind}: {errors or to_data(read)}")
    assert wrong == []


def test_the_reference_in_docs_engines_is_up_to_date() -> None:
    doc = (DOCS / "engines.md").read_text(encoding="utf-8")
    assert stream_docs.render(doc) == doc, "run python -m monolog.notation.stream_docs"
    for kind in event_kinds():
        assert f"### `{kind}`" in doc
