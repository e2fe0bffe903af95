"""The table after each event of a replay, kept compact (a signature), and how two tables
differ, in the words `monolog dispute` prints: what a ruling changed, player by player, deed by
deed, and in the bank's stock."""

from __future__ import annotations

from dataclasses import dataclass

from ..editions.model import Edition
from ..engine import GameState


# --------------------------------------------------------------------------- signatures
@dataclass(frozen=True, slots=True)
class PlayerSig:
    """One player's part of the table: what a ruling can change."""

    name: str
    cash: int
    position: int
    in_jail: bool
    jail_turns: int
    cards: tuple[str, ...]
    out: bool


@dataclass(frozen=True, slots=True)
class DeedSig:
    """One deed: owner, mortgage and buildings."""

    square: int
    owner: str | None
    mortgaged: bool
    houses: int
    hotel: bool


@dataclass(frozen=True, slots=True)
class Signature:
    """The table after one event, compact enough to keep one per event and compare fast."""

    players: tuple[PlayerSig, ...]
    deeds: tuple[DeedSig, ...]
    bank: tuple[int, int]


def signature(state: GameState) -> Signature:
    """The signature of `state` (plain values only: later changes to the state do not show)."""
    players = tuple(
        PlayerSig(
            p.name,
            p.cash,
            p.position,
            p.in_jail,
            p.jail_turns,
            tuple(p.cards),
            not p.active,
        )
        for p in state.players
    )
    deeds = tuple(
        DeedSig(d.square, d.owner, d.mortgaged, d.houses, d.hotel)
        for _, d in sorted(state.deeds.items())
    )
    return Signature(players, deeds, (state.bank_houses, state.bank_hotels))


# --------------------------------------------------------------------------- differences
@dataclass(frozen=True, slots=True)
class Difference:
    """One way the two tables (or the findings on one event) differ.

    `kind`: cash, position, jail, cards, out, owner, mortgage, buildings, bank, finding.
    `subject` is the player, the square or "bank"; `original` / `alternative` are the values on
    each side (for a finding: its code and message, or None on the side that lacks it).
    `delta` is alternative minus original for amounts, else None. `text` says it in one line.
    """

    kind: str
    subject: str
    original: object
    alternative: object
    delta: int | None
    text: str


def _building_words(houses: int, hotel: bool) -> str:
    if hotel:
        return "a hotel"
    if houses == 0:
        return "no buildings"
    return f"{houses} house{'s' if houses != 1 else ''}"


def state_differences(a: Signature, b: Signature, edition: Edition) -> list[Difference]:
    """How table `b` (alternative) differs from table `a` (original), player by player first,
    then deed by deed, then the bank's stock."""
    out: list[Difference] = []
    for pa, pb in zip(a.players, b.players, strict=True):
        out += _player_differences(pa, pb, edition)
    for da, db in zip(a.deeds, b.deeds, strict=True):
        out += _deed_differences(da, db, edition.squares[da.square].name)
    if a.bank != b.bank:
        (ha, ta), (hb, tb) = a.bank, b.bank
        out.append(
            Difference(
                "bank",
                "bank",
                {"houses": ha, "hotels": ta},
                {"houses": hb, "hotels": tb},
                None,
                f"bank stock {ha} houses, {ta} hotels -> {hb} houses, {tb} hotels",
            )
        )
    return out


def _player_differences(pa: PlayerSig, pb: PlayerSig, edition: Edition) -> list[Difference]:
    """How one player's part of the table differs: cash, square, jail, cards, in or out."""
    who, sq = pa.name, edition.squares
    out: list[Difference] = []
    if pa.cash != pb.cash:
        delta = pb.cash - pa.cash
        sign = "+" if delta > 0 else "-"
        out.append(
            Difference(
                "cash",
                who,
                pa.cash,
                pb.cash,
                delta,
                f"{who}'s cash {edition.money(pa.cash)} -> {edition.money(pb.cash)} "
                f"({sign}{edition.money(abs(delta))})",
            )
        )
    if pa.position != pb.position:
        before, after = sq[pa.position].name, sq[pb.position].name
        out.append(
            Difference("position", who, before, after, None, f"{who} on {before} -> {after}")
        )
    if pa.in_jail != pb.in_jail or pa.jail_turns != pb.jail_turns:
        before, after = _jail_words(pa), _jail_words(pb)
        out.append(Difference("jail", who, before, after, None, f"{who} {before} -> {after}"))
    if pa.cards != pb.cards:
        text = f"{who}'s jail cards {_cards(pa.cards)} -> {_cards(pb.cards)}"
        out.append(Difference("cards", who, list(pa.cards), list(pb.cards), None, text))
    if pa.out != pb.out:
        words = {True: "out of the game", False: "in the game"}
        text = f"{who} {words[pa.out]} -> {words[pb.out]}"
        out.append(Difference("out", who, pa.out, pb.out, None, text))
    return out


def _deed_differences(da: DeedSig, db: DeedSig, name: str) -> list[Difference]:
    """How one deed differs: owner, mortgage, buildings."""
    out: list[Difference] = []
    if da.owner != db.owner:
        text = f"{name} owned by {da.owner or 'the bank'} -> {db.owner or 'the bank'}"
        out.append(Difference("owner", name, da.owner, db.owner, None, text))
    if da.mortgaged != db.mortgaged:
        words = {True: "mortgaged", False: "unmortgaged"}
        text = f"{name} {words[da.mortgaged]} -> {words[db.mortgaged]}"
        out.append(Difference("mortgage", name, da.mortgaged, db.mortgaged, None, text))
    if (da.houses, da.hotel) != (db.houses, db.hotel):
        before = _building_words(da.houses, da.hotel)
        after = _building_words(db.houses, db.hotel)
        out.append(
            Difference(
                "buildings",
                name,
                {"houses": da.houses, "hotel": da.hotel},
                {"houses": db.houses, "hotel": db.hotel},
                None,
                f"{name} {before} -> {after}",
            )
        )
    return out


def _jail_words(p: PlayerSig) -> str:
    return f"in jail (turn {p.jail_turns})" if p.in_jail else "not in jail"


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else "none"
