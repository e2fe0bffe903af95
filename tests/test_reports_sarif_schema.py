"""SARIF output validated against the official SARIF 2.1.0 JSON schema (OASIS, errata 01).

The schema cannot be fetched while the tests run, so it is kept as a test fixture,
tests/data/sarif/sarif-schema-2.1.0.json, unchanged (its source and licence are in
tests/data/sarif/NOTICE.md). The structural checks in test_reports_formats.py add what code
scanning demands beyond the schema (no empty strings, relative URIs, fingerprints).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from monolog.reports.formats import render_format

REPO = Path(__file__).resolve().parent.parent
GAMES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "scenarios/games").glob("*.mlog"))


def _schema() -> dict[str, Any]:
    text = (REPO / "tests" / "data" / "sarif" / "sarif-schema-2.1.0.json").read_text(
        encoding="utf-8"
    )
    schema: dict[str, Any] = json.loads(text)
    assert schema["id"].endswith("/sarif-schema-2.1.0.json"), schema["id"]
    return schema


SCHEMA = _schema()
VALIDATOR = jsonschema.Draft4Validator(SCHEMA)


def _games(paths: list[str]) -> list[Any]:
    from monolog.reports.game import load_game
    from monolog.reports.settlement import settle

    out = []
    for path in paths:
        game = load_game(str(REPO / path))
        out.append((path, game.header, [*game.findings, *settle(game).findings]))
    return out


def _errors(log: Any) -> list[str]:
    return [
        f"{'/'.join(str(p) for p in e.absolute_path)}: {e.message}"
        for e in VALIDATOR.iter_errors(log)
    ]


def test_the_schema_is_the_sarif_2_1_0_schema() -> None:
    assert SCHEMA["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    # a log that breaks the schema is refused, so the validation below can fail
    assert _errors({"version": "2.1.0", "runs": [{"tool": {}}]})


@pytest.mark.parametrize("path", GAMES)
def test_sarif_of_each_shipped_game_is_schema_valid(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    log = json.loads(render_format("sarif", _games([path])))
    assert _errors(log) == []


def test_sarif_with_violations_is_schema_valid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a record with errors, warnings and notes, so every result level is exercised
    record = tmp_path / "broken.mlog"
    record.write_text(
        '[Edition "us-2018"]\n[Players "Ann, Ben"]\n'
        "1. Ann 3-4 Chance card CH08 =1600\n"  # checksum wrong: W001
        "2. Ben 5-3 Vermont Avenue buy 90\n",  # price is 100: M203
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    from monolog.reports.game import load_game

    game = load_game(str(record))
    codes = {f.code for f in game.findings}
    assert {"W001", "M203"} <= codes
    log = json.loads(render_format("sarif", [("broken.mlog", game.header, game.findings)]))
    assert _errors(log) == []
    levels = {r["level"] for r in log["runs"][0]["results"]}
    assert {"error", "warning"} <= levels
