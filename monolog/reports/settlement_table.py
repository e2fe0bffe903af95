"""The settlement (reports/settlement.py) as Rich renderables, for `monolog settle` and its
exports: heading, the worth table, the outcome and the findings. Apart from the settlement
itself, which every audit of a record with a Result tag works out and which needs no Rich."""

from __future__ import annotations

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..findings.model import shown_name
from ..findings.render import SEVERITY_STYLES
from ..visible import visible
from .fitted import FirstThatFits
from .game import Game
from .ledger import title_of
from .settlement import Settlement


def render_settlement(game: Game, settlement: Settlement) -> list[RenderableType]:
    """The settlement as Rich renderables: heading, the worth table, outcome and findings."""

    ed = game.edition
    money = game.money
    heading = Text(title_of(game, "Settlement"), style="bold")
    sub = Text(f"{shown_name(game.file)} · {ed.title} · amounts in {ed.currency}", style="dim")
    if settlement.winners:
        who = " and ".join(settlement.winners)
        outcome = Text(f"Winner: {who}, {settlement.how}.", style="bold green")
    else:
        leader = settlement.ranking[0].name if settlement.ranking else "nobody"
        outcome = Text(f"No winner yet: {settlement.how}; standing at the end, {leader} leads.")
    tag = settlement.result_tag
    check = Text(f"Result tag: {tag if tag is not None else '(none)'}", style="dim")
    if tag is not None and not settlement.findings:
        check.append(" · agrees")
    under = settlement.valuation_words()
    counting = Text(
        f"Counted{f' under {under}' if under else ''}: cash; deeds at their printed price, "
        "mortgaged deeds at half; "
        f"{ed.word('houses')} at cost; {ed.word('hotels')} at cost with the "
        f"{ed.rules.houses_before_hotel} {ed.word('houses')} they replaced.",
        style="dim",
    )
    out: list[RenderableType] = [heading, sub, _worth_table(game, settlement)]
    verbs = {"bankrupt": "went bankrupt", "resigned": "resigned"}
    for w in settlement.ranking:
        if w.name in settlement.exits:
            line, turn, before = settlement.exits[w.name]
            out.append(
                Text(
                    f"{w.name} {verbs.get(w.status, 'left')} at line {line} (turn {turn}), "
                    f"worth {money(before)} just before.",
                    style="dim",
                )
            )
    out += [outcome, check]
    for f in settlement.findings:
        said = Text()
        said.append(f"{f.location()}  ", style="bold")
        said.append(f.code, style=SEVERITY_STYLES[f.severity])
        said.append(f"  {f.message}")
        if f.rule:
            said.append(f"  [{f.rule}]", style="dim")
        out.append(said)
    out.append(counting)
    return out


def _worth_table(game: Game, settlement: Settlement) -> FirstThatFits:
    """A row per player in place order, what makes each worth: in columns, wrapped beside the
    worth, or written out, the first that fits."""
    ed = game.edition
    money = game.money
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Cash", justify="right", no_wrap=True)
    table.add_column("Deeds", justify="right", no_wrap=True)
    table.add_column("Mortgaged (half)", justify="right", no_wrap=True)
    table.add_column(ed.word("houses").capitalize(), justify="right", no_wrap=True)
    table.add_column(ed.word("hotels").capitalize(), justify="right", no_wrap=True)
    table.add_column("Worth", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)

    def part(count: int, value: int) -> str:
        return f"{count} · {money(value)}" if count else "-"

    # the narrow form, where the columns above do not fit whole: what makes each worth, wrapped
    narrow = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    narrow.add_column("#", justify="right", no_wrap=True)
    narrow.add_column("Player", no_wrap=True)
    narrow.add_column("Worth", justify="right", no_wrap=True)
    narrow.add_column("Made of", min_width=8, overflow="fold")

    # the narrowest: a row a player, written out
    lines = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    lines.add_column("Players, worth and what makes it", overflow="fold")

    def made_of(count: int, value: int, word: str) -> str | None:
        return f"{count} {word} {money(value)}" if count else None

    for place, w in enumerate(settlement.ranking, start=1):
        note = "" if w.status == "in" else w.status
        style = "bold" if w.name in settlement.winners else ""
        table.add_row(
            str(place),
            Text(visible(w.name), style=style),
            money(w.cash),
            part(w.deeds, w.deeds_value),
            part(w.mortgaged, w.mortgaged_value),
            part(w.houses, w.houses_value),
            part(w.hotels, w.hotels_value),
            Text(money(w.total), style=style),
            Text(note, style="dim"),
        )
        parts = [
            f"cash {money(w.cash)}",
            made_of(w.deeds, w.deeds_value, "deed" if w.deeds == 1 else "deeds"),
            made_of(w.mortgaged, w.mortgaged_value, "mortgaged (half)"),
            made_of(w.houses, w.houses_value, ed.word("house" if w.houses == 1 else "houses")),
            made_of(w.hotels, w.hotels_value, ed.word("hotel" if w.hotels == 1 else "hotels")),
        ]
        made = Text("; ".join(p for p in parts if p))
        if note:
            made.append(f"; {note}", style="dim")
        narrow.add_row(
            str(place), Text(visible(w.name), style=style), Text(money(w.total), style=style), made
        )
        written = Text(f"{place}. ")
        written.append(f"{visible(w.name)}, worth {money(w.total)}", style=style)
        written.append(": ")
        written.append_text(made)
        lines.add_row(written)
    return FirstThatFits(table, narrow, lines)
