"""`monolog view` of a hostile record: every field it or its edition brings tries to run script.

The page must show each string as text: no script runs, nothing is requested, the page does
not navigate, and the page's own script still works (the board steps, the findings are listed).
Chromium is Debian's, driven by Playwright (tests/test_view_browser.py says how they skip).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import chromium_browser
from typer.testing import CliRunner

from monolog.cli import app


def hostile(k: int) -> str:
    """A string that calls alert(k) if it ever becomes markup, and breaks a <script> element's
    data if only `</` is escaped in it."""
    return f"<img src=x onerror=alert({k})><!--<script>"


EDITION = f"""extends: us-2018
title: "{hostile(1)}"
currency: "{hostile(2)}"
vocabulary:
  bank: "{hostile(3)}"
  houses: "{hostile(4)}"
  hotel: "{hostile(5)}"
  hotels: "{hostile(6)}"
  chance: "Chance{hostile(7)}"
  jail: "{hostile(8)}"
squares:
  - index: 1
    name: "Med{hostile(11)}"
  - index: 3
    name: "Bal</script><script>alert(12)</script>"
decks:
  chance:
    cards:
      - id: CH08
        title: "{hostile(13)}"
        kind: collect
        amount: 50
"""
ANN = f"Ann{hostile(21)}"
BEN = "Ben</script><svg onload=alert(22)>"
RECORD = f"""[Event "{hostile(31)}"]
[Site "<meta http-equiv=refresh content=0;url=https://example.invalid/>"]
[Round "<base href=https://example.invalid/>"]
[Edition "evil.yaml"]
[Players "{ANN}, {BEN}"]
[Result "?"]

; a comment {hostile(32)}
1. "{ANN}" 1-3 "Income Tax" tax 200
2. "{BEN}" 1-2 "Bal</script><script>alert(12)</script>" buy 60
3. "{ANN}" 2-3 "Med{hostile(11)}" buy 70
4. "{BEN}" 1-3 Chance card CH08 50
"""
FILE_NAME = "<svg onload=alert(41)>.mlog"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as b:
        yield b


@pytest.fixture()
def page_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "evil.yaml").write_text(EDITION, encoding="utf-8")
    (tmp_path / FILE_NAME).write_text(RECORD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "page.html"
    result = CliRunner().invoke(app, ["view", FILE_NAME, "-o", str(out)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return out


def test_no_hostile_string_runs_requests_or_navigates(browser: Any, page_file: Path) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    seen: dict[str, list[str]] = {"dialogs": [], "requests": [], "frames": [], "errors": []}
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("framenavigated", lambda f: seen["frames"].append(f.url))
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    url = page_file.as_uri()
    page.goto(url)
    page.wait_for_selector("#players table", timeout=5000)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)  # room for an onerror or a refresh to fire; never asserted on
    assert seen["dialogs"] == []
    assert seen["requests"] == [url]
    assert all(u.split("#")[0] == url for u in seen["frames"]), seen["frames"]
    assert seen["errors"] == []
    # the page's own script ran: it stepped to the third play, drew both tokens, and listed
    # the findings with the hostile names shown as text
    assert page.evaluate("document.body.dataset.line") == "11"
    page.keyboard.press("End")
    assert len(page.query_selector_all("#dynamic .token")) == 2
    listed = page.inner_text("#findings")
    assert "M203" in listed and f"Med{hostile(11)}" in listed
    assert (
        page.evaluate("document.querySelectorAll('img, base, meta[http-equiv=refresh]').length")
        == 0
    )
    assert ANN in page.inner_text("#players")
    assert hostile(13) in page.inner_text("table.ledger")
    page.close()


def test_the_policy_runs_only_the_pages_own_script_and_style(page_file: Path) -> None:
    html = page_file.read_text(encoding="utf-8")
    m = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert m is not None
    rules = dict((part.split()[0], part.split()[1:]) for part in m[1].split(";") if part.strip())
    assert "'unsafe-inline'" not in m[1] and "'unsafe-eval'" not in m[1]
    assert rules["default-src"] == ["'none'"]
    assert rules["base-uri"] == ["'none'"] and rules["form-action"] == ["'none'"]
    assert len(rules["script-src"]) == 1 and rules["script-src"][0].startswith("'sha256-")
    assert len(rules["style-src"]) == 1 and rules["style-src"][0].startswith("'sha256-")
    assert not re.search(r"\sstyle=", html)  # no style attribute: the policy would refuse it


def test_embedded_data_cannot_end_its_script_or_open_a_comment(page_file: Path) -> None:
    html = page_file.read_text(encoding="utf-8")
    opening = '<script id=game-data type="application/json">'
    start = html.index(opening) + len(opening)
    text = html[start : html.index("</script>", start)]
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    data = json.loads(text)
    assert data["players"] == [ANN, BEN]
    assert data["money"]["sign"] == hostile(2)
