"""Who takes a bankrupt's estate, decided (engine/bankruptcy/heirs.py) and judged once: the
decide functions pinned, and a bankruptcy written to one of several creditors named as the
reading it follows only where that reading gives the estate to that creditor."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from estate_helpers import SPAN, give, new_game

import monolog
from monolog.engine.bankruptcy import heirs
from monolog.engine.bankruptcy.bankruptcy import on_bankrupt
from monolog.engine.bankruptcy.liquidation import first_short
from monolog.engine.core import judge
from monolog.engine.core.game import Debt, Game
from monolog.engine.money.debts import note_payment, open_debts
from monolog.findings.model import Severity
from monolog.notation.events import Bankrupt, Ref


def owe(game: Game, debtor: str, creditor: str | None, amount: int, why: str = "rent") -> None:
    game.transfer(debtor, creditor, amount, why, SPAN)
    note_payment(game, debtor, creditor, amount, why, SPAN)


def _debts(game: Game) -> list[Debt]:
    return open_debts(game, "Ben")


def _rent_and_tax(rulings: dict[str, str] | None = None) -> Game:
    """Ben (cash 2) owes Ann a rent of 4 and then the bank a tax of 200: in seat order from
    Ben's left Ann comes before the bank, so Ann is the first left short."""
    g = new_game("Ann", "Ben", "Cal", rulings=rulings)
    g.state.player("Ben").cash = 2
    owe(g, "Ben", "Ann", 4)
    owe(g, "Ben", None, 200, "tax")
    return g


def test_decide_creditor_lists_no_other_reading() -> None:
    d = heirs.decide_creditor(new_game("Ann", "Ben"), ["Ann", None])
    assert d == judge.Decision(judge.Choice(["Ann", "the bank"]), "BKR-03")


def test_decide_bank_share_under_each_reading() -> None:
    settled = new_game("Ann", "Ben")  # us-2018's text settles CF-82
    assert heirs.decide_bank_share(settled) == judge.Decision(judge.Choice(heirs.WHOLE), "BKR-03")
    open_point = new_game("Ann", "Ben")
    open_point.edition = replace(open_point.edition, settled=open_point.edition.settled - {"CF-82"})
    assert heirs.decide_bank_share(open_point).others == (
        judge.Alternative("CF-82", "debt-then-bank", judge.Choice(heirs.REST)),
    )
    ruled = new_game("Ann", "Ben", rulings={"CF-82": "debt-then-bank"})
    assert heirs.decide_bank_share(ruled) == judge.Decision(
        judge.Choice(heirs.REST),
        "BKR-03",
        (judge.Alternative("CF-82", "whole-estate", judge.Choice(heirs.WHOLE)),),
    )


def test_decide_heir_player_and_bank() -> None:
    """Owed to a player and the bank: shared under pro-rata, turn-order giving it to Ann (no
    CF-59: that point is about players alone); under turn-order Ann takes it, no other."""
    g = _rent_and_tax()
    assert first_short(g, "Ben", _debts(g)) == "Ann"
    assert heirs.decide_heir(g, "Ben", _debts(g)) == judge.Decision(
        judge.Choice(heirs.SHARED),
        "BKR-03",
        (judge.Alternative("CF-41", "turn-order", judge.Choice("Ann"), "BKR-03"),),
    )
    t = _rent_and_tax({"CF-41": "turn-order"})
    assert heirs.decide_heir(t, "Ben", _debts(t)) == judge.Decision(judge.Choice("Ann"), "BKR-05")


def test_decide_heir_players_only() -> None:
    """Owed to Ann and Cal: the first left short in seat order from Ben's left is Cal (Cal
    sits next); pro-rata and auction list both other readings, turn-order with auction only
    first-unpaid."""
    g = new_game("Ann", "Ben", "Cal")
    g.state.player("Ben").cash = 30
    owe(g, "Ben", "Ann", 20)
    owe(g, "Ben", "Cal", 20)  # Ben at -10
    heir = judge.Choice("Cal")
    assert heirs.decide_heir(g, "Ben", _debts(g)).others == (
        judge.Alternative("CF-41", "turn-order", heir, "BKR-03"),
        judge.Alternative("CF-59", "first-unpaid", heir, "BKR-05"),
    )
    t = new_game("Ann", "Ben", "Cal", rulings={"CF-41": "turn-order"})
    t.state.player("Ben").cash = 30
    owe(t, "Ben", "Ann", 20)
    owe(t, "Ben", "Cal", 20)
    assert first_short(t, "Ben", _debts(t)) == "Cal"
    assert heirs.decide_heir(t, "Ben", _debts(t)).others == (
        judge.Alternative("CF-59", "first-unpaid", heir, "BKR-05"),
    )


