"""A long record parsed a piece at a time (monolog/notation/chunks.py) gives the events of the
whole parse, spans included, and the same error, on every record in the repository and on
fuzzed ones; a long game audited that way gives the report of a whole replay."""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples
from strategies import records
from test_fuzz_parser import damaged
from testkit.corpus import distinct, shipped_scenarios

from monolog.commands.audit_record import audit_file
from monolog.engine import replay
from monolog.engine.core.replay import replay_chunks
from monolog.findings.json_document import render_json
from monolog.findings.lines import TextLines
from monolog.findings.render import TextOutput
from monolog.findings.report import source_lines
from monolog.notation import ParseError
from monolog.notation.chunks import parse_pieces
from monolog.notation.events import to_data
from monolog.notation.parser import parse_text

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def _whole(text: str) -> tuple[Any, str | None]:
    try:
        return [to_data(e) for e in parse_text(text, "r.mlog")], None
    except ParseError as exc:
        return None, exc.render()


def _pieces(text: str, lines: int) -> tuple[Any, str | None]:
    try:
        first, more = parse_pieces(text, "r.mlog", lines)
        events = list(first)
        for piece in more or ():
            assert piece, "no empty piece is given"
            events += piece
        return [to_data(e) for e in events], None
    except ParseError as exc:
        return None, exc.render()


def _same(text: str) -> None:
    whole = _whole(text)
    for lines in (1, 2, 3, 7):
        assert _pieces(text, lines) == whole, lines


