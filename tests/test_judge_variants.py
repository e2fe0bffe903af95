"""What each reading requires of a variant's or a table's decision, pinned at the decide step
(engine/core/judge.py): the houses a short-game site may carry (CF-45), the failed throw on the
short game's one jail turn (CF-46) and the number of players (CF-56), with the other reading of
each open point that would decide otherwise."""

from __future__ import annotations

from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.house_cap import house_count_decision
from monolog.engine.core.state import GameState
from monolog.engine.core.variants import one_turn_stay_decision
from monolog.engine.setup.setup import player_count_decision

PARK_LANE = 37


def _game(edition: str, variant: str | None = None, players: int = 2, **rulings: str) -> Game:
    ed = load_edition(edition)
    if variant is not None:
        ed = ed.with_variant(variant)
    names = [f"P{i}" for i in range(players)]
    return Game(ed, GameState.new(ed, names), dict(ed.readings) | rulings)


def _cf45(reading: str, allowed: bool) -> judge.Alternative:
    return judge.Alternative("CF-45", reading, judge.Choice(allowed))


def test_a_fourth_house_in_the_short_game_is_the_point_of_cf45() -> None:
    short = _game("uk-1996", "short")
    assert house_count_decision(short, PARK_LANE, 4) == judge.Decision(
        judge.Choice(True), "SHORT-03", (_cf45("three-house-cap", False),)
    )
    capped = _game("uk-1996", "short", **{"CF-45": "three-house-cap"})
    assert house_count_decision(capped, PARK_LANE, 4) == judge.Decision(
        judge.Choice(False), "SHORT-03", (_cf45("fourth-house-allowed", True),)
    )


def test_counts_both_readings_of_cf45_agree_on_list_no_other() -> None:
    """Three houses stand and a fifth has no printed rent, under either reading."""
    for reading in ("fourth-house-allowed", "three-house-cap"):
        short = _game("uk-esl", "short", **{"CF-45": reading})
        assert house_count_decision(short, PARK_LANE, 3) == judge.Decision(
            judge.Choice(True), "SHORT-03"
        )
        assert house_count_decision(short, PARK_LANE, 5) == judge.Decision(
            judge.Choice(False), "SHORT-03"
        )


def test_the_standard_game_cap_opens_no_point() -> None:
    standard = _game("uk-1996", **{"CF-45": "three-house-cap"})
    assert house_count_decision(standard, PARK_LANE, 4) == judge.Decision(
        judge.Choice(True), "BLD-04"
    )
    assert house_count_decision(standard, PARK_LANE, 5) == judge.Decision(
        judge.Choice(False), "BLD-04"
    )


def test_the_short_game_jail_turn_has_one_reading() -> None:
    assert one_turn_stay_decision() == judge.Decision(judge.Choice(True), "SHORT-05")


def _cf56(reading: str, allowed: bool) -> judge.Alternative:
    return judge.Alternative("CF-56", reading, judge.Choice(allowed))


def test_seven_or_eight_players_name_the_other_reading_of_cf56_where_it_is_open() -> None:
    """uk-1996 gives no count of its own (reading eight); us-2018 settles six, unless a ruling
    changes it."""
    for count in (7, 8):
        eight = _game("uk-1996", players=count)
        assert player_count_decision(eight, count) == judge.Decision(
            judge.Choice(True), "SET-01", (_cf56("six", False),)
        )
        six = _game("uk-1996", players=count, **{"CF-56": "six"})
        assert player_count_decision(six, count) == judge.Decision(
            judge.Choice(False), "SET-01", (_cf56("eight", True),)
        )
        ruled = _game("us-2018", players=count, **{"CF-56": "eight"})
        assert player_count_decision(ruled, count) == judge.Decision(
            judge.Choice(True), "SET-01", (_cf56("six", False),)
        )


def test_a_count_the_readings_agree_on_is_the_editions_range() -> None:
    settled = _game("us-2018", players=7)
    assert player_count_decision(settled, 7) == judge.Decision(judge.Choice(False), "SET-01")
    classic = _game("us-classic", players=8)
    assert player_count_decision(classic, 8) == judge.Decision(judge.Choice(True), "SET-01")
    for count, allowed in ((1, False), (2, True), (6, True), (9, False)):
        uk = _game("uk-1996", players=count)
        assert player_count_decision(uk, count) == judge.Decision(judge.Choice(allowed), "SET-01")
