"""An engine profile (an edition file's `engine` section) declares the readings a program plays:
they are in force, each place that agrees with one is counted, not reported, and one I002 per
point played names the count at its first place; the summary of every output format names the
declared points whatever codes are left out. Play that departs from a declared reading, and
every point the profile does not name, is still reported at its place."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.editions import EditionError, load_edition
from monolog.engine import replay
from monolog.engine.core.replay import Replay
from monolog.findings.declared import Declared
from monolog.findings.model import Severity
from monolog.notation.parser import parse_file

PROFILE = """\
extends: us-2018
title: A program's rules
engine:
  name: demo 1.0
  plays:
    CF-01: double-unmortgaged
    CF-71: closest
"""

# CH05 and CH06 from the first Chance square: the closest railroad (Reading) lies behind
CLOSEST_TWICE = """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
1. Ann 3-4 Chance card CH05 -> Reading Railroad buy
2. Ben 3-4 Chance card CH06 -> Reading Railroad
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("MONOLOG_EDITIONS", raising=False)
    (tmp_path / "engine.yaml").write_text(PROFILE, encoding="utf-8")
    return tmp_path


def _replay(folder: Path, record: str) -> Replay:
    path = folder / "game.mlog"
    path.write_text(record, encoding="utf-8")
    return replay(parse_file(path), file=str(path))


def test_the_declared_readings_are_in_force_and_their_points_open(folder: Path) -> None:
    edition = load_edition(str(folder / "engine.yaml"))
    assert edition.engine is not None and edition.engine.name == "demo 1.0"
    assert edition.readings["CF-71"] == "closest"
    # us-2018's text settles CF-01; a point the profile declares is open again
    assert "CF-01" in load_edition("us-2018").settled and "CF-01" not in edition.settled
    assert "CF-80" in edition.settled  # a point it does not declare stays settled


def test_agreeing_play_is_counted_once_at_the_first_place(folder: Path) -> None:
    result = _replay(folder, CLOSEST_TWICE)
    found = [(f.code, f.span.line, f.severity) for f in result.findings]
    assert found == [("I002", 3, Severity.INFO)]
    (note,) = result.findings
    assert "engine demo 1.0 declares CF-71 closest: played 2 times" in note.message
    assert note.data["count"] == 2 and note.data["cf"] == "CF-71"
    assert result.declared == (  # in the order of the points
        Declared("demo 1.0", "CF-01", "double-unmortgaged", 0, None),
        Declared("demo 1.0", "CF-71", "closest", 2, 3),
    )


def test_a_declared_settled_point_is_counted_not_a_violation(folder: Path) -> None:
    record = """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
setup Ann owns Oriental Avenue mortgaged, Vermont Avenue, Connecticut Avenue
setup next Ben
1. Ben 4-4 Vermont Avenue rent 12
"""
    result = _replay(folder, record)
    assert [(f.code, f.span.line) for f in result.findings] == [("I002", 5)]
    assert result.declared[0].count == 1


def test_play_departing_from_a_declared_reading_is_reported_at_each_place(folder: Path) -> None:
    record = CLOSEST_TWICE.replace("CH06 -> Reading Railroad", "CH06 -> Pennsylvania Railroad buy")
    result = _replay(folder, record)
    found = {(f.code, f.span.line): f for f in result.findings}
    assert set(found) == {("I002", 3), ("A71", 4)}
    departure = found["A71", 4]
    assert departure.severity is Severity.WARNING
    assert "the record follows reading ahead, not closest in force" in departure.message
    assert result.declared[1].count == 1


def test_what_the_profile_does_not_declare_is_still_reported(folder: Path) -> None:
    record = """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
setup Ann owns Baltic Avenue, Oriental Avenue
setup next Ann
deal Ann: Baltic Avenue | bank: 30
1. Ann 3-4 Chance card CH05 -> Reading Railroad buy
2. Ben 3-3 Oriental Avenue rent 10
"""
    found = [(f.code, f.span.line) for f in _replay(folder, record).findings]
    # an open point it does not name (CF-63) and a plain violation (the rent is 6)
    assert found == [("A63", 5), ("I002", 6), ("M301", 7)]


def test_a_ruling_taking_another_reading_reports_each_place_again(folder: Path) -> None:
    record = CLOSEST_TWICE.replace("\n1.", '\n[Ruling "CF-71=ahead"]\n1.', 1)
    result = _replay(folder, record)
    assert [f.code for f in result.findings] == ["A71", "A71"]
    assert [d.cf for d in result.declared] == ["CF-01"]  # CF-71 is not the profile's here


