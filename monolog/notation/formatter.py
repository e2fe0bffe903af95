"""The canonical formatter: events back to text, in one layout for every record.

Parsing the formatter's output gives back the same events (spans aside), and formatting is
idempotent. The layout follows the source's lines: events that stood on one source line stay
on one line, and the kind of each line (turn, continuation, actor, deal, setup, tag) is read
from the events themselves. Comments stay where they were: a `;` comment ends its line, a `{…}`
comment stays after the event it followed. Runs of blank lines become one blank line, and blank
lines at the start or the end of a record are dropped.

Canonical spelling: single spaces, `, ` between list items, amounts as plain numbers (no
currency sign), names exactly as written (bare, "quoted" or #number), `x1` left out of builds,
setup items in the order cash, at, owns, goojf, jail.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from . import events as ev
from .events import Ref
from .parser import parse_text


class FormatError(ValueError):
    """An event that the notation cannot express (only hand-made events can be like that)."""


# --------------------------------------------------------------------------- pieces


def quote(text: str) -> str:
    """`text` as a quoted string of the notation, with `\\` and `"` escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ref(r: Ref) -> str:
    """A name as written: bare, quoted, or `#n`."""
    if r.kind == "quoted":
        return quote(r.text)
    if r.kind == "number":
        return f"#{r.text}"
    return r.text


def _with_amount(head: str, amount: int | None) -> str:
    return head if amount is None else f"{head} {amount}"


def _with_for(head: str, amount: int | None) -> str:
    return head if amount is None else f"{head} for {amount}"


def _refs(keyword: str, squares: Sequence[Ref], amount: int | None) -> str:
    if not squares:
        raise FormatError(f"`{keyword}` needs at least one square")
    return _with_for(f"{keyword} " + ", ".join(ref(s) for s in squares), amount)


def _build_item(item: ev.BuildItem) -> str:
    if item.hotel:
        if item.houses:
            raise FormatError("a build item is either houses or a hotel, not both")
        return f"{ref(item.square)} hotel"
    if item.houses == 1:
        return ref(item.square)  # one house is the default: `x1` is left out
    return f"{ref(item.square)} x{item.houses}"


def _items(keyword: str, items: Sequence[ev.BuildItem], amount: int | None) -> str:
    if not items:
        raise FormatError(f"`{keyword}` needs at least one item")
    return _with_for(f"{keyword} " + ", ".join(_build_item(i) for i in items), amount)


def _sell(e: ev.Sell) -> str:
    """`sell Item, … [to Player] [for amt]`."""
    if e.buyer is None:
        return _items("sell", e.items, e.amount)
    return _with_for(f"{_items('sell', e.items, None)} to {ref(e.buyer)}", e.amount)


def _holding(h: ev.Holding) -> str:
    out = ref(h.square)
    if h.hotel:
        out += " hotel" + (f" x{h.houses}" if h.houses else "")  # houses too: an M120
    elif h.houses:
        out += f" x{h.houses}"
    if h.mortgaged:
        out += " mortgaged"
    return out


def _to(target: Ref | None) -> str:
    return "bank" if target is None else ref(target)


def _auction(e: ev.Auction) -> str:
    parts = ["auction"]
    if e.lot_kind == "square":
        if e.lot is None:
            raise FormatError("an auction of a square needs the square")
        parts.append(ref(e.lot))
    elif e.lot_kind in ("house", "hotel"):
        parts.append(e.lot_kind)
    elif e.lot_kind == "card":
        parts.append("goojf" if e.lot is None else f"goojf {ref(e.lot)}")
    if e.passed:
        parts.append("passed " + ", ".join(ref(p) for p in e.passed))
    if e.winner is None and e.price is None and not e.bids:
        parts.append("nobids")
        return " ".join(parts)
    if e.winner is None or e.price is None or not e.bids:
        raise FormatError(
            "an auction with bids needs a winner and a price, and the other way round"
        )
    parts.append("bids " + ", ".join(f"{ref(b.player)} {b.amount}" for b in e.bids))
    if e.dropped:
        parts.append("out " + ", ".join(ref(p) for p in e.dropped))
    parts.append(f"sold {ref(e.winner)} {e.price}")
    return " ".join(parts)


