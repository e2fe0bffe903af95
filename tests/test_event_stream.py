"""The JSON Lines event stream read back: its published schema, the round trip text -> JSON ->
audit on every shipped record, refused lines, and the public API reading it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

import monolog
from monolog.cli import app
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


def _validators_by_kind(schema: dict[str, Any]) -> dict[str, jsonschema.Draft202012Validator]:
    """A validator for each branch of the schema's `oneOf`, by the `kind` it requires.

    Each branch requires `kind` and holds it to a constant of its own, so a line fits the
    `oneOf` exactly when it fits the branch of its kind: the same verdict as the whole schema,
    without trying the line against the forty other branches (which took most of this file's
    time). The shape that makes this so is asserted here, so a schema that loses it fails."""
    defs = schema["$defs"]
    validators = {}
    for branch in schema["oneOf"]:
        name = branch["$ref"].removeprefix("#/$defs/")
        one = defs[name]
        assert "kind" in one["required"] and one["properties"]["kind"] == {"const": name}, name
        validators[name] = jsonschema.Draft202012Validator({**one, "$defs": defs})
    assert len(validators) == len(schema["oneOf"])
    return validators


def test_every_line_of_every_shipped_record_fits_the_schema() -> None:
    by_kind = _validators_by_kind(json_schema())
    assert RECORDS
    for path in RECORDS:
        for line in _stream(path).split("\n"):
            event = json.loads(line)
            assert event["kind"] in by_kind, (path, line)
            errors = list(by_kind[event["kind"]].iter_errors(event))
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


def _json_error(line: str) -> tuple[int, str]:
    """The column and words Python's json gives for the first fault in `line`."""
    try:
        json.loads(line)
    except json.JSONDecodeError as exc:
        return exc.colno, exc.msg
    raise AssertionError(f"{line!r} is JSON")


TRAILING_COMMA = '{"kind": "buy", "amount": 100,}'


@pytest.mark.parametrize(
    ("line", "code", "column", "words"),
    [
        ("not json", "P130", 1, "this line is not JSON: Expecting value"),
        # where a trailing comma breaks the JSON, and the words for it, are json's own, and
        # they changed in Python 3.13 (at the comma: "Illegal trailing comma before end of object")
        (TRAILING_COMMA, "P130", *_json_error(TRAILING_COMMA)),
        ("{'kind': 'buy'}", "P130", 2, "enclosed in double quotes"),
        ('{"kind": "buy", "amount": 1', "P130", 28, "Expecting ',' delimiter"),
        ("[1, 2]", "P131", 1, "expected one event as a JSON object"),
        ('{"kind": "fly"}', "P131", 2, "unknown event kind 'fly'"),
        ('{"schema": 2, "kind": "buy", "amount": 1}', "P131", 2, "this monolog reads schema 1"),
        ('{"kind": "buy", "amount": "100"}', "P131", 17, "buy.amount: expected a whole number"),
        ('{"kind": "buy", "amount": 100, "price": 1}', "P131", 32, "unknown field 'price'"),
        ('{"kind": "roll", "die1": 1}', "P131", 2, "roll: die2 is missing"),
        # a die no dice could show, as the notation refuses it (P111): a stream's -5 was
        # replayed, and a utility's rent worked out from it went below zero
        (
            '{"kind": "roll", "die1": 2, "die2": -5}',
            "P131",
            29,
            "roll.die2: a die shows 1 to 6, not -5",
        ),
        (
            '{"kind": "dice", "die1": 7, "die2": 1}',
            "P131",
            18,
            "dice.die1: a die shows 1 to 6, not 7",
        ),
        (
            '{"kind": "rent", "amount": 4, "payee": {"text": 5}}',
            "P131",
            31,
            "rent.payee: expected",
        ),
    ],
)
def test_a_bad_line_is_refused_at_its_spot(line: str, code: str, column: int, words: str) -> None:
    # P130: not JSON, at the spot the JSON breaks; P131: JSON but not an event, at the line's
    # own key at fault (a nested value's too: the key of the line holding it)
    good = '{"kind": "tag", "key": "Players", "value": "Ann, Ben"}'
    with pytest.raises(monolog.ParseError) as caught:
        parse_jsonl(good + "\n" + line + "\n", "g.jsonl")
    finding = caught.value.finding
    assert (finding.code, finding.location()) == (code, f"g.jsonl:2:{column}")
    assert words in finding.message, finding.message
    rendered = caught.value.render().split("\n")
    assert rendered[1] == "    " + line
    assert rendered[2] == "    " + " " * (column - 1) + "^"
    assert (
        rendered[3]
        == "    expected one event as a JSON object, as docs/events.schema.json describes"
    )


