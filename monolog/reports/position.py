"""The position at a moment of the game: what a referee sees on the table after a line or a turn.

`--at 120` is the table after the last event on or before line 120; `--at t35` the table at the
end of turn 35. Shown: each player's cash, square, jail and cards; every owned deed with its
buildings and mortgage; the bank's houses and hotels; and each deck as far as its order is known.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..engine.core.state import GameState
from ..engine.money.worth import worth
from ..findings.model import shown_name
from ..visible import visible
from .fitted import FirstThatFits
from .game import Game
from .ledger import card_words, title_of

_AT_RE = re.compile(r"^\s*(?:(?P<turn>[tT])\s*)?(?P<n>\d+)\s*$")


@dataclass(frozen=True, slots=True)
class At:
    """A moment asked for: a line number, or (turn=True) the end of a turn."""

    number: int
    turn: bool

    def words(self) -> str:
        return f"turn {self.number}" if self.turn else f"line {self.number}"


def parse_at(text: str) -> At:
    """`120` (a line) or `t35` (a turn); ValueError with a one-line reason otherwise."""
    m = _AT_RE.match(text)
    if m is None:
        raise ValueError(f"--at {text!r}: expected a line number like 120 or a turn like t35")
    return At(int(m["n"]), m["turn"] is not None)


@dataclass(frozen=True, slots=True)
class Position:
    """The table at a moment: the snapshot, the worths, and where in the record it was taken."""

    at: At
    line: int  # the line of the last event applied (0: before any)
    turn: int
    snapshot: dict[str, Any]
    worth: dict[str, int]


def position_at(game: Game, at: At) -> Position:
    """The table at `at`; ValueError when the record has no such line or turn."""
    if at.turn:
        last = game.last_turn()
        if at.number > last:
            raise ValueError(f"--at t{at.number}: the record ends at turn {last}")
        moment = game.moment_after_turn(at.number)
    else:
        if not 1 <= at.number <= max(len(game.lines), 1):
            raise ValueError(f"--at {at.number}: the record has {len(game.lines)} lines")
        moment = game.moment_at_line(at.number)
    if moment is None:
        state = GameState.new(game.edition, game.players)

        return Position(at, 0, 0, state.snapshot(game.edition), worth(state, game.edition))
    return Position(at, moment.line, moment.turn, moment.snapshot, moment.worth)


def render_position(game: Game, pos: Position) -> list[RenderableType]:
    """The position as Rich renderables: players, deeds, the bank, the decks."""

    ed = game.edition
    snap = pos.snapshot
    heading = Text(title_of(game, "Position"), style="bold")
    whose = f", {snap['player']}'s" if snap.get("player") and pos.turn else ""
    where = (
        f"after line {pos.line} (turn {pos.turn}{whose})" if pos.line else "before the first event"
    )
    sub = Text(f"{shown_name(game.file)} · {ed.title} · at {pos.at.words()}: {where}", style="dim")

    out: list[RenderableType] = [heading, sub, _players_table(game, pos)]
    deeds, with_bank = _deeds_table(game, snap)
    if deeds is not None:
        out.append(deeds)
    else:
        out.append(Text("No deed is owned yet.", style="dim"))
    bank = snap["bank"]
    bank_line = Text(
        f"The {ed.word('bank')} holds {bank['houses']} {ed.word('houses')} and "
        f"{bank['hotels']} {ed.word('hotels')}; {with_bank} deed"
        f"{'s' if with_bank != 1 else ''} unsold."
    )
    out.append(bank_line)
    out.extend(_decks(game, snap))
    return out


def _players_table(game: Game, pos: Position) -> FirstThatFits:
    """A row per player: cash, square, jail, cards, worth; in the first form that fits."""
    money = game.money
    snap = pos.snapshot
    players = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for name, justify in (
        ("Player", "left"),
        ("Cash", "right"),
        ("Square", "left"),
        ("Jail", "left"),
        ("Cards", "left"),
        ("Worth", "right"),
        ("", "left"),
    ):
        players.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    # the narrow forms, where the columns do not fit whole: the rest of a row, wrapped
    few = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    few.add_column("Player", no_wrap=True)
    few.add_column("Cash", justify="right", no_wrap=True)
    few.add_column("Worth", justify="right", no_wrap=True)
    few.add_column("Square, jail and cards", min_width=8, overflow="fold")
    player_lines = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    player_lines.add_column("Players", overflow="fold")
    for name, p in snap["players"].items():
        # the coming jail turn, the number a `setup … jail N` line writes (docs/notation.md)
        jail = f"in jail, jail turn {p['jail_turns'] + 1} next" if p["in_jail"] else "-"
        status = "bankrupt" if p["bankrupt"] else "resigned" if p["resigned"] else ""
        cards = ", ".join(card_words(c, game) for c in p["cards"])
        players.add_row(
            visible(name),
            money(p["cash"]),
            p["position"],
            jail,
            cards or "-",
            money(pos.worth.get(name, 0)),
            Text(status, style="dim"),
        )
        parts = [p["position"]] + ([jail] if p["in_jail"] else []) + ([cards] if cards else [])
        rest = Text("; ".join(parts))
        if status:
            rest.append(f"; {status}", style="dim")
        few.add_row(visible(name), money(p["cash"]), money(pos.worth.get(name, 0)), rest)
        line = Text(
            f"{visible(name)}: cash {money(p['cash'])}, worth {money(pos.worth.get(name, 0))}; "
        )
        line.append_text(rest)
        player_lines.add_row(line)

    return FirstThatFits(players, few, player_lines)


def _deeds_table(game: Game, snap: dict[str, Any]) -> tuple[FirstThatFits | None, int]:
    """A row per deed owned (None when none is), and how many deeds the bank still holds."""
    ed = game.edition
    deeds = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    deeds.add_column("Deed", no_wrap=True)
    deeds.add_column("Group", no_wrap=True)
    deeds.add_column("Owner", no_wrap=True)
    deeds.add_column("Buildings", no_wrap=True)
    deeds.add_column("Mortgaged", no_wrap=True)
    narrow_deeds = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    narrow_deeds.add_column("Deed", min_width=8, overflow="fold")
    narrow_deeds.add_column("Owner", no_wrap=True)
    narrow_deeds.add_column("Group, buildings, mortgage", min_width=8, overflow="fold")
    deed_lines = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    deed_lines.add_column("Deeds", overflow="fold")
    with_bank = 0
    for sq in ed.squares:
        if not sq.ownable:
            continue
        d = snap["deeds"][sq.name]
        if d["owner"] is None:
            with_bank += 1
            continue
        if d["hotel"]:
            built = f"1 {ed.word('hotel')}"
        elif d["houses"]:
            built = f"{d['houses']} {ed.word('house' if d['houses'] == 1 else 'houses')}"
        else:
            built = "-"
        group = ed.group_word(sq.group) if sq.group else ""
        deeds.add_row(
            sq.name, group, visible(d["owner"]), built, "mortgaged" if d["mortgaged"] else "-"
        )
        state = [w for w in (group, "" if built == "-" else built) if w]
        if d["mortgaged"]:
            state.append("mortgaged")
        narrow_deeds.add_row(sq.name, d["owner"], "; ".join(state) or "-")
        deed_lines.add_row(f"{sq.name}: {'; '.join([d['owner'], *state])}")
    if not deeds.row_count:
        return None, with_bank
    return FirstThatFits(deeds, narrow_deeds, deed_lines), with_bank


def _decks(game: Game, snap: dict[str, Any]) -> list[RenderableType]:
    """One line per deck: the order as far as known, top first; `?` where a card is unknown."""

    ed = game.edition
    out: list[RenderableType] = []
    for key, deck in snap.get("decks", {}).items():
        name = ed.decks[key].name if key in ed.decks else ed.word(key)
        order = [c if c is not None else "?" for c in deck["order"]]
        known = sum(1 for c in deck["order"] if c is not None)
        state = "order known" if deck["known"] else f"{known} of {len(order)} places known"
        line = Text(f"{name} ({state}, top first): ", style="bold")
        line.append(" ".join(order) if order else "(empty)")
        if deck["held"]:
            line.append(f"; held by players: {', '.join(deck['held'])}", style="dim")
        out.append(line)
    return out
