"""The report fixes: no player's cash column is cut off, exports load no web font, `--output -`
writes to standard output, and a card is named by its title as well as its id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app

REPO = Path(__file__).resolve().parent.parent
WORKED = "scenarios/games/worked-example.mlog"

SIX = """[Event "Six at the table"]
[Edition "us-2018"]
[Players "Annabelle, Bartholomew, Cassandra, Dominique, Evangeline, Fitzgerald"]

1. Annabelle 3-4 Chance card CH08 50
2. Bartholomew 4-5 Connecticut Avenue buy 120
3. Cassandra 2-1 Baltic Avenue buy 60
4. Dominique 1-3 Income Tax tax 200
5. Evangeline 6-5 St. Charles Place buy 140
6. Fitzgerald 2-3 Reading Railroad buy 200
"""


def run(args: list[str], monkeypatch: pytest.MonkeyPatch, columns: int | None = None) -> str:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("NO_COLOR", "1")
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", str(columns))
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.output


def _last_cash_seen(text: str, player: str) -> bool:
    """The player's name heads a column, or stands before an amount in the cash column."""
    header = any("What" in line and player in line for line in text.splitlines()[:12])
    flat = re.sub(r"\s+", " ", text.replace("\u00a0", " "))  # a wrapped cell read as one line
    inline = re.search(rf"{player} \$[\d,]+", flat) is not None
    return header or inline


@pytest.mark.parametrize("columns", [80, 110, 200])
def test_six_players_never_lose_a_column(
    columns: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "six.mlog"
    record.write_text(SIX, encoding="utf-8")
    out = run(["ledger", str(record)], monkeypatch, columns)
    for name in ("Annabelle", "Bartholomew", "Cassandra", "Dominique", "Evangeline", "Fitzgerald"):
        assert _last_cash_seen(out, name), f"{name}'s cash is missing at {columns} columns:\n{out}"
    # Fitzgerald paid 200 for Reading Railroad: his cash after it is shown somewhere
    assert "$1,300" in out
    if columns < 200:
        assert "do not fit" in out  # and the reader is told why the layout changed


def test_three_players_at_80_columns_keep_every_cash(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(["ledger", WORKED], monkeypatch, 80)
    assert "Cal\u00a0$1,400" in out  # Cal's cash after buying Oriental Avenue
    assert "do not fit in 80 columns" in out


def test_three_players_at_110_columns_get_a_column_each(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(["ledger", WORKED], monkeypatch, 110)
    assert re.search(r"What\s+Ann\s+Ben\s+Cal", out)
    assert "do not fit" not in out


MONEY = re.compile(r"[$£]\d+(?:,\d{3})*")
GAMES = [WORKED, "scenarios/games/uk-1996-short.mlog", "SIX"]


WIDTHS = [30, 40, 52, 60, 71, 80, 90, 100]


def _cut(out: str, whole: str, columns: int) -> str | None:
    """What is wrong with `out`, printed at `columns`, against `whole`; None if nothing."""
    if "…" in out:
        return "an amount cut with …"
    if max(len(line) for line in out.splitlines()) > columns:
        return "a line wider than the terminal"
    # every amount of the widest print is here, whole, as often
    if sorted(MONEY.findall(out)) != sorted(MONEY.findall(whole)):
        return "amounts differ from the widest print"
    return None


@pytest.mark.parametrize("command", ["ledger", "settle", "state", "standings --details"])
@pytest.mark.parametrize("game", GAMES)
def test_no_amount_is_cut_at_any_width(
    command: str, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: the ledger's fit was judged on Rich's measurement of the table, which counts a
    # column that never wraps at its longest word ("Payer → payee" as 5). A two-player ledger
    # at 80 columns was judged to fit, drawn at 81 and cut: Ben's cash read "£1,50" on every
    # row; at 60 the one cash column was 2 wide ("An", "Be"), at 40 the reason 1 wide. The
    # settlement and the position had no narrower form: at 80 columns the winner's worth read
    # "$4,…", and at 40 the settlement lost its player column; the standings' worths and
    # places were cut the same way. Every width is tried, and every one that cuts is listed.
    if game == "SIX":
        record = tmp_path / "six.mlog"
        record.write_text(SIX, encoding="utf-8")
        game = str(record)
    whole = run([*command.split(), game], monkeypatch, 400)
    offenders = []
    for columns in WIDTHS:
        out = run([*command.split(), game], monkeypatch, columns)
        wrong = _cut(out, whole, columns)
        if wrong is not None:
            offenders.append(f"at {columns} columns, {wrong}:\n{out}")
    assert not offenders, "\n".join(offenders)


def test_two_players_at_80_columns_get_a_column_each(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(["ledger", "scenarios/games/uk-1996-short.mlog"], monkeypatch, 80)
    assert re.search(r"What\s+Ann\s+Ben\n", out)
    assert "opening cash              £1,500   £1,500\n" in out
    assert "do not fit" not in out


def test_a_narrow_ledger_writes_each_row_out_beside_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = run(["ledger", "scenarios/games/uk-1996-short.mlog"], monkeypatch, 40)
    flat = re.sub(r"\s+", " ", out.replace("\u00a0", " "))
    assert "each row is written out beside its line, with every player's cash" in flat
    assert (
        "13 turn 1: Ann → bank £200, bought King's Cross Station; cash after: Ann £1,300, "
        "Ben £1,500" in flat
    )
    one = run(["ledger", "--player", "Ann", "scenarios/games/uk-1996-short.mlog"], monkeypatch, 40)
    assert "Ann's cash column does not fit in 40 columns" in re.sub(r"\s+", " ", one)


@pytest.mark.parametrize("command", ["ledger", "settle", "state"])
@pytest.mark.parametrize("kind", ["svg", "html"])
def test_exports_load_nothing_from_the_web(
    command: str, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / f"report.{kind}"
    run([command, WORKED, "--export", kind, "--output", str(out)], monkeypatch)
    text = out.read_text(encoding="utf-8")
    assert "@font-face" not in text
    assert re.findall(r"url\((?!#)", text) == []  # url(#id) points inside the file
    # the only web address left is the SVG namespace, which is a name, not a request
    assert set(re.findall(r"https?://[^\s\"'<>)]+", text)) <= {"http://www.w3.org/2000/svg"}


@pytest.mark.parametrize("kind", ["svg", "html", "txt"])
def test_output_dash_is_standard_output(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    to_file = tmp_path / f"ledger.{kind}"
    run(["ledger", WORKED, "--export", kind, "--output", str(to_file)], monkeypatch)
    printed = run(["ledger", WORKED, "--export", kind, "--output", "-"], monkeypatch)
    assert printed == to_file.read_text(encoding="utf-8")
    assert not (REPO / "-").exists()


def test_card_rows_name_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(["ledger", WORKED], monkeypatch, 200)
    assert 'CH08 "Bank pays you a dividend of $50" pays Ann $50' in out
    assert re.search(r'CC09 "[^"]+": \$10 from each of the 2 other players', out)