def test_a_bad_line_is_reported_by_audit_and_explained(tmp_path: Path) -> None:
    stream = tmp_path / "g.jsonl"
    stream.write_text('{"kind": "tag", "key": "Players", "value": "Ann, Ben"}\n{"kind": \n')
    result = CliRunner().invoke(app, ["audit", str(stream)])
    assert result.exit_code == 2
    assert f"{stream}:2:10: P130 this line is not JSON" in result.output
    for code in ("P130", "P131"):
        explained = CliRunner().invoke(app, ["explain", code])
        assert explained.exit_code == 0, explained.output
        assert "event stream" in explained.output


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


def _audit_json(path: Path) -> list[dict[str, object]]:
    """What `monolog audit --format json` reports for each game of `path`, without its name."""
    result = CliRunner().invoke(app, ["audit", "--format", "json", str(path)])
    assert result.exit_code in (0, 1), result.output
    games = json.loads(result.output)["games"]
    for game in games:
        for finding in game["findings"]:
            finding.pop("file")
        game.pop("file")
    return games  # type: ignore[no-any-return]


def test_several_games_round_trip_text_json_audit(tmp_path: Path) -> None:
    # a file of three games (two editions), written as the stream `monolog parse --json`
    # writes, is audited game by game as the text is: same games, headers and findings
    games = [
        ROOT / "scenarios" / "games" / "worked-example.mlog",
        ROOT / "scenarios" / "games" / "uk-1996-short.mlog",
        ROOT / "scenarios" / "games" / "worked-example.mlog",
    ]
    text = tmp_path / "three.mlog"
    text.write_text("\n".join(p.read_text(encoding="utf-8") for p in games), encoding="utf-8")
    parsed = CliRunner().invoke(app, ["parse", "--json", "--trivia", str(text)])
    assert parsed.exit_code == 0, parsed.output
    stream = tmp_path / "three.jsonl"
    stream.write_text(parsed.output, encoding="utf-8")
    by_text, by_stream = _audit_json(text), _audit_json(stream)
    assert [g["header"]["Event"] for g in by_stream] == [  # type: ignore[index]
        "Worked example",
        "UK example",
        "Worked example",
    ]
    assert by_stream == by_text
    assert by_text[0]["findings"] and by_text[1]["findings"]


def test_a_program_written_stream_of_two_games_is_cut_at_the_second_tag(tmp_path: Path) -> None:
    # no spans: each finding points at the stream's own line, counted from the file's start
    def game(rent: int) -> list[str]:
        return [
            '{"kind": "tag", "key": "Players", "value": "Ann, Ben"}',
            '{"kind": "comment", "text": "a new game", "inline": false}',
            '{"kind": "turn", "number": 1, "player": {"text": "Ann"}}',
            '{"kind": "roll", "die1": 1, "die2": 2, "square": {"text": "Baltic Avenue"}}',
            '{"kind": "buy", "amount": 60}',
            '{"kind": "turn", "number": 2, "player": {"text": "Ben"}}',
            '{"kind": "roll", "die1": 1, "die2": 2, "square": {"text": "Baltic Avenue"}}',
            f'{{"kind": "rent", "amount": {rent}, "payee": {{"text": "Ann"}}}}',
        ]

    stream = tmp_path / "two.jsonl"
    stream.write_text("\n".join([*game(4), "", *game(6)]) + "\n", encoding="utf-8")
    games = _audit_json(stream)
    assert len(games) == 2
    assert games[0]["findings"] == []
    [wrong] = games[1]["findings"]  # type: ignore[misc]
    assert (wrong["code"], wrong["line"], wrong["column"]) == ("M301", 17, 1)
    # the API cuts the stream the same way
    assert len(monolog.read_games(stream)) == 2


def test_the_refused_line_shown_in_engines_md_is_what_monolog_prints() -> None:
    from monolog.findings.catalogue import load_catalogue

    record = load_catalogue()["P131"].fail
    assert record is not None
    with pytest.raises(monolog.ParseError) as caught:
        parse_jsonl(record, "game.jsonl")
    page = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    assert "```text\n" + caught.value.render() + "\n```" in page
