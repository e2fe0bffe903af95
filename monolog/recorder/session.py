"""A record kept line by line at the table: each new line is parsed and applied to the game so
far, and what it means is worked out before the line is kept.

The engine's game is kept between lines (`engine.replay.begin` once, then `step` for each new
line's events), so a line costs its own parse and its own events, not a replay of the whole
record: on a 200-line game that is what makes the answer come at once (the figure is printed by
tests/test_record_session.py). Going back (undo, or a line the scorekeeper does not keep) replays
the kept lines again: that is rare, and a replay is exact.

Kept lines go to the file at once, each in one write synced to disk before the next prompt; the
file is only ever changed as this program last left it (disk.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..editions.model import Edition, Square
from ..engine.core.game import Game, Transfer
from ..engine.core.replay import begin, step
from ..findings.model import Finding, Severity
from ..findings.report import source_lines
from ..notation import ParseError
from ..notation import events as E
from ..notation.parser import decode_source, parse_text, read_source
from .disk import RecordFile


@dataclass(slots=True)
class Outcome:
    """What a typed line means: the error that keeps it from being read, or its effects."""

    line: int
    text: str
    error: str | None = None  # the located parse error (the line cannot be kept)
    moves: list[str] = field(default_factory=list)  # "Ann: GO -> Vermont Avenue"
    money: list[Transfer] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    cash: dict[str, int] = field(default_factory=dict)
    kept: bool = False

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]


class Session:
    """One record file and the engine's game after its kept lines."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.file = RecordFile(path)  # its stamp is taken before it is read
        text = "" if self.file.stamp is None else read_source(self.path)
        # the first line kept goes on a line of its own, even after a last line with no newline
        self._open_line = bool(text) and not text.endswith(("\n", "\r"))
        self.lines: list[str] = source_lines(text.removeprefix("\ufeff")) if text else []
        self.game = self._rebuild()
        self._pending: tuple[str, int, int] | None = None  # a line applied, not yet kept
        self.kept_cash = self.cash()  # the table as the kept lines leave it
        self.kept_next = self.next_turn()

    # ---------------------------------------------------------------- reading the game so far
    def _rebuild(self) -> Game:
        """The game after the kept lines, replayed from the start."""
        text = "".join(line + "\n" for line in self.lines)
        events: list[E.Event] = []
        if text.strip() and not all(_is_quiet(line) for line in self.lines):
            # raises ParseError on a record broken before this session: it is not carried on
            events = parse_text(text, str(self.path))
        self.header_events = [ev for ev in events if isinstance(ev, E.Tag)]
        game = begin(events, file=str(self.path))
        # at the table every place is shown as its line is kept: an engine profile's readings
        # stay in force, but its points are not counted for a summary no session prints
        game.edition = replace(game.edition, engine=None)
        _step_all(game, events)
        return game

    @property
    def edition(self) -> Edition:
        return self.game.edition

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.game.state.players]

    def money(self, amount: int) -> str:
        return self.edition.money(amount)

    def cash(self) -> dict[str, int]:
        return {p.name: p.cash for p in self.game.state.players}

    def findings(self) -> list[Finding]:
        return list(self.game.findings)

    # ---------------------------------------------------------------- a new line
    def try_line(self, text: str) -> Outcome:
        """Parse and apply `text` as the next line; `keep` or `drop` it afterwards."""
        if self._pending is not None:
            raise RuntimeError("the last line is neither kept nor dropped")
        number = len(self.lines) + 1
        outcome = Outcome(number, text)
        text = text.rstrip("\r\n")
        unreadable = self._not_utf8(text, number)
        if unreadable is not None:
            outcome.error = unreadable
            return outcome
        if _is_quiet(text):
            self._pending = (text, len(self.game.findings), len(self.game.transfers))
            outcome.cash = self.cash()
            return outcome
        try:
            # blank lines before it give the parser the line's number, so errors are located
            events = parse_text("\n" * (number - 1) + text + "\n", str(self.path))
        except ParseError as exc:
            outcome.error = exc.render()
            return outcome
        tags = [ev for ev in events if isinstance(ev, E.Tag)]
        if tags and any(
            not _is_quiet(line) and not line.lstrip().startswith("[") for line in self.lines
        ):
            outcome.error = (
                f"{self.path}:{number}:1: a tag belongs in the header, before the first move; "
                "it would not change this game now"
            )
            return outcome
        before_findings = len(self.game.findings)
        before_money = len(self.game.transfers)
        where = {p.name: p.position for p in self.game.state.players}
        if tags:  # the header grows: the game starts again from it
            seen = {_key(f) for f in self.game.findings}
            self.lines.append(text)
            self.game = self._rebuild()
            self.lines.pop()
            self._pending = (text, len(self.game.findings), len(self.game.transfers))
            has_players = any(t.key == "Players" for t in self.header_events)
            outcome.findings = [
                f
                for f in self.game.findings
                if _key(f) not in seen and (has_players or f.code != "M900")
            ]
            outcome.cash = self.cash()
            return outcome
        else:
            _step_all(self.game, events)
        self._pending = (text, before_findings, before_money)
        squares = self.edition.squares
        for p in self.game.state.players:
            if where.get(p.name, p.position) != p.position:
                outcome.moves.append(
                    f"{p.name}: {squares[where[p.name]].name} → {squares[p.position].name}"
                )
        outcome.money = list(self.game.transfers[before_money:])
        outcome.findings = list(self.game.findings[before_findings:])
        outcome.cash = self.cash()
        return outcome

    def _not_utf8(self, text: str, number: int) -> str | None:
        """The located P002 for a line holding bytes that are not UTF-8 (read from a pipe or a
        terminal as lone surrogates), else None."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            data = text.encode("utf-8", "surrogateescape")
            try:
                decode_source(b"\n" * (number - 1) + data, str(self.path))
            except ParseError as exc:
                return exc.render()
            return f"{self.path}:{number}:1: the line is not UTF-8 text"  # not reached
        return None

    def keep(self) -> None:
        """Keep the line tried last: append it to the file, whole, and put it on disk now.

        Raises RecordFileError (the line is then not kept, and the file is as it was)."""
        if self._pending is None:
            return
        text = self._pending[0]
        data = ("\n" if self._open_line else "") + text + "\n"
        try:
            self.file.append(data.encode("utf-8"), len(self.lines) + 1)
        except Exception:
            self._pending = None
            self.game = self._rebuild()
            raise
        self._open_line = False
        self.lines.append(text)
        self._pending = None
        self._note_kept()

    def _note_kept(self) -> None:
        self.kept_cash = self.cash()
        self.kept_next = self.next_turn()

    def drop(self) -> None:
        """Forget the line tried last: the game goes back to the kept lines."""
        if self._pending is None:
            return
        self._pending = None
        self.game = self._rebuild()
        self._note_kept()

    def undo(self) -> str | None:
        """Take the last kept line out of the record (and the file); the line, or None."""
        if not self.lines:
            return None
        data = "".join(line + "\n" for line in self.lines[:-1])
        self.file.rewrite(data.encode("utf-8"))  # raises RecordFileError: nothing changed
        last = self.lines.pop()
        self._open_line = False
        self.game = self._rebuild()
        self._note_kept()
        return last

    # ---------------------------------------------------------------- what comes next
    def turn_player(self) -> str | None:
        st = self.game.state
        return st.current_player.name if st.players and st.turn else None

    def next_turn(self) -> tuple[int, str] | None:
        """The number and player of the next turn line, as the seating goes."""
        st = self.game.state
        if not st.players:
            return None
        active = [p.name for p in st.players if p.active]
        if not active:
            return None
        if not st.turn:
            return 1, st.current_player.name
        seats = [p.name for p in st.players]
        i = seats.index(st.current_player.name)
        for k in range(1, len(seats) + 1):
            name = seats[(i + k) % len(seats)]
            if name in active:
                return st.turn + 1, name
        return None

    def square_of(self, player: str) -> Square:
        return self.edition.squares[self.game.state.player(player).position]

    def reached(self, player: str, total: int) -> Square:
        """The square `total` pips from where `player` stands."""
        here = self.game.state.player(player).position
        return self.edition.squares[(here + total) % len(self.edition.squares)]


def _step_all(game: Game, events: list[E.Event]) -> None:
    """Step each event, telling it the one that follows (an `ignored` there changes it)."""
    played = [ev for ev in events if not isinstance(ev, (*E.TRIVIA, E.Tag))]
    for at, ev in enumerate(played):
        step(game, ev, played[at + 1] if at + 1 < len(played) else None)


def _key(f: Finding) -> tuple[str, int, int, str]:
    return (f.code, f.span.line, f.span.column, f.message)


def _is_quiet(line: str) -> bool:
    """A blank line or a comment: kept as written, nothing to apply."""
    stripped = line.strip()
    return not stripped or stripped.startswith(";")
