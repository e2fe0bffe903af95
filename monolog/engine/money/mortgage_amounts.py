"""The amounts written on mortgage lines, judged: decide, compare, follow (judge.py; MORT-02,
MORT-03, MORT-07, MORT-08, CF-34, CF-35, and CF-36 for a mortgage received in a bankruptcy lifted
on receipt).

`amount_decision` says what each reading makes the amount of a line: the mortgage value lent
(no point sets another figure), or the cost of lifting and the 10% on deeds received, each
deed's 10% rounded as CF-34 says and taken on the base CF-35 says. A written amount another
reading gives is that disputed point (A34, A35), not a wrong amount (M704, M706, M708).

CF-35 is open only under a ruling that changes the edition's reading: the rules matrix reads
every text as taking the 10% on the mortgage value, so under the edition's own reading the
figure on the printed price is a wrong amount whose message names the reading it follows.
The replay moves the amount written (mortgages.py).
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Interest, Mortgage, Unmortgage
from ..building.holdings import ROUNDING_WORDS, interest, lift_cost, percent_of, rounded_percent
from ..core import judge
from ..core.game import Game

_CODES = {Mortgage: "M704", Unmortgage: "M706", Interest: "M708"}
_RULES = {Mortgage: "MORT-02", Unmortgage: "MORT-03", Interest: "MORT-07"}
_WHAT = {
    Mortgage: "the mortgage value",
    Unmortgage: "lifting the mortgage",
    Interest: "the 10% due",
}


def amount_decision(
    game: Game,
    ev: Mortgage | Unmortgage | Interest,
    actor: str,
    squares: list[Square],
    added: int = 0,
) -> judge.Decision:
    """What each reading makes the amount of the line on `squares`: the mortgage value the bank
    lends `actor`; or what `actor` pays to lift the mortgages (plus `added`, the further 10%
    of CF-36 one-twenty applied) or as the 10% on deeds received, with the figure of each other
    CF-34 rounding and, where the point is open, of the other CF-35 base."""
    if isinstance(ev, Mortgage):
        lent = sum(sq.mortgage_value for sq in squares)
        return judge.Decision(judge.Outcome(lent, None, actor), "MORT-02")
    lift = isinstance(ev, Unmortgage)
    right = sum(lift_cost(game, sq) if lift else interest(game, sq) for sq in squares) + added
    others = [
        judge.Alternative("CF-34", reading, judge.Outcome(figure + added, actor))
        for reading, figure in other_roundings(game, squares, lift).items()
    ]
    if _base_open(game):
        figure = other_base(game, squares, lift) + added
        others.append(judge.Alternative("CF-35", _other_base(game), judge.Outcome(figure, actor)))
    return judge.Decision(judge.Outcome(right, actor), _RULES[type(ev)], tuple(others))


def receipt_lift_decision(
    game: Game, actor: str, squares: list[Square], received: list[Square]
) -> judge.Decision:
    """CF-36: what `actor` pays to lift the mortgages on `squares` where `received` came in a
    bankruptcy and are lifted on receipt: the mortgage plus 10% each (one-ten), with a further
    10% on each deed received (one-twenty), under the reading in force (BKR-06); the other
    reading's sum; and where CF-35 is open, each reading's sum with the 10% on the other base
    (the reading in force's as CF-35's alternative, the other's as CF-36's)."""
    one_ten = sum(lift_cost(game, sq) for sq in squares)
    sums = {"one-ten": one_ten, "one-twenty": one_ten + sum(interest(game, sq) for sq in received)}
    reading = game.ruling("CF-36")
    other = "one-twenty" if reading == "one-ten" else "one-ten"
    others = [judge.Alternative("CF-36", other, judge.Outcome(sums[other], actor))]
    if _base_open(game):
        base = other_base(game, squares, lift=True)
        on_base = {"one-ten": base, "one-twenty": base + other_base(game, received, lift=False)}
        others += [
            judge.Alternative("CF-35", _other_base(game), judge.Outcome(on_base[reading], actor)),
            judge.Alternative("CF-36", other, judge.Outcome(on_base[other], actor)),
        ]
    return judge.Decision(judge.Outcome(sums[reading], actor), "BKR-06", tuple(others))


def amount_judged(
    game: Game,
    ev: Mortgage | Unmortgage | Interest,
    actor: str,
    squares: list[Square],
    added: int = 0,
) -> int:
    """The amount written set against what each reading makes it (`amount_decision`), its one
    finding filed; returns the amount the replay moves: the one written, else the derived."""
    decision = amount_decision(game, ev, actor, squares, added)
    derived = judge.amount(decision.right)
    if ev.amount is None or ev.amount == derived:
        return derived  # it agrees: nothing is filed, and the words are not made
    judge.judge(game, decision, ev.amount, ev.span, _words(game, ev, squares, derived, added))
    return ev.amount


def _words(
    game: Game,
    ev: Mortgage | Unmortgage | Interest,
    squares: list[Square],
    derived: int,
    added: int,
) -> judge.Words:
    """What the finding of a mortgage line's amount says: a figure no reading gives (the M code;
    on the edition's own CF-35 reading, the printed price's figure named as such), or the
    reading of CF-34 or CF-35 whose figure was written."""
    what = _WHAT[type(ev)]
    written = game.money(ev.amount or 0)
    kind = type(ev)

    def other(alt: judge.Alternative) -> str:
        if alt.cf == "CF-34":
            reading = game.ruling("CF-34")
            return (
                f"{what} is {game.money(derived)} with each 10% rounded "
                f"{ROUNDING_WORDS[reading]} (reading {reading}); reading {alt.reading} gives the "
                f"{written} recorded"
            )
        reading = game.ruling("CF-35")
        return (
            f"{what} is {game.money(derived)} with the 10% taken on {_BASE_WORDS[reading]} "
            f"(reading {reading}); reading {alt.reading} gives the {written} recorded"
        )

    wrong = f"{what} is {game.money(derived)}, not {written}"
    on_price = kind is not Mortgage and not _base_open(game)
    if on_price and ev.amount == other_base(game, squares, kind is Unmortgage) + added:
        reading, follows = game.ruling("CF-35"), _other_base(game)
        return judge.Words(
            _CODES[kind],
            f"{wrong}: {written} takes the 10% on the printed price (CF-35, reading {follows}), "
            f"and the rules take it on {_BASE_WORDS[reading]}",
            "MORT-08",  # what the 10% is taken from
            other,
            data={"cf": "CF-35", "follows": follows},
        )
    return judge.Words(_CODES[kind], wrong, None, other)


_BASE_WORDS = {"mortgage-value": "the mortgage value", "printed-price": "the printed price"}


def _base_open(game: Game) -> bool:
    """Whether CF-35 is open here: a ruling changed the edition's reading of it."""
    return game.ruling("CF-35") != game.edition.readings.get("CF-35")


def _other_base(game: Game) -> str:
    """The CF-35 reading not in force."""
    return "printed-price" if game.ruling("CF-35") == "mortgage-value" else "mortgage-value"


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
