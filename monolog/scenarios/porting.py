"""Scenarios moved to another edition by board position: the same squares under the target
edition's names, the cards of the same effect from its decks, its currency and words.

- every square named in the record is resolved on the source edition's board and renamed, by
  its board index, to the target edition's name (replaced in place, so the record's comments and
  layout stay as written; squares written by number stay as they are);
- every card is replaced by the target deck's card with the same effect (same deck, same kind,
  amount, target square and so on);
- the `[Edition]` tag (or the scenario's `edition:` key) names the target edition, currency
  signs follow it, and names and vocabulary in titles, notes, record comments and pinned
  finding messages follow it;
- square names used as keys of `expect: state/final` deeds, positions and card ids follow;
- `rules:` keeps only the IDs the target edition states (or, for CF items, under which it
  arises).

A scenario that cannot be moved raises `Skip`, which says why: it expects a parse error (the
notation is the same under every edition), plays a variant the target lacks, draws a card the
target decks lack, or names a square ambiguously. The scenario loader ports a scenario to each
edition of its `editions:` list this way; tools/port_scenario.py writes a port to a file.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from functools import lru_cache
from typing import Any

from ..editions import (
    DEFAULT_EDITION,
    Card,
    Edition,
    ResolveError,
    Resolver,
    load_edition,
)
from ..notation import events as ev
from ..notation.errors import ParseError
from ..notation.parser import parse_text
from .rule_ids import rule_catalogue

# keys of a scenario that say which editions it runs under: never ported
_EDITION_KEYS = frozenset({"editions", "overrides"})

# a name the grammar reads without quotes: capitalised words separated by single spaces
_WORD = r"[A-Z\u00C0-\u024F\u0370-\u1FFF][\w.&'’\-]*"
_BARE_NAME = re.compile(rf"{_WORD}(?: {_WORD})*")
_TAG_VALUE = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_CARD_ID = re.compile(r"\b[A-Z]{2}\d{2}\b")
# fields of events and their parts that name squares, and those that name cards
_SQUARE_FIELDS = frozenset({"square", "squares", "position", "lot"})
_CARD_FIELDS = frozenset({"card", "cards"})


class Skip(Exception):
    """The scenario cannot be ported; the message says why."""


# --------------------------------------------------------------------------- cards


def _effect(card: Card) -> tuple[object, ...]:
    """What a card does, without its id and title: cards with equal effects are equivalent."""
    return tuple(getattr(card, f.name) for f in fields(card) if f.name not in ("id", "title"))


def card_map(source: Edition, target: Edition) -> dict[str, Card]:
    """Source card id -> the target card with the same effect in the same deck.

    Each target card stands for one source card at most (a record's deck order would break if
    two cards became one); among equivalent cards the closest titles are paired first.
    """
    pairs: list[tuple[float, str, str, Card, Card]] = []
    for deck in source.decks.values():
        others = target.decks[deck.key].cards if deck.key in target.decks else ()
        for card in deck.cards:
            for other in others:
                if _effect(card) == _effect(other):
                    ratio = difflib.SequenceMatcher(
                        None, card.title.casefold(), other.title.casefold()
                    ).ratio()
                    pairs.append((-ratio, card.id, other.id, card, other))
    pairs.sort(key=lambda p: (p[0], p[1], p[2]))
    out: dict[str, Card] = {}
    used: set[str] = set()
    for _, src_id, dst_id, _card, other in pairs:
        if src_id in out or dst_id in used:
            continue
        out[src_id] = other
        used.add(dst_id)
    return out


# --------------------------------------------------------------------------- free text


def _case_like(model: str, word: str) -> str:
    """`word` with the first letter capitalised when `model` starts with a capital."""
    if model[:1].isupper() and word:
        return word[0].upper() + word[1:]
    return word


class TextMapper:
    """Renames squares, vocabulary, card ids and currency in free text (titles, comments)."""

    def __init__(self, source: Edition, target: Edition, cards: Mapping[str, Card]) -> None:
        self.source = source
        self.target = target
        self.cards = cards
        names: dict[str, str] = {}
        for sq in source.squares:
            new = target.squares[sq.index].name
            if sq.name != new:
                names[sq.name] = new
                for alias in sq.aliases:
                    if len(alias.split()) > 1 and alias not in names:
                        names[alias] = new
        self.names = names
        words: dict[str, str] = {}
        for key, old in source.vocabulary.items():
            new = target.vocabulary.get(key, old)
            if new != old and old.casefold() not in words:
                words[old.casefold()] = new
        self.words = words
        alternatives = [re.escape(n) for n in sorted(names, key=len, reverse=True)]
        self._names_re = re.compile(r"(?<![\w.])(?:" + "|".join(alternatives) + r")(?![\w])")
        if words:
            vocab = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
            # with the article before it, so that "a site" can become "an event"; a "house
            # rule" is no building, nor is the word inside a reading's name (hotel-only)
            self._words_re: re.Pattern[str] | None = re.compile(
                r"(?:\b(?P<article>an?) )?(?<![\w-])(?P<word>" + vocab + r")(?![\w-])(?! rules?\b)",
                re.IGNORECASE,
            )
        else:
            self._words_re = None

    def __call__(self, text: str) -> str:
        """`text` in the target edition's names, card ids, currency and building words."""
        # names first (placeholders keep their words out of the vocabulary pass)
        found: list[str] = []

        def hold(m: re.Match[str]) -> str:
            found.append(self.names[m[0]])
            return f"\0{len(found) - 1}\0"

        out = self._names_re.sub(hold, text) if self.names else text
        if self._words_re is not None:
            out = self._words_re.sub(self._word, out)
        out = _CARD_ID.sub(
            lambda m: self.cards[m[0]].id if m[0] in self.cards else m[0],
            out,
        )
        out = self.money(out)
        # the source edition named in the text: "a us-2018 standard game"
        out = re.sub(rf"(?<![\w-]){re.escape(self.source.key)}(?![\w-])", self.target.key, out)
        return re.sub(r"\0(\d+)\0", lambda m: found[int(m[1])], out)

    def _word(self, m: re.Match[str]) -> str:
        new = _case_like(m["word"], self.words[m["word"].casefold()])
        article = m["article"]
        if article is None:
            return new
        wanted = "an" if new[:1].casefold() in "aeiou" else "a"
        return f"{_case_like(article, wanted)} {new}"

    def money(self, text: str) -> str:
        """Currency signs before amounts, one sign for the other (the text keeps its length)."""
        if self.source.currency == self.target.currency:
            return text
        return re.sub(re.escape(self.source.currency) + r"(?=\d)", self.target.currency, text)


