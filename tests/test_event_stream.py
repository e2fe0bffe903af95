"""The JSON Lines event stream read back: its published schema, the round trip text -> JSON ->
audit on every shipped record, refused lines, and the public API reading it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import monolog
from monolog.commands.audit import audit_file
from monolog.notation.events import SCHEMA_VERSION, to_data
from monolog.notation.jsonl import json_schema, looks_like_jsonl, parse_jsonl
from monolog.notation.parser import parse_text

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted(ROOT.glob("scenarios/**/*.mlog"))
SCHEMA_FILE = ROOT / "docs" / "events.schema.json"


def _stream(path: Path) -> str:
    """What `monolog parse --json --trivia` writes for `path`."""
    events = parse_text(path.read_text(encoding="utf-8"), str(path))
    return "\n".join(
        json.dumps({"schema": SCHEMA_VERSION, "file": str(path), **to_data(e)}) for e in events
    )


def test_the_published_schema_is_the_one_the_reader_follows() -> None:
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published == json_schema(), "run: python -m monolog.notation.jsonl > " + str(
        SCHEMA_FILE.relative_to(ROOT)
    )
    jsonschema.Draft202012Validator.check_schema(published)


def test_every_line_of_every_shipped_record_fits_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(json_schema())
    assert RECORDS
    for path in RECORDS:
        for line in _stream(path).split("\n"):
            errors = list(validator.iter_errors(json.loads(line)))
            assert not errors, (path, line, errors[0].message)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(ROOT)))
def test_text_to_json_to_audit_equals_the_text_audit(path: Path, tmp_path: Path) -> None:
    stream = tmp_path / (path.stem + ".jsonl")
    stream.write_text(_stream(path), encoding="utf-8")
    assert parse_jsonl(stream.read_text(encoding="utf-8")) == parse_text(
        path.read_text(encoding="utf-8")
    )
    text, _ = audit_file(str(path))
    via_json, _ = audit_file(str(stream))

    def seen(report: object) -> list[tuple[object, ...]]:
        return [
            (f.code, f.severity, f.line, f.column, f.message, f.rule)
            for f in report.findings  # type: ignore[attr-defined]
        ]

    assert seen(via_json) == seen(text)
    assert via_json.header == text.header


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("not json", "not an event of the JSON Lines stream"),
        ("[1, 2]", "expected one event as a JSON object"),
        ('{"kind": "fly"}', "unknown event kind 'fly'"),
        ('{"schema": 2, "kind": "buy", "amount": 1}', "this monolog reads schema 1"),
        ('{"kind": "buy", "amount": "100"}', "buy.amount: expected a whole number"),
        ('{"kind": "buy", "amount": 100, "price": 1}', "unknown field 'price'"),
        ('{"kind": "roll", "die1": 1}', "roll: die2 is missing"),
    ],
)
def test_a_bad_line_is_refused_at_its_line(line: str, words: str) -> None:
    good = '{"kind": "tag", "key": "Players", "value": "Ann, Ben"}'
    with pytest.raises(monolog.ParseError) as caught:
        parse_jsonl(good + "\n" + line + "\n", "g.jsonl")
    finding = caught.value.finding
    assert finding.code == "P101"
    assert finding.location() == "g.jsonl:2:1"
    assert words in finding.message


def test_a_record_opening_with_a_brace_comment_is_not_taken_for_the_stream() -> None:
    assert not looks_like_jsonl('{a comment}\n[Players "Ann, Ben"]\n')
    assert looks_like_jsonl('\n{"kind": "tag", "key": "Players", "value": "Ann, Ben"}\n')


def test_the_api_reads_the_stream_and_several_games(tmp_path: Path) -> None:
    worked = ROOT / "scenarios" / "games" / "worked-example.mlog"
    uk = ROOT / "scenarios" / "games" / "uk-1996-short.mlog"
    stream = tmp_path / "two.jsonl"
    stream.write_text(_stream(worked) + "\n" + _stream(uk), encoding="utf-8")
    records = monolog.read_games(stream)
    assert [r.header["Event"] for r in records] == ["Worked example", "UK example"]
    texts = monolog.parse_games(
        worked.read_text(encoding="utf-8") + "\n" + uk.read_text(encoding="utf-8")
    )
    for a, b in zip(records, texts, strict=True):
        assert [f.code for f in a.replay().findings] == [f.code for f in b.replay().findings]