def _deal_item(item: ev.DealItem) -> str:
    if item.kind == "square" and item.square is not None:
        if item.hotel:
            return f"{ref(item.square)} hotel" + (f" x{item.houses}" if item.houses else "")
        return ref(item.square) + (f" x{item.houses}" if item.houses else "")
    if item.kind == "cash" and item.amount is not None:
        return str(item.amount)
    if item.kind == "card":
        return "goojf" if item.card is None else f"goojf {ref(item.card)}"
    if item.kind == "promise" and item.text is not None:
        return "promise " + quote(item.text)
    raise FormatError(f"a deal item of kind {item.kind!r} lacks its value")


def _deal_side(side: ev.DealSide) -> str:
    gives = ", ".join(_deal_item(i) for i in side.gives) if side.gives else "nothing"
    return f"{_to(side.player)}: {gives}"


def _setup_player(e: ev.SetupPlayer) -> str:
    parts = ["setup", ref(e.player)]
    if e.cash is not None:
        parts.append(f"cash {e.cash}")
    if e.position is not None:
        parts.append(f"at {ref(e.position)}")
    if e.holdings:
        parts.append("owns " + ", ".join(_holding(h) for h in e.holdings))
    for card in e.cards:
        parts.append("goojf" if card is None else f"goojf {ref(card)}")
    if e.jail_turns is not None:
        # `jail` alone means the first turn in jail
        parts.append("jail" if e.jail_turns == 1 else f"jail {e.jail_turns}")
    if len(parts) == 2:
        raise FormatError("a setup line for a player needs at least one item")
    return " ".join(parts)


def _setup_bank(e: ev.SetupBank) -> str:
    parts = ["setup bank"]
    if e.houses is not None:
        parts.append(f"houses {e.houses}")
    if e.hotels is not None:
        parts.append(f"hotels {e.hotels}")
    if e.pot is not None:
        parts.append(f"pot {e.pot}")
    if len(parts) == 1:
        raise FormatError("a setup line for the bank needs houses, hotels or a pot")
    return " ".join(parts)


def comment_text(e: ev.Comment) -> str:
    """The comment exactly as written: `{text}` inline, `;text` to the end of the line."""
    if e.inline:
        if "}" in e.text or "\n" in e.text:
            raise FormatError("an inline comment cannot hold '}' or span lines")
        return "{" + e.text + "}"
    if "\n" in e.text:
        raise FormatError("a `;` comment cannot span lines")
    return ";" + e.text


def format_clause(e: ev.Event) -> str:
    """The canonical text of one event on its own.

    For an action, the clause without its actor (`rent 25 to Ann`); for any other event, the
    text of its line (`[Event "x"]`, `setup bank houses 30`, `12. Ann`, `deal …`), or of the
    comment. A blank line gives the empty string.
    """
    text = _action_text(e)
    if text is None:
        text = _deed_text(e)
    if text is None:
        text = _line_text(e)
    if text is None:
        raise FormatError(f"no canonical text for {type(e).__name__}")
    return text


def _action_text(e: ev.Event) -> str | None:
    """The clause of a move, a payment to the bank, a card or the jail (None for another
    event)."""
    match e:
        case ev.Roll(die1=d1, die2=d2, square=sq):
            return f"{d1}-{d2}" if sq is None else f"{d1}-{d2} {ref(sq)}"
        case ev.Move(square=sq):
            return f"-> {ref(sq)}"
        case ev.Salary(amount=a):
            return _with_amount("salary", a)
        case ev.Buy(amount=a):
            return _with_amount("buy", a)
        case ev.Decline():
            return "decline"
        case ev.Auction():
            return _auction(e)
        case ev.Rent(amount=a, payee=p):
            head = _with_amount("rent", a)
            return head if p is None else f"{head} to {ref(p)}"
        case ev.RentUnclaimed(payee=p):
            return "rent unclaimed" if p is None else f"rent unclaimed to {ref(p)}"
        case ev.Tax(percent=pc, amount=a, counted=counted):
            head = "tax" if pc is None else f"tax {pc}%"
            return _with_amount(head, a) + (" counted" if counted else "")
        case ev.CardDraw(card=c, amount=a):
            return _with_amount(f"card {ref(c)}", a)
        case ev.Dice(die1=d1, die2=d2):
            return f"dice {d1}-{d2}"
        case ev.NoThrow():
            return "dice same"
        case ev.Reshuffle(deck=d):
            return "reshuffle" if d is None else f"reshuffle {ref(d)}"
        case ev.GoToJail():
            return "jail"
        case ev.PayFine(amount=a):
            return _with_amount("fine", a)
        case ev.UseJailCard(card=c):
            return "goojf" if c is None else f"goojf {ref(c)}"
    return None


