"""The counts written with a bankruptcy to several creditors, read as the split of the cash.

How several creditors share a bankrupt player's cash is an open point (CF-41). When the
bankruptcy line goes on with counts of the creditors (`Ann bankrupt =Ben 1510 =Cal 1500`), or
the record writes them next, on a line of counts with nothing played between, those counts show
which split the table made; with none written there, so do the creditors' first counts later on,
each reading's figures moved by what the creditors' cash did since. The bankruptcy handler
leaves a `SplitPoint` (the other readings' figures); the counts of that line are held until its
last one, then:

- they agree with the replay (the reading in force) or leave the creditors out: judged as any
  count;
- every creditor counted has the figure of another reading, one at least differing from the
  replay: that reading is followed in full (each creditor's cash as it gives), its A code is
  filed as a warning naming it in place of the note on the reading in force, and the counts
  then agree;
- otherwise they follow no reading, and each disagreeing count is its own W001, as any count.
"""

from __future__ import annotations

from ...notation.events import CashCheck, Span
from .game import Game
from .pending_state import SplitPoint, SplitReading

__all__ = ["hold", "move_to", "settle"]


def hold(game: Game, ev: CashCheck, name: str | None) -> list[tuple[CashCheck, str]]:
    """Take the count `ev` of `name` (None: a player not known, reported already) while a
    split point waits: the counts to judge now, in the record's order (none while more counts
    of the bankruptcy line follow)."""
    point = game.record.split
    mine = [] if name is None else [(ev, name)]
    if point is not None and point.base is not None:
        if name is None or name not in point.base:
            return mine  # not a creditor's count: the split waits for one
        _rebase(game, point, ev.span.line)
    if point is None or ev.span.line != point.line:
        game.record.split = None
        return mine
    point.held.extend(mine)
    after = game.follow.next
    if isinstance(after, CashCheck) and after.span.line == point.line:
        return []
    game.record.split = None
    _settle(game, point)
    return point.held


def _rebase(game: Game, point: SplitPoint, line: int) -> None:
    """A split waiting since its bankruptcy, met by a creditor's count on `line`: each
    reading's figures moved by what each creditor's cash did since, and the counts of that
    line held as a bankruptcy line's."""
    base = point.base or {}
    since = {n: game.state.player(n).cash - c for n, c in base.items()}
    point.readings = tuple(
        r._replace(cash={n: c + since.get(n, 0) for n, c in r.cash.items()}) for r in point.readings
    )
    point.base, point.line = None, line


def _settle(game: Game, point: SplitPoint) -> None:
    """The reading the held counts show, followed; nothing when they show none."""
    settle(game, point, {name: ev.amount for ev, name in point.held})


def settle(game: Game, point: SplitPoint, counts: dict[str, int]) -> bool:
    """The reading `counts` (creditor -> cash) show, followed; False when they show none (or
    agree with the reading in force too)."""
    for other in point.readings:
        counted = {n: a for n, a in counts.items() if n in other.cash}
        if not counted or any(other.cash[n] != a for n, a in counted.items()):
            continue
        if all(game.state.player(n).cash == a for n, a in counted.items()):
            return False  # the counts agree with the reading in force too
        _follow(game, point, other)
        return True
    return False


def _follow(game: Game, point: SplitPoint, other: SplitReading) -> None:
    """The cash as `other` shares it, every creditor's, moved between the creditors; the
    note on the reading in force replaced by the warning naming `other`."""
    move_to(game, other.cash, f"bankruptcy: cash (reading {other.reading})", point.span)
    filed = game.ambiguous(other.cf, other.message, point.span, other.rule, follows=other.reading)
    if point.note is None:
        return
    findings = game.findings
    if filed is None:
        findings.withdraw(point.note)
        return
    # in the note's place, so that the line's findings keep their order
    findings.withdraw(findings.last)
    findings.put(point.note, filed)


def move_to(game: Game, cash: dict[str, int], reason: str, span: Span) -> None:
    """Each creditor's cash set to `cash` by moving it between them (what one gains another
    gives up)."""
    gains = {n: c - game.state.player(n).cash for n, c in cash.items()}
    owing = {n: -d for n, d in gains.items() if d < 0}
    for taker, want in gains.items():
        for giver, left in owing.items():
            moved = min(want, left)
            if moved > 0:
                game.transfer(giver, taker, moved, reason, span, derived=False)
                owing[giver] = left - moved
                want -= moved
