"""Setup lines: a record that starts mid-game (`setup Ann cash 1200 at …`, `setup bank …`,
`setup deck …`, `setup next Ann`).

`setup … jail N` puts the player in jail with their next turn being jail turn N (`jail` alone:
jail turn 1).
"""

from __future__ import annotations

from ..notation.events import SetupBank, SetupDeck, SetupNext, SetupPlayer
from .decks import hold_out, holder_of, stack
from .game import Game
from .names import card_of, resolve_player, resolve_square
from .obligations import flow_of


def on_setup_player(game: Game, ev: SetupPlayer) -> None:
    name = resolve_player(game, ev.player, ev.span)
    if name is None:
        return
    st = game.state
    p = st.player(name)
    rules = game.edition.rules
    if ev.cash is not None:
        p.cash = ev.cash
    if ev.position is not None:
        sq = resolve_square(game, ev.position, ev.span)
        if sq is not None:
            p.position = sq.index
    for h in ev.holdings:
        sq = resolve_square(game, h.square, h.span if h.span.line else ev.span)
        if sq is None:
            continue
        deed = st.deeds.get(sq.index)
        if deed is None:
            game.emit(
                "M900",
                f"{sq.name} has no deed: no one can own it",
                h.span if h.span.line else ev.span,
                None,
            )
            continue
        st.bank_houses += deed.houses
        st.bank_hotels += 1 if deed.hotel else 0
        deed.owner = name
        deed.houses = 0 if h.hotel else h.houses
        deed.hotel = h.hotel
        deed.mortgaged = h.mortgaged
        st.bank_houses -= deed.houses
        st.bank_hotels -= 1 if deed.hotel else 0
    for ref in ev.cards:
        card_id: str | None = None
        if ref is not None:
            card = card_of(game, ref, ev.span)
            if card is None:
                continue
            card_id = card.id
        else:
            card_id = _free_jail_card(game)
            if card_id is None:
                continue
        if card_id not in p.cards and holder_of(game, card_id) is None:
            p.cards.append(card_id)
            hold_out(game, card_id)
    if ev.jail_turns is not None:
        p.in_jail = True
        p.position = rules.jail_index
        p.jail_turns = max(ev.jail_turns - 1, 0)


def _free_jail_card(game: Game) -> str | None:
    for deck in game.edition.decks.values():
        for card in deck.cards:
            if card.kind == "get_out_of_jail_free" and holder_of(game, card.id) is None:
                return card.id
    return None


def on_setup_bank(game: Game, ev: SetupBank) -> None:
    if ev.houses is not None:
        game.state.bank_houses = ev.houses
    if ev.hotels is not None:
        game.state.bank_hotels = ev.hotels


def on_setup_deck(game: Game, ev: SetupDeck) -> None:
    ids: list[str] = []
    deck_key: str | None = None
    for ref in ev.cards:
        card = card_of(game, ref, ev.span)
        if card is None:
            return
        if deck_key is None:
            deck_key = card.deck
        elif card.deck != deck_key:
            game.emit(
                "M900",
                f"{card.id} is not a {game.edition.decks[deck_key].name} card: one setup deck "
                "line lists one deck",
                ev.span,
                None,
            )
            return
        ids.append(card.id)
    if deck_key is not None:
        stack(game, deck_key, ids)


def on_setup_next(game: Game, ev: SetupNext) -> None:
    name = resolve_player(game, ev.player, ev.span)
    if name is None:
        return
    flow_of(game).expected_next = name
    for seat, p in enumerate(game.state.players):
        if p.name == name:
            game.state.current = seat
