"""Chance and Community Chest: drawing and carrying out every card (CARD-01..06, MOVE-03,
MOVE-05, CF-12, CF-55).

Movement cards move the token at once and the square reached is dealt with as a landing
(CARD-06, card_moves.py); the record's `-> Square` is then a check. Money cards are dues:
derived at once, the amount the record writes after the card id judged against them
(card_amounts.py). Which card may come up is the deck's (decks.py, CF-79).
"""

from __future__ import annotations

from ...editions.model import Card
from ...notation.events import CardDraw, Reshuffle, Span
from ..core import follow, judge
from ..core.board import buildings
from ..core.game import Game
from ..core.names import actor_of, card_of
from ..core.obligations import (
    Draw,
    Due,
    apply_due,
    cancel_due,
    flow_of,
)
from ..core.skipped import not_replayed
from ..money.salary import card_salary_not_due, salary_judged, unpaid_card_salary
from ..turn.landing import send_to_jail
from ..turn.moves import card_salary_written
from .card_amounts import card_judged, repairs_figures, repairs_point
from .card_landings import second_draw_note
from .card_moves import MOVING_KINDS, move_by_card
from .decks import draw, reshuffle
from .two_readings import choice_judged


def _deck_drawn(game: Game, pending: Draw | None, choice: Due | None, player: str) -> str | None:
    """The deck `player` is to draw from, if known: the card square reached, else the deck a
    "pay a fine or take a card" card offers. Card titles are looked up there first."""
    if pending is not None and pending.player == player:
        return pending.deck
    if choice is not None and choice.player == player and choice.card is not None:
        return game.edition.card(choice.card).draw_deck
    return None


def on_card(game: Game, ev: CardDraw) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    flow = flow_of(game)
    card = card_of(game, ev.card, ev.span, _deck_drawn(game, flow.draw, flow.choice, player))
    if card is None:
        return
    pending = flow.draw
    pos = game.state.player(player).position
    deck_name = game.edition.decks[card.deck].name
    choice = flow.choice
    if choice is not None and choice.player == player and choice.card is not None:
        # "pay a fine or take a card": the card may be taken in place of the fine
        flow.choice = None
        chosen = game.edition.card(choice.card)
        offered = game.edition.decks[chosen.draw_deck or ""].name if chosen.draw_deck else "?"
        if pending is not None:
            pass  # a card square reached since: that draw is the one checked below
        elif choice.stated:
            game.emit(
                "M402",
                f"{player} paid the fine of {chosen.id} and takes no card for it",
                ev.span,
                "CARD-02",
                recorded=card.id,
            )
            pending = Draw(player, card.deck, pos, ev.span)  # reported once
        elif chosen.draw_deck != card.deck:
            game.emit(
                "M402",
                f"{chosen.id} lets {player} take a {offered} card in place of the fine, not "
                f"{card.id} ({deck_name})",
                ev.span,
                "CARD-02",
                expected=offered,
                recorded=card.id,
            )
            cancel_due(game, choice)
            pending = Draw(player, card.deck, pos, ev.span)
        else:
            cancel_due(game, choice)  # the player took a card instead of paying
            pending = Draw(player, card.deck, pos, ev.span)
    if pending is None:
        game.emit(
            "M402",
            f"{player} is on {game.name(pos)}: no card is drawn there",
            ev.span,
            "CARD-01",
            recorded=card.id,
        )
    elif pending.deck != card.deck:
        want = game.edition.decks[pending.deck].name
        game.emit(
            "M402",
            f"{player} is on {game.name(pending.square)} and draws a {want} card, not "
            f"{card.id} ({deck_name})",
            ev.span,
            "CARD-01",
            expected=want,
            recorded=card.id,
        )
    flow.draw = None
    if pending is not None and pending.moved_by is not None and pending.deck == card.deck:
        second_draw_note(game, pending, ev.span, drawn=True)
    if not draw(game, card, ev.span):
        return
    if follow.card_ignored(game, player, card, ev.span):
        return
    flow.current_card = card.id
    dues_before = len(flow.dues)
    moved = carry_out(game, player, card, ev.span)
    mine = [d for d in flow.dues[dues_before:] if d.card == card.id or d.kind == "salary"]
    if ev.amount is not None:
        _check_amount(game, player, card, ev, mine, moved)
    else:
        repairs_point(game, player, card, ev, None)  # CF-65: no amount written, no choice shown


def on_reshuffle(game: Game, ev: Reshuffle) -> None:
    """`reshuffle Chance`: a deck shuffled during play (CF-76). No edition reshuffles: a used
    card goes under its deck, so the order comes round again (reading cycle). The record is
    followed either way: the deck's order starts again unknown."""
    player = actor_of(game, ev)
    if player is None:
        return
    decks = game.edition.decks
    key: str | None = None
    if ev.deck is not None:
        text = ev.deck.text.casefold()
        key = next((k for k, d in decks.items() if text in (k.casefold(), d.name.casefold())), None)
        if key is None:
            names = " or ".join(d.name for d in decks.values())
            game.emit("M900", f'no deck "{ev.deck.text}": the decks are {names}', ev.span, None)
            return
    else:
        flow = flow_of(game)
        key = _deck_drawn(game, flow.draw, flow.choice, player)
        if key is None:
            game.emit(
                "M900",
                f"a reshuffle that names no deck, where {player} is to draw no card: name the "
                "deck (reshuffle Chance)",
                ev.span,
                None,
            )
            return
    name = decks[key].name
    reading = game.ruling("CF-76")
    if reading == "cycle":
        message = (
            f"the {name} deck is reshuffled during play: a used card goes under its deck, so "
            f"the order comes round again and no reshuffle is needed (reading {reading}); "
            "reading reshuffle lets a table or program shuffle it again, as here"
        )
    else:
        message = (
            f"the {name} deck is reshuffled during play, as a table or program may when it runs "
            f"through (reading {reading}); reading cycle keeps the order, used cards going under"
        )

    def named(follows: str) -> None:
        game.ambiguous("CF-76", message, ev.span, "CARD-03", follows=follows)

    choice_judged(game, "CF-76", reshuffle_decision(game), True, ev.span, named)
    reshuffle(game, key)


