"""The state invariants: each one holds on a sound game and catches its own kind of breakage."""

from __future__ import annotations

import pytest
from estate_helpers import SPAN, build, deed, give, item, new_game, sell

from monolog.engine.building.estate import on_build, on_sell
from monolog.engine.core.game import Game
from monolog.engine.core.invariants import check_invariants
from monolog.notation.parser import parse_text


def _sound_game() -> Game:
    g = new_game("Ann", "Ben")
    give(g, "Ann", "Park Place", "Boardwalk")
    check_invariants(g)  # the opening cash is taken while the ledger is empty
    on_build(g, build(item("Park Place", 2), item("Boardwalk", 2)), "Ann")
    on_sell(g, sell(item("Boardwalk")), "Ann")
    g.transfer("Ben", "Ann", 50, "rent", SPAN)
    return g


def test_a_sound_game_has_no_problems() -> None:
    assert check_invariants(_sound_game()) == []


def _cash_edited(g: Game) -> None:
    g.state.player("Ann").cash += 10


def _house_lost(g: Game) -> None:
    g.state.bank_houses -= 1


def _hotel_made_up(g: Game) -> None:
    deed(g, "Boardwalk").hotel = True
    deed(g, "Boardwalk").houses = 0
    g.state.bank_houses += 1


def _mortgage_under_houses(g: Game) -> None:
    deed(g, "Park Place").mortgaged = True


def _uneven(g: Game) -> None:
    deed(g, "Park Place").houses = 4
    g.state.bank_houses -= 2


def _owner_gone(g: Game) -> None:
    g.state.player("Ann").bankrupt = True


def _card_twice(g: Game) -> None:
    g.state.player("Ann").cards.append("CC05")
    g.state.player("Ben").cards.append("CC05")


def _bank_mortgage(g: Game) -> None:
    deed(g, "Reading Railroad").mortgaged = True


def _split_group(g: Game) -> None:
    deed(g, "Park Place").owner = "Ben"


def _house_on_railroad(g: Game) -> None:
    d = deed(g, "Reading Railroad")
    d.owner = "Ann"
    d.houses = 1
    g.state.bank_houses -= 1


@pytest.mark.parametrize(
    ("breakage", "words"),
    [
        (_cash_edited, "ledger gives"),
        (_house_lost, "houses:"),
        (_hotel_made_up, "hotels:"),
        (_mortgage_under_houses, "mortgaged site"),
        (_uneven, "uneven building"),
        (_owner_gone, "out of the game"),
        (_card_twice, "held by both"),
        (_bank_mortgage, "owned by the bank"),
        (_split_group, "not wholly owned"),
        (_house_on_railroad, "not a site"),
    ],
)
def test_each_breakage_is_caught(breakage, words: str) -> None:  # type: ignore[no-untyped-def]
    g = _sound_game()
    breakage(g)
    problems = check_invariants(g)
    assert any(words in p for p in problems), problems


def test_setup_cash_is_not_a_breakage() -> None:
    g = new_game("Ann", "Ben")
    g.state.player("Ann").cash = 1200  # a set-up line, before any money moves
    assert check_invariants(g) == []
    g.transfer("Ann", None, 100, "tax", SPAN)
    assert check_invariants(g) == []
    assert g.state.player("Ann").cash == 1100


RECORD = """\
[Players "Ann, Ben, Cal"]
setup Ann cash 40 at Pennsylvania Avenue goojf CH09
setup Ann owns Oriental Avenue x1, Vermont Avenue x1, Connecticut Avenue x1
setup Ann owns Reading Railroad mortgaged
setup Ben owns Park Place hotel, Boardwalk hotel
setup Cal owns Mediterranean Avenue, Baltic Avenue
setup bank houses 29 hotels 10
setup next Ann
1. Ann 2-3 Boardwalk rent 2000
Ann bankrupt to Ben
Ben interest Reading Railroad for 10
Cal build Mediterranean Avenue, Baltic Avenue
Cal build Baltic Avenue x3
Ben sell Boardwalk hotel, Park Place hotel
Cal mortgage Baltic Avenue
deal Ben: Park Place | Cal: 300
2. Ben 1-2 Baltic Avenue
"""


