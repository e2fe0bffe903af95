"""Every command that reads a file the user names refuses a bad one the same way: at once, with
exit 2, the file named on stderr, no traceback. The bad files are a FIFO and `/dev/zero` (before,
`check`, `check --rules-doc` and `standings --points-file` read them with a blocking open: a
FIFO hung the run, `/dev/zero` filled memory), a name longer than the system allows, a file in a
folder that cannot be searched (before, `settle`, `ledger`, `state`, `view`, `dispute`,
`record`, `check` and `standings` raised from pathlib's `is_dir()`, and the stream guard called
it "cannot write the output": one bad name stopped `check` and `standings` from reading the
other files), and a symbolic link that points to itself (a traceback from `check` and
`audit --format sarif`, pathlib's resolve() raising on the loop)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_process import TIMEOUT, Outcome, run_cli, run_command

GOOD = '[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100\n'
SCENARIO = """title: a legal purchase
rules: [BUY-01]
record: |
  [Players "Ann, Ben"]
  1. Ann 3-4 Oriental Avenue buy 100
expect:
  findings: []
"""

# {} is the bad file; good.mlog and good.yaml are beside it
COMMANDS = [
    ["audit", "{}", "good.mlog"],
    ["audit", "--format", "sarif", "{}", "good.mlog"],
    ["check", "{}", "good.yaml"],
    ["fmt", "{}", "good.mlog"],
    ["fmt", "--write", "{}"],
    ["fmt", "--check", "{}"],
    ["parse", "{}"],
    ["parse", "--json", "{}"],
    ["settle", "{}"],
    ["ledger", "{}"],
    ["state", "{}"],
    ["view", "{}", "-o", "out.html"],
    ["dispute", "{}", "--ruling", "CF-04=extra-roll"],
    ["standings", "{}", "good.mlog"],
    ["record", "{}"],
    ["standings", "--points-file", "{}", "good.mlog"],
    ["check", "--coverage", "--rules-doc", "{}", "good.yaml"],
]
# what each command says of the other, good file it was given: it was still read
OTHERS_READ = {"audit": "good.mlog", "check": "passed", "standings": "1 game counted"}

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def _run(argv: list[str], cwd: Path, prefix: list[str] | None = None) -> Outcome:
    """monolog as a user runs it, stdin an empty pipe (tests/cli_process.py); with a prefix,
    the prefix's process starts Python (the process the command is forked from)."""
    if not prefix:
        return run_cli(argv, cwd, stdin=subprocess.PIPE)
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    return run_command(argv, cwd, env, stdin=subprocess.PIPE, prefix=tuple(prefix))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "good.mlog").write_text(GOOD, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(SCENARIO, encoding="utf-8")
    return tmp_path


def _refused(argv: list[str], bad: str, out: Outcome) -> None:
    assert out.code is not None, f"still running after {TIMEOUT} s: {out}"
    assert out.clean, out
    assert out.code == 2, out
    assert bad[:40] in out.stderr, out
    assert "cannot write the output" not in out.stderr, out
    others = OTHERS_READ.get(argv[0])
    if others is not None and "--points-file" not in argv and "--rules-doc" not in argv:
        assert others in out.stdout + out.stderr, out


def _argv(template: list[str], bad: str) -> list[str]:
    return [bad if part == "{}" else part for part in template]


@needs_fifo
@pytest.mark.parametrize("template", COMMANDS, ids=" ".join)
def test_a_fifo_is_refused_without_blocking(folder: Path, template: list[str]) -> None:
    os.mkfifo(folder / "pipe.yaml")
    argv = _argv(template, "pipe.yaml")
    _refused(argv, "pipe.yaml", _run(argv, folder))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("template", COMMANDS, ids=" ".join)
def test_dev_zero_is_refused_unread(folder: Path, template: list[str]) -> None:
    argv = _argv(template, "/dev/zero")
    _refused(argv, "/dev/zero", _run(argv, folder))


@pytest.mark.parametrize("template", COMMANDS, ids=" ".join)
def test_a_name_over_255_bytes_is_refused(folder: Path, template: list[str]) -> None:
    long_name = "a" * 300 + ".yaml"
    argv = _argv(template, long_name)
    _refused(argv, long_name, _run(argv, folder))


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("template", COMMANDS, ids=" ".join)
def test_a_symbolic_link_loop_is_refused(folder: Path, template: list[str]) -> None:
    # check and audit --format sarif raised pathlib's "Symlink loop" from resolve()
    os.symlink("loop.yaml", folder / "loop.yaml")
    argv = _argv(template, "loop.yaml")
    _refused(argv, "loop.yaml", _run(argv, folder))


def _unprivileged() -> list[str] | None:
    """A prefix that runs a command without the right to read or search what its mode forbids:
    none needed for a user; for root, setpriv dropping the two capabilities that override file
    modes; None when that cannot be done."""
    if os.name != "posix":
        return None
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    return prefix if probe.returncode == 0 else None


@pytest.mark.parametrize("template", COMMANDS, ids=" ".join)
def test_a_file_in_an_unsearchable_folder_is_refused(folder: Path, template: list[str]) -> None:
    prefix = _unprivileged()
    if prefix is None:
        pytest.skip("cannot run without the right to search any folder")
    locked = folder / "locked"
    locked.mkdir()
    (locked / "x.yaml").write_text(SCENARIO, encoding="utf-8")
    locked.chmod(0)
    try:
        argv = _argv(template, "locked/x.yaml")
        out = _run(argv, folder, prefix)
    finally:
        locked.chmod(0o755)
    _refused(argv, "locked/x.yaml", out)


NAMED = [
    ["audit", "{}"],
    ["parse", "{}"],
    ["settle", "{}"],
    ["ledger", "{}"],
    ["state", "{}"],
    ["dispute", "{}", "--ruling", "CF-04=extra-roll"],
    ["fmt", "--check", "{}"],
    ["check", "{}"],
]


@pytest.mark.skipif(os.name != "posix", reason="a newline in a file name is a POSIX name")
@pytest.mark.parametrize("template", NAMED, ids=" ".join)
def test_a_newline_in_a_file_name_is_escaped(folder: Path, template: list[str]) -> None:
    # parse's, settle's, ledger's and state's headings, dispute's and check's lines printed the
    # name raw, the line that names the file broken in two
    name = "new\nline.mlog" if template[0] != "check" else "new\nline.yaml"
    text = GOOD.replace("1. Ann", "1.  Ann") if template[0] == "fmt" else GOOD
    (folder / name).write_text(SCENARIO if template[0] == "check" else text, encoding="utf-8")
    out = _run(_argv(template, name), folder)
    assert out.clean, out
    lines = (out.stdout + out.stderr).splitlines()
    assert any("new\\nline" in line for line in lines), out
    assert not any(line.startswith("line.") for line in lines), out
