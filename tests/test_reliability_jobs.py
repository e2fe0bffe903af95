"""`audit --jobs` survives dead workers: a worker killed while it audits a record is replaced,
the rest of its work goes to the others, and only the record it was auditing is reported as
failed, once per line of the closing list. (Before, one killed worker broke the pool: 9,296 of
10,000 good records were reported as unreadable, on one 250 KB line, and the other worker sat
idle.)"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

import monolog.commands.audit as audit_cmd
import monolog.commands.audit_record as audit_record

GOOD = '[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy 100\n'
needs_fork = pytest.mark.skipif(
    not hasattr(os, "fork") or sys.platform == "darwin", reason="the stand-in is inherited by fork"
)


def _records(folder: Path, count: int) -> list[str]:
    names = []
    for n in range(count):
        path = folder / f"g{n:04d}.mlog"
        path.write_text(GOOD, encoding="utf-8")
        names.append(str(path))
    return names


@needs_fork
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_killed_workers_are_replaced_and_only_their_records_fail(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fmt: str,
) -> None:
    names = _records(tmp_path, 300)
    doomed = {names[7], names[150], names[299]}
    real = audit_record.audit_file

    def killed(name: str, **kwargs: Any) -> Any:
        if name in doomed:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(name, **kwargs)

    monkeypatch.setattr(audit_record, "audit_file", killed)
    status = audit_cmd.run(names, fmt=fmt, jobs=2)
    out, err = capsys.readouterr()
    assert status == 2
    assert "Traceback" not in err
    failed = [line for line in err.splitlines() if "P900" in line]
    assert sorted(line.split(":1:1:")[0] for line in failed) == sorted(doomed)
    assert all("killed by signal 9" in line for line in failed)
    if fmt == "text":
        summary = out.split("\n\n")[-1].splitlines()
        assert summary[0].startswith("300 records: ") and "3 could not be read" in summary[0]
        listed = summary[summary.index("could not be read or parsed:") + 1 :]
        assert listed == [f"  {n}" for n in sorted(doomed)]
        assert out.count(": 1 error, 0 warnings, 0 info") == 297  # every other record audited
    else:
        assert out.count('"file":') >= 297


@needs_fork
def test_a_worker_that_dies_at_once_every_time_does_not_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _records(tmp_path, 12)

    def always(name: str, **kwargs: Any) -> Any:
        os._exit(1)

    monkeypatch.setattr(audit_record, "audit_file", always)
    status = audit_cmd.run(names, fmt="text", jobs=2)
    out, err = capsys.readouterr()
    assert status == 2
    assert err.count("P900") == 12
    assert "12 could not be read" in out
