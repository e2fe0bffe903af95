"""Odd names on the command line never stop the run: a name longer than the system allows, a
file in a folder that cannot be searched, a NUL byte (before, each raised from an unguarded
`is_dir()`/`exists()` and no other file was audited), and a quoted `**` pattern over a tree
whose symbolic links loop back up (before, the walk never ended)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import TIMEOUT, run_cli

from monolog.commands.command_line import expand_paths

GOOD = '[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100\n'


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.mlog"
    path.write_text(GOOD, encoding="utf-8")
    return path


def test_a_name_over_255_bytes_is_one_unreadable_file(tmp_path: Path, good: Path) -> None:
    long_name = "a" * 300 + ".mlog"
    out = run_cli(["audit", long_name, "good.mlog", "--format", "json"], tmp_path)
    assert out.clean and out.code == 2, out
    assert '"good.mlog"' in out.stdout  # the other file is audited
    assert long_name in out.stderr


def test_a_glob_holding_a_long_name_does_not_raise(tmp_path: Path, good: Path) -> None:
    out = run_cli(["audit", "b" * 300 + "*.mlog", "good.mlog"], tmp_path)
    assert out.clean and out.code == 2, out


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can search anything")
def test_a_file_in_an_unsearchable_folder_is_one_unreadable_file(
    tmp_path: Path, good: Path
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "x.mlog").write_text(GOOD, encoding="utf-8")
    locked.chmod(0)
    try:
        out = run_cli(["audit", "locked/x.mlog", "locked", "good.mlog"], tmp_path)
    finally:
        locked.chmod(0o755)
    assert out.clean and out.code == 2, out
    assert "good.mlog" in out.stdout


def test_unsearchable_names_are_passed_on_not_raised() -> None:
    names = ["c" * 4000, "nul\0.mlog", "d" * 300 + "/*.mlog"]
    assert expand_paths(names) == names


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_recursive_glob_over_a_link_cycle_ends(tmp_path: Path) -> None:
    games = tmp_path / "games" / "club"
    games.mkdir(parents=True)
    (games / "g.mlog").write_text(GOOD, encoding="utf-8")
    for n in range(3):  # three links back up: 3**depth paths if they were followed
        os.symlink("..", games / f"up{n}")
    os.symlink(games, tmp_path / "games" / "again")
    out = run_cli(["audit", "games/**/*.mlog"], tmp_path, timeout=60)
    assert out.clean and out.code is not None, out
    assert out.stdout.count("games/club/g.mlog  ") == 1, out.stdout
    os.chdir(tmp_path)
    try:
        assert expand_paths(["games/**/*.mlog"]) == [os.path.join("games", "club", "g.mlog")]
        assert expand_paths(["games"]) == [os.path.join("games", "club", "g.mlog")]
    finally:
        os.chdir(Path(__file__).parent.parent)


def test_recursive_glob_matches_as_before(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    for name in ("top.mlog", "a/one.mlog", "a/b/two.mlog", "a/b/note.txt", ".hidden/h.mlog"):
        (tmp_path / name).write_text(GOOD, encoding="utf-8")
    base = str(tmp_path)
    got = expand_paths([base + "/**/*.mlog"])
    assert got == [base + "/a/b/two.mlog", base + "/a/one.mlog", base + "/top.mlog"]
    assert expand_paths([base + "/a/**/t*.mlog"]) == [base + "/a/b/two.mlog"]


@pytest.mark.skipif(os.name != "posix", reason="a removed working folder is a POSIX state")
@pytest.mark.parametrize(
    "argv",
    [
        ["audit", "{good}"],
        ["audit", "--format", "sarif", "{good}"],
        ["settle", "{good}"],
        ["check", "--coverage", "{scenario}"],
    ],
    ids=" ".join,
)
def test_a_removed_working_folder_does_not_stop_the_run(
    tmp_path: Path, good: Path, argv: list[str]
) -> None:
    # the settings search, SARIF's repository root and the rules page's place asked pathlib for
    # the working folder, which raises when it was removed: "cannot write the output", exit 2
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        "title: t\nrules: [BUY-01]\nrecord: |\n  " + GOOD.replace("\n", "\n  ") + "\nexpect:\n"
        "  findings: []\n",
        encoding="utf-8",
    )
    gone = tmp_path / "gone"
    gone.mkdir()
    named = [part.format(good=good, scenario=scenario) for part in argv]
    script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
    done = subprocess.run(
        ["sh", "-c", script, "sh", str(gone), sys.executable, "-m", "monolog", *named],
        capture_output=True,
        env={**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"},
        timeout=TIMEOUT,
        check=False,
    )
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "cannot write the output" not in err, err
    assert done.returncode in (0, 1), err  # 1: the record's own findings


def _scenario(path: Path, title: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"title: {title}\nrules: [BUY-01]\nrecord: |\n"
        '  [Players "Ann, Ben"]\n  1. Ann 2-4 Oriental Avenue buy 100\nexpect:\n  findings: []\n',
        encoding="utf-8",
    )


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_check_expands_a_quoted_glob_as_audit_does(tmp_path: Path) -> None:
    # before: `check 'scenarios/**/*.yaml'` took the pattern as a file name, "no such file or
    # folder", 0 scenarios and exit 2, where `audit` expanded its own quoted patterns
    _scenario(tmp_path / "sc" / "top.yaml", "top")
    _scenario(tmp_path / "sc" / "deep" / "below.yml", "below")
    _scenario(tmp_path / "sc" / "deep" / "other.yaml", "other")
    (tmp_path / "sc" / "deep" / "note.txt").write_text("not a scenario", encoding="utf-8")
    for n in range(3):  # links back up, as for audit: not followed by the walk
        os.symlink("..", tmp_path / "sc" / "deep" / f"up{n}")
    out = run_cli(["check", "sc/**/*.yaml"], tmp_path, timeout=60)
    assert out.clean and out.code == 0, out
    assert "2 scenarios: 2 passed" in out.stdout, out.stdout
    assert "PASS  sc/top.yaml::top" in out.stdout and "sc/deep/other.yaml::other" in out.stdout
    out = run_cli(["check", "sc/*/*.y*ml", "sc/deep/other.yaml"], tmp_path, timeout=60)
    assert out.clean and out.code == 0, out
    assert "2 scenarios: 2 passed" in out.stdout, out.stdout  # other.yaml run once
    out = run_cli(["check", "sc/**/*.none"], tmp_path, timeout=60)
    # a pattern matching nothing says so: the shell would have left it alone too
    assert out.code == 2, out
    assert "sc/**/*.none: no such file or folder, and nothing matches it as a pattern" in out.stderr
    out = run_cli(["audit", "sc/**/*.none"], tmp_path, timeout=60)
    assert out.code == 2, out
    assert "sc/**/*.none:1:1: P001 no such file, and no file matches it as a pattern" in out.stderr
    out = run_cli(["audit", "sc/gone.mlog"], tmp_path, timeout=60)
    assert out.code == 2 and "sc/gone.mlog:1:1: P001 no such file\n" in out.stderr, out
