"""Jail clauses: `jail`, `fine`, `goojf` (JAIL-01, JAIL-02, JAIL-04, JAIL-05, JAIL-09,
CARD-05, CF-08, CF-81 for a fine or card after a one-turn stay; CF-06 is judged in fine_timing,
CF-07 in card_for_fine). Rolls in jail are in `jail_rolls`.
"""

from __future__ import annotations

from ...notation.events import GoToJail, PayFine, UseJailCard
from ..cards.decks import return_card
from ..core import follow
from ..core.game import Game
from ..core.names import actor_of, card_of
from ..core.obligations import cancel_due, find_due, flow_of
from ..money.debts import note_payment
from ..turn.landing import send_to_jail
from .card_for_fine import card_for_fine_judged
from .fine_timing import after_throw_judged, before_throw_judged, between_turns_judged
from .fines import fine_judged
from .jail_rolls import kept_past_one_turn


def on_jail(game: Game, ev: GoToJail) -> None:
    """`jail`: confirms that something sent the player to jail, else an unexplained jailing."""
    player = actor_of(game, ev)
    if player is None:
        return
    flow = flow_of(game)
    p = game.state.player(player)
    if flow.jailed_by is not None and p.in_jail:
        follow.confirm(game, player)
        return
    earlier = flow.last_turn_doubles.get(player, 0)
    if game.state.doubles and earlier and game.state.doubles + earlier >= 3:
        # a run of doubles counted on from the player's last turn (DBL-05)
        n = game.state.doubles
        game.emit(
            "M501",
            f"nothing sends {player} to jail here: this is {player}'s "
            f"{'first' if n == 1 else 'second'} double in a row this turn, and the doubles of "
            f"{player}'s last turn do not count towards the third",
            ev.span,
            "DBL-05",
            recorded="jail",
        )
        send_to_jail(game, player, ev.span, "the record")
        return
    game.emit(
        "M501",
        f"nothing sends {player} to jail here: only the Go to Jail square, a Go to Jail card "
        "or a third double in a row do",
        ev.span,
        "JAIL-01",
        recorded="jail",
    )
    send_to_jail(game, player, ev.span, "the record")


def _release(game: Game, player: str, how: str) -> None:
    p = game.state.player(player)
    p.in_jail = False
    p.jail_turns = 0
    flow = flow_of(game)
    if player == flow.turn_player:
        flow.released = how


def on_fine(game: Game, ev: PayFine) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    flow = flow_of(game)
    fine = game.edition.rules.jail_fine
    p = game.state.player(player)
    follow.confirm(game, player)
    forced = find_due(game, "fine", player)
    if forced is not None:
        fine_judged(game, ev, player, forced)
        return
    amount = ev.amount if ev.amount is not None else fine
    if not p.in_jail:
        _fine_out_of_jail(game, ev, player, amount)
        return
    fine_judged(game, ev, player, None)
    # jailed during this very turn: that turn has ended for the jail count (CF-03), so the
    # payment is one made between turns
    jailed_now = player == flow.turn_player and flow.jail_try == 0
    if player != flow.turn_player or jailed_now:
        between_turns_judged(game, ev, player, jailed_now)
    else:
        _fine_on_jail_turn(game, ev, player, amount)
    game.transfer(player, None, amount, "jail fine", ev.span)
    note_payment(game, player, None, amount, "the jail fine", ev.span)
    _release(game, player, "fine")


