"""Merging the files of an `extends:` chain, remembering which file wrote each value.

A file that extends another gives only what differs: `rules`, `vocabulary`, `readings`,
`groups`, `variants` and `assumptions` entries replace the base's; `squares` entries are matched
by `index` and replace the fields they give (their `aliases` are added to the base's); `decks`
cards are matched by `id` (a new id adds a card). The schema then checks the merged whole, and
names the merged key path of what it objects to (`squares[1].price` for the square at board
position 1). An `Origin` tree, built alongside the merged data, turns that path back into the
file that wrote the value and the key path as written there (`squares[0].price` of the child),
so a complaint about an edition that extends another reads as it does for a single file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NoReturn

import yaml

from .errors import EditionError, excerpt

MERGED_SECTIONS = ("rules", "vocabulary", "readings", "groups", "variants", "assumptions")

_STEP = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")

Step = str | int


def split_path(path: str) -> list[Step]:
    """The steps of a key path: `decks.chance.cards[3]` -> ['decks', 'chance', 'cards', 3]."""
    return [int(index) if index else key for index, key in _STEP.findall(path)]


def join_path(path: str, step: Step) -> str:
    """`path` one step further down: `squares` + 0 -> `squares[0]`, `rules` + `x` -> `rules.x`."""
    if isinstance(step, int):
        return f"{path}[{step}]"
    return f"{path}.{step}" if path else step


@dataclass
class Origin:
    """Where a value of the merged edition was written: the file, that file's YAML root node (to
    find line and column; None when unknown), and the key path in that file. `parts` gives
    the origins of the entries of a merged mapping (keyed as the data) or list (by position);
    None means the whole value is as that file wrote it, entries included."""

    file: str
    node: Any
    path: str
    parts: dict[Any, Origin] | list[Origin] | None = None

    def below(self, step: Step) -> Origin:
        """An entry of this value as this value's file wrote it: a list position (int) or a
        mapping key (any key, named as text)."""
        return Origin(self.file, self.node, join_path(self.path, step))

    def child(self, step: Step) -> Origin | None:
        """The origin of one entry of this value (None when no file wrote that entry)."""
        if isinstance(self.parts, dict):
            return self.parts.get(step)
        if isinstance(self.parts, list):
            if isinstance(step, int) and 0 <= step < len(self.parts):
                return self.parts[step]
            return None
        return self.below(step)

    def find(self, path: str) -> Origin:
        """The origin of the value at a merged key path. A path that leads past what any file
        wrote (a missing key) is named below the deepest value that was written, in that
        value's file, so the complaint is placed where the key would go."""
        at: Origin = self
        steps = split_path(path)
        for n, step in enumerate(steps):
            found = at.child(step)
            if found is None:
                written = at.path
                for rest in steps[n:]:
                    written = join_path(written, rest)
                return Origin(at.file, at.node, written)
            at = found
        return at

    def where(self) -> str:
        """`file:line:col` of the value (of the nearest enclosing value written in the file),
        or the file alone when its nodes are unknown."""
        mark = locate(self.node, self.path) if self.node is not None else None
        return f"{self.file}:{mark.line + 1}:{mark.column + 1}" if mark is not None else self.file

    def fail(self, message: str) -> NoReturn:
        """Raise an EditionError about this value, at its file:line:col and written key path."""
        raise EditionError(message, file=self.where(), path=self.path)

    def entries(self, value: dict[Any, Any]) -> dict[Any, Origin]:
        """The origins of the entries of a mapping this origin places, as a fresh mapping that
        merging can change."""
        if isinstance(self.parts, dict):
            return dict(self.parts)
        return {key: self.below(str(key)) for key in value}

    def items(self, value: list[Any]) -> list[Origin]:
        """The origins of the items of a list this origin places, as a fresh list."""
        if isinstance(self.parts, list):
            return list(self.parts)
        return [self.below(i) for i in range(len(value))]


def locate(node: yaml.Node, path: str) -> yaml.Mark:
    """Where in a file (its root node) the value at a key path is written; a path that leads
    past what the file holds gives the place of the deepest value on the way."""
    mark = node.start_mark
    for step in split_path(path):
        if isinstance(step, int) and isinstance(node, yaml.SequenceNode):
            if step >= len(node.value):
                return mark
            node = node.value[step]
        elif isinstance(step, str) and isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == step:
                    node = v
                    break
            else:
                return mark
        else:
            return mark
        mark = node.start_mark
    return mark


def written(file: str, node: Any) -> Origin:
    """The origin of a whole file's data, as that file wrote it."""
    return Origin(file, node, "")


