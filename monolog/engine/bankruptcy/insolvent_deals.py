"""Deals made by a player who cannot pay a debt, and the bankruptcy that follows (CF-78).

A player short of a debt may deal to raise the money (BKR-01). When the deals do not raise it
and the player goes bankrupt all the same, the deeds they sold are not in the estate their
creditor receives. Whether such a deal stands is disputed: the texts let a debtor deal and set
no price (reading allowed); the wiki and answers to public rules questions say a deal made while
the debt cannot be met must pay it in full, or everything goes to the creditor (reading
must-cover). The deal is noted here when it is carried out, and named at the bankruptcy; the
record is followed either way: the receiver keeps the deeds. Only a replay that measures reading
must-cover (`monolog dispute`, follow.py's counterfactual) sets the deal aside at the bankruptcy:
the deeds the receiver still holds go back into the estate, and what the receiver gave for them
goes back to the receiver, so the estate the creditor takes is the one that reading gives.
"""

from __future__ import annotations

from ...notation.events import Span
from ..building.holdings import owner_word
from ..cards.two_readings import choice_judged
from ..core import judge
from ..core.game import Game
from ..core.pending_state import DealInDebt
from ..money.debts import open_debts


def owing(game: Game, giver: str, receiver: str) -> list[str | None]:
    """The creditors, other than `receiver`, of the debts `giver` has not paid (before a deal)."""
    debts = open_debts(game, giver)
    return list(dict.fromkeys(d.creditor for d in debts if d.creditor != receiver))


def note(
    game: Game,
    giver: str,
    receiver: str,
    deeds: list[int],
    creditors: list[str | None],
    span: Span,
    returned: list[tuple[str, object]] | None = None,
) -> None:
    """`giver`, owing `creditors` before the deal, has just handed `deeds` to `receiver` for
    `returned` (the receiver's side of the deal, as (kind, value) pairs): keep it if the deal
    left a debt unpaid."""
    if not deeds or not creditors or not open_debts(game, giver):
        return
    notes = game.insolvent_deals.notes
    names = [game.name(i) for i in deeds]
    notes.append(
        DealInDebt(
            giver,
            receiver,
            names,
            creditors,
            game.state.turn,
            span,
            tuple(deeds),
            tuple(returned or ()),
        )
    )


def at_bankruptcy(game: Game, debtor: str, creditors: list[str | None], span: Span) -> None:
    """`debtor` goes bankrupt owing `creditors`: name CF-78 for each deal they made this turn
    while owing one of them, which gave deeds to another player."""
    notes = game.insolvent_deals.notes
    mine = [
        n
        for n in notes
        if n.giver == debtor
        and n.turn == game.state.turn
        and any(c in creditors for c in n.creditors)
    ]
    for n in mine:
        notes.remove(n)
        owed = game.listing(list(dict.fromkeys(owner_word(game, c) for c in n.creditors)))
        reading = game.ruling("CF-78")
        sold = (
            f"{debtor} dealt {game.listing(n.deeds)} to {n.receiver} on line {n.span.line} "
            f"while owing {owed} more than they had, and the deal did not clear the debt"
        )
        if reading == "must-cover":
            message = (
                f"{sold}: a deal made while a debt cannot be met stands only if it pays the "
                f"debt (reading {reading}), so those deeds belonged to the estate; reading "
                f"allowed lets the deal stand and {n.receiver} keeps them"
            )
        else:
            message = (
                f"{sold}: the deal stands, as the texts let a debtor deal at any price "
                f"(reading {reading}); reading must-cover would have the deeds go with the "
                "estate"
            )
        _judged(game, message, span)
        # a replay measuring must-cover sets the deal aside before the estate is handed over
        if judge.measured(game, deal_in_debt_decision(game), True):
            _set_aside(game, n, span)


def deal_in_debt_decision(game: Game) -> judge.Decision:
    """CF-78: whether a deal a debtor made without clearing the debt stands at the bankruptcy
    (True under allowed: the receiver keeps the deeds; False under must-cover: they go with the
    estate). The record, going on with the receiver holding the deeds, is the figure `True`."""
    if game.ruling("CF-78") == "must-cover":
        other = judge.Alternative("CF-78", "allowed", judge.Choice(True))
        return judge.Decision(judge.Choice(False), "BKR-01", (other,))
    other = judge.Alternative("CF-78", "must-cover", judge.Choice(False))
    return judge.Decision(judge.Choice(True), "BKR-01", (other,))


def _judged(game: Game, message: str, span: Span) -> None:
    """The one A78 of a deal the record lets stand: agreeing under allowed, naming allowed
    under must-cover (also in a replay measuring must-cover, where the point arises)."""

    def name(follows: str) -> None:
        game.ambiguous("CF-78", message, span, "BKR-01", follows=follows)

    choice_judged(game, "CF-78", deal_in_debt_decision(game), True, span, name)


def _set_aside(game: Game, n: DealInDebt, span: Span) -> None:
    """Reading must-cover, in a replay measuring it: the deal is undone before the estate is
    handed over. The deeds the receiver still holds go back to the giver's estate, and the
    cash, cards and deeds the receiver gave go back to the receiver as far as the giver still
    holds them."""
    st = game.state
    for index in n.squares:
        deed = st.deeds.get(index)
        if deed is not None and deed.owner == n.receiver:
            deed.owner = n.giver
    giver = st.player(n.giver)
    receiver = st.player(n.receiver)
    for kind, value in n.returned:
        if kind == "cash" and isinstance(value, int) and value:
            game.transfer(n.giver, n.receiver, value, "a deal set aside (CF-78)", span)
        elif kind == "card" and isinstance(value, str) and value in giver.cards:
            giver.cards.remove(value)
            receiver.cards.append(value)
        elif kind == "square" and isinstance(value, int):
            deed = st.deeds.get(value)
            if deed is not None and deed.owner == n.giver:
                deed.owner = n.receiver
