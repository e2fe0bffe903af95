"""monolog standings: placement points, shared places, tie-breaks, name matching, unreadable,
violating and unfinished games, and the text, JSON and CSV outputs on a small event.

The event in tests/data/tournament/ (Riverside Cup, two rounds at two tables, six players) gives,
with the default points 5, 3, 2, 1:
  r1 t1  Ann 5 ($3,880)   Ben 3             Cal 2             (Cal out first, then Ben)
  r1 t2  Dee 5 ($1,800)   Eve 2.5 ($1,000)  Fay 2.5 ($1,000)  (time called; Eve and Fay level)
  r2 t1  Fay 5 ($4,250)   Ann 3             Dee 2
  r2 t2  Cal 5 ($1,500)   Eve 3             Ben 2             (Ben resigns, then Eve)
Totals: Ann 8, Fay 7.5, Dee 7 ($1,800), Cal 7 ($1,500), Eve 5.5, Ben 5: Dee is ahead of Cal on
worth. Regenerate the goldens with
`MONOLOG_UPDATE_GOLDENS=1 pytest tests/test_reports_standings.py`.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.standings import (
    DEFAULT_POINTS,
    GameResult,
    Placing,
    build_standings,
    collect,
    format_points,
    game_order,
    load_points_file,
    parse_points,
    points_for,
)
from monolog.reports.standings_formats import ordinal

REPO = Path(__file__).resolve().parent.parent
EVENT = "tests/data/tournament"
GOLDEN = REPO / "tests" / "golden"
UPDATE = os.environ.get("MONOLOG_UPDATE_GOLDENS") == "1"
F = Fraction


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8", newline="\n")
        return
    assert path.exists(), f"no golden {path.name}: run with MONOLOG_UPDATE_GOLDENS=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs from its golden"


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, code: int = 0) -> tuple[str, str]:
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(app, ["standings", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout, result.stderr


def record(players: str, *, out: str, winner: str, rnd: str = "9", table: str = "1") -> str:
    """A legal two-player record: `out` resigns on the first turn and `winner` wins."""
    return (
        f'[Event "Riverside Cup"]\n[Round "{rnd}"]\n[Table "{table}"]\n'
        f'[Players "{players}"]\n[Result "{winner}"]\n\n1. {out} resign\nend\n'
    )


# --------------------------------------------------------------------------- arithmetic


def test_points_for_a_place_and_shared_places() -> None:
    scheme = DEFAULT_POINTS
    assert [points_for(scheme, p) for p in range(1, 7)] == [5, 3, 2, 1, 0, 0]
    assert points_for(scheme, 1, 2) == F(4)  # (5 + 3) / 2
    assert points_for(scheme, 2, 2) == F(5, 2)  # (3 + 2) / 2
    assert points_for(scheme, 2, 3) == F(2)  # (3 + 2 + 1) / 3
    assert points_for(scheme, 4, 2) == F(1, 2)  # (1 + 0) / 2: the list ends
    assert points_for((F(10), F(6), F(4), F(3)), 1, 3) == F(20, 3)
    assert format_points(F(20, 3)) == "6.67"
    assert format_points(F(5, 2)) == "2.5"
    assert format_points(F(7)) == "7"


def test_parse_points_and_its_errors() -> None:
    assert parse_points("5,3,2,1") == (5, 3, 2, 1)
    assert parse_points(" 3, 1.5 ,0") == (3, F(3, 2), 0)
    for bad, reason in [
        ("", "expected numbers"),
        ("5,,1", "expected numbers"),
        ("5,x", "'x' is not a number"),
        ("3,5", "place 2 scores more than place 1"),
        ("3,-1", "negative"),
    ]:
        with pytest.raises(ValueError, match=reason):
            parse_points(bad)


def test_points_file_as_a_list_or_under_points(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text("[10, 6, 4, 3, 2, 1]\n", encoding="utf-8")
    keyed = tmp_path / "keyed.yaml"
    keyed.write_text("points:\n  - 4\n  - 2.5\n  - 1\n", encoding="utf-8")
    assert load_points_file(str(plain)) == (10, 6, 4, 3, 2, 1)
    assert load_points_file(str(keyed)) == (4, F(5, 2), 1)
    broken = tmp_path / "broken.yaml"
    broken.write_text("points: [4, 2\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.yaml:\d+:\d+"):
        load_points_file(str(broken))
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("first: 5\n", encoding="utf-8")
    with pytest.raises(ValueError, match="expected a list of points"):
        load_points_file(str(wrong))
    with pytest.raises(ValueError, match="cannot read"):
        load_points_file(str(tmp_path / "missing.yaml"))


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd",
    ]  # fmt: skip


def test_rounds_and_tables_sort_as_numbers() -> None:
    def game(rnd: str, table: str) -> GameResult:
        return GameResult(f"{rnd}-{table}.mlog", "E", rnd, table, "$", [], True, 0, False)

    games = [game("10", "1"), game("2", "10"), game("2", "2"), game("", "1")]
    ordered = sorted(games, key=game_order)
    assert [(g.round, g.table) for g in ordered] == [
        ("", "1"),
        ("2", "2"),
        ("2", "10"),
        ("10", "1"),
    ]


# --------------------------------------------------------------------------- the event


def test_event_totals_and_worth_tie_break() -> None:
    s = collect([str(p) for p in sorted((REPO / EVENT).glob("*.mlog"))])
    table = [(e.place, e.name, e.points, e.worth, e.wins, e.played) for e in s.entries]
    assert table == [
        (1, "Ann", 8, 3880, 1, 2),
        (2, "Fay", F(15, 2), 5250, 1, 2),
        (3, "Dee", 7, 1800, 1, 2),  # level with Cal on points, ahead on worth
        (4, "Cal", 7, 1500, 1, 2),
        (5, "Eve", F(11, 2), 1000, 0, 2),
        (6, "Ben", 5, 0, 0, 2),
    ]
    assert not s.unreadable and not s.notes
    level = next(g for g in s.games if g.table == "2" and g.round == "1")
    assert [(p.name, p.place, p.shared_by, p.points) for p in level.placings] == [
        ("Dee", 1, 1, 5),
        ("Eve", 2, 2, F(5, 2)),
        ("Fay", 2, 2, F(5, 2)),
    ]


def test_custom_points_change_the_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # with 3,2,0 the shared 2nd/3rd of round 1 table 2 is worth 1 each:
    # Ann 3+2=5, Cal 0+3=3, Dee 3+0=3, Fay 1+3=4, Eve 1+2=3, Ben 2+0=2
    out, _ = run([EVENT, "--points", "3,2,0", "--format", "json"], monkeypatch)
    data = json.loads(out)
    assert data["points"] == [3, 2, 0]
    got = [(r["place"], r["player"], r["points"], r["worth"]) for r in data["standings"]]
    assert got == [
        (1, "Ann", 5, 3880),
        (2, "Fay", 4, 5250),
        (3, "Dee", 3, 1800),
        (4, "Cal", 3, 1500),
        (5, "Eve", 3, 1000),
        (6, "Ben", 2, 0),
    ]


def _result(file: str, rnd: str, *rows: tuple[str, int, int, bool]) -> GameResult:
    placings = [Placing(n, place, 1, points_for(DEFAULT_POINTS, place), w, won, "in")
                for n, place, w, won in rows]  # fmt: skip
    return GameResult(file, "E", rnd, "1", "$", placings, True, 0, False)


def test_tie_breaks_wins_then_name_then_shared_place() -> None:
    # Bo 5 + 2 and Cy 3 + 3 + 1: level on points (7) and worth ($1,000); Bo has a win.
    # Dan 5 + 2 and Eli 5 + 2: level on points, worth ($500) and wins: ordered by name.
    games = [
        _result("g1.mlog", "1", ("Bo", 1, 600, True), ("Cy", 2, 400, False)),
        _result("g2.mlog", "2", ("Cy", 2, 300, False), ("Bo", 3, 400, False)),
        _result("g3.mlog", "3", ("Cy", 4, 300, False), ("Dan", 1, 0, True)),
        _result("g4.mlog", "4", ("Dan", 3, 500, False), ("Eli", 1, 100, True)),
        _result("g5.mlog", "5", ("Eli", 3, 400, False), ("Fox", 1, 500, True)),
    ]
    s = build_standings(games)
    rows = [(e.place, e.shared, e.name, e.points, e.worth, e.wins) for e in s.entries]
    assert rows == [
        (1, False, "Bo", 7, 1000, 1),  # level with Cy on points and worth; one win to none
        (2, False, "Cy", 7, 1000, 0),
        (3, True, "Dan", 7, 500, 1),  # Dan and Eli level on all three: by name, place shared
        (3, True, "Eli", 7, 500, 1),
        (5, False, "Fox", 5, 500, 1),
    ]


def test_names_match_ignoring_case_and_spacing_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.mlog").write_text(
        record("Mary Ann, Ben", out="Mary Ann", winner="Ben", rnd="1"), encoding="utf-8"
    )
    (tmp_path / "b.mlog").write_text(
        record("BEN, MaryAnn", out="MaryAnn", winner="BEN", rnd="2"), encoding="utf-8"
    )
    s = collect([str(tmp_path / "a.mlog"), str(tmp_path / "b.mlog")])
    assert [(e.name, e.points, e.played) for e in s.entries] == [
        ("Ben", 10, 2),
        ("Mary Ann", 3, 1),
        ("MaryAnn", 3, 1),
    ]
    assert s.notes == [
        "Ben and BEN differ only in case: counted as one player, Ben",
        "Mary Ann and MaryAnn differ only in spacing: counted as different players",
    ]


# --------------------------------------------------------------------------- the command


def test_golden_text(monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = run([EVENT], monkeypatch)
    assert err == ""
    check_golden("standings.txt", out)


def test_golden_details(monkeypatch: pytest.MonkeyPatch) -> None:
    check_golden("standings-details.txt", run([EVENT, "--details"], monkeypatch)[0])


def test_golden_json_and_csv(monkeypatch: pytest.MonkeyPatch) -> None:
    out, _ = run([EVENT, "--format", "json"], monkeypatch)
    assert json.loads(out)["schema"] == 1
    check_golden("standings.json", out)
    check_golden("standings.csv", run([EVENT, "--format", "csv"], monkeypatch)[0])
    check_golden(
        "standings-details.csv", run([EVENT, "--format", "csv", "--details"], monkeypatch)[0]
    )


def test_order_of_the_arguments_does_not_matter(monkeypatch: pytest.MonkeyPatch) -> None:
    files = [str(p.relative_to(REPO)) for p in sorted((REPO / EVENT).glob("*.mlog"))]
    forward, _ = run(files, monkeypatch)
    backward, _ = run(list(reversed(files)), monkeypatch)
    folder, _ = run([EVENT], monkeypatch)
    assert forward == backward == folder


def test_unreadable_records_are_listed_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.mlog"
    bad.write_text('[Players "Ann, Ben"]\n\n1 Ann 3-4\n', encoding="utf-8")
    latin = tmp_path / "latin.mlog"
    latin.write_bytes(b'[Players "Ann, Ben"]\n; caf\xe9\n')
    out, _ = run([EVENT, str(bad), str(latin), str(tmp_path / "gone.mlog")], monkeypatch, code=2)
    tail = out[out.index("Not counted") :].splitlines()
    assert tail[1].startswith(f"  {bad}:3:1: P1")
    assert tail[2] == f"  {tmp_path / 'gone.mlog'}:1:1: P001 no such file"
    assert tail[3].startswith(f"  {latin}:") and "P002" in tail[3]
    assert "4 games counted" in out  # the readable games still count
    data = json.loads(run([EVENT, str(bad), "--format", "json"], monkeypatch, code=2)[0])
    assert [u["file"] for u in data["unreadable"]] == [str(bad)]
    _, err = run([EVENT, str(bad), "--format", "csv"], monkeypatch, code=2)
    assert err.startswith(f"{bad}:3:1: P1")


def test_violating_game_is_marked_and_strict_leaves_it_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = (REPO / EVENT / "r1-t1.mlog").read_text(encoding="utf-8")
    wrong = source.replace('4-6 "Go to Jail"', '3-4 "Go to Jail"').replace(
        '[Round "1"]', '[Round "3"]'
    )
    assert wrong != source
    (tmp_path / "r3-t1.mlog").write_text(wrong, encoding="utf-8")
    out, _ = run([EVENT, str(tmp_path)], monkeypatch)
    assert "1 violation !" in out
    assert "r3 t1: 1!" in out  # Ann's games
    assert "! the game has rule violations" in out
    data = json.loads(run([EVENT, str(tmp_path), "--format", "json"], monkeypatch)[0])
    assert data["standings"][0]["player"] == "Ann" and data["standings"][0]["points"] == 13
    strict = json.loads(run([EVENT, str(tmp_path), "--strict", "--format", "json"], monkeypatch)[0])
    assert strict["standings"][0]["points"] == 8
    assert [g["excluded"] for g in strict["games"]] == [False, False, False, False, True]
    assert strict["notes"] == [
        f"{tmp_path / 'r3-t1.mlog'} (r3 t1) left out under --strict: 1 rule violation"
    ]


def test_unfinished_game_is_scored_by_worth_and_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = (REPO / EVENT / "r2-t2.mlog").read_text(encoding="utf-8")
    lines = [
        line
        for line in source.splitlines()
        if not line.startswith(("[Result", "6. Eve resign", "end"))
    ]
    (tmp_path / "stopped.mlog").write_text("\n".join(lines) + "\n", encoding="utf-8")
    s = collect([str(tmp_path / "stopped.mlog")])
    game = s.games[0]
    assert not game.finished
    # Cal and Eve are both still in with $1,500: they share 1st, (5 + 3) / 2 each; nobody won
    assert [(p.name, p.place, p.points, p.won) for p in game.placings] == [
        ("Cal", 1, 4, False),
        ("Eve", 1, 4, False),
        ("Ben", 3, 2, False),
    ]
    out, _ = run([str(tmp_path / "stopped.mlog")], monkeypatch)
    assert "r2 t2: 1=*" in out and "unfinished *" in out
    assert "* unfinished: the record stops before the game ends" in out


def test_usage_errors_exit_2_without_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, err = run([EVENT, "--points", "1,2"], monkeypatch, code=2)
    assert err == "monolog standings: --points '1,2': place 2 scores more than place 1 (2 > 1)\n"
    _, err = run([EVENT, "--format", "xml"], monkeypatch, code=2)
    assert "expected one of text, json, csv" in err
    points = tmp_path / "p.yaml"
    points.write_text("[2, 1]\n", encoding="utf-8")
    _, err = run([EVENT, "--points", "2,1", "--points-file", str(points)], monkeypatch, code=2)
    assert "not both" in err
    out, _ = run([EVENT, "--points-file", str(points), "--format", "csv"], monkeypatch)
    assert out.splitlines()[1] == "1,0,Ann,3,3880,1,2,tests/data/tournament/r1-t1.mlog; " + (
        "tests/data/tournament/r2-t1.mlog"
    )


def test_docs_show_the_golden_table() -> None:
    """docs/reports.md shows the event's table as the command prints it."""
    doc = (REPO / "docs" / "reports.md").read_text(encoding="utf-8")
    golden = (GOLDEN / "standings.txt").read_text(encoding="utf-8")
    assert f"```text\n{golden}```\n" in doc
