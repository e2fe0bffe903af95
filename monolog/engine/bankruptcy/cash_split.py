"""How each reading of CF-41 shares a bankrupt player's cash among several players owed.

When the bankruptcy line goes on with counts of the creditors, or the record writes them next,
on a line of counts with nothing played between, or later on, those counts show the split the
table made (engine/core/count_split.py), as do payments written before the bankruptcy as far as
the debtor's cash went (`handed`). `prepare` works out, before the cash is shared, what
each creditor gains under every reading of CF-41; `offer` then leaves the other readings'
figures for the line's counts to be read against. Only an estate owed to players alone and
short of what they are owed is split differently by the readings of CF-41 alone: with the
bank owed too, turn-order also moves the deeds (to the first player left short), which counts
of cash cannot show.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...notation.events import CashCheck, Span
from ..building.holdings import owner_word
from ..core import count_split, follow
from ..core.game import Debt, Game
from ..core.pending_state import HandedCash, SplitPoint, SplitReading

__all__ = ["Split", "handed", "offer", "prepare"]

READINGS = ("pro-rata", "turn-order", "equal-shares")
_SHOWN = {
    "pro-rata": "the cash shared in proportion to each debt",
    "turn-order": "the creditors paid in full in turn order from the debtor's left",
    "equal-shares": "the cash shared equally",
}


@dataclass(frozen=True, slots=True)
class Split:
    """What each creditor gains from the estate under each reading of CF-41."""

    actor: str
    creditors: tuple[str, ...]
    reading: str  # in force
    gains: dict[str, dict[str, int]]  # reading -> creditor -> cash gained
    full: dict[str, int]  # creditor -> the whole payment owed
    shows: str  # what shows the split: the counts on this line, on the next, or the payments
    line: int  # the line of the counts that show it (the bankruptcy's, for payments)


def prepare(
    game: Game,
    actor: str,
    owed: list[Debt],
    full: list[int],
    order: list[int],
    first_unpaid: bool,
    span: Span,
) -> Split | None:
    """The split under each reading of an estate owed to players alone (`owed` in the order
    the debts were met, `full` their whole payments, `order` their indexes in seat order from
    the debtor's left), for the counts that show how the table shared it: on the bankruptcy
    line, on a line of counts right after it, or the creditors' first counts later on; or the
    last cash the debtor handed to one creditor on the clause before (`handed`). None where
    the counts are judged as any count."""
    short = max(0, -game.state.player(actor).cash)
    after = game.follow.next
    handed = game.record.handed if _handed_by(game, actor) else None
    if not short or not follow.record_settles(game) or game.text_settles("CF-41"):
        return None
    shared = game.record.counts_led is not None or game.record.counts_followed is not None
    if shared and handed is None:
        return None  # counts shared with a replay under another reading: judged as any count
    counted = isinstance(after, CashCheck) and not shared
    left = max(0, sum(full) - short)
    gains: dict[str, dict[str, int]] = {}
    for reading in READINGS:
        seat = reading == "turn-order" or first_unpaid
        idx = order if seat else list(range(len(owed)))
        kept = _kept(reading, [full[i] for i in idx], left, first_unpaid)
        mine: dict[str, int] = {}
        for i, keep in zip(idx, kept, strict=True):
            name = str(owed[i].creditor)
            mine[name] = mine.get(name, 0) + keep
        gains[reading] = mine
    names = tuple(dict.fromkeys(str(d.creditor) for d in owed))
    whole: dict[str, int] = {}
    for debt, paid in zip(owed, full, strict=True):
        whole[str(debt.creditor)] = whole.get(str(debt.creditor), 0) + paid
    line, shows = span.line, ""
    if handed is not None:
        money, payee = game.money(handed.amount), owner_word(game, handed.payee)
        shows = f"the payments written before it ({actor}'s last {money} handed to {payee})"
    elif counted and isinstance(after, CashCheck):
        line = after.span.line
        shows = "the counts on this line" if line == span.line else f"the counts on line {line}"
    else:
        line, shows = -1, "the creditors' first counts after it"
    return Split(actor, names, game.ruling("CF-41"), gains, whole, shows, line)


def _handed_by(game: Game, actor: str) -> bool:
    """Whether `actor` handed their last cash to a creditor on the clause before (deals.py)."""
    handed = game.record.handed
    return handed is not None and handed.payer == actor


def _kept(reading: str, full: list[int], left: int, first_unpaid: bool) -> list[int]:
    """What each payment (in the order the reading pays them) keeps of the `left` the debtor
    could cover, as liquidation.py shares it: in turn, equally, or in proportion."""
    if reading == "turn-order":
        kept = []
        for paid in full:
            kept.append(min(paid, left))
            left -= kept[-1]
        return kept
    if reading == "equal-shares":
        kept = [min(p, s) for p, s in zip(full, shares(left, [1] * len(full)), strict=True)]
    else:
        kept = shares(left, full)
    rest = left - sum(kept)
    if rest > 0:  # what the equal shares left over: to the first left short, or shared again
        if first_unpaid:
            short = next((i for i, (p, k) in enumerate(zip(full, kept, strict=True)) if p > k), -1)
            kept[short] += rest
        else:
            kept = [k + s for k, s in zip(kept, shares(rest, [1] * len(full)), strict=True)]
    return kept


def shares(total: int, weights: list[int]) -> list[int]:
    """`total` split in proportion to `weights`, whole units, remainder to the first largest."""
    if not weights:
        return []
    whole = sum(weights)
    if whole <= 0:
        return [total] + [0] * (len(weights) - 1)
    parts = [total * w // whole for w in weights]
    parts[weights.index(max(weights))] += total - sum(parts)
    return parts


def offer(game: Game, split: Split, note: int | None, span: Span) -> None:
    """Leave the other readings' figures (each creditor's cash now, moved by the difference
    the reading makes) for the counts that show the split: those of the bankruptcy line or of
    the line of counts after it, else the creditors' first counts later on (`base` kept), or
    the payments handed over before it (`handed`)."""
    cash = {n: game.state.player(n).cash for n in split.creditors}
    in_force = split.gains[split.reading]
    listed = " and ".join(owner_word(game, c) for c in split.creditors)
    now = _figures(game, cash)
    splits: dict[tuple[int, ...], list[str]] = {}  # the other readings, by the cash they give
    for reading in READINGS:
        if reading == split.reading:
            continue
        gained = split.gains[reading]
        row = tuple(cash[n] + gained.get(n, 0) - in_force.get(n, 0) for n in split.creditors)
        if row != tuple(cash.values()):
            splits.setdefault(row, []).append(reading)
    others = []
    for row, readings in splits.items():
        theirs = dict(zip(split.creditors, row, strict=True))
        reading, *same = readings
        also = "".join(f" (and reading {r}, which shares it so here too)" for r in same)
        message = (
            f"{split.actor} is bankrupt to {listed}: {split.shows} show "
            f"{_SHOWN[reading]} (reading {reading}){also}, {_figures(game, theirs)}; under "
            f"reading {split.reading} in force, {_SHOWN[split.reading]}, {now}"
        )
        others.append(SplitReading("CF-41", reading, "BKR-03", message, theirs))
    if others:
        point = SplitPoint(split.line, span, note, tuple(others))
        if split.line < 0:  # no count next: the creditors' first count later shows it
            point.base = cash
        game.record.split = point


def _figures(game: Game, cash: dict[str, int]) -> str:
    return " and ".join(f"{n} {game.money(c)}" for n, c in cash.items())


def handed(game: Game, actor: str, split: Split | None, several: bool) -> None:
    """The debtor's last cash handed to one creditor before the bankruptcy (`pay`, deals.py),
    the others paid in full: the split the table made, read as counts of the creditors would
    be (count_split.py). A split another reading gives is followed, naming it (A41); one no
    reading gives is the short payment's M715, and the record's split is followed all the
    same. With the bank owed too (no split of the cash alone), the short payment is M715; with
    one creditor, or the creditor the cash went to named as the heir, nothing more is judged
    here (`several` False)."""
    given = game.record.handed
    game.record.handed = None
    if given is None or given.payer != actor:
        return
    if split is None:
        if several and follow.record_settles(game):
            _wrong_amount(game, given)
        return
    point = game.record.split
    game.record.split = None
    kept = dict(split.full)
    kept[given.payee] = given.amount
    in_force = split.gains[split.reading]
    cash = {n: game.state.player(n).cash + kept[n] - in_force.get(n, 0) for n in split.creditors}
    if point is not None and count_split.settle(game, point, cash):
        return
    if all(game.state.player(n).cash == c for n, c in cash.items()):
        return  # the reading in force shares it so
    _wrong_amount(game, given)
    count_split.move_to(game, cash, "bankruptcy: cash as the record paid it", given.span)


def _wrong_amount(game: Game, given: HandedCash) -> None:
    game.emit(
        "M715", given.message, given.span, given.rule, expected=given.due, recorded=given.amount
    )
