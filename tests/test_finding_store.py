"""A game's findings packed (monolog/findings/store.py) read back as the findings filed, kept
in order by line as a stable sort keeps them, corrected and taken back through their handles;
and a long game audited through the packed store prints, in every format, byte for byte what
the same game gives when its findings are held as a list (a replay of the whole record)."""

from __future__ import annotations

import pickle
import re
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples
from test_chunks import _long_game
from typer.testing import CliRunner

from monolog.cli import app
from monolog.columns import BLOCK
from monolog.commands.audit_record import audit_file
from monolog.findings.model import Cause, Finding, Severity
from monolog.findings.store import FindingStore
from monolog.notation.events import NO_SPAN, Span
from monolog.scenarios.model import load_scenarios

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _finding(line: int, column: int = 1, message: str = "m", **more: object) -> Finding:
    return Finding(
        str(more.pop("code", "M201")),
        Severity.ERROR,
        message,
        Span(line, column, line, column + 3),
        "BUY-03",
        file="g.mlog",
        **more,  # type: ignore[arg-type]
    )


def _same(a: Finding, b: Finding) -> bool:
    """Equal, and every value of the same type (1, 1.0 and True are equal in Python)."""
    values = ("expected", "recorded")
    return (
        a == b
        and all(type(getattr(a, v)) is type(getattr(b, v)) for v in values)
        and [(k, type(x)) for k, x in a.data.items()] == [(k, type(x)) for k, x in b.data.items()]
    )


def test_findings_read_back_as_filed_each_value_of_its_own_type() -> None:
    filed = [
        _finding(3),
        _finding(3),  # the same wording: shared
        _finding(4, expected=1, recorded=True),
        _finding(4, expected=1.0, recorded=1),
        _finding(4, expected=True, recorded=None),
        _finding(5, data={"player": "Ann", "n": 1}),
        _finding(5, data={"player": "Ann", "n": True}),
        _finding(6, data={"derived": [{"line": 2}]}),  # lists and dicts followed
        _finding(7, expected={"houses": 1}),
        _finding(7, expected=(1, 2)),  # a tuple: kept whole
        _finding(8, caused_by=Cause("M401", Span(2, 1, 2, 4))),
        _finding(1 << 40),  # too large for a 4-byte number: kept whole
        Finding("W005", Severity.WARNING, "no span"),
        Finding("P001", Severity.ERROR, "at the start", span=NO_SPAN),
    ]
    store = FindingStore(filed)
    assert len(store) == len(filed)
    assert all(_same(a, b) for a, b in zip(store, filed, strict=True))
    assert all(_same(store[i], filed[i]) for i in range(-len(filed), len(filed)))
    assert store[2:5] == filed[2:5]
    assert len(store.table) < len(filed)  # the repeated wording is kept once
    with pytest.raises(IndexError):
        store[len(filed)]
    again = pickle.loads(pickle.dumps(store))  # a worker process sends its report whole
    assert list(again) == filed


def test_findings_that_differ_only_in_their_numbers_share_one_wording() -> None:
    # a wrong count on every line: a W001 each, every one with its own figures; kept as a
    # message and a Finding each, a 10 MiB game of them peaked at 599 MiB
    def count(line: int, cash: int, written: int) -> Finding:
        return Finding(
            "W001",
            Severity.WARNING,
            f"Ann's cash is ${cash:,} by the replay, not ${written:,}; $200 to Ann on line "
            f"{line - 1} (Ann passed GO) was worked out; later counts are judged from "
            f"${written:,}",
            Span(line, 12, line, 18),
            None,
            expected=cash,
            recorded=written,
            data={"player": "Ann", "derived": [{"line": line - 1, "amount": 200}]},
            caused_by=Cause("M201", Span(line - 1, 8, line - 1, 11)),
        )

    filed = [count(line, 1_500 + 7 * line, 17 * line) for line in range(2, 1_000)]
    store = FindingStore(filed)
    assert len(store.table) == 1
    assert all(_same(a, b) for a, b in zip(store, filed, strict=True))
    # what only looks like a number, or is written another way, stays in the wording as written
    odd = [
        "card CH08 at 007 and 0, 10, 1,000,000 and $2,147,483,648",
        "1,5000 and 12,34 and ,123 and 1,234, and 1234",
        "\u0661\u0662 and 3\u00b2",  # digits that are not ASCII
        "a name with \x00 in it: 12",
        "\x01 12,345",
    ]
    filed = [
        _finding(line, message=m) for line, m in enumerate(odd + [m.replace("1", "2") for m in odd])
    ]
    assert list(FindingStore(filed)) == filed


