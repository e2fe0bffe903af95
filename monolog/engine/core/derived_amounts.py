"""The amounts the replay worked out because the record left them out (a salary, a rent or a
card's money written without its figure): which of them can account for a cash count that
disagrees (the hint of W001, record.py), and each of them reported where it arose when the record
is to write every amount (W014).
"""

from __future__ import annotations

from .game import Game, Transfer

# how many derived amounts a W001 names before it says "and N more"
NAMED = 4
# a W001's hint tries subsets of the last SUBSET_OF derived amounts, keeping at most SUMS sums
SUBSET_OF = 16
SUMS = 4096


def derived_since(game: Game, name: str, start: int) -> list[Transfer]:
    """The ledger entries for `name` from `start` on whose amounts the record did not write."""
    return [t for t in game.transfers[start:] if t.derived and name in (t.payer, t.payee)]


def _effect(t: Transfer, name: str) -> int:
    """What a ledger entry did to `name`'s cash."""
    return t.amount if t.payee == name else -t.amount


def explaining(since: list[Transfer], name: str, gap: int) -> list[Transfer]:
    """The amounts the replay worked out that can account for `gap` (the replay's cash less the
    count): one equal to it with the right sign, else the first few that add up to it. Only
    the last SUBSET_OF of them are tried, and the sums kept are bounded (SUMS), so a long
    stretch without a count stays cheap; empty when none can."""
    for t in since:
        if _effect(t, name) == gap:
            return [t]
    tried = since[-SUBSET_OF:]
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for i, t in enumerate(tried):
        for total, used in list(reach.items()):
            more = total + _effect(t, name)
            if more not in reach and len(reach) < SUMS:
                reach[more] = (*used, i)
        if gap in reach:
            return [tried[j] for j in reach[gap]]
    return []


def explain_gap(game: Game, name: str, since: list[Transfer], gap: int) -> str:
    """The words a W001 ends with: the amounts the replay worked out since the player's last
    agreeing count that can account for `gap`, or that none can."""
    if not since:
        return "; every amount since the last count that agreed was written in the record"
    named = explaining(since, name, gap)
    if not named:
        return (
            "; no amount the replay worked out since the last count that agreed, alone or with "
            f"others, can account for the difference of {game.money(abs(gap))}"
        )
    said = []
    for t in named[:NAMED]:
        way, back, other = ("to", "from", t.payer) if t.payee == name else ("from", "to", t.payee)
        party = f" {back} {other}" if other is not None else ""  # the other player, if any
        said.append(
            f"{game.money(t.amount)} {way} {name}{party} on line {t.span.line} ({t.reason})"
        )
    more = len(named) - NAMED
    rest = f" and {more} more" if more > 0 else ""
    verb = "was" if len(named) == 1 else "were"
    return f"; {game.listing(said)}{rest} {verb} worked out by the replay, not written"


def require_amounts(game: Game) -> None:
    """Every ledger entry the record did not write, reported where it arose (W014)."""
    for t in game.transfers:
        if not t.derived:
            continue
        who = t.payer if t.payer is not None else t.payee
        game.emit(
            "W014",
            f"{game.money(t.amount)} ({t.reason}) is not written: the replay worked it out, "
            "and this record is to write every amount",
            t.span,
            None,
            expected=t.amount,
            recorded=None,
            data={"player": who, "reason": t.reason},
        )
