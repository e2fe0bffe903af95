"""`monolog view` as a referee reads it, in Debian's Chromium: names readable at common window
widths, tokens beside the names, owners marked apart from the group colours, stepping through
plays only with the address following the line. Each test saves its screenshot (to the folder in
MONOLOG_VIEW_SHOTS when set, to look at; else to a temporary folder).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import chromium_browser
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.board import GROUP_COLOURS, PLAYER_COLOURS

REPO = Path(__file__).resolve().parent.parent
WORKED = "scenarios/games/worked-example.mlog"

# for every square name and price: its size on the screen in px, and whether it stays inside
# its square (half a pixel of slack for rounding)
MEASURE = """() => Array.from(document.querySelectorAll('#board g.square text')).map((t) => {
  const box = t.getBoundingClientRect();
  const sq = t.closest('g.square').querySelector('rect.sq').getBoundingClientRect();
  const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
  const inside = box.left >= sq.left - 0.5 && box.right <= sq.right + 0.5 &&
    box.top >= sq.top - 0.5 && box.bottom <= sq.bottom + 0.5;
  return { text: t.textContent, cls: t.getAttribute('class'), px: px, inside: inside };
})"""

# the tokens that overlap the box of any text on the board
COVERED = """() => {
  const boxes = Array.from(document.querySelectorAll('#board g.square text'))
    .map((t) => [t.textContent, t.getBoundingClientRect()]);
  const out = [];
  document.querySelectorAll('#dynamic .token circle').forEach((c) => {
    const r = c.getBoundingClientRect();
    boxes.forEach(([text, b]) => {
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
        out.push(c.parentNode.dataset.player + ' on ' + text);
    });
  });
  return out;
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as b:
        yield b


@pytest.fixture(scope="module")
def html_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("view") / "game.html"
    old = os.getcwd()
    os.chdir(REPO)
    try:
        result = CliRunner().invoke(app, ["view", WORKED, "-o", str(out)], env={"NO_COLOR": "1"})
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    return out


def open_page(browser: Any, html_file: Path, width: int, at: str = "") -> Any:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(html_file.as_uri() + at)
    page.wait_for_selector("#players table", timeout=5000)
    return page


def shot(page: Any, tmp_path: Path, name: str) -> None:
    folder = Path(os.environ.get("MONOLOG_VIEW_SHOTS") or tmp_path)
    page.screenshot(path=str(folder / name), full_page=False)


@pytest.mark.parametrize(("width", "least"), [(800, 9.5), (1000, 11.0), (1400, 11.0)])
def test_square_names_are_readable_and_stay_in_their_squares(
    browser: Any, html_file: Path, tmp_path: Path, width: int, least: float
) -> None:
    page = open_page(browser, html_file, width, "#line=160")
    texts = page.evaluate(MEASURE)
    names = [t for t in texts if t["cls"] == "name"]
    assert len(names) >= 40
    small = [(t["text"], round(t["px"], 1)) for t in names if t["px"] < least]
    assert small == [], f"names under {least} px at {width} px"
    assert [t["text"] for t in texts if not t["inside"]] == []
    # nothing wider than the window: no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, tmp_path, f"viewer-{width}.png")
    page.close()


# the line shown, what COVERED finds there, and whether the last move is shown: one call a step
STEP = (
    "() => [document.body.dataset.line, (" + COVERED + ")(), "
    "document.querySelector('#moves li.at') === document.querySelector('#moves li:last-child')]"
)


def test_tokens_never_cover_a_name_or_price(browser: Any, html_file: Path) -> None:
    page = open_page(browser, html_file, 1000)
    covered: list[str] = []
    lines: list[str] = []
    for _ in range(200):
        line, here, last = page.evaluate(STEP)
        lines.append(line)
        covered += [f"line {line}: {c}" for c in here]
        if last:
            break
        page.keyboard.press("ArrowRight")
    assert covered == []
    assert last and len(set(lines)) > 20, lines  # every move was stepped through, to the last
    page.close()


def test_owners_are_tags_with_the_owners_mark_not_a_colour(
    browser: Any, html_file: Path, tmp_path: Path
) -> None:
    page = open_page(browser, html_file, 1400, "#line=100")
    tags = page.evaluate(
        """() => Array.from(document.querySelectorAll('#dynamic .owner')).map((g) => ({
          owner: g.dataset.owner, text: g.textContent,
          fill: getComputedStyle(g.querySelector('rect') || g).fill }))"""
    )
    assert len(tags) > 10
    marks = {"Ann": "A", "Ben": "B", "Cal": "C"}
    assert {t["text"] for t in tags} <= set(marks.values())
    assert all(t["text"] == marks[t["owner"]] for t in tags)
    colours = {_rgb(c) for c in (*GROUP_COLOURS.values(), *PLAYER_COLOURS)}
    assert {t["fill"] for t in tags}.isdisjoint(colours)
    shot(page, tmp_path, "viewer-owners.png")
    page.close()


def _rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def first_play() -> int:
    lines = (REPO / WORKED).read_text(encoding="utf-8").splitlines()
    return next(
        n for n, t in enumerate(lines, 1) if t.strip() and not t.lstrip().startswith(("[", ";"))
    )


def test_stepping_goes_through_plays_and_the_address_follows(browser: Any, html_file: Path) -> None:
    page = open_page(browser, html_file, 1000)
    page.keyboard.press("ArrowRight")
    line = first_play()
    assert page.evaluate("document.body.dataset.line") == str(line)
    assert page.evaluate("location.hash") == f"#line={line}"
    for _ in range(40):
        page.keyboard.press("ArrowRight")
        assert "move" in page.get_attribute("#moves li.at", "class")
    page.click("#prev")
    shown = page.evaluate("document.body.dataset.line")
    assert page.evaluate("location.hash") == f"#line={shown}"
    page.close()
    # the address opens the page at its line
    again = open_page(browser, html_file, 1000, f"#line={shown}")
    assert again.evaluate("document.body.dataset.line") == shown
    assert again.get_attribute("#moves li.at", "data-line") == shown
    again.close()


def board_text(page: Any, id: str) -> str | None:
    return page.evaluate(f"document.getElementById('{id}')?.textContent")  # type: ignore[no-any-return]


def test_the_board_names_the_line_shown(browser: Any, html_file: Path) -> None:
    # at 1,000 px the move list is below the board: the board itself says where play is
    page = open_page(browser, html_file, 1000, "#line=79")
    lines = (REPO / WORKED).read_text(encoding="utf-8").splitlines()
    assert board_text(page, "board-where") == page.inner_text("#where")
    assert page.inner_text("#where").startswith("line 79 ")
    assert board_text(page, "board-line") == lines[78].strip()
    page.keyboard.press("ArrowRight")
    assert board_text(page, "board-where").startswith("line 80 ")
    page.close()
