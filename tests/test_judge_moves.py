"""What each reading requires of a move or a run of doubles, pinned at the decide step
(engine/core/judge.py): the square a card sends the token to, whether a double is the third of
the turn, where a third double takes the token, and the other reading of each open point that
would decide otherwise."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine import Replay, replay
from monolog.engine.cards.card_move_judgement import card_move_decision
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.obligations import CardMove
from monolog.engine.core.state import GameState
from monolog.engine.jail.jail_rolls import jail_turn_decision
from monolog.engine.jail.last_try_judgement import last_try_decision
from monolog.engine.turn.double_judgement import (
    jail_double_decision,
    release_double_decision,
    run_decision,
    third_double_decision,
)
from monolog.engine.turn.landing import roll_move_decision
from monolog.engine.turn.one_throw import throw_decision
from monolog.notation.events import Span
from monolog.notation.parser import parse_text

SPAN = Span(2, 1, 2, 10)
READING, PENNSYLVANIA = 5, 15  # from the first Chance square (7): 2 back, 8 ahead


def _game(**rulings: str) -> Game:
    edition = load_edition("us-2018")
    readings = dict(edition.readings) | rulings
    return Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)


def test_the_nearest_railroad_card_names_the_other_reading_of_cf71() -> None:
    ahead = CardMove("CH05", PENNSYLVANIA, SPAN, 7, nearest=(PENNSYLVANIA, READING))
    assert card_move_decision(_game(), ahead) == judge.Decision(
        judge.Choice(PENNSYLVANIA),
        "CARD-06",
        (judge.Alternative("CF-71", "closest", judge.Choice(READING)),),
    )
    closest = CardMove("CH05", READING, SPAN, 7, nearest=(PENNSYLVANIA, READING))
    assert card_move_decision(_game(**{"CF-71": "closest"}), closest) == judge.Decision(
        judge.Choice(READING),
        "CARD-06",
        (judge.Alternative("CF-71", "ahead", judge.Choice(PENNSYLVANIA)),),
    )


def test_a_card_move_nothing_disputes_lists_no_other_reading() -> None:
    """From the Chance square on Kentucky Avenue's side (22) the railroad ahead, B. & O. (25),
    is the closest too: the card's square alone, whatever the reading."""
    decision = card_move_decision(_game(**{"CF-71": "closest"}), CardMove("CH05", 25, SPAN, 22))
    assert decision == judge.Decision(judge.Choice(25), "CARD-06")


def _measuring(body: str, **rulings: str) -> Replay:
    """The replay `monolog dispute` makes under `rulings`: it measures the readings in force."""
    text = '[Players "Ann, Ben"]\n' + body
    return replay(parse_text(text, "t.mlog"), "us-2018", rulings, recount=False)


def test_a_replay_measuring_ahead_keeps_the_token_ahead() -> None:
    """The record moves back to the closest railroad; a replay measuring reading ahead applies
    ahead instead (no departure named, no M406: the record broke no rule)."""
    r = _measuring("1. Ann 3-4 Chance card CH05 -> Reading Railroad buy\n")
    assert [(f.code, f.severity.value, f.data.get("follows")) for f in r.findings] == [
        ("A71", "info", None)
    ]
    assert r.state.player("Ann").position == PENNSYLVANIA


def test_the_run_after_a_jail_double_names_the_other_count_of_cf10() -> None:
    """CF-10: the second double after the one that opened the cell is the turn's third double
    under counts-jail-double only."""
    assert run_decision(_game()) == judge.Decision(
        judge.Choice(False),
        "DBL-05",
        (judge.Alternative("CF-10", "counts-jail-double", judge.Choice(True)),),
    )
    assert run_decision(_game(**{"CF-10": "counts-jail-double"})) == judge.Decision(
        judge.Choice(True),
        "DBL-05",
        (judge.Alternative("CF-10", "per-turn", judge.Choice(False)),),
    )


def test_a_third_double_moves_first_under_moved_only_and_around_the_board() -> None:
    """CF-09: the token moves first under moved only, to the square counted around the board:
    from Short Line (35) a 6 reaches Mediterranean Avenue (1)."""
    assert third_double_decision(_game(), 35, 6) == judge.Decision(
        judge.Choice(None),
        "DBL-03",
        (judge.Alternative("CF-09", "moved", judge.Choice(1)),),
    )
    assert third_double_decision(_game(**{"CF-09": "moved"}), 35, 6) == judge.Decision(
        judge.Choice(1),
        "DBL-03",
        (judge.Alternative("CF-09", "not-moved", judge.Choice(None)),),
    )


def test_a_replay_measuring_not_moved_keeps_the_third_double_unmoved() -> None:
    """The record moves a third double across GO; a replay measuring not-moved applies it: no
    salary, and the point named without the record's choice."""
    body = (
        "setup Ann at Marvin Gardens\n1. Ann 1-1 Pacific Avenue buy\n2-2 Short Line buy\n"
        "3-3 Mediterranean Avenue jail\n"
    )
    r = _measuring(body)
    assert [(f.code, f.severity.value, f.data.get("follows")) for f in r.findings] == [
        ("A09", "info", None)
    ]
    assert r.state.player("Ann").cash == 1000