_CHAIRMAN = (
    '[Players "Ann, Ben, Cal"]\n'
    "setup Ann cash 10 at Marvin Gardens owns Boardwalk mortgaged\n"
    "setup next Ann\n"
    "1. Ann 3-4 Chance card CH15\n"
)


def _audit(text: str, **rulings: str) -> monolog.ReplayedGame:
    return monolog.parse_games(text)[0].replay(edition="us-2018", rulings=rulings)


def test_bankrupt_to_a_creditor_no_reading_gives_it_to_is_m803() -> None:
    """Ann pays Ben and then Cal $50 with $10: in turn order Ben is the first left short. The
    estate written to Cal alone follows no reading (before: A41 and A59 said the record
    followed turn-order and first-unpaid, which give it to Ben). Replayed as written."""
    game = _audit(_CHAIRMAN + "Ann bankrupt to Cal\nCal interest Boardwalk\n")
    on_line = [f for f in game.findings if f.span.line == 5]
    m803 = [f for f in on_line if f.code == "M803"]
    assert len(m803) == 1 and "first creditor left short" in m803[0].message
    assert "Ben" in m803[0].message and "replayed as written, to Cal" in m803[0].message
    assert not [f for f in on_line if f.code[0] == "A" and f.data.get("follows")]
    final = list(game.positions())[-1].state
    assert final["deeds"]["Boardwalk"]["owner"] == "Cal"  # type: ignore[index]


def test_bankrupt_to_the_player_owed_beside_the_bank_follows_turn_order() -> None:
    """Owed to Ann (rent) and the bank (tax): the estate written to Ann, the first left short
    in turn order, follows turn-order (A41 as a warning) and Ann takes the deed (before: the
    name was dropped without a word and the deed went to auction)."""
    g = _rent_and_tax()
    give(g, "Ben", "Oriental Avenue")
    on_bankrupt(g, Bankrupt(SPAN, None, Ref("Ann"), False), "Ben")
    a41 = [f for f in g.findings if f.code == "A41"]
    assert len(a41) == 1 and a41[0].severity is Severity.WARNING
    assert a41[0].data.get("follows") == "turn-order"
    assert g.state.deeds[6].owner == "Ann"


def test_turn_order_in_force_beside_the_bank_is_applied_as_named() -> None:
    """Under turn-order, a player and the bank owed: Ann, first in seat order, keeps the $2
    Ben had and, left short, takes the rest, the deed included (before: the finding named
    turn-order but the replay shared the cash in proportion and auctioned the deed)."""
    g = _rent_and_tax({"CF-41": "turn-order"})
    give(g, "Ben", "Oriental Avenue")
    on_bankrupt(g, Bankrupt(SPAN, None, None, False), "Ben")
    (a41,) = [f for f in g.findings if f.code == "A41"]
    assert "paid in full in turn order" in a41.message
    assert g.state.player("Ann").cash == 1502
    assert g.state.deeds[6].owner == "Ann"


def test_turn_order_with_the_bank_first_left_short_takes_the_estate_unsold() -> None:
    """Under turn-order Ben's $100 pay Ann's $6 rent in full before the bank's $200 tax: the
    bank, first left short, takes the rest as in a bankruptcy to the bank, the house back in
    its stock with nothing paid for it (before: the cash was shared in proportion, Ann keeping
    $2 of her rent)."""
    g = new_game("Ann", "Ben", "Cal", rulings={"CF-41": "turn-order"})
    g.state.player("Ben").cash = 100
    give(g, "Ben", "Baltic Avenue")
    give(g, "Ben", "Mediterranean Avenue", houses=1)
    stock = g.state.bank_houses
    owe(g, "Ben", None, 200, "tax")
    owe(g, "Ben", "Ann", 6)
    on_bankrupt(g, Bankrupt(SPAN, None, None, False), "Ben")
    assert g.state.player("Ann").cash == 1506
    assert g.state.bank_houses == stock + 1
    assert not [t for t in g.transfers if t.reason == "bankruptcy sale"]
    assert g.state.deeds[1].owner is None and g.state.deeds[3].owner is None