@cache
def repository_records() -> list[tuple[str, str]]:
    """Every record of the repository (.mlog files and the scenarios' records), by name, each
    text once: read when a test first asks, not when the suite is collected (every worker
    collects every file)."""
    found: dict[str, str] = {}
    for path in sorted(ROOT.glob("**/*.mlog")):
        if ".venv" not in path.parts:
            found[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8", errors="replace")
    for s in shipped_scenarios():
        if s.record is not None:
            found[s.name] = s.record
    return distinct(sorted(found.items()))


def part(items: list[T], k: int, parts: int) -> list[T]:
    """The k-th of `parts` runs of `items` that together hold each item once, in order."""
    return items[len(items) * k // parts : len(items) * (k + 1) // parts]


def test_the_repository_has_records_to_compare() -> None:
    records = repository_records()
    assert len(records) > 500
    assert [r for k in range(PARTS) for r in part(records, k, PARTS)] == records


PARTS = 29  # about 50 records in each


@pytest.mark.parametrize("k", range(PARTS))
def test_every_record_of_the_repository_parses_the_same_in_pieces(k: int) -> None:
    for name, text in part(repository_records(), k, PARTS):
        try:
            _same(text)
        except AssertionError as exc:
            raise AssertionError(f"{name}: {exc}") from None


FUZZ = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@FUZZ
@given(text=records())
def test_fuzzed_records_parse_the_same_in_pieces(text: str) -> None:
    _same(text)


@FUZZ
@given(text=damaged())
def test_damaged_records_parse_and_fail_the_same_in_pieces(text: str) -> None:
    _same(text)


@given(
    lines=st.lists(
        st.sampled_from(
            ["1. Ann 3-4", "  ; a comment", "", "   ", "{x} 2. Ben 1-2", "\t3. Ann 5-6", "\r"]
        ),
        max_size=30,
    ),
    tags=st.booleans(),
)
def test_blank_and_indented_lines_parse_the_same_in_pieces(lines: list[str], tags: bool) -> None:
    head = '[Event "x"]\n; c\n[Players "Ann, Ben"]\n' if tags else ""
    _same(head + "\n".join(lines))


def test_a_mistake_deep_in_a_long_record_is_the_whole_parse_error() -> None:
    text = _long_game(3_000).replace("2500. Ben", "2500. Ben byu", 1)
    whole = _whole(text)
    assert whole[1] is not None and "r.mlog:2502:11: P112" in whole[1]
    assert _pieces(text, 100) == whole


def test_a_tag_after_the_first_move_reads_the_record_whole() -> None:
    text = '[Players "Ann, Ben"]\n1. Ann 3-4\n[Event "late"]\n' + "2. Ben 1-2\n" * 50
    first, more = parse_pieces(text, "r.mlog", 5)
    assert more is None
    assert [to_data(e) for e in first] == _whole(text)[0]


def _long_game(turns: int, header: str = '[Event "A long game"]\n[Players "Ann, Ben"]\n') -> str:
    rng = random.Random(1)
    out = [header]
    for turn in range(1, turns + 1):
        first = rng.randint(1, 6)
        second = rng.choice([d for d in range(1, 7) if d != first])
        out.append(f"{turn}. {('Ann', 'Ben')[turn % 2 == 0]} {first}-{second}\n")
    return "".join(out)


def _findings(result: Any) -> list[Any]:
    return [(f.to_data(), f.caused_by) for f in result.findings]


@pytest.mark.parametrize(
    "header",
    [
        '[Event "A long game"]\n[Players "Ann, Ben"]\n',
        '[Players "Ann, Ben"]\n[Variant "short"]\n',
        "; no Players tag: the seating is the order names first appear\n",
    ],
)
def test_a_game_replayed_in_pieces_has_the_findings_of_the_whole(header: str) -> None:
    text = _long_game(600, header) + "Ann build Boardwalk\nend\n"
    whole = replay(parse_text(text, "g.mlog"), file="g.mlog", paranoid=True)
    first, more = parse_pieces(text, "g.mlog", 50)
    assert more is not None
    pieces = replay_chunks(iter([first, *more]), file="g.mlog", paranoid=True)
    assert _findings(pieces) == _findings(whole)
    assert pieces.state == whole.state
    assert pieces.transfers == whole.transfers


def test_a_long_game_is_audited_in_pieces_with_the_whole_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.mlog"
    path.write_text(_long_game(2_000), encoding="utf-8")

    def audited() -> tuple[str, str]:
        report, error = audit_file(str(path))
        assert error is None
        TextOutput().game(report)
        return capsys.readouterr().out, render_json([report])

    monkeypatch.setattr("monolog.notation.chunks.LINES", 1_000_000)
    whole = audited()
    monkeypatch.setattr("monolog.notation.chunks.LINES", 300)
    assert audited() == whole


class _Piece(list[Any]):
    """A piece a weak reference can follow."""


def test_each_piece_of_a_long_record_is_let_go_before_the_next_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first piece (the header and its lines) was kept to the end of the replay by the
    # `itertools.chain` that put it before the others, and each piece by the replay's loop
    # while the next one was parsed: about 14 MiB of a 10 MiB game's peak
    path = tmp_path / "long.mlog"
    path.write_text(_long_game(600), encoding="utf-8")
    given: list[weakref.ref[_Piece]] = []
    alive: list[int] = []  # how many pieces given are still held, as each next one is asked
    parse = parse_pieces

    def watched(text: str, name: str) -> tuple[_Piece, Iterator[_Piece]]:
        first, more = parse(text, name, 40)
        assert more is not None

        def rest() -> Iterator[_Piece]:
            for events in more:
                alive.append(sum(ref() is not None for ref in given))
                box = [_Piece(events)]
                given.append(weakref.ref(box[0]))
                yield box.pop()

        given.append(weakref.ref(piece := _Piece(first)))
        return piece, rest()

    monkeypatch.setattr("monolog.commands.audit_record.parse_pieces", watched)
    report, error = audit_file(str(path))
    assert error is None and report.findings
    assert len(alive) > 10 and alive == [0] * len(alive)


def test_text_lines_are_the_source_lines() -> None:
    for text in ["", "\n", "a", "a\n", "a\r\nb", "a\r\nb\r\n", "\n\n", "x\r", "a\nb\n\nc\r\r\n"]:
        lines = TextLines(text)
        assert list(lines) == source_lines(text)
        assert len(lines) == len(source_lines(text))
        for i in range(-len(lines), len(lines)):
            assert lines[i] == source_lines(text)[i]
        with pytest.raises(IndexError):
            lines[len(lines)]


def test_a_record_of_comments_only_is_empty_in_pieces_too() -> None:
    text = "; a comment\n\n{ another }\n" * 20
    whole = _whole(text)
    assert whole[1] is not None and "P003" in whole[1]
    _same(text)
