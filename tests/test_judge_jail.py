"""What each reading requires of a jail decision, pinned at the decide step
(engine/core/judge.py): when the fine may be paid (CF-06), whether a Get Out of Jail Free card
may stand in for the fine a failed last throw made due (CF-07), which throw is the last try
(CF-03), whether a one-turn stay ends in a release for nothing (CF-81), whether a player short
of the forced fine is moved by the throw (CF-08), whether a jailed player may build, deal or bid
(CF-66), and the other reading of each open point that would decide otherwise."""

from __future__ import annotations

from pathlib import Path

from monolog.editions.loader import load_edition
from monolog.engine import replay
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.jail.card_for_fine import card_for_fine_decision
from monolog.engine.jail.fine_timing import after_throw_decision, fine_time_decision
from monolog.engine.jail.jail_exits import short_fine_decision
from monolog.engine.jail.jail_rights import jailed_rights_decision
from monolog.engine.jail.jail_rolls import stay_release_decision
from monolog.engine.jail.jail_turn_count import last_try_count_decision
from monolog.notation.parser import parse_text


def _game(key: str = "us-2018", **rulings: str) -> Game:
    edition = load_edition(key)
    readings = dict(edition.readings) | rulings
    return Game(edition, GameState.new(edition, ["Ann", "Ben"]), readings)


def _alt(reading: str, allowed: bool) -> judge.Alternative:
    return judge.Alternative("CF-06", reading, judge.Choice(allowed))


def test_the_fine_before_the_first_throw_is_allowed_by_every_reading_of_cf06() -> None:
    for reading in ("first-turn-only", "turns-one-or-two", "before-any-roll", "any-time"):
        decision = fine_time_decision(_game(**{"CF-06": reading}), 1, between=False)
        assert decision == judge.Decision(judge.Choice(True), "JAIL-04")


def test_the_fine_before_a_later_throw_names_each_reading_that_decides_otherwise() -> None:
    third = fine_time_decision(_game(**{"CF-06": "turns-one-or-two"}), 3, between=False)
    assert third == judge.Decision(
        judge.Choice(False),
        "JAIL-04",
        (_alt("before-any-roll", True), _alt("any-time", True)),
    )
    second = fine_time_decision(_game(**{"CF-06": "before-any-roll"}), 2, between=False)
    assert second == judge.Decision(
        judge.Choice(True), "JAIL-04", (_alt("first-turn-only", False),)
    )


def test_a_fine_between_turns_is_taken_by_any_time_only() -> None:
    """Even standing for jail turn 1, which every reading allows before its throw."""
    default = fine_time_decision(_game(), 1, between=True)
    assert default == judge.Decision(judge.Choice(False), "JAIL-04", (_alt("any-time", True),))
    anytime = fine_time_decision(_game(**{"CF-06": "any-time"}), 1, between=True)
    assert anytime == judge.Decision(
        judge.Choice(True),
        "JAIL-04",
        tuple(_alt(r, False) for r in ("first-turn-only", "turns-one-or-two", "before-any-roll")),
    )


def test_a_fine_after_a_failed_throw_is_any_time_s_play_where_cf06_is_open() -> None:
    """us-2018 leaves CF-06 open: any-time is the other reading (an A06, never M505); the
    classic text settles CF-06 on the fine before the throw and the ESL text states JAIL-09:
    no other reading (M505)."""
    assert after_throw_decision(_game()) == judge.Decision(
        judge.Choice(False), "JAIL-09", (_alt("any-time", True),)
    )
    anytime = after_throw_decision(_game(**{"CF-06": "any-time"}))
    assert anytime == judge.Decision(judge.Choice(True), "JAIL-09")
    for key in ("us-classic", "uk-esl"):
        assert after_throw_decision(_game(key)) == judge.Decision(judge.Choice(False), "JAIL-09")


def test_an_edition_stating_jail_09_refuses_the_fine_after_a_throw_and_leaves_cf06_open(
    tmp_path: Path,
) -> None:
    """uk-esl states JAIL-09 (rules.fine_after_failed_throw) without settling CF-06: a payment
    after a failed throw has no other reading, while one between turns still has any-time's. A
    ruling of CF-06 sets the text aside as it unsettles a settled point; a text that allows the
    payment takes it with no other reading."""
    esl = _game("uk-esl")
    assert "CF-06" not in esl.edition.settled
    assert after_throw_decision(esl) == judge.Decision(judge.Choice(False), "JAIL-09")
    assert fine_time_decision(esl, 1, between=True).others == (_alt("any-time", True),)
    ruled = after_throw_decision(_game("uk-esl", **{"CF-06": "turns-one-or-two"}))
    assert ruled.others == (_alt("any-time", True),)
    for stated in ("false", "true"):
        path = tmp_path / f"{stated}.yaml"
        path.write_text(f"extends: us-2018\nrules: {{fine_after_failed_throw: {stated}}}\n")
        decision = after_throw_decision(_game(str(path)))
        assert decision == judge.Decision(judge.Choice(stated == "true"), "JAIL-09")


