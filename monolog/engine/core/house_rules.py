"""House rules a record declares with `[HouseRule "key"]` (data/house-rules.yaml, PIR-01).

The official rules tolerate home-made rules without recognising them. A declared house rule is
played as the table played it; the same play in a record that does not declare it is a departure
from the official rules, reported as M905 (citing the rule departed from) where the
play is recognisably the house rule, else by the finding the official rules already give. An
unknown key, or a key declared without the amount it needs, is a warning (W011) naming the
closest known keys, and is not played.

A key may take one amount after it, separated by a space: `[HouseRule "free-parking-bonus 500"]`
(`$500`, `£500` too). The yaml entry's `parameter` says which keys need one.

What each declared rule does here:

* free-parking-jackpot: taxes, card payments to the bank and jail fines go to a pool under Free
  Parking; whoever lands there receives the pool, written `salary N` on that landing (TAX-05,
  PIR-02, PIR-03 departed from). Undeclared, collecting the pool's amount there is M905.
* free-parking-bonus N: landing on Free Parking pays N from the bank, written `salary N` on that
  landing like the pool. With both rules declared the bank's N is paid only when the pool is
  empty, as the public descriptions of tables combining them have it (thesprucecrafts.com,
  offices-www-office.com); the lander of a pool takes the pool alone. (A pool seeded with bank
  money that is put back after each win is another house rule, which no key declares.)
  A different amount is M105 naming the sum due. Undeclared, money collected on Free Parking
  that is not the pool is M905, whose message gives the tag with the amount recorded (PIR-03);
  a sum equal to the GO salary reads as a salary written by mistake (M106).
* double-go-salary: landing exactly on GO pays twice the salary (MOVE-07).
* no-auctions: a deed the lander declines stays with the bank (BUY-03).
* no-rent-in-jail: an owner in jail collects no rent (RENT-12).
* cash-gifts: a bare payment between players is carried out, entered in the ledger as a gift
  (CF-52). Undeclared it is M714, and carried out all the same (the record is followed).
* loans-between-players: a bare payment between players (`Ann pay 200 to Ben`) is a loan, or the
  repayment of one: it is carried out and entered in the ledger as a loan, a repayment, or both
  (the part that clears what the payee lent the payer, the rest a new loan); a cash-only deal
  line is carried out too. Outstanding loans are the players' own affair: nothing forces
  repayment, and a bankruptcy settles only what the rules make owed (DEAL-05, MORT-09, CF-52).
  Undeclared, M714 stands and the money does not move.
* first-lap-no-buying: a player who has not yet passed GO buys nothing from the bank: landing on
  an unowned deed opens no sale (nothing to buy, decline or auction; the deed stays with the bank
  for the next lander), and such a player may not bid at an auction either, as winning one is
  buying from the bank. Deals between players are not restricted. A purchase or a bid before the
  first lap is M210 and is replayed as recorded. The first lap ends when GO first pays the
  player a salary (passing it, or landing on it); a player given a `setup` line is taken to be
  past it, the record starting mid-game. Undeclared, a deed left unbought and unauctioned is
  M201 as before.
* uneven-building: houses go up and come down on a group's sites in any order; the even-building
  and even-selling checks (M607, M612; BLD-03, SELL-03, CF-27) are not applied, and in a shortage
  auction any site with fewer than four houses may take the house. A hotel still needs four
  houses on its own site (M606), and BLD-05 (CF-26) still asks for four on the others.
* unlimited-buildings: the bank's stock never runs out: no M608 (BLD-11), no shortage auction
  needed (BLD-12), no M613 or CF-29 for a hotel broken down (BLD-14). When the bank holds fewer
  pieces than a build, a sale or an auction needs, it makes up the difference (as tables do,
  with coins or spare pieces); so the state's bank stock (`bank.houses`, `bank.hotels` in
  snapshots) is the pieces the bank holds at that moment, never below zero, and pieces made up
  stay in play, so after they come back the bank may hold more than the printed 32 and 12
  (SET-02). A `setup` that places more buildings than the stock holds is made up the same way.
* income-tax-percent: Income Tax may be paid as 10 % of worth (TAX-02).
* no-mortgage-interest: a mortgage is lifted, or a mortgaged deed kept, with no 10 % (MORT-03).
* extra-roll-after-jail-double: a double that opens the cell earns another throw (CF-04).

A ruling for a CF reading that is one of these rules' play (CF-68 no-rent-in-jail, CF-69 pot,
CF-70 double-salary) plays that rule as if the record declared it (`activate_ruled`).

Not a key: rent immunity (promises not to charge rent, DEAL-06). The notation cannot write a
promise, and what a table keeping one does at the board, an owner letting a landing go, is
already written `rent unclaimed` and legal (CF-23); a key could only change a report's wording
or guess which landings a promise covered. `[HouseRule "rent-immunity"]` is W011 saying so
(editions/house_rules.py, NOT_KEYS).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...editions.errors import ResolveError
from ...editions.house_rules import check_house_rule, load_house_rules, split_house_rule
from ...editions.model import Edition
from ...notation import events as E
from ..building.holdings import resolver
from .game import Game, Transfer
from .pending_state import Pot

# what the house rules keep from one event to the next lives in `game.house_rules`
# (pending_state.HouseRuleState)

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
    """The house rules the record declares (`key` or `key N`), and the edition with their
    parameters applied."""
    values: dict[str, str] = {}
    for ev in events:
        if not isinstance(ev, E.Tag) or ev.key != "HouseRule":
            continue
        problem = check_house_rule(ev.value)
        if problem is not None:
            early.append(("W011", f"house rule ignored: {problem}", ev.span, "PIR-01"))
            continue
        key, amount = split_house_rule(ev.value)
        value = key if amount is None else f"{key} {amount}"
        if values.get(key, value) != value:
            early.append(
                (
                    "W011",
                    f"house rule ignored: {key} is already declared as {values[key]!r}; a table "
                    "plays one amount",
                    ev.span,
                    "PIR-01",
                )
            )
            continue
        values[key] = value
    changes: dict[str, Any] = {}
    for key in values:
        for name, value in _PARAMS.get(key, {}).items():
            if name != "income_tax_percent" or edition.rules.income_tax_percent is None:
                changes[name] = value
    if changes:
        edition = replace(edition, rules=replace(edition.rules, **changes))
    return edition, frozenset(values.values())


def readings(keys: frozenset[str]) -> dict[str, str]:
    """Readings of CF items that declared house rules set."""
    out: dict[str, str] = {}
    for value in sorted(keys):
        out.update(_READINGS.get(split_house_rule(value)[0], {}))
    return out


def activate(game: Game, keys: frozenset[str]) -> None:
    if not keys:
        game.house_rules.active = {}
        return

    game.house_rules.active = dict(split_house_rule(value) for value in keys)


# CF readings that are a house rule's play: a ruling for one (`--ruling CF-70=double-salary`,
# a Ruling tag) plays the house rule as if the record declared it, or the ruling would be
# accepted and change nothing
_RULED_KEYS: dict[tuple[str, str], str] = {
    ("CF-68", "no-rent-in-jail"): "no-rent-in-jail",
    ("CF-69", "pot"): "free-parking-jackpot",
    ("CF-70", "double-salary"): "double-go-salary",
}


def activate_ruled(game: Game) -> None:
    """The house rules the rulings in force call for (`_RULED_KEYS`), added to those declared."""
    keys = game.house_rules.active
    for (cf, reading), key in _RULED_KEYS.items():
        if game.readings.get(cf) == reading:
            keys.setdefault(key, None)


def active(game: Game, key: str) -> bool:
    return key in game.house_rules.active


def amount_of(game: Game, key: str) -> int | None:
    """The amount a declared key carries (`free-parking-bonus 500` -> 500), else None."""
    value = game.house_rules.active.get(key)
    return value if isinstance(value, int) else None


def departure(
    game: Game,
    key: str,
    what: str,
    span: E.Span,
    *,
    expected: Any = None,
    recorded: Any = None,
    declare: str | None = None,
) -> None:
    """M905: the record plays house rule `key` without declaring it (PIR-01). The finding
    cites the first official rule the house rule departs from (double-go-salary: MOVE-07), the
    rule the record broke; the message names them all.

    `declare` is the tag's value when the key takes an amount (`free-parking-bonus 500`)."""

    rule = load_house_rules()[key]
    broken = next((r for r in rule.departs if not r.startswith("CF-")), "PIR-01")
    game.emit(
        "M905",
        f"{what}: that is the house rule {key}, not the official rules ({', '.join(rule.departs)})"
        f'; a table that plays it declares [HouseRule "{declare or key}"]',
        span,
        broken,
        expected=expected,
        recorded=recorded,
        data={"house_rule": key, "departs": list(rule.departs)},
    )


