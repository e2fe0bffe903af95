"""When a rent may still be claimed, judged once by its decide step (engine/core/judge.py): the
rent a claim asks for after the board changed between the landing and the claim (CF-24), and
whether a rent left unclaimed lapses, and whether a rent paid after later throws is still in
time (CF-22)."""

from __future__ import annotations

import monolog
from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.engine.core.turn_flow import Due
from monolog.engine.money.claim_deadline import deadline_decision
from monolog.engine.money.claims import claim_time_decision, lapse_decision
from monolog.notation.events import Span


def _game(**rulings: str) -> Game:
    ed = load_edition("us-2018")
    return Game(ed, GameState.new(ed, ["Ann", "Ben", "Cal"]), {**ed.readings, **rulings})


def _claim(amount: int, square: int = 8) -> Due:
    return Due("rent", "Ben", "Ben", "Ann", amount, "rent", "RENT-01", Span(4, 1, 4, 9), square)


def test_a_house_built_before_the_claim_names_the_other_readings_rent() -> None:
    """A house on Vermont Avenue after Ben landed: $12 at the landing, $30 at the claim."""
    landing = judge.Outcome(12, "Ben", "Ann")
    claim = judge.Outcome(30, "Ben", "Ann")
    assert claim_time_decision(_game(), _claim(12), 30, "Ann") == judge.Decision(
        landing, "RENT-01", (judge.Alternative("CF-24", "at-claim", claim),)
    )
    at_claim = _game(**{"CF-24": "at-claim"})
    assert claim_time_decision(at_claim, _claim(12), 30, "Ann") == judge.Decision(
        claim, "RENT-01", (judge.Alternative("CF-24", "at-landing", landing),)
    )


def test_a_deed_that_changed_owner_alone_leaves_no_other_reading() -> None:
    """Sold to Cal at the same rent: the figure says nothing of CF-24, so no alternative; the
    reading in force still says who is paid."""
    assert claim_time_decision(_game(), _claim(12), 12, "Cal") == judge.Decision(
        judge.Outcome(12, "Ben", "Ann"), "RENT-01"
    )
    at_claim = _game(**{"CF-24": "at-claim"})
    assert claim_time_decision(at_claim, _claim(12), 12, "Cal") == judge.Decision(
        judge.Outcome(12, "Ben", "Cal"), "RENT-01"
    )


def _lapse(lapses: bool, *others: tuple[str, bool]) -> judge.Decision:
    alternatives = tuple(judge.Alternative("CF-22", r, judge.Choice(v)) for r, v in others)
    return judge.Decision(judge.Choice(lapses), "RENT-03", alternatives)


def test_a_sites_rent_left_unclaimed_lapses_under_every_reading_of_cf22() -> None:
    for reading in ("until-next-roll", "sites-only", "second-player-rolls"):
        assert lapse_decision(_game(**{"CF-22": reading}), _claim(12)) == _lapse(True)


def test_a_railroads_rent_left_unclaimed_stays_owed_under_sites_only_alone() -> None:
    railroad = _claim(25, square=5)
    assert lapse_decision(_game(), railroad) == _lapse(True, ("sites-only", False))
    assert lapse_decision(_game(**{"CF-22": "sites-only"}), railroad) == _lapse(
        False, ("until-next-roll", True), ("second-player-rolls", True)
    )


def test_a_railroads_rent_left_unclaimed_under_sites_only_is_not_paid() -> None:
    """The record has the claim lapse: the replay follows it, whatever sites-only says."""
    record = (
        '[Players "Ann, Ben"]\nsetup Ann owns Reading Railroad\nsetup next Ben\n'
        "1. Ben 2-3 Reading Railroad rent unclaimed\n"
    )
    game = monolog.parse_games(record)[0].replay(edition="us-2018", rulings={"CF-22": "sites-only"})
    players = list(game.positions())[-1].state["players"]
    assert players["Ben"]["cash"] == 1500  # type: ignore[index]
    assert players["Ann"]["cash"] == 1500  # type: ignore[index]


def _late(amount: int, rolls: int, square: int = 8) -> Due:
    claim = _claim(amount, square)
    claim.rolls = rolls
    return claim


def _held(holds: bool, *others: tuple[str, bool]) -> judge.Decision:
    alternatives = tuple(judge.Alternative("CF-22", r, judge.Choice(v)) for r, v in others)
    return judge.Decision(judge.Choice(holds), "RENT-03", alternatives)


def test_a_sites_rent_after_the_next_players_throw_is_in_time_under_second_player_rolls() -> None:
    """Vermont Avenue's claim after one later throw: lapsed under until-next-roll and sites-only,
    held under second-player-rolls (an A22, never M304); after two throws no reading holds it."""
    assert deadline_decision(_game(), _late(6, 1)) == _held(False, ("second-player-rolls", True))
    older = _game(**{"CF-22": "second-player-rolls"})
    assert deadline_decision(older, _late(6, 1)) == _held(
        True, ("sites-only", False), ("until-next-roll", False)
    )
    for reading in ("until-next-roll", "sites-only", "second-player-rolls"):
        game = _game(**{"CF-22": reading})
        assert deadline_decision(game, _late(6, 2)) == _held(False)
        assert deadline_decision(game, _late(6, 0)) == _held(True)


def test_a_railroads_rent_after_later_throws_is_in_time_under_sites_only() -> None:
    """Reading Railroad's claim: sites-only holds it whatever the throws since the landing."""
    assert deadline_decision(_game(), _late(25, 1, 5)) == _held(
        False, ("sites-only", True), ("second-player-rolls", True)
    )
    assert deadline_decision(_game(), _late(25, 2, 5)) == _held(False, ("sites-only", True))
    sites_only = _game(**{"CF-22": "sites-only"})
    assert deadline_decision(sites_only, _late(25, 2, 5)) == _held(
        True, ("second-player-rolls", False), ("until-next-roll", False)
    )


def test_a_late_rent_written_as_the_next_turn_opens_is_judged_by_its_claim_and_paid_once() -> None:
    """Ben's claim lapsed under until-next-roll at Ann's throw and the turn ended; reading
    second-player-rolls still holds it until Ben throws, so the rent written before that throw
    follows that reading (A22) and settles the landing's rent: no second $4, no M302."""
    record = (
        '[Players "Ann, Ben"]\nsetup Ann owns Baltic Avenue\n1. Ann 1-3 Income Tax\n'
        "2. Ben 1-2 Baltic Avenue\n3. Ann 2-3 Connecticut Avenue buy\n"
        "4. Ben rent 4 1-2 Oriental Avenue buy\n"
    )
    game = monolog.parse_games(record)[0].replay(edition="us-2018")
    found = [(f.code, f.line, f.severity.value) for f in game.findings]
    assert found == [("A22", 6, "warning")]
    players = list(game.positions())[-1].state["players"]
    assert players["Ben"]["cash"] == 1500 - 4 - 100  # type: ignore[index]
