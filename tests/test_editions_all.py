"""All four shipped editions against the rules matrix: parameters, readings, settled points,
variants, assumptions, the ESL edition's words, and house rules as data."""

from __future__ import annotations

from dataclasses import fields
from importlib import resources
from pathlib import Path

import pytest
import yaml

from monolog.editions import EditionError, RuleParams, list_editions, load_edition, load_readings
from monolog.editions.house_rules import check_house_rule, load_house_rules
from monolog.editions.loader import load_param_info

RULE_IDS = yaml.safe_load(
    resources.files("monolog.scenarios").joinpath("rule_ids.yaml").read_text(encoding="utf-8")
)
KNOWN_IDS = set(RULE_IDS["rules"]) | set(RULE_IDS["conflicts"])
EDITIONS = ("uk-1996", "uk-esl", "us-2018", "us-classic")


def test_the_four_editions_are_shipped_and_data_files_are_not_editions() -> None:
    assert tuple(list_editions()) == EDITIONS


# ---------------------------------------------------------------- parameters (RULES-MATRIX §2)

# edition -> parameter -> value, per the matrix's column for the edition's seed(s)
PARAMS: dict[str, dict[str, object]] = {
    # 000/001: SET-01 2-6, BUY-05 $1, SELL-04 step-down only, SET-07 the Banker plays, TAX-02 flat
    "us-2018": {
        "max_players": 6,
        "auction_min_bid": 1,
        "hotel_outright_sale": False,
        "banker_sits_out_from": None,
        "income_tax_percent": None,
        "fine_after_failed_throw": None,  # JAIL-09 silent (CF-06 decides)
    },
    # 002: SET-01 2-8, BUY-05 any price, SELL-04 hotels sold together, TAX-02 200 or 10 %
    "us-classic": {
        "max_players": 8,
        "auction_min_bid": None,
        "hotel_outright_sale": True,
        "banker_sits_out_from": None,
        "income_tax_percent": 10,
        "fine_after_failed_throw": False,  # JAIL-09 same: the fine only before the throw
    },
    # 003: SET-01 2-6, BUY-05 £1, SELL-04 step-down, TAX-02 flat; starting cash assumed (SET-06)
    "uk-esl": {
        "max_players": 6,
        "auction_min_bid": 1,
        "hotel_outright_sale": False,
        "banker_sits_out_from": None,
        "income_tax_percent": None,
        "fine_after_failed_throw": False,  # JAIL-09 same: the short game calls it a change
    },
    # 004: SET-01 implied 8, BUY-05 any price, SELL-04 outright sale, SET-07 more than five
    "uk-1996": {
        "max_players": 8,
        "auction_min_bid": None,
        "hotel_outright_sale": True,
        "banker_sits_out_from": 6,
        "income_tax_percent": None,
        "fine_after_failed_throw": None,  # JAIL-09 silent (CF-06 settled as any-time)
    },
}
COMMON = {  # the same in every edition (SET-02, SET-06, MOVE-02, JAIL-04, RENT-04/08/09, MORT-03)
    "starting_cash": 1500,
    "go_salary": 200,
    "jail_fine": 50,
    "houses": 32,
    "hotels": 12,
    "min_players": 2,
    "houses_before_hotel": 4,
    "full_group_multiplier": 2,
    "railroad_rents": (25, 50, 100, 200),
    "utility_multipliers": (4, 10),
    "mortgage_interest_percent": 10,
    "max_jail_turns": 3,
    "opening_deal_deeds": 0,
    "end_at_bankruptcies": 0,
    "richest_wins": False,
    "time_limit": False,
}


@pytest.mark.parametrize("key", EDITIONS)
def test_rule_parameters_follow_the_matrix(key: str) -> None:
    rules = load_edition(key).rules
    for name, value in {**COMMON, **PARAMS[key]}.items():
        assert getattr(rules, name) == value, (key, name)


