"""The command-line conventions users of ruff and sqlfluff reach for: `-h`, help without
Python types, shell completion, and `--color auto|always|never` beside NO_COLOR and
FORCE_COLOR (under NO_COLOR nothing writes an escape sequence, bold and dim included)."""

from __future__ import annotations

import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import run_command
from typer.testing import CliRunner

from monolog.cli import app

ROOT = Path(__file__).resolve().parents[1]
WRONG = str(ROOT / "scenarios" / "games" / "uk-1996-short.mlog")
COMMANDS = [c.name for c in app.registered_commands] + [
    f"rules {c.name}"
    for g in app.registered_groups
    if g.typer_instance
    for c in g.typer_instance.registered_commands
]


def _help(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_help_names_values_by_metavar_not_python_type(command: str) -> None:
    text = _help([*command.split(), "-h"])
    assert text == _help([*command.split(), "--help"])
    assert not re.search(r"<(str|int|float|bool|list\[[^]]*\]|[a-z]+ range)>", text), text
    # the usage line names the arguments as the Arguments section does: no `{edition}`
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: monolog {command} [OPTIONS]"), usage
    assert "{" not in usage and not re.search(r" [a-z]+$", usage), usage
    section = text.split("Arguments:")[1].split("Options:")[0] if "Arguments:" in text else ""
    arguments = re.findall(r"^  (\S+)", section, re.M)
    for name in arguments:
        assert name in usage, (name, usage)


def test_root_help_offers_completion_and_colour() -> None:
    text = _help(["-h"])
    for option in ("--install-completion", "--show-completion", "--color auto|always|never"):
        assert option in text


def test_show_completion_prints_a_script() -> None:
    # the installed command in a process of its own, as a shell's completion set-up runs it:
    # from bash, which Typer finds among the command's parent processes (a suite started where
    # no shell is among its own, as by a service or a detached job, would find none otherwise;
    # `; exit` keeps bash from replacing itself with the command)
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash on this system")
    env = {k: v for k, v in os.environ.items() if not k.endswith("_COMPLETE")}
    command = str(Path(sys.executable).with_name("monolog"))
    run = subprocess.run(
        [bash, "-c", '"$0" --show-completion bash; exit $?', command],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "complete" in run.stdout and "_MONOLOG_COMPLETE" in run.stdout, run.stdout


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        ("monolog au", ["audit"]),
        ("monolog audit --format j", ["json", "jsonl", "junit"]),
        ("monolog audit --color n", ["never"]),
        ("monolog --color ", ["auto", "always", "never"]),
        ("monolog settle --edition uk", ["uk-1996", "uk-esl"]),
        ("monolog audit --ruling CF-04=", ["CF-04=no-extra-roll", "CF-04=extra-roll"]),
        ("monolog explain M30", ["M301", "M302", "M303", "M304"]),
        ("monolog explain CF-0", [f"CF-0{n}" for n in range(1, 10)]),
        ("monolog standings --format c", ["csv"]),
    ],
)
def test_completion_offers_the_values(words: str, offered: list[str]) -> None:
    """What bash gets on Tab once `--install-completion` is run (the script it installs calls
    monolog with these variables): commands, and the values of the options and arguments."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    env.update(_MONOLOG_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword))
    run = subprocess.run(
        [str(Path(sys.executable).with_name("monolog"))],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == offered, run.stdout


def _in_terminal(args: list[str], **env: str) -> bytes:
    """What `monolog ARGS…` writes to a pseudo-terminal."""
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environ.update(TERM="xterm-256color", COLUMNS="120", **env)
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "monolog", *args],
        stdout=child,
        stderr=child,
        stdin=subprocess.DEVNULL,
        env=environ,
    )
    os.close(child)
    out = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    proc.wait(timeout=60)
    os.close(main)
    return out


def test_a_terminal_gets_styles_by_default() -> None:
    assert b"\x1b[" in _in_terminal(["audit", WRONG])


# two records: a run over several draws a progress bar on a terminal, with escape sequences
@pytest.mark.parametrize("records", [[WRONG], [WRONG, WRONG]])
def test_no_color_means_no_escape_at_all_in_a_terminal(records: list[str]) -> None:
    out = _in_terminal(["audit", *records], NO_COLOR="1")
    assert b"M" in out and b"\x1b" not in out


@pytest.mark.parametrize("records", [[WRONG], [WRONG, WRONG]])
def test_color_never_means_no_escape_at_all_in_a_terminal(records: list[str]) -> None:
    out = _in_terminal(["--color", "never", "audit", *records])
    assert b"M" in out and b"\x1b" not in out


def test_color_after_the_command_name_works_as_before_it() -> None:
    # `monolog audit --color never`, as ruff and sqlfluff users write it
    out = _in_terminal(["audit", "--color", "never", WRONG])
    assert b"M" in out and b"\x1b" not in out
    run = run_command(["settle", "--color", "always", WRONG], None, {**os.environ, "NO_COLOR": "1"})
    assert "\x1b[" in run.stdout
    result = CliRunner().invoke(app, ["audit", "--color", "sometimes", WRONG])
    assert result.exit_code == 2
    assert "auto, always, never" in result.output


def test_color_always_styles_a_pipe_and_wins_over_no_color() -> None:
    run = run_command(["--color", "always", "audit", WRONG], None, {**os.environ, "NO_COLOR": "1"})
    assert "\x1b[" in run.stdout


def test_piped_output_is_plain() -> None:
    env = {k: v for k, v in os.environ.items() if k != "FORCE_COLOR"}
    run = run_command(["audit", WRONG], None, env)
    assert run.stdout and "\x1b" not in run.stdout


def test_an_unknown_colour_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["--color", "sometimes", "audit", WRONG])
    assert result.exit_code == 2
    assert "auto, always, never" in result.output
