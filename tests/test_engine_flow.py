"""The replay engine's turn flow and money: rent tables, railroads, utilities, salary, taxes,
cards, the deck audit, jail, checksums. Each test replays a short record and pins the figures."""

from __future__ import annotations

from pathlib import Path

from monolog.engine import replay
from monolog.engine.core.replay import Replay
from monolog.engine.money.worth import worth
from monolog.notation.parser import parse_text


def run(body: str, players: str = "Ann, Ben", **kw: object) -> Replay:
    text = f'[Players "{players}"]\n' + body
    return replay(parse_text(text, "t.mlog"), file="t.mlog", paranoid=True, **kw)  # type: ignore[arg-type]


def codes(r: Replay) -> list[str]:
    return [f.code for f in r.findings]


def cash(r: Replay, name: str) -> int:
    return r.state.player(name).cash


def finding(r: Replay, code: str):  # type: ignore[no-untyped-def]
    return next(f for f in r.findings if f.code == code)


# --------------------------------------------------------------------------- rent on sites
def test_single_rent_without_the_group() -> None:
    r = run("setup Ann owns Vermont Avenue\nsetup next Ben\n1. Ben 4-4 Vermont Avenue\n")
    assert cash(r, "Ben") == 1500 - 6 and cash(r, "Ann") == 1506


def test_double_rent_on_a_complete_bare_group() -> None:
    r = run(
        "setup Ann owns Oriental Avenue, Vermont Avenue, Connecticut Avenue\n"
        "setup next Ben\n1. Ben 4-4 Vermont Avenue rent 6\n"
    )
    assert codes(r) == ["M301"]
    f = finding(r, "M301")
    assert f.expected == 12 and f.recorded == 6 and f.rule == "RENT-04"
    assert "light blues, none built on or mortgaged" in f.message
    assert cash(r, "Ben") == 1494  # the recorded amount is what was paid


def test_mortgaged_member_cancels_double_rent_and_says_so() -> None:
    # the edition's own text settles CF-01: plain legal play, no A01
    r = run(
        "setup Ann owns Oriental Avenue mortgaged, Vermont Avenue, Connecticut Avenue\n"
        "setup next Ben\n1. Ben 4-4 Vermont Avenue\n"
    )
    assert codes(r) == []
    assert cash(r, "Ben") == 1494
    r2 = run(
        "setup Ann owns Oriental Avenue mortgaged, Vermont Avenue, Connecticut Avenue\n"
        "setup next Ben\n1. Ben 4-4 Vermont Avenue\n",
        rulings={"CF-01": "double-unmortgaged"},
    )
    assert codes(r2) == ["A01"]
    assert cash(r2, "Ben") == 1488


def test_houses_and_hotel_rent() -> None:
    r = run(
        "setup Ann owns Park Place x4, Boardwalk hotel\nsetup next Ben\n"
        "1. Ben 3-4 Chance card CH01 rent 2000\n"
    )
    assert codes(r) == []
    assert cash(r, "Ben") == 1500 - 2000
    r = run(
        "setup Ann owns Park Place x3, Boardwalk x3\nsetup Ben at Short Line\nsetup next Ben\n"
        "1. Ben 1-1 Park Place rent 1100\n"
    )
    assert "M301" not in codes(r)


def test_own_and_mortgaged_squares_charge_nothing() -> None:
    r = run("setup Ben owns Vermont Avenue\nsetup next Ben\n1. Ben 4-4 Vermont Avenue rent 6\n")
    assert codes(r) == ["M302"]
    r = run("setup Ann owns Vermont Avenue mortgaged\nsetup next Ben\n1. Ben 4-4 Vermont Avenue\n")
    assert cash(r, "Ben") == 1500


# --------------------------------------------------------------------------- railroads, utilities
def test_railroad_rent_by_count() -> None:
    for owned, rent in (
        ("Reading Railroad", 25),
        ("Reading Railroad, Pennsylvania Railroad", 50),
        ("Reading Railroad, Pennsylvania Railroad, Short Line", 100),
        ('Reading Railroad, Pennsylvania Railroad, Short Line, "B. & O. Railroad"', 200),
    ):
        r = run(f"setup Ann owns {owned}\nsetup next Ben\n1. Ben 2-3 Reading Railroad\n")
        assert cash(r, "Ann") == 1500 + rent, owned


def test_utility_rent_from_the_movement_roll() -> None:
    r = run(
        "setup Ann owns Electric Company\nsetup Ben at #7\nsetup next Ben\n"
        "1. Ben 2-3 Electric Company rent 20\n"
    )
    assert codes(r) == []
    r = run(
        "setup Ann owns Electric Company, Water Works\nsetup Ben at #7\nsetup next Ben\n"
        "1. Ben 2-3 Electric Company rent 20\n"
    )
    assert codes(r) == ["M301"] and finding(r, "M301").expected == 50


