"""`monolog view` and `monolog state --export svg` without a browser: what the page holds."""

from __future__ import annotations

import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.board import GROUP_COLOURS, PLAYER_COLOURS
from monolog.reports.game import load_game
from monolog.reports.position import At, position_at
from monolog.reports.view import line_states

REPO = Path(__file__).resolve().parent.parent
WORKED = "scenarios/games/worked-example.mlog"
UK = "scenarios/games/uk-1996-short.mlog"
SVG_NS = "{http://www.w3.org/2000/svg}"


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, code: int = 0) -> str:
    monkeypatch.chdir(REPO)
    result = CliRunner().invoke(app, args, env={"NO_COLOR": "1"})
    assert result.exit_code == code, result.output
    return result.output


def page_data(html: str) -> dict[str, object]:
    m = re.search(r'<script id=game-data type="application/json">(.*?)</script>', html, re.S)
    assert m is not None
    data: dict[str, object] = json.loads(m[1])
    return data


@pytest.mark.parametrize("record", [WORKED, UK])
def test_the_page_stands_alone(
    record: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "game.html"
    run(["view", record, "-o", str(out)], monkeypatch)
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert set(re.findall(r"https?://[^\s\"'<>)]+", html)) <= {"http://www.w3.org/2000/svg"}
    assert not re.search(r"<(link|img|iframe|object)\b", html)
    assert not re.search(r"\bsrc\s*=", html)
    assert "@import" not in html and "@font-face" not in html
    assert "default-src 'none'" in html  # the browser is told to refuse any request
    assert "@media print" in html


@pytest.mark.parametrize("record", [WORKED, UK, "scenarios/games/us-2018-long-1.mlog"])
def test_every_line_shows_the_state_monolog_state_gives(record: str) -> None:
    game = load_game(str(REPO / record))
    states, per_line = line_states(load_game(str(REPO / record), per_line=True))
    assert len(per_line) == len(game.lines)
    for line in range(1, len(game.lines) + 1):
        snap = position_at(game, At(line, turn=False)).snapshot
        packed = states[per_line[line - 1]]
        for seat, name in enumerate(game.players):
            assert packed[2][seat] == snap["players"][name]["cash"], (line, name)
            square = game.edition.squares[packed[3][seat]].name
            assert square == snap["players"][name]["position"], (line, name)
        owners = [d & 7 for d in packed[7]]
        want = [
            game.players.index(snap["deeds"][sq.name]["owner"]) + 1
            if snap["deeds"][sq.name]["owner"]
            else 0
            for sq in game.edition.squares
            if sq.ownable
        ]
        assert owners == want, line
        assert packed[8:10] == [snap["bank"]["houses"], snap["bank"]["hotels"]], line


def test_findings_and_the_other_reading_are_in_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "game.html"
    run(["view", WORKED, "-o", str(out)], monkeypatch)
    data = page_data(out.read_text(encoding="utf-8"))
    findings = data["findings"]
    assert isinstance(findings, list)
    a04 = next(f for f in findings if f["code"] == "A04")
    assert a04["line"] == 47
    assert [a["reading"] for a in a04["alternatives"]] == ["extra-roll"]
    assert "line 47" in a04["alternatives"][0]["first"]


def test_view_to_standard_output(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(["view", WORKED, "-o", "-"], monkeypatch)
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")


def test_view_of_a_broken_record_is_located(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.mlog"
    bad.write_text('[Players "Ann, Ben"]\n1. Ann 3-9 Chance\n', encoding="utf-8")
    out = run(["view", str(bad), "-o", str(tmp_path / "x.html")], monkeypatch, code=2)
    assert "bad.mlog:2:" in out
    assert not (tmp_path / "x.html").exists()


def test_state_svg_is_the_board_in_the_editions_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "board.svg"
    run(["state", UK, "--at", "40", "--export", "svg", "--output", str(out)], monkeypatch)
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG_NS}svg"
    text = " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "Old Kent" in text and "Mayfair" in text and "£" in text
    assert "Boardwalk" not in text
    game = load_game(str(REPO / UK))
    snap = position_at(game, At(40, turn=False)).snapshot
    owned = sum(1 for d in snap["deeds"].values() if d["owner"])
    owners = [r for r in root.iter(f"{SVG_NS}rect") if r.get("class") == "owner"]
    assert len(owners) == owned > 0
    tokens = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "token"]
    active = [p for p in snap["players"].values() if not (p["bankrupt"] or p["resigned"])]
    assert len(tokens) == len(active)
    houses = sum(d["houses"] for d in snap["deeds"].values() if not d["hotel"])
    drawn = [r for r in root.iter(f"{SVG_NS}rect") if r.get("class") == "house"]
    assert len(drawn) == houses


def test_a_wrong_result_tag_is_among_the_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "wrong-result.mlog"
    text = (REPO / WORKED).read_text(encoding="utf-8").replace('[Result "Ann"]', '[Result "Cal"]')
    record.write_text(text, encoding="utf-8")
    out = tmp_path / "game.html"
    run(["view", str(record), "-o", str(out)], monkeypatch)
    findings = page_data(out.read_text(encoding="utf-8"))["findings"]
    assert isinstance(findings, list)
    assert "W101" in {f["code"] for f in findings}


def test_lines_with_findings_are_marked_in_the_move_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "overpaid.mlog"
    text = (REPO / WORKED).read_text(encoding="utf-8")
    record.write_text(text.replace("Vermont Avenue buy 100", "Vermont Avenue buy 90"), "utf-8")
    out = tmp_path / "game.html"
    run(["view", str(record), "-o", str(out)], monkeypatch)
    html = out.read_text(encoding="utf-8")
    items = dict(re.findall(r'<li data-line="(\d+)" class="([^"]*)"', html))
    marks = {
        int(n): (kind, title, codes)
        for n, kind, title, codes in re.findall(
            r'<li data-line="(\d+)"[^>]*><span class=n>\d+</span>'
            r'<span class="mark (\w+)" title="([^"]*)" data-codes="([^"]*)">',
            html,
        )
    }
    bought = 1 + text.splitlines().index(
        "2. Ben 4-4 Vermont Avenue buy 100 ; a double: Ben rolls again"
    )
    assert marks[bought][0] == "error" and "M203" in marks[bought][1]
    assert marks[47][0] == "ruling" and marks[47][2] == "A04 I001"
    assert marks[56][0] == "ruling" and marks[56][1].startswith("A09 ")
    assert "marked" not in items["48"] and 48 not in marks
    assert set(marks) == {int(n) for n, kind in items.items() if "marked" in kind}


def test_the_settlement_bars_wear_no_players_colour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "game.html"
    run(["view", WORKED, "-o", str(out)], monkeypatch)
    html = out.read_text(encoding="utf-8")
    bars = html[html.index("<svg class=bars") :]
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', bars[: bars.index("</svg>")]))
    assert len(fills) == 3
    assert fills.isdisjoint(PLAYER_COLOURS) and fills.isdisjoint(GROUP_COLOURS.values())


def test_the_page_on_standard_output_carries_no_control_character(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `-o -` in a terminal: an escape sequence from the record would drive the terminal
    record = tmp_path / "controls.mlog"
    record.write_text(
        '[Event "E\x1b[2J\x9b31m"]\n[Players "Ann, Ben"]\n\n'
        "1. Ann 1-2 Baltic Avenue buy 60 ; hi \x1b]0;title\x07\n",
        encoding="utf-8",
    )
    out = run(["view", str(record), "-o", "-"], monkeypatch)
    raw = [hex(ord(c)) for c in out if unicodedata.category(c) == "Cc" and c not in "\t\n"]
    assert raw == []
    # the heading is the reports' game title, escaped as every report escapes it
    assert "<h1>Game: E\\x1b[2J" in out and "hi ␛]0;title␇" in out
