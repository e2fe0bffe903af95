"""Standings: a tournament table over many records (the games of an event's rounds and tables).

Each game places its players as the settlement ranks them (settlement.py: the winner first, then
those who went out, the later the better, the players still in at the end by final worth) and
gives each place its points from a scheme. Players who share a place (equal worth among those
still in, or out at the same event) share the points of the places they cover evenly.

Totals are ranked by points, then by the sum of final worths, then by wins, then by name
(ignoring case). Players are matched across games by name, ignoring case; names that differ
only in case or spacing are reported. Games that cannot be read are listed and not counted;
games with rule violations are marked (and left out under `strict`); a game that stops before
its end is counted by its worth ranking and marked unfinished.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml

from .. import shallow_yaml
from ..files import EDITION_LIMIT_VARIABLE, read_regular
from ..findings.model import Severity
from .game import Game, GameError
from .settled import load_settled
from .settlement import Settlement, settle

JSON_SCHEMA = 1
# A club scheme: the win is worth clearly most, each lower place a little less, and a place
# beyond the list scores nothing (docs/reports.md, "Standings").
DEFAULT_POINTS: tuple[Fraction, ...] = tuple(Fraction(p) for p in (5, 3, 2, 1))
UNFINISHED_MARK = "*"
VIOLATION_MARK = "!"
TIEBREAKS = ("points", "worth", "wins", "name")


# --------------------------------------------------------------------------- points


def parse_points(text: str) -> tuple[Fraction, ...]:
    """`5,3,2,1` -> the points for 1st, 2nd, …; ValueError with a one-line reason otherwise."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise ValueError(f"--points {text!r}: expected numbers separated by commas, e.g. 5,3,2,1")
    return check_points([_number(p, f"--points {text!r}") for p in parts], f"--points {text!r}")


def load_points_file(path: str) -> tuple[Fraction, ...]:
    """A YAML file holding the points as a list (`[5, 3, 2, 1]`) or under a `points:` key."""

    where = f"--points-file {path}"
    try:
        text = read_regular(path, EDITION_LIMIT_VARIABLE).decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ValueError(f"{where}: cannot read ({reason})") from None
    try:
        data = shallow_yaml.safe_load(text)  # nested without end: a YAML error, at its line
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise ValueError(f"{where}{at}: {problem}") from None
    if isinstance(data, dict) and set(data) == {"points"}:
        data = data["points"]
    if not isinstance(data, list) or not data:
        raise ValueError(f"{where}: expected a list of points, e.g. [5, 3, 2, 1], or points: [...]")
    values = []
    for item in data:
        if isinstance(item, bool) or not isinstance(item, (int, float, str)):
            raise ValueError(f"{where}: {item!r} is not a number")
        values.append(_number(str(item), where))
    return check_points(values, where)


def _number(text: str, where: str) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{where}: {text.strip()!r} is not a number") from None
    return value


def check_points(values: Sequence[Fraction], where: str) -> tuple[Fraction, ...]:
    """Points must be non-negative and never rise from one place to the next."""
    for i, v in enumerate(values):
        if v < 0:
            raise ValueError(f"{where}: place {i + 1} has negative points ({format_points(v)})")
        if i and v > values[i - 1]:
            raise ValueError(
                f"{where}: place {i + 1} scores more than place {i} "
                f"({format_points(v)} > {format_points(values[i - 1])})"
            )
    return tuple(values)


def points_for(scheme: Sequence[Fraction], place: int, shared_by: int = 1) -> Fraction:
    """Points for `place` (1-based) shared by `shared_by` players, who between them cover
    places place … place+shared_by-1 and split those places' points evenly; 0 beyond the list."""
    covered = [
        scheme[p - 1] if p <= len(scheme) else Fraction(0) for p in range(place, place + shared_by)
    ]
    return sum(covered, Fraction(0)) / shared_by


def format_points(value: Fraction) -> str:
    """`5`, `2.5`, `3.33`: whole numbers bare, others to two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def points_json(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else round(float(value), 4)


def describe_scheme(scheme: Sequence[Fraction]) -> str:
    return ", ".join(format_points(p) for p in scheme) + " (later places 0)"


# --------------------------------------------------------------------------- one game


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's result in one game."""

    name: str  # as the game spells it
    place: int  # 1-based; players sharing a place have the same number
    shared_by: int
    points: Fraction
    worth: int
    won: bool
    status: str  # "in", "bankrupt" or "resigned"


