"""`monolog check [PATH...]`: run scenario files and say which pass.

One line per scenario, the diff of each failure, a summary. Exit 0 when every scenario passes,
1 when one fails, 2 when a scenario file itself is invalid (or none is found). `--junit FILE`
writes JUnit XML; `--coverage` says which rules of the matrix have a passing scenario.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..colour import console_options
from ..files import read_regular
from ..findings.model import shown_name
from ..output_file import write_failure
from ._common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, print_error

if TYPE_CHECKING:
    from rich.console import Console

    from ..scenarios.coverage import Coverage


def register(app: typer.Typer) -> None:
    app.command("check")(check)


def check(
    paths: list[str] = typer.Argument(
        None, metavar="PATH", help="Scenario files (.yaml) or folders [default: scenarios/]."
    ),
    junit: str = typer.Option(
        None,
        "--junit",
        metavar="FILE",
        help="Write JUnit XML here (-: to stdout, the scenarios' lines then going to stderr).",
    ),
    coverage: bool = typer.Option(
        False, "--coverage", help="List which rule IDs and CF items have a passing scenario."
    ),
    rules_doc: str | None = typer.Option(
        None,
        "--rules-doc",
        metavar="FILE",
        help="Rules documentation whose 'not enforced' section --coverage reads "
        "(default: the list shipped with monolog, which docs/rules.md is made from).",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Show failures and the summary only."),
    paranoid: bool = typer.Option(
        False, "--paranoid", help="Check the engine's state invariants after every event."
    ),
) -> None:
    """Run scenario files: replay each record and compare with what it expects."""
    # here: every command module loads at start-up, only this command needs it
    from rich.console import Console
    from rich.markup import escape

    from ..scenarios.coverage import catalogue_not_enforced, compute, not_enforced_ids
    from ..scenarios.junit import write
    from ..scenarios.runner import Result
    from ..scenarios.suite import find_files, run_files
    from ..visible import guard

    # with the JUnit document on stdout, the lines about each scenario go to stderr; a record's
    # text is shown as written (no emoji for `:x:`, markup escaped, control characters shown
    # escaped: monolog/visible.py), as the other commands' consoles show it
    console = guard(
        Console(
            highlight=False, soft_wrap=True, emoji=False, stderr=junit == "-", **console_options()
        )
    )
    if coverage and rules_doc is not None:  # named, so it must be there: checked before the run
        try:
            read_regular(rules_doc)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            print_error(
                f"monolog check: --rules-doc {shown_name(rules_doc)}: cannot read ({reason})"
            )
            raise typer.Exit(EXIT_UNREADABLE) from None
    files = find_files(paths or ["scenarios"])

    def on_result(result: Result) -> None:
        name = escape(shown_name(result.scenario.name))
        if result.passed:
            if not quiet:
                console.print(f"[green]PASS[/green]  {name}")
            return
        console.print(f"[bold red]FAIL[/bold red]  {name}")
        for line in result.problems:
            console.print("      " + escape(line))

    def on_error(error: Exception) -> None:
        print_error(f"invalid scenario file: {error}")

    suite = run_files(files, on_result, on_error, paranoid=paranoid)

    if junit:
        try:
            write(suite, junit)
        except OSError as exc:
            print_error(f"monolog check: {write_failure('--junit', exc, junit)}")
            raise typer.Exit(EXIT_UNREADABLE) from None

    total = len(suite.results)
    parts = [f"{suite.passed} passed", f"{suite.failed} failed"]
    if suite.invalid:
        n = len(suite.invalid)
        parts.append(f"{n} invalid file{'s' if n != 1 else ''}")
    colour = "red" if suite.failed or suite.invalid else "green"
    console.print(
        f"[{colour}]{total} scenario{'s' if total != 1 else ''}: {', '.join(parts)}[/{colour}]"
    )

    if coverage:
        listed = catalogue_not_enforced() if rules_doc is None else not_enforced_ids(rules_doc)
        _print_coverage(console, compute(suite.results, listed or ()), listed is not None)

    if suite.invalid:
        raise typer.Exit(EXIT_UNREADABLE)
    raise typer.Exit(EXIT_FINDINGS if suite.failed else EXIT_CLEAN)


def _print_coverage(console: Console, cov: Coverage, have_doc: bool) -> None:
    """One block per topic group: what is covered under every edition that states it, what is
    listed as not enforced, and what is missing under which editions."""
    # here: Rich, as in `check`
    from rich.markup import escape

    console.print()
    console.print(
        "[bold]Rule coverage by passing scenarios, under every edition that states each rule[/bold]"
    )
    for group, keys in cov.groups().items():
        by_status: dict[str, list[str]] = {}
        for k in keys:
            by_status.setdefault(cov.status(k), []).append(k)
        console.print(f"[bold]{group:<6}[/bold] {cov.count(keys)}")
        if by_status.get("covered"):
            console.print("  covered: " + escape(", ".join(by_status["covered"])))
        partly = [
            f"{k} (not enforced under {', '.join(_listed_under(cov, k))})"
            for k in by_status.get("partly", [])
        ]
        if partly:
            console.print("  covered under some editions: " + escape(", ".join(partly)))
        listed = []
        for k in by_status.get("listed", []):
            under = _listed_under(cov, k)
            listed.append(
                k if under == cov.editions(k) else f"{k} (listed under {', '.join(under)})"
            )
        if listed:
            console.print("  listed, not enforced: " + escape(", ".join(listed)))
        gaps = [
            f"{k} ({', '.join(cov.gaps(k))})"
            for k in keys
            if k in by_status.get("missing", []) or k in by_status.get("failing", [])
        ]
        if gaps:
            console.print("  [red]missing:[/red] " + escape(", ".join(gaps)))
    covered, listed_pairs, required = cov.pairs()
    console.print(
        f"rule and edition pairs: {covered} covered, {listed_pairs} listed as not enforced, "
        f"{required - covered - listed_pairs} missing, of {required}"
    )
    if not have_doc:
        console.print("(no rules documentation found: nothing counts as listed)")
    console.print(f"[bold]{cov.totals()}[/bold]")


def _listed_under(cov: Coverage, key: str) -> list[str]:
    return [e for e in cov.editions(key) if cov.pair_status(key, e) == "listed"]