def after_setup(game: Game, ev: E.SetupPlayer) -> None:
    """A `setup` line for a player (hook: replay): the record starts mid-game, so the player is
    past the first lap; buildings set up beyond the stock are made up under unlimited-buildings."""
    try:
        name = resolver(game).player(ev.player)
    except ResolveError:
        return  # reported by the setup handler
    _lapped(game).add(name)
    restock(game, 0, 0)


# --------------------------------------------------------------------------- dues


def into_pot(game: Game, due: Any) -> None:
    """Every due the rules make passes here (hook: apply_due).

    A tax, a card's payment to the bank or a forced fine goes to the Free Parking pool, kept
    whether or not free-parking-jackpot is declared, so that a pool collected without it is
    recognised. A GO salary ends the player's first lap (first-lap-no-buying)."""
    if due.payee is None and due.payer is not None and due.kind in ("tax", "card", "fine"):
        game.house_rules.pot.dues.append(due)
    elif due.kind == "salary" and due.square is None:
        _lapped(game).add(due.player)  # only GO salaries carry no square


def pot_at_setup(game: Game, amount: int, span: E.Span) -> None:
    """`setup bank pot N`: a Free Parking pool already on the table when the record starts.

    Without free-parking-jackpot declared there is no pool under the official rules (TAX-05,
    PIR-02): M905. The pool is kept either way, so that collecting it is recognised."""
    if not active(game, "free-parking-jackpot") and amount:
        departure(
            game,
            "free-parking-jackpot",
            f"the setup puts a Free Parking pool of {game.money(amount)} on the table",
            span,
            expected=0,
            recorded=amount,
        )
    game.house_rules.pot = Pot(since=len(game.transfers), start=amount)


