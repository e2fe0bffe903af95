"""`monolog explain CODE`: what a finding code means, with a failing and a passing record.

`monolog explain --list` lists every code with its title. An unknown code is a usage error
(exit 2) that names the closest codes.
"""

from __future__ import annotations

import difflib
import textwrap

import typer
from rich.console import Console
from rich.text import Text

from ..findings.catalogue import (
    CODE_RE,
    FAMILY_NAMES,
    INTERNAL_NOTE,
    Catalogue,
    Entry,
    example_note,
    is_internal,
    load_catalogue,
    normalise_code,
    printable,
)
from ..findings.render import SEVERITY_STYLES, make_console
from ._common import EXIT_CLEAN, EXIT_UNREADABLE, print_error


def register(app: typer.Typer) -> None:
    app.command("explain")(explain)


def close_codes(code: str, catalogue: Catalogue, limit: int = 5) -> list[str]:
    """Codes near `code`: similar spellings first, then the same family's nearest numbers."""

    codes = catalogue.codes()
    out = difflib.get_close_matches(code, codes, n=limit, cutoff=0.6)
    m = CODE_RE.match(code)
    if m is not None:
        number = int(m["number"])
        family = [e for e in catalogue if e.family == m["family"]]
        family.sort(key=lambda e: (abs(e.number - number), e.number))
        out.extend(e.code for e in family if e.code not in out)
    return out[:limit]


def explain(
    code: str | None = typer.Argument(
        None, metavar="CODE", help="A finding code, e.g. M301, A02, P101."
    ),
    list_all: bool = typer.Option(False, "--list", help="List every code with its title."),
) -> None:
    """Explain a finding code: what it checks, why, and a failing and a passing record."""

    catalogue = load_catalogue()
    console = make_console()
    if list_all:
        _print_list(catalogue, console)
        raise typer.Exit(EXIT_CLEAN)
    if not code:
        print_error("monolog explain: give a finding code (e.g. M301), or --list for all of them")
        raise typer.Exit(EXIT_UNREADABLE)
    wanted = normalise_code(code)
    entry = catalogue.get(wanted)
    if entry is None:
        near = close_codes(wanted, catalogue)
        hint = f"; close codes: {', '.join(near)}" if near else ""
        print_error(
            f"monolog explain: unknown finding code {code!r}{hint} "
            "(monolog explain --list shows them all)"
        )
        raise typer.Exit(EXIT_UNREADABLE)
    _print_entry(entry, console)
    raise typer.Exit(EXIT_CLEAN)


def _print_list(catalogue: Catalogue, console: Console) -> None:
    """One line per code: code, severity, rule, title (aligned, no trailing blanks)."""

    entries = list(catalogue)
    code_w = max((len(e.code) for e in entries), default=4)
    rule_w = max((len(e.rule or "") for e in entries), default=4)
    for entry in entries:
        line = Text()
        line.append(f"{entry.code:<{code_w}}", style="bold")
        line.append("  ")
        line.append(f"{entry.severity.value:<7}", style=SEVERITY_STYLES[entry.severity])
        line.append(f"  {entry.rule or '':<{rule_w}}  ")
        line.append(entry.title)
        console.print(line)
    counts = ", ".join(
        f"{name.lower()} {len(catalogue.by_family(f))}"
        for f, name in FAMILY_NAMES.items()
        if catalogue.by_family(f)
    )
    console.print(f"{len(catalogue)} codes" + (f" ({counts})" if counts else ""))


def _wrap(text: str, width: int) -> str:
    """Each line of `text` folded to `width`, keeping the writer's own line breaks."""

    out: list[str] = []
    for line in text.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        if len(line) <= width or not line.strip():
            out.append(line.rstrip())
            continue
        out.extend(
            textwrap.wrap(
                line.strip(),
                width=max(width, 20),
                initial_indent=indent,
                subsequent_indent=indent + ("  " if line.lstrip().startswith("- ") else ""),
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


def _print_entry(entry: Entry, console: Console) -> None:
    head = Text()
    head.append(entry.code, style=SEVERITY_STYLES[entry.severity])
    head.append("  ")
    head.append(entry.title, style="bold")
    console.print(head)
    facts = Text()
    facts.append("severity: ", style="dim")
    facts.append(entry.severity.value, style=SEVERITY_STYLES[entry.severity])
    if entry.rule:
        facts.append("   rule: ", style="dim")
        facts.append(entry.rule)
    console.print(facts)
    console.print()
    # prose is wrapped to the console's width; the records below never are
    console.print(Text(_wrap(entry.summary, console.width), style="italic"))
    console.print()
    console.print(Text(_wrap(entry.explanation, console.width)))

    note = example_note(entry.code)
    fails = f"Fails (gives {entry.code})" + (f" {note}" if note else "") + ":"
    internal = is_internal(entry.code)
    if internal:
        console.print()
        console.print(Text(INTERNAL_NOTE, style="bold"))
    for label, record, style in (
        (fails, None if internal else entry.fail, "bold red"),
        ("Passes (the same done right):", entry.passing, "bold green"),
    ):
        if record is None:
            continue
        console.print()
        console.print(Text(label, style=style))
        for line in printable(record).rstrip("\n").splitlines():
            console.print(Text("    " + line))
