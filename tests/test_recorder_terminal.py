"""`monolog record` on a real terminal, as a scorekeeper types at it: the one-key question, the
question before a count that differs is kept, Tab, card titles, the toolbar, the header's
Event, Round and Table, and what a resumed record already holds."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from recorder_pty import Recorder
from test_record_session import HEADER, OPENING

from monolog.recorder.complete import RecordCompleter
from monolog.recorder.session import Session
from monolog.recorder.terminal import run_terminal

RIGHT_RENT = "6. Cal 4-5 Pennsylvania Railroad rent 25"
WRONG_RENT = "6. Cal 4-5 Pennsylvania Railroad rent 50"  # one railroad's rent is 25


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    record = tmp_path / "game.mlog"
    record.write_text(HEADER + "\n".join(OPENING) + "\n", encoding="utf-8")
    return record


@pytest.fixture()
def recorder(game: Path) -> Iterator[Recorder]:
    rec = Recorder(game)
    yield rec
    rec.kill()


def kept(record: Path) -> list[str]:
    return record.read_text(encoding="utf-8").splitlines()


def test_y_answers_at_once_and_what_follows_is_the_next_line(
    game: Path, recorder: Recorder
) -> None:
    recorder.expect("10>")
    recorder.type(WRONG_RENT + "\r")
    recorder.expect("[y/N]")
    # the scorekeeper presses y and types on: the key answers, the rest is the next line
    recorder.type("y7. Ann 1-2 New York Avenue buy 200\r")
    recorder.expect("kept as line 11")
    assert recorder.end("12>") == 1  # the record now holds a violation
    assert kept(game)[-2:] == [WRONG_RENT, "7. Ann 1-2 New York Avenue buy 200"]


def test_a_count_that_differs_is_asked_about_before_it_is_kept(
    game: Path, recorder: Recorder
) -> None:
    before = kept(game)
    recorder.expect("10>")
    recorder.type(RIGHT_RENT + " =1350\r")  # Cal holds $1,375
    recorder.expect("W001")
    recorder.expect("Keep it as counted at the table? [y/N]")
    recorder.type("n")
    recorder.expect("not kept")
    recorder.expect("10>")
    recorder.type(RIGHT_RENT + " =1375\r")
    recorder.expect("kept as line 10")
    assert recorder.end("11>") == 0
    assert kept(game) == [*before, RIGHT_RENT + " =1375"]


def test_tab_completes_in_one_press_and_brings_no_space(game: Path, recorder: Recorder) -> None:
    recorder.expect("10>")
    recorder.type("6. C\t 4-5 Pennsylvania Railroad rent 25\r")  # the player's name
    recorder.expect("kept as line 10")
    recorder.expect("11>")
    recorder.type("\t 1-2 New York Avenue buy 200\r")  # the whole next turn line, first offered
    recorder.expect("kept as line 11")
    assert recorder.end("12>") == 0
    assert kept(game)[-2:] == [RIGHT_RENT, "7. Ann 1-2 New York Avenue buy 200"]


def test_a_card_completes_from_its_title_without_a_quote(game: Path, recorder: Recorder) -> None:
    recorder.expect("10>")
    recorder.type(RIGHT_RENT + "\r")
    recorder.expect("kept as line 10")
    recorder.expect("11>")
    recorder.type("7. Ann 2-4 Chance card Get\t\r")
    recorder.expect("kept as line 11")
    assert recorder.end("12>") == 0
    assert kept(game)[-1] == '7. Ann 2-4 Chance card "Get Out of Jail Free"'


def test_cards_are_offered_with_their_titles_beside_them(game: Path) -> None:
    completer = RecordCompleter(Session(game))
    offered = {
        c.text: c.display_meta_text
        for c in completer.get_completions(Document("6. Cal 5-6 Community Chest card "), None)  # type: ignore[arg-type]
    }
    title = completer.session.edition.card("CC09").title
    assert offered["CC09"] == title
    assert "CH01" not in offered  # the deck of the square drawn from


def test_the_toolbar_shows_the_table_as_kept_while_the_question_waits(
    game: Path, recorder: Recorder
) -> None:
    recorder.expect("10>")
    recorder.type(WRONG_RENT + "\r")
    recorder.expect("[y/N]")
    # Cal has $1,400 until the line is kept; the line would leave $1,350
    recorder.expect("Cal $1,400  |  next: 6. Cal")
    recorder.type("n")
    recorder.expect("not kept")
    assert recorder.end("10>") == 0
    assert "Cal $1,350  |" not in recorder.shown


def test_a_new_record_asks_for_the_event_round_and_table(tmp_path: Path) -> None:
    record = tmp_path / "new.mlog"
    rec = Recorder(record)
    try:
        for question, answer in [
            ("Event", "Club night"),
            ("Round", "3"),
            ("Table", ""),
            ("Players", "Kim, Lee"),
            ("Edition", ""),
            ("Variant", ""),
            ("House rules", ""),
        ]:
            rec.expect(question)
            rec.type(answer + "\r")
        rec.expect("a new record for Kim, Lee")
        assert rec.end("7>") == 0
    finally:
        rec.kill()
    lines = kept(record)
    assert lines[:2] == ['[Event "Club night"]', '[Round "3"]']
    assert not any(line.startswith("[Table") for line in lines)
    assert lines[-1] == '[Players "Kim, Lee"]'


def test_a_resumed_record_shows_the_findings_it_holds(game: Path) -> None:
    with game.open("a", encoding="utf-8") as out:
        out.write(WRONG_RENT + "\n")
    rec = Recorder(game)
    try:
        rec.expect("findings so far")
        assert rec.end("11>") == 1
    finally:
        rec.kill()
    shown = rec.shown
    assert f"{game}:10:" in shown and "M301" in shown  # at its line, in the audit's words
    assert "findings so far (1)" in shown


def test_a_long_line_typed_key_by_key_keeps_no_copy_per_key(game: Path) -> None:
    """A paste without bracketed paste arrives as keystrokes: the editor used to save the whole
    line before each key (for Ctrl-_), which made memory grow with the square of its length.
    The line is checked once, when Enter is pressed."""
    session = Session(game)
    tried: list[str] = []
    try_line = session.try_line

    def counted(text: str) -> object:
        tried.append(text)
        return try_line(text)

    session.try_line = counted  # type: ignore[method-assign]
    # the die (outside the BMP) makes every copy of the line 4 bytes a character, so a copy
    # per key shows at a third of the keys a line of letters only would need
    line = "; \U0001f3b2 " + "".join("abcdefgh "[(k * 7) % 9] for k in range(2500))
    with create_pipe_input() as inp:
        inp.send_text(line + "\r\x04")
        prompt: PromptSession[str] = PromptSession(input=inp, output=DummyOutput())
        tracemalloc.start()
        try:
            run_terminal(session, prompt=prompt)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert tried == [line]
    assert kept(game)[-1] == line
    # measured: 6.0 MB here (6.9 MB on Python 3.10), 18.1 to 18.6 MB with a copy of the line
    # per key (about 2500 * 1250 * 4 bytes); the limit is 1.5 times or more from each
    assert peak < 10_500_000
