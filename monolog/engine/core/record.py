"""Clauses about the record itself: cash checksums, disputed lines, time called.

A checksum (`=1320`, `=Ben 880`) is the writer's note of a player's cash; when the replay
disagrees it is reported (W001) with the replayed figure and the amounts the replay worked out
for that player since their last agreeing count (derived_amounts.py), and the replay then takes
the recorded figure (the record is what happened at the table), so one slip is reported once and
later counts of that player are judged from the counted cash.
A disputed line (`disputed "ruling"`) is reported (I001) and its ruling is attached to every
finding on that line (see `attach_disputes`). Time called ends a time-limit game and only
that: in any other game it is reported (M805) and play goes on.
"""

from __future__ import annotations

from dataclasses import replace

from ...findings.model import Cause, Finding, Severity
from ...notation.events import (
    CashCheck,
    Dispute,
    PotCheck,
    SquareCheck,
    StockCheck,
    TimeCalled,
)
from ..building.holdings import resolve_square
from . import count_split, follow, house_rules, invariants
from .derived_amounts import derived_since, explain_gap
from .game import Game, Transfer
from .names import actor_of, resolve_player
from .obligations import Due
from .pending_state import CountMoves as CountMoves
from .pending_state import TakenCount as _Taken
from .pending_state import WrittenSlip

# what the counts wait with lives in `game.record` (pending_state.RecordState)


def keep_own_cash(game: Game) -> None:
    """Counts that disagree are reported and the replay keeps its own cash (no re-basing)."""
    game.record.own_cash = True


def lead_counts(game: Game) -> CountMoves:
    """What the counts do to `game` (the record's own replay) is kept, for `follow_counts`."""
    moves = CountMoves()
    game.record.counts_led = moves
    return moves


def follow_counts(game: Game, moves: CountMoves) -> None:
    """`game`, a replay keeping its own cash (`keep_own_cash`), is corrected by the counts as
    the replay that kept `moves` was (see `CountMoves`); the entries are taken as used."""
    game.record.counts_followed = moves


def share_counts(original: Game, alternative: Game) -> None:
    """`alternative` is corrected by the counts as `original` is, the two stepped together."""
    follow_counts(alternative, lead_counts(original))


def _cash(game: Game) -> tuple[int, ...]:
    return tuple(p.cash for p in game.state.players)


def on_check(game: Game, ev: CashCheck) -> None:
    who = ev.player
    name = resolve_player(game, who, ev.span) if who is not None else actor_of(game, ev)
    if game.record.split is not None:  # a bankruptcy line's counts, held to its last
        for held, counted in count_split.hold(game, ev, name):
            _judge(game, held, counted)
    elif name is not None:
        _judge(game, ev, name)


def _judge(game: Game, ev: CashCheck, name: str) -> None:
    followed = game.record.counts_followed
    if followed is not None:
        _follow_count(game, ev, name, followed)
        return
    led = game.record.counts_led
    before = _cash(game) if led is not None else ()
    _check(game, ev, name, game.record.own_cash)
    if led is not None:
        after = _cash(game)
        changed = {
            p.name: a - b
            for p, a, b in zip(game.state.players, after, before, strict=True)
            if a != b
        }
        led.moves[(ev.span, name)] = (before, changed)


def _follow_count(game: Game, ev: CashCheck, name: str, followed: CountMoves) -> None:
    """A count in the alternative replay: where its table is the original's, the count is
    judged as there; elsewhere the difference the reading made is reported (W001) and kept,
    and what the count changed in the original is changed here too."""
    move = followed.moves.pop((ev.span, name), None)
    if move is None:  # a count the original did not judge (a player it did not know)
        _check(game, ev, name, True)
        return
    before, changed = move
    if _cash(game) == before:
        _check(game, ev, name, False)
        return
    _check(game, ev, name, True)
    for player, diff in changed.items():
        _rebase(game, player, diff, ev)


