"""A finding that only follows from an earlier one is folded into it: text prints the root once,
saying on which later lines its consequences are; JSON keeps each one with `caused_by`; SARIF
gives each one the root's place as a related location.

The cases played: events after the game ended (M903) and acts of a player who has left
(M902), each folded into the first of its kind; the counts of the players one payment left out
of the record touched (a card paying each player, a rent), folded into the first count's W001
(fragments of other programs' logs, scenarios/engines); and a card drawn again while it still lies
under its deck, the deck's order known only in part (the cards drawn since went under it).
Every later draw out of that order only follows from the first one, until a draw comes up in
the order again. A deck known in full that comes up out of order (shuffled again at the table)
is not folded: it is one M403, and the order is learned again from the draws
(scenarios/rules/card-03-m403-deck-order-learned-again.yaml).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from testkit.base import audit_text
from typer.testing import CliRunner

from monolog.cli import app
from monolog.findings.model import Cause, Finding, Severity
from monolog.findings.render import plain_game, shown
from monolog.findings.report import GameReport
from monolog.notation.events import Span

# the Speeding fine card drawn three times in a row: the second draw breaks the order, the
# third only follows from it
DRAWN_THRICE = """[Players "Ann, Ben, Cal"]
1. Ann 3-4 Chance card CH13 15
2. Ben 3-4 Chance card CH13 15
3. Cal 3-4 Chance card CH13 15
"""

# a known top card: the first draw breaks the order, the second keeps it (a fresh start), the
# third breaks it again, on its own
ORDER_KEPT_BETWEEN = """[Players "Ann, Ben, Cal"]
setup deck CH13, CH08
1. Ann 3-4 Chance card CH16 150
2. Ben 3-4 Chance card CH13 15
3. Cal 3-4 Chance card CH16 150
"""


# a draw the order allows between two out of it: the second is a mistake of its own
ALLOWED_BETWEEN = """[Players "Ann, Ben, Cal, Dee"]
1. Ann 3-4 Chance card CH13 15
2. Ben 3-4 Chance card CH13 15
3. Cal 3-4 Chance card CH16 150
4. Dee 3-4 Chance card CH13 15
"""


def _m403(text: str) -> list[Finding]:
    return [f for f in audit_text(text, "g.mlog") if f.code == "M403"]


def test_a_draw_out_of_an_order_already_broken_names_the_first_as_its_cause() -> None:
    first, second = _m403(DRAWN_THRICE)
    assert (first.line, first.caused_by) == (3, None)
    assert second.line == 4
    assert second.caused_by == Cause("M403", first.span)
    assert first.root_of(second) and not second.root_of(first)


def test_a_draw_in_the_order_ends_the_chain() -> None:
    first, second = _m403(ORDER_KEPT_BETWEEN)
    assert (first.line, second.line) == (3, 5)
    assert first.caused_by is None and second.caused_by is None


def test_a_draw_the_order_allows_ends_the_chain_too() -> None:
    first, second = _m403(ALLOWED_BETWEEN)
    assert (first.line, second.line) == (3, 5)
    assert first.caused_by is None and second.caused_by is None


def test_text_prints_the_root_once_with_the_lines_it_affected() -> None:
    findings = _m403(DRAWN_THRICE)
    printed = shown(findings)
    assert [f.line for f in printed] == [3]
    assert printed[0].message.endswith(
        "(it affected 1 later line: 4; each finding there follows from this one and is in "
        "the JSON output)"
    )
    report = GameReport("g.mlog", {}, findings, DRAWN_THRICE.splitlines())
    text = plain_game(report, 100) or ""
    assert text.count("M403") == 1
    assert text.endswith("g.mlog: 2 errors, 0 warnings, 0 info\n")  # both are counted


def _finding(line: int, cause: Cause | None = None) -> Finding:
    span = Span(line, 1, line, 5)
    return Finding("M403", Severity.ERROR, f"on line {line}", span, "CARD-03", caused_by=cause)


def test_a_consequence_whose_root_is_not_shown_is_printed() -> None:
    # the root left out (by --select, say): its consequence is all there is to show
    orphan = _finding(9, Cause("M403", Span(2, 1, 2, 5)))
    assert shown([orphan]) == [orphan]


def test_a_root_lists_at_most_twelve_lines() -> None:
    root = _finding(1)
    later = [_finding(n, Cause("M403", root.span)) for n in range(2, 16)]
    (printed,) = shown([root, *later])
    assert "it affected 14 later lines: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, …;" in (
        printed.message
    )


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "thrice.mlog"
    path.write_text(DRAWN_THRICE, encoding="utf-8")
    return path.name


def _audit(*args: str) -> str:
    return CliRunner().invoke(app, ["audit", *args]).output


def test_json_keeps_every_finding_and_the_link(record: str) -> None:
    (game,) = json.loads(_audit("--format", "json", record))["games"]
    m403 = [f for f in game["findings"] if f["code"] == "M403"]
    assert [f["line"] for f in m403] == [3, 4]
    assert "caused_by" not in m403[0]
    assert m403[1]["caused_by"] == {"code": "M403", "line": 3, "column": 19}
    assert game["summary"]["error"] == 2


def test_sarif_gives_the_root_as_a_related_location(record: str) -> None:
    (run,) = json.loads(_audit("--format", "sarif", record))["runs"]
    first, second = run["results"]
    assert "relatedLocations" not in first
    (related,) = second["relatedLocations"]
    assert (
        related["physicalLocation"]["region"] == first["locations"][0]["physicalLocation"]["region"]
    )
    assert related["message"]["text"] == "follows from M403 on line 3"


def test_text_output_prints_the_root_alone(record: str) -> None:
    out = _audit(record)
    assert out.count("M403") == 1
    assert "thrice.mlog:3:19  M403" in out and "it affected 1 later line: 4;" in out


def test_a_game_later_in_its_file_keeps_the_link_at_the_files_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    other = '[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy 60\n'
    (tmp_path / "two.mlog").write_text(other + DRAWN_THRICE, encoding="utf-8")
    (game, second) = json.loads(_audit("--format", "json", "two.mlog"))["games"]
    assert game["findings"] == []
    caused = [f for f in second["findings"] if "caused_by" in f]
    assert [(f["line"], f["caused_by"]["line"]) for f in caused] == [(6, 5)]


# the game ends on line 4; the table plays on for two lines of three events each
PLAYED_ON = """[Players "Ann, Ben"]
setup Ann cash 10
1. Ann 1-2 Baltic Avenue buy 60
Ann bankrupt to bank
end
2. Ben 1-2 Baltic Avenue buy 60
3. Ben 1-2 Oriental Avenue buy 100
"""

# Cal resigned; the table lets Cal take a turn and build in it
CAL_PLAYS_ON = """[Players "Ann, Ben, Cal"]
Cal resign
1. Ann 1-2 Baltic Avenue buy
2. Ben 1-2 Baltic Avenue rent 4
3. Cal 1-2 Baltic Avenue
Cal build Baltic Avenue
"""


def test_every_event_after_the_end_follows_from_the_first() -> None:
    m903 = [f for f in audit_text(PLAYED_ON, "g.mlog") if f.code == "M903"]
    assert [f.line for f in m903] == [6, 6, 6, 7, 7, 7]
    root, *rest = m903
    assert root.caused_by is None
    assert all(f.caused_by == Cause("M903", root.span) for f in rest)
    (printed,) = shown(m903)
    assert printed.message == (
        "the game is over: nothing more happens after it ends; not replayed: the game has "
        "ended (it affected 1 later line: 7, and this line 2 more times; each finding there "
        "follows from this one and is in the JSON output)"
    )


def test_a_player_who_left_and_plays_on_is_one_finding() -> None:
    findings = audit_text(CAL_PLAYS_ON, "g.mlog")
    assert [f.code for f in findings] == ["M902", "M902", "M902"]  # no M101 beside it
    root, *rest = findings
    assert root.message.startswith("Cal is out of the game and takes no turn; not replayed:")
    assert [(f.line, f.caused_by) for f in rest] == [
        (5, Cause("M902", root.span)),
        (6, Cause("M902", root.span)),
    ]
    assert [f.line for f in shown(findings)] == [5]


CHAIRMAN_UNPAID = (
    "Chairman of the Board drawn and nothing paid, by a program that had not written the card"
)


def _engine_fragment(title: str) -> str:
    """The record of a scenario of scenarios/engines (logs of other programs, by hand)."""
    path = (
        Path(__file__).parent.parent / "scenarios" / "engines" / "bugs-other-programs-report.yaml"
    )
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    (record,) = [s["record"] for s in doc["scenarios"] if s["title"] == title]
    return str(record)


@pytest.mark.parametrize(
    ("title", "players"),
    [
        (CHAIRMAN_UNPAID, ["Ann", "Ben", "Cal"]),
        ("A birthday card drawn and nothing collected", ["Ann", "Ben", "Cal"]),
        ("A card moves the token to an owned railroad and no rent is charged", ["Ann", "Ben"]),
    ],
)
def test_one_payment_left_out_is_one_cash_note(title: str, players: list[str]) -> None:
    # the other side of a payment the record left out follows from the first count's W001
    w001 = [f for f in audit_text(_engine_fragment(title), "g.mlog") if f.code == "W001"]
    assert [f.data["player"] for f in w001] == players
    root, *rest = w001
    assert root.caused_by is None
    assert all(f.caused_by == Cause("W001", root.span) for f in rest)
    assert len(shown(w001)) == 1


def test_the_payments_a_count_named_keep_only_where_its_note_is() -> None:
    # each derived payment a W001 names is kept to find a later count's root: it kept the whole
    # W001 (message, data, the list of amounts) for the rest of the game, most of what a game
    # with a wrong count on every line held
    from monolog.engine.core.replay import begin, step
    from monolog.notation.parser import parse_text

    events = parse_text(_engine_fragment(CHAIRMAN_UNPAID), "g.mlog")
    game = begin(events, file="g.mlog")
    for ev in events:
        step(game, ev)
    # kept by the player who may still meet them (engine/core/pending_state.py)
    named = [cause for kept in game.record.named_by.values() for cause in kept.values()]
    assert named and all(type(v) is Cause for v in named)
    assert set(named) <= {Cause("W001", f.span) for f in game.findings if f.code == "W001"}


def test_a_count_off_by_more_than_the_shared_payment_is_its_own_note() -> None:
    # Ben's count is off by the rent left out and by 7 more: not only a consequence
    text = _engine_fragment("A card moves the token to an owned railroad and no rent is charged")
    text = text.replace("=Ben 1440", "=Ben 1433").replace("=Ben 1340", "=Ben 1333")
    w001 = [f for f in audit_text(text, "g.mlog") if f.code == "W001"]
    assert [(f.data["player"], f.caused_by) for f in w001] == [("Ann", None), ("Ben", None)]