_PAY_EACH = (
    '[Players "Ann, Ben, Cal"]\n'
    "setup Ann cash 10 at Marvin Gardens owns Boardwalk mortgaged\n"
    "setup next Ann\n"
    "1. Ann 3-4 Chance card CH15\n"
    "Ann bankrupt =Ben {ben} =Cal {cal}\n"
    "auction Boardwalk bids Cal 10 sold Cal 10\n"
    "=Ben {ben} =Cal {paid}\n"
)


@pytest.mark.parametrize(
    ("in_force", "counted", "ben", "cal"),
    [("pro-rata", "turn-order", 1510, 1500), ("turn-order", "pro-rata", 1505, 1505)],
)
def test_counts_on_the_bankruptcy_line_follow_another_split(
    in_force: str, counted: str, ben: int, cal: int
) -> None:
    """Ann pays 50 to each of Ben and Cal with 10 in hand: the counts on the bankruptcy line
    show the split of the reading not in force. One A41 on the line names that reading (no
    W001 for either count), and the replay takes its split in full: the next counts agree."""
    record = monolog.parse_games(_PAY_EACH.format(ben=ben, cal=cal, paid=cal - 10))[0]
    game = record.replay(edition="us-2018", rulings={"CF-41": in_force})
    shown = [(f.code, f.line, f.message) for f in game.findings]
    a41 = [f for f in game.findings if f.code == "A41"]
    assert [f.code for f in game.findings if f.code[0] in "MW"] == [], shown
    assert len(a41) == 1 and a41[0].severity is Severity.WARNING, shown
    assert a41[0].data["follows"] == counted


def test_a_count_of_no_known_player_on_the_bankruptcy_line_leaves_the_others_judged() -> None:
    """The last count of the line names no player of the game (M900): the counts before it
    are still read as the split (turn-order's, here), not left unjudged."""
    text = _PAY_EACH.format(ben=1510, cal=1500, paid=1490).replace("=Cal 1500", "=Zed 5")
    game = monolog.parse_games(text)[0].replay(edition="us-2018")
    shown = [(f.code, f.line) for f in game.findings]
    assert shown == [("A41", 5), ("A59", 5), ("M900", 5)], shown
    assert game.findings[0].data["follows"] == "turn-order"


_EACH_OF_THREE = (
    '[Players "Ann, Ben, Cal, Dan"]\n'
    "setup Ann cash {cash} at Marvin Gardens\n"
    "setup next Ann\n"
    "1. Ann 3-4 Chance card CH15\n"
    "Ann bankrupt{counts}\n"
)
_SPLITS = ("pro-rata", "turn-order", "equal-shares")


def _split_replay(cash: int, rulings: dict[str, str], counts: str = "") -> monolog.ReplayedGame:
    text = _EACH_OF_THREE.format(cash=cash, counts=counts)
    return monolog.parse_games(text)[0].replay(edition="us-2018", rulings=rulings)


def _creditors_cash(game: monolog.ReplayedGame) -> dict[str, int]:
    players = list(game.positions())[-1].state["players"]
    return {n: int(players[n]["cash"]) for n in ("Ben", "Cal", "Dan")}  # type: ignore[index]


@pytest.mark.parametrize("cash", [7, 56, 101])
@pytest.mark.parametrize("deeds", ["auction", "first-unpaid"])
def test_each_readings_split_written_as_counts_is_that_readings_replay(
    cash: int, deeds: str
) -> None:
    """Ann pays 50 to each of three players with `cash` in hand. For every pair of readings of
    CF-41, the counts of the creditors' cash as the other reading's own replay leaves it,
    written on the bankruptcy line, are read as that split: no W001, the replay ends with those
    figures, and where they differ from the reading in force one A41 names the other reading
    (or says that another reading shares the cash the same way)."""
    figures = {
        r: _creditors_cash(_split_replay(cash, {"CF-41": r, "CF-59": deeds})) for r in _SPLITS
    }
    for in_force, other in itertools.permutations(_SPLITS, 2):
        counts = "".join(f" ={n} {c}" for n, c in figures[other].items())
        game = _split_replay(cash, {"CF-41": in_force, "CF-59": deeds}, counts)
        shown = [(f.code, f.message) for f in game.findings if f.code in ("A41", "W001")]
        assert [c for c, _ in shown].count("W001") == 0, (in_force, other, shown)
        assert _creditors_cash(game) == figures[other], (in_force, other, shown)
        if figures[other] != figures[in_force]:
            named = [m for c, m in shown if c == "A41" and f"reading {other}" in m]
            assert len(named) == 1 and len(shown) == 1, (in_force, other, shown)