def overlay(
    base: dict[str, Any], origin: Origin, over: dict[str, Any], file: str, node: Any
) -> tuple[dict[str, Any], Origin]:
    """`over` (one file's own data, `extends` left out) laid over `base` (the merged edition it
    extends, whose values `origin` places), with the origin of the result. Errors that only the
    merge can see (a square index the base does not have) are placed in `file`."""
    out = dict(base)
    parts = origin.entries(base)
    out.pop("key", None)  # the extending file names its own edition
    parts.pop("key", None)
    for key, value in over.items():
        mine = Origin(file, node, key)
        if key in MERGED_SECTIONS and isinstance(value, dict):
            merged = dict(base.get(key) or {})
            below = parts.get(key)
            section = below.entries(base[key]) if below and isinstance(base.get(key), dict) else {}
            merged.update(value)
            section.update({k: mine.below(str(k)) for k in value})
            out[key] = merged
            parts[key] = Origin(file, node, key, section)
        elif key == "squares" and isinstance(value, list):
            out[key], parts[key] = _squares(base.get(key), parts.get(key), value, mine)
        elif key == "decks" and isinstance(value, dict):
            out[key], parts[key] = _decks(base.get(key), parts.get(key), value, mine)
        else:
            out[key] = value
            parts[key] = mine
    return out, Origin(file, node, "", parts)


def _squares(
    base: Any, below: Origin | None, over: list[Any], mine: Origin
) -> tuple[list[Any], Origin]:
    squares = [dict(s) if isinstance(s, dict) else s for s in (base or [])]
    parts = below.items(base) if below is not None and isinstance(base, list) else []
    by_index = {s.get("index"): n for n, s in enumerate(squares) if isinstance(s, dict)}
    for i, entry in enumerate(over):
        here = mine.below(i)
        if not isinstance(entry, dict) or "index" not in entry:
            here.fail("expected a mapping with the index of the square to change")
        n = by_index.get(entry["index"])
        if n is None:
            here.below("index").fail(f"no square {excerpt(entry['index'])} in the extended edition")
        target = squares[n]
        was = parts[n] if n < len(parts) else None
        fields = was.entries(target) if was is not None else {}
        for key, value in entry.items():
            old = target.get("aliases")
            if key == "aliases" and isinstance(value, list) and isinstance(old, list):
                below_aliases = fields.get("aliases")
                names = below_aliases.items(old) if below_aliases is not None else []
                ours = here.below("aliases")
                added = [(m, a) for m, a in enumerate(value) if a not in old]
                target["aliases"] = old + [a for _, a in added]
                names += [ours.below(m) for m, _ in added]
                fields["aliases"] = Origin(ours.file, ours.node, ours.path, names)
            else:
                target[key] = value
                fields[key] = here.below(str(key))
        # A complaint about the square as a whole (a field it lacks) goes to the last file
        # that changed it.
        if n < len(parts):
            parts[n] = Origin(here.file, here.node, here.path, fields)
    return squares, Origin(mine.file, mine.node, mine.path, parts)


def _decks(
    base: Any, below: Origin | None, over: dict[str, Any], mine: Origin
) -> tuple[dict[str, Any], Origin]:
    decks = {k: dict(v) if isinstance(v, dict) else v for k, v in (base or {}).items()}
    parts = below.entries(base) if below is not None and isinstance(base, dict) else {}
    for key, entry in over.items():
        here = mine.below(str(key))
        current = decks.get(key)
        if not isinstance(entry, dict) or not isinstance(current, dict):
            decks[key] = entry
            parts[key] = here
            continue
        was = parts.get(key)
        fields = was.entries(current) if was is not None else {}
        for field_name, value in entry.items():
            ours = here.below(str(field_name))
            old = current.get("cards")
            if field_name == "cards" and isinstance(value, list) and isinstance(old, list):
                cards = list(old)
                below_cards = fields.get("cards")
                places = below_cards.items(old) if below_cards is not None else []
                places += [ours] * (len(cards) - len(places))  # never short; kept in step
                ids = {c.get("id"): n for n, c in enumerate(cards) if isinstance(c, dict)}
                for m, card in enumerate(value):
                    card_origin = ours.below(m)
                    if isinstance(card, dict) and card.get("id") in ids:
                        cards[ids[card["id"]]] = card
                        places[ids[card["id"]]] = card_origin
                    else:
                        cards.append(card)
                        places.append(card_origin)
                current["cards"] = cards
                fields["cards"] = Origin(ours.file, ours.node, ours.path, places)
            else:
                current[field_name] = value
                fields[field_name] = ours
        parts[key] = Origin(here.file, here.node, here.path, fields)
    return decks, Origin(mine.file, mine.node, mine.path, parts)