def _check(game: Game, ev: CashCheck, name: str, own: bool) -> None:
    """The count of `name`'s cash judged; `own`: the replay keeps its own cash (no re-basing)."""
    agreed = game.record.agreed
    taken = game.record.taken
    cash = game.state.player(name).cash
    last = taken.pop(name, None)
    slip = _written_slip_of(game, name)
    if cash == ev.amount:
        agreed[name] = len(game.transfers)
        return
    if not own and slip is not None and _slip_confirmed(game, slip, name, cash, ev):
        agreed[name] = len(game.transfers)
        return
    if not own and last is not None and cash - last.diff == ev.amount:
        # this count agrees with the replay as it was before the last count was taken: that
        # count was the slip, not the cash; its W001 says so and the replay goes back
        _rebase(game, name, -last.diff, ev)
        _call_a_slip(
            game,
            last,
            f"the count on line {ev.span.line} agrees with the replay again, so this count was "
            "a slip",
        )
        agreed[name] = len(game.transfers)
        return
    if not own and _slip_handed_on(game, name, cash, ev):
        agreed[name] = len(game.transfers)
        return
    since = derived_since(game, name, agreed.get(name, 0))
    root = _shared_cause(game, name, cash - ev.amount, since)
    then = "" if own else f"; {name}'s later counts are judged from {game.money(ev.amount)}"
    finding = game.emit(
        "W001",
        f"{name}'s cash is {game.money(cash)} by the replay, not {game.money(ev.amount)}"
        f"{explain_gap(game, name, since, cash - ev.amount)}{then}",
        ev.span,
        None,
        expected=cash,
        recorded=ev.amount,
        data={
            "player": name,
            "derived": [
                {"line": t.span.line, "amount": t.amount, "reason": t.reason} for t in since
            ],
        },
        caused_by=root,
    )
    handle = game.findings.last  # its handle, to correct it later
    named = game.record.named_by
    if since:
        cause = Cause(finding.code, finding.span)
        for t in since:
            # only the other player's later counts meet this payment again (this player's own
            # start after it): one with the bank never is, and is not kept
            other = t.payee if t.payer == name else t.payer
            if other is not None and other != name:
                named.setdefault(other, {}).setdefault(_payment(t), cause)
    # this player's later counts start after every payment kept for them: none is met again
    named.pop(name, None)
    if not own:
        # the count is what the table had: the replay goes on from it
        _rebase(game, name, ev.amount - cash, ev)
        taken[name] = _Taken(ev.amount - cash, finding, handle)
    agreed[name] = len(game.transfers)


def written_slip(game: Game, due: Due, rule: int | None, handle: int) -> None:
    """`due` was written at another amount than the rule's `rule` and reported (the finding at
    `handle`): if the next count of its payer or payee agrees with the rule's figure, the
    written amount was the slip (`_slip_confirmed`)."""
    entry = due.entry
    if rule is None or entry is None or entry.payer == entry.payee:
        return
    slips = game.record.written
    slip = WrittenSlip(due, rule, handle)
    for player in (entry.payer, entry.payee):
        if player is not None:  # the bank counts nothing
            slips[player] = slip


def _written_slip_of(game: Game, name: str) -> WrittenSlip | None:
    """The written slip waiting for a count of `name`, taken: a count of either party settles
    it, and it is forgotten by both."""
    slips = game.record.written
    if not slips or name not in slips:
        return None
    slip = slips.pop(name)
    for player in [p for p, s in slips.items() if s is slip]:
        del slips[player]
    return slip


def _slip_confirmed(game: Game, slip: WrittenSlip, name: str, cash: int, ev: CashCheck) -> bool:
    """A count of `name` that agrees with the replay once the written amount of `slip` is put
    back to the rule's figure: the count confirms the rule's figure, so the written amount was
    the slip. The replay pays the rule's figure instead, and the finding at the written amount
    says so: one slip, one finding, and no W001. True when so."""
    due, entry = slip.due, slip.due.entry
    if entry is None or entry.amount == slip.rule:
        return False
    if game.transfers.place(entry) is None:  # restated since: not this one
        return False
    change = entry.amount - slip.rule
    if cash + (change if entry.payer == name else -change) != ev.amount:
        return False
    due.entry = game.amend(entry, slip.rule)
    _unshort(game, slip.handle, entry, change)
    found = game.findings.get(slip.handle)
    game.findings.put(
        slip.handle,
        replace(
            found,
            message=f"{found.message}; {game.money(entry.amount)} is written, but the count on "
            f"line {ev.span.line} agrees with the rule's figure, so the written amount was the "
            f"slip: replayed with {game.money(slip.rule)} paid",
            data={**found.data, "confirmed_by": ev.span.line},
        ),
    )
    return True


def _unshort(game: Game, since: int, entry: Transfer, change: int) -> None:
    """The payment `entry`, now shown to be `change` too big, left its payer short before the
    count came (M801, filed after the finding at `since`): a shortfall that the rule's figure
    would not have made is taken back, for it followed from the slip alone."""
    findings = game.findings
    for handle in range(since + 1, findings.last + 1):
        try:
            f = findings.get(handle)
        except KeyError:  # taken back already
            continue
        d = f.data
        if (
            f.code == "M801"
            and d.get("debtor") == entry.payer
            and d.get("creditor") == entry.payee
            and d.get("since_line") == entry.span.line
            and isinstance(f.recorded, int)
            and -f.recorded <= change
        ):
            findings.withdraw(handle)