def _deed_text(e: ev.Event) -> str | None:
    """The clause of a deed's change, a payment between players or a bankruptcy (None for
    another event)."""
    match e:
        case ev.Build(items=items, amount=a):
            return _items("build", items, a)
        case ev.Sell():
            return _sell(e)
        case ev.SellDeed(squares=sqs, amount=a):
            return _refs("sell deed", sqs, a)
        case ev.Mortgage(squares=sqs, amount=a):
            return _refs("mortgage", sqs, a)
        case ev.Unmortgage(squares=sqs, amount=a):
            return _refs("unmortgage", sqs, a)
        case ev.Interest(squares=sqs, amount=a):
            return _refs("interest", sqs, a)
        case ev.Pay(amount=a, to=t):
            return f"pay {a} to {_to(t)}"
        case ev.Bankrupt(creditor=c, to_bank=to_bank):
            # a bare `bankrupt` leaves the creditor to the rules (whoever is owed), and
            # `bankrupt to bank` names the bank: kept apart, as they can differ
            if c is not None and to_bank:
                return f"bankrupt to bank, creditor {ref(c)}"  # CF-82
            if c is not None:
                return f"bankrupt to {ref(c)}"
            return "bankrupt to bank" if to_bank else "bankrupt"
    return None


def _line_text(e: ev.Event) -> str | None:
    """The clause of an ending, a check, a tag, a setup line, a turn's start, a deal or a
    comment (None for another event)."""
    match e:
        case ev.Resign():
            return "resign"
        case ev.Ignored():
            return "ignored"
        case ev.TimeCalled():
            return "time"
        case ev.GameEnd():
            return "end"
        case ev.CashCheck(player=p, amount=a):
            return f"={a}" if p is None else f"={ref(p)} {a}"
        case ev.SquareCheck(player=p, square=s):
            return f"=at {ref(s)}" if p is None else f"={ref(p)} at {ref(s)}"
        case ev.StockCheck(houses=h, hotels=t):
            counts = ([f"houses {h}"] if h is not None else []) + (
                [f"hotels {t}"] if t is not None else []
            )
            return "=bank " + " ".join(counts)
        case ev.PotCheck(amount=a):
            return f"=pot {a}"
        case ev.Dispute(ruling=r):
            return "disputed" if r is None else f"disputed {quote(r)}"
        case ev.Tag(key=k, value=v):
            return f"[{k} {quote(v)}]"
        case ev.SetupPlayer():
            return _setup_player(e)
        case ev.SetupBank():
            return _setup_bank(e)
        case ev.SetupDeck(cards=cards):
            if not cards:
                raise FormatError("`setup deck` needs at least one card")
            return "setup deck " + ", ".join(ref(c) for c in cards)
        case ev.SetupNext(player=p, doubles=d, landing=landing):
            head = f"setup next {ref(p)}"
            head += "" if d is None else f" doubles {d}"
            return head + (" landing" if landing else "")
        case ev.TurnStart(number=n, player=p):
            return f"{n}. {ref(p)}"
        case ev.Deal(first=a, second=b):
            return f"deal {_deal_side(a)} | {_deal_side(b)}"
        case ev.Comment():
            return comment_text(e)
        case ev.BlankLine():
            return ""
    return None


