"""House rules a record declares with `[HouseRule "key"]` (data/house-rules.yaml, PIR-01).

The official rules tolerate home-made rules without recognising them. A declared house rule is
played as the table played it; the same play in a record that does not declare it is a departure
from the official rules (M905, citing PIR-01 and the rule departed from). An unknown key is a
warning (W011) with the closest known keys.

What each declared rule does here:

* free-parking-jackpot: taxes, card payments to the bank and jail fines go to a pool under Free
  Parking; whoever lands there receives the pool, written `salary N` on that landing (TAX-05,
  PIR-02, PIR-03 departed from).
* double-go-salary: landing exactly on GO pays twice the salary (MOVE-07).
* no-auctions: a deed the lander declines stays with the bank (BUY-03).
* no-rent-in-jail: an owner in jail collects no rent (RENT-12).
* cash-gifts: a bare payment between players is carried out (CF-52).
* income-tax-percent: Income Tax may be paid as 10 % of worth (TAX-02).
* no-mortgage-interest: a mortgage is lifted, or a mortgaged deed kept, with no 10 % (MORT-03).
* extra-roll-after-jail-double: a double that opens the cell earns another throw (CF-04).

The rest of the file's keys are recognised and named in reports but change nothing in the replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..editions.house_rules import check_house_rule, load_house_rules
from ..editions.model import Edition
from ..notation import events as E
from .game import Game, Transfer

_KEY = "house_rules.active"
_POT = "house_rules.pot"

# house rules that are parameter or reading changes
_PARAMS: dict[str, dict[str, Any]] = {
    "income-tax-percent": {"income_tax_percent": 10},
    "no-mortgage-interest": {"mortgage_interest_percent": 0},
}
_READINGS: dict[str, dict[str, str]] = {
    "extra-roll-after-jail-double": {"CF-04": "extra-roll"},
}


def declared(
    edition: Edition,
    events: Sequence[E.Event],
    early: list[tuple[str, str, E.Span, str | None]],
) -> tuple[Edition, frozenset[str]]:
    """The house rules the record declares, and the edition with their parameters applied."""
    keys: list[str] = []
    for ev in events:
        if not isinstance(ev, E.Tag) or ev.key != "HouseRule":
            continue
        problem = check_house_rule(ev.value)
        if problem is not None:
            early.append(("W011", f"house rule ignored: {problem}", ev.span, "PIR-01"))
            continue
        keys.append(ev.value)
    changes: dict[str, Any] = {}
    for key in keys:
        for name, value in _PARAMS.get(key, {}).items():
            if name != "income_tax_percent" or edition.rules.income_tax_percent is None:
                changes[name] = value
    if changes:
        edition = replace(edition, rules=replace(edition.rules, **changes))
    return edition, frozenset(keys)


def readings(keys: frozenset[str]) -> dict[str, str]:
    """Readings of CF items that declared house rules set."""
    out: dict[str, str] = {}
    for key in sorted(keys):
        out.update(_READINGS.get(key, {}))
    return out


def activate(game: Game, keys: frozenset[str]) -> None:
    game.pending[_KEY] = keys


def active(game: Game, key: str) -> bool:
    keys = game.pending.get(_KEY)
    return isinstance(keys, frozenset) and key in keys


def departure(
    game: Game, key: str, what: str, span: E.Span, *, expected: Any = None, recorded: Any = None
) -> None:
    """M905: the record plays house rule `key` without declaring it (PIR-01)."""
    rule = load_house_rules()[key]
    game.emit(
        "M905",
        f"{what}: that is the house rule {key}, not the official rules ({', '.join(rule.departs)})"
        f'; a table that plays it declares [HouseRule "{key}"]',
        span,
        "PIR-01",
        expected=expected,
        recorded=recorded,
        data={"house_rule": key, "departs": list(rule.departs)},
    )


# --------------------------------------------------------------------------- Free Parking pool


def into_pot(game: Game, due: Any) -> None:
    """A tax, a card's payment to the bank or a forced fine goes to the pool (hook: apply_due).

    Kept whether or not the house rule is declared, so that a pool collected without it is
    recognised."""
    if due.payee is None and due.payer is not None and due.kind in ("tax", "card", "fine"):
        game.pending.setdefault(_POT, {"dues": [], "since": 0})["dues"].append(due)


def _pot(game: Game) -> int:
    pot = game.pending.setdefault(_POT, {"dues": [], "since": 0})
    total = sum(d.entry.amount for d in pot["dues"] if isinstance(d.entry, Transfer))
    # fines paid by the `fine` clause go straight through the ledger
    total += sum(
        t.amount
        for t in game.transfers[pot["since"] :]
        if t.reason == "jail fine" and t.payee is None and t.payer is not None
    )
    return total


def on_land(game: Game, player: str, index: int, span: E.Span) -> None:
    """Hook at the end of a landing: the pool on Free Parking, double salary on GO."""
    from .obligations import Due, apply_due, find_due

    sq = game.square(index)
    if sq.kind == "free-parking" and not active(game, "free-parking-jackpot"):
        # the pool a jackpot table would pay here, kept to recognise it (salary_not_due)
        game.pending["house_rules.unpaid_pot"] = _pot(game)
        game.pending[_POT] = {"dues": [], "since": len(game.transfers)}
    elif sq.kind == "free-parking":
        amount = _pot(game)
        apply_due(
            game,
            Due(
                "salary",
                player,
                None,
                player,
                amount,
                f"the Free Parking pool is {game.money(amount)} (house rule free-parking-jackpot)",
                "PIR-02",
                span,
            ),
        )
        game.pending[_POT] = {"dues": [], "since": len(game.transfers)}
    elif sq.kind == "go" and active(game, "double-go-salary"):
        due = find_due(game, "salary", player)
        if due is not None and due.amount:
            twice = 2 * due.amount
            due.entry = game.amend(due.entry, twice, reason="salary twice for landing on GO")
            due.amount = twice
            due.reason = f"{player} landed exactly on GO: twice the salary (house rule)"


def salary_not_due(game: Game, player: str, amount: int | None, span: E.Span) -> bool:
    """A `salary` clause with no salary due: on Free Parking, for the amount a jackpot table's
    pool would hold, it is the pool collected without the house rule (M905). True when
    reported here."""
    p = game.state.player(player)
    if game.square(p.position).kind != "free-parking":
        return False
    pot = game.pending.get("house_rules.unpaid_pot", 0)
    if not amount or amount != pot:
        return False  # not the pool: an ordinary salary not due (M106)
    key = "free-parking-jackpot"
    departure(
        game,
        key,
        f"{player} collects {game.money(amount) if amount else 'money'} on Free Parking",
        span,
        expected=0,
        recorded=amount,
    )
    if amount:
        game.transfer(None, player, amount, "Free Parking money as recorded", span)
    return True


def salary_doubled(game: Game, player: str, due: Any, amount: int | None, span: E.Span) -> bool:
    """A salary recorded at twice the due amount on landing exactly on GO (M905). True when
    reported here."""
    if amount is None or not due.amount or amount != 2 * due.amount:
        return False
    if game.state.player(player).position != 0 or active(game, "double-go-salary"):
        return False
    departure(
        game,
        "double-go-salary",
        f"{player} takes {game.money(amount)} for landing exactly on GO, where the salary is "
        f"{game.money(due.amount)}",
        span,
        expected=due.amount,
        recorded=amount,
    )
    return True


# --------------------------------------------------------------------------- rent, auctions, gifts


def rent_waived(game: Game, owner: str | None) -> bool:
    """No rent is due to an owner in jail under no-rent-in-jail (hook: landing)."""
    return (
        owner is not None and active(game, "no-rent-in-jail") and game.state.player(owner).in_jail
    )


def rent_skipped(game: Game, claim: Any, recorded: int | None, span: E.Span) -> bool:
    """Rent recorded as 0 to an owner in jail without the house rule (M905). True when
    reported here."""
    owner = claim.payee
    if recorded != 0 or not claim.amount or owner is None:
        return False
    if not game.state.player(owner).in_jail:
        return False
    departure(
        game,
        "no-rent-in-jail",
        f"{owner} is in jail and still owed {game.money(claim.amount)} rent",
        span,
        expected=claim.amount,
        recorded=0,
    )
    return True


def no_auction(game: Game, lot: Any) -> bool:
    """Under no-auctions a declined deed stays with the bank: the lot closes (hook: decline)."""
    if not active(game, "no-auctions"):
        return False
    from .obligations import close_lot

    close_lot(game, lot)
    return True


def gift_allowed(game: Game) -> bool:
    return active(game, "cash-gifts")
