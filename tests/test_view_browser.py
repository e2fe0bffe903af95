"""`monolog view` in a real browser: Debian's Chromium driven by Playwright.

Nothing is downloaded: Playwright is given the system's chromium (`executable_path`), never its
own build. Without chromium the tests skip and say how to install it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from chromium import chromium_browser
from typer.testing import CliRunner

from monolog.cli import app

REPO = Path(__file__).resolve().parent.parent
WORKED = "scenarios/games/worked-example.mlog"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as b:
        yield b


def cli(args: list[str]) -> str:
    result = CliRunner().invoke(app, args, env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture()
def page(browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.chdir(REPO)
    html = tmp_path / "game.html"
    cli(["view", WORKED, "-o", str(html)])
    p = browser.new_page(viewport={"width": 1400, "height": 1000})
    requests: list[str] = []
    p.on("request", lambda r: requests.append(r.url))
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(html.as_uri())
    p.wait_for_selector("#players table")
    p.requests = requests  # type: ignore[attr-defined]
    p.errors = errors  # type: ignore[attr-defined]
    p.file_url = html.as_uri()  # type: ignore[attr-defined]
    yield p
    p.close()


@cache  # the table at a line of the shipped record: the same at each look, printed once
def state_text(line: int) -> str:
    return cli(["state", WORKED, "--at", str(line)])


def expected_players(line: int) -> dict[str, tuple[str, str]]:
    """Each player's cash and square as `monolog state` prints them."""
    out: dict[str, tuple[str, str]] = {}
    for row in state_text(line).splitlines():
        m = re.match(r"^(Ann|Ben|Cal)\s+(-?[$][\d,]+)\s+(.+?)\s{2,}", row)
        if m:
            out[m[1]] = (m[2], m[3])
    assert set(out) == {"Ann", "Ben", "Cal"}
    return out


def expected_owners(line: int) -> dict[str, str]:
    """Each owned deed's owner as `monolog state` prints them."""
    owners: dict[str, str] = {}
    for row in state_text(line).splitlines():
        m = re.match(r"^(.+?)\s{2,}\S.*?\s{2,}(Ann|Ben|Cal)\s{2,}", row)
        if m and not m[1].startswith(("Ann", "Ben", "Cal")):
            owners[m[1].strip()] = m[2]
    return owners


# read in one call each (a query per row and cell was a round trip to the browser each)
PLAYERS = """() => Array.from(document.querySelectorAll('#players tbody tr'), tr => [
    tr.getAttribute('data-player'),
    tr.querySelector('td.cash').innerText,
    tr.querySelector('td.where').innerText,
])"""
OWNERS = """() => Array.from(document.querySelectorAll('#dynamic .owner'), r => [
    r.getAttribute('data-square'), r.getAttribute('data-owner'),
])"""


def shown_players(page: Any) -> dict[str, tuple[str, str]]:
    return {name: (cash, where) for name, cash, where in page.evaluate(PLAYERS)}


def shown_owners(page: Any) -> dict[str, str]:
    return dict(page.evaluate(OWNERS))


def shown_line(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.line"))


def check_against_state(page: Any) -> None:
    line = shown_line(page)
    want = expected_players(line)
    got = shown_players(page)
    for name, (cash, square) in want.items():
        assert got[name][0] == cash, f"line {line}: {name}'s cash"
        if got[name][1].startswith("on "):  # not in jail, bankrupt or resigned
            assert got[name][1] == f"on {square}", f"line {line}: {name}'s square"
    assert shown_owners(page) == expected_owners(line), f"line {line}: owners"


def test_steps_through_the_game_as_monolog_state_sees_it(page: Any, tmp_path: Path) -> None:
    assert page.inner_text("#where") == "before play"
    seen = 0
    for _ in range(45):
        page.keyboard.press("ArrowRight")
        if page.evaluate("document.querySelector('#moves li.at').className").startswith("move"):
            check_against_state(page)
            seen += 1
    assert seen >= 20
    page.keyboard.press("ArrowLeft")
    page.click("#prev")
    check_against_state(page)
    page.click("#last")
    check_against_state(page)
    assert len(page.query_selector_all("#dynamic .owner")) > 10
    page.screenshot(path=str(tmp_path / "viewer.png"), full_page=False)
    assert (tmp_path / "viewer.png").stat().st_size > 10_000
    assert page.errors == []


def test_clicking_a_finding_jumps_to_its_line(page: Any) -> None:
    first = page.query_selector("#findings li.finding")
    text = first.inner_text()
    line = int(re.match(r"line (\d+)", text)[1])  # type: ignore[index]
    first.click()
    assert shown_line(page) == line
    assert page.inner_text("#where").startswith(f"line {line} ")
    assert page.query_selector("#findings li.finding.at") is not None
    assert page.query_selector("#here li.finding") is not None  # shown beside the board too
    check_against_state(page)


def test_a_disputed_ruling_shows_the_other_reading(page: Any) -> None:
    alt = page.query_selector("#findings .alternative")
    assert alt is not None
    assert "Under CF-04 = extra-roll" in alt.inner_text()


def test_clicking_a_move_and_a_ledger_row(page: Any) -> None:
    page.click("#moves li[data-line='41']")
    assert shown_line(page) == 41
    check_against_state(page)
    page.click("table.ledger tr[data-line='37']")
    assert shown_line(page) == 37
    check_against_state(page)


def test_the_page_requests_nothing_but_itself(page: Any) -> None:
    page.keyboard.press("End")
    page.wait_for_timeout(200)
    assert page.requests == [page.file_url]


def test_the_ledger_is_a_table_and_the_charts_have_axes(page: Any) -> None:
    rows = page.query_selector_all("table.ledger tbody tr")
    assert len(rows) > 50
    head = page.inner_text("table.ledger thead")
    assert all(n in head for n in ("Ann", "Ben", "Cal", "Amount"))
    assert page.query_selector("svg.chart text.label") is not None
    assert "Turn" in page.inner_text("section:has(svg.chart)")
    bars = page.query_selector_all("svg.bars rect[fill]")
    assert len(bars) >= 6  # cash, deeds, buildings, and the legend
