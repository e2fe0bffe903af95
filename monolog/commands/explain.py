"""`monolog explain CODE|RULE-ID|CF-nn`: what a finding code means, with a failing and a passing
record; or what a rule ID (`RENT-07`) or a disputed point (`CF-04`) is: its title, the rule in
monolog's own words (monolog/scenarios/rule_text.yaml), the editions that state it and how they
differ, the codes that check it, whether it is listed as not enforced and why, a record that
breaks it beside one that keeps it (the first checking code's examples), and a disputed point's
readings.

`monolog explain --list` lists every code with its title. An unknown code is a usage error
(exit 2) that names the closest codes.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from typing import TYPE_CHECKING

import typer

from .. import completion
from ..editions.readings import load_readings
from ..findings.catalogue import (
    CODE_RE,
    FAMILY_NAMES,
    INTERNAL_NOTE,
    Catalogue,
    Entry,
    example_note,
    is_internal,
    listed_id,
    load_catalogue,
    load_not_enforced,
    load_rule_ids,
    normalise_code,
    printable,
)
from ..findings.render import SEVERITY_STYLES, make_console
from ._common import EXIT_CLEAN, EXIT_UNREADABLE, print_error

if TYPE_CHECKING:
    from rich.console import Console


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
        None,
        metavar="CODE|RULE",
        help="A finding code (M301, A02, P101), a rule ID (RENT-07) or a CF item (CF-04).",
        autocompletion=completion.explained,
    ),
    list_all: bool = typer.Option(False, "--list", help="List every code with its title."),
) -> None:
    """Explain a finding code (what it checks, why, a failing and a passing record), a rule
    ID or a CF item (its title, the codes that check it, its readings)."""

    catalogue = load_catalogue()
    console = make_console()
    if list_all:
        _print_list(catalogue, console)
        raise typer.Exit(EXIT_CLEAN)
    if not code:
        print_error("monolog explain: give a finding code (e.g. M301), or --list for all of them")
        raise typer.Exit(EXIT_UNREADABLE)
    rule = _rule_id(code)
    if rule is not None:
        raise typer.Exit(_explain_rule(rule, code, catalogue, console))
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


_RULE_ID = re.compile(r"^\s*([A-Za-z]+)-?(\d{1,2})\s*$")


def _rule_id(text: str) -> str | None:
    """`rent-07` -> `RENT-07`, `cf-4` -> `CF-04`; None for what is not written as a rule ID
    (a finding code such as M301 has no dash and one letter)."""
    m = _RULE_ID.match(text)
    if m is None or (len(m[1]) == 1 and "-" not in text):
        return None
    return f"{m[1].upper()}-{int(m[2]):02d}"


def _explain_rule(rule: str, asked: str, catalogue: Catalogue, console: Console) -> int:
    """Print what `rule` is; the exit code (2 for an ID monolog does not know)."""
    # here, not at the top (as below): every command module loads at start-up, and Rich takes
    # about 18 ms to import, which a piped audit never needs
    from rich.text import Text

    titles = load_rule_ids() or {}
    if rule not in titles:
        near = difflib.get_close_matches(rule, list(titles), n=5, cutoff=0.6)
        hint = f"; close IDs: {', '.join(near)}" if near else ""
        print_error(f"monolog explain: unknown rule ID or CF item {asked!r}{hint}")
        return EXIT_UNREADABLE
    head = Text()
    head.append(rule, style="bold")
    head.append("  " + titles[rule])
    console.print(head)
    _print_rule_words(rule, console)
    codes = [
        e for e in catalogue if rule in e.rules or (e.family == "A" and f"CF-{e.code[1:]}" == rule)
    ]
    console.print()
    if codes:
        console.print(Text("checked by:", style="dim"))
        for e in codes:
            line = Text("    ")
            line.append(e.code, style=SEVERITY_STYLES[e.severity])
            line.append(f"  {e.title}")
            console.print(line)
    listed, _ = load_not_enforced()
    reasons = [(key, why) for key, why in listed.items() if listed_id(key) == rule]
    for key, why in reasons:
        console.print(Text(f"listed as not enforced ({key}): {why}"))
    if not codes and not reasons:
        console.print(
            Text(
                "no finding code names it as its rule, and no reason is recorded yet "
                "(docs/rules.md: not yet covered)",
                style="dim",
            )
        )
    if rule.startswith("CF-"):
        _print_readings(rule, console)
    _print_rule_records(codes, console)
    return EXIT_CLEAN


def rule_words(rule: str) -> str | None:
    """The rule in monolog's own words (monolog/scenarios/rule_text.yaml), or, for a CF item,
    the disputed point as the readings catalogue names it; None when there is none."""
    if rule.startswith("CF-"):
        item = load_readings().get(rule)
        return None if item is None else f"Disputed point: {item.title}."
    from ..scenarios.model import load_rule_text  # here: only this command reads it

    return load_rule_text().get(rule)


def _print_rule_words(rule: str, console: Console) -> None:
    """What the rule says, then which editions state it and how they differ (for a CF item:
    the editions under which it arises)."""
    from rich.text import Text

    from ..scenarios.model import rule_catalogue

    words = rule_words(rule)
    width = console.width
    if words:
        console.print()
        console.print(Text(_wrap(words, width)))
    rules = rule_catalogue()
    console.print()
    if rule.startswith("CF-"):
        arises = rules.arises.get(rule, [])
        if arises:
            console.print(Text("arises under: " + ", ".join(arises), style="dim"))
        return
    console.print(Text("editions:", style="dim"))
    differs = rules.differs.get(rule, {})
    for edition, how in rules.stated.get(rule, {}).items():
        said = _STATED.get(how, how)
        if how == "differs" and edition in differs:
            said += ": " + differs[edition]
        console.print(Text(_wrap(f"    {edition}: {said}", width)))


_STATED = {
    "same": "states it",
    "differs": "states it differently",
    "silent": "silent (monolog applies the rule as said above)",
}


def _print_rule_records(codes: list[Entry], console: Console) -> None:
    """A record breaking the rule and the same done right, from the first code checking it that
    has both (a finding code's own examples)."""
    from rich.text import Text

    entry = next((e for e in codes if e.fail and e.passing and not is_internal(e.code)), None)
    if entry is None or entry.fail is None or entry.passing is None:
        return
    for label, record, style in (
        (f"Breaks it (gives {entry.code}):", entry.fail, "bold red"),
        ("Keeps it:", entry.passing, "bold green"),
    ):
        console.print()
        console.print(Text(label, style=style))
        for line in printable(record).rstrip("\n").splitlines():
            console.print(Text("    " + line))


def _print_readings(cf: str, console: Console) -> None:
    """A disputed point's readings, the default marked, as `--ruling CF-nn=READING` takes them."""
    # Rich here, not at the top: every command module loads at start-up, a piped audit needs none
    from rich.text import Text

    item = load_readings().get(cf)
    if item is None:
        return
    console.print()
    console.print(Text(f"{item.title}; readings (--ruling {cf}=READING):", style="dim"))
    for name, words in item.readings.items():
        mark = " (default)" if name == item.default else ""
        console.print(Text(f"    {name}{mark}: {words}"))
    if item.rules:
        console.print(Text(f"rules it bears on: {', '.join(item.rules)}", style="dim"))


def _print_list(catalogue: Catalogue, console: Console) -> None:
    """One line per code: code, severity, rule, title (aligned, no trailing blanks)."""
    # Rich here, not at the top: every command module loads at start-up, a piped audit needs none
    from rich.text import Text

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
    # Rich here, not at the top: every command module loads at start-up, a piped audit needs none
    from rich.text import Text

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
    if entry.cites:
        facts.append("   also cites: ", style="dim")
        facts.append(", ".join(entry.cites))
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
