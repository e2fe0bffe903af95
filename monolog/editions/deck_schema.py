"""The decks of an edition file, checked in code: each card's kind, its keys and the squares it
names (schema.py checks the rest of the file).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .checker import Checker
from .model import (
    Card,
    Deck,
    Square,
)

# the squares of a board, and the rents a card may set on the square it sends a token to
BOARD_SIZE = 40
RENT_RULES = ("double_railroad_rent", "dice_times_10")
CARD_KINDS = (
    "advance_to",
    "advance_to_nearest",
    "move_back",
    "go_to_jail",
    "collect",
    "pay",
    "pay_each_player",
    "collect_from_each_player",
    "repairs",
    "get_out_of_jail_free",
    "pay_or_draw",
)


CARD_INT_KEYS = ("amount", "spaces", "per_house", "per_hotel")


CARD_KEYS = (
    "id",
    "title",
    "kind",
    *CARD_INT_KEYS,
    "target",
    "target_kind",
    "rent_rule",
    "collect_go",
    "draw_deck",
)


def check_decks(c: Checker, raw: Any) -> dict[str, Deck]:
    table = c.mapping(raw, "decks")
    if not table:
        c.fail("decks", "expected at least one deck")
    decks: dict[str, Deck] = {}
    ids: dict[str, tuple[str, str]] = {}
    for key, entry in table.items():
        path = f"decks.{key}"
        body = c.mapping(entry, path)
        c.keys(body, path, ("name", "cards"))
        c.required(body, path, ("name", "cards"))
        name = c.text(body["name"], f"{path}.name")
        cards = c.items(body["cards"], f"{path}.cards", lambda v, p: c.mapping(v, p))
        if not cards:
            c.fail(f"{path}.cards", "expected at least one card")
        built: list[Card] = []
        for j, card in enumerate(cards):
            cpath = f"{path}.cards[{j}]"
            made = _card(c, card, cpath, key)
            if made.id in ids:
                other, first = ids[made.id]
                c.fail(
                    f"{cpath}.id",
                    f"card id {c.quote(made.id)} is already used in deck {c.quote(other)}",
                    {first: f"card id {c.quote(made.id)} is also used in deck {c.quote(key)}"},
                )
            ids[made.id] = (key, f"{cpath}.id")
            built.append(made)
        decks[key] = Deck(key=key, name=name, cards=tuple(built))
    return decks


def _card(c: Checker, e: dict[str, Any], path: str, deck: str) -> Card:
    c.keys(e, path, CARD_KEYS)
    c.required(e, path, ("id", "title", "kind"))
    card_id = c.text(e["id"], f"{path}.id")
    if not card_id.isalnum() or not card_id[:1].isupper():
        c.fail(
            f"{path}.id",
            f"expected a card id such as CH07 (capital letters and digits), got {c.quote(card_id)}",
        )
    kind = c.choice(e["kind"], f"{path}.kind", CARD_KINDS)
    ints = {k: c.integer(e.get(k, 0), f"{path}.{k}") for k in CARD_INT_KEYS}
    need: dict[str, tuple[str, ...]] = {
        "advance_to": ("target",),
        "advance_to_nearest": ("target_kind",),
        "collect": ("amount",),
        "pay": ("amount",),
        "pay_each_player": ("amount",),
        "collect_from_each_player": ("amount",),
        "repairs": ("per_house", "per_hotel"),
        "pay_or_draw": ("amount", "draw_deck"),
    }
    c.required(e, path, need.get(kind, ()))
    if kind == "move_back" and "spaces" not in e and "target" not in e:
        c.fail(path, "a move_back card needs spaces or target")
    target = (
        c.integer(e["target"], f"{path}.target", high=BOARD_SIZE - 1) if "target" in e else None
    )
    target_kind = (
        c.choice(e["target_kind"], f"{path}.target_kind", ("railroad", "utility"))
        if "target_kind" in e
        else None
    )
    rent_rule = (
        c.choice(e["rent_rule"], f"{path}.rent_rule", RENT_RULES) if "rent_rule" in e else None
    )
    collect_go = c.boolean(
        e.get("collect_go", kind in ("advance_to", "advance_to_nearest")), f"{path}.collect_go"
    )
    draw_deck = c.text(e["draw_deck"], f"{path}.draw_deck") if "draw_deck" in e else None
    return Card(
        id=card_id,
        deck=deck,
        title=c.text(e["title"], f"{path}.title"),
        kind=kind,
        amount=ints["amount"],
        target=target,
        target_kind=target_kind,
        spaces=ints["spaces"],
        per_house=ints["per_house"],
        per_hotel=ints["per_hotel"],
        rent_rule=rent_rule,
        collect_go=collect_go,
        draw_deck=draw_deck,
    )


def check_cards(c: Checker, decks: Mapping[str, Deck], squares: tuple[Square, ...]) -> None:
    kinds = {sq.kind for sq in squares}
    for key, deck in decks.items():
        for j, card in enumerate(deck.cards):
            path = f"decks.{key}.cards[{j}]"
            if card.target_kind is not None and card.target_kind not in kinds:
                c.fail(f"{path}.target_kind", f"no {card.target_kind} square on this board")
            if card.draw_deck is not None and card.draw_deck not in decks:
                c.fail(f"{path}.draw_deck", f"expected a deck key ({c.quote_all(decks)})")