def test_replay_keeps_every_invariant_after_every_event() -> None:
    from monolog.engine import replay

    seen: list[list[str]] = []
    result = replay(
        parse_text(RECORD, "x.mlog"),
        observer=lambda ev, state: None,
        paranoid=True,
    )
    seen.append([f.message for f in result.findings if f.code in ("P902", "M998", "M999")])
    assert seen == [[]]
    # the illegal lines were reported and not carried out
    codes = sorted({f.code for f in result.findings})
    assert "M607" in codes and "M703" in codes and "M712" in codes


def _recounted(g: Game) -> dict[str, int]:
    net: dict[str, int] = {}
    for t in g.transfers:
        if t.payer is not None:
            net[t.payer] = net.get(t.payer, 0) - t.amount
        if t.payee is not None:
            net[t.payee] = net.get(t.payee, 0) + t.amount
    return net


def test_ledger_totals_follow_entries_amended_and_confirmed() -> None:
    # the money check reads totals kept as entries come and go, not the whole ledger each time
    g = new_game("Ann", "Ben")
    check_invariants(g)
    rent = g.transfer("Ben", "Ann", 50, "rent", SPAN, derived=True)
    g.transfer("Ann", None, 200, "tax", SPAN)
    g.amend(rent, 70)  # the record states another amount: the derived one is undone
    g.confirm(g.transfer(None, "Ben", 200, "salary", SPAN, derived=True))
    tax = next(t for t in g.transfers if t.reason == "tax")
    g.amend(tax, 0)  # removed
    assert {k: v for k, v in g.ledger_net.items() if v} == {
        k: v for k, v in _recounted(g).items() if v
    }
    assert g.ledger_net["Ann"] == 70
    assert check_invariants(g) == []


def test_a_negative_entry_is_caught_and_forgotten_once_amended() -> None:
    g = new_game("Ann", "Ben")
    check_invariants(g)
    wrong = g.transfer("Ben", "Ann", -5, "rent", SPAN, derived=True)  # worked out: a bug
    assert any("is negative" in p for p in check_invariants(g))
    g.amend(wrong, 5)
    assert check_invariants(g) == []


def test_a_built_deed_handed_to_the_bank_leaves_its_buildings_in_the_stock() -> None:
    # M716: a sale the bank never makes, replayed as the table did it; the unowned deed carries
    # no building afterwards (its house is back in the bank's stock) and the engine is not blamed
    from monolog.engine import replay

    text = (
        '[Players "Ann, Ben"]\n'
        "setup Ann owns Park Place x1, Boardwalk x1\n"
        "setup bank houses 30\n"
        "deal Ann: Boardwalk x1 | bank: 100\n"
    )
    result = replay(parse_text(text, "x.mlog"), paranoid=True)
    assert [f.code for f in result.findings] == ["M716"]
    board = result.state.deeds[39]
    assert (board.owner, board.houses, result.state.bank_houses) == (None, 0, 31)


def test_buildings_won_and_not_placed_are_counted_as_they_come_and_go() -> None:
    # the stock check after every event counted the won list each time: many houses won on one
    # turn made --paranoid quadratic (5,000 took 2.4x the time of 2,500); the counts are kept
    import copy

    from monolog.engine.buying.shortage import WonBuildings
    from monolog.engine.core.replay import begin, step

    text = (
        '[Players "Ann, Ben"]\n'
        "setup Ann owns Oriental Avenue, Vermont Avenue, Connecticut Avenue\n"
        "setup bank houses 3 hotels 1\n"
        "auction house bids Ann 50 sold Ann 50\n"
        "auction house bids Ann 50 sold Ann 50\n"
        "auction house bids Ann 50 sold Ann 50\n"
        "build Oriental Avenue x1, Vermont Avenue x1\n"
    )
    events = parse_text(text, "x.mlog")
    game = begin(events)
    for ev in events:
        step(game, ev)
        assert check_invariants(game) == []
    won = game.shortage.won
    assert (won.houses, won.hotels, len(won)) == (1, 0, 1)
    again = copy.deepcopy(won)
    assert (again.houses, again.hotels, list(again)) == (1, 0, list(won))

    def walked(self: WonBuildings) -> None:
        raise AssertionError("the stock check walked the won buildings")

    original = WonBuildings.__iter__
    WonBuildings.__iter__ = walked  # type: ignore[assignment, method-assign]
    try:
        assert check_invariants(game) == []
    finally:
        WonBuildings.__iter__ = original  # type: ignore[method-assign]


