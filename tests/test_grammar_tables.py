"""The analysed parser shipped beside the grammar (grammar/monolog.lalr) is the parser Lark
builds from the grammar: it fits the grammar text, parses every record and every broken line
the same way, and unusable tables only mean the parser is built instead."""

from __future__ import annotations

import marshal
from pathlib import Path

import lark
import pytest
from lark.exceptions import UnexpectedInput

from monolog.notation.grammar import (
    TRIVIA,
    build_parser,
    grammar_path,
    load_tables,
    tables_path,
    write_tables,
)

ROOT = Path(__file__).resolve().parents[1]
BROKEN = [
    "1. Ann rolls 3+",
    "1. Ann rolls 3+4 -> Vermont Avenue buys",
    '[Event "open',
    "setup Ann cash",
    "1. Ann rolls 7 -> Go pays",
    "1. rolls 3+4",
]


def _record() -> dict[str, object]:
    record = marshal.loads(tables_path().read_bytes())
    assert isinstance(record, dict)
    return record


def test_tables_fit_the_grammar() -> None:
    record = _record()
    if record["lark"] != lark.__version__:
        pytest.skip(f"tables written by Lark {record['lark']}, this is {lark.__version__}")
    assert record["grammar"] == grammar_path().read_text(encoding="utf-8"), (
        "grammar/monolog.lark changed: run `python -m monolog.notation.tables`"
    )
    assert load_tables() is not None


def _outcome(parser: lark.Lark, text: str) -> object:
    TRIVIA.items = []
    try:
        return ("events", parser.parse(text), list(TRIVIA.items))
    except UnexpectedInput as exc:
        # Lark lists what it expected in the order of a set of names, which follows the string
        # hashes of the process (PYTHONHASHSEED 10 and 33 print AMOUNT and NEGATIVE the other
        # way round for one of the two parsers): compare the names as a set
        said = str(exc).partition("Expected one of")[0]
        expected = sorted(getattr(exc, "accepts", None) or getattr(exc, "expected", None) or ())
        return ("error", type(exc).__name__, exc.line, exc.column, said, expected)
    finally:
        TRIVIA.items = []


def test_tables_parse_like_the_grammar() -> None:
    loaded = load_tables()
    if loaded is None:
        pytest.skip("the tables do not fit this Lark (see test_tables_fit_the_grammar)")
    built = build_parser()
    texts = [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("scenarios/**/*.mlog"))]
    assert len(texts) > 10
    for text in texts + BROKEN:
        assert _outcome(loaded, text) == _outcome(built, text), text[:80]
    assert [t.name for t in loaded.terminals] == [t.name for t in built.terminals]


def test_unusable_tables_mean_building(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.lalr"
    garbage.write_bytes(b"\x00not marshal")
    assert load_tables(garbage) is None
    assert load_tables(tmp_path / "missing.lalr") is None
    stale = tmp_path / "stale.lalr"
    write_tables(stale)
    record = marshal.loads(stale.read_bytes())
    record["grammar"] += "\n// changed\n"
    stale.write_bytes(marshal.dumps(record))
    assert load_tables(stale) is None
    record["grammar"] = grammar_path().read_text(encoding="utf-8")
    record["lark"] = "0.0"
    stale.write_bytes(marshal.dumps(record))
    assert load_tables(stale) is None
