"""`monolog view`: one self-contained HTML page that shows a recorded game on its board.

Everything is worked out here, in Python, from one replay (reports/game.py keeps the table after
every event): the state after each line, packed small and embedded as JSON; the ledger as an
HTML table; the cash and worth chart and the settlement as SVG; the findings with, for a disputed
ruling, what the other reading would have changed (monolog/dispute). The page's script
(view.js) only shows the embedded states as the reader steps through the lines. The page loads
nothing: no script, style, font or picture from anywhere else.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import Any

from ..dispute import compare, run_side
from ..editions.readings import load_readings
from ..engine.state import GameState
from ..engine.worth import worth
from ..findings.model import Finding
from .board import BOARD_STYLE, GROUP_COLOURS, geometry, player_colour, static_board
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
            other = run_side(game.events, rulings, file=game.file, edition=game.edition)
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
    return len(f.code) == 3 and f.code[0] == "A" and f.code[1:].isdigit()


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
    money = game.money
    players = game.players
    head = "".join(f"<th class=num>{escape(n)}</th>" for n in players)
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
                f"<td>{escape(r.payer or bank)} → {escape(r.payee or bank)}</td>"
                f"<td class=num>{money(r.amount)}</td>"
                f"<td>{escape(card_words(r.reason or '', game))}</td>{cash}</tr>"
            )
        elif isinstance(r, StockRow):
            rows.append(
                f"<tr data-line={r.line} class=dim><td class=num>{r.turn}</td>"
                f"<td class=num>{r.line}</td><td>{escape(bank)}</td><td></td>"
                f"<td>{escape(stock_words(game, r))}</td>{blank}</tr>"
            )
        elif isinstance(r, FindingRow):
            f = r.finding
            rows.append(
                f"<tr data-line={r.line} class='finding {_sev(f)}'><td class=num>{r.turn}</td>"
                f"<td class=num>{r.line}</td><td>! {escape(f.code)}</td><td></td>"
                f"<td>{escape(f.message)}{f' [{escape(f.rule)}]' if f.rule else ''}</td>"
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
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" class="tick end">{game.money(int(v))}</text>'
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
        f"{escape(game.edition.currency)} (cash dashed, worth solid)</text>"
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
                f"{dash}><title>{escape(name)}: {kind}</title></polyline>"
            )
    parts.append(
        f'<line id=chart-now x1="{left}" x2="{left}" y1="{top}" y2="{height - bottom}" class=now />'
    )
    parts.append("</svg>")
    scale = {"left": left, "right": width - right, "first": first, "last": last}
    return "".join(parts), scale


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
    colours = (("cash", "#3a7d44"), ("deeds", "#2471a3"), ("buildings", "#c0392b"))
    height = len(rows) * (bar_h + gap) + 40
    parts = [
        f'<svg class=bars viewBox="0 0 {width} {height}" role="img" '
        'aria-label="Settlement: each player\'s worth in cash, deeds and buildings">'
    ]
    for k, (name, cash, deeds, built, status) in enumerate(rows):
        yy = 10 + k * (bar_h + gap)
        parts.append(f'<text x="{label - 8}" y="{yy + 15}" class="label end">{escape(name)}</text>')
        xx = float(label)
        for (part, colour), value in zip(colours, (max(cash, 0), deeds, built), strict=True):
            w = value * usable / top
            if w > 0:
                parts.append(
                    f'<rect x="{xx:.1f}" y="{yy}" width="{w:.1f}" height="{bar_h}" '
                    f'fill="{colour}"><title>{escape(name)}: {part} {game.money(value)}'
                    "</title></rect>"
                )
            xx += w
        total = cash + deeds + built
        note = "" if status == "in" else f" ({status})"
        parts.append(
            f'<text x="{xx + 6:.1f}" y="{yy + 15}" class=label>{game.money(total)}'
            f"{escape(note)}</text>"
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
    return f"<p>{escape(outcome)}</p>" + "".join(parts)


def page_data(game: Game, every_ruling: bool = False) -> dict[str, Any]:
    """Everything the page's script shows, as plain data."""
    ed = game.edition
    states, per_line = line_states(game)
    alts = alternatives(game, every_ruling)
    ownable = [sq.index for sq in ed.squares if sq.ownable]
    cards = {c.id: c.title for deck in ed.decks.values() for c in deck.cards}
    return {
        "file": game.file,
        "players": game.players,
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
        # as `monolog audit` reports them: the replay's, and the Result tag checked (W101)
        "findings": [
            _finding_data(f, alts)
            for f in sorted(
                [*game.findings, *settle(game).findings],
                key=lambda f: (f.span.line, f.span.column),
            )
        ],
    }


def _asset(name: str) -> str:
    return resources.files("monolog.reports").joinpath(name).read_text(encoding="utf-8")


def _script_json(data: dict[str, Any]) -> str:
    """JSON safe inside a <script> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def render_page(game: Game, every_ruling: bool = False) -> str:
    """The whole page: one HTML document with its style, script, data and pictures inline."""
    title = title_of(game, "Game")
    chart, scale = money_chart(game)
    data = page_data(game, every_ruling)
    data["chart"] = scale
    moves = []
    for n, text in enumerate(game.lines, start=1):
        if not text.strip():
            continue
        kind = (
            "tag"
            if text.lstrip().startswith("[")
            else ("comment" if text.lstrip().startswith(";") else "move")
        )
        moves.append(
            f"<li data-line={n} class={kind}><span class=n>{n}</span>"
            f"<span class=t>{escape(text)}</span></li>"
        )
    n_findings = len(game.findings)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{_POLICY}">
<title>{escape(title)}</title>
<style>{_asset("view.css")}</style>
</head>
<body>
<header>
<h1>{escape(title)}</h1>
<p class=dim>{escape(game.file)} · {escape(game.edition.title)} · {len(game.players)} players ·
{n_findings} finding{"s" if n_findings != 1 else ""}</p>
</header>
<main>
<section class=play>
<div class=boardwrap>
<svg id=board viewBox="0 0 {data["geometry"]["size"]} {data["geometry"]["size"]}" role="img"
 aria-label="The board">
<style>{_board_style()}</style>
{static_board(game.edition)}
<g id=dynamic></g>
</svg>
</div>
<div class=side>
<div class=controls>
<button id=first title="Before the first line (Home)">First</button>
<button id=prev title="Previous line (←)">◀</button>
<span id=where>before play</span>
<button id=next title="Next line (→)">▶</button>
<button id=last title="Last line (End)">Last</button>
</div>
<p id=current class=current></p>
<div id=players></div>
<div id=here class=here></div>
<ol id=moves class=moves>
{"".join(moves)}
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
<script id=game-data type="application/json">{_script_json(data)}</script>
<script>{_asset("view.js")}</script>
</body>
</html>
"""


# the browser refuses any request the page might make: only its own inline style and script run
_POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def _legend(game: Game) -> str:
    return " ".join(
        f'<span style="color:{player_colour(i)}">■ {escape(n)}</span>'
        for i, n in enumerate(game.players)
    )


def _board_style() -> str:
    """The board's style, scoped to the board: in a page an SVG's style applies to it all."""
    return "\n".join(
        f"#board {line.strip()}" if line.strip().startswith(".") else line
        for line in BOARD_STYLE.splitlines()
    ).replace(", .", ", #board .")
