"""The money a record writes after a card, judged: decide, compare, follow (judge.py; CARD-02,
CF-65).

`card_decision` says what each reading makes a card's money: the sum of the card's dues (what
it pays or collects, from or to each player, the repairs) under the readings in force, and for
a repairs card on a player with hotels the figure of the other reading of CF-65 (a hotel at the
hotel rate alone, or plus the houses it replaced). `card_judged` sets the amount written
against it, files its one finding (A65 naming the reading it follows, or M405 with the right
figure) and has the replay move what the record wrote: a total over several players is spread
evenly, or at the card's amount in seat order (`_spread`).
"""

from __future__ import annotations

from ...editions.model import Card
from ...notation.events import CardDraw, Span
from ..core import judge, record
from ..core.board import buildings
from ..core.game import Game
from ..core.obligations import Due, settle_due


def repairs_figures(game: Game, card: Card, houses: int, hotels: int) -> tuple[int, int]:
    """What a repairs card charges under the CF-65 reading in force, and under the other: a
    hotel at the hotel rate alone (hotel-only), or plus the houses it replaced
    (hotel-and-houses)."""
    alone = houses * card.per_house + hotels * card.per_hotel
    replaced = alone + hotels * game.edition.rules.houses_before_hotel * card.per_house
    if game.ruling("CF-65") == "hotel-and-houses":
        return replaced, alone
    return alone, replaced


def _other_repairs_reading(game: Game) -> str:
    return "hotel-only" if game.ruling("CF-65") == "hotel-and-houses" else "hotel-and-houses"


def card_decision(game: Game, player: str, card: Card, money: list[Due]) -> judge.Decision:
    """What each reading makes the money of `card` drawn by `player`, whose dues are `money`:
    their sum, from the one payer to the one payee they share (None where several players pay
    or are paid, or the bank); and, for repairs on a player with hotels, the other CF-65
    reading's charge."""
    total = sum(d.amount or 0 for d in money)
    payers, payees = {d.payer for d in money}, {d.payee for d in money}
    payer = payers.pop() if len(payers) == 1 else None
    payee = payees.pop() if len(payees) == 1 else None
    right = judge.Outcome(total, payer, payee)
    houses, hotels = buildings(game.state, player)
    if card.kind != "repairs" or not hotels:
        return judge.Decision(right, "CARD-02")
    _, other = repairs_figures(game, card, houses, hotels)
    reading = _other_repairs_reading(game)
    alt = judge.Alternative("CF-65", reading, judge.Outcome(other, payer, payee))
    return judge.Decision(right, "CARD-02", (alt,))


def repairs_point(game: Game, player: str, card: Card, ev: CardDraw, follows: str | None) -> None:
    """CF-65: a repairs card on a player with hotels, the reading applied named, and the
    reading the amount written follows (`follows`; None: the record shows none)."""
    if card.kind != "repairs" or not buildings(game.state, player)[1]:
        return
    game.ambiguous("CF-65", _repairs_words(game, player, card), ev.span, "CARD-02", follows=follows)


def _repairs_words(game: Game, player: str, card: Card) -> str:
    houses, hotels = buildings(game.state, player)
    total, other = repairs_figures(game, card, houses, hotels)
    reading = game.ruling("CF-65")
    per = game.edition.rules.houses_before_hotel
    hotel, replaced = game.edition.word("hotel"), game.edition.word("houses")
    if reading == "hotel-and-houses":
        applied = f"each {hotel} with the {per} {replaced} it replaced"
        alt = f"reading hotel-only charges each {hotel} the {hotel} rate alone"
    else:
        applied = f"each {hotel} at the {hotel} rate alone"
        alt = f"reading hotel-and-houses adds the {per} {replaced} each {hotel} replaced"
    return (
        f"{card.id} charges {player} {game.money(total)}, {applied} (reading {reading}); "
        f"{alt}: {game.money(other)}"
    )


