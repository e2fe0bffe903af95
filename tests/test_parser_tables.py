"""The fast driver's tables, kept in the cache folder between processes: the driver built from
them parses exactly as the one built from Lark's parser, and a missing, damaged or unwritable
cache only means the tables are made again."""

from __future__ import annotations

import marshal
import re
from pathlib import Path

import pytest

from monolog import cachedir
from monolog.notation import parser as p
from monolog.notation.events import to_data
from monolog.notation.transformer import EventBuilder

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted((ROOT / "scenarios" / "games").glob("*.mlog"))[:6]


def _events(driver: p.FastDriver, text: str) -> list[object]:
    p._TRIVIA.items = []
    try:
        events = driver.parse(text)
    finally:
        trivia, p._TRIVIA.items = p._TRIVIA.items, []
    return [to_data(e) for e in p._merge(events, trivia)]


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No driver made yet in this process, and a cache folder of the test's own."""
    monkeypatch.setattr(p, "_DRIVER", None)
    monkeypatch.setattr(p, "_NO_DRIVER", False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "monolog"


def test_tables_survive_marshal_and_parse_as_lark_does() -> None:
    tables = p.driver_tables(p.get_parser())
    again = marshal.loads(marshal.dumps(tables))
    assert again == tables
    fresh = p.FastDriver(again, EventBuilder(), p._TRIVIA)
    assert RECORDS
    for record in RECORDS:
        text = record.read_text(encoding="utf-8")
        lark = p.get_parser()
        p._TRIVIA.items = []
        try:
            expected_events = lark.parse(text)
        finally:
            trivia, p._TRIVIA.items = p._TRIVIA.items, []
        expected = [to_data(e) for e in p._merge(expected_events, trivia)]  # type: ignore[arg-type]
        assert _events(fresh, text) == expected, record.name


def test_the_tables_are_written_once_and_read_back(fresh: Path) -> None:
    first = p.get_driver()
    assert first is not None
    files = list(fresh.glob("driver-*.marshal"))
    assert len(files) == 1
    p._DRIVER = None
    second = p.get_driver()
    assert second is not None and second is not first
    text = RECORDS[0].read_text(encoding="utf-8")
    assert _events(second, text) == _events(first, text)
    assert second.match_at.ready  # the expressions came compiled


def test_a_damaged_cache_file_is_made_again(fresh: Path) -> None:
    assert p.get_driver() is not None
    (path,) = fresh.glob("driver-*.marshal")
    path.write_bytes(path.read_bytes()[:1000])  # cut short
    assert p._read_tables() is None
    p._DRIVER = None
    driver = p.get_driver()
    assert driver is not None
    assert p._read_tables() is not None  # written whole again
    assert _events(driver, "1. Ann 3-4 Oriental Avenue buy\n")


def test_an_unwritable_cache_folder_still_gives_a_driver(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(p, "_DRIVER", None)
    monkeypatch.setattr(p, "_NO_DRIVER", False)
    assert cachedir.folder() is None
    driver = p.get_driver()
    assert driver is not None
    assert _events(driver, "1. Ann 3-4 Oriental Avenue buy\n")


@pytest.mark.parametrize(
    "damage",
    [
        lambda parts: (0, *parts[1:]),  # another engine's magic number
        lambda parts: (parts[0], parts[1], [1, 2, 3], *parts[3:]),  # code the engine refuses
        lambda parts: (parts[0], parts[1], parts[2], parts[3], {"X": 1}, parts[5]),  # groups
        lambda parts: parts[:2],  # not the shape at all
    ],
)
def test_compiled_expressions_that_do_not_fit_are_compiled_again(damage: object) -> None:
    pattern = r"[ \t]*(?:(?P<ROLL>[1-6]-[1-6])|(?P<NAME>[A-Z][a-z]+))"
    parts = p._sre_parts(pattern, 0)
    assert parts is not None
    good = p._compile(pattern, 0, parts)
    assert good.pattern == pattern and good.match("  Ann").lastgroup == "NAME"  # type: ignore[union-attr]
    bad = p._compile(pattern, 0, damage(parts))  # type: ignore[operator]
    assert bad == re.compile(pattern)
