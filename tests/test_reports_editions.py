"""Every report and format on every shipped game, in the game's currency and words.

The goldens pin the exact text of two games; this runs the rest: each game of scenarios/games
through ledger, settle, state and every audit format, and checks that the money is in the
edition's currency and that the buildings and transport squares are named in its words.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.editions import load_edition

REPO = Path(__file__).resolve().parent.parent
GAMES = sorted((REPO / "scenarios/games").glob("*.mlog"))
ENV = {"NO_COLOR": "1", "COLUMNS": "140", "TERM": "dumb"}


def _edition_key(path: Path) -> str:
    found = re.search(r'^\[Edition "([^"]+)"\]', path.read_text(encoding="utf-8"), re.M)
    return found.group(1) if found else "us-2018"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env=ENV)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_ledger_settle_and_state_speak_the_editions_words(path: Path) -> None:
    edition = load_edition(_edition_key(path))
    code, ledger = _run("ledger", str(path))
    assert code == 0, ledger
    assert edition.currency in ledger
    other = "£" if edition.currency == "$" else "$"
    assert other not in ledger
    # the transport squares and buildings in the edition's own words, never another's
    families = {
        "railroads": ("railroads", "stations", "festivals"),
        "houses": ("houses", "fan stands"),
        "hotels": ("hotels", "arenas"),
    }
    for key, words in families.items():
        own = edition.word(key)
        assert own in words, own
        for foreign in words:
            if foreign != own and foreign in ledger:
                pytest.fail(f"{path.name}: the ledger says {foreign!r}; this edition says {own!r}")
    code, settled = _run("settle", str(path))
    assert code == 0, settled  # the Result tag agrees with the settlement
    assert edition.currency in settled
    code, state = _run("state", str(path))
    assert code == 0, state
    assert edition.currency in state


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "junit"])
def test_every_audit_format_on_every_shipped_game(fmt: str) -> None:
    code, out = _run("audit", "--format", fmt, *(str(p) for p in GAMES))
    assert code == 0, out  # the shipped games break no rule
    if fmt in ("json", "sarif"):
        json.loads(out)