def test_an_amount_below_zero_a_stream_writes_is_the_records_not_the_tools() -> None:
    # events made by a program (the API) can hold what no record can write: a price, a fine,
    # a salary below zero (the stream's reader refuses them, P131). Each is judged where it is
    # written and moved as written; --paranoid took the negative ledger entry for the engine's
    # and reported P902 after every later event
    from dataclasses import replace

    from monolog.engine import replay
    from monolog.notation.jsonl import parse_jsonl

    stream = (
        '{"kind": "tag", "key": "Players", "value": "Ann, Ben"}\n'
        '{"kind": "turn", "number": 1, "player": {"text": "Ann"}}\n'
        '{"kind": "roll", "die1": 1, "die2": 2}\n'
        '{"kind": "buy", "amount": 60}\n'
        '{"kind": "turn", "number": 2, "player": {"text": "Ben"}}\n'
        '{"kind": "roll", "die1": 2, "die2": 4}\n'
    )
    events = parse_jsonl(stream, "g.jsonl")
    events[3] = replace(events[3], amount=-60)  # type: ignore[type-var]
    result = replay(events, paranoid=True)
    codes = [(f.code, f.span.line) for f in result.findings]
    assert ("M203", 4) in codes
    assert [c for c in codes if c[0].startswith("P")] == []
    assert result.state.player("Ann").cash == 1560  # moved as written


def test_a_build_of_fewer_than_no_houses_a_stream_writes_is_not_carried_out() -> None:
    # a build of `houses` -1 (events a program makes; the stream's reader refuses it) was
    # built: the site went below zero houses and the stock with it (P902), or the price of
    # houses won at auction was taken for more than were won (P901)
    from dataclasses import replace

    from monolog.engine import replay
    from monolog.notation.jsonl import parse_jsonl

    owns = ", ".join(
        f'{{"square": {{"text": "{name}"}}, "houses": 1, "hotel": false, "mortgaged": false}}'
        for name in ("Park Place", "Boardwalk")
    )
    stream = (
        '{"kind": "tag", "key": "Players", "value": "Ann, Ben"}\n'
        f'{{"kind": "setup-player", "player": {{"text": "Ann"}}, "cash": null, "position": null, '
        f'"holdings": [{owns}], "cards": [], "jail_turns": null}}\n'
        '{"kind": "turn", "number": 1, "player": {"text": "Ann"}}\n'
        '{"kind": "roll", "die1": 1, "die2": 2}\n'
        '{"kind": "build", "items": [{"square": {"text": "Park Place"}, "houses": 1, '
        '"hotel": false}, {"square": {"text": "Boardwalk"}, "houses": 2, "hotel": false}], '
        '"amount": 200}\n'
    )
    events = parse_jsonl(stream, "g.jsonl")
    build = events[4]
    below = replace(build.items[0], houses=-1)  # type: ignore[attr-defined]
    events[4] = replace(build, items=(below, *build.items[1:]))  # type: ignore[type-var]
    result = replay(events, paranoid=True)
    codes = [(f.code, f.span.line) for f in result.findings]
    assert ("M621", 5) in codes
    assert [c for c in codes if c[0].startswith("P")] == []
    assert (result.state.deeds[37].houses, result.state.deeds[39].houses) == (1, 1)
    assert result.state.player("Ann").cash == 1300  # the amount written moved


def test_a_sale_of_more_houses_than_a_site_holds_leaves_its_group_to_the_record() -> None:
    # M611: the sale is replayed as that of all the site holds, which can leave the group
    # uneven (4, 4, 0): the replay followed the record there, and --paranoid blamed the engine
    from monolog.engine import replay

    text = (
        '[Players "Ann, Ben"]\n'
        "setup Ann owns Oriental Avenue x4, Vermont Avenue x4, Connecticut Avenue x4\n"
        "setup next Ann\n"
        "Ann sell Connecticut Avenue x5 for 250\n"
        "1. Ann 1-2\n"
    )
    result = replay(parse_text(text, "x.mlog"), paranoid=True)
    assert [(f.code, f.span.line) for f in result.findings] == [("M611", 4)]
    assert result.state.deeds[9].houses == 0