def test_a_handle_corrects_and_takes_back_the_finding_it_was_given_for() -> None:
    store = FindingStore()
    handles = [store.append(_finding(n)) for n in range(1, 6)]
    assert handles == list(range(5)) and store.last == 4
    store.put(handles[1], _finding(2, message="corrected", data={"slip": True}))
    store.withdraw(handles[3])
    store.withdraw(handles[3])  # once taken back, it stays so
    assert [(f.line, f.message) for f in store] == [
        (1, "m"),
        (2, "corrected"),
        (3, "m"),
        (5, "m"),
    ]
    assert len(store) == 4 and store[3].line == 5 and store[-1].line == 5
    assert store[1:3] == [store[1], store[2]]
    with pytest.raises(KeyError):
        store.get(handles[3])


_PLACES = st.lists(
    st.tuples(st.integers(0, 6), st.integers(0, 3), st.sampled_from(["a", "b"]), st.booleans()),
    max_size=40,
)


def test_the_first_findings_are_kept_as_filed_and_those_after_them_packed() -> None:
    # a game's store keeps its first findings whole (engine/core/game.py): most games file no
    # more, and packing each and reading it back cost most of filing it
    filed = [_finding(line, message=f"{line} m") for line in (3, 1, 2, 2, 1)]
    store = FindingStore(filed, whole_first=2)
    assert [store[n] is filed[n] for n in range(5)] == [True, True, False, False, False]
    assert list(store) == filed and len(store.table) == 1
    kept = store.kept(lambda f: f.line != 2)
    assert list(kept) == [filed[0], filed[1], filed[4]] and kept[1] is filed[1]
    assert kept[2] is not filed[4]  # the third it keeps is packed there too
    store.sort()
    assert list(store) == [filed[1], filed[4], filed[2], filed[3], filed[0]]
    assert list(pickle.loads(pickle.dumps(store))) == list(store)


@settings(max_examples=examples(300), deadline=None)
@given(_PLACES, st.sets(st.integers(0, 39)), st.sets(st.integers(0, 39)), st.integers(0, 41))
def test_the_order_is_a_stable_sort_by_line_and_column(
    places: list[tuple[int, int, str, bool]], gone: set[int], corrected: set[int], whole: int
) -> None:
    listed: list[Finding | None] = []
    store = FindingStore(whole_first=whole)  # the first `whole` kept as filed
    for n, (line, column, message, plain) in enumerate(places):
        f = _finding(line, column, message, expected=n if plain else [n])
        listed.append(f)
        store.append(f)
    for h in sorted(corrected):
        if h < len(places) and listed[h] is not None:
            f = listed[h]
            assert f is not None
            listed[h] = _finding(f.line, f.column, "corrected", data={"slip": True})
            store.put(h, listed[h])  # type: ignore[arg-type]
    for h in sorted(gone):
        if h < len(places):
            listed[h] = None
            store.withdraw(h)
    assert list(store) == [f for f in listed if f is not None]  # in the order filed
    expected = sorted((f for f in listed if f is not None), key=lambda f: (f.line, f.column))
    store.sort()
    assert list(store) == expected
    assert [store[i] for i in range(len(store))] == expected


def _line_filed(line: int) -> Iterator[Finding]:
    """A line's findings as a game files them: a count with figures of its own (and a list of
    one to three amounts in its data), then one before it on the line (filed at the turn's
    end)."""
    derived = [{"line": line, "amount": 7 * k} for k in range(1 + line % 3)]
    yield _finding(line, 20, f"cash ${line * 3:,}, not ${line}", data={"derived": derived})
    yield _finding(line, 5, "a deed not bought")


