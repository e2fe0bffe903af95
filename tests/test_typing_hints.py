"""Typing hints: the mistakes a scorekeeper makes copying a score sheet get a message that says
how to write it, pinned as golden files of what `monolog audit` prints (file:line:col, the line
with a caret, what was expected in words) and its exit code.

Each tests/golden/hints/NAME.record (audited as NAME.mlog: the records are wrong on purpose, so
they are not named as the records every other test reads) has NAME.out beside it. Regenerate
after an intended change with `MONOLOG_UPDATE_GOLDENS=1 pytest tests/test_typing_hints.py` and
review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_process import run_command

from monolog.notation import ParseError, parse_text

HINTS = Path(__file__).resolve().parent / "golden" / "hints"
UPDATE = os.environ.get("MONOLOG_UPDATE_GOLDENS") == "1"
RECORDS = sorted(p.stem for p in HINTS.glob("*.record"))


def _audit(stem: str, folder: Path) -> str:
    name = stem + ".mlog"
    (folder / name).write_bytes((HINTS / (stem + ".record")).read_bytes())
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "COLUMNS")}
    env["NO_COLOR"] = "1"
    result = run_command(["audit", name], folder, env, timeout=120)
    assert result.code is not None, "still running after 120 s"
    out, err = _newlines(result.stdout), _newlines(result.stderr)
    return f"exit {result.code}\n--- stdout\n{out}--- stderr\n{err}"


def _newlines(text: str) -> str:
    """Line ends as a stream read as text gives them."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


@pytest.mark.parametrize("stem", RECORDS)
def test_hint_golden(stem: str, tmp_path: Path) -> None:
    text = _audit(stem, tmp_path)
    golden = HINTS / (stem + ".out")
    if UPDATE:
        golden.write_text(text, encoding="utf-8", newline="\n")
        return
    assert golden.exists(), f"no golden {golden.name}: run with MONOLOG_UPDATE_GOLDENS=1"
    assert text == golden.read_text(encoding="utf-8")
    assert "Traceback" not in text
    assert not text.startswith("exit 0")


def test_the_goldens_cover_each_hint() -> None:
    assert len(RECORDS) >= 6
    outs = "".join(p.read_text(encoding="utf-8") for p in HINTS.glob("*.out"))
    for words in (
        "P124 '4 - 2' is a roll written with spaces",
        "P124 '4- 2' is a roll written with spaces",
        "a player's name starts with a capital letter, like Ben",
        "'zed' is not a name: a name starts with a capital letter",
        "P125 a turn line starts with its number: write '2. Ben'",
        "M109  only Ann rolls now: it is Ann's turn; if Ben's turn starts here, write its number "
        "first: 2. Ben 3-4",
        # the first turn's number left out: hinted at its own line, and the turn after it is 2
        "first-turn-without-number.mlog:2:1  W018  Ann rolls before any turn line: if Ann's turn "
        "starts here, write its number first: 1. Ann 1-2",
        "first-turn-without-number.mlog:3:5  M109  only Ann rolls now: it is Ann's turn; if Ben's "
        "turn starts here, write its number first: 2. Ben 3-4",
    ):
        assert words in outs, words


def _error(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse_text(text, "t.mlog")
    return info.value


def test_a_lower_case_name_is_never_taken_for_a_keyword() -> None:
    # 'ben' is one letter from 'end': where a name can stand, only the keywords allowed there
    # are suggested, and a player of the Players tag is named with its capitals
    players = '[Players "Ann, Ben"]\n'
    for line in ("1. Ann 1-2 Baltic Avenue rent 4 to ben", "ben decline", "deal ben: 10 | Ann: 5"):
        message = _error(players + line).finding.message
        assert "did you mean" not in message, message
        assert "like Ben" in message, message
    # without a Players tag: how names are written, with the word in quotes
    message = _error("1. Ann 1-2 Baltic Avenue pay 10 to ben").finding.message
    assert message == (
        "unknown word 'ben': keywords are lower case and names start with a capital letter"
        ' (write any other name in quotes, like "Go to Jail")'
    )
    # a misspelt keyword is still suggested
    assert _error("1. Ann 3-4 byu 100").finding.message.endswith("did you mean 'buy'?")


def test_the_turn_number_offered_follows_the_last_turn() -> None:
    err = _error("7. Ann 1-2 Baltic Avenue\n  Ben ; no number\n")
    assert err.finding.code == "P125"
    assert (err.finding.line, err.finding.column) == (2, 3)
    assert "write '8. Ben'" in err.finding.message


def test_a_spaced_roll_is_refused_not_read() -> None:
    # one spelling for a roll (as for the dash, P123): a spaced one is never read as another thing
    for text in ("1. Ann 4 - 2", "1. Ann dice 4 -2", "1. Ann 4 - 9 Chance"):
        err = _error(text)
        assert err.finding.code == "P124", err.render()
        assert err.finding.expected == ["a roll of both dice like 3-4"]
    # where no roll can stand, a minus between numbers is not taken for one
    assert _error("1. Ann 1-2 Baltic Avenue buy 60 - 2").finding.code != "P124"