def test_nearest_utility_card_takes_ten_times_a_fresh_throw() -> None:
    r = run(
        "setup Ann owns Electric Company\nsetup next Ben\n"
        "1. Ben 3-4 Chance card CH07 -> Electric Company dice 2-3 rent 50\n"
    )
    assert codes(r) == []
    assert cash(r, "Ben") == 1450


def test_nearest_railroad_card_doubles_the_rent() -> None:
    # from the third Chance square the railroad ahead is the closest one too (no CF-71)
    r = run(
        'setup Ann owns "B. & O. Railroad"\nsetup Ben at Tennessee Avenue\nsetup next Ben\n'
        '1. Ben 1-3 Chance card CH05 -> "B. & O. Railroad" rent 50\n'
    )
    assert codes(r) == []


# --------------------------------------------------------------------------- salary, tax
def test_salary_is_derived_and_checked() -> None:
    r = run("setup Ben at Short Line\nsetup next Ben\n1. Ben 3-4 Oriental Avenue buy\n")
    assert cash(r, "Ben") == 1500 + 200 - 100
    r = run("setup Ben at Short Line\nsetup next Ben\n1. Ben 3-4 Oriental Avenue salary 100\n")
    assert "M105" in codes(r) and cash(r, "Ben") == 1600


def test_no_salary_when_sent_to_jail() -> None:
    r = run("setup next Ben\n1. Ben 3-4 Chance card CH11 salary 200\n")
    assert "M106" in codes(r)
    assert r.state.player("Ben").in_jail


def test_flat_tax() -> None:
    r = run("setup next Ben\n1. Ben 1-3 Income Tax tax 150\n")
    assert codes(r) == ["M407"] and cash(r, "Ben") == 1350
    r = run("setup next Ben\n1. Ben 1-3 Income Tax tax 10% 150\n")
    assert "M409" in codes(r)
    r = run("setup Ben at Short Line\nsetup next Ben\n1. Ben 1-2 Luxury Tax\n")
    assert cash(r, "Ben") == 1400


# --------------------------------------------------------------------------- cards
def test_card_money() -> None:
    r = run("setup next Ben\n1. Ben 1-1 Community Chest card CC09 20\n", players="Ann, Ben, Cal")
    assert codes(r) == [] and cash(r, "Ben") == 1520 and cash(r, "Cal") == 1490
    r = run("setup next Ben\n1. Ben 3-4 Chance card CH15 50\n", players="Ann, Ben, Cal")
    assert codes(r) == ["M405"] and finding(r, "M405").expected == 100


def test_repairs() -> None:
    r = run(
        "setup Ben owns Park Place x3, Boardwalk hotel\nsetup next Ben\n"
        "1. Ben 3-4 Chance card CH12\n"
    )
    assert cash(r, "Ben") == 1500 - 3 * 25 - 100


def test_go_back_three_draws_again() -> None:
    r = run(
        "setup Ben at Illinois Avenue\nsetup next Ben\n1. Ben 6-6 #36 card CH10 -> #33 card CC02\n"
    )
    # the second card is the disputed point CF-62, named with the reading the record agrees with
    assert codes(r) == ["A62"] and cash(r, "Ben") == 1700
    assert r.state.player("Ben").position == 33


def test_card_move_pays_salary_and_flags_cf12() -> None:
    r = run("setup Ben at Pennsylvania Avenue\nsetup next Ben\n1. Ben 1-1 #36 card CH04 buy 140\n")
    assert codes(r) == ["A12"] and cash(r, "Ben") == 1500 + 200 - 140
    assert r.state.deeds[11].owner == "Ben"


def test_deck_audit() -> None:
    r = run("setup next Ben\n1. Ben 3-4 Chance card CH08\n2. Ann 3-4 Chance card CH08\n")
    assert "M403" in codes(r)
    r = run("setup deck CH08, CH16\nsetup next Ben\n1. Ben 3-4 Chance card CH16\n")
    f = finding(r, "M403")
    assert f.expected == "CH08"
    r = run("setup Ann goojf CC05\nsetup next Ben\n1. Ben 1-1 Community Chest card CC05\n")
    assert "M404" in codes(r)


def test_whole_deck_seen_fixes_the_order() -> None:
    ids = [f"CH{n:02d}" for n in (8, 16, 13, 12)]
    order = ", ".join(ids + [f"CH{n:02d}" for n in range(1, 17) if f"CH{n:02d}" not in ids])
    r = run(f"setup deck {order}\nsetup next Ben\n1. Ben 3-4 Chance card CH08\n")
    assert r.state.decks["chance"].known
    assert r.state.decks["chance"].slots[-1] == "CH08"


# --------------------------------------------------------------------------- jail
def test_third_double_goes_to_jail() -> None:
    r = run("setup next Ben\n1. Ben 1-1 Community Chest card CC02\n2-2 #8\n3-3 jail\n")
    assert r.state.player("Ben").in_jail and "A09" in codes(r)
    assert "M501" not in codes(r)


