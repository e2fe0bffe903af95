"""`monolog simulate --count N --out FOLDER` writes its records with monolog/simulate/files.py:
each whole or not there (a temporary file renamed over the name), without forcing each to the
disk, and never through a temporary name someone else has taken."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.simulate import simulate
from monolog.simulate.files import write_record


def test_a_run_s_records_are_not_forced_to_the_disk_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a record is made again from its seed: an fsync per file cost more than it kept safe
    def no_fsync(fd: int) -> None:
        raise OSError(errno.EIO, "fsync called")

    monkeypatch.setattr(os, "fsync", no_fsync)
    folder = tmp_path / "run"
    argv = ["simulate", "--count", "3", "--seed", "5", "--turns", "20", "-o", str(folder)]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.stderr
    for seed in (5, 6, 7):
        written = (folder / f"us-2018-4p-{seed}.mlog").read_text(encoding="utf-8")
        assert written == simulate("us-2018", 4, seed, turns=20).text
    assert sorted(p.name for p in folder.iterdir()) == [f"us-2018-4p-{s}.mlog" for s in (5, 6, 7)]


def test_a_failed_rename_keeps_the_old_record_and_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "r.mlog"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)

    def full(src: str, dst: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", full)
        with pytest.raises(OSError) as caught:
            write_record(target, "new\n")
    assert caught.value.filename == str(target)
    assert [p.name for p in tmp_path.iterdir()] == ["r.mlog"]  # no temporary file left
    assert target.read_text(encoding="utf-8") == "old\n"
    write_record(target, "new\n")  # written again: the content replaced, the mode kept
    assert target.read_text(encoding="utf-8") == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_taken_temporary_name_is_never_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not the record's\n", encoding="utf-8")
    folder = tmp_path / "run"
    folder.mkdir()
    target = folder / "r.mlog"
    (folder / f".r.mlog.{os.getpid()}.tmp").symlink_to(elsewhere)
    write_record(target, "the record\n")
    assert target.read_text(encoding="utf-8") == "the record\n"
    assert elsewhere.read_text(encoding="utf-8") == "not the record's\n"
