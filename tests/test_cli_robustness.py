"""Every command against bad input, run as a user runs it: a separate process.

Each command meets a missing file, a folder, an empty file, a file that is not UTF-8, one with a
NUL byte, a 1 MB line (one that cannot parse and one that can), a record of tags only, a record
naming an edition monolog lacks, a bad `--ruling` and `--at` beyond the end. Whatever the input,
the command ends with exit 1 or 2 (0 where the input is fine), never a traceback, and a read or
parse error names the file on stderr (with line:col where the error has a place).

The processes run a few at a time: the selected cases are started together on first use and
each test waits for its own. A process that hangs is stopped by its timeout. Each is forked
from a Python that has imported monolog already (tests/cli_process.py), so a case costs the
command's own work, not a fresh import.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_process import Outcome, run_cli

TIMEOUT = 90  # seconds for one process; a process still running then has hung
MB = 1 << 20


# --------------------------------------------------------------------------- the inputs


@dataclass(frozen=True)
class Input:
    """A file (or a missing one) handed to a command. `fine`: a record the record commands
    accept; `located`: its read or parse error carries line:col."""

    name: str
    content: bytes | None  # None: nothing is made (the missing file); b"/": a folder
    fine: bool = False
    located: bool = False


GOOD = (
    b'[Event "Club night"]\n[Players "Ann, Ben"]\n'
    b"1. Ann 3-4 Oriental Avenue buy 100\n2. Ben 2-3 Reading Railroad buy 200\n"
)
INPUTS = [
    Input("missing.mlog", None),
    Input("folder", b"/"),
    Input("empty.mlog", b""),
    Input(
        "latin1.mlog", b'[Event "Caf\xe9 night"]\n[Players "Ann, Ben"]\n1. Ann 3-4\n', located=True
    ),
    Input(
        "nul.mlog", b'[Players "Ann, Ben"]\n1. Ann 3-4 Oriental\x00 Avenue buy 100\n', located=True
    ),
    Input("long-word.mlog", b'[Players "Ann, Ben"]\n' + b"x" * MB + b"\n", located=True),
    Input(
        "long-comment.mlog",
        b'[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100 {' + b"x" * MB + b"}\n",
        fine=True,
    ),
    Input("header-only.mlog", b'[Event "Club night"]\n[Players "Ann, Ben"]\n', fine=True),
    Input(
        "unknown-edition.mlog",
        b'[Edition "mars-2099"]\n[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100\n',
        fine=True,
    ),
]
BY_NAME = {i.name: i for i in INPUTS}


def make(folder: Path, item: Input) -> None:
    path = folder / item.name
    if item.content is None:
        return
    if item.content == b"/":
        path.mkdir()
    else:
        path.write_bytes(item.content)


# --------------------------------------------------------------------------- the commands

# Every record command handles its own read and parse errors, so each meets a missing file, a
# folder and a located error; the commands that report on a record meet every input. Where a
# command shares its whole reading path with another (the audit formats, the edition files),
# a few inputs stand for the rest, which keeps the number of processes down.
ALL = tuple(i.name for i in INPUTS)
CORE = ("missing.mlog", "folder", "nul.mlog", "header-only.mlog", "unknown-edition.mlog")
FEW = ("missing.mlog", "nul.mlog", "header-only.mlog")

# commands that read a record: argv for a record file, and the inputs each one meets
RECORD_COMMANDS: dict[str, tuple[Callable[[str], list[str]], tuple[str, ...]]] = {
    "parse": (lambda f: ["parse", f], ALL),
    "parse-json": (lambda f: ["parse", "--json", f], FEW),
    "fmt": (lambda f: ["fmt", f], CORE),
    "fmt-check": (lambda f: ["fmt", "--check", f], CORE),
    "audit-text": (lambda f: ["audit", f], ALL),
    **{
        f"audit-{kind}": ((lambda k: lambda f: ["audit", "--format", k, f])(kind), FEW)
        for kind in ("json", "sarif", "github", "junit")
    },
    "ledger": (lambda f: ["ledger", "--chart", f], ALL),
    "settle": (lambda f: ["settle", f], CORE),
    "state": (lambda f: ["state", f], CORE),
    "state-at-1": (lambda f: ["state", "--at", "1", f], FEW),
    "dispute": (lambda f: ["dispute", "--ruling", "CF-02=fourth-turn-pay", f], ALL),
    "standings": (lambda f: ["standings", f], CORE),
    "view": (lambda f: ["view", f, "-o", "view.html"], CORE),
    # a missing file is a new record for `record`, so it meets the others (stdin is empty)
    "record": (lambda f: ["record", f], ("folder", "latin1.mlog", "nul.mlog", "header-only.mlog")),
}
# commands that read YAML (scenarios, editions, points): a record is not one, so every input
# fails
YAML_COMMANDS: dict[str, tuple[Callable[[str], list[str]], tuple[str, ...]]] = {
    "check": (lambda f: ["check", f], (*CORE, "empty.mlog", "latin1.mlog", "long-word.mlog")),
    "rules-show": (lambda f: ["rules", "show", f], (*CORE, "empty.mlog", "latin1.mlog")),
    "rules-diff": (lambda f: ["rules", "diff", "us-2018", f], ("nul.mlog",)),
    "simulate": (lambda f: ["simulate", "--turns", "2", "--edition", f], ("folder", "nul.mlog")),
    "audit-edition": (lambda f: ["audit", "--edition", f, "good.mlog"], ("nul.mlog",)),
    "ledger-edition": (lambda f: ["ledger", "--edition", f, "good.mlog"], ("nul.mlog",)),
    "standings-points": (lambda f: ["standings", "--points-file", f, "good.mlog"], FEW),
}


@dataclass(frozen=True)
class Case:
    id: str
    argv: list[str]
    codes: frozenset[int]  # the exit codes allowed
    names: str | None = None  # stderr must name this file (a read or parse error)
    located: bool = False  # ... with line:col


def _cases() -> Iterator[Case]:
    bad = frozenset({1, 2})
    for cmd, (argv, names) in RECORD_COMMANDS.items():
        for item in (BY_NAME[n] for n in names):
            if item.fine:
                yield Case(f"{cmd}-{item.name}", argv(item.name), frozenset({0, 1}))
            else:
                yield Case(f"{cmd}-{item.name}", argv(item.name), bad, item.name, item.located)
    for cmd, (argv, names) in YAML_COMMANDS.items():
        for name in names:
            yield Case(f"{cmd}-{name}", argv(name), bad, name)
    # usage errors on a good record: exit 2 with a reason
    for ruling in ("CF-02=nonsense", "CF-99=x"):
        yield Case(f"audit-ruling-{ruling}", ["audit", "--ruling", ruling, "good.mlog"], bad)
        yield Case(f"dispute-ruling-{ruling}", ["dispute", "--ruling", ruling, "good.mlog"], bad)
    yield Case("dispute-ruling-missing", ["dispute", "good.mlog"], bad)
    for at in ("99", "t99", "0x"):
        yield Case(f"state-at-{at}", ["state", "--at", at, "good.mlog"], bad)
    yield Case("state-at-99-header-only", ["state", "--at", "99", "header-only.mlog"], bad)
    yield Case("ledger-turns-bad", ["ledger", "--turns", "9-x", "good.mlog"], bad)
    # outputs that cannot be written (a folder stands in the way)
    for name, argv in (
        ("state-output", ["state", "--export", "txt", "--output", "folder", "good.mlog"]),
        ("simulate-out", ["simulate", "--turns", "2", "--out", "folder"]),
        ("check-junit", ["check", "--junit", "folder", "missing.yaml"]),
    ):
        yield Case(f"{name}-folder", argv, bad)
    # explain takes a code, not a file
    for code in ("Q999", "", "x" * 5000, "m301"):
        ok = frozenset({0}) if code == "m301" else bad
        yield Case(f"explain-{code[:8]!r}", ["explain", code], ok)
    yield Case("explain-nothing", ["explain"], bad)
    # the good record goes through the commands that report on it
    for cmd in ("audit-text", "ledger", "dispute", "standings"):
        argv, _ = RECORD_COMMANDS[cmd]
        yield Case(f"{cmd}-good", argv("good.mlog"), frozenset({0, 1}))


CASES = list(_cases())


# --------------------------------------------------------------------------- running


def run(folder: Path, argv: list[str]) -> Outcome:
    return run_cli(argv, folder, timeout=TIMEOUT)


@pytest.fixture(scope="module")
def outcomes(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Future[Outcome]]]:
    """The selected cases, started together (a few processes at a time) on first use."""
    folder = tmp_path_factory.mktemp("robustness")
    for item in INPUTS:
        make(folder, item)
    (folder / "good.mlog").write_bytes(GOOD)
    wanted = {
        item.callspec.id
        for item in request.session.items
        if getattr(item, "originalname", None) == "test_command_on_input"
        and hasattr(item, "callspec")
    }
    workers = max(2, min(4, os.cpu_count() or 2))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {c.id: pool.submit(run, folder, c.argv) for c in CASES if c.id in wanted}
        yield futures
        for f in futures.values():
            f.cancel()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_command_on_input(case: Case, outcomes: dict[str, Future[Outcome]]) -> None:
    out = outcomes[case.id].result()
    shown = f"monolog {' '.join(a[:60] for a in case.argv)}\n--- stderr:\n{out.stderr[:2000]}"
    assert out.code is not None, f"still running after {TIMEOUT} s: {shown}"
    assert "Traceback" not in out.stderr, shown
    assert "Traceback" not in out.stdout, f"{shown}\n--- stdout:\n{out.stdout[:2000]}"
    assert out.code in case.codes, f"exit {out.code}, expected one of {set(case.codes)}: {shown}"
    if out.code == 2:
        assert out.stderr.strip(), f"exit 2 without a word on stderr: {shown}"
    if case.names is not None:
        assert case.names in out.stderr, f"stderr does not name {case.names}: {shown}"
        if case.located:
            where = re.escape(case.names) + r":\d+:\d+: P\d{3} "
            assert re.search(where, out.stderr), f"no file:line:col on stderr: {shown}"


def test_every_command_is_covered() -> None:
    """Each command monolog has meets the inputs above (a new command must be added here)."""
    from monolog.cli import app

    names = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    names |= {g.name for g in app.registered_groups if g.name}
    covered = {c.argv[0] for c in CASES if c.argv}
    assert names <= covered, f"commands without robustness cases: {sorted(names - covered)}"
