"""`monolog record`: the scorekeeper's line editor, on a terminal or fed through a pipe.

Each line typed is read against the game so far (session.py) and what it means is shown before
it is kept: where tokens went, the money it moved and why, everyone's cash, and any finding in
the words and codes `monolog audit` uses. A line with a rule violation is kept only when the
scorekeeper says so: the record is what happened at the table. Without a terminal, lines are
read from standard input, every readable line is kept, and the exit code is the audit's.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable

from ..editions import DEFAULT_EDITION, list_editions
from ..editions.house_rules import load_house_rules
from ..findings.model import Finding, Severity
from ..reports.console import render_plain
from ..reports.game import GameError, load_game
from ..reports.ledger import build_ledger, render_ledger
from .disk import RecordFileError
from .session import Outcome, Session

HELP = """\
Type the record's lines as the game goes: a turn (`12. Ann 3-4 Vermont Avenue buy 100`), a
second roll (`2-1 Oriental Avenue rent 6`), an actor line (`Ben build Boardwalk`), a deal, a
comment (`; ...`). Tab completes names, squares, cards and the clause a square calls for.
Commands: undo (take the last line back out), state (the table now), ledger (every payment),
help, quit (or Ctrl-D). Every kept line is on disk at once."""

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE = 0, 1, 2
# a count written in the record that the replay disagrees with: cash, square, bank stock, pool
COUNT_CODES = frozenset({"W001", "W015", "W016", "W017"})


def finding_line(f: Finding, file: str) -> str:
    """A finding as `monolog audit` prints it: `file:line:col  CODE  message  [RULE]`."""
    where = f"{f.file or file}:{f.span.line}:{f.span.column}" if f.span.line else file
    text = f"{where}  {f.code}  {f.message}"
    return text + (f"  [{f.rule}]" if f.rule else "")


def describe(session: Session, outcome: Outcome) -> list[str]:
    """What the line means, in the lines shown under it."""
    if outcome.error is not None:
        return [outcome.error.rstrip("\n"), "not kept: the line cannot be read"]
    money = session.money
    bank = session.edition.word("bank")
    out = [f"  {m}" for m in outcome.moves]
    for t in outcome.money:
        out.append(
            f"  {t.payer or bank} pays {t.payee or bank} {money(t.amount)}"
            + (f": {t.reason}" if t.reason else "")
        )
    for f in outcome.findings:
        out.append("  " + finding_line(f, str(session.path)))
    if outcome.cash:
        out.append("  cash: " + cash_words(session, outcome.cash))
    return out


def cash_words(session: Session, cash: dict[str, int]) -> str:
    return " · ".join(f"{name} {session.money(amount)}" for name, amount in cash.items())


def state_lines(session: Session) -> list[str]:
    """The table now: each player's cash, square, jail, cards and deeds; the bank's stock."""
    st = session.game.state
    ed = session.edition
    out = []
    for p in st.players:
        deeds = []
        for d in st.deeds.values():
            if d.owner != p.name:
                continue
            name = ed.squares[d.square].name
            if d.hotel:
                name += f" ({ed.word('hotel')})"
            elif d.houses:
                name += f" ({d.houses})"
            if d.mortgaged:
                name += " [mortgaged]"
            deeds.append(name)
        where = "in jail" if p.in_jail else f"on {ed.squares[p.position].name}"
        status = " (bankrupt)" if p.bankrupt else " (resigned)" if p.resigned else ""
        cards = f"; cards {', '.join(p.cards)}" if p.cards else ""
        out.append(f"{p.name}{status}: {session.money(p.cash)}, {where}{cards}")
        out.append(f"  deeds: {', '.join(deeds) or '-'}")
    out.append(
        f"{ed.word('bank')}: {st.bank_houses} {ed.word('houses')}, "
        f"{st.bank_hotels} {ed.word('hotels')}"
    )
    return out


def ledger_text(session: Session) -> str:
    """The record's ledger as `monolog ledger` prints it (read from the file, kept lines only)."""
    try:
        game = load_game(str(session.path))
    except GameError as exc:
        return str(exc)
    return render_plain(render_ledger(build_ledger(game)))


def toolbar_text(session: Session) -> str:
    """The bottom line: running cash, whose turn, and the next turn line, as the kept lines
    leave them (a line shown but not yet kept changes nothing here)."""
    cash = session.kept_cash
    parts = [cash_words(session, cash)] if cash else ["no players yet"]
    nxt = session.kept_next
    if nxt is not None:
        parts.append(f"next: {nxt[0]}. {nxt[1]}")
    parts.append(f"{len(session.lines)} lines in {session.path.name}")
    return "  |  ".join(parts)


