"""Text from a record on the terminal: control characters in tag values, player names and
quoted square names are shown escaped (`\\x1b`), never obeyed, in every command's text output,
with colour or without; Rich markup in a name is shown as written; JSON keeps the exact text."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.visible import visible

ESC = "\x1b"
# a colour change and a hyperlink in the Event tag, a screen clear in a player's name, a line
# erase in a quoted square name, and Rich markup in two more names
HOSTILE = (
    f'[Event "Club{ESC}[31m night{ESC}]8;;http://evil.invalid{ESC}\\\\x{ESC}]8;;{ESC}\\\\"]\n'
    '[Edition "uk-1996"]\n'
    f'[Players "Ann{ESC}[2J, [bold]Ben[/bold], [link=http://x.invalid]Cal"]\n'
    f'1. Ann 1-2 "Whitechapel{ESC}[1A{ESC}[2K Road" buy =1940\n'
)
# what the record's own text may do to a terminal: clear it, move up, erase, link, colour
OBEYED = (f"{ESC}[2J", f"{ESC}[1A", f"{ESC}[2K", f"{ESC}]8;;", f"{ESC}[31m")
COMMANDS = [
    ["audit"],
    ["settle"],
    ["ledger"],
    ["state"],
    ["standings"],
    ["standings", "--details"],
    ["parse"],
    ["dispute", "--ruling", "CF-04=extra-roll"],
]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "hostile.mlog"
    path.write_text(HOSTILE, encoding="utf-8")
    return path


def run(args: list[str], **env: str) -> str:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200", **env})
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_no_command_obeys_a_control_character_from_the_record(
    record: Path, command: list[str]
) -> None:
    plain = run([*command, str(record)], NO_COLOR="1")
    assert ESC not in plain
    assert "\\x1b[2J" in plain  # Ann's name, shown escaped
    coloured = run([*command, str(record)], FORCE_COLOR="1")
    assert not [seq for seq in OBEYED if seq in coloured]
    assert "\\x1b[2J" in coloured


def test_rich_markup_in_a_name_is_shown_as_written(record: Path) -> None:
    for command in (["standings"], ["settle"], ["state"]):
        out = run([*command, str(record)], NO_COLOR="1")
        assert "[bold]Ben[/bold]" in out and "[link=http://x.invalid]Cal" in out, command
    # the standings' games table named the players in plain cells, read as markup
    games = run(["standings", str(record)], NO_COLOR="1").split("Games:")[1]
    assert "[bold]Ben[/bold] 2.5" in games
    # JSON keeps the exact text
    data = json.loads(CliRunner().invoke(app, ["audit", "--format", "json", str(record)]).stdout)
    assert data["games"][0]["header"]["Players"].startswith(f"Ann{ESC}[2J, [bold]Ben")


def test_visible_escapes_what_a_terminal_obeys_and_keeps_the_rest() -> None:
    # C0 and C1 controls, DEL, a bidirectional override, a line separator
    assert visible("a\x1bb\x9bc\x7fd\u202ee\u2028f") == "a\\x1bb\\x9bc\\x7fd\\u202ee\\u2028f"
    assert visible("Café 東京 🎲") == "Café 東京 🎲"


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_hostile_square_name_cannot_erase_the_finding_above_it(
    record: Path, tmp_path: Path
) -> None:
    """In a real terminal (a tmux pane), the finding printed before the one quoting the square
    name stays on the screen, and the name shows escaped."""
    socket = str(tmp_path / "tmux.sock")
    done = tmp_path / "done"
    command = f"{sys.executable} -m monolog audit {record} --color never; touch {done}; sleep 30"
    tmux = ["tmux", "-S", socket]
    subprocess.run(
        [*tmux, "new-session", "-d", "-x", "200", "-y", "50", command], check=True, timeout=30
    )
    try:
        for _ in range(600):  # until the audit has ended (at most a minute)
            if done.exists():
                break
            time.sleep(0.1)
        screen = subprocess.run(
            [*tmux, "capture-pane", "-p"], capture_output=True, text=True, check=True, timeout=30
        ).stdout
    finally:
        subprocess.run([*tmux, "kill-server"], timeout=30, check=False)
    assert "hostile.mlog  Club\\x1b[31m night" in screen  # the game's heading line
    assert '"Whitechapel\\x1b[1A\\x1b[2K Road"' in screen
    assert "W001  Ann\\x1b[2J's cash" in screen


def test_an_error_quoting_a_name_shows_it_escaped(record: Path) -> None:
    out = run(["ledger", str(record), "--player", "Zed"], NO_COLOR="1")
    assert "the players are Ann\\x1b[2J, [bold]Ben[/bold]" in out
    assert ESC not in out
