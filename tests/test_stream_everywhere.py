"""An event stream (JSON Lines) is read by every command that reads a record, and gives what
the record it was written from gives; findings on a stream show the event they are at; and
`audit --format jsonl` writes a row per finding and a row per game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

REPO = Path(__file__).resolve().parent.parent
GAMES = REPO / "scenarios" / "games"
# a UK game (pounds, other squares) and the worked example (every kind of line)
SAMPLE = ["uk-1996-short.mlog", "worked-example.mlog"]


def invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "140", "NO_COLOR": "1"})
    return result.exit_code, result.output


def _stream(record: Path, folder: Path, trivia: bool = False) -> Path:
    """The record as `monolog parse --json` writes it (with its comments, with `trivia`)."""
    code, out = invoke(["parse", "--json", *(["--trivia"] if trivia else []), str(record)])
    assert code == 0
    target = folder / "a.jsonl"
    target.write_text(out, encoding="utf-8")
    return target


@pytest.mark.parametrize("game", SAMPLE)
@pytest.mark.parametrize(
    "command",
    [
        ["settle"],
        ["ledger"],
        ["state"],
        ["state", "--line", "30"],
        ["dispute", "--ruling", "CF-04=extra-roll"],
        ["standings"],
    ],
    ids=lambda c: " ".join(c),
)
def test_every_report_reads_a_stream_as_the_record_it_was_written_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, command: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # names of one length: the same wrapping
    record = Path("ab.mlog")
    record.write_bytes((GAMES / game).read_bytes())
    stream = _stream(record, Path(), trivia=True)
    code, from_record = invoke([*command, str(record)])
    from_stream = invoke([*command, str(stream)])
    # a line the report shows is the event in canonical form: `£180` is written `180`
    same = from_record.replace("ab.mlog", "a.jsonl").replace("£", "")
    assert (from_stream[0], from_stream[1].replace("£", "")) == (code, same)


def test_the_viewer_shows_a_stream_as_the_record(tmp_path: Path) -> None:
    record = tmp_path / "a.mlog"
    record.write_bytes((GAMES / "worked-example.mlog").read_bytes())
    stream = _stream(record, tmp_path, trivia=True)
    pages = []
    for source in (record, stream):
        page = tmp_path / f"{source.suffix[1:]}.html"
        assert invoke(["view", str(source), "-o", str(page)])[0] == 0
        pages.append(page.read_text(encoding="utf-8").replace(source.name, "FILE"))
    assert pages[0] == pages[1]


def test_fmt_writes_a_stream_as_the_record_and_never_rewrites_it(tmp_path: Path) -> None:
    record = tmp_path / "a.mlog"
    record.write_bytes((GAMES / "worked-example.mlog").read_bytes())
    stream = _stream(record, tmp_path, trivia=True)
    assert invoke(["fmt", str(stream)]) == invoke(["fmt", str(record)])
    before = stream.read_bytes()
    code, out = invoke(["fmt", "--write", str(stream)])
    assert code == 2 and "is an event stream" in out
    assert stream.read_bytes() == before


def test_a_finding_on_a_stream_shows_its_event(tmp_path: Path) -> None:
    """A program's stream carries no spans: each finding stands at the stream's own line, and
    the event there is shown in the notation, with the caret under it."""
    lines = [
        {"kind": "tag", "key": "Players", "value": "Ann, Ben"},
        {"kind": "turn", "number": 1, "player": {"text": "Ann"}},
        {"kind": "roll", "die1": 4, "die2": 5, "square": {"text": "Connecticut Avenue"}},
        {"kind": "buy", "amount": 150},
    ]
    stream = tmp_path / "g.jsonl"
    stream.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, out = invoke(["audit", str(stream)])
    assert code == 1
    assert "g.jsonl:4:1  M" in out
    assert "\n    buy 150\n    ^~~~~~~\n" in out


def test_jsonl_rows_number_the_games_of_a_file_and_count_clean_games(tmp_path: Path) -> None:
    clean = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 120\n'
    wrong = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150\n'
    both = tmp_path / "two.mlog"
    both.write_text(clean + "\n" + wrong, encoding="utf-8")
    code, out = invoke(["audit", "--format", "jsonl", str(both)])
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["kind"], r["game"]) for r in rows] == [("game", 1), ("finding", 2), ("game", 2)]
    finding = rows[1]
    assert finding["file"] == str(both) and finding["line"] == 5 and finding["cf"] is None
    assert finding["expected"] == 120 and finding["recorded"] == 150
    assert rows[0]["summary"] == {"error": 0, "warning": 0, "info": 0}
    # every row of a kind has every key, null where there is no value
    assert set(finding) >= {"code", "severity", "rule", "cf", "message", "caused_by"}


def test_a_folder_of_streams_is_audited_and_ranked_like_a_folder_of_records(tmp_path: Path) -> None:
    """docs/scale.md audits a folder of an engine's games: the streams in a folder are games too,
    beside the records (they were once skipped, and a folder of streams alone was "no record")."""
    worked = GAMES / "worked-example.mlog"
    stream = _stream(worked, tmp_path)
    (tmp_path / "b.mlog").write_text(worked.read_text(encoding="utf-8"), encoding="utf-8")
    code, out = invoke(["audit", "-q", "--format", "jsonl", str(tmp_path)])
    games = [json.loads(line) for line in out.splitlines() if '"kind": "game"' in line]
    assert code == 0
    assert sorted(Path(g["file"]).name for g in games) == ["a.jsonl", "b.mlog"]
    code, out = invoke(["standings", str(tmp_path)])
    assert code == 0 and "2 games counted" in out
    assert stream.exists()