def _pot(game: Game) -> int:
    pot = game.house_rules.pot
    total = pot.start  # a pool already on the table at setup
    total += sum(d.entry.amount for d in pot.dues if isinstance(d.entry, Transfer))
    total += pot.counted  # a count of the pool taken as written (`rebase_pot`)
    # fines paid by the `fine` clause go straight through the ledger
    total += sum(
        t.amount
        for t in game.transfers[pot.since :]
        if t.reason == "jail fine" and t.payee is None and t.payer is not None
    )
    return total


# --------------------------------------------------------------------------- Free Parking, GO


def free_parking_payout(game: Game) -> tuple[int, str, str] | None:
    """What the lander on Free Parking receives under free-parking-jackpot (the pool) and
    free-parking-bonus: (amount, reason, rule), None when neither is declared. Without the
    jackpot the pool is kept, to recognise it when collected anyway (`salary_not_due`); the
    caller empties the pool after paying (`empty_pot`)."""
    pot = _pot(game)
    jackpot = active(game, "free-parking-jackpot")
    bonus = amount_of(game, "free-parking-bonus")
    if not jackpot:
        # the pool a jackpot table would pay here, kept to recognise it (salary_not_due)
        game.house_rules.unpaid_pot = pot
    if jackpot and bonus is not None:
        # both declared: the bank's sum is paid only on an empty pool, never on top of it
        # (thesprucecrafts.com "How Much Do I Win for Landing on Free Parking in Monopoly?";
        # offices-www-office.com "How Much Is The Luxury Tax In Monopoly?")
        if pot > 0:
            return (
                pot,
                f"the Free Parking pool is {game.money(pot)} (house rule free-parking-jackpot); "
                f"the bank's {game.money(bonus)} (house rule free-parking-bonus) is paid only "
                "when the pool is empty, not on top of it",
                "PIR-02",
            )
        return (
            bonus,
            f"the Free Parking pool is empty, so the bank pays {game.money(bonus)} instead "
            "(house rules free-parking-jackpot and free-parking-bonus)",
            "PIR-03",
        )
    if jackpot:
        return (
            pot,
            f"the Free Parking pool is {game.money(pot)} (house rule free-parking-jackpot)",
            "PIR-02",
        )
    if bonus is not None:
        return (
            bonus,
            f"landing on Free Parking pays {game.money(bonus)} from the bank (house rule "
            "free-parking-bonus)",
            "PIR-03",
        )
    return None