# --------------------------------------------------------------------------- lines

LineKind = Literal["trivia", "single", "deal", "turn", "cont", "actor"]


@dataclass
class _Line:
    """One output line in the making."""

    kind: LineKind
    end_line: int
    actor: Ref | None = None
    parts: list[str] = field(default_factory=list)
    closed: bool = False  # a `;` comment ends the line: nothing may follow it
    start: int = 0  # the source line it began on

    def continues(self, e: ev.Event) -> bool:
        """Whether `e` stood on the same source line as what this line holds so far."""
        return not self.closed and e.span.line == self.end_line


def _kind_of(e: ev.Event) -> LineKind:
    """The kind of line an event begins when it cannot join the line before it."""
    if isinstance(e, ev.TurnStart):
        return "turn"
    if isinstance(e, ev.Action):
        return "cont" if e.actor is None else "actor"
    if isinstance(e, ev.Deal):
        return "deal"  # takes the checksums written after it, which name their player
    return "single"  # tags and setup lines stand alone


def _joins(line: _Line, e: ev.Event) -> bool:
    """Whether `e` continues `line`: an action of the same actor on the same source line."""
    if not isinstance(e, ev.Action) or not line.continues(e):
        return False
    if line.kind == "deal":
        return isinstance(e, ev.CashCheck) and e.actor is None and e.player is not None
    if e.actor is None:
        return line.kind in ("turn", "cont")
    return line.kind == "actor" and line.actor == e.actor


def _layout(events: Iterable[ev.Event]) -> list[_Line | None]:
    """Group events into output lines; None stands for one blank line."""
    lines: list[_Line | None] = []
    cur: _Line | None = None
    for e in events:
        if isinstance(e, ev.BlankLine):
            cur = None
            if lines and lines[-1] is not None:
                lines.append(None)
            continue
        text = format_clause(e)
        # a comment stays on the line it stood on, and a line that holds only comments so far
        # takes any event that stood on it
        if cur is None or not (
            cur.continues(e)
            and (isinstance(e, ev.Comment) or cur.kind == "trivia" or _joins(cur, e))
        ):
            cur = _Line("trivia", e.span.line, start=e.span.line)
            lines.append(cur)
        if isinstance(e, ev.Comment):
            cur.closed = not e.inline
        elif cur.kind == "trivia":
            cur.kind = _kind_of(e)
            if isinstance(e, ev.Action) and e.actor is not None:
                cur.actor = e.actor
                cur.parts.append(ref(e.actor))
        cur.parts.append(text)
        cur.end_line = e.span.end_line
    while lines and lines[-1] is None:
        lines.pop()
    return lines


def event_lines(events: Iterable[ev.Event]) -> dict[int, str]:
    """The canonical text of the events of each source line they stood on, by its number: how
    a record written as an event stream shows the event under a finding, or beside a row."""
    out: dict[int, str] = {}
    for line in _layout(events):
        if line is not None and line.parts and line.start:
            text = " ".join(line.parts)
            out[line.start] = f"{out[line.start]} {text}" if line.start in out else text
    return out


def canonical_events(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The events a record holds once formatted: no blank line at the start or the end of the
    record, and no two blank lines in a row. Parsing `format_events(x)` gives exactly
    `canonical_events(x)`."""
    out: list[ev.Event] = []
    for e in events:
        if isinstance(e, ev.BlankLine) and (not out or isinstance(out[-1], ev.BlankLine)):
            continue
        out.append(e)
    while out and isinstance(out[-1], ev.BlankLine):
        out.pop()
    return out


def format_events(events: Iterable[ev.Event]) -> str:
    """The canonical text of a record: one line per source line group, ending in a newline
    (the empty string for a record with nothing in it)."""
    lines = _layout(events)
    if not lines:
        return ""
    return "\n".join("" if line is None else " ".join(line.parts) for line in lines) + "\n"


def format_text(text: str, filename: str = "<record>") -> str:
    """Parse a record and give its canonical text. Raises ParseError like the parser."""

    return format_events(parse_text(text, filename))
