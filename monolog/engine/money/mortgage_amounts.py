"""The amounts written on mortgage lines checked (MORT-02, MORT-03, MORT-07, MORT-08, CF-34,
CF-35): each deed's 10% is rounded as CF-34 says and taken on the base CF-35 says, and a written
amount another reading gives is that disputed point, not a wrong amount (mortgages.py).
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Interest, Mortgage, Unmortgage
from ..building.holdings import ROUNDING_WORDS, percent_of, rounded_percent
from ..core.game import Game


def check_amount(
    game: Game,
    ev: Mortgage | Unmortgage | Interest,
    derived: int,
    others: dict[str, int],
    what: str,
    other_base: int | None = None,
) -> int:
    """Compare a written amount with the derived one; return the amount that moved.

    `others` holds the amount under each other CF-34 rounding: a record matching one is the
    disputed rounding (A34), not a wrong amount. `other_base` is the amount with the 10% taken
    on the other base of CF-35 (the printed price, or the mortgage value): a record matching it
    follows that reading (A35).
    """
    if ev.amount is None or ev.amount == derived:
        return derived
    code = {Mortgage: "M704", Unmortgage: "M706", Interest: "M708"}[type(ev)]
    rule = {Mortgage: "MORT-02", Unmortgage: "MORT-03", Interest: "MORT-07"}[type(ev)]
    follows = next((r for r, figure in others.items() if figure == ev.amount), None)
    if follows is not None:
        reading = game.ruling("CF-34")
        game.ambiguous(
            "CF-34",
            f"{what} is {game.money(derived)} with each 10% rounded "
            f"{ROUNDING_WORDS[reading]} (reading {reading}); reading {follows} gives the "
            f"{game.money(ev.amount)} recorded",
            ev.span,
            rule,
            follows=follows,
        )
    elif other_base is not None and ev.amount == other_base:
        reading = game.ruling("CF-35")
        base = "the mortgage value" if reading == "mortgage-value" else "the printed price"
        follows = "printed-price" if reading == "mortgage-value" else "mortgage-value"
        if reading == game.edition.readings.get("CF-35"):
            # the matrix reads every text as taking the 10% on the mortgage value: the other
            # base stays a wrong amount there, and the message names the reading it follows
            game.emit(
                code,
                f"{what} is {game.money(derived)}, not {game.money(ev.amount)}: "
                f"{game.money(ev.amount)} takes the 10% on the printed price (CF-35, reading "
                f"{follows}), and the rules take it on {base}",
                ev.span,
                "MORT-08",  # what the 10% is taken from
                expected=derived,
                recorded=ev.amount,
                data={"cf": "CF-35", "follows": follows},
            )
            return ev.amount
        game.ambiguous(
            "CF-35",
            f"{what} is {game.money(derived)} with the 10% taken on {base} (reading "
            f"{reading}); reading {follows} gives the {game.money(ev.amount)} recorded",
            ev.span,
            rule,
            follows=follows,
        )
    else:
        game.emit(
            code,
            f"{what} is {game.money(derived)}, not {game.money(ev.amount)}",
            ev.span,
            rule,
            expected=derived,
            recorded=ev.amount,
        )
    return ev.amount


def other_base(game: Game, squares: list[Square], lift: bool) -> int:
    """The same amount with the 10% taken on the other CF-35 base (mortgage value <-> price)."""
    on_price = game.ruling("CF-35") != "printed-price"
    pct = game.edition.rules.mortgage_interest_percent
    total = 0
    for sq in squares:
        ten = percent_of(game, sq.price if on_price else sq.mortgage_value, pct)
        total += ten + (sq.mortgage_value if lift else 0)
    return total


def other_roundings(game: Game, squares: list[Square], lift: bool) -> dict[str, int]:
    """The same amount under each CF-34 reading other than the one in force."""
    pct = game.edition.rules.mortgage_interest_percent
    on_price = game.ruling("CF-35") == "printed-price"
    totals: dict[str, int] = {}
    for reading in ROUNDING_WORDS:
        if reading == game.ruling("CF-34"):
            continue
        totals[reading] = sum(
            rounded_percent(sq.price if on_price else sq.mortgage_value, pct, reading)
            + (sq.mortgage_value if lift else 0)
            for sq in squares
        )
    return totals