def pot_now(game: Game) -> int:
    """The Free Parking pool as the replay has it now."""
    return _pot(game)


def rebase_pot(game: Game, diff: int) -> None:
    """A count of the pool differed by `diff`: the replay takes the counted figure."""
    game.house_rules.pot.counted += diff


def empty_pot(game: Game) -> None:
    """Someone landed on Free Parking: the pool starts again from nothing."""
    game.house_rules.pot = Pot(since=len(game.transfers))


def salary_not_due(game: Game, player: str, amount: int | None, span: E.Span) -> bool:
    """A `salary` clause with no salary due, on Free Parking: the pool a jackpot table would pay
    (free-parking-jackpot), or another sum than the GO salary (free-parking-bonus), collected
    without the house rule (M905). The money moves as recorded. True when reported here."""
    p = game.state.player(player)
    if game.square(p.position).kind != "free-parking" or not amount:
        return False  # an ordinary salary not due (M106)
    pot = game.house_rules.unpaid_pot
    collects = f"{player} collects {game.money(amount)} on Free Parking"
    if amount == pot and not active(game, "free-parking-jackpot"):
        departure(game, "free-parking-jackpot", collects, span, expected=0, recorded=amount)
    elif amount == game.edition.rules.go_salary or active(game, "free-parking-bonus"):
        # the GO salary's amount reads as a salary written by mistake; with the bonus declared
        # and paid already, a second one is not due either (M106)
        return False
    else:
        departure(
            game,
            "free-parking-bonus",
            collects,
            span,
            expected=0,
            recorded=amount,
            declare=f"free-parking-bonus {amount}",
        )
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


# --------------------------------------------------------------------------- rent, auctions


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


def no_auction(game: Game) -> bool:
    """Under no-auctions a declined deed stays with the bank: the caller closes the lot (hook:
    decline)."""
    return active(game, "no-auctions")


# --------------------------------------------------------------------------- first lap


def _lapped(game: Game) -> set[str]:
    return game.house_rules.lapped


def may_buy(game: Game, player: str) -> bool:
    """False while first-lap-no-buying holds `player` back: no sale opens on landing (hook:
    landing on an unowned deed)."""
    return not active(game, "first-lap-no-buying") or player in _lapped(game)


def _first_lap(game: Game, player: str, did: str, span: E.Span, recorded: Any) -> None:
    game.emit(
        "M210",
        f"{player} may not {did}: {player} has not yet passed GO, and under the house rule "
        "first-lap-no-buying nothing is bought from the bank before the first lap",
        span,
        "PIR-01",
        expected=None,
        recorded=recorded,
        data={"house_rule": "first-lap-no-buying"},
    )


def bought_before_lap(game: Game, player: str, index: int, amount: int, span: E.Span) -> bool:
    """A `buy` of the unowned deed `player` stands on, with no sale open because of
    first-lap-no-buying (M210). The purchase is replayed as recorded. True when reported here."""
    deed = game.state.deeds.get(index)
    if may_buy(game, player) or deed is None or deed.owner is not None:
        return False
    if game.state.player(player).position != index:
        return False
    _first_lap(game, player, f"buy {game.name(index)}", span, amount)
    return True


def declined_before_lap(game: Game, player: str, index: int) -> bool:
    """A `decline` of an unowned deed no sale was opened for under first-lap-no-buying: it only
    says the deed stays with the bank. True when it is that."""
    deed = game.state.deeds.get(index)
    return deed is not None and deed.owner is None and not may_buy(game, player)