class Desk:
    """The loop shared by the terminal and the pipe: read a line, show it, keep it or not."""

    def __init__(
        self,
        session: Session,
        write: Callable[[str], None],
        confirm: Callable[[str], bool] | None,
    ) -> None:
        self.session = session
        self.write = write
        self.confirm = confirm  # None: keep every readable line (no one to ask)
        self.unreadable = False
        self.stopped = False  # the file could not be written as it should: nothing more is
        self.lines_read = 0

    def _stop(self, exc: RecordFileError) -> None:
        self.write(str(exc))
        self.stopped = True

    def command(self, text: str) -> bool:
        """Run a prompt command; False when `text` is not one."""
        word = text.strip()
        s = self.session
        if word == "help":
            self.write(HELP)
        elif word == "state":
            self.write("\n".join(state_lines(s)))
        elif word == "ledger":
            self.write(ledger_text(s).rstrip("\n"))
        elif word == "undo":
            try:
                last = s.undo()
            except RecordFileError as exc:
                self._stop(exc)
                return True
            self.write(f"undone: {last}" if last is not None else "nothing to undo")
            if last is not None:
                self.write("  cash: " + cash_words(s, s.cash()))
        else:
            return False
        return True

    def line(self, text: str) -> Outcome | None:
        """Handle one typed line; the outcome, or None for a command."""
        if self.command(text):
            return None
        self.lines_read += 1
        s = self.session
        outcome = s.try_line(text)
        for shown in describe(s, outcome):
            self.write(shown)
        if outcome.error is not None:
            self.unreadable = True
            return outcome
        keep = True
        question = _question(outcome)
        if question and self.confirm is not None:
            keep = self.confirm(question)
        if keep:
            try:
                s.keep()
            except RecordFileError as exc:
                self._stop(exc)
                return outcome
            outcome.kept = True
            note = (
                " (with the violation: the record is what happened)" if outcome.violations else ""
            )
            self.write(f"kept as line {outcome.line}{note}")
        else:
            s.drop()
            self.write("not kept: type the line again as it should be")
        return outcome

    def exit_code(self) -> int:
        """As `monolog audit` would exit on the record now: 2 unreadable (or the file could not
        be written), 1 violations, 0."""
        if self.unreadable or self.stopped:
            return EXIT_UNREADABLE
        if any(f.severity is Severity.ERROR for f in self.session.findings()):
            return EXIT_FINDINGS
        return EXIT_CLEAN


def _question(outcome: Outcome) -> str | None:
    """What to ask before the line is kept: a rule broken, or a count that differs."""
    if outcome.violations:
        return "This line breaks a rule. Keep it as what happened? [y/N] "
    if any(f.code in COUNT_CODES for f in outcome.findings):
        return "This count differs from the replay. Keep it as counted at the table? [y/N] "
    return None


def header_lines(
    players: str,
    edition: str,
    variant: str,
    house_rules: Iterable[str],
    today: datetime.date,
    event: dict[str, str] | None = None,
) -> list[str]:
    """The tag lines a new record starts with (`event`: Event, Round and Table, where given)."""
    names = ", ".join(n.strip() for n in players.split(",") if n.strip())
    lines = [
        f'[{key} "{_tag_value(value)}"]' for key, value in (event or {}).items() if value.strip()
    ]
    lines += [
        f'[Date "{today:%Y.%m.%d}"]',
        f'[Edition "{edition}"]',
        f'[Variant "{variant}"]',
        f'[Players "{names}"]',
    ]
    lines += [f'[HouseRule "{rule.strip()}"]' for rule in house_rules if rule.strip()]
    return lines


def _tag_value(value: str) -> str:
    """A tag's value as the notation writes it inside quotes."""
    return value.strip().replace("\\", "\\\\").replace('"', '\\"')


def ask_header(ask: Callable[[str, list[str]], str]) -> list[str]:
    """Ask for the event, round and table, the players, edition, variant and house rules; the
    header's lines."""
    event = {
        "Event": ask("Event (Enter for none): ", []),
        "Round": ask("Round (Enter for none): ", []),
        "Table": ask("Table (Enter for none): ", []),
    }
    players = ""
    while len([n for n in players.split(",") if n.strip()]) < 2:
        players = ask("Players, in seating order (Ann, Ben, Cal): ", [])
    editions = [str(e) for e in list_editions()]
    edition = ask(f"Edition [{DEFAULT_EDITION}]: ", editions).strip() or DEFAULT_EDITION
    variant = ask("Variant [standard]: ", ["standard", "short", "time-limit"]).strip()
    rules = ask("House rules, comma separated (Enter for none): ", list(load_house_rules()))
    return header_lines(
        players, edition, variant or "standard", rules.split(","), datetime.date.today(), event
    )


def resumed_lines(session: Session) -> list[str]:
    """What a record carried on already holds: its length, and every finding in it so far."""
    found = session.findings()
    out = [f"{session.path}: {len(session.lines)} lines read; carrying on from the end"]
    if found:
        out.append(f"findings so far ({len(found)}):")
        out += ["  " + finding_line(f, str(session.path)) for f in found]
    else:
        out.append("no findings so far")
    return out


def piped_text(raw: bytes | str) -> str:
    """A line read from a pipe as text; bytes that are not UTF-8 are kept as lone surrogates
    (the session reports them as P002 at the line) and the next line is still read."""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "surrogateescape")
    return raw.rstrip("\r\n")


def shown(text: str) -> str:
    """Text as it can be printed: a byte that is not UTF-8 as the replacement character."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def run_piped(
    session: Session, stdin: Iterable[bytes] | Iterable[str], write: Callable[[str], None]
) -> int:
    """Read lines from a pipe; show each; keep every readable one; exit as the audit would."""
    desk = Desk(session, write, confirm=None)
    for raw in stdin:
        text = piped_text(raw)
        if text.strip() in ("quit", "exit"):
            break
        write(f"> {shown(text)}")
        desk.line(text)
        if desk.stopped:
            break
    write(toolbar_text(session))
    return desk.exit_code()
