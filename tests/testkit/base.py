"""A base game for mutation testing: its text, its events, and the table after every event.

`analyse(text)` parses and replays a record once and keeps, for each event, a compact view of the
table before and after it (cash, positions, jail, cards, deeds, the bank's stock). Mutation
operators read these views to find a spot where a mistake can be made unambiguously, and edit the
record's text with the helpers below (one clause of one line, or one inserted line).

`audit_text` replays a record and returns its findings; `legal_prefix` gives the longest part of
a record that audits with no error finding (a base game is only useful when it is legal);
`before_first_exit` gives the part of a record before anyone leaves the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from monolog.editions.model import Edition, Square
from monolog.engine import replay
from monolog.engine.core.state import GameState
from monolog.findings.model import Finding, Severity
from monolog.notation import events as E
from monolog.notation.errors import ParseError
from monolog.notation.parser import parse_text

_WORD = re.compile(r"[A-Z\u00C0-\u024F\u0370-\u1FFF][\w.&'’\-]*$")
# an amount as the grammar writes it: optional currency sign, digits, not part of a word,
# a square number (#12), a count (x2) or a percentage
AMOUNT = re.compile(r"(?<![\w%#.\-])([$£€]?)([0-9]+)(?![0-9%\-]|[,.][0-9])")


@dataclass(frozen=True, slots=True)
class PlayerView:
    cash: int
    position: int
    in_jail: bool
    jail_turns: int
    cards: tuple[str, ...]
    active: bool


@dataclass(frozen=True, slots=True)
class DeedView:
    owner: str | None
    mortgaged: bool
    houses: int
    hotel: bool

    @property
    def level(self) -> int:
        return 5 if self.hotel else self.houses


@dataclass(frozen=True, slots=True)
class View:
    """The table at one moment (after an event)."""

    players: dict[str, PlayerView]
    deeds: dict[int, DeedView]
    bank_houses: int
    bank_hotels: int
    current: str
    over: bool

    def active(self) -> list[str]:
        return [n for n, p in self.players.items() if p.active]


def _view(state: GameState) -> View:
    players = {
        p.name: PlayerView(p.cash, p.position, p.in_jail, p.jail_turns, tuple(p.cards), p.active)
        for p in state.players
    }
    deeds = {i: DeedView(d.owner, d.mortgaged, d.houses, d.hotel) for i, d in state.deeds.items()}
    current = state.current_player.name if state.players else ""
    return View(players, deeds, state.bank_houses, state.bank_hotels, current, state.over)


@dataclass(frozen=True, slots=True)
class Step:
    """One event of the record (not a comment, blank line or tag) and the table around it."""

    index: int  # position among the steps
    event: E.Event
    before: View
    after: View
    turn: int  # how many turn lines have been seen, this one included

    @property
    def line(self) -> int:
        return self.event.span.line


@dataclass
class Analysis:
    """A parsed and replayed base game."""

    text: str
    lines: list[str]  # without line ends
    newline: str
    events: list[E.Event]
    steps: list[Step]
    edition: Edition
    findings: list[Finding]
    readings: dict[str, str] = field(default_factory=dict)  # the CF readings in force

    # ------------------------------------------------------------------ board
    def square(self, index: int) -> Square:
        return self.edition.squares[index]

    def group_of(self, index: int) -> tuple[int, ...]:
        group = self.square(index).group
        return self.edition.groups.get(group, ()) if group else ()

    def turn_steps(self, turn: int) -> list[Step]:
        return [s for s in self.steps if s.turn == turn]

    def first_play_line(self) -> int:
        """The line of the first event that is not a setup line (where setup lines may go)."""
        for s in self.steps:
            if not isinstance(s.event, (E.SetupPlayer, E.SetupBank, E.SetupDeck, E.SetupNext)):
                return s.line
        return len(self.lines) + 1

    def later(self, step: Step) -> list[Step]:
        return self.steps[step.index + 1 :]

    def next_turn_line(self, step: Step) -> int | None:
        """The line of the next turn line (or game end) after `step`: where a turn closes."""
        for s in self.later(step):
            if isinstance(s.event, (E.TurnStart, E.GameEnd)) and s.line > step.line:
                return s.line
        return None

    def cash_margin(self, step: Step, player: str) -> int:
        """The least cash `player` holds after any event from `step` on, while in the game."""
        low = step.before.players[player].cash
        for s in self.steps[step.index :]:
            p = s.after.players[player]
            if not p.active:
                break
            low = min(low, p.cash)
        return low

    def leaves_later(self, step: Step, player: str) -> bool:
        """Whether `player` goes bankrupt or resigns at or after `step`."""
        return not self.steps[-1].after.players[player].active if self.steps else False

    def steady(self, step: Step, loss: dict[str, int]) -> bool:
        """A change of cash from `step` on that cannot change anything but cash notes: every
        player touched stays in the game to the end, and no loser's cash ever drops below what
        it loses."""
        for player, amount in loss.items():
            if player not in step.before.players or self.leaves_later(step, player):
                return False
            if amount > 0 and self.cash_margin(step, player) < amount:
                return False
        return True


def audit_text(text: str, filename: str = "<mutant>") -> list[Finding]:
    """Every finding for a record: a parse error as its one finding, else the replay's."""
    try:
        events = parse_text(text, filename)
    except ParseError as err:
        return [err.finding]
    return list(replay(events, file=filename).findings)


