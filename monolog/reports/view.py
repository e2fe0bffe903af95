"""`monolog view`: one self-contained HTML page that shows a recorded game on its board.

Everything is worked out here, in Python, from one replay (reports/game.py keeps the table after
every event): the state after each line, packed small and embedded as JSON; the ledger as an
HTML table; the cash and worth chart and the settlement as SVG; the findings with, for a disputed
ruling, what the other reading would have changed (monolog/dispute). The page's script
(view.js) only shows the embedded states as the reader steps through the lines. The page loads
nothing: no script, style, font or picture from anywhere else. The board is the viewer's own
layout (view_board.py); every string from the record, its edition or its file name reaches the
page through view_escape.py, and only the page's own script and style run (by their hashes).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..dispute import compare, run_side
from ..editions.readings import load_readings
from ..engine.core.state import GameState
from ..engine.money.worth import worth
from ..findings.model import Finding
from .board import GROUP_COLOURS, PLAYER_COLOURS, player_colour
from .chart import worth_series
from .game import Game, Moment
from .ledger import (
    FindingRow,
    MoneyRow,
    StockRow,
    build_ledger,
    card_words,
    stock_words,
    title_of,
)
from .settlement import settle
from .view_board import BOARD_CSS, geometry, player_marks, static_board
from .view_escape import esc, policy, script_json

# a deed's state packed in one number: owner seat + 1 (0: the bank), houses, hotel, mortgage
_OWNER_BITS = 0x7
_HOUSES_SHIFT = 3
_HOTEL = 1 << 6
_MORTGAGED = 1 << 7


@dataclass(frozen=True, slots=True)
class Alternative:
    """What one other reading of a disputed point would have changed."""

    cf: str
    reading: str
    first: str  # where the games part, in words
    changes: list[str]
    outcome: list[str]


def pack_state(game: Game, moment: Moment | None, seats: dict[str, int]) -> list[Any]:
    """The table after a moment as short lists (the page has one per line of the record):
    [turn, player, cash[], square[], jail[], cards[], out[], deeds[], bank houses, bank hotels,
    worth[]]; jail is -1 out of jail, else the turns spent there; out is 0 in the game, 1
    bankrupt, 2 resigned; deeds are in board order of the ownable squares."""
    ed = game.edition
    if moment is None:
        state = GameState.new(ed, game.players)
        snap = state.snapshot(ed)
        worths = worth(state, ed)
        turn = 0
    else:
        snap, worths, turn = moment.snapshot, moment.worth, moment.turn
    index = {s.name: s.index for s in ed.squares}
    players = [snap["players"][n] for n in game.players]
    deeds = []
    for sq in ed.squares:
        if not sq.ownable:
            continue
        d = snap["deeds"][sq.name]
        packed = (seats[d["owner"]] + 1) if d["owner"] in seats else 0
        packed |= min(d["houses"], 7) << _HOUSES_SHIFT
        packed |= _HOTEL if d["hotel"] else 0
        packed |= _MORTGAGED if d["mortgaged"] else 0
        deeds.append(packed)
    return [
        turn,
        seats.get(snap.get("player") or "", -1),
        [p["cash"] for p in players],
        [index[p["position"]] for p in players],
        [p["jail_turns"] if p["in_jail"] else -1 for p in players],
        [list(p["cards"]) for p in players],
        [1 if p["bankrupt"] else 2 if p["resigned"] else 0 for p in players],
        deeds,
        snap["bank"]["houses"],
        snap["bank"]["hotels"],
        [worths.get(n, 0) for n in game.players],
    ]


def line_states(game: Game) -> tuple[list[list[Any]], list[int]]:
    """The distinct states and, for each line of the record, the index of the state after it
    (the table after the last event on or before the line)."""
    seats = {name: i for i, name in enumerate(game.players)}
    last: dict[int, Moment] = {}
    for m in game.moments:
        last[m.line] = m  # the last event that starts on the line
    states = [pack_state(game, None, seats)]
    per_line: list[int] = []
    for n in range(1, len(game.lines) + 1):
        if n in last:
            states.append(pack_state(game, last[n], seats))
        per_line.append(len(states) - 1)
    return states, per_line


def alternatives(game: Game, every: bool = False) -> dict[str, list[Alternative]]:
    """What each other reading of a disputed ruling would have changed, as `monolog dispute`
    works it out: for the rulings (A-codes) on lines the table disputed (`disputed` in the
    record), or with `every` for every ruling the replay applied. Each reading costs a replay
    of the whole record, which is why the rulings nobody disputed are left out by default."""
    disputed_lines = {f.span.line for f in game.findings if f.code == "I001"}
    cfs = sorted(
        {
            "CF-" + f.code[1:]
            for f in game.findings
            if _is_ruling(f) and (every or f.span.line in disputed_lines)
        }
    )
    if not cfs:
        return {}
    items = load_readings()
    original = run_side(game.events, None, file=game.file, edition=game.edition)
    out: dict[str, list[Alternative]] = {}
    for cf in cfs:
        item = items.get(cf)
        if item is None:
            continue
        in_force = original.readings.get(cf, item.default)
        for reading in item.readings:
            if reading == in_force:
                continue
            rulings = {cf: reading}
            other = run_side(
                game.events, rulings, file=game.file, edition=game.edition, alternative_of=original
            )
            comparison = compare(original, other, rulings, game.lines, file=game.file)
            d = comparison.divergence
            if d is None:
                first, changes = "nothing would have changed", []
            elif d.index is None:
                first, changes = "the games part only at the close", [x.text for x in d.differences]
            else:
                first = f"the games part at line {d.span.line}: {d.text}"
                changes = [x.text for x in d.differences]
            outcome = [
                f"{o.name}: worth {game.money(o.worth[0])} → {game.money(o.worth[1])}"
                for o in comparison.outcomes
                if o.worth_delta or o.cash_delta
            ]
            out.setdefault(cf, []).append(
                Alternative(cf, reading, first, changes[:8], outcome or ["the same worths"])
            )
    return out


def _is_ruling(f: Finding) -> bool:
    return _is_ruling_code(f.code)


def _is_ruling_code(code: str) -> bool:
    """A ruling: the replay applied one reading of a disputed point (A01, A04, ...)."""
    return len(code) == 3 and code[0] == "A" and code[1:].isdigit()


def _finding_data(f: Finding, alts: dict[str, list[Alternative]]) -> dict[str, Any]:
    data: dict[str, Any] = {
        "line": f.span.line,
        "col": f.span.column,
        "code": f.code,
        "severity": f.severity.value,
        "message": f.message,
        "rule": f.rule or "",
    }
    if _is_ruling(f):
        data["alternatives"] = [
            {
                "cf": a.cf,
                "reading": a.reading,
                "first": a.first,
                "changes": a.changes,
                "outcome": a.outcome,
            }
            for a in alts.get("CF-" + f.code[1:], [])
        ]
    return data


# --------------------------------------------------------------------------- the page's parts


def ledger_table(game: Game) -> str:
    """The ledger as an HTML table (one row per movement; findings and the bank's stock too)."""
    ledger = build_ledger(game)

    def money(amount: int) -> str:
        return esc(game.money(amount))

    players = game.players
    head = "".join(f"<th class=num>{esc(n)}</th>" for n in players)
    rows = [
        "<table class=ledger><thead><tr><th class=num>Turn</th><th class=num>Line</th>"
        f"<th>Payer → payee</th><th class=num>Amount</th><th>What</th>{head}</tr></thead><tbody>",
        "<tr><td></td><td></td><td></td><td></td><td class=dim>opening cash</td>"
        + "".join(f"<td class=num>{money(ledger.opening[n])}</td>" for n in players)
        + "</tr>",
    ]
    bank = game.edition.word("bank")
    blank = "<td></td>" * len(players)
    for r in ledger.rows:
        if isinstance(r, MoneyRow):
            cash = "".join(f"<td class=num>{money(r.balances[n])}</td>" for n in players)
            rows.append(
                f"<tr data-line={r.line}><td class=num>{r.turn}</td><td class=num>{r.line}</td>"
                f"<td>{esc(r.payer or bank)} → {esc(r.payee or bank)}</td>"
                f"<td class=num>{money(r.amount)}</td>"
                f"<td>{esc(card_words(r.reason or '', game))}</td>{cash}</tr>"
            )
        elif isinstance(r, StockRow):
            rows.append(
                f"<tr data-line={r.line} class=dim><td class=num>{r.turn}</td>"
                f"<td class=num>{r.line}</td><td>{esc(bank)}</td><td></td>"
                f"<td>{esc(stock_words(game, r))}</td>{blank}</tr>"
            )
        elif isinstance(r, FindingRow):
            f = r.finding
            rows.append(
                f"<tr data-line={r.line} class='finding {_sev(f)}'><td class=num>{r.turn}</td>"
                f"<td class=num>{r.line}</td><td>! {esc(f.code)}</td><td></td>"
                f"<td>{esc(f.message)}{f' [{esc(f.rule)}]' if f.rule else ''}</td>"
                f"{blank}</tr>"
            )
    rows.append("</tbody></table>")
    return "\n".join(rows)


def _sev(f: Finding) -> str:
    return f.severity.value


def _nice_step(span: float, ticks: int) -> float:
    raw = max(span / ticks, 1.0)
    magnitude = float(10 ** (len(str(int(raw))) - 1))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * magnitude:
            return m * magnitude
    return 10.0 * magnitude


def money_chart(game: Game) -> tuple[str, dict[str, Any]]:
    """Cash (dashed) and worth (solid) per player at the end of every turn, as an SVG line
    chart with labelled axes; and the scale, so the page can mark the turn shown."""
    series = worth_series(game)
    turns = series.turns
    cash_at: dict[int, dict[str, int]] = {
        0: {n: game.edition.rules.starting_cash for n in game.players}
    }
    for m in game.moments:
        cash_at[m.turn] = {n: p["cash"] for n, p in m.snapshot["players"].items()}
    cash = {n: [cash_at.get(t, {}).get(n, 0) for t in turns] for n in game.players}
    width, height, left, right, top, bottom = 760, 300, 70, 20, 20, 44
    values = [v for s in (*series.worth.values(), *cash.values()) for v in s] or [0]
    step = _nice_step(max(values) - min(0, *values), 5)
    high: float = step * -(-(max(values) or 1) // step)
    low: float = step * (min(0, *values) // step)
    first, last = turns[0], max(turns[-1], turns[0] + 1)

    def x(t: float) -> float:
        return 1.0 * left + (t - first) * (width - left - right) / (last - first)

    def y(v: float) -> float:
        return 1.0 * top + (high - v) * (height - top - bottom) / (high - low)

    parts = [
        f'<svg class=chart viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Cash and worth per player over the turns">'
    ]
    v = float(low)
    while v <= high + 1e-9:
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" class=grid />'
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" class="tick end">'
            f"{esc(game.money(int(v)))}</text>"
        )
        v += step
    tstep = max(1, int(_nice_step(last - first, 8)))
    t = float(first)
    while t <= last:
        parts.append(
            f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{height - bottom}" '
            f'y2="{height - bottom + 5}" class=axis />'
            f'<text x="{x(t):.1f}" y="{height - bottom + 17}" class="tick mid">{t:g}</text>'
        )
        t += tstep
    parts.append(
        f'<line x1="{left}" x2="{left}" y1="{top}" y2="{height - bottom}" class=axis />'
        f'<line x1="{left}" x2="{width - right}" y1="{height - bottom}" '
        f'y2="{height - bottom}" class=axis />'
        f'<text x="{(left + width - right) / 2}" y="{height - 6}" class="label mid">Turn</text>'
        f'<text x="14" y="{(top + height - bottom) / 2}" class="label mid" '
        f'transform="rotate(-90 14 {(top + height - bottom) / 2})">'
        f"{esc(game.edition.currency)} (cash dashed, worth solid)</text>"
    )
    for i, name in enumerate(game.players):
        colour = player_colour(i)
        for kind, data in (("worth", series.worth[name]), ("cash", cash[name])):
            points = " ".join(
                f"{x(tt):.1f},{y(vv):.1f}" for tt, vv in zip(turns, data, strict=True)
            )
            dash = ' stroke-dasharray="5 3"' if kind == "cash" else ""
            parts.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.6"'
                f"{dash}><title>{esc(name)}: {kind}</title></polyline>"
            )
    parts.append(
        f'<line id=chart-now x1="{left}" x2="{left}" y1="{top}" y2="{height - bottom}" class=now />'
    )
    parts.append("</svg>")
    scale = {"left": left, "right": width - right, "first": first, "last": last}
    return "".join(parts), scale


# the parts of a settlement bar: shades no player and no colour group has
SETTLEMENT_COLOURS = (("cash", "#c9b98f"), ("deeds", "#77838f"), ("buildings", "#3f3a52"))


def settlement_bars(game: Game) -> str:
    """A bar per player split into cash, deeds and buildings, with the totals and the outcome."""
    s = settle(game)
    rows = [
        (
            w.name,
            w.cash,
            w.deeds_value + w.mortgaged_value,
            w.houses_value + w.hotels_value,
            w.status,
        )
        for w in s.ranking
    ]
    top = max((max(c, 0) + d + b for _, c, d, b, _ in rows), default=1) or 1
    width, label, bar_h, gap = 760, 110, 22, 12
    usable = width - label - 110
    colours = SETTLEMENT_COLOURS
    height = len(rows) * (bar_h + gap) + 40
    parts = [
        f'<svg class=bars viewBox="0 0 {width} {height}" role="img" '
        'aria-label="Settlement: each player\'s worth in cash, deeds and buildings">'
    ]
    for k, (name, cash, deeds, built, status) in enumerate(rows):
        yy = 10 + k * (bar_h + gap)
        parts.append(f'<text x="{label - 8}" y="{yy + 15}" class="label end">{esc(name)}</text>')
        xx = float(label)
        for (part, colour), value in zip(colours, (max(cash, 0), deeds, built), strict=True):
            w = value * usable / top
            if w > 0:
                parts.append(
                    f'<rect x="{xx:.1f}" y="{yy}" width="{w:.1f}" height="{bar_h}" '
                    f'fill="{colour}"><title>{esc(name)}: {part} {esc(game.money(value))}'
                    "</title></rect>"
                )
            xx += w
        total = cash + deeds + built
        note = "" if status == "in" else f" ({status})"
        parts.append(
            f'<text x="{xx + 6:.1f}" y="{yy + 15}" class=label>{esc(game.money(total))}'
            f"{esc(note)}</text>"
        )
    ly = height - 14
    for k, (part, colour) in enumerate(colours):
        parts.append(
            f'<rect x="{label + k * 110}" y="{ly - 10}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{label + k * 110 + 17}" y="{ly}" class=label>{part}</text>'
        )
    parts.append("</svg>")
    winner = f"Winner: {', '.join(s.winners)}." if s.winners else "No winner yet:"
    outcome = f"{winner} {s.how}"
    return f"<p>{esc(outcome)}</p>" + "".join(parts)


def page_findings(game: Game, every_ruling: bool = False) -> list[dict[str, Any]]:
    """The findings as `monolog audit` reports them: the replay's, and the Result tag checked
    (W101), in line order, with the other readings of the disputed rulings."""
    alts = alternatives(game, every_ruling)
    found = sorted(
        [*game.findings, *settle(game).findings], key=lambda f: (f.span.line, f.span.column)
    )
    return [_finding_data(f, alts) for f in found]


def page_data(game: Game, findings: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything the page's script shows, as plain data."""
    ed = game.edition
    states, per_line = line_states(game)
    ownable = [sq.index for sq in ed.squares if sq.ownable]
    cards = {c.id: c.title for deck in ed.decks.values() for c in deck.cards}
    return {
        "file": game.file,
        "players": game.players,
        "marks": player_marks(game.players),
        "colours": [player_colour(i) for i in range(len(game.players))],
        "squares": [sq.name for sq in ed.squares],
        "groups": [GROUP_COLOURS.get(sq.group or "", "") for sq in ed.squares],
        "ownable": ownable,
        "money": {"sign": ed.currency},
        "words": {
            "bank": ed.word("bank"),
            "houses": ed.word("houses"),
            "hotels": ed.word("hotels"),
            "hotel": ed.word("hotel"),
        },
        "cards": cards,
        "geometry": geometry(ed),
        "states": states,
        "lineState": per_line,
        "findings": findings,
    }


def _asset(name: str) -> str:
    return resources.files("monolog.reports").joinpath(name).read_text(encoding="utf-8")


# a line's mark in the move list, by the worst of its findings: (class, sign)
_MARKS = {"error": "✖", "warning": "▲", "ruling": "⚖", "info": "•"}


def _mark_kind(finding: dict[str, Any]) -> str:
    if _is_ruling_code(finding["code"]):
        return "ruling"
    return str(finding["severity"]) if finding["severity"] in _MARKS else "info"


def move_list(game: Game, findings: list[dict[str, Any]]) -> str:
    """The record's lines as list items: tags and comments dimmed, plays (`move`) steppable;
    a line with findings carries a mark (error, warning, ruling, info), its codes on hover."""
    on_line: dict[int, list[dict[str, Any]]] = {}
    for f in findings:
        on_line.setdefault(f["line"], []).append(f)
    items = []
    for n, text in enumerate(game.lines, start=1):
        if not text.strip():
            continue
        start = text.lstrip()[:1]
        kind = "tag" if start == "[" else "comment" if start == ";" else "move"
        mark = ""
        if n in on_line:
            kinds = [_mark_kind(f) for f in on_line[n]]
            worst = next(k for k in _MARKS if k in kinds)
            hover = "\n".join(f"{f['code']} {f['message']}" for f in on_line[n])
            codes = " ".join(f["code"] for f in on_line[n])
            kind += f" marked {worst}"
            mark = (
                f'<span class="mark {worst}" title="{esc(hover)}" data-codes="{esc(codes)}">'
                f"{_MARKS[worst]}</span>"
            )
        items.append(
            f'<li data-line="{n}" class="{kind}"><span class=n>{n}</span>{mark}'
            f"<span class=t>{esc(text)}</span></li>"
        )
    return "".join(items)


def page_style() -> str:
    """The page's one stylesheet: its own, the board's, and a class per player colour."""
    seats = "".join(f".p{i} {{ color: {c}; }}\n" for i, c in enumerate(PLAYER_COLOURS))
    return _asset("view.css") + BOARD_CSS + seats


def render_page(game: Game, every_ruling: bool = False) -> str:
    """The whole page: one HTML document with its style, script, data and pictures inline."""
    title = esc(title_of(game, "Game"))
    chart, scale = money_chart(game)
    findings = page_findings(game, every_ruling)
    data = page_data(game, findings)
    data["chart"] = scale
    style, script = page_style(), _asset("view.js")
    n_findings = len(game.findings)
    size = data["geometry"]["size"]
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy(script, style)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<p class=dim>{esc(game.file)} · {esc(game.edition.title)} · {len(game.players)} players ·
{n_findings} finding{"s" if n_findings != 1 else ""}</p>
</header>
<main>
<section class=play>
<div class=boardwrap>
<svg id=board viewBox="0 0 {size} {size}" role="img" aria-label="The board">
{static_board(game.edition)}
<g id=dynamic></g>
</svg>
</div>
<div class=side>
<div class=controls>
<button id=first title="Before the first play (Home)">First</button>
<button id=prev title="Previous play (←)">◀</button>
<span id=where>before play</span>
<button id=next title="Next play (→)">▶</button>
<button id=last title="Last line (End)">Last</button>
</div>
<p id=current class=current></p>
<div id=players></div>
<div id=here class=here></div>
<ol id=moves class=moves>
{move_list(game, findings)}
</ol>
</div>
</section>
<section>
<h2>Findings</h2>
<ol id=findings class=findings></ol>
</section>
<section>
<h2>Cash and worth over the turns</h2>
{chart}
<p class=legend>{_legend(game)}</p>
</section>
<section>
<h2>Settlement</h2>
{settlement_bars(game)}
</section>
<section>
<h2>Ledger</h2>
{ledger_table(game)}
</section>
</main>
<script id=game-data type="application/json">{script_json(data)}</script>
<script>{script}</script>
</body>
</html>
"""


def _legend(game: Game) -> str:
    return " ".join(
        f'<span class="p{i % len(PLAYER_COLOURS)}">■ {esc(n)}</span>'
        for i, n in enumerate(game.players)
    )
