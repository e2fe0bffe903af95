"""The deck audit (CARD-01, CARD-03..05, CF-55).

A deck is a queue, top first. At the start every place holds an unknown card (the deck was
shuffled). Each card drawn goes under the deck, so its place becomes known; a kept Get Out of
Jail Free card leaves the deck until it is used, then goes under its own deck. Once every place
is known the order is known, and each later draw must be the card on top. Before that, a card
can only come up from an unknown place: a card seen earlier lies under the deck with others
above it. A draw out of the order known so far, in full or in part, says the table's deck is
not in that order (it was shuffled again, say): reported once (M403), then the order is taken as
unknown and learned again from the draws, so the record's deck is followed and the cards seen
before are not each out of order again.
"""

from __future__ import annotations

import re

from ...editions.model import Card
from ...findings.model import Finding
from ...notation.events import Span
from ..core import judge
from ..core.game import Game
from ..core.skipped import not_replayed
from ..core.state import DeckState
from .two_readings import choice_judged

_COPY_MARK = re.compile(r"\s*\(\d+ of \d+\)\s*$")
# the first out-of-sequence draw of each deck's run lives in `game.decks`
# (pending_state.DeckState)


def _equivalent(game: Game, a: str, b: str) -> bool:
    """Two copies of the same card (CARD-03): the data marks copies with "(1 of 2)" titles.

    Cards that merely have the same effect (three "collect 100" Community Chest cards) are
    different cards with places of their own in the deck; only marked copies are interchangeable.
    """
    if a == b:
        return True
    ca, cb = game.edition.card(a), game.edition.card(b)
    if not (_COPY_MARK.search(ca.title) and _COPY_MARK.search(cb.title)):
        return False
    same_title = _COPY_MARK.sub("", ca.title) == _COPY_MARK.sub("", cb.title)
    return same_title and (
        ca.deck,
        ca.kind,
        ca.amount,
        ca.target,
        ca.target_kind,
        ca.rent_rule,
    ) == (
        cb.deck,
        cb.kind,
        cb.amount,
        cb.target,
        cb.target_kind,
        cb.rent_rule,
    )


def holder_of(game: Game, card_id: str) -> str | None:
    for p in game.state.players:
        if card_id in p.cards:
            return p.name
    return None


def draw(game: Game, card: Card, span: Span) -> bool:
    """Take `card` from the top of its deck, checking the known order. False if it is held.

    Under CF-79 reading with-replacement each card is drawn at random from the whole deck (a
    held jail card aside), so no draw breaks a rule: the order is still worked out from the
    draws, only to name (A79) each draw that a deck dealt from the top would not allow."""
    deck = game.state.decks[card.deck]
    holder = holder_of(game, card.id)
    if holder is not None:
        game.emit(
            "M404",
            f"{card.id} cannot be drawn: {holder} holds it until it is used or sold; "
            + not_replayed(f"the card stays with {holder}"),
            span,
            "CARD-04",
            recorded=card.id,
        )
        return False
    slots = deck.slots
    top = slots[0] if slots else None
    broken = game.decks.broken
    root = broken.pop(card.deck, None)  # kept below only when this draw is out of order too
    if top is not None and _equivalent(game, top, card.id):
        if top != card.id:
            # the two copies are told apart only by the record: swap their names
            slots[slots.index(card.id) if card.id in slots else 0] = top
        slots.pop(0)
    elif top is None and card.id not in slots:
        if slots:
            slots.pop(0)
    else:
        rule = "CARD-05" if top is None and card.kind == "get_out_of_jail_free" else "CARD-03"
        decision = draw_order_decision(game, rule)
        verdict = judge.compare_arising(game, decision, True)
        if verdict.kind == judge.BREAKS:  # CF-79 settled: from the top of the deck only
            broken[card.deck] = _out_of_sequence(game, card, deck, span, root)
        else:
            _drawn_at_random(game, card, deck, span, decision)
        # the table's deck is not in the order the draws had shown (shuffled again, say, or
        # drawn at random): the order is learned again from here, as a cash count re-bases
        # after a W001, so the draws that follow are judged by the record's deck, not by the
        # broken order (before, every card seen earlier was out of order again, up to a whole
        # deck's cycle of M403)
        if card.id in slots:
            slots.remove(card.id)
        elif None in slots:
            slots.remove(None)
        slots[:] = [None] * len(slots)
    deck.drawn.append(card.id)
    if card.kind == "get_out_of_jail_free":
        deck.held_out.append(card.id)
    else:
        slots.append(card.id)
    _update_known(deck)
    return True