def test_a_card_for_the_forced_fine_stands_under_card_replaces_fine_only() -> None:
    assert card_for_fine_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "JAIL-08",
        (judge.Alternative("CF-07", "card-before-roll-only", judge.Choice(False)),),
    )
    strict = _game(**{"CF-07": "card-before-roll-only"})
    assert card_for_fine_decision(strict) == judge.Decision(
        judge.Choice(False),
        "JAIL-08",
        (judge.Alternative("CF-07", "card-replaces-fine", judge.Choice(True)),),
    )


def test_a_failed_throw_is_the_last_try_under_jailing_turn_counts_only() -> None:
    assert last_try_count_decision(_game()) == judge.Decision(
        judge.Choice(False),
        "JAIL-08",
        (judge.Alternative("CF-03", "jailing-turn-counts", judge.Choice(True)),),
    )
    counts = _game(**{"CF-03": "jailing-turn-counts"})
    assert last_try_count_decision(counts) == judge.Decision(
        judge.Choice(True),
        "JAIL-08",
        (judge.Alternative("CF-03", "next-turn-is-first", judge.Choice(False)),),
    )


def test_a_move_by_the_second_failed_throw_follows_jailing_turn_counts_in_full() -> None:
    """Under next-turn-is-first jail turn 2 leaves one more try; the record moves Ann by its
    failed throw, the last try under jailing-turn-counts: one A03 naming that reading (no M507
    beside it), and the replay takes the fine and makes the move."""
    text = '[Players "Ann, Ben"]\nsetup Ann jail 2\n1. Ann 1-2 States Avenue\n'
    r = replay(parse_text(text, "t.mlog"), "us-2018")
    assert [(f.code, f.line, f.severity.value, f.data.get("follows")) for f in r.findings] == [
        ("A03", 3, "warning", "jailing-turn-counts")
    ]
    ann = r.state.player("Ann")
    assert (ann.cash, ann.in_jail, ann.position) == (1450, False, 13)


def test_the_player_is_out_for_nothing_after_the_jail_turn_under_one_turn_then_free_only() -> None:
    assert stay_release_decision(_game(**{"CF-81": "one-turn-then-free"})) == judge.Decision(
        judge.Choice(True),
        "JAIL-06",
        (judge.Alternative("CF-81", "up-to-three-turns", judge.Choice(False)),),
    )
    assert stay_release_decision(_game()) == judge.Decision(
        judge.Choice(False),
        "JAIL-06",
        (judge.Alternative("CF-81", "one-turn-then-free", judge.Choice(True)),),
    )


def test_a_player_short_of_the_forced_fine_is_moved_under_debt_to_bank_only() -> None:
    game = _game()
    game.state.player("Ann").cash = 30
    assert short_fine_decision(game, "Ann") == judge.Decision(
        judge.Choice(True),
        "JAIL-08",
        (judge.Alternative("CF-08", "stays-in-jail", judge.Choice(False)),),
    )
    held = _game(**{"CF-08": "stays-in-jail"})
    held.state.player("Ann").cash = 30
    assert short_fine_decision(held, "Ann") == judge.Decision(
        judge.Choice(False),
        "JAIL-08",
        (judge.Alternative("CF-08", "debt-to-bank", judge.Choice(True)),),
    )
    # with the fine's cash in hand the point does not arise: moved, no other reading
    held.state.player("Ann").cash = 50
    assert short_fine_decision(held, "Ann") == judge.Decision(judge.Choice(True), "JAIL-08")


def test_a_jailed_player_builds_deals_and_bids_under_allowed_only() -> None:
    assert jailed_rights_decision(_game()) == judge.Decision(
        judge.Choice(True),
        "JAIL-10",
        (judge.Alternative("CF-66", "frozen", judge.Choice(False)),),
    )
    assert jailed_rights_decision(_game(**{"CF-66": "frozen"})) == judge.Decision(
        judge.Choice(False),
        "JAIL-10",
        (judge.Alternative("CF-66", "allowed", judge.Choice(True)),),
    )