def _fine_out_of_jail(game: Game, ev: PayFine, player: str, amount: int) -> None:
    """A fine written for a player not in jail: what let them out of a move out of jail the
    record made (M507, followed), a fine paid a turn late (A02), or no fine due (M503)."""
    flow = flow_of(game)
    if kept_past_one_turn(game, player, ev.span, f"pays the {game.money(amount)} fine"):
        # CF-81: the record kept the player in jail a turn longer, and this fine let them out
        game.transfer(player, None, amount, "jail fine", ev.span)
        note_payment(game, player, None, amount, "the jail fine", ev.span)
        flow.released = "fine"
        return
    if flow.released == "record" and player == flow.turn_player:
        # the record moved the player out of jail by a failed roll (M507, followed): the fine
        # written after it is what let them out at the table
        game.transfer(player, None, amount, "jail fine as recorded", ev.span)
        flow.released = "fine"
        return
    if player == flow.turn_player and follow.fine_paid_late(game, player):
        return  # CF-02: the fine taken at the failed last roll, paid a turn late (A02)
    visiting = game.state.player(player).position == game.edition.rules.jail_index
    game.emit(
        "M503",
        f"no fine is due: {player} is only visiting the jail, not in it"
        if visiting
        else f"no fine is due: {player} is not in jail",
        ev.span,
        "JAIL-03" if visiting else "JAIL-04",
        expected=0,
        recorded=amount,
    )
    game.transfer(player, None, amount, "jail fine as recorded", ev.span)


def _fine_on_jail_turn(game: Game, ev: PayFine, player: str, amount: int) -> None:
    """The fine paid on the player's own jail turn: before the throw (CF-06 says up to which
    jail turn), or after a failed throw (CF-06 and JAIL-09, judged in fine_timing)."""
    flow = flow_of(game)
    if flow.rolled:
        after_throw_judged(game, ev, player, flow.jail_try, amount)
        return
    if flow.jail_try > game.edition.rules.max_jail_turns:
        # the tries are spent, and the player was held for want of the fine (CF-08
        # stays-in-jail): this is the fine the stay waited for, which no reading of CF-06
        # (which of the three jail turns take it) is about
        return
    before_throw_judged(game, ev, player, flow.jail_try)


def on_goojf(game: Game, ev: UseJailCard) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    follow.confirm(game, player)
    p = game.state.player(player)
    card_id: str | None = None
    if ev.card is not None:
        card = card_of(game, ev.card, ev.span)
        if card is None:
            return
        card_id = card.id
        if card_id not in p.cards:
            game.emit(
                "M506",
                f"{player} does not hold {card_id}"
                + (f": {player} holds {', '.join(p.cards)}" if p.cards else ""),
                ev.span,
                "JAIL-05",
                expected=list(p.cards),
                recorded=card_id,
            )
            _released_without_card(game, player)
            return
    elif p.cards:
        card_id = p.cards[0]
    else:
        game.emit(
            "M506",
            f"{player} holds no Get Out of Jail Free card",
            ev.span,
            "JAIL-05",
            expected=[],
            recorded="goojf",
        )
        _released_without_card(game, player)
        return
    forced = find_due(game, "fine", player)
    if not p.in_jail and forced is None:
        if kept_past_one_turn(game, player, ev.span, f"plays {card_id}"):
            # CF-81: the record kept the player in jail a turn longer, and the card let them out
            p.cards.remove(card_id)
            return_card(game, card_id)
            flow_of(game).released = "card"
            return
        visiting = p.position == game.edition.rules.jail_index
        game.emit(
            "M503",
            f"{player} is {'only visiting the jail, ' if visiting else ''}not in jail: a Get Out "
            "of Jail Free card is used only to leave jail",
            ev.span,
            "JAIL-03" if visiting else "JAIL-05",
            recorded=card_id,
        )
        # reported; the card was played at the table, so it leaves the hand for its deck
        p.cards.remove(card_id)
        return_card(game, card_id)
        return
    if forced is not None:
        if not card_for_fine_judged(game, ev, player, card_id, forced):
            return  # a replay measuring card-before-roll-only: the fine stays due in cash
        cancel_due(game, forced)
    p.cards.remove(card_id)
    return_card(game, card_id)
    _release(game, player, "card")


def _released_without_card(game: Game, player: str) -> None:
    """The record has `player` leave jail by a card they do not hold (reported, M506): the card
    cannot change hands, but the release happened at the table, so the replay follows it (a
    fine a failed third throw made due is not owed either)."""
    forced = find_due(game, "fine", player)
    if forced is not None:
        cancel_due(game, forced)
    if game.state.player(player).in_jail or forced is not None:
        _release(game, player, "card")
