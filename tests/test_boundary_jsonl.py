"""An event stream line that is JSON but no event can be: nested without end, a key given
twice, a span below 0. Each is P131 at its own line and column, exit 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from monolog.cli import app

PLAYERS = '{"kind": "tag", "key": "Players", "value": "Ann, Ben"}\n'


def audit(tmp_path: Path, line: str) -> tuple[int, str]:
    record = tmp_path / "game.jsonl"
    record.write_text(PLAYERS + line + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(record)], env={"NO_COLOR": "1"})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


def test_a_line_nested_without_end_is_refused_at_the_bracket_too_deep(tmp_path: Path) -> None:
    line = '{"kind": "comment", "text": ' + "[" * 100_000 + "]" * 100_000 + "}"
    code, out = audit(tmp_path, line)
    # the event's braces are the first level; the text's first bracket is at column 29, so
    # its 32nd (column 60) opens the 33rd
    assert "game.jsonl:2:60: P131" in out
    assert "nested more than 32 levels deep" in out
    assert code == 2


def test_a_key_given_twice_is_refused_at_its_second_place(tmp_path: Path) -> None:
    code, out = audit(tmp_path, '{"kind": "buy", "amount": 60, "amount": 600}')
    assert "game.jsonl:2:31: P131" in out
    assert "the key 'amount' is given twice" in out
    assert code == 2


def test_a_span_below_zero_is_refused_at_the_span(tmp_path: Path) -> None:
    line = '{"kind": "comment", "text": "x", "inline": true, "span": [-1, -1, -1, -1]}'
    code, out = audit(tmp_path, line)
    assert "game.jsonl:2:50: P131" in out
    assert "each 0 or more" in out
    assert code == 2
