"""`monolog record` and the file it keeps: a link planted beside it, a record that is a link,
another process writing to it, a full disk, and bytes that are not UTF-8 in piped input."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from recorder_pty import REPO, Recorder

from monolog.commands.audit import audit_file
from monolog.recorder import disk
from monolog.recorder.disk import RecordFileError
from monolog.recorder.session import Session

HEADER = '[Edition "us-2018"]\n[Players "Ann, Ben, Cal"]\n'
FIRST = "1. Ann 3-4 Chance card CH08 50"
SECOND = "2. Ben 4-4 Vermont Avenue buy 100"


def run(rec: Recorder, *typed: tuple[str, str]) -> None:
    """Type each line once its prompt (or text) is shown."""
    for shown, line in typed:
        rec.expect(shown)
        rec.type(line + "\r")


@pytest.fixture()
def started(tmp_path: Path) -> Path:
    record = tmp_path / "game.mlog"
    record.write_text(HEADER, encoding="utf-8")
    return record


def test_undo_never_writes_through_a_link_planted_beside_the_record(started: Path) -> None:
    victim = started.parent / "precious.txt"
    victim.write_text("not the recorder's\n", encoding="utf-8")
    planted = started.with_name(started.name + ".undo")  # where undo used to write
    planted.symlink_to(victim)
    rec = Recorder(started)
    try:
        run(rec, ("3>", FIRST), ("4>", "undo"))
        rec.expect("undone: " + FIRST)
        assert rec.end("3>") == 0
    finally:
        rec.kill()
    assert victim.read_text(encoding="utf-8") == "not the recorder's\n"
    assert not started.is_symlink()
    assert started.read_text(encoding="utf-8") == HEADER
    assert sorted(p.name for p in started.parent.iterdir()) == [
        "game.mlog",
        "game.mlog.undo",
        "precious.txt",
    ]  # and no temporary file left behind


def test_a_record_that_is_a_link_is_written_through_it_after_an_undo(tmp_path: Path) -> None:
    kept_at = tmp_path / "league" / "game.mlog"
    kept_at.parent.mkdir()
    kept_at.write_text(HEADER, encoding="utf-8")
    link = tmp_path / "tonight.mlog"
    link.symlink_to(kept_at)
    rec = Recorder(link)
    try:
        run(rec, ("3>", FIRST), ("4>", "undo"), ("3>", FIRST), ("4>", SECOND))
        rec.expect("kept as line 4")
        assert rec.end("5>") == 0
    finally:
        rec.kill()
    assert link.is_symlink() and link.resolve() == kept_at.resolve()
    assert kept_at.read_text(encoding="utf-8") == HEADER + FIRST + "\n" + SECOND + "\n"


def append_from_another_process(record: Path, text: str) -> None:
    code = f"open({str(record)!r}, 'a', encoding='utf-8').write({text!r})"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_line_written_by_another_process_stops_the_recorder(started: Path) -> None:
    rec = Recorder(started)
    try:
        run(rec, ("3>", FIRST))
        rec.expect("kept as line 3")
        rec.expect("4>")
        append_from_another_process(started, "2. Ben 4-4 Vermont Avenue buy 10")  # unfinished
        rec.type(SECOND + "\r")
        rec.expect("changed by something else")
        code = rec.wait()
    finally:
        rec.kill()
    assert code == 2
    # the other process's text is left as it was: nothing glued to it, nothing dropped
    assert started.read_text(encoding="utf-8") == (
        HEADER + FIRST + "\n" + "2. Ben 4-4 Vermont Avenue buy 10"
    )


def test_undo_after_another_process_wrote_drops_nothing(started: Path) -> None:
    rec = Recorder(started)
    try:
        run(rec, ("3>", FIRST))
        rec.expect("kept as line 3")
        rec.expect("4>")
        append_from_another_process(started, "; from the other desk\n")
        rec.type("undo\r")
        rec.expect("changed by something else")
        assert rec.wait() == 2
    finally:
        rec.kill()
    assert started.read_text(encoding="utf-8") == HEADER + FIRST + "\n; from the other desk\n"


@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real file system of 64 KiB (tmpfs, room for 64 files), mounted for the test."""
    where = tmp_path / "disk"
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k,nr_inodes=64", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if mounted.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {mounted.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=True, timeout=60)


def test_a_line_cut_short_by_a_full_disk_is_taken_back_out(small_disk: Path) -> None:
    record = small_disk / "game.mlog"
    # the record ends 10 bytes short of a page: the next line needs a page the disk lacks
    record.write_text(HEADER + "; " + "x" * (4096 - 10 - len(HEADER) - 3) + "\n", "utf-8")
    before = record.read_bytes()
    filler = small_disk / "filler"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    rec = Recorder(record)
    try:
        run(rec, ("4>", FIRST))
        shown = rec.expect("Recording stops here")
        code = rec.wait()
    finally:
        rec.kill()
    assert "line 4 could not be written (only 10 of its 31 bytes went in" in shown
    assert str(record) in shown
    assert code == 2
    assert record.read_bytes() == before  # no half line left behind
    assert "kept as line 4" not in rec.shown


def test_a_failed_write_truncates_the_file_back(
    started: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        if data.endswith(FIRST.encode() + b"\n"):  # the recorder's line: half of it, then full
            real_write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    session = Session(started)
    session.try_line(FIRST)
    monkeypatch.setattr(disk.os, "write", half_then_full)
    with pytest.raises(RecordFileError) as caught:
        session.keep()
    monkeypatch.undo()
    assert str(started) in str(caught.value) and "the file is as it was" in str(caught.value)
    assert started.read_text(encoding="utf-8") == HEADER
    assert session.lines == HEADER.splitlines()
    found, _ = audit_file(str(started))
    assert not [f for f in found.findings if f.severity.value == "error"]


def test_piped_bytes_that_are_not_utf8_are_a_p002_and_the_rest_is_read(started: Path) -> None:
    piped = (FIRST + "\n").encode() + b"2. Ben 4-4 Vermont Avenue buy 100 ; caf\xe9\n"
    piped += b"2. Ben 4-4 Vermont Avenue buy 100\n"
    done = subprocess.run(
        [sys.executable, "-m", "monolog", "record", str(started)],
        input=piped,
        capture_output=True,
        timeout=60,
        cwd=REPO,
        env={**os.environ, "NO_COLOR": "1"},
    )
    out = done.stdout.decode("utf-8")
    assert "Traceback" not in done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2
    assert f"{started}:4:40: P002 the record is not UTF-8 text: byte 0xe9" in out
    assert "kept as line 4" in out  # the line after it is still read and kept
    assert started.read_text(encoding="utf-8") == (HEADER + FIRST + "\n" + SECOND + "\n")