def on_square_check(game: Game, ev: SquareCheck) -> None:
    """`=at Boardwalk`: where the token stands. A count that differs is reported (W015) and
    taken as the position, so that player's later moves are counted from it."""
    name = resolve_player(game, ev.player, ev.span) if ev.player is not None else actor_of(game, ev)
    if name is None:
        return
    square = resolve_square(game, ev.square, ev.span)
    if square is None:
        return
    p = game.state.player(name)
    if p.position == square.index or follow.check_square(game, name, square.index, ev.span):
        return
    game.emit(
        "W015",
        f"{name} is on {game.name(p.position)} by the replay, not {square.name}; {name}'s "
        f"later moves are counted from {square.name}",
        ev.span,
        None,
        expected=game.name(p.position),
        recorded=square.name,
        data={"player": name},
    )
    p.position = square.index


def on_stock_check(game: Game, ev: StockCheck) -> None:
    """`=bank houses 28 hotels 10`: the bank's buildings. A count that differs is reported
    (W016) and taken as the bank's stock from then on."""
    state = game.state
    last = game.record.stock_taken
    game.record.stock_taken = None
    if last is not None and (ev.houses, ev.hotels) != (state.bank_houses, state.bank_hotels):
        houses, hotels, finding, handle = last
        if (ev.houses is None or ev.houses == state.bank_houses - houses) and (
            ev.hotels is None or ev.hotels == state.bank_hotels - hotels
        ):
            # the count agrees with the replay as it was before the last count was taken: that
            # count was the slip; its W016 says so and the stock goes back
            state.bank_houses -= houses
            state.bank_hotels -= hotels
            invariants.rebase(game)
            _was_a_slip(game, finding, handle, ev.span.line)
            return
    wrong = []
    if ev.houses is not None and ev.houses != state.bank_houses:
        wrong.append(f"{state.bank_houses} houses, not {ev.houses}")
    if ev.hotels is not None and ev.hotels != state.bank_hotels:
        wrong.append(f"{state.bank_hotels} hotels, not {ev.hotels}")
    if not wrong:
        return
    finding = game.emit(
        "W016",
        f"by the replay the bank holds {game.listing(wrong)}; its later stock is counted from "
        "the figures written",
        ev.span,
        None,
        expected={"houses": state.bank_houses, "hotels": state.bank_hotels},
        recorded={"houses": ev.houses, "hotels": ev.hotels},
    )
    handle = game.findings.last  # its handle, to correct it later
    houses = 0 if ev.houses is None else ev.houses - state.bank_houses
    hotels = 0 if ev.hotels is None else ev.hotels - state.bank_hotels
    state.bank_houses += houses
    state.bank_hotels += hotels
    invariants.rebase(game)  # the stock is the counted one: later states are judged from it
    game.record.stock_taken = (houses, hotels, finding, handle)


def on_pot_check(game: Game, ev: PotCheck) -> None:
    """`=pot 150`: the Free Parking pool of house rule free-parking-jackpot. A count that
    differs is reported (W017) and taken as the pool; without the house rule there is no pool."""
    if not house_rules.active(game, "free-parking-jackpot"):
        if ev.amount:
            game.emit(
                "W017",
                f"no Free Parking pool is kept in this game, so it holds nothing, not "
                f"{game.money(ev.amount)}: the house rule free-parking-jackpot is not declared",
                ev.span,
                "PIR-02",
                expected=0,
                recorded=ev.amount,
            )
        return
    pot = house_rules.pot_now(game)
    last = game.record.pot_taken
    game.record.pot_taken = None
    if pot == ev.amount:
        return
    if last is not None and pot - last.diff == ev.amount:
        # this count agrees with the replay as it was before the last count was taken: that
        # count was the slip; its W017 says so and the pool goes back
        house_rules.rebase_pot(game, -last.diff)
        _was_a_slip(game, last.finding, last.handle, ev.span.line)
        return
    finding = game.emit(
        "W017",
        f"the Free Parking pool is {game.money(pot)} by the replay, not "
        f"{game.money(ev.amount)}; it is counted from the figure written",
        ev.span,
        "PIR-02",
        expected=pot,
        recorded=ev.amount,
    )
    handle = game.findings.last  # its handle, to correct it later
    house_rules.rebase_pot(game, ev.amount - pot)
    game.record.pot_taken = _Taken(ev.amount - pot, finding, handle)


def _was_a_slip(game: Game, finding: Finding, at: int, line: int) -> None:
    """`finding`, a count taken as written, was a slip: a later count (on `line`) agrees with
    the replay as it was before it. Its message says so, in place of what it said would follow."""
    game.findings.put(
        at,
        replace(
            finding,
            message=f"{finding.message.partition('; ')[0]}; the count on line {line} agrees with "
            "the replay again, so this count was a slip",
            data={**finding.data, "slip": True},
        ),
    )


