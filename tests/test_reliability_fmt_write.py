"""`fmt --write` never loses what it did not read. Each case failed before: lines appended to
the file while it was formatted were lost (exit 0), a symbolic link put in the file's place had
its target overwritten, a read-only file was rewritten, and a temporary file left by a killed run
stayed forever."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import monolog.commands.fmt as fmt_command
import monolog.notation.formatter as formatter
from monolog.cli import app

runner = CliRunner()
MESSY = '[Players "Ann, Ben"]\n1.   Ann 3-4   Chance card CH08\n'
TIDY = '[Players "Ann, Ben"]\n1. Ann 3-4 Chance card CH08\n'


def _during_formatting(monkeypatch: pytest.MonkeyPatch, act: Callable[[], None]) -> None:
    """Run `act` while the record is being formatted (after it was read, before the write)."""
    real = formatter.format_text

    def slow(text: str, name: str | None = None) -> str:
        act()
        return real(text, name) if name is not None else real(text)

    monkeypatch.setattr(formatter, "format_text", slow)
    if hasattr(fmt_command, "format_text"):
        monkeypatch.setattr(fmt_command, "format_text", slow)


def test_lines_appended_while_formatting_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "g.mlog"
    record.write_text(MESSY, encoding="utf-8")
    added = "2. Ben 2-3 Reading Railroad buy 200\n"

    def append() -> None:
        with record.open("a", encoding="utf-8") as handle:
            handle.write(added)

    _during_formatting(monkeypatch, append)
    result = runner.invoke(app, ["fmt", "--write", str(record)])
    assert result.exit_code == 2, result.output
    assert "changed while it was formatted" in result.output
    assert record.read_text(encoding="utf-8") == MESSY + added
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.mlog"]  # no temporary file left


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_put_in_place_while_formatting_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "g.mlog"
    record.write_text(MESSY, encoding="utf-8")
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n", encoding="utf-8")

    def swap() -> None:
        record.unlink()
        record.symlink_to(precious)

    _during_formatting(monkeypatch, swap)
    result = runner.invoke(app, ["fmt", "--write", str(record)])
    assert result.exit_code == 2, result.output
    assert precious.read_text(encoding="utf-8") == "keep me\n"
    assert record.is_symlink()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_there_when_read_still_rewrites_its_target(tmp_path: Path) -> None:
    real = tmp_path / "real.mlog"
    real.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "link.mlog"
    link.symlink_to(real)
    result = runner.invoke(app, ["fmt", "--write", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_text(encoding="utf-8") == TIDY


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() != 0, reason="giving a file to another user needs root"
)
def test_the_owner_is_kept_when_root_formats_a_users_file(tmp_path: Path) -> None:
    # a root run of fmt --write made the user's file root's
    record = tmp_path / "g.mlog"
    record.write_text(MESSY, encoding="utf-8")
    os.chown(record, 4321, 4322)
    result = runner.invoke(app, ["fmt", "--write", str(record)])
    assert result.exit_code == 0, result.output
    st = record.stat()
    assert (st.st_uid, st.st_gid) == (4321, 4322)
    assert record.read_text(encoding="utf-8") == TIDY


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_the_mode_is_kept(tmp_path: Path) -> None:
    record = tmp_path / "g.mlog"
    record.write_text(MESSY, encoding="utf-8")
    record.chmod(0o640)
    result = runner.invoke(app, ["fmt", "--write", str(record)])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(record.stat().st_mode) == 0o640
    assert record.read_text(encoding="utf-8") == TIDY


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_a_read_only_file_needs_force(tmp_path: Path) -> None:
    record = tmp_path / "g.mlog"
    record.write_text(MESSY, encoding="utf-8")
    record.chmod(0o444)
    result = runner.invoke(app, ["fmt", "--write", str(record)])
    assert result.exit_code == 2, result.output
    assert "read-only" in result.output and "--force" in result.output
    assert record.read_text(encoding="utf-8") == MESSY
    result = runner.invoke(app, ["fmt", "--write", "--force", str(record)])
    assert result.exit_code == 0, result.output
    assert record.read_text(encoding="utf-8") == TIDY
    assert stat.S_IMODE(record.stat().st_mode) == 0o444


def test_a_killed_run_s_temporary_file_is_removed_next_time(tmp_path: Path) -> None:
    record = tmp_path / "g.mlog"
    record.write_text(MESSY, encoding="utf-8")
    old = tmp_path / ".g.mlog.k1ll3d.monolog-tmp"
    old.write_text("half", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    fresh = tmp_path / ".g.mlog.running.monolog-tmp"  # another run's, still going
    fresh.write_text("half", encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--write", str(record)])
    assert result.exit_code == 0, result.output
    assert not old.exists() and fresh.exists()