def check_bidders(game: Game, ev: E.Auction, name: str) -> None:
    """Bidders at a deed auction who have not passed GO under first-lap-no-buying (M210, once
    per bidder). The bids are replayed as recorded."""
    if not active(game, "first-lap-no-buying"):
        return
    seen: set[str] = set()
    for bid in ev.bids:
        try:
            bidder = resolver(game).player(bid.player)
        except ResolveError:
            continue  # reported with the bids
        if bidder in seen or may_buy(game, bidder):
            continue
        seen.add(bidder)
        span = bid.span if bid.span.line else ev.span
        _first_lap(game, bidder, f"bid for {name}", span, bid.amount)


# --------------------------------------------------------------------------- buildings


def build_unevenly(game: Game, levels: dict[int, int], need: dict[int, int]) -> None:
    """Under uneven-building the houses asked for go up in any order: `levels` is raised by
    `need`, which is emptied, so no even-building check is left to fail (hook: build)."""
    if not active(game, "uneven-building"):
        return
    for index, count in need.items():
        levels[index] += count
    need.clear()


def sell_unevenly(game: Game, levels: dict[int, int], need: dict[int, int]) -> None:
    """Under uneven-building buildings come down in any order (hook: sell)."""
    if not active(game, "uneven-building"):
        return
    for index, count in need.items():
        levels[index] -= count
    need.clear()


def uneven_allowed(game: Game) -> bool:
    return active(game, "uneven-building")


def restock(game: Game, houses: int, hotels: int) -> None:
    """Under unlimited-buildings the bank makes up what it lacks: after this it holds at least
    `houses` and `hotels` (and never fewer than none). Pieces made up are counted (`made`)."""
    if not active(game, "unlimited-buildings"):
        return
    st = game.state
    kept = game.house_rules
    if st.bank_houses < max(houses, 0):
        kept.made_houses += max(houses, 0) - st.bank_houses
        st.bank_houses = max(houses, 0)
    if st.bank_hotels < max(hotels, 0):
        kept.made_hotels += max(hotels, 0) - st.bank_hotels
        st.bank_hotels = max(hotels, 0)


def made(game: Game) -> tuple[int, int]:
    """Houses and hotels the bank made up under unlimited-buildings (for the stock count)."""
    return game.house_rules.made_houses, game.house_rules.made_hotels


# --------------------------------------------------------------------------- cash between players


def gift_allowed(game: Game) -> bool:
    """Cash may pass between players with nothing in return (cash-gifts, loans-between-players)."""
    return active(game, "cash-gifts") or active(game, "loans-between-players")


def bare_payment(game: Game, payer: str, payee: str | None, amount: int, span: E.Span) -> bool:
    """`pay N to P` with nothing owed (hook: pay): under loans-between-players a loan or a
    repayment, under cash-gifts a gift; carried out and True, else False (M714 follows)."""
    if payee is not None and active(game, "loans-between-players"):  # the bank never borrows
        game.transfer(payer, payee, amount, _loan(game, payer, payee, amount), span)
        return True
    if active(game, "cash-gifts"):
        game.transfer(payer, payee, amount, "gift (house rule cash-gifts)", span)
        return True
    return False


def _loan(game: Game, payer: str, payee: str, amount: int) -> str:
    """Book a payment against the loans between two players; the ledger reason says what it
    was. What `payee` lent `payer` is repaid first; anything beyond is lent to `payee`."""
    loans = game.house_rules.loans
    owed = loans.get((payee, payer), 0)  # what payer still owes payee
    repaid = min(owed, amount)
    lent = amount - repaid
    if repaid:
        loans[(payee, payer)] = owed - repaid
    if lent:
        loans[(payer, payee)] = loans.get((payer, payee), 0) + lent
    parts = []
    if repaid:
        left = owed - repaid
        still = f", {game.money(left)} still owed" if left else ", clearing it"
        parts.append(f"repays {game.money(repaid)} of {payee}'s loan{still}")
    if lent:
        parts.append(f"lends {payee} {game.money(lent)}")
    return f"{payer} {', and '.join(parts)} (house rule loans-between-players)"