@dataclass(slots=True)
class GameResult:
    """A readable game as the standings count it."""

    file: str
    event: str
    round: str
    table: str
    currency: str
    placings: list[Placing]
    finished: bool
    violations: int  # error-severity findings (rule violations)
    result_disagrees: bool  # the Result tag disagrees with the settlement (W101)
    excluded: bool = False

    @property
    def label(self) -> str:
        """`r1 t2`, or the file's name when the record has no Round or Table tag."""
        parts = [f"r{self.round}" if self.round else "", f"t{self.table}" if self.table else ""]
        text = " ".join(p for p in parts if p)
        return text or Path(self.file).name

    @property
    def marks(self) -> str:
        return (UNFINISHED_MARK if not self.finished else "") + (
            VIOLATION_MARK if self.violations else ""
        )


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A record that cannot be read, parsed or replayed: the located first line of the error."""

    file: str
    message: str


def placings(settlement: Settlement, scheme: Sequence[Fraction]) -> list[Placing]:
    """The settlement's ranking as places with points.

    The order is the settlement's; only ties are found here: players still in with equal worth,
    or players out at the same event, share a place.
    """

    def tie_key(w: Any) -> tuple[object, ...]:
        if w.status == "in":
            return ("in", w.total)
        return ("out", settlement.exits.get(w.name, (0, 0, 0))[:2])

    ranking = settlement.ranking
    groups: list[list[Any]] = []
    for w in ranking:
        if groups and tie_key(groups[-1][0]) == tie_key(w):
            groups[-1].append(w)
        else:
            groups.append([w])
    out: list[Placing] = []
    place = 1
    for group in groups:
        pts = points_for(scheme, place, len(group))
        for w in group:
            won = w.name in settlement.winners
            out.append(Placing(w.name, place, len(group), pts, w.total, won, w.status))
        place += len(group)
    return out


def score_game(game: Game, scheme: Sequence[Fraction]) -> GameResult:
    """The standings' view of one replayed game."""
    settlement = settle(game)
    header = game.header
    violations = sum(1 for f in game.findings if f.severity is Severity.ERROR)
    return GameResult(
        file=game.file,
        event=header.get("Event", "").strip(),
        round=header.get("Round", "").strip(),
        table=header.get("Table", "").strip(),
        currency=game.edition.currency,
        placings=placings(settlement, scheme),
        finished=settlement.finished,
        violations=violations,
        result_disagrees=bool(settlement.findings),
    )


def read_game(path: str, scheme: Sequence[Fraction]) -> GameResult | Unreadable:
    """Load and score one record; a record that cannot be used becomes an Unreadable."""
    if os.path.isdir(path):  # os.path's check answers False where pathlib's would raise
        return Unreadable(path, f"{path}: P001 a folder with no .mlog records")
    try:
        game = load_settled(path)  # the settlement's moments only
    except GameError as exc:
        return Unreadable(path, str(exc).splitlines()[0] if str(exc) else path)
    except Exception as exc:  # an engine failure is reported, never a traceback
        detail = " ".join(str(exc).split())
        return Unreadable(
            path, f"{path}: P900 internal error while replaying ({type(exc).__name__}: {detail})"
        )
    try:
        return score_game(game, scheme)
    except Exception as exc:
        detail = " ".join(str(exc).split())
        return Unreadable(
            path, f"{path}: P900 internal error while settling ({type(exc).__name__}: {detail})"
        )


# --------------------------------------------------------------------------- the table


@dataclass(slots=True)
class Entry:
    """One player's line in the standings."""

    name: str
    points: Fraction = Fraction(0)
    worth: int = 0
    wins: int = 0
    games: list[tuple[GameResult, Placing]] = field(default_factory=list)
    place: int = 0
    shared: bool = False  # the place is shared with another player

    @property
    def played(self) -> int:
        return len(self.games)

    def sort_key(self) -> tuple[object, ...]:
        return (-self.points, -self.worth, -self.wins, self.name.casefold(), self.name)

    def tie_key(self) -> tuple[object, ...]:
        return (self.points, self.worth, self.wins)