def errors(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity == Severity.ERROR]


@lru_cache(maxsize=16)
def analyse(text: str) -> Analysis:
    """Parse and replay `text` once, keeping the table before and after every event."""
    events = parse_text(text, "<base>")
    views: list[tuple[E.Event, View]] = []

    def observe(ev: E.Event, state: GameState) -> None:
        views.append((ev, _view(state)))

    result = replay(events, observer=observe)
    names = list(result.header.get("Players", "").split(","))
    start = _view(GameState.new(result.edition, [n.strip() for n in names if n.strip()]))
    steps: list[Step] = []
    before = start
    turn = 0
    for i, (ev, after) in enumerate(views):
        if isinstance(ev, E.TurnStart):
            turn += 1
        steps.append(Step(i, ev, before, after, turn))
        before = after
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    return Analysis(
        text,
        lines,
        newline,
        list(events),
        steps,
        result.edition,
        list(result.findings),
        result.readings,
    )


def legal_prefix(text: str) -> tuple[str | None, str | None]:
    """The record itself if it audits with no error finding; else the part of it before the
    first line with an error (when that part is legal), with a note saying what was cut and why;
    (None, reason) when no legal part is left."""
    findings = errors(audit_text(text, "<base>"))
    if not findings:
        return text, None
    first = min(f.span.line for f in findings)
    worst = next(f for f in findings if f.span.line == first)
    reason = f"{worst.code} at line {first}: {worst.message}"
    lines = text.splitlines()
    if first <= 1:
        return None, reason
    cut = "\n".join(lines[: first - 1]) + "\n"
    if errors(audit_text(cut, "<base>")):
        return None, reason
    return cut, f"cut before line {first} ({reason})"


def before_first_exit(text: str) -> tuple[str, int] | None:
    """The record cut before the turn in which a player first leaves the game (goes bankrupt
    or resigns), with the line it was cut at; None when nobody leaves, or the first to leave
    does so in the opening turn.

    A whole simulated game ends when all but one player have left, so every payment between
    two players involves one who leaves later, and a mutation that changes such a payment
    could change how the game ends (`Analysis.steady` refuses those spots). In the part before
    the first exit every player stays to the end, so those spots open up."""
    events = parse_text(text, "<base>")
    exit_line = next((e.span.line for e in events if isinstance(e, (E.Bankrupt, E.Resign))), None)
    if exit_line is None:
        return None
    turn_line = max(
        (e.span.line for e in events if isinstance(e, E.TurnStart) and e.span.line <= exit_line),
        default=None,
    )
    first_turn = next((e.span.line for e in events if isinstance(e, E.TurnStart)), None)
    if turn_line is None or turn_line == first_turn:
        return None
    lines = text.splitlines()
    return "\n".join(lines[: turn_line - 1]) + "\n", turn_line


# ---------------------------------------------------------------------- writing


def square_text(square: Square) -> str:
    """A square's name as the notation writes it: bare when every word is capitalised."""
    words = square.name.split(" ")
    if all(_WORD.match(w) for w in words):
        return square.name
    return '"' + square.name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def span_text(a: Analysis, span: E.Span) -> str:
    return a.lines[span.line - 1][span.column - 1 : span.end_column - 1]


def amounts_in(a: Analysis, span: E.Span) -> list[tuple[int, int, str, int]]:
    """The amounts written inside a one-line span: (start column, end column, sign, value),
    columns 1-based on the line, end exclusive."""
    if span.line != span.end_line:
        return []
    text = span_text(a, span)
    out = []
    for m in AMOUNT.finditer(text):
        out.append((span.column + m.start(2), span.column + m.end(2), m.group(1), int(m.group(2))))
    return out


def replace_columns(a: Analysis, line: int, start: int, end: int, new: str) -> str:
    """The record with columns start..end-1 of `line` replaced by `new`."""
    lines = list(a.lines)
    old = lines[line - 1]
    lines[line - 1] = old[: start - 1] + new + old[end - 1 :]
    return join(a, lines)


def insert_at(a: Analysis, line: int, column: int, clause: str) -> str:
    """The record with ` clause` written at `column` of `line` (before what stood there)."""
    lines = list(a.lines)
    old = lines[line - 1]
    lines[line - 1] = old[: column - 1].rstrip(" \t") + " " + clause + " " + old[column - 1 :]
    lines[line - 1] = lines[line - 1].rstrip(" \t")
    return join(a, lines)


def insert_line(a: Analysis, before: int, new: str, base: list[str] | None = None) -> str:
    """The record with a new line inserted so that it becomes line `before`."""
    lines = list(a.lines if base is None else base)
    lines.insert(before - 1, new)
    return join(a, lines)


def join(a: Analysis, lines: list[str]) -> str:
    end = a.newline if a.text.endswith(("\n", "\r")) else ""
    return a.newline.join(lines) + end
