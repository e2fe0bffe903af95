"""The edition file schema, checked in code, and the building of an `Edition` from checked data.

Every complaint is an `EditionError` naming the file, the key path (`squares[12].price`) and what
was expected there. Checks go beyond types: 40 squares numbered 0..39, groups that agree with the
squares, cards that point at real squares, and readings that exist in readings.yaml.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any, get_args

from .checker import Checker
from .deck_schema import BOARD_SIZE, check_cards, check_decks
from .errors import FirstLines
from .model import (
    OWNABLE,
    STANDARD,
    Assumption,
    Deck,
    Edition,
    EngineProfile,
    RuleParams,
    Square,
    SquareKind,
    Variant,
)
from .readings import load_readings

SQUARE_KINDS: tuple[str, ...] = get_args(SquareKind)
TOP_KEYS = (
    "key",
    "title",
    "currency",
    "extends",
    "rules",
    "groups",
    "vocabulary",
    "readings",
    "squares",
    "decks",
    "variants",
    "assumptions",
    "settled",
    "engine",
)
ENGINE_KEYS = ("name", "plays")
VARIANT_KEYS = ("title", "rules", "readings", "rule_ids")
ASSUMPTION_KEYS = ("assumed", "reason", "rules")
RULE_ID = re.compile(r"^(?:[A-Z]+-\d{2}|CF-\d{2})$")
REQUIRED_TOP = ("title", "currency", "groups", "squares", "decks")
SQUARE_KEYS = (
    "index",
    "name",
    "kind",
    "aliases",
    "group",
    "price",
    "mortgage_value",
    "house_cost",
    "hotel_cost",
    "rents",
    "tax",
    "deck",
)


def build_edition(
    data: Any, *, file: str, key: str, first_lines: FirstLines | None = None
) -> Edition:
    """Check raw (already merged) edition data and build the `Edition`. `first_lines` (from
    the loader) gives the first line as written of each value folded from several."""
    c = Checker(file, first_lines)
    top = c.mapping(data, "")
    c.keys(top, "", TOP_KEYS)
    c.required(top, "", REQUIRED_TOP)
    if "key" in top:
        key = c.text(top["key"], "key")
    title = c.text(top["title"], "title")
    currency = c.text(top["currency"], "currency")
    rules = _rules(c, top.get("rules", {}))
    decks = check_decks(c, top["decks"])
    squares = _squares(c, top["squares"], decks)
    groups = _groups(c, top["groups"], squares)
    check_cards(c, decks, squares)
    _check_rule_squares(c, rules, squares)
    vocabulary = {
        k: c.text(v, f"vocabulary.{k}")
        for k, v in c.mapping(top.get("vocabulary", {}), "vocabulary").items()
    }
    readings = _readings(c, top.get("readings", {}))
    variants = _variants(c, top.get("variants", {}), rules)
    assumptions = _assumptions(c, top.get("assumptions", {}))
    settled = _settled(c, top.get("settled", []))
    engine = _engine(c, top["engine"]) if "engine" in top else None
    if engine is not None:  # the program's readings are in force; its points are open
        readings.update(engine.plays)
        settled = settled - engine.plays.keys()
    return Edition(
        key=key,
        title=title,
        currency=currency,
        squares=squares,
        groups=groups,
        decks=decks,
        rules=rules,
        readings=readings,
        vocabulary=vocabulary,
        source=file,
        variants=variants,
        assumptions=assumptions,
        settled=settled,
        engine=engine,
    )


def _rules(c: Checker, raw: Any) -> RuleParams:
    params = RuleParams(**_rule_values(c, raw, "rules"))
    _check_params(c, params, "rules")
    return params


def _check_params(c: Checker, params: RuleParams, where: str) -> None:
    if params.min_players < 2:
        c.fail(f"{where}.min_players", f"expected at least 2, got {params.min_players}")
    if params.max_players < params.min_players:
        c.fail(
            f"{where}.max_players",
            f"expected at least min_players ({params.min_players})",
            {f"{where}.min_players": f"expected at most max_players ({params.max_players})"},
        )
    if params.houses_before_hotel < 1:
        c.fail(f"{where}.houses_before_hotel", "expected at least 1")
    if params.max_jail_turns < 1:
        c.fail(f"{where}.max_jail_turns", "expected at least 1")


def _rule_values(c: Checker, raw: Any, where: str) -> dict[str, Any]:
    """Checked values of the parameters a `rules` table gives (all of them optional)."""
    table = c.mapping(raw, where)
    known = {f.name: f for f in fields(RuleParams)}
    c.keys(table, where, tuple(known))
    values: dict[str, Any] = {}
    for name, value in table.items():
        path = f"{where}.{name}"
        kind = str(known[name].type)
        if "None" in kind and value is None:
            values[name] = None
        elif kind.startswith("bool"):
            values[name] = c.boolean(value, path)
        elif "tuple" in kind:
            values[name] = tuple(c.items(value, path, lambda v, p: c.integer(v, p, low=1)))
            if not values[name]:
                c.fail(path, "expected a non-empty list of whole numbers")
        elif name == "income_tax_percent":
            values[name] = c.integer(value, path, low=1, high=100)
        elif name == "banker_sits_out_from":
            values[name] = c.integer(value, path, low=2)
        else:
            values[name] = c.integer(value, path, low=0)
    return values


def _rule_ids(c: Checker, raw: Any, path: str) -> tuple[str, ...]:
    ids = tuple(c.items(raw, path, lambda v, p: c.text(v, p)))
    for j, rule in enumerate(ids):
        if not RULE_ID.match(rule):
            c.fail(
                f"{path}[{j}]", f"expected a RULES-MATRIX ID such as SHORT-02, got {c.quote(rule)}"
            )
    return ids


def _variants(c: Checker, raw: Any, base: RuleParams) -> dict[str, Variant]:
    """Each variant's overrides, checked against the edition's own parameters; `standard` (no
    overrides) is always there, first."""
    table = c.mapping(raw, "variants")
    out: dict[str, Variant] = {STANDARD: Variant(STANDARD, "Standard game")}
    for key, entry in table.items():
        path = f"variants.{key}"
        if not key.strip() or key != key.strip().lower() or " " in key:
            c.fail(path, "expected a lower-case variant key without spaces, e.g. short")
        body = c.mapping(entry, path)
        c.keys(body, path, VARIANT_KEYS)
        c.required(body, path, ("title",))
        values = _rule_values(c, body.get("rules", {}), f"{path}.rules")
        _check_params(c, replace(base, **values), f"{path}.rules")
        readings = _reading_overrides(c, body.get("readings", {}), f"{path}.readings")
        if key == STANDARD and (values or readings):
            c.fail(path, "the standard variant is the edition itself and changes nothing")
        out[key] = Variant(
            key=key,
            title=c.text(body["title"], f"{path}.title"),
            rules=values,
            readings=readings,
            rule_ids=_rule_ids(c, body.get("rule_ids", []), f"{path}.rule_ids"),
        )
    return out


def _assumptions(c: Checker, raw: Any) -> dict[str, Assumption]:
    table = c.mapping(raw, "assumptions")
    out: dict[str, Assumption] = {}
    for key, entry in table.items():
        path = f"assumptions.{key}"
        body = c.mapping(entry, path)
        c.keys(body, path, ASSUMPTION_KEYS)
        c.required(body, path, ("assumed", "reason"))
        out[key] = Assumption(
            key=key,
            assumed=c.text(body["assumed"], f"{path}.assumed"),
            reason=c.text(body["reason"], f"{path}.reason"),
            rule_ids=_rule_ids(c, body.get("rules", []), f"{path}.rules"),
        )
    return out


def _settled(c: Checker, raw: Any) -> frozenset[str]:
    catalogue = load_readings()
    items = c.items(raw, "settled", lambda v, p: c.text(v, p))
    for j, cf in enumerate(items):
        if cf not in catalogue:
            c.fail(f"settled[{j}]", f"unknown disputed point {c.quote(cf)}")
    return frozenset(items)


def _engine(c: Checker, raw: Any) -> EngineProfile:
    """The program a profile declares and the readings it plays, each point and reading one
    that readings.yaml names."""
    body = c.mapping(raw, "engine")
    c.keys(body, "engine", ENGINE_KEYS)
    c.required(body, "engine", ENGINE_KEYS)
    name = c.text(body["name"], "engine.name")
    if not name.isprintable() or len(name) > 80:
        c.fail("engine.name", "expected printable text on one line, at most 80 characters")
    table = c.mapping(body["plays"], "engine.plays")
    if not table:
        c.fail("engine.plays", "expected at least one disputed point and its reading")
    plays = _reading_overrides(c, table, "engine.plays")
    return EngineProfile(name=name, plays=plays)


def _squares(c: Checker, raw: Any, decks: Mapping[str, Deck]) -> tuple[Square, ...]:
    entries = c.items(raw, "squares", lambda v, p: c.mapping(v, p))
    if len(entries) != BOARD_SIZE:
        c.fail("squares", f"expected {BOARD_SIZE} squares, got {len(entries)}")
    out: list[Square] = []
    for i, entry in enumerate(entries):
        path = f"squares[{i}]"
        c.keys(entry, path, SQUARE_KEYS)
        c.required(entry, path, ("index", "name", "kind"))
        index = c.integer(entry["index"], f"{path}.index", high=BOARD_SIZE - 1)
        if index != i:
            c.fail(f"{path}.index", f"expected {i} (squares are listed in board order)")
        out.append(_square(c, entry, path, index, decks))
    return tuple(out)


def _square(
    c: Checker, e: dict[str, Any], path: str, index: int, decks: Mapping[str, Deck]
) -> Square:
    name = c.text(e["name"], f"{path}.name")
    kind = c.choice(e["kind"], f"{path}.kind", SQUARE_KINDS)
    aliases = tuple(c.items(e.get("aliases", []), f"{path}.aliases", lambda v, p: c.text(v, p)))

    def money(field_name: str, *, low: int = 0) -> int:
        return c.integer(e.get(field_name, 0), f"{path}.{field_name}", low=low)

    allowed: set[str] = {"index", "name", "kind", "aliases"}
    group: str | None = None
    rents: tuple[int, ...] = ()
    deck: str | None = None
    if kind in OWNABLE:
        allowed |= {"group", "price", "mortgage_value"}
        c.required(e, path, ("price", "mortgage_value"))
        if kind == "site":
            allowed |= {"house_cost", "hotel_cost", "rents"}
            c.required(e, path, ("group", "house_cost", "hotel_cost", "rents"))
            group = c.text(e["group"], f"{path}.group")
            rents = tuple(c.items(e["rents"], f"{path}.rents", lambda v, p: c.integer(v, p)))
            if len(rents) != 6:
                c.fail(
                    f"{path}.rents",
                    f"expected 6 rents (site alone, 1 to 4 houses, hotel), got {len(rents)}",
                )
            if any(rents[k + 1] <= rents[k] for k in range(5)):
                c.fail(f"{path}.rents", "expected rents that rise with every building")
        else:
            group = c.choice(e.get("group", kind), f"{path}.group", (kind,))
    elif kind == "tax":
        allowed.add("tax")
        c.required(e, path, ("tax",))
    elif kind in ("chance", "chest"):
        allowed.add("deck")
        deck = c.text(e.get("deck", kind), f"{path}.deck")
        if deck not in decks:
            c.fail(
                f"{path}.deck",
                f"expected a deck key ({c.quote_all(decks)}), got {c.quote(deck)}",
            )
    for key in e:
        if key not in allowed:
            c.fail(f"{path}.{key}", f"does not apply to a square of kind {c.quote(kind)}")
    price = money("price", low=1) if kind in OWNABLE else 0
    mortgage_value = money("mortgage_value", low=1) if kind in OWNABLE else 0
    if kind in OWNABLE and mortgage_value > price:
        c.fail(
            f"{path}.mortgage_value",
            f"expected at most the price ({price})",
            {f"{path}.price": f"expected at least the mortgage value ({mortgage_value})"},
        )
    return Square(
        index=index,
        name=name,
        kind=kind,  # type: ignore[arg-type]
        aliases=aliases,
        group=group,
        price=price,
        mortgage_value=mortgage_value,
        house_cost=money("house_cost", low=1) if kind == "site" else 0,
        hotel_cost=money("hotel_cost", low=1) if kind == "site" else 0,
        rents=rents,
        tax=money("tax", low=1) if kind == "tax" else 0,
        deck=deck,
    )


def _groups(c: Checker, raw: Any, squares: tuple[Square, ...]) -> dict[str, tuple[int, ...]]:
    table = c.mapping(raw, "groups")
    groups: dict[str, tuple[int, ...]] = {}
    seen: dict[int, tuple[str, str]] = {}
    for key, members in table.items():
        path = f"groups.{key}"
        indices = c.items(members, path, lambda v, p: c.integer(v, p, high=BOARD_SIZE - 1))
        if not indices:
            c.fail(path, "expected at least one square")
        for j, index in enumerate(indices):
            sq = squares[index]
            where = f"{path}[{j}]"
            name = f"square {index} ({c.quote(sq.name)})"
            if not sq.ownable:
                c.fail(
                    where,
                    f"{name} is a {sq.kind} square, not a deed",
                    {f"squares[{index}].kind": f"expected a deed kind ({path} lists {name})"},
                )
            if sq.group != key:
                c.fail(
                    where,
                    f"{name} belongs to group {c.quote(sq.group)}",
                    {f"squares[{index}].group": f"expected {c.quote(key)} ({path} lists {name})"},
                )
            if index in seen:
                other, first = seen[index]
                c.fail(
                    where,
                    f"{name} is already in group {c.quote(other)}",
                    {first: f"{name} is also in group {c.quote(key)}"},
                )
            seen[index] = (key, where)
        groups[key] = tuple(sorted(indices))
    for sq in squares:
        if sq.ownable and sq.index not in seen:
            c.fail(
                f"squares[{sq.index}].group",
                f"group {c.quote(sq.group)} is not listed under groups",
            )
    return groups


def _check_rule_squares(c: Checker, rules: RuleParams, squares: tuple[Square, ...]) -> None:
    if squares[rules.jail_index].kind != "jail":
        c.fail(
            "rules.jail_index",
            f"square {rules.jail_index} is not the jail square",
            {f"squares[{rules.jail_index}].kind": "expected jail (rules.jail_index names it)"},
        )
    if squares[rules.go_to_jail_index].kind != "go-to-jail":
        n = rules.go_to_jail_index
        c.fail(
            "rules.go_to_jail_index",
            f"square {n} is not Go to Jail",
            {f"squares[{n}].kind": "expected go-to-jail (rules.go_to_jail_index names it)"},
        )
    if squares[0].kind != "go":
        c.fail("squares[0].kind", "expected go (square 0 is GO)")
    counts = {k: sum(1 for s in squares if s.kind == k) for k in ("railroad", "utility")}
    if counts["railroad"] and len(rules.railroad_rents) < counts["railroad"]:
        c.fail(
            "rules.railroad_rents", f"expected {counts['railroad']} rents, one per railroad owned"
        )
    if counts["utility"] and len(rules.utility_multipliers) < counts["utility"]:
        c.fail(
            "rules.utility_multipliers",
            f"expected {counts['utility']} multipliers, one per utility owned",
        )


def _reading_overrides(c: Checker, raw: Any, where: str) -> dict[str, str]:
    """Checked readings for just the CF items a table names."""
    defaults = load_readings()
    full = _readings(c, raw, where)
    table = c.mapping(raw, where)
    return {cf: full[cf] for cf in defaults if cf in table}


def _readings(c: Checker, raw: Any, where: str = "readings") -> dict[str, str]:
    table = c.mapping(raw, where)
    catalogue = load_readings()
    readings = {cf: item.default for cf, item in catalogue.items()}
    for cf, value in table.items():
        path = f"{where}.{cf}"
        item = catalogue.get(cf)
        if item is None:
            c.fail(path, f"unknown disputed point (expected CF-01 to CF-{len(catalogue):02d})")
        reading = c.text(value, path)
        if reading not in item.readings:
            c.fail(path, f"expected one of: {', '.join(item.readings)}; got {c.quote(reading)}")
        readings[cf] = reading
    return readings