BAD_PROFILES = [
    pytest.param("engine:\n  name: x\n  plays:\n    CF-99: closest\n", "6:12", "CF-99", id="CF"),
    pytest.param(
        "engine:\n  name: x\n  plays:\n    CF-71: nearest\n", "6:12", "ahead, closest", id="reading"
    ),
    pytest.param("engine:\n  name: x\n", "4:3", "engine.plays: missing", id="no plays"),
    pytest.param("engine:\n  name: x\n  plays: {}\n", "5:10", "at least one", id="empty"),
    pytest.param(
        "engine:\n  name: x\n  plays: {CF-71: closest}\n  version: 2\n",
        "6:12",
        "unknown key",
        id="key",
    ),
    pytest.param(
        'engine:\n  name: "x\\ty"\n  plays: {CF-71: closest}\n', "4:9", "printable", id="name"
    ),
]


@pytest.mark.parametrize(("body", "place", "words"), BAD_PROFILES)
def test_a_bad_profile_is_refused_at_its_line_and_column(
    tmp_path: Path, body: str, place: str, words: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("extends: us-2018\ntitle: x\n" + body, encoding="utf-8")
    with pytest.raises(EditionError) as caught:
        load_edition(str(path))
    message = str(caught.value)
    assert message.startswith(f"{path}:{place}: engine"), message
    assert words in message


def _audit(folder: Path, *options: str) -> str:
    (folder / "game.mlog").write_text(CLOSEST_TWICE, encoding="utf-8")
    run = CliRunner().invoke(app, ["audit", "--isolated", *options, str(folder / "game.mlog")])
    assert run.exit_code == 0, run.output
    return run.output


def test_every_summary_names_the_declared_points_even_with_the_note_left_out(
    folder: Path,
) -> None:
    words = (
        "engine demo 1.0 declares CF-01 double-unmortgaged not played, "
        "CF-71 closest 2 times (first at line 3)"
    )
    text = _audit(folder, "--ignore", "I002")
    assert "I002" not in text and f"game.mlog: {words}" in text
    declared = [
        {
            "engine": "demo 1.0",
            "cf": "CF-01",
            "reading": "double-unmortgaged",
            "count": 0,
            "line": None,
        },
        {"engine": "demo 1.0", "cf": "CF-71", "reading": "closest", "count": 2, "line": 3},
    ]
    (game,) = json.loads(_audit(folder, "--format", "json", "--ignore", "I002"))["games"]
    assert game["declared"] == declared and game["findings"] == []
    rows = [json.loads(line) for line in _audit(folder, "--format", "jsonl").splitlines()]
    assert [row["code"] for row in rows if row["kind"] == "finding"] == ["I002"]
    assert rows[-1]["kind"] == "game" and rows[-1]["declared"] == declared
    assert f"title=monolog declared::{words}" in _audit(folder, "--format", "github")
    assert words in _audit(folder, "--format", "junit")
    sarif = json.loads(_audit(folder, "--format", "sarif"))
    assert sarif["runs"][0]["properties"]["declared"][1] == {
        "engine": "demo 1.0", "cf": "CF-71", "reading": "closest", "count": 2, "games": 1
    }  # fmt: skip


def test_the_note_fails_a_run_only_under_strict(folder: Path) -> None:
    (folder / "game.mlog").write_text(CLOSEST_TWICE, encoding="utf-8")
    name = str(folder / "game.mlog")
    plain = CliRunner().invoke(app, ["audit", "--isolated", "--format", "jsonl", name])
    rows = [json.loads(line) for line in plain.output.splitlines()]
    assert [row["code"] for row in rows if row["kind"] == "finding"] == ["I002"]
    assert plain.exit_code == 0
    assert CliRunner().invoke(app, ["audit", "--isolated", "--strict", name]).exit_code == 1


def test_dispute_replays_a_record_with_a_profile(folder: Path) -> None:
    (folder / "game.mlog").write_text(CLOSEST_TWICE, encoding="utf-8")
    name = str(folder / "game.mlog")
    run = CliRunner().invoke(app, ["dispute", "--isolated", name, "--ruling", "CF-71=ahead"])
    assert run.exit_code == 0, run.output
    # the count stands where the point arises under the profile's reading, at its first place
    arises = run.output.split("Where the disputed point arises\n", 1)[1].split("\n\n", 1)[0]
    places = [line.split()[:2] for line in arises.splitlines()]
    assert [[Path(where).name, code] for where, code in places] == [
        ["game.mlog:3:29", "I002"], ["game.mlog:3:29", "A71"], ["game.mlog:4:29", "A71"]
    ]  # fmt: skip
    assert "only in the original" not in run.output


def test_the_worked_example_in_docs_engines_md_gives_the_output_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "engines.md").read_text("utf-8")
    section = page.split("## Declaring your engine's rules", 1)[1].split("\n## ", 1)[0]
    blocks = dict(re.findall(r"```(yaml|json|text)\n(.*?)```", section, re.S))
    (tmp_path / "my-engine.yaml").write_text(blocks["yaml"], encoding="utf-8")
    (tmp_path / "game.jsonl").write_text(blocks["json"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MONOLOG_EDITIONS", raising=False)
    monkeypatch.setenv("COLUMNS", "400")
    run = CliRunner().invoke(app, ["audit", "--isolated", "game.jsonl"])
    assert run.exit_code == 1  # the wrong price; the notes do not fail the run
    assert run.output == blocks["text"]


def test_a_run_sums_the_declared_points_and_a_later_game_counts_its_own_lines(
    folder: Path,
) -> None:
    (folder / "one.mlog").write_text(CLOSEST_TWICE, encoding="utf-8")
    (folder / "two.mlog").write_text(CLOSEST_TWICE + "\n" + CLOSEST_TWICE, encoding="utf-8")
    names = [str(folder / "one.mlog"), str(folder / "two.mlog")]
    run = CliRunner().invoke(app, ["audit", "--isolated", "--format", "jsonl", *names])
    games = [json.loads(line) for line in run.output.splitlines()]
    games = [row for row in games if row["kind"] == "game"]
    # the second game of two.mlog starts at its line 6: its first place is line 8
    assert [(g["file"][-8:], g["declared"][1]["line"]) for g in games] == [
        ("one.mlog", 3), ("two.mlog", 3), ("two.mlog", 8)
    ]  # fmt: skip
    text = CliRunner().invoke(app, ["audit", "--isolated", *names]).output
    assert text.endswith(
        "declared by engine profiles: demo 1.0 CF-01 double-unmortgaged 0 times in 3 games, "
        "demo 1.0 CF-71 closest 6 times in 3 games\n"
    )


def test_quiet_on_one_clean_record_still_names_the_declared_points(folder: Path) -> None:
    # -q leaves out the block of a game with no finding shown; the profile must still show
    (folder / "one.mlog").write_text(CLOSEST_TWICE, encoding="utf-8")
    run = CliRunner().invoke(app, ["audit", "--isolated", "-q", str(folder / "one.mlog")])
    assert run.exit_code == 0
    assert run.output == (
        "declared by engine profiles: demo 1.0 CF-01 double-unmortgaged 0 times in 1 game, "
        "demo 1.0 CF-71 closest 2 times in 1 game\n"
    )


def test_the_api_gives_the_declared_points(folder: Path) -> None:
    import monolog

    (folder / "game.mlog").write_text(CLOSEST_TWICE, encoding="utf-8")
    (record,) = monolog.read_games(folder / "game.mlog")
    assert record.replay().declared[1] == Declared("demo 1.0", "CF-71", "closest", 2, 3)


def test_rules_show_names_the_profile_and_its_readings(folder: Path) -> None:
    profile = str(folder / "engine.yaml")
    data = json.loads(CliRunner().invoke(app, ["rules", "show", profile, "--json"]).output)
    assert data["engine"] == {
        "name": "demo 1.0", "plays": {"CF-01": "double-unmortgaged", "CF-71": "closest"}
    }  # fmt: skip
    declared = {r["cf"] for r in data["readings"] if r["declared"]}
    assert declared == {"CF-01", "CF-71"}
    text = CliRunner().invoke(app, ["rules", "show", profile], env={"COLUMNS": "200"}).output
    assert "engine demo 1.0 declares CF-01 double-unmortgaged, CF-71 closest" in text


def test_a_recording_session_shows_each_place_of_a_declared_reading(folder: Path) -> None:
    from monolog.recorder.session import Session

    record = folder / "table.mlog"
    record.write_text('[Players "Ann, Ben"]\n[Edition "engine.yaml"]\n', encoding="utf-8")
    session = Session(record)
    outcome = session.try_line("1. Ann 3-4 Chance card CH05 -> Reading Railroad buy")
    # the declared reading is in force (the record agrees: information), and shown at its line
    assert [(f.code, f.severity) for f in outcome.findings] == [("A71", Severity.INFO)]


HOUSE_RULE_PROFILE = """\
extends: us-2018
title: A program's house rules
engine:
  name: demo 1.0
  plays:
    CF-68: no-rent-in-jail
    CF-69: pot
    CF-70: double-salary
"""

# each record plays one house-rule point: twice, once, twice
HOUSE_RULE_PLACES = {
    "CF-68": (
        """\
[Players "Ann, Ben, Cy"]
[Edition "engine.yaml"]
setup Ann owns Baltic Avenue jail
setup next Ben
1. Ben 1-2 Baltic Avenue
2. Cy 1-2 Baltic Avenue
""",
        2,
        5,
    ),
    "CF-69": (
        """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
setup Ben at Tennessee Avenue
1. Ann 1-3 Income Tax tax 200 =Ann 1300
2. Ben 1-1 Free Parking salary 200 2-6 Water Works buy =Ben 1550
""",
        1,
        5,
    ),
    "CF-70": (
        """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
setup Ann at Park Place
setup Ben at Park Place
setup next Ann
1. Ann 1-2 GO salary 400
2. Ben 1-2 GO
""",
        2,
        6,
    ),
}


@pytest.mark.parametrize("cf", sorted(HOUSE_RULE_PLACES))
def test_a_declared_house_rule_point_counts_each_place_it_is_played(folder: Path, cf: str) -> None:
    # CF-68/69/70 have no A code: the house rule is played where it applies, and that place
    # is what is counted
    (folder / "engine.yaml").write_text(HOUSE_RULE_PROFILE, encoding="utf-8")
    record, count, line = HOUSE_RULE_PLACES[cf]
    result = _replay(folder, record)
    assert [(f.code, f.span.line, f.rule) for f in result.findings] == [("I002", line, cf)]
    assert result.findings[0].data["count"] == count
    played = {d.cf: (d.count, d.line) for d in result.declared}
    assert played == {c: (count, line) if c == cf else (0, None) for c in HOUSE_RULE_PLACES}


# each record writes, at its first place, another figure than the declared house rule gives:
# a salary of 200 on GO (double-salary gives 400), a rent to a jailed owner (no-rent-in-jail
# gives none), 100 out of a pool of 200 (pot gives the pool); then, but for CF-69, a place
# that agrees
HOUSE_RULE_CONTRARY = {
    "CF-68": (
        """\
[Players "Ann, Ben, Cy"]
[Edition "engine.yaml"]
setup Ann owns Baltic Avenue jail
setup next Ben
1. Ben 1-2 Baltic Avenue rent 4
2. Cy 1-2 Baltic Avenue
""",
        ("M302", 5),
        (1, 6),
    ),
    "CF-69": (
        """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
setup Ben at Tennessee Avenue
1. Ann 1-3 Income Tax tax 200 =Ann 1300
2. Ben 1-1 Free Parking salary 100 2-6 Water Works buy
""",
        ("M105", 5),
        (0, None),
    ),
    "CF-70": (
        """\
[Players "Ann, Ben"]
[Edition "engine.yaml"]
setup Ann at Park Place
setup Ben at Park Place
setup next Ann
1. Ann 1-2 GO salary 200
2. Ben 1-2 GO
""",
        ("M105", 6),
        (1, 7),
    ),
}


@pytest.mark.parametrize("cf", sorted(HOUSE_RULE_CONTRARY))
def test_a_contrary_figure_at_a_declared_house_rule_place_is_reported_not_counted(
    folder: Path, cf: str
) -> None:
    # the record's clause departs from the declared house rule: reported at its line, and the
    # place is not counted as one where the declared reading was played
    (folder / "engine.yaml").write_text(HOUSE_RULE_PROFILE, encoding="utf-8")
    record, (code, line), (count, first) = HOUSE_RULE_CONTRARY[cf]
    result = _replay(folder, record)
    counted = [("I002", first, cf)] if count else []
    assert [(f.code, f.span.line, f.rule) for f in result.findings][1:] == counted
    assert (result.findings[0].code, result.findings[0].span.line) == (code, line)
    assert [f.data["count"] for f in result.findings if f.code == "I002"] == [count] * len(counted)
    played = {d.cf: (d.count, d.line) for d in result.declared}
    assert played == {c: (count, first) if c == cf else (0, None) for c in HOUSE_RULE_CONTRARY}