# --------------------------------------------------------------------------- records


def _refs(value: Any, role: str | None = None) -> Iterator[tuple[str, ev.Ref]]:
    """Every square and card reference in an event: ("square" | "card", Ref)."""
    if isinstance(value, ev.Ref):
        if role is not None:
            yield role, value
        return
    if isinstance(value, tuple):
        for item in value:
            yield from _refs(item, role)
        return
    if not is_dataclass(value) or isinstance(value, type):
        return
    for f in fields(value):
        if f.name == "span":
            continue
        child = getattr(value, f.name)
        if f.name in _SQUARE_FIELDS:
            if f.name == "lot" and getattr(value, "lot_kind", "square") != "square":
                continue
            yield from _refs(child, "square")
        elif f.name in _CARD_FIELDS:
            yield from _refs(child, "card")
        elif not isinstance(child, ev.Ref):
            yield from _refs(child, None)


def _written(name: str, original: ev.Ref) -> str:
    """How to write `name` where `original` stood: bare when the grammar allows it."""
    if original.kind == "name" and _BARE_NAME.fullmatch(name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _offsets(text: str) -> list[int]:
    """Offset of the start of each line (1-based line n starts at offsets[n - 1])."""
    starts = [0]
    for m in re.finditer(r"\n", text):
        starts.append(m.end())
    return starts


def _span_slice(starts: Sequence[int], span: ev.Span) -> tuple[int, int]:
    return starts[span.line - 1] + span.column - 1, starts[span.end_line - 1] + span.end_column - 1


@dataclass(slots=True)
class Porter:
    """Ports scenarios from `source` to `target`."""

    source: Edition
    target: Edition
    cards: dict[str, Card] = field(init=False)
    text: TextMapper = field(init=False)

    def __post_init__(self) -> None:
        self.cards = card_map(self.source, self.target)
        self.text = TextMapper(self.source, self.target, self.cards)

    # ---------------------------------------------------------------- record
    def record(self, text: str, name: str = "<record>") -> tuple[str, bool]:
        """The record ported; the flag says whether it carried an [Edition] tag."""
        try:
            events = parse_text(text, name)
        except ParseError as exc:
            raise Skip(f"the record does not parse ({exc.finding.code})") from None
        src = Resolver(self.source, [])
        text = self.text.money(text)  # one sign for another: no offset moves
        starts = _offsets(text)
        edits: list[tuple[int, int, str]] = []
        squares: list[int] = []  # the board index each renamed square must keep
        tagged = False
        for event in events:
            if isinstance(event, ev.Tag):
                tagged |= self._tag(event, text, starts, edits)
                continue
            if isinstance(event, ev.Comment):
                a, b = _span_slice(starts, event.span)
                edits.append((a, b, self.text(text[a:b])))
                continue
            for role, ref in _refs(event):
                if role == "square":
                    new, index = self._square(ref, src)
                    squares.append(index)
                else:
                    new = self._card(ref, src)
                if new is not None:
                    a, b = _span_slice(starts, ref.span)
                    edits.append((a, b, new))
        out = text
        for a, b, new in sorted(edits, reverse=True):
            out = out[:a] + new + out[b:]
        self._verify(out, squares, name)
        return out, tagged

    def _tag(
        self, tag: ev.Tag, text: str, starts: Sequence[int], edits: list[tuple[int, int, str]]
    ) -> bool:
        key = tag.key.casefold()
        if key == "variant" and tag.value not in self.target.variants:
            raise Skip(f"the record plays the {tag.value!r} variant, which {self.target.key} lacks")
        if key != "edition":
            return False
        a, b = _span_slice(starts, tag.span)
        edits.append((a, b, _TAG_VALUE.sub(f'"{self.target.key}"', text[a:b], count=1)))
        return True

    def _square(self, ref: ev.Ref, src: Resolver) -> tuple[str | None, int]:
        """The new text for a square reference (None: keep it) and its board index (-1: none)."""
        if ref.kind == "number":
            return None, -1
        try:
            found = src.squares(ref)
        except ResolveError:
            # a name the source board does not have (a record's mistake, kept on purpose)
            try:
                Resolver(self.target, []).squares(ref)
            except ResolveError:
                return None, -1
            raise Skip(
                f'"{ref.text}" is on no {self.source.key} square but names one on the '
                f"{self.target.key} board"
            ) from None
        new_names = {self.target.squares[s.index].name for s in found}
        old_names = {s.name for s in found}
        if len(found) > 1 and (len(new_names) > 1 or new_names != old_names):
            raise Skip(
                f'"{ref.text}" fits several {self.source.key} squares '
                f"({', '.join(sorted(old_names))}): the point is the source board's names"
            )
        index = found[0].index if len(found) == 1 else -1
        new = new_names.pop()
        if new == found[0].name:
            return None, index
        return _written(new, ref), index

    def _card(self, ref: ev.Ref, src: Resolver) -> str | None:
        try:
            card = src.card(ref)
        except ResolveError as exc:
            raise Skip(f"card {ref} cannot be read under {self.source.key}: {exc}") from None
        other = self.cards.get(card.id)
        if other is None:
            raise Skip(
                f"no {self.target.key} card does what {card.id} {card.title!r} does "
                f"({card.kind.replace('_', ' ')})"
            )
        if ref.text.strip().casefold() == card.id.casefold():
            return other.id if other.id != ref.text else None
        return _written(other.title, ref)

    def _verify(self, text: str, squares: Sequence[int], name: str) -> None:
        """The ported record parses and its squares stand where the source's did."""
        try:
            events = parse_text(text, name)
        except ParseError as exc:
            raise Skip(f"the ported record does not parse: {exc.finding.message}") from None
        dst = Resolver(self.target, [])
        got: list[int] = []
        for event in events:
            for role, ref in _refs(event):
                if role != "square":
                    continue
                if ref.kind == "number":
                    got.append(-1)
                    continue
                try:
                    found = dst.squares(ref)
                except ResolveError:
                    got.append(-1)
                    continue
                got.append(found[0].index if len(found) == 1 else -1)
        if got != list(squares):
            raise Skip("a renamed square does not resolve to its board position on the target")

    # ---------------------------------------------------------------- expectations
    def snapshot(self, snap: Any) -> Any:
        """A partial snapshot with square names and card ids renamed."""
        if not isinstance(snap, dict):
            return snap
        out: dict[Any, Any] = {}
        for key, value in snap.items():
            if key == "deeds" and isinstance(value, dict):
                out[key] = {self._square_name(k): v for k, v in value.items()}
            elif key == "players" and isinstance(value, dict):
                out[key] = {p: self._player(v) for p, v in value.items()}
            elif key == "decks" and isinstance(value, dict):
                out[key] = {d: self._deck(v) for d, v in value.items()}
            else:
                out[key] = value
        return out

    def _square_name(self, name: Any) -> Any:
        if not isinstance(name, str):
            return name
        try:
            sq = Resolver(self.source, []).square(name)
        except ResolveError:
            return name
        return self.target.squares[sq.index].name

    def _card_id(self, value: Any) -> Any:
        if isinstance(value, str) and value in self.cards:
            return self.cards[value].id
        if isinstance(value, str) and _CARD_ID.fullmatch(value):
            raise Skip(f"no {self.target.key} card does what {value} does")
        return value

    def _player(self, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        out = dict(value)
        if "position" in out:
            out["position"] = self._square_name(out["position"])
        if isinstance(out.get("cards"), list):
            out["cards"] = [self._card_id(c) for c in out["cards"]]
        return out

    def _deck(self, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {
            k: [self._card_id(c) for c in v] if isinstance(v, list) else v for k, v in value.items()
        }

    # ---------------------------------------------------------------- scenarios
    def scenario(
        self, data: Mapping[str, Any], record: str, only_stated: bool = False
    ) -> dict[str, Any]:
        """One scenario's data ported, its record given as text (raises Skip). The keys keep
        their order; `edition` names the target when the record has no `[Edition]` tag."""
        expect = data.get("expect") or {}
        if isinstance(expect, dict) and expect.get("parse_error") is not None:
            raise Skip("expects a parse error: the notation is the same under every edition")
        variant = data.get("variant")
        if variant is not None and variant not in self.target.variants:
            raise Skip(f"plays the {variant!r} variant, which {self.target.key} lacks")
        edition = source_edition(data, record)
        if edition != self.source.key:
            raise Skip(f"runs under {edition}, not {self.source.key}")
        catalogue = rule_catalogue()
        stated = [r for r in data.get("rules") or [] if self.target.key in catalogue.editions(r)]
        dropped = [r for r in data.get("rules") or [] if r not in stated]
        if only_stated and not stated:
            raise Skip(f"{self.target.key} states none of its rules ({', '.join(dropped)})")
        ported, tagged = self.record(record)
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key in _EDITION_KEYS or key == "record_file":
                continue
            if key == "title":
                value = f"{self.text(str(value))} ({self.target.key})"
            elif key == "rules":
                value = stated
            elif key == "notes" and isinstance(value, str):
                value = self.text(value)
            elif key == "record":
                value = ported
            elif key == "expect" and isinstance(value, dict):
                value = self.expect(value)
            out[key] = value
        out["record"] = ported
        if "edition" in data or not tagged:
            out["edition"] = self.target.key
        return out

    def expect(self, expect: dict[str, Any]) -> dict[str, Any]:
        out = dict(expect)
        if isinstance(out.get("state"), dict):
            out["state"] = {line: self.snapshot(s) for line, s in out["state"].items()}
        if "final" in out:
            out["final"] = self.snapshot(out["final"])
        if isinstance(out.get("findings"), list):
            # a pinned message names squares, buildings and sums as the target edition does
            out["findings"] = [
                {**f, "message": self.text(str(f["message"]))}
                if isinstance(f, dict) and f.get("message") is not None
                else f
                for f in out["findings"]
            ]
        return out


def tag_edition(record: str) -> str | None:
    """The edition a record's `[Edition]` tag names, if it has one."""
    m = re.search(r'^\s*\[Edition\s+"([^"]*)"\]', record, re.MULTILINE)
    return m[1] if m else None


def source_edition(data: Mapping[str, Any], record: str) -> str:
    """The edition a scenario's record is written for: its `edition:` key, else the record's
    `[Edition]` tag, else the default edition."""
    return str(data.get("edition") or tag_edition(record) or DEFAULT_EDITION)


@lru_cache(maxsize=32)
def porter(source: str, target: str) -> Porter:
    """The porter between two editions, made once."""
    return Porter(load_edition(source), load_edition(target))
