"""`monolog audit --scheduler`: a run on a Dask cluster writes the report one process writes,
byte for byte, and a task that fails costs only the record that cannot be audited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from monolog.commands import audit as audit_cmd
from monolog.commands import cluster
from monolog.commands.audit_batch import audit_unit
from monolog.commands.audit_options import Settings

distributed = pytest.importorskip("distributed")

GAMES = Path(__file__).resolve().parent.parent / "scenarios" / "games"
WRONG = '[Event "Night"]\n[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150\n'
CLEAN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 120\n'
BROKEN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy @ 150\n'


def _records(root: Path) -> list[str]:
    """Shipped games (one file holds several) and small records: a violation, a clean one and
    one that cannot be parsed, so the exit code and stderr are exercised too."""
    names = sorted(str(p) for p in GAMES.glob("*.mlog"))[:6]
    for n, text in enumerate((WRONG, CLEAN, BROKEN, WRONG)):
        path = root / f"small{n}.mlog"
        path.write_text(text, encoding="utf-8")
        names.append(str(path))
    return names


def _run(capsys: pytest.CaptureFixture[str], *args: Any, **options: Any) -> tuple[int, str, str]:
    capsys.readouterr()
    status = audit_cmd.run(*args, **options)
    out, err = capsys.readouterr()
    return status, out, err


def test_a_cluster_of_two_worker_processes_writes_what_one_process_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _records(tmp_path)
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as local:
        address = local.scheduler_address
        for fmt in ("json", "jsonl", "text"):
            alone = _run(capsys, names, fmt=fmt)
            spread = _run(capsys, names, fmt=fmt, scheduler=address)
            assert spread == alone, fmt
    assert alone[0] == 2  # the broken record: exit 2, and its error on stderr both times
    rows = [json.loads(line) for line in _run(capsys, names, fmt="jsonl")[1].splitlines()]
    assert {row["kind"] for row in rows} == {"finding", "game"}


def test_an_edition_file_named_from_another_folder_reaches_the_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the worker starts in one folder, the audit runs in another with `--edition my.yaml`
    (tmp_path / "elsewhere").mkdir()
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    profile = "extends: us-2018\nengine:\n  name: demo 1.0\n  plays:\n    CF-71: closest\n"
    (corpus / "my.yaml").write_text(profile, encoding="utf-8")
    names = _records(corpus)[-4:]
    monkeypatch.chdir(tmp_path / "elsewhere")
    with distributed.LocalCluster(
        n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None
    ) as local:
        monkeypatch.chdir(corpus)
        alone = _run(capsys, names, fmt="jsonl", edition="my.yaml")
        spread = _run(
            capsys, names, fmt="jsonl", edition="my.yaml", scheduler=local.scheduler_address
        )
    assert alone[0] == 2 and '"engine": "demo 1.0"' in alone[1]  # the broken record: exit 2
    assert "P900" not in spread[1] + spread[2]
    assert spread == alone


def test_records_named_relative_to_a_folder_the_workers_are_not_in_get_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "game.mlog").write_text(CLEAN, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "elsewhere")
    with distributed.LocalCluster(
        n_workers=1, processes=True, threads_per_worker=1, dashboard_address=None
    ) as local:
        monkeypatch.chdir(tmp_path)
        _, _, err = _run(capsys, ["game.mlog"], scheduler=local.scheduler_address)
        assert "game.mlog:1:1: P001 no such file" in err  # the worker's folder has no game.mlog
        assert f"the workers started in {tmp_path / 'elsewhere'}, not in {tmp_path}" in err
        # named absolutely, the same record is found, and nothing is said
        status, out, err = _run(
            capsys, [str(tmp_path / "game.mlog")], scheduler=local.scheduler_address
        )
    assert status == 0 and err == "" and "clean: no findings" in out


def _failing_on(name: str) -> Any:
    """audit_unit, but a task holding the record `name` fails, as one whose worker keeps
    dying does once Dask's retries are spent."""

    def audit(start: int, names: list[str], settings: Any) -> Any:
        if name in names:
            raise RuntimeError("worker lost")
        return audit_unit(start, names, settings)

    return audit


def test_a_failed_task_reports_only_the_record_no_worker_could_audit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    names = _records(tmp_path)
    bad = names[7]
    monkeypatch.setattr(cluster, "audit_unit", _failing_on(bad))
    monkeypatch.setattr(cluster, "RETRIES", 0)
    alone = _run(capsys, names, fmt="jsonl")
    with distributed.LocalCluster(
        n_workers=1, processes=False, threads_per_worker=1, dashboard_address=None
    ) as local:
        status, out, err = _run(capsys, names, fmt="jsonl", scheduler=local.scheduler_address)
    assert status == 2
    rows = [json.loads(line) for line in out.splitlines()]
    failed = [row for row in rows if row["file"] == bad and row["kind"] == "finding"]
    assert [row["code"] for row in failed] == ["P900"]
    assert "worker lost" in failed[0]["message"]
    # every other record is reported as one process reports it
    kept = [line for line in out.splitlines() if json.loads(line)["file"] != bad]
    assert kept == [line for line in alone[1].splitlines() if json.loads(line)["file"] != bad]
    assert f"{bad}:1:1: P900" in err


def test_no_scheduler_at_the_address_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1)
    status, out, err = _run(
        capsys, [str(GAMES / "worked-example.mlog")], scheduler="tcp://127.0.0.1:9"
    )
    assert status == 2 and out == ""
    assert "--scheduler 'tcp://127.0.0.1:9': no Dask scheduler answered" in err
    assert "Traceback" not in err


class _Recording:
    """A client that records the tasks it is given (their records) and runs none of them."""

    def __init__(self, threads: int) -> None:
        self.threads = threads
        self.tasks: list[list[str]] = []

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {f"w{n}": {"nthreads": 1} for n in range(self.threads)}}

    def scatter(self, data: Any, broadcast: bool) -> Any:
        return data

    def map(self, func: Any, starts: list[int], units: list[list[str]], **options: Any) -> Any:
        self.tasks = units
        return [_Done() for _ in units]


class _Done:
    def result(self) -> list[Any]:
        return []

    def release(self) -> None:
        pass


def test_a_long_run_goes_to_the_cluster_in_few_tasks_that_shrink_at_the_end() -> None:
    # each task costs the scheduler, the client and a worker some CPU of their own, which a
    # task of 16 records (as --jobs cuts them) made a sizeable part of a run on two cores
    names = [f"/corpus/g{n}.mlog" for n in range(20_000)]
    client = _Recording(threads=2)
    settings = Settings(None, None, {}, False, "jsonl", False)
    assert list(cluster.cluster_outcomes(client, names, settings)) == []
    sizes = [len(task) for task in client.tasks]
    assert [name for task in client.tasks for name in task] == names  # each once, in order
    assert len(sizes) < 300  # not the 1,300 of 16 records or fewer
    assert max(sizes) == cluster.MOST_PER_TASK >= 100
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1  # the workers end together