def test_every_parameter_has_a_matrix_id_and_a_description() -> None:
    info = load_param_info()
    names = [f.name for f in fields(RuleParams)]
    assert list(info["rule_ids"]) == names
    assert list(info["descriptions"]) == names
    for name in names:
        assert info["rule_ids"][name] in RULE_IDS["rules"], name
        text = info["descriptions"][name]
        assert text.strip() and "\n" not in text
    for section in ("vocabulary_rule_ids", "board_rule_ids"):
        for rule in info[section].values():
            assert rule == "" or rule in RULE_IDS["rules"], rule


# ---------------------------------------------------------------- readings (RULES-MATRIX §3)

# the readings that are not the default ruling, per the matrix's edition overrides
NON_DEFAULT = {
    "us-2018": {"CF-28": "open-from-one"},
    "uk-esl": {"CF-28": "open-from-one"},
    "us-classic": {
        "CF-01": "double-unmortgaged",
        "CF-06": "turns-one-or-two",
        "CF-30": "price-paid",
        "CF-56": "eight",
    },
    "uk-1996": {"CF-06": "any-time", "CF-56": "eight"},
}
# CF items whose departures the matrix makes a violation in that edition's mode
# CF-58 and up that every edition's text settles (readings.yaml `settled_in`)
_BEYOND = {"CF-66", "CF-68", "CF-70", "CF-76", "CF-79", "CF-80", "CF-81", "CF-82"}
SETTLED = {
    "us-2018": {"CF-01", "CF-15", "CF-23", "CF-30", "CF-33", "CF-50", "CF-56"}
    | _BEYOND
    | {"CF-69", "CF-73", "CF-74", "CF-75", "CF-77"},
    "uk-esl": {"CF-01", "CF-15", "CF-23", "CF-30", "CF-33", "CF-50", "CF-56"}
    | _BEYOND
    | {"CF-69", "CF-73", "CF-74", "CF-77"},
    "us-classic": {"CF-01", "CF-04", "CF-06", "CF-09", "CF-26", "CF-33", "CF-56"} | _BEYOND,
    "uk-1996": {
        "CF-01",
        "CF-06",
        "CF-09",
        "CF-19",
        "CF-26",
        "CF-28",
        "CF-29",
        "CF-30",
        "CF-47",
        "CF-50",
    }
    | _BEYOND
    | {"CF-69", "CF-73", "CF-74", "CF-77"},
}


@pytest.mark.parametrize("key", EDITIONS)
def test_readings_are_the_defaults_but_for_the_matrix_overrides(key: str) -> None:
    items = load_readings()
    edition = load_edition(key)
    assert set(edition.readings) == set(items)
    departures = {cf: r for cf, r in edition.readings.items() if r != items[cf].default}
    # CF-56 defaults to six: an eight-player edition departs from it
    assert departures == NON_DEFAULT[key]


@pytest.mark.parametrize("key", EDITIONS)
def test_settled_points(key: str) -> None:
    assert load_edition(key).settled == frozenset(SETTLED[key])


# ---------------------------------------------------------------- the ESL edition (seed 003)

ESL = load_edition("uk-esl")
UK = load_edition("uk-1996")


def test_esl_words() -> None:
    """RULES-MATRIX §1b, column 003."""
    assert ESL.currency == "£" and ESL.money(1500) == "£1,500"
    assert ESL.word("house") == "fan stand" and ESL.word("hotels") == "arenas"
    assert ESL.word("site") == "event" and ESL.word("railroads") == "festivals"
    assert ESL.group_word("utility", plural=True) == "ESL shops"
    assert ESL.word("chest") == "Company Mail" and ESL.decks["chest"].name == "Company Mail"
    assert ESL.squares[4].name == "Event Travel Expenses" and ESL.squares[4].tax == 200
    assert ESL.squares[38].name == "Business Class Travel" and ESL.squares[38].tax == 100
    assert {ESL.squares[i].name for i in (2, 17, 33)} == {"Company Mail"}


