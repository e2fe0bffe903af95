"""What `monolog rules diff` compares: every difference between two editions, as data.

Parameters, variants, readings of the disputed points, the points each text settles, the rules
one rulebook states and the other does not (the matrix's statuses), vocabulary, squares, decks
and cards, each with the RULES-MATRIX IDs it concerns. The command and its output are in
rules.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..editions import load_readings
from ..editions.loader import load_param_info
from ..editions.model import Card, Edition
from ..editions.readings import CFItem

SQUARE_FIELDS = (
    "name",
    "kind",
    "group",
    "price",
    "mortgage_value",
    "house_cost",
    "hotel_cost",
    "rents",
    "tax",
    "deck",
)
CARD_FIELDS = (
    "title",
    "kind",
    "amount",
    "target",
    "target_kind",
    "spaces",
    "per_house",
    "per_hotel",
    "rent_rule",
    "collect_go",
    "draw_deck",
)


def json_ready(value: object) -> object:
    """A value made JSON-ready (tuples become lists)."""
    if isinstance(value, (tuple, list)):
        return [json_ready(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Difference:
    """One point where two editions differ: what kind of thing, which, the rule IDs, both values."""

    kind: (
        str  # currency, parameter, variant, reading, settled, text, vocabulary, square, deck, card
    )
    item: str
    rules: tuple[str, ...]
    a: object
    b: object

    def tojson_ready(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "item": self.item,
            "rules": list(self.rules),
            "a": json_ready(self.a),
            "b": json_ready(self.b),
        }


def _ids(*rules: str) -> tuple[str, ...]:
    out: list[str] = []
    for rule in rules:
        if rule and rule not in out:
            out.append(rule)
    return tuple(out)


def _card_effect(card: Card | None) -> dict[str, object] | None:
    if card is None:
        return None
    return {name: json_ready(getattr(card, name)) for name in CARD_FIELDS}


def differences(a: Edition, b: Edition) -> list[Difference]:
    """Every difference between two editions, in a fixed order: currency, parameters, variants,
    readings, settled points, the rules one text states and the other does not (or states
    differently), vocabulary, squares (index by index), decks and cards."""

    info = load_param_info()
    board = info["board_rule_ids"]
    items = load_readings()
    out: list[Difference] = []
    if a.currency != b.currency:
        out.append(
            Difference("currency", "currency", _ids(board["currency"]), a.currency, b.currency)
        )
    for f in fields(a.rules):
        va, vb = getattr(a.rules, f.name), getattr(b.rules, f.name)
        if va != vb:
            out.append(
                Difference("parameter", f.name, _ids(info["rule_ids"].get(f.name, "")), va, vb)
            )
    out += _variant_differences(a, b, info["rule_ids"])
    out += _reading_differences(a, b, items)
    out.extend(text_differences(a.key, b.key))
    vocab = info["vocabulary_rule_ids"]
    for concept in list(a.vocabulary) + [k for k in b.vocabulary if k not in a.vocabulary]:
        wa, wb = a.word(concept), b.word(concept)
        if wa != wb:
            colour = concept in a.groups or concept[:-1] in a.groups  # "green", "greens"
            rule = vocab.get(concept) or ("RENT-04" if colour else "")
            out.append(Difference("vocabulary", concept, _ids(rule), wa, wb))
    for sa, sb in zip(a.squares, b.squares, strict=True):
        for name in SQUARE_FIELDS:
            xa, xb = getattr(sa, name), getattr(sb, name)
            if xa != xb:
                label = f"#{sa.index} {name}"
                out.append(Difference("square", label, _ids(board.get(name, "")), xa, xb))
    out += _deck_differences(a, b, board)
    return out


def _variant_differences(a: Edition, b: Edition, rule_ids: Mapping[str, str]) -> list[Difference]:
    """The variants one edition has and the other has not, and the parameters a variant of
    both sets differently."""
    out: list[Difference] = []
    for key in list(a.variants) + [k for k in b.variants if k not in a.variants]:
        va_, vb_ = a.variants.get(key), b.variants.get(key)
        if va_ is None or vb_ is None:
            present = va_ or vb_
            assert present is not None
            out.append(
                Difference(
                    "variant",
                    key,
                    present.rule_ids,
                    va_.title if va_ else None,
                    vb_.title if vb_ else None,
                )
            )
            continue
        for name in list(va_.rules) + [n for n in vb_.rules if n not in va_.rules]:
            xa = va_.rules.get(name, getattr(a.rules, name))
            xb = vb_.rules.get(name, getattr(b.rules, name))
            if xa != xb:
                rule = rule_ids.get(name, "")
                out.append(
                    Difference("variant", f"{key}: {name}", _ids(rule, *va_.rule_ids), xa, xb)
                )
    return out


def _reading_differences(a: Edition, b: Edition, items: Mapping[str, CFItem]) -> list[Difference]:
    """The disputed points read differently, then those one text settles and the other not."""
    out: list[Difference] = []
    for cf in items:
        ra, rb = a.readings.get(cf), b.readings.get(cf)
        if ra != rb:
            out.append(Difference("reading", cf, _ids(cf, *items[cf].rules), ra, rb))
    for cf in items:
        if (cf in a.settled) != (cf in b.settled):
            word = {True: "settled by the text", False: "open (flagged ambiguous)"}
            out.append(
                Difference(
                    "settled",
                    cf,
                    _ids(cf, *items[cf].rules),
                    word[cf in a.settled],
                    word[cf in b.settled],
                )
            )
    return out


def _deck_differences(a: Edition, b: Edition, board: Mapping[str, Any]) -> list[Difference]:
    """The decks one edition has and the other has not (or names differently), and the cards
    that differ in what they do."""
    out: list[Difference] = []
    for key in list(a.decks) + [k for k in b.decks if k not in a.decks]:
        da, db = a.decks.get(key), b.decks.get(key)
        if da is None or db is None or da.name != db.name:
            out.append(
                Difference(
                    "deck",
                    key,
                    _ids(board["deck"]),
                    da.name if da else None,
                    db.name if db else None,
                )
            )
        cards_a = {c.id: c for c in da.cards} if da else {}
        cards_b = {c.id: c for c in db.cards} if db else {}
        for card_id in list(cards_a) + [c for c in cards_b if c not in cards_a]:
            ca, cb = _card_effect(cards_a.get(card_id)), _card_effect(cards_b.get(card_id))
            if ca != cb:
                out.append(Difference("card", card_id, _ids(board["card"]), ca, cb))
    return out


def text_differences(a: str, b: str) -> list[Difference]:
    """The rules of the matrix that one edition's text states and the other's is silent on, or
    that either text states differently from the matrix's reference rule (kind `text`).

    The statuses are the matrix's, for the shipped editions' keys; an edition file of its own
    key (even one that extends a shipped edition) has no rulebook text, so no rows."""
    # here: every command module loads at start-up, only this command needs it
    from ..scenarios.model import rule_catalogue

    catalogue = rule_catalogue()
    out: list[Difference] = []
    if a == b:
        return out
    for rule, table in catalogue.stated.items():
        sa, sb = table.get(a), table.get(b)
        if sa is None or sb is None or (sa == sb and sa != "differs"):
            continue
        notes = catalogue.differs.get(rule, {})
        out.append(
            Difference(
                "text",
                catalogue.title(rule),
                (rule,),
                _status_word(sa, notes.get(a)),
                _status_word(sb, notes.get(b)),
            )
        )
    return out


def _status_word(status: str, note: str | None) -> str:
    if status == "same":
        return "states the rule"
    if status == "silent":
        return "silent"
    return f"differs: {note}" if note else "differs"
