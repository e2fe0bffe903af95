"""Suite-wide settings.

Hypothesis' default 200 ms deadline per example is a timed assertion: on a loaded machine a
healthy example of tests/test_chunks.py took 385 ms and failed the suite. Speed is measured in
benchmarks/, so the suite's property tests run without a deadline unless a test asks for one
(tests/test_fuzz_parser.py keeps its own as a guard against a hang). Property tests draw a
fifth of their examples unless pytest is run with `--hypothesis-profile=thorough`.

Every test starts from the same environment whatever the user's shell holds: the variables that
change colour, width, encoding or monolog's own limits are taken out (a test that is about one
of them sets it itself), and the process environment is put back after the test, so a command
run in-process that sets NO_COLOR or FORCE_COLOR (`--color`) cannot leak into the next test.
Subprocesses inherit the same environment. The same variables are taken out when the suite
starts, so the scenario files' items (scenarios/, which this file's fixtures do not reach) run
in it too.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings
from property_budget import QUICK, THOROUGH

# a property test draws a fifth of its examples by default (tests/property_budget.py), all of
# them with `pytest --hypothesis-profile=thorough`
settings.register_profile("monolog", deadline=None, max_examples=QUICK)
settings.register_profile("thorough", deadline=None, max_examples=THOROUGH)
settings.load_profile("monolog")

# read by Rich, Click/Typer, Python or monolog; each changes what a command prints
UNSET = (
    "NO_COLOR",
    "FORCE_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "COLORTERM",
    "COLUMNS",
    "LINES",
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
    "TERMINAL_WIDTH",
    "LC_ALL",
    "LC_CTYPE",
    "LANGUAGE",
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    "PYTHONWARNINGS",
    "MONOLOG_EDITIONS",
    "MONOLOG_MAX_RECORD_MIB",
    "MONOLOG_MAX_EDITION_MIB",
    "MONOLOG_RULES_MATRIX",
)
# a UTF-8 locale and a terminal type that neither is dumb nor picks a colour depth of its own
SET = {"LANG": "C.UTF-8", "TERM": "xterm"}


def _plain() -> None:
    for name in UNSET:
        os.environ.pop(name, None)
    os.environ.update(SET)


# at once, for the whole run: the scenario files' items (scenarios/) and the workers see it too
_plain()


@pytest.fixture(autouse=True)
def _plain_environment() -> Iterator[None]:
    saved = dict(os.environ)
    _plain()
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
