"""CF-79, how a card is drawn: from the top of the deck (every shipped edition) or at random
from the whole deck (reading with-replacement, as some programs draw). Each test replays a
short record under one reading and pins what is reported and what the replay does after."""

from __future__ import annotations

import dataclasses

from monolog.editions.loader import load_edition
from monolog.editions.model import Edition
from monolog.engine import replay
from monolog.engine.core.replay import Replay
from monolog.notation.parser import parse_text

WITH_REPLACEMENT = {"CF-79": "with-replacement"}
# the same Chance card twice running, then a card seen before with the order known in part
TWICE = "setup next Ann\n1. Ann 3-4 Chance card CH08 50\n2. Ben 3-4 Chance card CH08 50\n"


def run(
    body: str, edition: Edition | str = "us-2018", players: str = "Ann, Ben", **kw: object
) -> Replay:
    text = f'[Players "{players}"]\n' + body
    return replay(parse_text(text, "t.mlog"), edition, file="t.mlog", paranoid=True, **kw)  # type: ignore[arg-type]


def codes(r: Replay) -> list[str]:
    return [f.code for f in r.findings]


def open_edition() -> Edition:
    """us-2018 as an edition whose text leaves CF-79 open (from-the-deck in force)."""
    us = load_edition("us-2018")
    return dataclasses.replace(us, settled=us.settled - {"CF-79"})


def test_a_card_twice_running_agrees_with_drawing_at_random() -> None:
    r = run(TWICE, rulings=WITH_REPLACEMENT)
    assert codes(r) == ["A79"]
    (f,) = r.findings
    assert f.severity.value == "info" and f.line == 4
    assert f.data["follows"] == "with-replacement"
    # the record is followed: both dividends paid
    assert r.state.player("Ann").cash == 1550 and r.state.player("Ben").cash == 1550


def test_an_open_point_names_the_departure_as_a_warning() -> None:
    r = run(TWICE, open_edition())
    assert codes(r) == ["A79"]
    assert r.findings[0].severity.value == "warning"
    assert "the record follows reading with-replacement, not from-the-deck" in r.findings[0].message


def test_each_draw_is_judged_afresh_after_one_at_random() -> None:
    # after the repeat the order is worked out again from the draws: new cards come up
    # unremarked, and CH13 seen since is a draw that order refuses (before: M403 at each)
    body = (
        "setup next Ann\n1. Ann 3-4 Chance card CH08 50\n2. Ben 3-4 Chance card CH08 50\n"
        "3. Cal 3-4 Chance card CH13 15\n4. Dan 3-4 Chance card CH16 150\n"
        "5. Eve 3-4 Chance card CH13 15\n"
    )
    r = run(body, players="Ann, Ben, Cal, Dan, Eve", rulings=WITH_REPLACEMENT)
    assert [(f.code, f.line) for f in r.findings] == [("A79", 4), ("A79", 7)]


def test_a_known_order_is_no_rule_when_drawing_at_random() -> None:
    r = run(
        "setup deck CH08, CH16\nsetup next Ben\n1. Ben 3-4 Chance card CH16 150\n",
        rulings=WITH_REPLACEMENT,
    )
    assert codes(r) == ["A79"]
    assert "the next Chance card is CH08" in r.findings[0].message
