"""`monolog record`, driven as a scorekeeper drives it: on prompt_toolkit's test input, through a
pipe, and as a real process killed in the middle of a game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from monolog.commands.audit import audit_file
from monolog.recorder.complete import RecordCompleter
from monolog.recorder.desk import run_piped
from monolog.recorder.session import Session
from monolog.recorder.terminal import run_terminal

REPO = Path(__file__).resolve().parent.parent
WORKED = REPO / "scenarios" / "games" / "worked-example.mlog"
SIM_200 = REPO / "scenarios" / "games" / "uk-1996-sim-1.mlog"  # 197 lines

HEADER = """[Event "Typed at the table"]
[Edition "us-2018"]
[Players "Ann, Ben, Cal"]
"""
OPENING = [
    "1. Ann 3-4 Chance card CH08 50",
    "2. Ben 4-4 Vermont Avenue buy 100",
    "3-4 Pennsylvania Railroad buy 200",
    "3. Cal 2-4 Oriental Avenue buy 100",
    "4. Ann 4-5 St. James Place buy 180",
    "5. Ben 2-1 Tennessee Avenue buy 180",
]


def codes(findings: list[object]) -> list[tuple[str, int, str]]:
    return [(f.code, f.span.line, f.message) for f in findings]  # type: ignore[attr-defined]


@pytest.fixture()
def pipe() -> Iterator[object]:
    with create_pipe_input() as inp:
        yield inp


def terminal(session: Session, inp: object) -> int:
    ps: PromptSession[str] = PromptSession(input=inp, output=DummyOutput())  # type: ignore[arg-type]
    return run_terminal(session, prompt=ps)


def test_a_whole_game_typed_through_a_pipe_is_the_game_audit_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "typed.mlog"
    lines = WORKED.read_text(encoding="utf-8").splitlines(keepends=True)
    code = run_piped(Session(record), iter(lines), print)  # type: ignore[arg-type]
    assert record.read_text(encoding="utf-8") == WORKED.read_text(encoding="utf-8")
    typed, _ = audit_file(str(record))
    shipped, _ = audit_file(str(WORKED))
    assert codes(typed.findings) == codes(shipped.findings)
    assert code == 0
    out = capsys.readouterr().out
    assert "Cal pays Ben $20: rent is $20" in out  # the amount worked out, and to whom
    assert "A04  Ann leaves jail on a double" in out  # a finding in audit's words, at its line


def test_the_terminal_asks_for_the_header_then_catches_and_corrects_a_mistake(
    tmp_path: Path, pipe: object, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "new.mlog"
    typed = [
        "Thursday league",  # event
        "3",  # round
        "",  # no table
        "Ann, Ben, Cal",  # players
        "",  # edition: the default
        "",  # variant: standard
        "",  # no house rules
        *OPENING,
        "6. Cal 4-5 Pennsylvania Railroad rent 50",  # wrong: one railroad's rent is 25
        "n6. Cal 4-5 Reading Railroad rent 25",  # not kept (one key); the wrong square: kept
        "yundo",  # anyway (one key), and taken back  # and taken back
        "6. Cal 4-5 Pennsylvania Railroad rent 25",  # as it was
    ]
    pipe.send_text("".join(t + "\r" for t in typed))  # type: ignore[attr-defined]
    pipe.send_text("\x04")  # type: ignore[attr-defined]  # Ctrl-D: the end
    code = terminal(Session(record), pipe)
    out = capsys.readouterr().out
    kept = record.read_text(encoding="utf-8").splitlines()
    assert kept[:2] == ['[Event "Thursday league"]', '[Round "3"]']
    assert kept[3:] == [
        '[Edition "us-2018"]',
        '[Variant "standard"]',
        '[Players "Ann, Ben, Cal"]',
        *OPENING,
        "6. Cal 4-5 Pennsylvania Railroad rent 25",
    ]
    assert kept[2].startswith('[Date "')
    assert "M301" in out and "not kept" in out  # the wrong rent was shown, then refused
    assert "M104" in out and "undone: 6. Cal 4-5 Reading Railroad rent 25" in out
    assert "Cal pays Ben $25" in out
    assert code == 0  # the record as kept breaks no rule
    audit, _ = audit_file(str(record))
    assert all(f.severity.value != "error" for f in audit.findings)


def test_tab_completes_a_square_name(tmp_path: Path, pipe: object) -> None:
    record = tmp_path / "tab.mlog"
    record.write_text(HEADER + "\n".join(OPENING[:2]) + "\n", encoding="utf-8")
    # Ben threw a double; his second roll reaches Pennsylvania Railroad
    pipe.send_text("3-4 Pennsylvania R\t buy 200\r\x04")  # type: ignore[attr-defined]
    terminal(Session(record), pipe)
    assert record.read_text(encoding="utf-8").splitlines()[-1] == (
        "3-4 Pennsylvania Railroad buy 200"
    )


def test_completion_offers_what_the_square_calls_for(tmp_path: Path) -> None:
    record = tmp_path / "c.mlog"
    record.write_text(HEADER + "\n".join(OPENING) + "\n", encoding="utf-8")
    completer = RecordCompleter(Session(record))

    def offered(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), None)]  # type: ignore[arg-type]

    assert offered("")[0] == "6. Cal"  # the next turn, and whose it is
    assert offered("6. Cal 4-5 ")[0] == "Pennsylvania Railroad"  # the square the roll reaches
    assert "rent 25 to Ben" in offered("6. Cal 4-5 Pennsylvania Railroad ")
    assert offered("6. Cal 4-5 Penn")[:2] == ["Pennsylvania Railroad", "Pennsylvania Avenue"]
    assert offered("6. Cal 2-3 ")[:3] == ["St. Charles Place", "buy 140", "decline"]
    chest = offered("6. Cal 5-6 Community Chest card ")
    assert "CC01" in chest and "CH01" not in chest  # the deck of the square drawn from
    title = completer.session.edition.card("CC09").title
    assert any(c.strip('"') == title for c in chest)
    assert "Ben" in offered("6. Cal 4-5 Pennsylvania Railroad rent 25 to ")


def test_a_killed_recorder_loses_no_kept_line(tmp_path: Path) -> None:
    record = tmp_path / "killed.mlog"
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "monolog", "record", str(record)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None
    sent = [*HEADER.splitlines(), *OPENING]
    for k, line in enumerate(sent, start=1):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            shown = proc.stdout.readline()
            assert shown, "the recorder stopped"
            if shown.startswith(f"kept as line {k}"):
                break
    proc.send_signal(signal.SIGKILL)  # mid-game, with the pipe still open
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert record.read_text(encoding="utf-8").splitlines() == sent


def test_enter_to_result_on_a_200_line_game(tmp_path: Path) -> None:
    """Printed, not asserted (timings belong to benchmarks): the time from a line typed to its
    result shown, with the game so far kept, for each of the last ten lines of a 197-line game,
    against one audit of the whole record (best of three)."""
    lines = SIM_200.read_text(encoding="utf-8").splitlines()
    record = tmp_path / "sim.mlog"
    record.write_text("\n".join(lines[:-10]) + "\n", encoding="utf-8")
    session = Session(record)
    enter: list[float] = []
    disk: list[float] = []
    for line in lines[-10:]:
        start = time.perf_counter()
        outcome = session.try_line(line)  # parsed, applied, its meaning worked out: shown
        enter.append(time.perf_counter() - start)
        session.keep()  # appended, flushed and synced to disk
        disk.append(time.perf_counter() - start - enter[-1])
        assert outcome.error is None
    audits = []
    for _ in range(3):
        start = time.perf_counter()
        audit_file(str(record))
        audits.append(time.perf_counter() - start)
    audit = min(audits)
    median = sorted(enter)[len(enter) // 2]
    print(
        f"\nrecord, {len(lines)}-line game, last 10 lines: Enter to result median "
        f"{median * 1000:.2f} ms (max {max(enter) * 1000:.2f}); then to disk median "
        f"{sorted(disk)[len(disk) // 2] * 1000:.1f} ms; one audit of the record "
        f"{audit * 1000:.1f} ms; ratio {median / audit:.3f}"
    )
    assert record.read_text(encoding="utf-8").splitlines() == lines


def test_ctrl_d_before_the_header_writes_nothing(
    tmp_path: Path, pipe: object, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "never.mlog"
    pipe.send_text("\x04")  # type: ignore[attr-defined]
    assert terminal(Session(record), pipe) == 0
    assert "no record started" in capsys.readouterr().out
    assert not record.exists()


def test_ctrl_c_at_the_question_does_not_keep_the_line(tmp_path: Path, pipe: object) -> None:
    record = tmp_path / "c.mlog"
    record.write_text(HEADER + "\n".join(OPENING) + "\n", encoding="utf-8")
    before = record.read_text(encoding="utf-8")
    pipe.send_text("6. Cal 4-5 Pennsylvania Railroad rent 50\r\x03\x04")  # type: ignore[attr-defined]
    terminal(Session(record), pipe)
    assert record.read_text(encoding="utf-8") == before


def test_completion_knows_the_deed_sale_and_the_creditor_named(tmp_path: Path) -> None:
    """`sell deed` is followed by a square, `bankrupt to bank, creditor` by a player."""
    record = tmp_path / "c.mlog"
    record.write_text(HEADER + "\n".join(OPENING) + "\n", encoding="utf-8")
    completer = RecordCompleter(Session(record))

    def offered(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), None)]  # type: ignore[arg-type]

    assert "deed" in offered("Ben sell d")
    assert offered("Ben sell deed Verm") == ["Vermont Avenue"]
    assert "creditor" in offered("Ann bankrupt to bank, cred")
    assert offered("Ann bankrupt to bank, creditor ")[:3] == ["Ann", "Ben", "Cal"]
