"""Edition data, its loader and its validation (figures from the reference board; CF readings)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from monolog.editions import (
    Card,
    EditionError,
    check_ruling,
    list_editions,
    load_edition,
    load_readings,
)
from monolog.editions.loader import MAX_BYTES

DATA = Path(__file__).resolve().parent.parent / "monolog" / "editions" / "data"
US = load_edition("us-2018")


# ---------------------------------------------------------------- the us-2018 board

US_SQUARES = [
    # index, name, kind, group, price, mortgage, house, rents
    (0, "GO", "go", None, 0, 0, 0, ()),
    (1, "Mediterranean Avenue", "site", "brown", 60, 30, 50, (2, 10, 30, 90, 160, 250)),
    (2, "Community Chest", "chest", None, 0, 0, 0, ()),
    (3, "Baltic Avenue", "site", "brown", 60, 30, 50, (4, 20, 60, 180, 320, 450)),
    (4, "Income Tax", "tax", None, 0, 0, 0, ()),
    (5, "Reading Railroad", "railroad", "railroad", 200, 100, 0, ()),
    (6, "Oriental Avenue", "site", "light_blue", 100, 50, 50, (6, 30, 90, 270, 400, 550)),
    (7, "Chance", "chance", None, 0, 0, 0, ()),
    (8, "Vermont Avenue", "site", "light_blue", 100, 50, 50, (6, 30, 90, 270, 400, 550)),
    (9, "Connecticut Avenue", "site", "light_blue", 120, 60, 50, (8, 40, 100, 300, 450, 600)),
    (10, "Jail / Just Visiting", "jail", None, 0, 0, 0, ()),
    (11, "St. Charles Place", "site", "pink", 140, 70, 100, (10, 50, 150, 450, 625, 750)),
    (12, "Electric Company", "utility", "utility", 150, 75, 0, ()),
    (13, "States Avenue", "site", "pink", 140, 70, 100, (10, 50, 150, 450, 625, 750)),
    (14, "Virginia Avenue", "site", "pink", 160, 80, 100, (12, 60, 180, 500, 700, 900)),
    (15, "Pennsylvania Railroad", "railroad", "railroad", 200, 100, 0, ()),
    (16, "St. James Place", "site", "orange", 180, 90, 100, (14, 70, 200, 550, 750, 950)),
    (17, "Community Chest", "chest", None, 0, 0, 0, ()),
    (18, "Tennessee Avenue", "site", "orange", 180, 90, 100, (14, 70, 200, 550, 750, 950)),
    (19, "New York Avenue", "site", "orange", 200, 100, 100, (16, 80, 220, 600, 800, 1000)),
    (20, "Free Parking", "free-parking", None, 0, 0, 0, ()),
    (21, "Kentucky Avenue", "site", "red", 220, 110, 150, (18, 90, 250, 700, 875, 1050)),
    (22, "Chance", "chance", None, 0, 0, 0, ()),
    (23, "Indiana Avenue", "site", "red", 220, 110, 150, (18, 90, 250, 700, 875, 1050)),
    (24, "Illinois Avenue", "site", "red", 240, 120, 150, (20, 100, 300, 750, 925, 1100)),
    (25, "B. & O. Railroad", "railroad", "railroad", 200, 100, 0, ()),
    (26, "Atlantic Avenue", "site", "yellow", 260, 130, 150, (22, 110, 330, 800, 975, 1150)),
    (27, "Ventnor Avenue", "site", "yellow", 260, 130, 150, (22, 110, 330, 800, 975, 1150)),
    (28, "Water Works", "utility", "utility", 150, 75, 0, ()),
    (29, "Marvin Gardens", "site", "yellow", 280, 140, 150, (24, 120, 360, 850, 1025, 1200)),
    (30, "Go to Jail", "go-to-jail", None, 0, 0, 0, ()),
    (31, "Pacific Avenue", "site", "green", 300, 150, 200, (26, 130, 390, 900, 1100, 1275)),
    (32, "North Carolina Avenue", "site", "green", 300, 150, 200, (26, 130, 390, 900, 1100, 1275)),
    (33, "Community Chest", "chest", None, 0, 0, 0, ()),
    (34, "Pennsylvania Avenue", "site", "green", 320, 160, 200, (28, 150, 450, 1000, 1200, 1400)),
    (35, "Short Line", "railroad", "railroad", 200, 100, 0, ()),
    (36, "Chance", "chance", None, 0, 0, 0, ()),
    (37, "Park Place", "site", "dark_blue", 350, 175, 200, (35, 175, 500, 1100, 1300, 1500)),
    (38, "Luxury Tax", "tax", None, 0, 0, 0, ()),
    (39, "Boardwalk", "site", "dark_blue", 400, 200, 200, (50, 200, 600, 1400, 1700, 2000)),
]


@pytest.mark.parametrize("row", US_SQUARES, ids=lambda r: f"{r[0]}-{r[1]}")
def test_us_square(row: tuple[object, ...]) -> None:
    index, name, kind, group, price, mortgage, house, rents = row
    sq = US.squares[index]  # type: ignore[index]
    assert (sq.index, sq.name, sq.kind, sq.group) == (index, name, kind, group)
    assert (sq.price, sq.mortgage_value, sq.house_cost, sq.rents) == (price, mortgage, house, rents)
    if kind == "site":
        assert sq.hotel_cost == house  # US deeds: a hotel costs the group's house price
        assert sq.mortgage_value * 2 == sq.price


def test_us_board_shape() -> None:
    assert len(US.squares) == 40
    assert [s.index for s in US.squares] == list(range(40))
    assert US.squares[4].tax == 200 and US.squares[38].tax == 100
    assert [s.deck for s in US.squares if s.kind in ("chance", "chest")] == [
        "chest", "chance", "chest", "chance", "chest", "chance"
    ]  # fmt: skip
    assert sum(s.ownable for s in US.squares) == 28


def test_us_groups() -> None:
    assert US.groups == {
        "brown": (1, 3),
        "light_blue": (6, 8, 9),
        "pink": (11, 13, 14),
        "orange": (16, 18, 19),
        "red": (21, 23, 24),
        "yellow": (26, 27, 29),
        "green": (31, 32, 34),
        "dark_blue": (37, 39),
        "railroad": (5, 15, 25, 35),
        "utility": (12, 28),
    }
    assert [s.name for s in US.group_members("dark_blue")] == ["Park Place", "Boardwalk"]


def test_us_rule_params() -> None:
    """RULES-MATRIX SET-01, SET-02, SET-06, MOVE-06, JAIL-04, RENT-08, RENT-09, MORT-03."""
    r = US.rules
    assert (r.min_players, r.max_players) == (2, 6)
    assert (r.starting_cash, r.go_salary, r.jail_fine) == (1500, 200, 50)
    assert (r.houses, r.hotels, r.houses_before_hotel) == (32, 12, 4)
    assert r.railroad_rents == (25, 50, 100, 200)
    assert r.utility_multipliers == (4, 10)
    assert r.full_group_multiplier == 2
    assert r.mortgage_interest_percent == 10
    assert r.income_tax_percent is None
    assert (r.jail_index, r.go_to_jail_index, r.max_jail_turns) == (10, 30, 3)


def test_us_words_and_money() -> None:
    assert US.currency == "$"
    assert US.money(1500) == "$1,500" and US.money(-52) == "-$52"
    assert US.word("houses") == "houses" and US.word("utilities") == "utilities"
    assert US.decks["chance"].name == "Chance"
    assert US.decks["chest"].name == "Community Chest"
    assert US.word("chest") == "Community Chest"
    assert US.word("goojf") == "Get Out of Jail Free"
    assert US.group_word("light_blue") == "light blue"
    assert US.group_word("light_blue", plural=True) == "light blues"
    assert US.group_word("utility", plural=True) == "utilities"
    assert US.group_word("railroad", plural=True) == "railroads"


# ---------------------------------------------------------------- every card

US_CARDS = [
    # id, kind, amount, target, target_kind, spaces, per_house, per_hotel, rent_rule, collect_go
    # (collect_go: a forward move pays the GO salary on passing; false for every other card)
    ("CH01", "advance_to", 0, 39, None, 0, 0, 0, None, True),
    ("CH02", "advance_to", 0, 0, None, 0, 0, 0, None, True),
    ("CH03", "advance_to", 0, 24, None, 0, 0, 0, None, True),
    ("CH04", "advance_to", 0, 11, None, 0, 0, 0, None, True),
    ("CH05", "advance_to_nearest", 0, None, "railroad", 0, 0, 0, "double_railroad_rent", True),
    ("CH06", "advance_to_nearest", 0, None, "railroad", 0, 0, 0, "double_railroad_rent", True),
    ("CH07", "advance_to_nearest", 0, None, "utility", 0, 0, 0, "dice_times_10", True),
    ("CH08", "collect", 50, None, None, 0, 0, 0, None, False),
    ("CH09", "get_out_of_jail_free", 0, None, None, 0, 0, 0, None, False),
    ("CH10", "move_back", 0, None, None, 3, 0, 0, None, False),
    ("CH11", "go_to_jail", 0, None, None, 0, 0, 0, None, False),
    ("CH12", "repairs", 0, None, None, 0, 25, 100, None, False),
    ("CH13", "pay", 15, None, None, 0, 0, 0, None, False),
    ("CH14", "advance_to", 0, 5, None, 0, 0, 0, None, True),
    ("CH15", "pay_each_player", 50, None, None, 0, 0, 0, None, False),
    ("CH16", "collect", 150, None, None, 0, 0, 0, None, False),
    ("CC01", "advance_to", 0, 0, None, 0, 0, 0, None, True),
    ("CC02", "collect", 200, None, None, 0, 0, 0, None, False),
    ("CC03", "pay", 50, None, None, 0, 0, 0, None, False),
    ("CC04", "collect", 50, None, None, 0, 0, 0, None, False),
    ("CC05", "get_out_of_jail_free", 0, None, None, 0, 0, 0, None, False),
    ("CC06", "go_to_jail", 0, None, None, 0, 0, 0, None, False),
    ("CC07", "collect", 100, None, None, 0, 0, 0, None, False),
    ("CC08", "collect", 20, None, None, 0, 0, 0, None, False),
    ("CC09", "collect_from_each_player", 10, None, None, 0, 0, 0, None, False),
    ("CC10", "collect", 100, None, None, 0, 0, 0, None, False),
    ("CC11", "pay", 100, None, None, 0, 0, 0, None, False),
    ("CC12", "pay", 50, None, None, 0, 0, 0, None, False),
    ("CC13", "collect", 25, None, None, 0, 0, 0, None, False),
    ("CC14", "repairs", 0, None, None, 0, 40, 115, None, False),
    ("CC15", "collect", 10, None, None, 0, 0, 0, None, False),
    ("CC16", "collect", 100, None, None, 0, 0, 0, None, False),
]


@pytest.mark.parametrize("row", US_CARDS, ids=lambda r: str(r[0]))
def test_us_card(row: tuple[object, ...]) -> None:
    card = US.card(str(row[0]))
    got = (
        card.id,
        card.kind,
        card.amount,
        card.target,
        card.target_kind,
        card.spaces,
        card.per_house,
        card.per_hotel,
        card.rent_rule,
        card.collect_go,
    )
    assert got == row
    assert card.deck == ("chance" if card.id.startswith("CH") else "chest")


def test_us_decks_complete() -> None:
    assert [c.id for c in US.decks["chance"].cards] == [f"CH{i:02d}" for i in range(1, 17)]
    assert [c.id for c in US.decks["chest"].cards] == [f"CC{i:02d}" for i in range(1, 17)]
    with pytest.raises(KeyError):
        US.card("CH17")


def test_us_matches_reference_board() -> None:
    """The shipped file agrees with the cross-checked reference wherever the reference exists."""
    ref_path = Path("/work/shared/reference/board-us.yaml")
    if not ref_path.exists():
        pytest.skip("reference data not present")
    ref = yaml.safe_load(ref_path.read_text(encoding="utf-8"))
    for sq, r in zip(US.squares, ref["squares"], strict=True):
        assert sq.name == r["name"]
        assert sq.price == r.get("price", 0)
        assert sq.rents == tuple(r.get("rents", ()))
        assert sq.tax == r.get("tax_amount", 0)
    for key, ref_key in (("chance", "chance"), ("chest", "community_chest")):
        for card, rc in zip(US.decks[key].cards, ref[ref_key], strict=True):
            assert (card.id, card.title, card.kind) == (rc["id"], rc["title"], rc["effect"]["kind"])


# ---------------------------------------------------------------- readings


def test_readings_catalogue_covers_every_cf_item() -> None:
    items = load_readings()
    # CF-01..CF-57 of the rules matrix, then the project's own CF-58 and up
    assert list(items) == [f"CF-{n:02d}" for n in range(1, len(items) + 1)]
    assert len(items) >= 77
    for cf, item in items.items():
        assert item.default in item.readings, cf
        assert item.rules, cf
        for name, text in item.readings.items():
            assert name == name.lower() and " " not in name, name
            assert text.strip() and "\n" not in text, (cf, name)


def test_a_shipped_file_lists_only_the_readings_it_changes() -> None:
    """Every edition reads every CF item, but its file names only those it reads otherwise
    than its base (the catalogue's defaults, or the edition it extends): a new point is
    declared in readings.yaml alone."""
    items = load_readings()
    defaults = {cf: item.default for cf, item in items.items()}
    offenders = []
    for key in list_editions():
        raw = yaml.safe_load((DATA / f"{key}.yaml").read_text(encoding="utf-8"))
        base = dict(load_edition(raw["extends"]).readings) if "extends" in raw else defaults
        for cf, reading in (raw.get("readings") or {}).items():
            if base[cf] == reading:
                offenders.append(f"{key}: {cf} {reading} is its base's reading already")
        edition = load_edition(key)
        assert set(edition.readings) == set(items), key
        offenders += [
            f"{key}: {cf} {r}" for cf, r in edition.readings.items() if r not in items[cf].readings
        ]
    assert offenders == []


def test_us_2018_readings() -> None:
    r = US.readings
    assert r["CF-01"] == "no-double"  # RENT-05: a mortgaged member cancels the double
    assert r["CF-02"] == "third-roll-pay-and-move"
    assert r["CF-04"] == "no-extra-roll"
    assert r["CF-19"] == "movement-roll"
    assert r["CF-26"] == "group-four-houses"
    assert r["CF-28"] == "open-from-one"
    assert r["CF-39"] == "auction-all"
    assert r["CF-56"] == "six"


def test_check_ruling() -> None:
    assert check_ruling("CF-01", "double-unmortgaged") is None
    assert "no-double" in (check_ruling("CF-01", "sometimes") or "")
    assert "unknown" in (check_ruling("CF-99", "x") or "")
    assert check_ruling("CF-58", "ten-times-anyway") is None


def test_list_editions() -> None:
    assert "us-2018" in list_editions()
    assert "readings" not in list_editions()
    assert list_editions() == sorted(list_editions())


def test_unknown_edition_names_the_known_ones() -> None:
    with pytest.raises(EditionError, match="us-2018"):
        load_edition("us-2099")


# ---------------------------------------------------------------- validation


def _write(tmp_path: Path, text: str, name: str = "ed.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _us_text() -> str:
    return (DATA / "us-2018.yaml").read_text(encoding="utf-8")


def test_a_copy_of_us_2018_loads_as_a_user_file(tmp_path: Path) -> None:
    edition = load_edition(_write(tmp_path, _us_text().replace("key: us-2018", "key: copy")))
    assert edition.key == "copy"
    assert edition.squares == US.squares and edition.decks == US.decks


def test_wrong_type_names_file_path_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, _us_text().replace("price: 400", "price: lots"))
    with pytest.raises(EditionError) as err:
        load_edition(path)
    message = str(err.value)
    assert message.startswith(path + ":")
    assert "squares[39].price" in message and "whole number" in message and "'lots'" in message
    assert err.value.path == "squares[39].price"


@pytest.mark.parametrize(
    ("change", "path", "at", "words"),
    [
        ("squares:\n  - index: 12\n    colour: blue\n", "squares[0].colour", "4:13", "unknown key"),
        ("squares:\n  - index: 3\n    rents: [4, 20, 60]\n", "squares[0].rents", "4:12", "6 rents"),
        (
            "squares:\n  - index: 3\n    rents: [4, 20, 60, 50, 320, 450]\n",
            "squares[0].rents",
            "4:12",
            "rise",
        ),
        ("squares:\n  - index: 5\n    kind: castle\n", "squares[0].kind", "4:11", "one of"),
        ("squares:\n  - index: 4\n    price: 100\n", "squares[0].price", "4:12", "does not apply"),
        ("groups:\n  brown: [1, 3, 4]\n", "groups.brown[2]", "3:17", "not a deed"),
        ("groups:\n  brown: [1, 6]\n", "groups.brown[1]", "3:14", "belongs to group"),
        ("readings:\n  CF-99: no-double\n", "readings.CF-99", "3:10", "unknown disputed point"),
        ("readings:\n  CF-01: perhaps\n", "readings.CF-01", "3:10", "no-double"),
        ("rules:\n  go_salary: -5\n", "rules.go_salary", "3:14", "at least 0"),
        ("rules:\n  salary: 200\n", "rules.salary", "3:11", "unknown key"),
        ("rules:\n  jail_index: 11\n", "rules.jail_index", "3:15", "not the jail"),
        ("currency: 5\n", "currency", "2:11", "expected text"),
        ("colour: red\n", "colour", "2:9", "unknown key"),
        (
            "decks:\n  chance:\n    cards:\n      - {id: CH03, title: Trip, kind: advance_to,"
            " target: 40}\n",
            "decks.chance.cards[0].target",
            "5:59",
            "0 to 39",
        ),
        (
            "decks:\n  chance:\n    cards:\n"
            "      - {id: CC01, title: Twin, kind: collect, amount: 5}\n",
            "decks.chance.cards[0].id",
            "5:14",
            "also used in deck 'chest'",
        ),
        # the other side of a conflict, when the extending file wrote it
        ("squares:\n  - index: 1\n    group: purple\n", "squares[0].group", "4:12", "'brown'"),
        ("squares:\n  - index: 10\n    kind: tax\n    tax: 5\n", "squares[0].kind", "4:11", "jail"),
        (
            "squares:\n  - index: 1\n    aliases: [Med, 5]\n",
            "squares[0].aliases[1]",
            "4:20",
            "text",
        ),
        # a key the merged square lacks: placed at the entry that changed the square
        ("squares:\n  - index: 2\n    kind: site\n", "squares[0].price", "3:5", "missing"),
        ("squares:\n  - index: 77\n", "squares[0].index", "3:12", "no square 77"),
    ],
)
def test_schema_errors(tmp_path: Path, change: str, path: str, at: str, words: str) -> None:
    """An edition that extends a shipped one is reported as a file of its own would be: its
    line and column, and the key path as written in it (`squares[0]` for its first entry,
    whatever square that changes). These named the merged path (`squares[12].colour`) and no
    line."""
    file = _write(tmp_path, "extends: us-2018\n" + change)
    with pytest.raises(EditionError) as err:
        load_edition(file)
    assert err.value.path == path
    assert words in str(err.value)
    assert str(err.value).startswith(f"{file}:{at}: {path}: "), str(err.value)


def test_missing_squares_in_a_full_file(tmp_path: Path) -> None:
    data = yaml.safe_load(_us_text())
    del data["squares"][17]
    with pytest.raises(EditionError, match=r"squares: expected 40 squares, got 39"):
        load_edition(_write(tmp_path, yaml.safe_dump(data)))
    data = yaml.safe_load(_us_text())
    data["squares"][17], data["squares"][18] = data["squares"][18], data["squares"][17]
    with pytest.raises(EditionError, match=r"squares\[17\]\.index: expected 17"):
        load_edition(_write(tmp_path, yaml.safe_dump(data)))


def test_extends_renames_and_adds_aliases(tmp_path: Path) -> None:
    file = _write(
        tmp_path,
        "extends: us-2018\nkey: club\ntitle: Club board\n"
        "squares:\n  - index: 24\n    name: Illinois Ave\n    aliases: [Ill]\n"
        "readings:\n  CF-01: double-unmortgaged\n"
        "decks:\n  chest:\n    cards:\n"
        "      - {id: CC04, title: Stock sale, kind: collect, amount: 45}\n",
    )
    edition = load_edition(file)
    assert edition.key == "club" and edition.title == "Club board"
    assert edition.squares[24].name == "Illinois Ave"
    assert edition.squares[24].aliases == ("Illinois", "Ill")
    assert edition.squares[24].rents == US.squares[24].rents
    assert edition.readings["CF-01"] == "double-unmortgaged"
    assert edition.readings["CF-02"] == US.readings["CF-02"]
    assert edition.card("CC04") == Card(
        "CC04", "chest", "Stock sale", "collect", amount=45, collect_go=False
    )
    assert len(edition.decks["chest"].cards) == 16
    assert US.squares[24].name == "Illinois Avenue"  # the shipped edition is untouched


def test_extends_a_user_file_and_without_key_uses_the_file_name(tmp_path: Path) -> None:
    _write(tmp_path, "extends: us-2018\nrules:\n  go_salary: 400\n", "base.yaml")
    edition = load_edition(_write(tmp_path, "extends: base.yaml\n", "rich-go.yaml"))
    assert edition.key == "rich-go" and edition.rules.go_salary == 400


def test_extends_cycle_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "extends: b.yaml\n", "a.yaml")
    file = _write(tmp_path, "extends: a.yaml\n", "b.yaml")
    with pytest.raises(EditionError, match="extends"):
        load_edition(file)


def test_extends_unknown_base(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="no edition or file 'nowhere'"):
        load_edition(_write(tmp_path, "extends: nowhere\n"))


# ---------------------------------------------------------------- hostile files


def test_alias_bomb_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for n in range(1, 10):
        lines.append(f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]")
    with pytest.raises(EditionError, match="alias"):
        load_edition(_write(tmp_path, "\n".join(lines) + "\n"))


def test_self_referencing_alias_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="nesting"):
        load_edition(_write(tmp_path, "a: &a [*a]\n"))


def test_python_tags_are_refused(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = f"title: !!python/object/apply:os.system ['touch {marker}']\n"
    with pytest.raises(EditionError, match="constructor"):
        load_edition(_write(tmp_path, text))
    assert not marker.exists()


def test_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(EditionError, match="at most"):
        load_edition(str(path))


def test_too_many_nodes_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="nodes"):
        load_edition(_write(tmp_path, "a: [" + ",".join(["1"] * 25_000) + "]\n"))


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="nest"):
        load_edition(_write(tmp_path, "[" * 3000 + "]" * 3000))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("title: [\n", "expected the node content"),
        ("- 1\n", "expected a mapping"),
        ("title: a\ntitle: b\n", "duplicate key 'title'"),
    ],
)
def test_malformed_yaml(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(EditionError, match=words):
        load_edition(_write(tmp_path, text))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"title: caf\xe9\n")
    with pytest.raises(EditionError, match="UTF-8"):
        load_edition(str(path))


def test_missing_file() -> None:
    with pytest.raises(EditionError, match="cannot read"):
        load_edition("/nonexistent/edition.yaml")


# ---------------------------------------------------------------- uk-1996

UK = load_edition("uk-1996")

UK_CARDS = [
    # id, kind, amount, target, spaces, per_house, per_hotel, draw_deck
    ("CH01", "advance_to", 0, 0, 0, 0, 0, None),
    ("CH02", "advance_to", 0, 24, 0, 0, 0, None),
    ("CH03", "advance_to", 0, 39, 0, 0, 0, None),
    ("CH04", "advance_to", 0, 11, 0, 0, 0, None),
    ("CH05", "advance_to", 0, 15, 0, 0, 0, None),
    ("CH06", "move_back", 0, None, 3, 0, 0, None),
    ("CH07", "go_to_jail", 0, None, 0, 0, 0, None),
    ("CH08", "repairs", 0, None, 0, 25, 100, None),
    ("CH09", "repairs", 0, None, 0, 40, 115, None),
    ("CH10", "pay", 150, None, 0, 0, 0, None),
    ("CH11", "pay", 20, None, 0, 0, 0, None),
    ("CH12", "pay", 15, None, 0, 0, 0, None),
    ("CH13", "collect", 150, None, 0, 0, 0, None),
    ("CH14", "collect", 100, None, 0, 0, 0, None),
    ("CH15", "collect", 50, None, 0, 0, 0, None),
    ("CH16", "get_out_of_jail_free", 0, None, 0, 0, 0, None),
    ("CC01", "advance_to", 0, 0, 0, 0, 0, None),
    ("CC02", "move_back", 0, 1, 0, 0, 0, None),
    ("CC03", "go_to_jail", 0, None, 0, 0, 0, None),
    ("CC04", "pay", 100, None, 0, 0, 0, None),
    ("CC05", "pay", 50, None, 0, 0, 0, None),
    ("CC06", "pay", 50, None, 0, 0, 0, None),
    ("CC07", "collect", 200, None, 0, 0, 0, None),
    ("CC08", "collect", 100, None, 0, 0, 0, None),
    ("CC09", "collect", 100, None, 0, 0, 0, None),
    ("CC10", "collect", 50, None, 0, 0, 0, None),
    ("CC11", "collect", 25, None, 0, 0, 0, None),
    ("CC12", "collect", 20, None, 0, 0, 0, None),
    ("CC13", "collect", 10, None, 0, 0, 0, None),
    ("CC14", "collect_from_each_player", 10, None, 0, 0, 0, None),
    ("CC15", "get_out_of_jail_free", 0, None, 0, 0, 0, None),
    ("CC16", "pay_or_draw", 10, None, 0, 0, 0, "chance"),
]


@pytest.mark.parametrize("row", UK_CARDS, ids=lambda r: str(r[0]))
def test_uk_card(row: tuple[object, ...]) -> None:
    c = UK.card(str(row[0]))
    got = (c.id, c.kind, c.amount, c.target, c.spaces, c.per_house, c.per_hotel, c.draw_deck)
    assert got == row
    assert c.collect_go == (c.kind == "advance_to")


def test_uk_board() -> None:
    names = [s.name for s in UK.squares]
    assert names[1] == "Old Kent Road" and names[39] == "Mayfair"
    assert [names[i] for i in UK.groups["railroad"]] == [
        "King's Cross Station",
        "Marylebone Station",
        "Fenchurch St. Station",
        "Liverpool Street Station",
    ]
    assert names[4] == "Income Tax" and UK.squares[4].tax == 200
    assert names[38] == "Super Tax" and UK.squares[38].tax == 100
    # the one figure that differs from the US board (reference discrepancy 15)
    assert UK.squares[29].name == "Piccadilly" and UK.squares[29].rents[0] == 22
    for uk, us in zip(UK.squares, US.squares, strict=True):
        assert (uk.kind, uk.group, uk.price, uk.mortgage_value, uk.house_cost) == (
            us.kind,
            us.group,
            us.price,
            us.mortgage_value,
            us.house_cost,
        )
        if uk.index != 29:
            assert uk.rents == us.rents


def test_uk_words_rules_and_readings() -> None:
    assert UK.currency == "£" and UK.money(1500) == "£1,500"
    assert UK.word("railroad") == "station" and UK.group_word("railroad", plural=True) == "stations"
    assert (UK.rules.min_players, UK.rules.max_players) == (2, 8)  # SET-01, CF-56
    assert UK.rules.railroad_rents == (25, 50, 100, 200)
    assert UK.readings["CF-01"] == "no-double"
    assert UK.readings["CF-06"] == "any-time"
    assert UK.readings["CF-28"] == "deed-price-floor"
    assert UK.readings["CF-56"] == "eight"


# ---------------------------------------------------------------- us-classic

CLASSIC = load_edition("us-classic")


def test_classic_rules_and_readings() -> None:
    assert CLASSIC.key == "us-classic" and CLASSIC.currency == "$"
    assert (CLASSIC.rules.min_players, CLASSIC.rules.max_players) == (2, 8)
    assert CLASSIC.rules.income_tax_percent == 10 and CLASSIC.squares[4].tax == 200  # TAX-02
    assert CLASSIC.squares[38].tax == 75
    assert CLASSIC.readings["CF-01"] == "double-unmortgaged"  # RENT-05 in the classic summary
    assert CLASSIC.readings["CF-06"] == "turns-one-or-two"
    assert CLASSIC.readings["CF-30"] == "price-paid"
    assert CLASSIC.readings["CF-56"] == "eight"
    assert CLASSIC.squares[1:4] == US.squares[1:4] and CLASSIC.squares[39] == US.squares[39]


def test_classic_decks() -> None:
    changed = {"CH01", "CH13", "CH14", "CH16", "CC04", "CC07", "CC09", "CC11", "CC12", "CC13"}
    for key in ("chance", "chest"):
        ids = [c.id for c in CLASSIC.decks[key].cards]
        assert ids == [c.id for c in US.decks[key].cards]
        for card in CLASSIC.decks[key].cards:
            if card.id not in changed:
                assert card == US.card(card.id)
    assert (CLASSIC.card("CC04").kind, CLASSIC.card("CC04").amount) == ("collect", 45)
    assert (CLASSIC.card("CC09").kind, CLASSIC.card("CC09").amount) == (
        "collect_from_each_player",
        50,
    )
    assert (CLASSIC.card("CC12").kind, CLASSIC.card("CC12").amount) == ("pay", 150)
    assert CLASSIC.card("CH13").amount == 15 and CLASSIC.card("CH01").target == 39
    assert CLASSIC.card("CH14").target == 5 and CLASSIC.card("CH16").amount == 150
    assert CLASSIC.card("CC07").amount == 100 and CLASSIC.card("CC11").amount == 100
    assert CLASSIC.card("CC13").amount == 25


def test_edition_words_take_the_article_they_are_spoken_with() -> None:
    from monolog.editions.model import with_article

    esl = load_edition("uk-esl")
    assert esl.a_word("hotel") == f"an {esl.word('hotel')}" == "an arena"
    assert load_edition("us-2018").a_word("hotel") == "a hotel"
    assert [with_article(w) for w in ("utility", "event", "ESL shop", "fan stand")] == [
        "a utility",
        "an event",
        "an ESL shop",
        "a fan stand",
    ]


def test_points_beyond_the_matrix_say_where_they_come_from() -> None:
    """CF-58 and up carry what the texts say, the editions they settle in, the reason for the
    default and at least one public source."""
    raw = yaml.safe_load((DATA / "readings.yaml").read_text(encoding="utf-8"))
    editions = set(list_editions())
    for cf, entry in raw.items():
        if int(cf[3:]) < 58:
            continue
        assert entry["texts"].strip() and entry["why"].strip() and entry["engine"].strip(), cf
        assert entry["sources"], cf
        assert set(entry["settled_in"]) <= editions, cf
        for key in editions:
            settled = cf in load_edition(key).settled
            assert settled == (key in entry["settled_in"]), (cf, key)
