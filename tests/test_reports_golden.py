"""Golden files pinning every report and format on two records of different editions.

Regenerate after an intended change with
`MONOLOG_UPDATE_GOLDENS=1 pytest tests/test_reports_golden.py` and review the diff.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.formats import junit
from monolog.reports.formats.github import to_github
from monolog.reports.formats.junit import to_junit
from monolog.reports.formats.sarif import to_sarif
from monolog.reports.game import load_game
from monolog.reports.settlement import settle

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden" / "reports"
UPDATE = os.environ.get("MONOLOG_UPDATE_GOLDENS") == "1"
GAMES = {
    "worked-example": "scenarios/games/worked-example.mlog",
    "uk-1996-short": "scenarios/games/uk-1996-short.mlog",
}


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        return
    assert path.exists(), f"no golden {path.name}: run with MONOLOG_UPDATE_GOLDENS=1"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.name} differs from its golden (MONOLOG_UPDATE_GOLDENS=1)"


def run(args: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(REPO)
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    return result.output


COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "ledger.txt": lambda f: ["ledger", f, "--chart"],
    "ledger-turns.txt": lambda f: ["ledger", f, "--turns", "10-14", "--player", "Ben"],
    "settle.txt": lambda f: ["settle", f],
    "state-t10.txt": lambda f: ["state", f, "--at", "t10"],
    "state-line30.txt": lambda f: ["state", f, "--at", "30"],
}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("report", sorted(COMMANDS))
def test_terminal_report(game: str, report: str, monkeypatch: pytest.MonkeyPatch) -> None:
    check_golden(f"{game}.{report}", run(COMMANDS[report](GAMES[game]), monkeypatch))


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("kind", ["svg", "html", "txt"])
def test_ledger_export(
    game: str, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / f"ledger.{kind}"
    run(["ledger", GAMES[game], "--export", kind, "--output", str(out)], monkeypatch)
    check_golden(f"{game}.ledger.{kind}", out.read_text(encoding="utf-8"))


def _games() -> list[tuple[str, dict[str, str], list[object]]]:
    out = []
    for name in sorted(GAMES):
        game = load_game(GAMES[name])
        out.append((GAMES[name], game.header, [*game.findings, *settle(game).findings]))
    return out


@pytest.mark.parametrize(
    ("name", "render"),
    [
        ("findings.sarif", lambda g: to_sarif(g, root=str(REPO))),
        ("findings.github.txt", to_github),
        ("findings.junit.xml", to_junit),
    ],
)
def test_format(name: str, render: Callable[..., str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    # a JUnit suite says when and where it ran: fixed here so the golden is the same each run
    monkeypatch.setattr(junit, "now", lambda: "2026-01-01T12:00:00+00:00")
    monkeypatch.setattr(junit, "hostname", lambda: "ci-runner")
    check_golden(name, render(_games()))


@pytest.mark.parametrize(("image", "command"), [("ledger", "ledger"), ("settlement", "settle")])
def test_docs_images_are_current(
    image: str, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/reports.md shows these exports of the worked example; they follow the code."""
    out = tmp_path / f"{image}.svg"
    run([command, GAMES["worked-example"], "--export", "svg", "--output", str(out)], monkeypatch)
    doc = REPO / "docs" / "img" / f"{image}.svg"
    if UPDATE:
        doc.write_text(out.read_text(encoding="utf-8"), encoding="utf-8", newline="\n")
        return
    assert out.read_text(encoding="utf-8") == doc.read_text(encoding="utf-8"), (
        f"docs/img/{image}.svg is out of date (MONOLOG_UPDATE_GOLDENS=1)"
    )
