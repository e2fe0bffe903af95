"""Every report that shows money shows the same amounts: `dispute` (its original side),
`settle`, `state`, `ledger`, `standings` and `view`, at every line of every shipped game and of
a hand-typed game whose counts the replay takes as written (W001)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from test_one_slip import TYPO
from typer.testing import CliRunner

from monolog.cli import app
from monolog.dispute import run_side
from monolog.reports.game import Game, load_game
from monolog.reports.ledger import MoneyRow, build_ledger
from monolog.reports.settled import load_ledger, load_position
from monolog.reports.settlement import settle
from monolog.reports.standings import DEFAULT_POINTS, read_game
from monolog.reports.view import line_states

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted((ROOT / "scenarios" / "games").glob("*.mlog"))

# Finn's count on line 4 is $200 more than the replay's ($1,494 after the $6 rent worked out by
# the replay): the replay takes it as written, so every report has Finn at $1,694 from there.
ADOPTED = """\
[Players "Finn, Kim"]
setup Kim owns Oriental Avenue, Vermont Avenue, Connecticut Avenue mortgaged
setup next Finn
1. Finn 2-4 Oriental Avenue rent =1694
2. Kim 1-2 Baltic Avenue buy 60 =1446
3. Finn 3-4 States Avenue buy 140
"""


# the typo game (test_one_slip): Marvin Gardens rents for 24, typed 240; the counts are as
# paid, so the replay pays 24 from the count on line 5: every report has Ann at $1,524 and Ben
# at $1,476 after it


@pytest.fixture(scope="module")
def adopted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("money") / "adopted.mlog"
    path.write_text(ADOPTED, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def typo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("money") / "typo.mlog"
    path.write_text(TYPO, encoding="utf-8")
    return path


@cache
def replayed(path: Path) -> Game:
    return load_game(str(path))


def cash_by_line(game: Game) -> dict[int, dict[str, int]]:
    """Each player's cash after the last event of each line that has one."""
    out: dict[int, dict[str, int]] = {}
    for m in game.moments:
        out[m.line] = {n: p["cash"] for n, p in m.snapshot["players"].items()}
    return out


def check_every_report(path: Path, every_line: bool) -> None:
    game = replayed(path)
    by_line = cash_by_line(game)
    players = game.players
    final = {p.name: p.cash for p in game.result.state.players}
    worths = game.moments[-1].worth if game.moments else {}

    # dispute's original side: the table after every event
    side = run_side(game.events, None, file=str(path))
    assert len(side.signatures) == len(game.moments)
    for sig, m in zip(side.signatures, game.moments, strict=True):
        got = {p.name: p.cash for p in sig.players}
        assert got == {n: p["cash"] for n, p in m.snapshot["players"].items()}, m.line

    # view: the table after every line
    states, per_line = line_states(game)
    for line, cash in by_line.items():
        assert dict(zip(players, states[per_line[line - 1]][2], strict=True)) == cash, line

    # state --at LINE: a replay each, so in a long game a line in every ten, and the last
    lines = sorted(by_line)
    for line in lines if every_line else [*lines[:: max(1, len(lines) // 10)], lines[-1]]:
        cash = by_line[line]
        at = load_position(str(path), line).moments[0]
        assert {n: p["cash"] for n, p in at.snapshot["players"].items()} == cash, line

    # ledger: the balances after the last movement on each line
    rows = [r for r in build_ledger(load_ledger(str(path))).rows if isinstance(r, MoneyRow)]
    last = {r.line: r.balances for r in rows}
    for line, balances in last.items():
        assert balances == by_line[line], line

    # settle and standings
    settled = {w.name: (w.cash, w.total) for w in settle(game).ranking}
    assert settled == {n: (final[n], worths.get(n, final[n])) for n in players}
    scored = read_game(str(path), DEFAULT_POINTS)
    assert {p.name: p.worth for p in scored.placings} == {n: t for n, (_, t) in settled.items()}  # type: ignore[union-attr]

    # dispute, the command: the original's cash and worth at the end
    result = CliRunner().invoke(
        app, ["dispute", str(path), "--ruling", "CF-04=extra-roll", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    shown = {p["name"]: (p["cash"]["original"], p["worth"]["original"]) for p in doc["players"]}
    assert shown == settled


@pytest.mark.parametrize("path", GAMES, ids=[p.name for p in GAMES])
def test_every_report_shows_the_same_money_in_a_shipped_game(path: Path) -> None:
    check_every_report(path, every_line=False)


def test_every_report_shows_the_same_money_after_a_count_taken_as_written(adopted: Path) -> None:
    """dispute replayed without taking Finn's count: $1,354 at the end, where settle, state and
    ledger have $1,554."""
    check_every_report(adopted, every_line=True)
    assert {p.name: p.cash for p in replayed(adopted).result.state.players} == {
        "Finn": 1694 - 140,
        "Kim": 1446,
    }


def test_every_report_shows_the_same_money_after_a_slip_the_count_corrected(typo: Path) -> None:
    """The rent the count showed was typed wrong is paid at the rule's figure in every report."""
    check_every_report(typo, every_line=True)
    assert cash_by_line(replayed(typo))[5] == {"Ann": 1524, "Ben": 1476}
