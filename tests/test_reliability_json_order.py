"""JSON with `--jobs` is streamed in the order the records were named, as with one worker.

Before, a run with several workers kept every game's findings until the last record was done
and wrote the document whole at the end. Now a game is written as soon as every record named
before it is written; a record finished early waits, and only it.
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.commands import audit_output
from monolog.commands.audit_batch import Outcome
from monolog.commands.audit_output import InOrder, ReportWriter
from monolog.findings.report import GameReport, RunSummary

runner = CliRunner()

GAME = (
    '[Event "Club night"]\n[Table "{table}"]\n[Players "Ann, Ben"]\n\n'
    "1. Ann 3-4 Chance card CH08\n2. Ben 2-3 Reading Railroad buy {price}\n"
)


def _append_file(out: list[str], report: GameReport) -> None:
    out.append(report.file)


def test_records_finished_out_of_order_are_written_in_file_order() -> None:
    """Records of one to three games each, arriving in a shuffled order, a record's games
    together (as the workers send them): written in file order, each game once."""
    rng = random.Random(7)
    for _ in range(50):
        games = {index: rng.randint(1, 3) for index in range(rng.randint(1, 12))}
        arrival = list(games)
        rng.shuffle(arrival)
        written: list[str] = []
        order = InOrder(partial(_append_file, written))
        for index in arrival:
            for game in range(games[index]):
                order.add(index, GameReport(f"{index}.{game}"))
        order.close()
        assert written == [f"{i}.{g}" for i in sorted(games) for g in range(games[i])]
        assert not order.held


def test_a_game_is_written_as_soon_as_the_records_before_it_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[str] = []
    monkeypatch.setattr(audit_output, "echo", lambda text, nl=True: written.append(text))
    writer = ReportWriter("json", strict=False, quiet=False, workers=2, statistics=False)

    def outcome(index: int) -> Outcome:
        return Outcome(index, GameReport(f"record{index}.mlog"), None, strict=False)

    writer.add(outcome(1))  # the second record, done first: held
    assert "record1" not in "".join(written)
    writer.add(outcome(0))  # the first: written, then the second after it
    writer.add(outcome(3))  # the first game of the fourth record marks the first as complete
    text = "".join(written)
    assert text.index("record0.mlog") < text.index("record1.mlog")
    assert "record3" not in text
    writer.add(outcome(2))  # the third: written at once; the fourth waits for its end
    text = "".join(written)
    assert "record2" in text and "record3" not in text
    writer.close(RunSummary())
    text = "".join(written)
    assert text.index("record2.mlog") < text.index("record3.mlog")
    assert text.endswith("\n  ]\n}\n")


def test_jobs_write_the_same_json_bytes_as_one_worker(tmp_path: Path) -> None:
    """Many records of several games, some broken, over two workers: the same document, byte
    for byte, as one worker streams."""
    for n in range(24):
        games = [GAME.format(table=g, price=200 if (n + g) % 3 else 250) for g in range(1 + n % 3)]
        if n % 7 == 3:
            games[0] = games[0].replace("buy 200", "buy @ 200").replace("buy 250", "buy @ 250")
        (tmp_path / f"r{n:02}.mlog").write_text("\n".join(games), encoding="utf-8")
    one = runner.invoke(app, ["audit", "--format", "json", str(tmp_path)])
    two = runner.invoke(app, ["audit", "--format", "json", "--jobs", "2", str(tmp_path)])
    assert one.exit_code == two.exit_code == 2, one.output
    assert one.stdout == two.stdout
    assert one.stdout.count('"file": ') > 24
