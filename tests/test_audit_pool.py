"""`monolog audit --jobs N`: records rendered in the workers print as the parent would print
them, work goes out in chunks, and a worker that dies loses no record."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from monolog.commands import audit as audit_cmd
from monolog.commands import audit_batch, audit_record
from monolog.commands.audit_options import Settings
from monolog.findings.render import TextOutput, make_console, render_game, text_width

WRONG = '[Event "Night"]\n[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150\n'
CLEAN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 120\n'
BROKEN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy @ 150\n'


def _files(root: Path, count: int) -> list[str]:
    names = []
    for n in range(count):
        path = root / f"g{n:02d}.mlog"
        path.write_text((WRONG, CLEAN, BROKEN)[n % 3], encoding="utf-8")
        names.append(str(path))
    return names


@pytest.mark.parametrize("colour", [False, True])
def test_blocks_rendered_in_a_worker_print_as_the_parent_prints_them(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    colour: bool,
) -> None:
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    names = _files(tmp_path, 5)
    audit_batch._init_worker(Settings(None, None, {}, False, "text", False))
    outcomes = audit_batch._audit_chunk(0, names)
    assert [o.index for o in outcomes] == list(range(5))
    capsys.readouterr()
    # what the parent would have printed itself, one game after another, through Rich
    console = make_console()
    width = text_width(console)
    with console.capture() as captured:
        shown = 0
        for name in names:
            report, _ = audit_cmd.audit_file(name)
            if report.parsed:
                render_game(report, console, width, first=shown == 0)
                shown += 1
    expected = captured.get()
    # what it prints from the workers' blocks
    output = TextOutput()
    assert output.plain is not colour
    shown = 0
    for outcome in outcomes:
        if outcome.parsed:
            assert outcome.block is not None and outcome.report is None
            output.write(outcome.block if shown == 0 else "\n" + outcome.block)
            shown += 1
    assert capsys.readouterr().out == expected
    assert ("\x1b[" in expected) is colour
    # the broken record is read past its unreadable line: audited, and its error still given
    assert [o.parsed for o in outcomes] == [True] * 5
    assert outcomes[2].error is not None and "P1" in outcomes[2].error
    assert outcomes[0].violation and not outcomes[1].violation
    assert outcomes[0].codes == {("M203", "error"): 1}


def test_document_formats_get_compact_reports_from_workers(tmp_path: Path) -> None:
    names = _files(tmp_path, 2)
    audit_batch._init_worker(Settings(None, None, {}, False, "json", True))
    outcomes = audit_batch._audit_chunk(7, names)
    assert [o.index for o in outcomes] == [7, 8]
    assert all(o.block is None and o.report is not None for o in outcomes)
    assert outcomes[0].report is not None and len(outcomes[0].report.lines) == 0
    assert outcomes[0].violation


@pytest.mark.parametrize(("records", "workers"), [(1, 2), (10, 2), (100, 2), (2000, 2), (5, 8)])
def test_chunks_are_small_cover_every_record_once_and_shrink_at_the_end(
    records: int, workers: int
) -> None:
    chunks = list(audit_batch.chunks(records, workers))
    assert [i for start, stop in chunks for i in range(start, stop)] == list(range(records))
    sizes = [stop - start for start, stop in chunks]
    assert all(1 <= size <= 16 for size in sizes)
    assert sizes == sorted(sizes, reverse=True)  # the last units are the smallest
    assert sizes[-1] == 1
    assert len(chunks) >= min(records, workers)  # no worker is left without work


@pytest.mark.skipif(
    not hasattr(os, "fork") or sys.platform == "darwin", reason="the stand-in is inherited by fork"
)
def test_a_worker_that_dies_loses_no_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _files(tmp_path, 40)
    crash = names[4]  # a record that parses: only the death makes it unreadable
    real = audit_record.audit_file

    def dying(name: str, **kwargs: Any) -> Any:
        if name == crash:
            os._exit(3)
        return real(name, **kwargs)

    monkeypatch.setattr(audit_record, "audit_file", dying)
    status = audit_cmd.run(names, fmt="text", jobs=2)
    out, err = capsys.readouterr()
    assert status == 2
    assert f"{crash}:1:1: P900 internal error: the worker auditing this record failed" in err
    assert "Traceback" not in err
    summary = out.split("\n\n")[-1].splitlines()
    assert summary[0].startswith("40 records: ")
    listed = summary[summary.index("could not be read or parsed:") + 1 :]
    broken = names[2::3]  # every third record does not parse
    assert listed == [f"  {n}" for n in sorted({*broken, crash})]  # the dead worker's one only
