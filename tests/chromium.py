"""Debian's Chromium driven by Playwright, for the viewer's browser tests: nothing is downloaded
(Playwright is given the system's chromium, `executable_path`, never its own build), and
without chromium or Playwright the tests skip and say how to install them."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

INSTALL = "apt-get install -y chromium (Debian's package; .ci/run installs it)"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def chromium_browser() -> Iterator[Any]:
    """A headless browser, closed at the end; the test skips when there is none."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip(f"no chromium on this machine: {INSTALL}")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed: pip install '.[test]'"
    )
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
        yield browser
        browser.close()
