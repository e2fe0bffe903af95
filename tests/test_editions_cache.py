"""Shipped editions and readings kept in the cache folder between processes: what comes back is
what the YAML gives, and a missing, damaged or unwritable cache only means building again."""

from __future__ import annotations

from pathlib import Path

import pytest

from monolog import cachedir
from monolog.editions import cache, list_editions, loader, readings


@pytest.fixture
def folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "monolog"


class Counting:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict[str, tuple[int, ...]]:
        self.calls += 1
        return {"squares": (1, 2, 3)}


def test_built_once_then_read_back(folder: Path) -> None:
    build = Counting()
    assert cache.shipped("thing", build) == {"squares": (1, 2, 3)}
    assert cache.shipped("thing", build) == {"squares": (1, 2, 3)}
    assert build.calls == 1
    assert len(list(folder.glob("thing-*.pickle"))) == 1


def test_a_damaged_file_is_built_again(folder: Path) -> None:
    build = Counting()
    cache.shipped("thing", build)
    (path,) = folder.glob("thing-*.pickle")
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    assert cachedir.read(path.name) is None
    assert cache.shipped("thing", build) == {"squares": (1, 2, 3)}
    assert build.calls == 2


def test_an_unwritable_folder_builds_every_time(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    build = Counting()
    assert cache.shipped("thing", build) == cache.shipped("thing", build)
    assert build.calls == 2


def test_another_set_of_files_is_another_entry(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = Counting()
    cache.shipped("thing", build)
    monkeypatch.setattr(cache, "_key", lambda: "0" * 32)  # as if a data file had changed
    cache.shipped("thing", build)
    assert build.calls == 2
    assert len(list(folder.glob("thing-*.pickle"))) == 2


@pytest.mark.parametrize("key", list_editions())
def test_a_kept_edition_is_the_edition_the_yaml_gives(folder: Path, key: str) -> None:
    loader._load_builtin.cache_clear()
    try:
        first = loader._load_builtin(key)  # built and written
        loader._load_builtin.cache_clear()
        kept = loader._load_builtin(key)  # read back
        assert list(folder.glob(f"edition-{key}-*.pickle"))
        raw = loader._data_dir().joinpath(f"{key}.yaml").read_bytes()
        fresh = loader._build(raw, f"monolog/editions/data/{key}.yaml", None, key, shipped=True)
        assert kept == fresh == first
        assert kept is not first
    finally:
        loader._load_builtin.cache_clear()


def test_kept_readings_are_the_readings_the_yaml_gives(folder: Path) -> None:
    readings.load_readings.cache_clear()
    try:
        readings.load_readings()
        readings.load_readings.cache_clear()
        assert readings.load_readings() == readings._read_readings()
        assert list(folder.glob("readings-*.pickle"))
    finally:
        readings.load_readings.cache_clear()
