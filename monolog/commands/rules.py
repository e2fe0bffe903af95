"""`monolog rules`: the editions' rules as data.

`monolog rules list` names the editions and their variants; `monolog rules show EDITION` prints an
edition's parameters, readings of the disputed points, words and assumptions; `monolog rules diff A
B` lists every parameter, reading, word, square and card that differs between two editions, each
with the RULES-MATRIX IDs it concerns. EDITION is a shipped key (us-2018) or an edition file.
`--json` gives the same as data. An unknown edition or variant is a usage error (exit 2).
"""

from __future__ import annotations

import io
import json
import sys
from dataclasses import fields
from typing import IO, TYPE_CHECKING, Any, TextIO, cast

import typer

from ..editions import EditionError, list_editions, load_edition, load_readings
from ..editions.loader import load_param_info
from ..editions.model import Edition
from ._common import EXIT_CLEAN, EXIT_UNREADABLE, print_error
from .rules_diff import differences, json_ready

if TYPE_CHECKING:
    from rich.console import Console

rules_app = typer.Typer(
    name="rules",
    help="Show the editions' rules: parameters, readings, words, variants and differences.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def register(app: typer.Typer) -> None:
    app.add_typer(rules_app, name="rules")


# ---------------------------------------------------------------- shared helpers


def _load(key_or_path: str, variant: str | None = None) -> Edition:
    """The edition (in `variant`, if given), or a usage error naming what is known."""

    try:
        edition = load_edition(key_or_path)
    except EditionError as exc:
        print_error(f"monolog rules: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    if variant is None:
        return edition
    if variant not in edition.variants:
        known = ", ".join(edition.variants)
        print_error(f"monolog rules: edition {edition.key} has no variant {variant!r} ({known})")
        raise typer.Exit(EXIT_UNREADABLE)
    return edition.with_variant(variant)


def show_value(value: object) -> str:
    """A parameter or field value as text: none, yes/no, lists joined with commas."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(show_value(v) for v in value)
    return str(value)


def _emit_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _table(*columns: str) -> Any:
    # here, not at the top (as in `show_command` and `_show_parts`): every command module loads
    # at start-up, and Rich takes about 18 ms to import, which a piped audit never needs
    from rich.table import Table

    table = Table(show_header=True, box=None, pad_edge=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


def _console() -> Console:
    """The terminal as it is; piped, the reports' fixed width (monolog/reports/console.py) and
    no blanks at the ends of lines."""
    # here, not at the top: Rich only for the commands that print tables (see `_table`)
    from rich.console import Console

    from ..colour import console_options
    from ..reports.console import terminal_console
    from ..visible import guard

    console = terminal_console()
    if console.is_terminal:
        return console
    options: dict[str, Any] = {
        "highlight": False,
        "emoji": False,
        "markup": False,
        **console_options(),
    }
    piped = Console(file=cast(IO[str], _Stripped(sys.stdout)), width=console.width, **options)
    return guard(piped)  # an edition file's text shown, never obeyed (monolog/visible.py)


class _Stripped(io.TextIOBase):
    """A text stream passing lines on without their trailing blanks (Rich pads table cells)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.pending = ""

    def write(self, text: str) -> int:
        lines = (self.pending + text).split("\n")
        self.pending = lines.pop()
        if lines:
            self.out.write("".join(line.rstrip() + "\n" for line in lines))
        return len(text)

    def flush(self) -> None:
        # also called when the wrapper is collected (TextIOBase closes itself), by then the
        # stream under it may be closed; Rich flushes after every print, so nothing is pending
        if self.out.closed:
            return
        if self.pending:
            self.out.write(self.pending)
            self.pending = ""
        self.out.flush()


# ---------------------------------------------------------------- list


@rules_app.command("list")
def list_command(
    as_json: bool = typer.Option(False, "--json", help="Print the list as JSON."),
) -> None:
    """List the shipped editions with their titles and variants."""

    editions = [load_edition(key) for key in list_editions()]
    if as_json:
        _emit_json(
            [
                {
                    "key": e.key,
                    "title": e.title,
                    "variants": {v.key: v.title for v in e.variants.values()},
                }
                for e in editions
            ]
        )
        raise typer.Exit(EXIT_CLEAN)
    table = _table("edition", "title", "variants")
    for e in editions:
        table.add_row(
            e.key, e.title, ", ".join(f"{v.key} ({v.title})" for v in e.variants.values())
        )
    _console().print(table)
    raise typer.Exit(EXIT_CLEAN)


# ---------------------------------------------------------------- show


def editionjson_ready(edition: Edition) -> dict[str, Any]:
    """Everything `rules show` prints, as plain data."""

    info = load_param_info()
    items = load_readings()
    return {
        "key": edition.key,
        "title": edition.title,
        "variant": edition.variant,
        "currency": edition.currency,
        "source": edition.source,
        "parameters": [
            {
                "name": f.name,
                "value": json_ready(getattr(edition.rules, f.name)),
                "rule": info["rule_ids"].get(f.name, ""),
                "description": info["descriptions"].get(f.name, ""),
            }
            for f in fields(edition.rules)
        ],
        "variants": [
            {
                "key": v.key,
                "title": v.title,
                "rules": {k: json_ready(x) for k, x in v.rules.items()},
                "readings": dict(v.readings),
                "rule_ids": list(v.rule_ids),
            }
            for v in edition.variants.values()
        ],
        "readings": [
            {
                "cf": cf,
                "title": items[cf].title if cf in items else "",
                "rules": list(items[cf].rules) if cf in items else [],
                "reading": reading,
                "description": items[cf].readings.get(reading, "") if cf in items else "",
                "default": cf in items and items[cf].default == reading,
                "settled": cf in edition.settled,
                "declared": edition.engine is not None and cf in edition.engine.plays,
            }
            for cf, reading in edition.readings.items()
        ],
        "engine": None
        if edition.engine is None
        else {"name": edition.engine.name, "plays": dict(edition.engine.plays)},
        "vocabulary": dict(edition.vocabulary),
        "assumptions": [
            {"key": a.key, "assumed": a.assumed, "reason": a.reason, "rules": list(a.rule_ids)}
            for a in edition.assumptions.values()
        ],
    }


@rules_app.command("show")
def show_command(
    edition: str = typer.Argument(..., help="An edition key (us-2018) or an edition file."),
    variant: str | None = typer.Option(
        None, "--variant", help="Show the rules as a variant plays them (e.g. short)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the edition as JSON."),
    board: bool = typer.Option(
        False, "--board", help="Only the squares, with their prices, rents and costs."
    ),
    cards: bool = typer.Option(False, "--cards", help="Only the decks, each card's title."),
) -> None:
    """Show an edition's parameters, readings, words, variants and assumptions (or, with
    --board and --cards, its squares and its cards)."""
    if board or cards:
        _show_parts(_load(edition, variant), board, cards, as_json)
        raise typer.Exit(EXIT_CLEAN)
    data = editionjson_ready(_load(edition, variant))
    if as_json:
        _emit_json(data)
        raise typer.Exit(EXIT_CLEAN)
    # Rich here, not at the top: every command module loads at start-up, a piped audit needs none
    from rich.text import Text

    console = _console()
    head = Text(f"{data['key']}  ", style="bold")
    head.append(data["title"], style="")
    console.print(head)
    console.print(
        f"currency {data['currency']}   variant {data['variant']}   from {data['source']}",
        style="dim",
    )
    if data["engine"] is not None:  # an engine profile: its readings are `engine` below
        plays = ", ".join(f"{cf} {r}" for cf, r in data["engine"]["plays"].items())
        console.print(Text(f"engine {data['engine']['name']} declares {plays}"))
    console.print()
    console.print(Text("Parameters", style="bold"))
    table = _table("parameter", "value", "rule", "description")
    for p in data["parameters"]:
        table.add_row(p["name"], show_value(p["value"]), p["rule"], p["description"])
    console.print(table)
    console.print()
    console.print(Text("Variants", style="bold"))
    table = _table("variant", "title", "rules", "changes")
    for v in data["variants"]:
        changes = [f"{k}={show_value(x)}" for k, x in v["rules"].items()]
        changes += [f"{k}={x}" for k, x in v["readings"].items()]
        table.add_row(v["key"], v["title"], ", ".join(v["rule_ids"]), "; ".join(changes) or "-")
    console.print(table)
    console.print()
    console.print(Text("Readings of the disputed points", style="bold"))
    table = _table("item", "rules", "reading", "how", "description")
    for r in data["readings"]:
        how = "settled" if r["settled"] else ("default" if r["default"] else "edition")
        how = "engine" if r["declared"] else how
        table.add_row(r["cf"], ", ".join(r["rules"]), r["reading"], how, r["description"])
    console.print(table)
    console.print()
    console.print(Text("Vocabulary", style="bold"))
    table = _table("concept", "word")
    for concept, word in data["vocabulary"].items():
        table.add_row(concept, word)
    console.print(table)
    console.print()
    console.print(Text("Assumptions", style="bold"))
    if not data["assumptions"]:
        console.print("none: every figure comes from the rulebook or its reference board")
    else:
        table = _table("topic", "assumed", "rules", "why")
        for a in data["assumptions"]:
            table.add_row(a["key"], a["assumed"], ", ".join(a["rules"]), a["reason"])
        console.print(table)
    raise typer.Exit(EXIT_CLEAN)


def _rents(edition: Edition, kind: str, rents: tuple[int, ...]) -> list[int]:
    """A square's rents: a site's from bare to hotel; a railroad's by the railroads its owner
    holds (1 to 4), which the edition states once for them all."""
    if kind == "railroad":
        return list(edition.rules.railroad_rents)
    return list(rents)


def boardjson_ready(edition: Edition) -> list[dict[str, Any]]:
    """Every square in board order with its figures (0 or [] where a kind has none): `rents`
    from bare to hotel for a site, by railroads held for a railroad; `dice_multipliers` for a
    utility (times the dice, one utility held, then both)."""
    multipliers = list(edition.rules.utility_multipliers)
    return [
        {
            "index": sq.index,
            "name": sq.name,
            "kind": sq.kind,
            "group": sq.group,
            "price": sq.price,
            "mortgage_value": sq.mortgage_value,
            "house_cost": sq.house_cost,
            "hotel_cost": sq.hotel_cost,
            "rents": _rents(edition, sq.kind, tuple(sq.rents)),
            "dice_multipliers": multipliers if sq.kind == "utility" else [],
            "tax": sq.tax,
            "deck": sq.deck,
        }
        for sq in edition.squares
    ]


def cardsjson_ready(edition: Edition) -> list[dict[str, Any]]:
    """Every deck with its cards in order: id and title."""
    return [
        {
            "deck": deck.key,
            "name": deck.name,
            "cards": [{"id": c.id, "title": c.title, "kind": c.kind} for c in deck.cards],
        }
        for deck in edition.decks.values()
    ]


def _show_parts(edition: Edition, board: bool, cards: bool, as_json: bool) -> None:
    data: dict[str, Any] = {"key": edition.key}
    if board:
        data["board"] = boardjson_ready(edition)
    if cards:
        data["decks"] = cardsjson_ready(edition)
    if as_json:
        _emit_json(data)
        return
    # Rich here, not at the top: every command module loads at start-up, a piped audit needs none
    from rich.text import Text

    console = _console()
    money = edition.money
    if board:
        console.print(Text(f"{edition.key}: the board", style="bold"))
        # a site's kind is its colour group (the JSON keeps both): one column fewer keeps each
        # square on one line at the piped width, the longest rents included
        table = _table("#", "square", "group/kind", "price", "mortgage", "house", "rents", "tax")
        for sq in data["board"]:
            table.add_row(
                str(sq["index"]),
                sq["name"],
                sq["group"] if sq["kind"] == "site" and sq["group"] else sq["kind"],
                money(sq["price"]) if sq["price"] else "",
                money(sq["mortgage_value"]) if sq["mortgage_value"] else "",
                money(sq["house_cost"]) if sq["house_cost"] else "",
                "/".join(money(r) for r in sq["rents"])
                or "/".join(f"{m}x dice" for m in sq["dice_multipliers"]),
                money(sq["tax"]) if sq["tax"] else "",
            )
        console.print(table)
    if cards:
        for deck in data["decks"]:
            if board or deck is not data["decks"][0]:
                console.print()
            console.print(Text(f"{edition.key}: {deck['name']}", style="bold"))
            table = _table("card", "title")
            for card in deck["cards"]:
                table.add_row(card["id"], card["title"])
            console.print(table)


def _show_card(effect: object) -> str:
    if not isinstance(effect, dict):
        return show_value(effect)
    defaults = {"amount": 0, "spaces": 0, "per_house": 0, "per_hotel": 0, "collect_go": True}
    extra = [
        f"{k}={show_value(v)}"
        for k, v in effect.items()
        if k not in ("title", "kind") and v is not None and defaults.get(k) != v
    ]
    return f"{effect['title']} [{effect['kind']}{': ' + ', '.join(extra) if extra else ''}]"


# ---------------------------------------------------------------- diff


@rules_app.command("diff")
def diff_command(
    a: str = typer.Argument(..., help="The first edition (key or file)."),
    b: str = typer.Argument(..., help="The second edition (key or file)."),
    as_json: bool = typer.Option(False, "--json", help="Print the differences as JSON."),
) -> None:
    """List every parameter, reading, word, square and card that differs between two editions."""
    ea, eb = _load(a), _load(b)
    found = differences(ea, eb)
    if as_json:
        _emit_json({"a": ea.key, "b": eb.key, "differences": [d.tojson_ready() for d in found]})
        raise typer.Exit(EXIT_CLEAN)
    console = _console()
    if not found:
        console.print(f"{ea.key} and {eb.key} do not differ")
        raise typer.Exit(EXIT_CLEAN)
    table = _table("kind", "item", "rules", ea.key, eb.key)
    for d in found:
        show = _show_card if d.kind == "card" else show_value
        table.add_row(d.kind, d.item, ", ".join(d.rules), show(d.a), show(d.b))
    console.print(table)
    console.print(f"{len(found)} differences between {ea.key} and {eb.key}")
    raise typer.Exit(EXIT_CLEAN)