def test_a_double_earns_a_further_throw_under_throw_again_only() -> None:
    """CF-80: a double earns another throw (throw-again) or nothing (one-throw-a-turn)."""
    assert throw_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "DBL-01",
        (judge.Alternative("CF-80", "one-throw-a-turn", judge.Choice(False)),),
    )
    assert throw_decision(_game(**{"CF-80": "one-throw-a-turn"})) == judge.Decision(
        judge.Choice(False),
        "DBL-01",
        (judge.Alternative("CF-80", "throw-again", judge.Choice(True)),),
    )


def test_a_jail_turns_throw_moves_the_token_only_on_a_double_under_up_to_three_turns() -> None:
    """CF-81: under one-turn-then-free no throw of the jail turn moves the token; a double
    does under up-to-three-turns, the one reading listed against it. A throw that is not a
    double moves it under neither, so no other reading is listed."""
    one_turn = _game(**{"CF-81": "one-turn-then-free"})
    assert jail_turn_decision(one_turn, True) == judge.Decision(
        judge.Choice(False),
        "JAIL-06",
        (judge.Alternative("CF-81", "up-to-three-turns", judge.Choice(True)),),
    )
    assert jail_turn_decision(one_turn, False) == judge.Decision(judge.Choice(False), "JAIL-06")
    assert jail_turn_decision(_game(), True) == judge.Decision(
        judge.Choice(True),
        "JAIL-06",
        (judge.Alternative("CF-81", "one-turn-then-free", judge.Choice(False)),),
    )


def test_a_roll_moves_the_token_around_the_board_and_no_reading_disputes_it() -> None:
    """From Short Line (35) a 12 reaches the first Chance square (7), GO passed."""
    assert roll_move_decision(_game(), 35, 12) == judge.Decision(judge.Choice(7), "MOVE-01")


def test_a_double_after_a_release_earns_a_throw_under_normal_doubles_only() -> None:
    """CF-05: a double after leaving jail by the fine or a card earns another throw under
    normal-doubles, none under no-extra-roll."""
    assert release_double_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "JAIL-04",
        (judge.Alternative("CF-05", "no-extra-roll", judge.Choice(False)),),
    )
    assert release_double_decision(_game(**{"CF-05": "no-extra-roll"})) == judge.Decision(
        judge.Choice(False),
        "JAIL-04",
        (judge.Alternative("CF-05", "normal-doubles", judge.Choice(True)),),
    )


def test_the_double_that_opens_the_cell_earns_a_throw_under_extra_roll_only() -> None:
    """CF-04: the double that opens the cell earns another throw under extra-roll only."""
    assert jail_double_decision(_game()) == judge.Decision(
        judge.Choice(False),
        "JAIL-07",
        (judge.Alternative("CF-04", "extra-roll", judge.Choice(True)),),
    )
    assert jail_double_decision(_game(**{"CF-04": "extra-roll"})) == judge.Decision(
        judge.Choice(True),
        "JAIL-07",
        (judge.Alternative("CF-04", "no-extra-roll", judge.Choice(False)),),
    )


def test_the_failed_last_jail_throw_under_each_reading_of_cf02() -> None:
    """CF-02: the fine now and a move by the throw, kept in jail for a fourth turn, or the fine
    now and the move next turn; each other reading listed against the one in force."""
    moves, kept, paid = (judge.Choice(play) for play in ("moves", "kept", "paid"))
    assert last_try_decision(_game()) == judge.Decision(
        moves,
        "JAIL-08",
        (
            judge.Alternative("CF-02", "fourth-turn-pay", kept),
            judge.Alternative("CF-02", "pay-then-move-next-turn", paid),
        ),
    )
    assert last_try_decision(_game(**{"CF-02": "pay-then-move-next-turn"})) == judge.Decision(
        paid,
        "JAIL-08",
        (
            judge.Alternative("CF-02", "third-roll-pay-and-move", moves),
            judge.Alternative("CF-02", "fourth-turn-pay", kept),
        ),
    )


THIRD_DOUBLE_MISCOUNTED = (
    "setup Ann at Marvin Gardens\n"
    "1. Ann 1-1 Pacific Avenue buy\n"
    "2-2 Short Line buy\n"
    "3-3 Oriental Avenue jail\n"
)


def test_a_third_double_naming_a_square_it_does_not_reach_is_m104_and_followed() -> None:
    """From Short Line a 3-3 reaches Mediterranean Avenue: a third double written to Oriental
    Avenue breaks both readings of CF-09 (one M104 with the right square, no A09), and the
    record's move is followed (across GO with the salary, then to jail)."""
    for reading, right, rule in (
        ("not-moved", "Jail / Just Visiting", "DBL-03"),
        ("moved", None, "MOVE-01"),
    ):
        r = _measuring(THIRD_DOUBLE_MISCOUNTED, **{"CF-09": reading})
        assert [(f.code, f.span.line, f.rule) for f in r.findings] == [("M104", 5, rule)]
        expected = right or "Mediterranean Avenue"
        assert (r.findings[0].expected, r.findings[0].recorded) == (expected, "Oriental Avenue")
        assert r.state.player("Ann").cash == 1200 and r.state.player("Ann").in_jail
