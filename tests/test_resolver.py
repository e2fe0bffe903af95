"""Names written in a record resolved against the us-2018 edition and a game's players."""

from __future__ import annotations

import gc
import weakref

import pytest

from monolog.editions import ResolveError, Resolver, load_edition
from monolog.notation.events import Ref

US = load_edition("us-2018")


@pytest.fixture
def r() -> Resolver:
    return Resolver(US, ["Ann", "Ben", "Abe", "Cal"])


@pytest.mark.parametrize(
    ("written", "index"),
    [
        # full names, any case
        ("Boardwalk", 39),
        ("boardwalk", 39),
        ("ILLINOIS AVENUE", 24),
        ("Jail / Just Visiting", 10),
        # aliases from the edition file
        ("Illinois", 24),
        ("B&O", 25),
        ("St. Charles", 11),
        ("Reading", 5),
        ("Pennsylvania RR", 15),
        ("Short Line", 35),
        ("Electric", 12),
        ("Water Works", 28),
        ("Jail", 10),
        ("Just Visiting", 10),
        ("Free Parking", 20),
        ("Go to Jail", 30),
        ("Income Tax", 4),
        ("Luxury Tax", 38),
        ("GO", 0),
        # punctuation does not matter
        ("St Charles Place", 11),
        ("B. & O.", 25),
        # word-wise prefixes
        ("Conn", 9),
        ("Penn Ave", 34),
        ("Penn R", 15),
        ("Sta", 13),
        ("Marv Gard", 29),
        ("N Carolina", 32),
        ("Ken", 21),
    ],
)
def test_square_names(r: Resolver, written: str, index: int) -> None:
    assert r.square(Ref(written)).index == index
    assert r.square(Ref(written, "quoted")).index == index


def test_square_by_number(r: Resolver) -> None:
    assert r.square(Ref("30", "number")).name == "Go to Jail"
    assert r.square(Ref("0", "number")).name == "GO"
    with pytest.raises(ResolveError, match=r"no square #40 on the us-2018 board"):
        r.square(Ref("40", "number"))


def test_exact_name_wins_over_a_longer_name(r: Resolver) -> None:
    assert r.square(Ref("Go")).index == 0  # not Go to Jail


def test_leading_whole_words_win_over_prefixes(r: Resolver) -> None:
    with pytest.raises(ResolveError) as err:
        r.square(Ref("St"))
    assert str(err.value) == 'ambiguous square "St": St. Charles Place, St. James Place'
    assert err.value.candidates == ("St. Charles Place", "St. James Place")


def test_ambiguous_prefix_names_candidates(r: Resolver) -> None:
    with pytest.raises(ResolveError) as err:
        r.square(Ref("Penn"))
    assert str(err.value) == ('ambiguous square "Penn": Pennsylvania Railroad, Pennsylvania Avenue')
    assert len(err.value.candidates) == 2


def test_shared_names(r: Resolver) -> None:
    assert [s.index for s in r.squares(Ref("Chance"))] == [7, 22, 36]
    assert [s.index for s in r.squares(Ref("Community Chest"))] == [2, 17, 33]
    with pytest.raises(ResolveError) as err:
        r.square(Ref("Chance"))
    assert str(err.value) == 'ambiguous square "Chance": Chance (#7), Chance (#22), Chance (#36)'
    assert r.squares(Ref("Boardwalk")) == (US.squares[39],)


def test_unknown_square_suggests(r: Resolver) -> None:
    with pytest.raises(ResolveError) as err:
        r.square(Ref("Ilinois"))
    assert str(err.value) == (
        'no square "Ilinois" on the us-2018 board (did you mean Illinois Avenue?)'
    )
    assert err.value.candidates == ("Illinois Avenue",)
    with pytest.raises(ResolveError) as err:
        r.square(Ref("Zanzibar"))
    assert str(err.value) == 'no square "Zanzibar" on the us-2018 board'


def test_errors_are_one_line_and_repeat_from_the_cache(r: Resolver) -> None:
    for _ in range(2):
        with pytest.raises(ResolveError) as err:
            r.square(Ref("Xyzzy"))
        assert "\n" not in str(err.value)
    assert r.square(Ref("Conn")) is r.square(Ref("Conn"))


def test_a_cached_error_keeps_nothing_of_where_it_was_raised(r: Resolver) -> None:
    # the cache handed out one error object per unknown name; raised, it kept its traceback and
    # with it every frame it went through, for as long as the cache held it (a long record of
    # unknown square names kept its lines' replay frames: 317 MiB at 10 MiB)
    class Held:
        pass

    def look_up(name: str) -> weakref.ref[Held]:
        held = Held()  # a local of the frame the lookup is made from
        for lookup in (r.squares, r.player, r.card):
            for _ in range(2):  # the second from the cache
                with pytest.raises(ResolveError):
                    lookup(Ref(name))
        return weakref.ref(held)

    gone = look_up("Nowhere Held Lane")
    gc.collect()
    assert gone() is None