def reshuffle_decision(game: Game) -> judge.Decision:
    """CF-76: whether a deck is reshuffled during play (True under reshuffle; under cycle, which
    every shipped edition's text settles, the order comes round again). The record's
    `reshuffle` is the figure `True`, followed whatever the verdict."""
    if game.ruling("CF-76") == "reshuffle":
        other = judge.Alternative("CF-76", "cycle", judge.Choice(False))
        return judge.Decision(judge.Choice(True), "CARD-03", (other,))
    other = judge.Alternative("CF-76", "reshuffle", judge.Choice(True))
    return judge.Decision(judge.Choice(False), "CARD-03", (other,))


def _check_amount(
    game: Game, player: str, card: Card, ev: CardDraw, dues: list[Due], moved: bool
) -> None:
    money = [d for d in dues if d.kind == "card"]
    if not money:
        salary = [d for d in dues if d.kind == "salary"]
        if moved and salary:
            salary_judged(game, salary[0], ev.amount, ev.span)
            return
        if moved and card_salary_written(game, player, ev.amount, ev.span):
            return
        if moved and unpaid_card_salary(game, player, ev.amount, ev.span):
            return  # CF-12: nothing written for a move past GO, as dice-moves-only has it
        if moved and card_salary_not_due(game, player, ev.amount, ev.span):
            return  # CF-12: an amount no reading gives for a move past GO (M106)
        game.emit(
            "W007",
            f"{card.id} moves no money itself; "
            + not_replayed(f"the amount {game.money(ev.amount or 0)} after it moves nothing"),
            ev.span,
            "CARD-02",
            expected=None,
            recorded=ev.amount,
        )
        return
    card_judged(game, player, card, ev, money)


def carry_out(game: Game, player: str, card: Card, span: Span) -> bool:
    """Apply a card's effect for `player`. True when the card moved the token."""
    kind = card.kind
    if kind in MOVING_KINDS:
        move_by_card(game, player, card, span)
        return True
    if kind == "go_to_jail":
        send_to_jail(game, player, span, f"card {card.id}")
    elif kind == "get_out_of_jail_free":
        game.state.player(player).cards.append(card.id)
    else:
        _money_card(game, player, card, span)
    return False


def _money_card(game: Game, player: str, card: Card, span: Span) -> None:
    """A card that moves money: its dues are made at once (CARD-02)."""
    kind, amount = card.kind, card.amount
    if kind in ("pay_each_player", "collect_from_each_player"):
        _each_player(game, player, card, span)
    elif kind == "collect":
        _due(
            game,
            player,
            None,
            player,
            amount,
            f"{card.id} pays {player} {game.money(amount)}",
            card,
            span,
        )
    elif kind == "pay":
        _due(
            game, player, player, None, amount, f"{card.id} costs {game.money(amount)}", card, span
        )
    elif kind == "repairs":
        _repairs_due(game, player, card, span)
    elif kind == "pay_or_draw":
        why = f"{card.id} costs {game.money(amount)} unless a card is taken instead"
        flow_of(game).choice = _due(game, player, player, None, amount, why, card, span)
    else:
        raise ValueError(f"the card kind {kind!r} of {card.id} ({card.title}) is not known")


def _each_player(game: Game, player: str, card: Card, span: Span) -> None:
    """A card that pays each other player, or collects from each (CARD-02): a due for each."""
    amount = card.amount
    others = [q.name for q in game.state.players if q.active and q.name != player]
    if card.kind == "pay_each_player":
        each = f"{card.id}: {game.money(amount)} to {_each(len(others), 'other player')}"
        for other in others:
            _due(game, player, player, other, amount, each, card, span)
    else:
        each = f"{card.id}: {game.money(amount)} from {_each(len(others), 'other player')}"
        for other in others:
            _due(game, player, other, player, amount, each, card, span)


def _repairs_due(game: Game, player: str, card: Card, span: Span) -> None:
    """A repairs card: so much a house and so much a hotel the player owns (CF-65)."""
    houses, hotels = buildings(game.state, player)
    total, _ = repairs_figures(game, card, houses, hotels)
    hw = game.edition.word("house" if houses == 1 else "houses")
    tw = game.edition.word("hotel" if hotels == 1 else "hotels")
    per_hotel = f"{game.money(card.per_hotel)}"
    if hotels and game.ruling("CF-65") == "hotel-and-houses":
        per_hotel += f" plus the {game.edition.rules.houses_before_hotel} houses it replaced"
    why = f"{houses} {hw} at {game.money(card.per_house)} and {hotels} {tw} at {per_hotel}"
    _due(game, player, player, None, total, why, card, span)


def _due(
    game: Game,
    player: str,
    payer: str | None,
    payee: str | None,
    amount: int,
    reason: str,
    card: Card,
    span: Span,
) -> Due:
    return apply_due(
        game, Due("card", player, payer, payee, amount, reason, "CARD-02", span, card=card.id)
    )


def _each(count: int, noun: str) -> str:
    """ "the one other player" for one, "each of the 3 other players" for more."""
    return f"the one {noun}" if count == 1 else f"each of the {count} {noun}s"
