"""A plain audit of a good record, with the parser's tables already in the cache folder, never
imports Lark (nor the `regex` module Lark loads): the fast driver reads its tables from the
cache and makes its own tokens. Lark is still imported where it is needed: to build the tables
the first time, and to describe a mistake in a record.

Each audit runs in a process of its own, through the installed entry point's function, with the
cache folder pointed at the test's own; the process then lists the modules it holds.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from loaded_modules import has, run_monolog

from monolog.notation import ParseError, parse_text
from monolog.notation import parser as p

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "scenarios" / "games" / "worked-example.mlog"


def _audit(record: Path, cache: Path, tmp: Path) -> tuple[int, str, str, set[str]]:
    """Exit code, stdout, stderr and the modules loaded, of `monolog audit RECORD` in a fresh
    process whose cache folder is `cache`."""
    code, out, err, modules = run_monolog(["audit", str(record)], cache, tmp)
    assert code in (0, 1, 2), err
    return code, out, err, modules


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, tuple[int, str, str]]:
    """A cache folder filled by a first (cold) audit of the worked example, and that audit's
    exit code and output."""
    cache = tmp_path_factory.mktemp("cache")
    work = tmp_path_factory.mktemp("cold")
    code, out, err, modules = _audit(WORKED, cache, work)
    assert has(modules, "lark"), "a cold cache builds the driver's tables from Lark"
    assert list((cache / "monolog").glob("driver-*.marshal")), "the tables were written"
    return cache, (code, out, err)


def test_a_warm_audit_of_a_good_record_never_imports_lark(
    warm_cache: tuple[Path, tuple[int, str, str]], tmp_path: Path
) -> None:
    cache, cold = warm_cache
    code, out, err, modules = _audit(WORKED, cache, tmp_path)
    assert "monolog.notation.parser" in modules  # the record was parsed here
    assert not has(modules, "lark")
    assert not has(modules, "regex")
    assert (code, out, err) == cold
    assert out  # the report itself, the same bytes as when Lark built the tables


def test_a_syntax_error_still_gets_its_p_code(
    warm_cache: tuple[Path, tuple[int, str, str]], tmp_path: Path
) -> None:
    text = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy @ 150\n2. Ben 3-4\n'
    record = tmp_path / "broken.mlog"
    record.write_text(text, encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        parse_text(text, str(record))
    expected = caught.value
    assert expected.finding.code.startswith("P1")

    cache, _ = warm_cache
    code, out, err, modules = _audit(record, cache, tmp_path)
    assert code == 2
    assert has(modules, "lark"), "a mistake is described from Lark's account of it"
    assert expected.render() in out + err
    assert f": {expected.finding.code} " in out + err


def _strings_not_plain(value: object, path: str) -> list[str]:
    """Where `value` (an event, and what it holds) keeps a `str` that is not a plain one."""
    if isinstance(value, str):
        return [] if type(value) is str else [f"{path}: {type(value).__name__}"]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found: list[str] = []
        for field in dataclasses.fields(value):
            found += _strings_not_plain(getattr(value, field.name), f"{path}.{field.name}")
        return found
    if isinstance(value, (list, tuple)):
        return [x for i, item in enumerate(value) for x in _strings_not_plain(item, f"{path}[{i}]")]
    return []


@pytest.mark.parametrize("record", sorted((ROOT / "scenarios" / "games").glob("*.mlog"))[:8])
def test_no_token_reaches_the_events(record: Path) -> None:
    """Events hold plain strings whichever parser made them, so nothing downstream (reports,
    pickled results of workers, JSON) meets a token of either kind."""
    text = record.read_text(encoding="utf-8")
    driver = p.get_driver()
    assert driver is not None
    for parse in (driver.parse, p.get_parser().parse):
        p._TRIVIA.items = []
        try:
            events = parse(text)
        finally:
            trivia, p._TRIVIA.items = p._TRIVIA.items, []
        merged = p._merge(events, trivia)  # type: ignore[arg-type]
        assert merged
        assert _strings_not_plain(merged, record.name) == []
