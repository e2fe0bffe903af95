"""An edition file named in a record's Edition tag is looked for only beside the record (its own
folder, or below it) and in the folders MONOLOG_EDITIONS lists, wherever monolog is run from. A
record is data someone else may have written: a tag naming any other path (`/etc/passwd`, a file
in the working folder, `../x.yaml`, a device) is W009 and nothing of that path is read or quoted."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from cli_process import deadline

from monolog.engine import replay
from monolog.notation.parser import parse_file

DATA = Path(__file__).resolve().parent / "data"
RECORD = """[Edition "{edition}"]
[Variant "time-limit"]
[TimeLimit "60"]
[Players "Ann, Ben"]
1. Ann 3-4 Chance card CH08
"""


def _findings(path: Path) -> list[tuple[str, str]]:
    result = replay(parse_file(path), file=str(path))
    return [(f.code, f.message) for f in result.findings]


def _codes(path: Path) -> list[str]:
    return [code for code, _ in _findings(path)]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("MONOLOG_EDITIONS", raising=False)
    games = tmp_path / "club" / "games"
    games.mkdir(parents=True)
    shutil.copy(DATA / "us-2018-time-limit.yaml", tmp_path / "club" / "house.yaml")
    return games


def _record(folder: Path, name: str, edition: str) -> Path:
    record = folder / name
    record.write_text(RECORD.format(edition=edition), encoding="utf-8")
    return record


def test_found_beside_the_record_from_another_folder(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(folder.parent / "house.yaml", folder / "house.yaml")
    record = _record(folder, "g1.mlog", "house.yaml")
    monkeypatch.chdir(tmp_path)  # `house.yaml` from here does not exist
    result = replay(parse_file(record), file=str(record))
    assert "W009" not in [f.code for f in result.findings]
    assert result.edition.key == "house"  # the club's file (named for it), not the default
    assert result.edition.rules.time_limit  # and its time-limit variant is played


def test_a_folder_above_the_record_needs_to_be_configured(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _record(folder, "g2.mlog", "../house.yaml")
    assert "W009" in _codes(record)
    monkeypatch.setenv("MONOLOG_EDITIONS", str(folder.parent))
    record = _record(folder, "g3.mlog", "house.yaml")
    assert "W009" not in _codes(record)


def test_a_path_from_the_working_folder_is_not_read(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _record(folder, "g4.mlog", "club/house.yaml")
    monkeypatch.chdir(tmp_path)
    assert "W009" in _codes(record)


def test_an_absolute_path_elsewhere_is_not_read_nor_quoted(folder: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    for edition in (str(secret), "/etc/passwd", "../../secret.yaml"):
        record = _record(folder, "g5.mlog", edition)
        found = [m for c, m in _findings(record) if c == "W009"]
        assert len(found) == 1, edition
        assert "hunter2" not in found[0] and "root:" not in found[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_or_device_named_by_the_tag_does_not_block(folder: Path) -> None:
    os.mkfifo(folder / "pipe.yaml")
    for edition in ("pipe.yaml", "/dev/stdin", "/dev/zero"):
        record = _record(folder, "g6.mlog", edition)
        with deadline(20):
            assert "W009" in _codes(record), edition


def test_an_edition_beside_the_record_cannot_extend_a_file_outside(
    folder: Path, tmp_path: Path
) -> None:
    (tmp_path / "outside.yaml").write_text("extends: us-2018\n", encoding="utf-8")
    (folder / "local.yaml").write_text("extends: ../../outside.yaml\n", encoding="utf-8")
    record = _record(folder, "g7.mlog", "local.yaml")
    found = [m for c, m in _findings(record) if c == "W009"]
    assert found and "outside the record's folder" in found[0]
    (folder / "ok.yaml").write_text("extends: us-2018\n", encoding="utf-8")
    assert "W009" not in _codes(_record(folder, "g8.mlog", "ok.yaml"))


def test_a_missing_file_is_still_reported(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _record(folder, "g9.mlog", "nowhere.yaml")
    monkeypatch.chdir(tmp_path)
    assert "W009" in _codes(record)