def test_jail_third_turn_forced_fine() -> None:
    r = run(
        "setup Ben jail\nsetup next Ben\n1. Ben 1-2\n2. Ann 1-2 Baltic Avenue buy\n"
        "3. Ben 1-2\n4. Ann 2-3 Vermont Avenue buy\n5. Ben 1-3 Virginia Avenue fine 50 buy\n"
    )
    assert codes(r) == ["A03", "A02"]
    assert cash(r, "Ben") == 1500 - 50 - 160
    assert not r.state.player("Ben").in_jail


def test_fine_after_failed_roll_follows_any_time_where_cf06_is_open() -> None:
    """The 2018 texts leave CF-06 open: the payment is reading any-time's play (A06, a
    warning), not M505; the classic and ESL texts settle it, and there it is M505."""
    record = (
        "setup Ben jail\nsetup next Ben\n1. Ben 1-2 fine\n2. Ann 1-2 #3 buy\n3. Ben 1-2 #13 buy\n"
    )
    r = run(record)
    assert codes(r) == ["A06"] and r.findings[0].severity.value == "warning"
    assert r.findings[0].data["follows"] == "any-time"
    assert r.state.player("Ben").position == 13 and cash(r, "Ben") == 1500 - 50 - 140
    for edition in ("us-classic", "uk-esl"):
        assert codes(run(record, edition=edition)) == ["M505"]


def test_fine_after_failed_roll_where_the_edition_s_text_allows_it(tmp_path: Path) -> None:
    """An edition whose text allows the payment (rules.fine_after_failed_throw: true) takes it
    as plain play: no finding naming a reading, and Ben leaves jail at his next turn."""
    path = tmp_path / "roll-then-pay.yaml"
    path.write_text("extends: us-2018\nrules: {fine_after_failed_throw: true}\n", "utf-8")
    record = (
        "setup Ben jail\nsetup next Ben\n1. Ben 1-2 fine\n2. Ann 1-2 #3 buy\n3. Ben 1-2 #13 buy\n"
    )
    r = run(record, edition=str(path))
    assert codes(r) == []
    assert r.state.player("Ben").position == 13 and cash(r, "Ben") == 1500 - 50 - 140


def test_goojf_and_double_release() -> None:
    r = run("setup Ben jail goojf CC05\nsetup next Ben\n1. Ben goojf 1-2 States Avenue\n")
    assert codes(r) == [] and r.state.player("Ben").cards == []
    r = run("setup Ben jail\nsetup next Ben\n1. Ben 2-2 Virginia Avenue buy\n")
    assert "A04" in codes(r) and cash(r, "Ben") == 1340


# --------------------------------------------------------------------------- turns, checks
def test_out_of_turn_and_missing_double_roll() -> None:
    r = run("1. Ann 1-2 Baltic Avenue buy\n2. Ann 1-2 Oriental Avenue buy\n")
    assert "M101" in codes(r)
    r = run("1. Ann 1-1 Community Chest card CC02\n2. Ben 1-2 Baltic Avenue buy\n")
    assert "M102" in codes(r)


def test_checksum_states_replayed_cash() -> None:
    r = run("1. Ann 1-2 Baltic Avenue buy 60 =1450\n")
    f = finding(r, "W001")
    assert f.expected == 1440 and "$1,440" in f.message


def test_decline_then_auction_and_missing_auction() -> None:
    r = run("1. Ann 1-2 Baltic Avenue decline auction bids Ben 10, Ann 20 sold Ann 20\n")
    assert codes(r) == []
    assert r.state.deeds[3].owner == "Ann" and cash(r, "Ann") == 1480
    r = run("1. Ann 1-2 Baltic Avenue decline\n2. Ben 1-2 Baltic Avenue\n")
    assert "M201" in codes(r)


def test_unclaimed_rent_is_reported_as_a22() -> None:
    r = run(
        "setup Ann owns Vermont Avenue\nsetup next Ben\n1. Ben 4-4 Vermont Avenue rent unclaimed\n"
    )
    assert codes(r) == ["A22"] and cash(r, "Ben") == 1500


def test_dispute_attaches_ruling() -> None:
    r = run('setup next Ben\n1. Ben 1-3 Income Tax tax 150 disputed "table said 150"\n')
    f = finding(r, "M407")
    assert f.data["ruling"] == "table said 150"


def test_unknown_name_is_a_finding_not_a_crash() -> None:
    r = run("1. Ann 1-2 Baltic Avenue\nZed build Boardwalk\n")
    assert "M900" in codes(r)


def test_worth() -> None:
    r = run("setup Ann cash 100 owns Park Place x2, Boardwalk hotel, Reading Railroad mortgaged\n")
    assert worth(r.state, r.edition)["Ann"] == 100 + 350 + 2 * 200 + 400 + 200 + 4 * 200 + 100