def card_judged(game: Game, player: str, card: Card, ev: CardDraw, money: list[Due]) -> None:
    """The amount written after `card` set against what each reading makes it, one finding
    filed for it, and the record followed."""
    recorded = ev.amount or 0
    if card.kind != "repairs" and recorded == sum(d.amount or 0 for d in money):
        # what `judge.judge` makes of an amount that agrees on a card no reading disputes
        # (nothing filed), without the decision, verdict and words made for it: most money
        # cards (2,900 over run.py's 200 games; benchmarks/README.md)
        _confirm(game, money)
        return
    decision = card_decision(game, player, card, money)
    verdict = judge.compare(game, decision, recorded)
    if verdict.kind == judge.BREAKS:
        repairs_point(game, player, card, ev, None)  # the amount follows neither reading

    def other(alt: judge.Alternative) -> str:
        return _repairs_words(game, player, card)

    def agree() -> None:
        repairs_point(game, player, card, ev, game.ruling("CF-65") if ev.amount else None)

    wrong = _wrong_words(game, card, money, recorded)
    judge.file(
        game,
        verdict,
        recorded,
        ev.span,
        decision.rule,
        judge.Words("M405", wrong, None, other, agree),
    )
    if verdict.kind == judge.AGREES:
        _confirm(game, money)
    elif len(money) == 1:
        handle = game.findings.last
        judge.follow(game, money[0], recorded, ev.span)
        if verdict.kind == judge.BREAKS:
            # a count may show the slip
            record.written_slip(game, money[0], judge.amount(verdict.right), handle)
    else:
        _spread(game, card, money, recorded, ev.span)


def _confirm(game: Game, money: list[Due]) -> None:
    """The record wrote the card's money as the replay derived it: each due stated, its ledger
    entry no longer derived."""
    for d in money:
        d.stated = True
        d.entry = game.confirm(d.entry)


def _even(money: list[Due], recorded: int) -> bool:
    """A total over several players that is not a whole number of the card's amounts but
    divides evenly among them: shared evenly (another edition's amount for each)."""
    per = money[0].amount or 0
    whole = bool(per) and recorded % per == 0 and all(d.amount == per for d in money)
    return not whole and recorded % len(money) == 0


def _wrong_words(game: Game, card: Card, money: list[Due], recorded: int) -> str:
    """M405's message: what the card moves, and over several players how the total written is
    replayed. A total in whole card amounts: that many players paid the card's amount (a player
    who had left paying too, gamescomputersplay/monopoly#7, or some left unpaid); else an even
    share; else the card's amount in seat order."""
    total = sum(d.amount or 0 for d in money)
    how = (
        "shared evenly"
        if _even(money, recorded)
        else "at the card's amount for each player in seat order as far as it goes"
        + (", the rest with the bank" if recorded > total else "")
    )
    return (
        f"{card.id} moves {game.money(total)}: {card.title}"
        + (f" ({money[0].reason})" if card.kind == "repairs" else "")
        + (
            f"; replayed as recorded: {game.money(recorded)} in all, {how}"
            if len(money) > 1
            else ""
        )
    )


def _spread(game: Game, card: Card, money: list[Due], recorded: int, span: Span) -> None:
    """A card's total over several players written as moved: shared evenly where it divides
    so, else the card's amount for each player in seat order until the total runs out, a rest
    beyond them with the bank. Before, the card's own amounts stood where the total did not
    divide evenly, and every player's count disagreed."""
    if _even(money, recorded):
        for d in money:
            settle_due(game, d, recorded // len(money), span)
        return
    left = recorded
    for d in money:
        part = min(d.amount or 0, left)
        settle_due(game, d, part, span)
        left -= part
    if left:
        pays = all(d.payer == money[0].payer for d in money)
        drawer = money[0].payer if pays else money[0].payee
        why = f"{card.id} as recorded, beyond the card's amounts"
        if pays:
            game.transfer(drawer, None, left, why, span)
        else:
            game.transfer(None, drawer, left, why, span)
