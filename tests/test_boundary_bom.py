"""A record saved with a UTF-8 byte-order mark (as Windows Notepad saves it, with CRLF line
ends) reads as the same record without it: no P003, one game, the file's own line numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import monolog
from monolog.cli import app

BOM = b"\xef\xbb\xbf"
GAME = (
    '[Edition "uk-1996"]\r\n'
    '[Players "Ann, Ben"]\r\n'
    "1. Ann 1-2 Whitechapel Road buy =1500\r\n"
    "2. Ben 1-2 Whitechapel Road pay 4 to Ann\r\n"
)


def invoke(args: list[str]) -> tuple[int, str]:
    """The exit code and standard output (stderr apart) of a command."""
    result = CliRunner().invoke(app, args, env={"NO_COLOR": "1", "COLUMNS": "200"})
    return result.exit_code, result.stdout


@pytest.mark.parametrize("opening", ["{ saved by Notepad }", "; saved by Notepad"])
def test_a_bom_and_a_comment_first_is_one_game_with_the_files_line_numbers(
    tmp_path: Path, opening: str
) -> None:
    record = tmp_path / "notepad.mlog"
    record.write_bytes(BOM + f"{opening}\r\n{GAME}".encode())
    code, out = invoke(["audit", "--format", "json", str(record)])
    assert "P003" not in out
    data = json.loads(out)
    findings = [f for game in data["games"] for f in game["findings"]]
    assert [(f["code"], f["line"]) for f in findings] == [("W001", 4)]
    # the message names the line of the purchase the replay worked out: the file's line 4
    assert "on line 4 " in findings[0]["message"]
    assert code == 0  # a warning only


def test_an_event_stream_with_a_bom_is_read(tmp_path: Path) -> None:
    plain = tmp_path / "plain.mlog"
    plain.write_text(GAME, encoding="utf-8")
    code, stream = invoke(["parse", "--json", str(plain)])
    assert code == 0
    record = tmp_path / "game.jsonl"
    record.write_bytes(BOM + stream.encode())
    (game,) = monolog.read_games(record)
    assert [f.code for f in game.replay().findings] == ["W001"]
    code, out = invoke(["audit", str(record)])
    assert "P130" not in out and "W001" in out


def test_a_finding_on_the_first_line_shows_it_without_the_bom(tmp_path: Path) -> None:
    record = tmp_path / "edition.mlog"
    record.write_bytes(BOM + b'[Edition "nowhere"]\r\n[Players "Ann, Ben"]\r\n')
    for command in (["audit"], ["ledger"]):
        out = invoke([*command, str(record)])[1]
        assert "W009" in out
    lines = invoke(["audit", str(record)])[1].splitlines()
    at = lines.index('    [Edition "nowhere"]')  # the excerpt, the mark neither shown nor escaped
    assert lines[at + 1] == "    " + "^" + "~" * (len('[Edition "nowhere"]') - 1)