def test_plain_strings_work_too(r: Resolver) -> None:
    assert r.square("Park").name == "Park Place"


# ---------------------------------------------------------------- players


@pytest.mark.parametrize(
    ("written", "name"),
    [("Ann", "Ann"), ("ann", "Ann"), ("Be", "Ben"), ("c", "Cal"), ("ABE", "Abe")],
)
def test_players(r: Resolver, written: str, name: str) -> None:
    assert r.player(Ref(written)) == name


def test_ambiguous_player(r: Resolver) -> None:
    with pytest.raises(ResolveError) as err:
        r.player(Ref("A"))
    assert str(err.value) == 'ambiguous player "A": Ann, Abe'
    assert err.value.candidates == ("Ann", "Abe")


def test_unknown_player(r: Resolver) -> None:
    with pytest.raises(ResolveError) as err:
        r.player(Ref("Dan"))
    assert str(err.value) == 'no player "Dan" in this game (players: Ann, Ben, Abe, Cal)'


def test_full_name_wins_over_prefix() -> None:
    r = Resolver(US, ["Al", "Alice"])
    assert r.player("Al") == "Al"
    assert r.player("Ali") == "Alice"


# ---------------------------------------------------------------- cards


@pytest.mark.parametrize(
    ("written", "deck", "card_id"),
    [
        ("CH07", None, "CH07"),
        ("ch07", None, "CH07"),
        ("CC05", "chest", "CC05"),
        ("Advance to Boardwalk", None, "CH01"),
        ("Advance to Board", None, "CH01"),
        ("Bank error", None, "CC02"),
        ("Get Out of Jail Free", "chance", "CH09"),
        ("Get Out", "chest", "CC05"),
        ("Advance to GO", "chest", "CC01"),
    ],
)
def test_cards(r: Resolver, written: str, deck: str | None, card_id: str) -> None:
    assert r.card(Ref(written), deck).id == card_id


def test_ambiguous_card_title(r: Resolver) -> None:
    with pytest.raises(ResolveError) as err:
        r.card(Ref("Get Out of Jail Free"))
    assert str(err.value) == (
        'ambiguous card "Get Out of Jail Free": CH09 Get Out of Jail Free, '
        "CC05 Get Out of Jail Free"
    )
    assert err.value.candidates == ("CH09", "CC05")


def test_card_from_the_wrong_deck(r: Resolver) -> None:
    with pytest.raises(ResolveError, match="CC05 is a Community Chest card, not the Chance deck"):
        r.card(Ref("CC05"), "chance")


def test_unknown_card(r: Resolver) -> None:
    with pytest.raises(ResolveError, match='no card "CH99" in the us-2018 decks'):
        r.card(Ref("CH99"))
    with pytest.raises(ResolveError, match="did you mean CC02"):
        r.card(Ref("Bank eror in your favor"))
    with pytest.raises(ResolveError, match='no deck "pile"'):
        r.card(Ref("CH01"), "pile")


@pytest.mark.parametrize(
    ("written", "index"),
    [
        ("Bow St", 16),
        ("Kings Cross", 5),
        ("King's Cross Station", 5),
        ("Fenchurch Street Station", 25),
        ("Liverpool St", 35),
        ("Angel", 6),
        ("Old Kent", 1),
        ("Trafalgar Sq", 24),
        ("Super Tax", 38),
    ],
)
def test_uk_square_names(written: str, index: int) -> None:
    r = Resolver(load_edition("uk-1996"), ["Ann"])
    assert r.square(Ref(written)).index == index


def test_uk_unknown_square_names_the_board() -> None:
    r = Resolver(load_edition("uk-1996"), ["Ann"])
    with pytest.raises(ResolveError, match=r'no square "Boardwalk" on the uk-1996 board'):
        r.square(Ref("Boardwalk"))


def test_a_long_name_is_quoted_clipped(r: Resolver) -> None:
    # a message is one readable line: a long name is quoted to its first 40 characters and an
    # ellipsis (the record's line, echoed under the finding, still shows it whole)
    long = "Nowhere " + "Long Row " * 12
    clipped = f'"{long[:40]}…"'
    for lookup in (r.square, r.player, r.card):
        with pytest.raises(ResolveError) as err:
            lookup(long)
        assert clipped in str(err.value), lookup
        assert long[:41] not in str(err.value)
    short = "Nowhere Long Row"
    with pytest.raises(ResolveError, match=f'no square "{short}" on'):
        r.square(short)