def test_a_store_of_many_blocks_sorts_letting_go_of_the_old_blocks_as_it_goes() -> None:
    # the sort files every finding again in order; it held the old store and the new one
    # whole at once (about 23 MiB more at the end of the 10 MiB game of a wrong count on
    # every line), now each old block goes once all its findings are filed again
    lines = 3 * BLOCK // 2 + 100  # over three blocks of findings, two on each line
    store = FindingStore()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for line in range(1, lines + 1):
            for finding in _line_filed(line):
                store.append(finding)
        store.withdraw(7)
        store.put(BLOCK + 1, _finding(BLOCK // 2 + 1, 1, "corrected"))
        store.append(_finding(3, 1, "late: for an earlier line"))
        built = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        store.sort()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak - built < (built - start) / 2
    expected = [f for line in range(1, lines + 1) for f in _line_filed(line)]
    del expected[7]
    expected[BLOCK + 1 - 1] = _finding(BLOCK // 2 + 1, 1, "corrected")
    expected.insert(4, _finding(3, 1, "late: for an earlier line"))
    expected.sort(key=lambda f: (f.line, f.column))
    assert list(store) == expected


# records that exercise what the engine corrects or takes back after filing (slips in counts,
# a CF-10 point filed again with the record's choice), what is attached after the replay
# (disputed lines), what text folds (consequences) and summarises (repeated rulings)
_SCENARIOS = [
    "scenarios/rules/record-w001-checksum-re-bases.yaml",
    "scenarios/rules/record-w001-a-slip-handed-on-by-a-bankruptcy.yaml",
    "scenarios/rules/record-w016-w017-a-slip-in-a-count-is-reported-once.yaml",
    "scenarios/rules/cf-10-a10-jail-double-counted-in-the-run.yaml",
    "scenarios/rules/cf-10-a10-run-of-doubles-after-a-jail-double.yaml",
    "scenarios/rules/record-i001-disputed-at-the-table.yaml",
    "scenarios/notation/ignored-what-did-not-happen.yaml",
]

# the Speeding fine card drawn three times: the later draws only follow from the second
_FOLDED = """1. Ann 3-4 Chance card CH13 15
2. Ben 3-4 Chance card CH13 15
3. Cal 3-4 Chance card CH13 15
"""


def _records() -> list[tuple[str, str]]:
    found = [
        # about 390 findings: past the first WHOLE_FIRST (256) kept as filed, and past
        # several pieces of the text output's CHUNK, which the test sets to 100
        ("long.mlog", _long_game(450) + '=Ann 1 disputed "a count"\nAnn build Boardwalk\nend\n'),
        ("folded.mlog", '[Players "Ann, Ben, Cal"]\n' + _FOLDED * 3),
    ]
    for name in _SCENARIOS:
        for n, s in enumerate(load_scenarios(ROOT / name)):
            if s.record is not None and "[Players" in s.record and "[Result" not in s.record:
                found.append((f"{Path(name).stem}-{n}.mlog", s.record))
    return found


_FORMATS = ["text", "json", "sarif", "github", "junit"]


_RECORDS = _records()


@pytest.mark.parametrize(("name", "record"), _RECORDS, ids=[name for name, _ in _RECORDS])
def test_a_game_audited_through_the_store_prints_what_a_list_of_its_findings_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, record: str
) -> None:
    path = tmp_path / name
    path.write_text(record, encoding="utf-8")
    # the text output prints a game in pieces of CHUNK findings (1,000): a smaller piece has
    # the long game cross several of them
    monkeypatch.setattr("monolog.findings.render.CHUNK", 100)

    def audited() -> list[tuple[int, str]]:
        out = []
        for fmt in _FORMATS:
            result = runner.invoke(app, ["audit", "--format", fmt, str(path)])
            # JUnit says when and how long: the only bytes that may differ
            out.append((result.exit_code, re.sub(r'time(stamp)?="[^"]*"', "", result.stdout)))
        out.append((0, runner.invoke(app, ["audit", "--strict", "-q", str(path)]).stdout))
        return out

    # a record of fewer lines than two pieces is replayed whole, its findings a list
    monkeypatch.setattr("monolog.notation.chunks.LINES", 1_000_000)
    assert isinstance(audit_file(str(path))[0].findings, list)
    whole = audited()
    monkeypatch.setattr("monolog.notation.chunks.LINES", 1)
    assert isinstance(audit_file(str(path))[0].findings, FindingStore)
    assert audited() == whole
