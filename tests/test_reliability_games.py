"""A file of several games is audited one game at a time: each game is its own report, with the
file's line numbers, and the games are not replayed as one (before, the second game's tags and
turns were read as more of the first game, giving findings that were not in the record, and the
whole file was held in memory at once)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_process import run_cli

from monolog.commands.audit import audit_file, audit_games
from monolog.notation.games import game_ranges

GAME = (
    '[Event "Club night"]\n[Table "{table}"]\n[Players "Ann, Ben"]\n\n'
    "1. Ann 3-4 Chance card CH08\n2. Ben 2-3 Reading Railroad buy 200\n"
)


def _file(tmp_path: Path, games: int, broken: int | None = None) -> Path:
    parts = [GAME.format(table=n + 1) for n in range(games)]
    if broken is not None:
        parts[broken] = parts[broken].replace("buy 200", "buy @ 200")
    path = tmp_path / "night.mlog"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def test_each_game_is_audited_on_its_own(tmp_path: Path) -> None:
    single = tmp_path / "one.mlog"
    single.write_text(GAME.format(table=1), encoding="utf-8")
    alone, _ = audit_file(str(single))
    games = list(audit_games(str(_file(tmp_path, 4))))
    assert len(games) == 4
    for n, (report, error) in enumerate(games):
        assert error is None
        assert report.header["Table"] == str(n + 1)
        # the same findings as the game alone, moved to where the game is in the file
        assert [(f.code, f.line - 7 * n) for f in report.findings] == [
            (f.code, f.line) for f in alone.findings
        ]


def test_a_parse_error_in_one_game_is_located_in_the_file(tmp_path: Path) -> None:
    games = list(audit_games(str(_file(tmp_path, 3, broken=1))))
    assert [report.parsed for report, _ in games] == [True, True, True]
    error = games[1][1]
    assert error is not None and error.startswith(f"{tmp_path / 'night.mlog'}:13:")
    assert "buy @ 200" in error


def test_the_command_line_reports_every_game(tmp_path: Path) -> None:
    _file(tmp_path, 3)
    for jobs in ("1", "2"):
        out = run_cli(["audit", "--jobs", jobs, "night.mlog"], tmp_path)
        assert out.clean and out.code is not None, out
        assert out.stdout.count("night.mlog  Club night, table") == 3
        assert "3 records:" in out.stdout


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        (b"", [0]),
        (b'[Event "a"]\n1. Ann 3-4\n', [0]),
        (b'[Event "a"]\n1. Ann 3-4\n\n[Event "b"]\n[Round "2"]\n1. Ben 3-4\n', [0, 3]),
        (b'; a note\n[Event "a"]\n; another\n[Round "1"]\n1. Ann 3-4\n', [0]),
        (b'[Event "a"]\nsetup Ann cash 5\n[Event "b"]\n', [0, 2]),
    ],
)
def test_game_ranges(text: bytes, starts: list[int]) -> None:
    ranges = game_ranges(io.BytesIO(text))
    assert [before for _, _, before in ranges] == starts
    assert b"".join(text[a:b] for a, b, _ in ranges) == text


@pytest.mark.parametrize("games", [0, 1, 3])
def test_the_json_stream_writes_what_the_whole_document_would(tmp_path: Path, games: int) -> None:
    from monolog.findings.json_document import JsonStream, render_json

    reports = [report for report, _ in audit_games(str(_file(tmp_path, 3, broken=1)))][:games]
    parts: list[str] = []
    stream = JsonStream(parts.append)
    for report in reports:
        stream.game(report)
    stream.close()
    assert "".join(parts) == render_json(reports) + "\n"


def test_a_json_run_over_many_games_streams(tmp_path: Path) -> None:
    _file(tmp_path, 5)
    one = run_cli(["audit", "--format", "json", "night.mlog"], tmp_path)
    two = run_cli(
        ["audit", "--format", "json", "--jobs", "2", "night.mlog", "night.mlog"], tmp_path
    )
    assert one.clean and two.clean

    assert len(json.loads(one.stdout)["games"]) == 5
    assert len(json.loads(two.stdout)["games"]) == 10