@dataclass(slots=True)
class Standings:
    entries: list[Entry]
    games: list[GameResult]
    unreadable: list[Unreadable]
    scheme: tuple[Fraction, ...]
    strict: bool
    notes: list[str] = field(default_factory=list)

    @property
    def counted(self) -> list[GameResult]:
        return [g for g in self.games if not g.excluded]

    @property
    def currency(self) -> str | None:
        """The one currency of every counted game, or None when they mix currencies."""
        found = {g.currency for g in self.counted}
        return found.pop() if len(found) == 1 else None

    def money(self, amount: int) -> str:
        cur = self.currency
        sign = "-" if amount < 0 else ""
        return f"{sign}{cur or ''}{abs(amount):,}"


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """`2` before `10`; words after numbers."""
    return tuple(
        (0, int(p)) if p.isdigit() else (1, p.casefold()) for p in re.findall(r"\d+|\D+", text)
    )


def game_order(g: GameResult) -> tuple[object, ...]:
    return (g.event.casefold(), _natural(g.round), _natural(g.table), g.file)


def rank(entries: Iterable[Entry]) -> list[Entry]:
    """Order by points, worth, wins, then name; equal points, worth and wins share a place."""
    ordered = sorted(entries, key=Entry.sort_key)
    for i, e in enumerate(ordered):
        if i and ordered[i - 1].tie_key() == e.tie_key():
            e.place = ordered[i - 1].place
            e.shared = ordered[i - 1].shared = True
        else:
            e.place = i + 1
    return ordered


def build_standings(
    results: Iterable[GameResult | Unreadable],
    scheme: Sequence[Fraction] = DEFAULT_POINTS,
    *,
    strict: bool = False,
) -> Standings:
    """Total the games into standings; `strict` leaves out games with rule violations."""
    games: list[GameResult] = []
    unreadable: list[Unreadable] = []
    for r in results:
        (unreadable if isinstance(r, Unreadable) else games).append(r)  # type: ignore[arg-type]
    games.sort(key=game_order)
    unreadable.sort(key=lambda u: u.file)
    notes: list[str] = []
    entries: dict[str, Entry] = {}
    spellings: dict[str, list[str]] = {}
    for g in games:
        for p in g.placings:
            key = p.name.casefold()
            seen = spellings.setdefault(key, [])
            if p.name not in seen:
                seen.append(p.name)
        if strict and g.violations:
            g.excluded = True
            continue
        for p in g.placings:
            key = p.name.casefold()
            entry = entries.setdefault(key, Entry(spellings[key][0]))
            entry.points += p.points
            entry.worth += p.worth
            entry.wins += int(p.won)
            entry.games.append((g, p))
    for key in sorted(spellings):
        names = spellings[key]
        if len(names) > 1:
            shown = " and ".join(names)
            notes.append(f"{shown} differ only in case: counted as one player, {names[0]}")
    squeezed: dict[str, list[str]] = {}
    for key in sorted(spellings):
        squeezed.setdefault("".join(key.split()), []).append(spellings[key][0])
    for names in squeezed.values():
        if len(names) > 1:
            shown = " and ".join(names)
            notes.append(f"{shown} differ only in spacing: counted as different players")
    for g in games:
        if g.excluded:
            count = f"{g.violations} rule violation{'s' if g.violations != 1 else ''}"
            notes.append(f"{g.file} ({g.label}) left out under --strict: {count}")
    standings = Standings(rank(entries.values()), games, unreadable, tuple(scheme), strict, notes)
    if standings.counted and standings.currency is None:
        found = ", ".join(sorted({g.currency for g in standings.counted}))
        notes.append(f"the games use different currencies ({found}): worth totals add the amounts")
    return standings


def collect(
    files: Iterable[str],
    scheme: Sequence[Fraction] = DEFAULT_POINTS,
    *,
    strict: bool = False,
    reader: Callable[[str, Sequence[Fraction]], GameResult | Unreadable] = read_game,
) -> Standings:
    """Read every record and total them."""
    return build_standings((reader(f, scheme) for f in files), scheme, strict=strict)
