"""Fuzzing the parser: whatever it is given, it returns events or a located ParseError.

Three kinds of input: random bytes (through the file reader), a soup of the notation's own
tokens, and valid records damaged by deleting, duplicating and swapping characters and words.
Every input must end in a list of events or a ParseError whose finding has a line (except the
codes about the file as a whole) and whose rendering shows the line and a caret, within the
deadline. Set MONOLOG_FUZZ_EXAMPLES to run more examples than the default 200 per test.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples

from monolog.notation import ParseError
from monolog.notation.events import Event
from monolog.notation.mistakes import PARSE_CODES
from monolog.notation.parser import parse_file, parse_text

valid_records: Callable[[], st.SearchStrategy[str]] | None
try:
    from strategies import records as valid_records
except ImportError:  # pragma: no cover - the shared strategies are optional here
    valid_records = None

EXAMPLES = int(os.environ.get("MONOLOG_FUZZ_EXAMPLES", examples(200)))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=2),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
WHOLE_FILE_CODES = {"P001", "P003"}

HANDWRITTEN = [
    '[Event "Thursday league"]\n[Players "Ann, Ben, Cal"]\n[Edition "us-2018"]\n\n'
    "1. Ann 5-3 Vermont Avenue buy 100 =1400\n"
    "2. Ben 6-6 Electric Company buy 150 ; a double\n"
    "4-3 Chance card CH07 -> Illinois Avenue decline "
    "auction bids Ann 200, Cal 210 sold Cal 210\n"
    "3. Cal 2-1 Baltic Avenue buy $60 {cheap}\n",
    '[Players "Ann, Ben"]\nsetup Ann cash 1200 at "Go to Jail" owns Boardwalk x2, '
    "Park Place hotel, Reading Railroad mortgaged goojf CC05 jail 2\n"
    "setup bank houses 30 hotels 11\nsetup deck CH03, CH07\nsetup next Ann\n"
    "12. Ann 1-1 #2 card CC05 goojf\nAnn build Park Place x2, Boardwalk hotel for 400\n"
    "deal Ann: Boardwalk, 100, goojf CC05 | Ben: Illinois Avenue\n"
    "Ben interest Boardwalk for 20\n13. Ben 3-3 Boardwalk rent 2000 to Ann\n"
    "Ben mortgage Illinois Avenue for 120 bankrupt to Ann\n",
    '[Players "Ann, Ben"]\n1. Ann 4-6 Income Tax tax 10% 150 =1350\n'
    "2. Ben 3-4 Chance card CH01 dice 2-5 pay 70 to bank\n"
    '3. Ann jail fine 50 rent unclaimed to Ben disputed "owner was late"\n'
    "Ben sell Park Place x1 for 100 unmortgage Boardwalk salary 200 time\n"
    "4. Ben decline auction house nobids resign end\n",
]


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """Build the parser and the mistake table once, outside any deadline."""
    for text in ("1. Ann 3-4", "1. Ann byu", "deal Ann: Boardwalk"):
        with contextlib.suppress(ParseError):
            parse_text(text)


def check(text: str, filename: str = "fuzz.mlog") -> None:
    try:
        events = parse_text(text, filename)
    except ParseError as exc:
        check_error(exc, filename, text)
    else:
        assert isinstance(events, list)
        assert all(isinstance(e, Event) for e in events)


def check_error(exc: ParseError, filename: str, text: str | None = None) -> None:
    f = exc.finding
    assert f.code in PARSE_CODES, f.code
    assert f.code != "P900", exc.render()  # an internal error is a bug, whatever the input
    rendered = exc.render()
    assert "Traceback" not in rendered
    if f.code in WHOLE_FILE_CODES:
        return
    assert f.line >= 1 and f.column >= 1, rendered
    if text is not None:
        assert f.line <= text.count("\n") + 1
    lines = rendered.split("\n")
    assert lines[0].startswith(f"{filename}:{f.line}:{f.column}: {f.code} "), rendered
    assert len(lines) >= 3, rendered
    assert re.fullmatch(r" *\^", lines[2]), rendered
    assert "\n" not in f.message


# ------------------------------------------------------------------ random bytes


@FUZZ
@given(data=st.binary(max_size=300))
def test_random_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.mlog"
    path.write_bytes(data)
    try:
        events = parse_file(path)
    except ParseError as exc:
        check_error(exc, str(path))
    else:
        assert isinstance(events, list)


@FUZZ
@given(text=st.text(max_size=200))
def test_random_text(text: str) -> None:
    check(text)


# ------------------------------------------------------------------ token soup

KEYWORDS = [
    "setup", "bank", "deck", "next", "cash", "at", "owns", "mortgaged", "houses", "hotels",
    "house", "hotel", "deal", "nothing", "salary", "buy", "decline", "auction", "bids",
    "nobids", "sold", "rent", "unclaimed", "to", "tax", "card", "dice", "jail", "fine", "goojf",
    "build", "sell", "for", "mortgage", "unmortgage", "interest", "pay", "bankrupt", "resign",
    "time", "end", "disputed",
]  # fmt: skip
NAMES = ["Ann", "Ben", "Zoë", "Park Place", "St. Charles Place", "B&O", "CH07", "CC05", "O'Neil"]
PUNCTUATION = [
    "[", "]", "->", "=", ":", ",", "|", "{", "}", "{ note }", "; note", '"', '"Go to Jail"',
    "#30", "x2", "10%", "-", ".", "$", "£", "\t", "\r", "\ufeff", "\x00",
]  # fmt: skip
NEWLINES = ["\n", "\r\n", "\n\n"]

token = st.one_of(
    st.sampled_from(KEYWORDS),
    st.sampled_from(NAMES),
    st.sampled_from(PUNCTUATION),
    st.sampled_from(NEWLINES),
    st.integers(0, 3000).map(str),
    st.integers(0, 3000).map(lambda n: f"${n}"),
    st.integers(1, 40).map(lambda n: f"{n}."),
    st.tuples(st.integers(0, 9), st.integers(0, 9)).map(lambda d: f"{d[0]}-{d[1]}"),
)


@FUZZ
@given(tokens=st.lists(token, max_size=40), sep=st.sampled_from([" ", "", "  "]))
def test_token_soup(tokens: list[str], sep: str) -> None:
    check(sep.join(tokens))


# ------------------------------------------------------------------ damaged valid records

record_texts = (
    st.one_of(st.sampled_from(HANDWRITTEN), valid_records())
    if valid_records is not None
    else st.sampled_from(HANDWRITTEN)
)


@st.composite
def damaged(draw: st.DrawFn) -> str:
    text = draw(record_texts)
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        if draw(st.booleans()):  # characters
            i = draw(st.integers(0, len(text) - 1))
            op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert"]))
            if op == "delete":
                text = text[:i] + text[i + 1 :]
            elif op == "duplicate":
                text = text[: i + 1] + text[i:]
            elif op == "swap" and i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
            else:
                text = text[:i] + draw(st.sampled_from(PUNCTUATION + NEWLINES)) + text[i:]
        else:  # words
            words = re.split(r"(\s+)", text)
            spots = [k for k, w in enumerate(words) if w and not w.isspace()]
            if not spots:
                break
            k = draw(st.sampled_from(spots))
            op = draw(st.sampled_from(["delete", "duplicate", "swap"]))
            if op == "delete":
                words[k] = ""
            elif op == "duplicate":
                words[k] = words[k] + " " + words[k]
            else:
                m = draw(st.sampled_from(spots))
                words[k], words[m] = words[m], words[k]
            text = "".join(words)
    return text


@FUZZ
@given(text=damaged())
def test_damaged_records(text: str) -> None:
    check(text)


@pytest.mark.parametrize("text", HANDWRITTEN)
def test_handwritten_records_parse(text: str) -> None:
    assert parse_text(text)
