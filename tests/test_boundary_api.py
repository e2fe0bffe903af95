"""The Python API at the boundary: the same findings as `monolog audit`, and only the errors
docs/api.md names (ParseError for a record that cannot be read, ValueError for a ruling or an
edition that cannot be used)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import monolog
from monolog.cli import app

REPO = Path(__file__).resolve().parent.parent
SHIPPED = ["worked-example.mlog", "uk-1996-short.mlog", "uk-esl-sim-1.mlog", "us-2018-long-2.mlog"]
NOT_UTF8 = b'[Players "Ann, Ben"]\n1. Ann 1-2 \xff Road\n'


def audit_findings(path: Path) -> list[tuple[str, int, int, str]]:
    result = CliRunner().invoke(app, ["audit", "--format", "json", str(path)])
    data = json.loads(result.stdout)
    return [
        (f["code"], f["line"], f["column"], f["message"])
        for game in data["games"]
        for f in game["findings"]
    ]


def api_findings(path: Path) -> list[tuple[str, int, int, str]]:
    return [
        (f.code, f.line, f.column, f.message)
        for record in monolog.read_games(path)
        for f in record.replay().findings
    ]


def test_the_api_gives_audits_findings(tmp_path: Path) -> None:
    # an Edition tag naming no edition monolog has, nor a file beside the record (W009)
    unusable = tmp_path / "unusable-edition.mlog"
    unusable.write_text('[Edition "../../nowhere"]\n[Players "Ann, Ben"]\n', encoding="utf-8")
    for path in [*(REPO / "scenarios/games" / name for name in SHIPPED), unusable]:
        assert api_findings(path) == audit_findings(path), path.name
    assert [f[0] for f in api_findings(unusable)] == ["W009"]


def test_a_record_that_is_not_utf8_is_a_parse_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.mlog"
    path.write_bytes(NOT_UTF8)
    with pytest.raises(monolog.ParseError) as read:
        monolog.read_games(path)
    assert read.value.finding.code == "P002"
    assert read.value.finding.location() == f"{path}:2:12"
    for reader in (monolog.read_games, monolog.read_game):
        with pytest.raises(monolog.ParseError) as streamed:
            reader(io.TextIOWrapper(io.BytesIO(NOT_UTF8), encoding="utf-8"))
        assert streamed.value.finding.code == "P002"


@pytest.mark.parametrize(
    ("rulings", "says"),
    [({"CF-99": "x"}, "unknown disputed point 'CF-99'"), ({"CF-02": "x"}, "no reading 'x'")],
)
def test_a_ruling_audit_refuses_is_a_value_error(rulings: dict[str, str], says: str) -> None:
    (record,) = monolog.read_games(REPO / "scenarios/games/worked-example.mlog")
    with pytest.raises(ValueError, match=says):
        record.replay(rulings=rulings)