def _slip_handed_on(game: Game, name: str, cash: int, ev: CashCheck) -> bool:
    """A count of `name` that agrees with the replay once another player's count, taken as that
    player's cash and never confirmed, is undone: that player has left since, their cash handed
    on to `name` (a bankruptcy to them), so that count was the slip, and it reached `name` only
    through the replay. Its W001 says so, `name` gets the difference back, and no second W001
    is reported for one slip. True when so."""
    taken = game.record.taken
    for other, last in list(taken.items()):
        if other == name or game.state.player(other).active or cash - last.diff != ev.amount:
            continue
        del taken[other]
        _rebase(game, name, -last.diff, ev)
        _call_a_slip(
            game,
            last,
            f"{other} has left since, and the count of {name} on line {ev.span.line}, who "
            f"received {other}'s cash, agrees with the replay as it was before this count, so "
            "this count was a slip",
        )
        return True
    return False


def _call_a_slip(game: Game, last: _Taken, why: str) -> None:
    """The W001 of a count later shown to be the slip, not the cash: its message keeps its first
    part and says why (`why`), and its data marks it a slip."""
    game.findings.put(
        last.handle,
        replace(
            last.finding,
            message=f"{last.finding.message.partition('; ')[0]}; {why}",
            data={**last.finding.data, "slip": True},
        ),
    )


def _rebase(game: Game, name: str, diff: int, ev: CashCheck) -> None:
    """Move `diff` between the bank and `name` (a ledger entry, so money stays accounted for)."""
    if diff > 0:
        game.transfer(None, name, diff, "cash taken as counted", ev.span, derived=False)
    elif diff < 0:
        game.transfer(name, None, -diff, "cash taken as counted", ev.span, derived=False)


def _payment(t: Transfer) -> tuple[object, ...]:
    return (t.span, t.payer, t.payee, t.amount, t.reason)


def _shared_cause(game: Game, name: str, diff: int, since: list[Transfer]) -> Cause | None:
    """The earlier W001 a disagreeing count of `name` only follows from: the whole difference
    is payments the replay worked out between `name` and other players that an earlier W001
    already named (the other side of one payment the record left out: a rent, a card paying
    or collecting from each player). One missing payment is then one finding, not one per
    player it touched (CH15 drawn and nothing paid gave a W001 for each of the 3 players)."""
    if not since or sum(t.amount if t.payee == name else -t.amount for t in since) != diff:
        return None
    named = game.record.named_by.get(name)
    if not named:
        return None
    roots = [named.get(_payment(t)) for t in since]
    if any(r is None for r in roots):
        return None
    return roots[0]


def on_dispute(game: Game, ev: Dispute) -> None:
    game.record.disputes.append((ev.span.line, ev.ruling))
    ruling = f': "{ev.ruling}"' if ev.ruling else " (no ruling written)"
    game.emit(
        "I001",
        f"this line was disputed at the table; ruling given{ruling}",
        ev.span,
        None,
        severity=Severity.INFO,
        recorded=ev.ruling,
    )


def attach_disputes(game: Game) -> None:
    """Each finding on a disputed line made to carry that line's ruling in `data`."""
    disputes = dict(game.record.disputes)
    if not disputes:
        return
    findings = game.findings
    for at in findings.handles():
        f = findings.get(at)
        if f.span.line in disputes and f.code != "I001":
            ruling = disputes[f.span.line]
            findings.put(at, replace(f, data={**f.data, "disputed": True, "ruling": ruling}))


def on_time(game: Game, ev: TimeCalled) -> None:
    """Time is called: a time-limit game ends here (TIME-01, CF-49).

    Any other game has no agreed time to stop: calling time is reported (M805) and ends
    nothing, and the replay goes on with the next line.
    """
    edition = game.edition
    if edition.rules.time_limit:
        game.state.over = True
        return
    limit = edition.rules.end_at_bankruptcies
    if limit:
        nth = {1: "first", 2: "second", 3: "third"}.get(limit, f"number {limit}")
        until = f"it ends at the {nth} bankruptcy"
    else:
        until = "it goes on until one player is left"
    timed = [v.key for v in edition.variants.values() if v.rules.get("time_limit")]
    offer = (
        f'; a game to a time limit is declared with [Variant "{timed[0]}"]'
        if timed
        else f"; {edition.key} has no time-limit game"
    )
    game.emit(
        "M805",
        f"time is called, but this {edition.key} game is played as the {edition.variant} game, "
        f"not to a time limit: calling time ends nothing and {until}{offer}",
        ev.span,
        "TIME-01",
        expected=None,
        recorded="time",
        data={"edition": edition.key, "variant": edition.variant},
    )
