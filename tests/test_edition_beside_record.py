"""An edition file named in a record's Edition tag by a relative path is found beside the record,
wherever monolog is run from; a path that is not there is read from the working folder, and a
missing file is still W009."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from monolog.engine import replay
from monolog.notation.parser import parse_file

DATA = Path(__file__).resolve().parent / "data"
RECORD = """[Edition "{edition}"]
[Variant "time-limit"]
[TimeLimit "60"]
[Players "Ann, Ben"]
1. Ann 3-4 Chance card CH08
"""


def _codes(path: Path) -> list[str]:
    result = replay(parse_file(path), file=str(path))
    return [f.code for f in result.findings]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    games = tmp_path / "club" / "games"
    games.mkdir(parents=True)
    shutil.copy(DATA / "us-2018-time-limit.yaml", tmp_path / "club" / "house.yaml")
    return games


def test_found_beside_the_record_from_another_folder(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = folder / "g1.mlog"
    record.write_text(RECORD.format(edition="../house.yaml"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # `../house.yaml` from here does not exist
    result = replay(parse_file(record), file=str(record))
    assert "W009" not in [f.code for f in result.findings]
    assert result.edition.key == "house"  # the club's file (named for it), not the default
    assert result.edition.rules.time_limit  # and its time-limit variant is played


def test_a_path_from_the_working_folder_still_works(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = folder / "g2.mlog"
    record.write_text(RECORD.format(edition="club/house.yaml"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert "W009" not in _codes(record)


def test_a_missing_file_is_still_reported(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = folder / "g3.mlog"
    record.write_text(RECORD.format(edition="nowhere.yaml"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert "W009" in _codes(record)