def _out_of_sequence(
    game: Game, card: Card, deck: DeckState, span: Span, root: Finding | None
) -> Finding:
    """M403: a draw the deck's order does not allow, where the edition's text has every card
    drawn from the top (CF-79 settled). Returns the first finding of the run it belongs to."""
    name = game.edition.decks[card.deck].name
    slots = deck.slots
    top = slots[0] if slots else None
    rebase = bool(deck.known)
    if top is not None:
        message = (
            f"out of sequence: the next {name} card is {top}, the order being known since "
            "every card has been seen; replayed as recorded: the deck's order is taken as "
            "unknown from here, and learned again from the draws"
            if rebase
            else f"out of sequence: the next {name} card is {top}"
        )
        expected: str | None = top
    else:
        message = _too_soon(game, card, deck)
        expected = None
    # a jail card that came up again before its turn: a used one goes under its deck
    jail_card = top is None and card.kind == "get_out_of_jail_free"
    if jail_card:
        message += f", as a used {game.edition.word('goojf')} card goes to the bottom"
    if not rebase:
        message += "; replayed as recorded: the deck's order is learned again from the draws"
    finding = game.emit(
        "M403",
        message,
        span,
        "CARD-05" if jail_card else "CARD-03",
        expected=expected,
        recorded=card.id,
        caused_by=root,
    )
    return root or finding


def _too_soon(game: Game, card: Card, deck: DeckState) -> str:
    """Why a card seen before cannot be on top yet: the cards still above it."""
    name = game.edition.decks[card.deck].name
    above = deck.slots.index(card.id)
    return (
        f"{card.id} cannot come up yet: it went under the {name} deck and {above} "
        f"card{'s' if above != 1 else ''} still lie above it"
    )


def draw_order_decision(game: Game, rule: str) -> judge.Decision:
    """CF-79: whether a card the deck's order does not allow may come up (the record drew it:
    the figure `True`): not under from-the-deck, the top card coming up alone; under
    with-replacement every card of the deck may. Where the edition's text settles the point the
    other reading is not listed, and such a draw is M403 (`_out_of_sequence`)."""
    settled = game.text_settles("CF-79")
    if game.ruling("CF-79") == "with-replacement":
        other = judge.Alternative("CF-79", "from-the-deck", judge.Choice(False))
        return judge.Decision(judge.Choice(True), rule, () if settled else (other,))
    other = judge.Alternative("CF-79", "with-replacement", judge.Choice(True))
    return judge.Decision(judge.Choice(False), rule, () if settled else (other,))


def _drawn_at_random(
    game: Game, card: Card, deck: DeckState, span: Span, decision: judge.Decision
) -> None:
    """CF-79 open: a draw the deck's order does not allow but the whole deck does. The record
    draws at random from the whole deck (reading with-replacement); the replay follows it, and
    A79 says whether that is the reading in force."""
    name = game.edition.decks[card.deck].name
    top = deck.slots[0] if deck.slots else None
    why = f"the next {name} card is {top}" if top is not None else _too_soon(game, card, deck)
    reading = game.ruling("CF-79")
    if reading == "with-replacement":
        message = (
            f"{card.id} comes up where the {name} deck's order would not allow it ({why}): each "
            f"card is drawn at random from the whole deck (reading {reading}); reading "
            "from-the-deck deals every card of a deck once before any comes up again"
        )
    else:
        message = (
            f"{card.id} comes up out of the {name} deck's order ({why}): a drawn card goes "
            f"under its deck (reading {reading}); reading with-replacement draws each card at "
            "random from the whole deck, as here"
        )

    def named(follows: str) -> None:
        game.ambiguous("CF-79", message, span, decision.rule, follows=follows)

    choice_judged(game, "CF-79", decision, True, span, named)


def return_card(game: Game, card_id: str) -> None:
    """A used (or surrendered) Get Out of Jail Free card goes under its own deck (CARD-05)."""
    card = game.edition.card(card_id)
    deck = game.state.decks[card.deck]
    if card_id in deck.held_out:
        deck.held_out.remove(card_id)
    if card_id not in deck.slots:
        if None in deck.slots and len(deck.slots) + len(deck.held_out) > len(deck.cards):
            deck.slots.remove(None)
        deck.slots.append(card_id)
    _update_known(deck)


def hold_out(game: Game, card_id: str) -> None:
    """A card a player holds from the start of the record: out of the deck (setup)."""
    card = game.edition.card(card_id)
    deck = game.state.decks[card.deck]
    if card_id in deck.held_out:
        return
    if card_id in deck.slots:
        deck.slots.remove(card_id)
    elif None in deck.slots:
        deck.slots.remove(None)
    deck.held_out.append(card_id)
    _update_known(deck)


def stack(game: Game, deck_key: str, top: list[str]) -> None:
    """A known order from the top (setup deck): the rest of the deck stays unknown."""
    deck = game.state.decks[deck_key]
    rest = len(deck.cards) - len(deck.held_out) - len(top)
    deck.slots = [*top, *([None] * max(rest, 0))]
    _update_known(deck)


def reshuffle(game: Game, deck_key: str) -> None:
    """The deck shuffled again (CF-76 reshuffle): every card in it is in an unknown place once
    more; held jail cards stay out."""
    deck = game.state.decks[deck_key]
    deck.slots = [None] * (len(deck.cards) - len(deck.held_out))
    deck.drawn = []
    _update_known(deck)


def _update_known(deck: DeckState) -> None:
    deck.known = None not in deck.slots
