"""`monolog audit --scheduler`: a run on a Dask cluster writes the report one process writes,
byte for byte, and a task that fails costs only the record that cannot be audited."""

from __future__ import annotations

import json
import pickle
import shutil
from collections.abc import Iterator
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


@pytest.fixture(scope="module")
def cluster_elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a cluster of two worker processes started in a folder of their own, with
    no MONOLOG_EDITIONS in their environment, as on machines other than the client's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path_factory.mktemp("elsewhere"))
        patch.delenv("MONOLOG_EDITIONS", raising=False)
        local = distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        )
    with local:
        yield local.scheduler_address


PROFILE = "extends: us-2018\nengine:\n  name: demo 1.0\n  plays:\n    CF-71: closest\n"


def _gone_once_connected(path: Path) -> Any:
    """cluster.connect, after which the file or folder at `path` is gone: the client read what
    it needed before it connected, and no worker can read it (as on a machine without it)."""
    connect = cluster.connect

    def connecting(address: str) -> Any:
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
        return connect(address)

    return connecting


def test_an_edition_file_goes_to_the_workers_as_the_client_read_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    cluster_elsewhere: str,
) -> None:
    # the profile is in the client's own folder, which no worker sees: named by --edition, or
    # by the edition of the settings file there
    (tmp_path / "corpus").mkdir()
    names = _records(tmp_path / "corpus")[-4:]
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    profile = home / "my.yaml"
    monkeypatch.setattr(cluster, "connect", _gone_once_connected(profile))
    for settings_file in ("", 'edition = "my.yaml"\n'):
        (home / "monolog.toml").write_text(settings_file, encoding="utf-8")
        edition = None if settings_file else "my.yaml"
        for fmt in ("json", "jsonl"):
            profile.write_text(PROFILE, encoding="utf-8")
            alone = _run(capsys, names, fmt=fmt, edition=edition)
            assert alone[0] == 2 and "demo 1.0" in alone[1]  # the broken record: exit 2
            spread = _run(capsys, names, fmt=fmt, edition=edition, scheduler=cluster_elsewhere)
            assert spread == alone, (settings_file, fmt)
            assert not profile.exists()


def test_the_editions_of_the_client_s_monolog_editions_go_to_the_workers(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    cluster_elsewhere: str,
) -> None:
    # records whose Edition tag names a profile in the folder MONOLOG_EDITIONS lists (named
    # relative to the client's folder) on the client alone, a profile that extends another
    (tmp_path / "corpus").mkdir()
    names = []
    for n, (tag, moves) in enumerate(
        [("demo.yaml", WRONG), ("base.yaml", CLEAN), ("no.yaml", CLEAN)]
    ):
        path = tmp_path / "corpus" / f"tagged{n}.mlog"
        path.write_text(f'[Edition "{tag}"]\n{moves}', encoding="utf-8")
        names.append(str(path))
    profiles = tmp_path / "profiles"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MONOLOG_EDITIONS", "profiles")
    monkeypatch.setattr(cluster, "connect", _gone_once_connected(profiles))
    for fmt in ("json", "jsonl"):
        profiles.mkdir()
        (profiles / "base.yaml").write_text(PROFILE, encoding="utf-8")
        (profiles / "demo.yaml").write_text("extends: base.yaml\ntitle: Demo\n", encoding="utf-8")
        alone = _run(capsys, names, fmt=fmt)
        assert alone[1].count("demo 1.0") >= 2 and "W009" in alone[1]  # no.yaml: none there
        spread = _run(capsys, names, fmt=fmt, scheduler=cluster_elsewhere)
        assert spread == alone, fmt
        assert not profiles.exists()


def test_the_client_s_size_limits_go_to_the_workers(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    cluster_elsewhere: str,
) -> None:
    # set only where the audit runs: a record larger than the record limit is refused there,
    # and so is an edition file beside a record larger than the edition limit
    (tmp_path / "demo.yaml").write_text(PROFILE, encoding="utf-8")
    tag = '[Edition "demo.yaml"]\n'
    names = []
    for n, text in enumerate((CLEAN, tag + CLEAN, tag + WRONG)):
        path = tmp_path / f"sized{n}.mlog"
        path.write_text(text, encoding="utf-8")
        names.append(str(path))
    between = (len(tag + CLEAN) + len(tag + WRONG)) / 2
    monkeypatch.setenv("MONOLOG_MAX_RECORD_MIB", str(between / (1 << 20)))
    monkeypatch.setenv("MONOLOG_MAX_EDITION_MIB", str((len(PROFILE) - 1) / (1 << 20)))
    for fmt in ("json", "jsonl"):  # isolated: the settings file is read under the limit too
        alone = _run(capsys, names, fmt=fmt, isolated=True)
        assert "P001" in alone[1] and "W009" in alone[1] and "demo 1.0" not in alone[1]
        spread = _run(capsys, names, fmt=fmt, isolated=True, scheduler=cluster_elsewhere)
        assert spread == alone, fmt


def test_a_monolog_editions_folder_too_large_to_send_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # its edition files would all go to every worker: said before any scheduler is asked
    for n in range(3):
        (tmp_path / f"e{n}.yaml").write_text("extends: us-2018\n", encoding="utf-8")
    monkeypatch.setenv("MONOLOG_EDITIONS", str(tmp_path))
    monkeypatch.setattr("monolog.editions.carried.MOST_ENTRIES", 2)
    status, out, err = _run(
        capsys, [str(GAMES / "worked-example.mlog")], scheduler="tcp://127.0.0.1:9"
    )
    assert (status, out) == (2, "")
    assert err == (
        f"monolog audit: MONOLOG_EDITIONS: {tmp_path}: more than 2 entries below it; a run on "
        "a cluster sends the edition files of its folders to every worker: list only folders "
        "of edition files\n"
    )


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
    def result(self) -> bytes:
        return pickle.dumps([])  # a task's outcomes, pickled as one (cluster.audited)

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
    assert len(sizes) < 150  # not the 1,300 of 16 records or fewer, nor 240 ending in ones
    assert max(sizes) == cluster.MOST_PER_TASK >= 100
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1  # the workers end together
    assert len([size for size in sizes if size < cluster.FEWEST_PER_TASK]) <= 5  # not 55