def test_esl_board_and_decks_are_the_uk_reference() -> None:
    for esl, uk in zip(ESL.squares, UK.squares, strict=True):
        assert (esl.kind, esl.group, esl.price, esl.mortgage_value, esl.rents) == (
            uk.kind,
            uk.group,
            uk.price,
            uk.mortgage_value,
            uk.rents,
        )
        if esl.kind not in ("chest", "tax"):
            assert esl.name == uk.name
    for key in ("chance", "chest"):
        assert ESL.decks[key].cards == UK.decks[key].cards


def test_esl_states_what_it_assumes() -> None:
    """RULES-MATRIX §1c and §4a items 1, 9, 10, 11, 12: what the ESL rulebook does not print."""
    assert {"starting-cash", "board-figures", "square-names", "tax-squares", "decks"} <= set(
        ESL.assumptions
    )
    for assumption in ESL.assumptions.values():
        assert assumption.assumed.strip() and assumption.reason.strip()
        assert assumption.rule_ids and set(assumption.rule_ids) <= KNOWN_IDS
    assert "1,500" in ESL.assumptions["starting-cash"].assumed


def test_a_user_file_extends_esl(tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(
        "extends: uk-esl\ntitle: Club ESL\nrules:\n  starting_cash: 2000\n"
        "assumptions:\n  starting-cash:\n    assumed: '£2,000'\n    reason: printed on our box\n",
        encoding="utf-8",
    )
    club = load_edition(str(path))
    assert club.key == "club" and club.rules.starting_cash == 2000
    assert club.assumptions["starting-cash"].assumed == "£2,000"
    assert "decks" in club.assumptions and set(club.variants) == {"standard", "short"}
    assert club.word("hotel") == "arena"


# ---------------------------------------------------------------- variants

VARIANTS = {
    "us-2018": ["standard"],
    "us-classic": ["standard"],
    "uk-esl": ["standard", "short"],
    "uk-1996": ["standard", "short", "time-limit"],
}


@pytest.mark.parametrize("key", EDITIONS)
def test_variants_listed(key: str) -> None:
    edition = load_edition(key)
    assert list(edition.variants) == VARIANTS[key]
    assert edition.variants["standard"].rules == {} and edition.variants["standard"].readings == {}
    for variant in edition.variants.values():
        assert set(variant.rule_ids) <= KNOWN_IDS


def test_uk_short_game() -> None:
    """SHORT-02 two deeds paid, SHORT-03 three houses, SHORT-06 second bankruptcy, SHORT-09."""
    short = UK.with_variant("short")
    assert short.variant == "short" and short.key == "uk-1996"
    r = short.rules
    assert (r.opening_deal_deeds, r.opening_deal_paid, r.opening_deal_cut) == (2, True, True)
    assert (r.houses_before_hotel, r.end_at_bankruptcies, r.richest_wins) == (3, 2, True)
    assert r.max_jail_turns == 3 and not r.time_limit  # SHORT-05: 004 keeps the standard jail
    assert short.readings["CF-45"] == "fourth-house-allowed"
    assert UK.rules.houses_before_hotel == 4  # the edition itself is unchanged


def test_uk_time_limit_game() -> None:
    """TIME-01 agreed end, TIME-02 two deeds paid, the standard game otherwise; CF-49."""
    timed = UK.with_variant("time-limit")
    r = timed.rules
    assert (r.time_limit, r.richest_wins, r.opening_deal_deeds, r.opening_deal_paid) == (
        True,
        True,
        2,
        True,
    )
    assert (r.houses_before_hotel, r.end_at_bankruptcies) == (4, 0)
    assert timed.readings["CF-49"] == "hotel-plus-four"


def test_esl_short_game() -> None:
    """003: three free deeds, no cut (SHORT-02); three stands (SHORT-03); out of Jail on the next
    turn, paying after a failed throw (SHORT-05); the first bankruptcy ends it (SHORT-06)."""
    r = ESL.with_variant("short").rules
    assert (r.opening_deal_deeds, r.opening_deal_paid, r.opening_deal_cut) == (3, False, False)
    assert (r.houses_before_hotel, r.max_jail_turns) == (3, 1)
    assert (r.end_at_bankruptcies, r.richest_wins, r.time_limit) == (1, True, False)


def test_unknown_variant() -> None:
    with pytest.raises(KeyError):
        UK.with_variant("speed")


# ---------------------------------------------------------------- schema of the new sections


def _user(tmp_path: Path, body: str) -> str:
    path = tmp_path / "ed.yaml"
    path.write_text("extends: uk-1996\n" + body, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("body", "path", "words"),
    [
        (
            "variants:\n  fast:\n    title: F\n    rules: {speed: 2}\n",
            "variants.fast.rules.speed",
            "unknown key",
        ),
        (
            "variants:\n  fast:\n    title: F\n    rules: {richest_wins: 1}\n",
            "variants.fast.rules.richest_wins",
            "true or false",
        ),
        (
            "variants:\n  fast:\n    title: F\n    rules: {houses_before_hotel: 0}\n",
            "variants.fast.rules.houses_before_hotel",
            "at least 1",
        ),
        (
            "variants:\n  fast:\n    title: F\n    readings: {CF-45: sometimes}\n",
            "variants.fast.readings.CF-45",
            "fourth-house-allowed",
        ),
        ("variants:\n  fast:\n    rules: {}\n", "variants.fast.title", "missing"),
        (
            "variants:\n  fast:\n    title: F\n    rule_ids: [SHORT2]\n",
            "variants.fast.rule_ids[0]",
            "RULES-MATRIX ID",
        ),
        (
            "variants:\n  standard:\n    title: S\n    rules: {time_limit: true}\n",
            "variants.standard",
            "changes nothing",
        ),
        ("variants:\n  Fast Game:\n    title: F\n", "variants.Fast Game", "lower-case"),
        ("assumptions:\n  cash:\n    assumed: '1500'\n", "assumptions.cash.reason", "missing"),
        ("settled: [CF-99]\n", "settled[0]", "unknown disputed point"),
        ("rules:\n  hotel_outright_sale: maybe\n", "rules.hotel_outright_sale", "true or false"),
        ("rules:\n  banker_sits_out_from: 1\n", "rules.banker_sits_out_from", "at least 2"),
        ("rules:\n  fine_after_failed_throw: 0\n", "rules.fine_after_failed_throw", "or false"),
    ],
)
def test_schema_checks_the_new_sections(tmp_path: Path, body: str, path: str, words: str) -> None:
    with pytest.raises(EditionError) as info:
        load_edition(_user(tmp_path, body))
    assert info.value.path == path and words in info.value.detail


def test_a_user_variant(tmp_path: Path) -> None:
    edition = load_edition(
        _user(
            tmp_path,
            "variants:\n  quick:\n    title: Quick\n    rule_ids: [SHORT-06]\n"
            "    rules: {end_at_bankruptcies: 1, richest_wins: true}\n",
        )
    )
    assert list(edition.variants) == ["standard", "short", "time-limit", "quick"]
    assert edition.with_variant("quick").rules.end_at_bankruptcies == 1


# ---------------------------------------------------------------- house rules


def test_house_rules_name_real_rules() -> None:
    rules = load_house_rules()
    assert {"free-parking-jackpot", "double-go-salary", "no-auctions", "no-rent-in-jail"} <= set(
        rules
    )
    for key, rule in rules.items():
        assert key == key.lower() and " " not in key
        assert rule.description.strip() and "\n" not in rule.description.strip()
        assert rule.departs and set(rule.departs) <= KNOWN_IDS, key
    assert "PIR-02" in rules["free-parking-jackpot"].departs
    assert "RENT-12" in rules["no-rent-in-jail"].departs


def test_check_house_rule() -> None:
    assert check_house_rule("free-parking-jackpot") is None
    assert "free-parking-jackpot" in (check_house_rule("Free Parking Jackpot") or "")
    message = check_house_rule("free-parkin-jackpot") or ""
    assert (
        message.startswith("unknown house rule") and "did you mean free-parking-jackpot" in message
    )
    assert "did you mean" not in (check_house_rule("zzz") or "did you mean")
