"""The report commands: usage errors, unreadable records, colour, exports, positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.game import load_game
from monolog.reports.position import At, parse_at, position_at

REPO = Path(__file__).resolve().parent.parent
WORKED = str(REPO / "scenarios/games/worked-example.mlog")
UK = str(REPO / "scenarios/games/uk-1996-short.mlog")


def invoke(args: list[str], **env: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, env={"COLUMNS": None, **env})  # type: ignore[dict-item]
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["ledger", UK, "--turns", "9-3"], "runs backwards"),
        (["ledger", UK, "--player", "Zed"], "the players are Ann, Ben"),
        (["ledger", UK, "--export", "pdf", "--output", "x"], "expected one of svg, html, txt"),
        (["ledger", UK, "--export", "svg"], "needs --output"),
        (["settle", UK, "--output", "x.svg"], "needs --export"),
        (["state", UK, "--at", "line 3"], "expected a line number"),
        (["state", UK, "--at", "t99"], "the record ends at turn 23"),
        (["state", UK, "--at", "500"], "the record has 42 lines"),
        (["ledger", "missing.mlog"], "missing.mlog:1:1: P001"),
        (["settle", UK, "--edition", "nowhere"], "unknown edition"),
    ],
)
def test_usage_and_read_errors_exit_two(args: list[str], says: str) -> None:
    code, out = invoke(args)
    assert code == 2
    assert says in out
    assert "Traceback" not in out


def test_a_parse_error_is_located(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mlog"
    bad.write_text('[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy £1,500\n', encoding="utf-8")
    for command in ("ledger", "settle", "state"):
        code, out = invoke([command, str(bad)])
        assert code == 2 and f"{bad}:2:" in out


def test_piped_output_has_no_colour_codes_and_no_trailing_blanks() -> None:
    code, out = invoke(["ledger", UK, "--chart"])
    assert code == 0
    assert "\x1b[" not in out
    assert all(line == line.rstrip() for line in out.splitlines())


def test_no_color_wins_over_force_color() -> None:
    _, forced = invoke(["settle", UK], FORCE_COLOR="1")
    assert "\x1b[" in forced
    _, plain = invoke(["settle", UK], FORCE_COLOR="1", NO_COLOR="1")
    assert "\x1b[" not in plain


def test_terminal_width_is_followed() -> None:
    _, narrow = invoke(["settle", UK], COLUMNS="70")
    assert max(len(line) for line in narrow.splitlines()) <= 70
    _, wide = invoke(["settle", UK], COLUMNS="160")
    assert max(len(line) for line in wide.splitlines()) > 70


@pytest.mark.parametrize("kind", ["svg", "html", "txt"])
def test_exports_are_deterministic(kind: str, tmp_path: Path) -> None:
    outs = []
    for n in range(2):
        path = tmp_path / f"{n}.{kind}"
        code, _ = invoke(["settle", WORKED, "--export", kind, "--output", str(path)], NO_COLOR="1")
        assert code == 0
        outs.append(path.read_bytes())
    assert outs[0] == outs[1]
    assert "Settlement: Worked example" in outs[0].decode("utf-8").replace("&#160;", " ")


def test_svg_export_is_the_same_under_no_color(tmp_path: Path) -> None:
    paths = [tmp_path / "plain.svg", tmp_path / "colour.svg"]
    invoke(["ledger", UK, "--export", "svg", "--output", str(paths[0])], NO_COLOR="1")
    invoke(["ledger", UK, "--export", "svg", "--output", str(paths[1])])
    text = paths[0].read_text(encoding="utf-8")
    assert text == paths[1].read_text(encoding="utf-8")
    assert text.startswith("<svg") and "Worth over time" in text.replace("&#160;", " ")


def test_parse_at() -> None:
    assert parse_at("120") == At(120, False)
    assert parse_at("t35") == At(35, True)
    assert parse_at("T7") == At(7, True)


def test_position_after_a_line_and_a_turn() -> None:
    game = load_game(UK)
    pos = position_at(game, parse_at("26"))  # Ben has just built on the light blues
    assert pos.line == 26 and pos.turn == 10
    assert pos.snapshot["bank"]["houses"] == 29
    assert pos.snapshot["deeds"]["Euston Road"] == {
        "owner": "Ben",
        "houses": 1,
        "hotel": False,
        "mortgaged": False,
    }
    after9 = position_at(game, parse_at("t9"))
    assert after9.snapshot["players"]["Ann"]["in_jail"] is True
    assert after9.snapshot["players"]["Ann"]["cash"] == 975


def test_position_before_any_event_is_the_opening() -> None:
    pos = position_at(load_game(UK), parse_at("1"))
    assert pos.line == 0
    assert {n: p["cash"] for n, p in pos.snapshot["players"].items()} == {"Ann": 1500, "Ben": 1500}


def test_state_shows_the_known_deck_order() -> None:
    code, out = invoke(["state", WORKED, "--at", "t1"])
    assert code == 0
    assert "Chance (order known, top first): CH05 CH07" in out
    assert "The bank holds 32 houses and 12 hotels" in out
