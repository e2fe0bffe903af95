"""`monolog audit FILE|DIR...`: replay records on the engine and report every finding.

Exit codes: 0 clean (no error-severity finding), 1 at least one rule violation (with
`--strict`, any finding at all, ambiguous rulings and warnings included), 2 a file that cannot be
read or parsed, or a usage error. An unreadable file does not stop the others being audited.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import typer

from ._common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNREADABLE, expand_paths, print_error

if TYPE_CHECKING:
    from ..findings.model import Finding
    from ..findings.render import GameReport

FORMATS = ("text", "json", "sarif", "github", "junit")
_RULING_RE = re.compile(r"^\s*(?P<cf>[Cc][Ff]-?\d{1,2})\s*=\s*(?P<reading>\S+)\s*$")


def register(app: typer.Typer) -> None:
    app.command("audit")(audit)


class UsageError(Exception):
    """A command-line value that cannot be used; the message says why (exit 2)."""


def parse_rulings(values: list[str]) -> dict[str, str]:
    """`["CF-02=fourth-turn-pay", …]` -> `{"CF-02": "fourth-turn-pay"}`, each checked against
    the readings monolog knows (an unknown key or reading names the valid ones)."""
    rulings: dict[str, str] = {}
    for value in values:
        m = _RULING_RE.match(value)
        if m is None:
            raise UsageError(
                f"--ruling {value!r}: expected CF-nn=READING, e.g. CF-02=fourth-turn-pay"
            )
        number = int(re.sub(r"\D", "", m["cf"]))
        cf = f"CF-{number:02d}"
        reading = m["reading"]
        known = _known_readings()
        if known is not None:
            if cf not in known:
                raise UsageError(
                    f"--ruling {value!r}: unknown disputed point {cf}; valid keys are "
                    + ", ".join(known)
                )
            if reading not in known[cf]:
                raise UsageError(
                    f"--ruling {value!r}: {cf} has no reading {reading!r}; valid readings are "
                    + ", ".join(known[cf])
                )
        if cf in rulings and rulings[cf] != reading:
            raise UsageError(f"--ruling: {cf} is given twice ({rulings[cf]} and {reading})")
        rulings[cf] = reading
    return rulings


def _known_readings() -> dict[str, list[str]] | None:
    """CF item -> its reading names, from the editions' readings catalogue (None if absent)."""
    try:
        from ..editions.readings import load_readings
    except ImportError:
        return None
    try:
        items = load_readings()
    except (OSError, ValueError):
        return None
    return {cf: list(item.readings) for cf, item in items.items()}


def _load_edition(key_or_path: str) -> Any:
    from ..editions import load_edition

    try:
        return load_edition(key_or_path)
    except (OSError, ValueError, LookupError) as exc:
        raise UsageError(f"--edition {key_or_path!r}: {exc}") from None


def audit_file(
    name: str,
    *,
    edition: Any = None,
    rulings: dict[str, str] | None = None,
    paranoid: bool = False,
) -> tuple[GameReport, str | None]:
    """Parse and replay one record. Returns its report and, when it could not be read or
    parsed, the rendered parse error (for stderr)."""
    from ..findings.model import Finding, Severity
    from ..findings.render import GameReport
    from ..notation import ParseError
    from ..notation.events import Tag
    from ..notation.parser import parse_text, read_source

    try:
        text = read_source(name)
        events = parse_text(text, name)
    except ParseError as exc:
        lines = [exc.source_line] if exc.source_line is not None else []
        report = GameReport(name, findings=[exc.finding], lines=lines, parsed=False)
        return report, exc.render()

    header = {e.key: e.value for e in events if isinstance(e, Tag)}
    lines = text.splitlines()
    replay = _replay_function()
    try:
        result = replay(
            events, edition=edition, rulings=rulings or None, file=name, paranoid=paranoid
        )
    except Exception as exc:  # a bug in the engine: reported cleanly, never a traceback
        detail = " ".join(str(exc).split())
        finding = Finding(
            "P900",
            Severity.ERROR,
            f"internal error while replaying the record ({type(exc).__name__}: {detail}); "
            "please report it",
            file=name,
        )
        report = GameReport(name, header=header, findings=[finding], lines=lines, parsed=False)
        return report, f"{name}: P900 {finding.message}"
    findings: list[Finding] = list(result.findings)
    header = dict(getattr(result, "header", None) or header)
    return GameReport(name, header=header, findings=findings, lines=lines), None


def _replay_function() -> Any:
    from ..engine import replay

    return replay


def is_violation(finding: Finding, strict: bool) -> bool:
    """An error-severity finding; with --strict, every finding."""
    from ..findings.model import Severity

    return strict or finding.severity is Severity.ERROR


def audit(
    files: list[str] = typer.Argument(
        ..., metavar="FILE|DIR", help="Record files (.mlog) or folders of them."
    ),
    strict: bool = typer.Option(
        False,
        "--strict",
        help="Count every finding as a violation, ambiguous rulings (A) and warnings (W) too.",
    ),
    fmt: str = typer.Option(
        "text",
        "--format",
        metavar="FORMAT",
        help="Output format: text, json, sarif, github (annotations) or junit.",
    ),
    paranoid: bool = typer.Option(
        False, "--paranoid", help="Check the whole game state after every event (slower)."
    ),
    ruling: list[str] = typer.Option(
        [],
        "--ruling",
        metavar="CF-nn=READING",
        help="Apply a reading to a disputed point, e.g. CF-02=fourth-turn-pay (repeatable).",
    ),
    edition: str | None = typer.Option(
        None,
        "--edition",
        metavar="KEY|PATH",
        help="Edition key (us-2018, us-classic, uk-esl, uk-1996) or an edition file; "
        "default: the record's Edition tag.",
    ),
) -> None:
    """Replay records on the rules engine and report every finding, grouped by game."""
    if fmt not in FORMATS:
        print_error(f"--format {fmt!r}: expected one of {', '.join(FORMATS)}")
        raise typer.Exit(EXIT_UNREADABLE)
    try:
        rulings = parse_rulings(ruling)
        loaded_edition = _load_edition(edition) if edition else None
    except UsageError as exc:
        print_error(f"monolog audit: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None

    reports: list[GameReport] = []
    status = EXIT_CLEAN
    for name in expand_paths(files):
        report, error = audit_file(name, edition=loaded_edition, rulings=rulings, paranoid=paranoid)
        reports.append(report)
        if error is not None:
            print_error(error)
            status = EXIT_UNREADABLE
        elif status == EXIT_CLEAN and any(is_violation(f, strict) for f in report.findings):
            status = EXIT_FINDINGS

    if fmt in ("sarif", "github", "junit"):
        from ..reports.formats import render_format

        games = [(r.file, r.header, r.findings) for r in reports]
        typer.echo(render_format(fmt, games, strict=strict), nl=False)
        raise typer.Exit(status)
    if fmt == "json":
        from ..findings.render import render_json

        typer.echo(render_json(reports))
    else:
        from ..findings.render import make_console, render_text

        render_text(reports, make_console())
    raise typer.Exit(status)
