"""Operators on cards and the bank's stock, written through `setup` lines, and on the 10% of an
inherited mortgage.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from monolog.notation import events as E

from ..base import (
    Analysis,
    Step,
    analyse,
    insert_line,
    join,
    span_text,
)
from .lines import build_line
from .model import Edit, operator
from .spots import (
    actor_of,
    counts_moved,
    is_between_turns,
    same_line_only,
)


def _draws(a: Analysis) -> list[tuple[Step, str]]:
    out = []
    for s in a.steps:
        if isinstance(s.event, E.CardDraw):
            try:
                out.append((s, a.edition.card(s.event.card.text).id))
            except Exception:
                continue
    return out


@operator("card-out-of-order", "M403", "CARD-03", "a card drawn out of the deck's known order")
def card_out_of_order(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    """A `setup deck` line naming the deck's first two cards the other way round: the first
    card drawn is then not the one known to be on top."""
    a = analyse(text)
    draws = _draws(a)
    decks = sorted({a.edition.card(c).deck for _s, c in draws})
    rng.shuffle(decks)
    for deck in decks:
        mine = [(s, c) for s, c in draws if a.edition.card(c).deck == deck]
        if len(mine) < 2:
            continue
        (s1, first), (_s2, second) = mine[0], mine[1]
        c1, c2 = a.edition.card(first), a.edition.card(second)
        if first == second or _same_effect(c1, c2):
            continue
        at = a.first_play_line()
        if s1.line < at:
            continue
        out = insert_line(a, at, f"setup deck {second}, {first}")
        return Edit(
            out,
            s1.line + 1,
            (at,),
            inserted=(at,),
            note=f"deck set up as {second}, {first}; {first} drawn first at line {s1.line}",
        )
    return None


def _same_effect(c1: object, c2: object) -> bool:
    keys = ("deck", "kind", "amount", "target", "target_kind", "rent_rule")
    return all(getattr(c1, k) == getattr(c2, k) for k in keys)


@operator("jail-card-held", "M404", "CARD-04", "a Get Out of Jail Free card drawn while held")
def jail_card_held(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    """A setup line giving a jail card, before play, to the player who first draws it: that
    draw is then of a card someone holds. The table after the draw is the same as in the base
    (the card out of the deck, in the drawer's hand), so nothing else changes. Not where an
    unnamed jail card is used or traded before that draw (which card it is would change)."""
    a = analyse(text)
    at = a.first_play_line()
    spots = []
    seen: set[str] = set()
    for s, card in _draws(a):
        if card in seen:
            continue
        seen.add(card)
        if a.edition.card(card).kind != "get_out_of_jail_free" or s.line < at:
            continue
        if any(card in p.cards for p in s.before.players.values()):
            continue
        if any(_unnamed_jail_card(t.event) for t in a.steps[: s.index]):
            continue
        spots.append((s, card))
    if not spots:
        return None
    s, card = rng.choice(spots)
    drawer = s.after.current
    out = insert_line(a, at, f"setup {drawer} goojf {card}")
    return Edit(
        out,
        s.line + 1,
        (at,),
        inserted=(at,),
        note=f"{drawer} holds {card} from the start; drawn at line {s.line}",
    )


def _unnamed_jail_card(ev: E.Event) -> bool:
    if isinstance(ev, E.UseJailCard):
        return ev.card is None
    if isinstance(ev, E.Deal):
        return any(
            i.kind == "card" and i.card is None
            for side in (ev.first, ev.second)
            for i in side.gives
        )
    return False


@operator(
    "bank-out-of-houses",
    "M608",
    "BLD-11",
    "a house bought when the bank has none left (the stock lowered on a setup line)",
)
def bank_out_of_houses(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    """The bank's stock lowered by the least number of houses it ever holds after play starts,
    and a legal one-house build inserted at a moment it holds that least number: that build
    finds the bank empty, every build of the record still finds its houses."""
    a = analyse(text)
    at = a.first_play_line()
    play = [s for s in a.steps if s.line >= at]
    if not play:
        return None
    low = min(s.after.bank_houses for s in play)
    low = min(low, min(s.before.bank_houses for s in play))
    if low <= 0:
        return None
    if any(isinstance(s.event, E.Sell) and _sells_hotel(s.event) for s in play):
        return None  # a hotel stepped down takes four houses from the bank
    spots = [s for s in play if is_between_turns(a, s) and s.before.bank_houses == low]
    rng.shuffle(spots)
    for s in spots:
        line = build_line(a, s, rng, _one_house)
        if line is None:
            continue
        total = play[0].before.bank_houses
        hotels = play[0].before.bank_hotels
        setup_line = f"setup bank houses {total - low} hotels {hotels}"
        lines = list(a.lines)
        lines.insert(s.line - 1, line)
        bank = next((ev for ev in events if isinstance(ev, E.SetupBank)), None)
        if bank is not None:
            # the record's own bank line is rewritten: a second one would be left out (W019)
            pot = f" pot {bank.pot}" if bank.pot is not None else ""
            at = bank.span.line
            lines[at - 1] = setup_line + pot
            return Edit(
                join(a, lines),
                s.line,
                (at, s.line),
                inserted=(s.line,),
                note=f"bank stock {total - low}; build at line {s.line}: {line}",
                warns=(("W013", at),),  # the stock lowered: the setup bank line does not add up
            )
        out = insert_line(a, at, setup_line, lines)
        build_at = s.line + 1
        return Edit(
            out,
            build_at,
            (at, build_at),
            inserted=(at, build_at),
            note=f"bank stock {total - low}; build at line {build_at}: {line}",
            warns=(("W013", at),),  # the stock lowered: the setup bank line does not add up
        )
    return None


def _sells_hotel(ev: E.Sell) -> bool:
    return any(i.hotel for i in ev.items)


def _one_house(a: Analysis, s: Step, p: str, g: tuple[int, ...]) -> tuple[int, str] | None:
    deeds = [s.before.deeds[i] for i in g]
    if any(d.mortgaged or d.hotel for d in deeds):
        return None
    low = min(d.houses for d in deeds)
    if low >= 4:
        return None
    site = next(i for i in g if s.before.deeds[i].houses == low)
    if s.before.players[p].cash < a.square(site).house_cost:
        return None
    return site, ""


@operator(
    "interest-forgotten",
    "M709",
    "MORT-07",
    "the 10% on a mortgaged deed received never paid",
)
def interest_forgotten(events: Sequence[E.Event], text: str, rng: random.Random) -> Edit | None:
    """An `interest` clause taken out: the receiver keeps the deed mortgaged without paying.
    The engine calls for the choice when the turn closes (the next turn line) and reports it
    at the line where the deed was received (the deal or the bankruptcy)."""
    a = analyse(text)
    spots = []
    for s in a.steps:
        if not isinstance(s.event, E.Interest) or not same_line_only(a, s):
            continue
        who = actor_of(a, s)
        close = a.next_turn_line(s)
        if who is None or close is None or not a.steady(s, {who: 0}):
            continue
        if len(s.event.squares) != 1:
            continue  # one M709 per deed: keep to one deed
        if any(isinstance(t.event, E.Unmortgage) and t.line < close for t in a.later(s)):
            continue  # lifting the mortgage later in the turn is the choice made
        before = a.steps[: a.steps.index(s)]
        receipt = next(
            (t for t in reversed(before) if isinstance(t.event, (E.Deal, E.Bankrupt))), None
        )
        if receipt is None:
            continue
        spots.append((s, receipt.line))
    if not spots:
        return None
    s, received = rng.choice(spots)
    ev = s.event
    who = actor_of(a, s)
    assert who is not None
    # nothing is paid in the replay, as recorded: the receiver's later counts keep the 10%
    paid = s.before.players[who].cash - s.after.players[who].cash
    moved = counts_moved(a, s, {who: -paid}, ev.span.end_column)
    if moved is None:
        return None
    lines, counts = moved
    line = lines[s.line - 1]
    start, end = ev.span.column - 1, ev.span.end_column - 1
    rest = (line[:start].rstrip() + " " + line[end:].lstrip()).rstrip()
    others = [t for t in a.steps if t.line == s.line and t is not s]
    actor_only = isinstance(ev, E.Action) and ev.actor is not None and not others
    if actor_only:
        comment = line.find(";")
        rest = line[comment:] if comment >= 0 else ""
    lines[s.line - 1] = rest
    return Edit(
        join(a, lines),
        received,
        tuple(sorted({s.line, *counts})),
        note=f"line {s.line}: `{span_text(a, ev.span)}` taken out",
    )
