"""A comparison as people read it (Rich renderables) and as programs read it (one JSON document).

Text: the ruling asked for against the one in force, where the disputed point arose, the first
event where the two games part (and where they meet again), the findings that appear or go,
each player's cash and worth at the end under both rulings, and one verdict line per player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..editions.readings import load_readings
from ..findings.model import Finding, shown_name
from ..findings.render import SEVERITY_STYLES
from .compare import Comparison, Divergence, verdicts

JSON_SCHEMA = 1
_TEXT_CLIP = 60


def _where(file: str | None, line: int, column: int) -> str:
    place = f"{line}:{column}" if line else "end"
    return f"{shown_name(file)}:{place}" if file else place


def _clip(text: str, width: int = _TEXT_CLIP) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _finding_line(f: Finding, file: str | None, indent: str = "  ") -> Text:
    t = Text(indent)
    t.append(_where(file, f.span.line, f.span.column), style="bold")
    t.append("  ")
    t.append(f.code, style=SEVERITY_STYLES[f.severity])
    t.append("  " + f.message)
    if f.rule:
        t.append(f"  [{f.rule}]", style="dim")
    return t


def ruling_words(comparison: Comparison) -> list[str]:
    """Per ruling: `CF-04 no-extra-roll -> extra-roll (the CF item's title)`."""

    items = load_readings()
    out = []
    for cf, (in_force, alternative) in comparison.rulings.items():
        title = items[cf].title if cf in items else ""
        out.append(f"{cf} {in_force} -> {alternative}" + (f" ({title})" if title else ""))
    return out


def render_text(
    comparison: Comparison, header: dict[str, str] | None = None
) -> list[RenderableType]:
    """The comparison as renderables, in reading order."""

    c = comparison
    file = c.file
    money = c.edition.money
    out: list[RenderableType] = []
    head = Text(shown_name(file or "<record>"), style="bold")
    who = _identity(header or {})
    if who:
        head.append("  " + who)
    out.append(head)
    for words in ruling_words(c):
        out.append(Text("ruling in force -> alternative: " + words))

    out.append(Text())
    out.append(Text("Where the disputed point arises", style="bold"))
    if not c.applied:
        out.append(Text("  nowhere: the engine reports no such point in this record"))
    for side, f in c.applied:
        t = _finding_line(f, file)
        t.append(f"  ({side})", style="dim")
        out.append(t)

    out.append(Text())
    out.append(Text("First divergence", style="bold"))
    out.extend(_divergence(c.divergence, c.rejoined, file))

    out.append(Text())
    out.append(Text(f"Becomes illegal under the alternative ({len(c.illegal)})", style="bold"))
    out.extend(_finding_line(f, file) for f in c.illegal)
    out.append(Text(f"Becomes legal under the alternative ({len(c.legal)})", style="bold"))
    out.extend(_finding_line(f, file) for f in c.legal)
    if c.changed:
        out.append(Text(f"Still illegal, for another reason ({len(c.changed)})", style="bold"))
        for before, after in c.changed:
            out.append(_finding_line(before, file))
            out.append(Text("    under the alternative: " + after.message))
    if c.other:
        counts: dict[tuple[str, str], int] = {}
        for side, f in c.other:
            counts[(f.severity.value, side)] = counts.get((f.severity.value, side), 0) + 1
        words = ", ".join(
            f"{n} {sev}{'s' if n != 1 and sev != 'info' else ''} only in the {side}"
            for (sev, side), n in sorted(counts.items())
        )
        out.append(Text(f"Other findings that differ: {words} (see --format json)", style="dim"))

    out.append(Text())
    table = Table(title=None, box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("at the end", no_wrap=True)
    for name in ("cash", "alt", "diff", "worth", "alt", "diff"):
        table.add_column(name, justify="right", no_wrap=True)
    for o in c.outcomes:
        table.add_row(
            o.name,
            money(o.cash[0]),
            money(o.cash[1]),
            _signed(o.cash_delta, money),
            money(o.worth[0]),
            money(o.worth[1]),
            _signed(o.worth_delta, money),
        )
    out.append(table)

    out.append(Text())
    for v in verdicts(c):
        style = "green" if v.amount > 0 else "red" if v.amount < 0 else ""
        out.append(Text(v.text, style=style))
    return out


def _signed(amount: int, money: Any) -> str:
    if amount == 0:
        return "0"
    return ("+" if amount > 0 else "") + str(money(amount))


def _divergence(
    d: Divergence | None, rejoined: Divergence | None, file: str | None
) -> list[RenderableType]:
    if d is None:
        return [Text("  none: the two games are the same event by event, findings included")]
    head = Text("  ")
    if d.index is None:
        head.append("after the last event, when the game is closed")
    else:
        head.append(_where(file, d.span.line, d.span.column), style="bold")
        head.append("  " + _clip(d.text))
    out: list[RenderableType] = [head]
    if d.source:
        out.append(Text("    | " + _clip(d.source.strip(), 100), style="dim"))
    for diff in d.differences:
        out.append(Text("    " + diff.text))
    if rejoined is not None:
        out.append(
            Text(
                f"  the tables agree again after "
                f"{_where(file, rejoined.span.line, rejoined.span.column)}  {_clip(rejoined.text)}",
                style="dim",
            )
        )
    return out


def _identity(header: dict[str, str]) -> str:
    parts = [header["Event"]] if header.get("Event") else []
    parts += [f"{k.lower()} {header[k]}" for k in ("Round", "Table") if header.get(k)]
    text = ", ".join(parts)
    if header.get("Players"):
        text = f"{text} ({header['Players']})" if text else header["Players"]
    return text


# --------------------------------------------------------------------------- JSON
def _finding_data(f: Finding) -> dict[str, Any]:
    return {
        "code": f.code,
        "severity": f.severity.value,
        "line": f.span.line,
        "column": f.span.column,
        "message": f.message,
        "rule": f.rule,
    }


def _divergence_data(d: Divergence | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {
        "line": d.span.line or None,
        "column": d.span.column or None,
        "event": d.text,
        "differences": [
            {
                "kind": x.kind,
                "subject": x.subject,
                "original": x.original,
                "alternative": x.alternative,
                "delta": x.delta,
                "text": x.text,
            }
            for x in d.differences
        ],
    }


def to_document(comparison: Comparison, unchanged: Sequence[str] = ()) -> dict[str, Any]:
    """The comparison as JSON-ready data (`schema` versions the shape)."""
    c = comparison
    rejoined = c.rejoined
    return {
        "schema": JSON_SCHEMA,
        "file": c.file,
        "edition": c.edition.key,
        "rulings": [
            {"cf": cf, "in_force": a, "alternative": b} for cf, (a, b) in c.rulings.items()
        ],
        "unchanged": list(unchanged),
        "arises": [{"side": side, **_finding_data(f)} for side, f in c.applied],
        "divergence": _divergence_data(c.divergence),
        "rejoined": None
        if rejoined is None
        else {"line": rejoined.span.line, "column": rejoined.span.column, "event": rejoined.text},
        "illegal": [_finding_data(f) for f in c.illegal],
        "legal": [_finding_data(f) for f in c.legal],
        "changed": [
            {"original": _finding_data(a), "alternative": _finding_data(b)} for a, b in c.changed
        ],
        "other": [{"side": side, **_finding_data(f)} for side, f in c.other],
        "players": [
            {
                "name": o.name,
                "cash": {"original": o.cash[0], "alternative": o.cash[1], "diff": o.cash_delta},
                "worth": {
                    "original": o.worth[0],
                    "alternative": o.worth[1],
                    "diff": o.worth_delta,
                },
            }
            for o in c.outcomes
        ],
        "verdict": [{"player": v.name, "worth": v.amount, "text": v.text} for v in verdicts(c)],
    }
