"""The canonical formatter and `monolog fmt`, and the details column of `monolog parse`."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.notation import ParseError, parse_text
from monolog.notation import events as ev
from monolog.notation.events import NO_SPAN, Ref
from monolog.notation.formatter import (
    FormatError,
    canonical_events,
    format_clause,
    format_events,
    format_text,
)

runner = CliRunner()

HEAD = '[Players "Ann, Ben, Cal"]\n'


def fmt_line(line: str) -> str:
    """The canonical text of one line of a record (after a tag line, so any line may stand)."""
    out = format_text(HEAD + line + "\n")
    assert out.startswith(HEAD)
    return out[len(HEAD) :].rstrip("\n")


# --------------------------------------------------------------------------- each kind

CLAUSES = [
    # (as written, canonical)
    ("1. Ann  3-4", "1. Ann 3-4"),
    ("1. Ann 3-4\tVermont Avenue", "1. Ann 3-4 Vermont Avenue"),
    ("1. Ann 3-4 #8", "1. Ann 3-4 #8"),
    ('1. Ann 3-4 "Go to Jail"', '1. Ann 3-4 "Go to Jail"'),
    ("1. Ann ->Boardwalk", "1. Ann -> Boardwalk"),
    ("1. Ann salary", "1. Ann salary"),
    ("1. Ann salary $200", "1. Ann salary 200"),
    ("1. Ann buy £100", "1. Ann buy 100"),
    ("1. Ann buy €100", "1. Ann buy 100"),
    ("1. Ann decline", "1. Ann decline"),
    ("1. Ann auction nobids", "1. Ann auction nobids"),
    ("1. Ann auction house nobids", "1. Ann auction house nobids"),
    (
        "1. Ann auction Boardwalk bids Ben 10 Cal $20 sold Cal 20",
        "1. Ann auction Boardwalk bids Ben 10, Cal 20 sold Cal 20",
    ),
    (
        "1. Ann auction hotel bids Ben 10 ,Cal 20 sold Cal 20",
        "1. Ann auction hotel bids Ben 10, Cal 20 sold Cal 20",
    ),
    ("1. Ann rent", "1. Ann rent"),
    ("1. Ann rent $25  to Ben", "1. Ann rent 25 to Ben"),
    ("1. Ann rent to Ben", "1. Ann rent to Ben"),
    ("1. Ann rent unclaimed", "1. Ann rent unclaimed"),
    ("1. Ann rent unclaimed to Ben", "1. Ann rent unclaimed to Ben"),
    ("1. Ann tax", "1. Ann tax"),
    ("1. Ann tax 10%  $150", "1. Ann tax 10% 150"),
    ("1. Ann tax 200", "1. Ann tax 200"),
    ("1. Ann card CH07", "1. Ann card CH07"),
    ("1. Ann card CC05 $50", "1. Ann card CC05 50"),
    ('1. Ann card "go back" 0', '1. Ann card "go back" 0'),
    ("1. Ann dice 2-5", "1. Ann dice 2-5"),
    ("1. Ann jail", "1. Ann jail"),
    ("1. Ann fine $50", "1. Ann fine 50"),
    ("1. Ann goojf", "1. Ann goojf"),
    ("1. Ann goojf CC05", "1. Ann goojf CC05"),
    ("1. Ann build Park Place x1", "1. Ann build Park Place"),
    (
        "1. Ann build Park Place x2,Boardwalk   hotel for $400",
        "1. Ann build Park Place x2, Boardwalk hotel for 400",
    ),
    ("1. Ann sell Park Place x3 , Boardwalk", "1. Ann sell Park Place x3, Boardwalk"),
    (
        "1. Ann mortgage Boardwalk,Park Place for 375",
        "1. Ann mortgage Boardwalk, Park Place for 375",
    ),
    ("1. Ann unmortgage #39", "1. Ann unmortgage #39"),
    ("1. Ann interest Boardwalk for $20", "1. Ann interest Boardwalk for 20"),
    ("1. Ann pay $70 to bank", "1. Ann pay 70 to bank"),
    ("1. Ann pay 70 to Ben", "1. Ann pay 70 to Ben"),
    ("1. Ann bankrupt", "1. Ann bankrupt"),  # the creditor left to the rules
    ("1. Ann bankrupt to bank", "1. Ann bankrupt to bank"),
    ("1. Ann bankrupt to Ben", "1. Ann bankrupt to Ben"),
    ("1. Ann resign", "1. Ann resign"),
    ("1. Ann time", "1. Ann time"),
    ("1. Ann end", "1. Ann end"),
    ("1. Ann = $1320", "1. Ann =1320"),
    ("1. Ann =Ben  880", "1. Ann =Ben 880"),
    ("1. Ann disputed", "1. Ann disputed"),
    ('1. Ann disputed "owner was \\"late\\""', '1. Ann disputed "owner was \\"late\\""'),
    ('1. Ann disputed "\\q"', '1. Ann disputed "q"'),  # a needless escape is dropped
]


@pytest.mark.parametrize(("written", "canonical"), CLAUSES, ids=[c for c, _ in CLAUSES])
def test_each_clause_has_one_canonical_text(written: str, canonical: str) -> None:
    assert fmt_line(written) == canonical
    assert fmt_line(canonical) == canonical


LINES = [
    ('[Event  "Thursday \\"league\\""]', '[Event "Thursday \\"league\\""]'),
    ('[ Site\t"back\\\\slash" ]', '[Site "back\\\\slash"]'),
    ('[Time Control "90 min"]', '[Time Control "90 min"]'),
    (
        "setup Ann jail 2 goojf CC05 owns Boardwalk x2,Park Place hotel, Reading Railroad "
        "mortgaged at Illinois Avenue cash $1200",
        "setup Ann cash 1200 at Illinois Avenue owns Boardwalk x2, Park Place hotel, "
        "Reading Railroad mortgaged goojf CC05 jail 2",
    ),
    ("setup Ann jail", "setup Ann jail"),
    ("setup Ann jail 1", "setup Ann jail"),
    ("setup Ann jail 0", "setup Ann jail 0"),
    ("setup Ann owns Boardwalk x0", "setup Ann owns Boardwalk"),
    ("setup Ann owns Boardwalk x1 mortgaged", "setup Ann owns Boardwalk x1 mortgaged"),
    ("setup Ann goojf goojf CH01", "setup Ann goojf goojf CH01"),
    ("setup Ann owns Boardwalk cash 5 owns #1", "setup Ann cash 5 owns Boardwalk, #1"),
    # positions that are M120 are written back as they were written (the engine reports them)
    ("setup Ann cash -50 owns Boardwalk hotel  x2", "setup Ann cash -50 owns Boardwalk hotel x2"),
    ("deal Ann: Boardwalk hotel x2 | Ben: 500", "deal Ann: Boardwalk hotel x2 | Ben: 500"),
    ("setup bank hotels 11  houses 30", "setup bank houses 30 hotels 11"),
    ("setup bank hotels 0", "setup bank hotels 0"),
    ("setup deck CH03,CH07 , CC01", "setup deck CH03, CH07, CC01"),
    ("setup next  Ben", "setup next Ben"),
    ("12.  Ann", "12. Ann"),
    ("Ben build Park Place x2", "Ben build Park Place x2"),
    ('"Mary Jo" =1500  end', '"Mary Jo" =1500 end'),
    ("3-4 Chance  card CH08", "3-4 Chance card CH08"),
    (
        "deal Ann:Boardwalk,$100 , goojf CC05|Ben: Illinois Avenue",
        "deal Ann: Boardwalk, 100, goojf CC05 | Ben: Illinois Avenue",
    ),
    ("deal Ann: goojf | Ben: nothing", "deal Ann: goojf | Ben: nothing"),
    ("1. Zoë 3-4 Øresund Allé", "1. Zoë 3-4 Øresund Allé"),
]


@pytest.mark.parametrize(("written", "canonical"), LINES, ids=[c for c, _ in LINES])
def test_each_line_kind_has_one_canonical_text(written: str, canonical: str) -> None:
    assert fmt_line(written) == canonical
    assert fmt_line(canonical) == canonical


def _r(text: str, kind: ev.RefKind = "name") -> Ref:
    return Ref(text, kind)


def test_clause_text_of_hand_made_events() -> None:
    assert format_clause(ev.Rent(NO_SPAN, _r("Ben"), 25, _r("Ann"))) == "rent 25 to Ann"
    build = ev.Build(
        NO_SPAN,
        None,
        (
            ev.BuildItem(_r("Park Place"), 2, False),
            ev.BuildItem(_r("Boardwalk"), 0, True),
            ev.BuildItem(_r("Baltic Avenue"), 1, False),
        ),
        400,
    )
    assert format_clause(build) == "build Park Place x2, Boardwalk hotel, Baltic Avenue for 400"
    assert format_clause(ev.Move(NO_SPAN, None, _r("30", "number"))) == "-> #30"
    assert format_clause(ev.TurnStart(NO_SPAN, 7, _r('A "b" \\ c', "quoted"))) == (
        '7. "A \\"b\\" \\\\ c"'
    )
    assert format_clause(ev.Pay(NO_SPAN, None, 70, None)) == "pay 70 to bank"
    assert format_clause(ev.CashCheck(NO_SPAN, None, None, 0)) == "=0"
    assert format_clause(ev.Comment(NO_SPAN, "", False)) == ";"
    assert format_clause(ev.Comment(NO_SPAN, " note", False)) == "; note"
    assert format_clause(ev.Comment(NO_SPAN, "   aligned", False)) == ";   aligned"
    assert format_clause(ev.Comment(NO_SPAN, "note", True)) == "{note}"
    assert format_clause(ev.BlankLine(NO_SPAN)) == ""


@pytest.mark.parametrize(
    "event",
    [
        ev.Auction(NO_SPAN, None, "pending", None, (ev.Bid(_r("Ben"), 10),), None, None),
        ev.Auction(NO_SPAN, None, "square", None, (), None, None),
        ev.SetupPlayer(NO_SPAN, _r("Ann"), None, None, (), (), None),
        ev.SetupBank(NO_SPAN, None, None),
        ev.SetupDeck(NO_SPAN, ()),
        ev.Mortgage(NO_SPAN, None, (), None),
        ev.Build(NO_SPAN, None, (ev.BuildItem(_r("Boardwalk"), 2, True),), None),
        ev.Comment(NO_SPAN, "a } b", True),
        ev.Comment(NO_SPAN, "two\nlines", False),
        ev.Deal(
            NO_SPAN, ev.DealSide(_r("Ann"), (ev.DealItem("cash"),)), ev.DealSide(_r("Ben"), ())
        ),
    ],
    ids=lambda e: type(e).__name__,
)
def test_events_the_notation_cannot_express_are_refused(event: ev.Event) -> None:
    with pytest.raises(FormatError):
        format_events([event])


# --------------------------------------------------------------------------- layout


def test_lines_follow_the_source_lines() -> None:
    text = (
        "1. Ann 6-6 Electric Company buy 150\n"
        "4-3 Chance card CH07\n"
        "Ben build Park Place\n"
        "Ben build Boardwalk\n"
        "Ben build Park Place  sell Boardwalk\n"
        "Cal =1500\n"
        "2. Ben 3-4\n"
    )
    assert format_text(text) == text.replace("  ", " ")


def test_actions_of_the_turn_after_an_actor_line_start_a_continuation_line() -> None:
    text = "1. Ann 6-6\nBen mortgage Boardwalk\n4-3 buy\n"
    assert format_text(text) == text


def test_events_without_positions_are_laid_out_by_kind() -> None:
    events = canonical_events(
        [
            ev.Tag(NO_SPAN, "Event", "x"),
            ev.TurnStart(NO_SPAN, 1, _r("Ann")),
            ev.Roll(NO_SPAN, None, 3, 4, None),
            ev.Buy(NO_SPAN, None, None),
            ev.Build(NO_SPAN, _r("Ben"), (ev.BuildItem(_r("Boardwalk"), 1, False),), None),
            ev.CashCheck(NO_SPAN, _r("Ben"), None, 1000),
            ev.CashCheck(NO_SPAN, _r("Cal"), None, 900),
            ev.GameEnd(NO_SPAN, None),
            ev.Deal(
                NO_SPAN,
                ev.DealSide(_r("Ann"), (ev.DealItem("cash", amount=5),)),
                ev.DealSide(_r("Ben"), ()),
            ),
        ]
    )
    out = format_events(events)
    assert out == (
        '[Event "x"]\n'
        "1. Ann 3-4 buy\n"
        "Ben build Boardwalk =1000\n"
        "Cal =900\n"
        "end\n"
        "deal Ann: 5 | Ben: nothing\n"
    )
    assert parse_text(out) == events


def test_comments_stay_where_they_were() -> None:
    text = (
        "; opening remarks\n"
        '[Event "x"] {tag note}\n'
        "{before} 1. Ann 3-4 {after the roll} buy ; end of the turn line\n"
        "Ben {just the actor} build Boardwalk\n"
        "Cal mortgage Boardwalk, {inside a clause} Park Place\n"
        "{alone}\n"
        "2. Ben 1-2\n"
    )
    assert format_text(text) == (
        "; opening remarks\n"
        '[Event "x"] {tag note}\n'
        "{before} 1. Ann 3-4 {after the roll} buy ; end of the turn line\n"
        # an action's position is its clause's: a comment after the actor comes before it
        "{just the actor} Ben build Boardwalk\n"
        "Cal mortgage Boardwalk, Park Place {inside a clause}\n"  # it follows the clause
        "{alone}\n"
        "2. Ben 1-2\n"
    )


def test_comment_text_is_kept_as_written() -> None:
    # aligned columns in a referee's comments survive; only trailing blanks of a `;` go
    text = "1. Ann 3-4 {  two  spaces  } ;   the   end   \n"
    assert format_text(text) == "1. Ann 3-4 {  two  spaces  } ;   the   end\n"


def test_a_brace_comment_cannot_span_lines() -> None:
    # a forgotten `}` must not swallow the lines that follow it
    with pytest.raises(ParseError) as err:
        format_text("Ben build Boardwalk {first\nsecond} sell Boardwalk\n2. Ben 3-4\n")
    assert err.value.finding.code == "P113"
    assert err.value.finding.span.line == 1


def test_blank_lines_become_one_and_vanish_at_the_ends() -> None:
    text = '\n\n  \n[Event "x"]\n\n \t\n\n1. Ann 3-4\n\n\n; c\n2. Ben 1-1\n\n\n'
    assert format_text(text) == '[Event "x"]\n\n1. Ann 3-4\n\n; c\n2. Ben 1-1\n'


def test_line_endings_become_newlines() -> None:
    assert format_text('[Event "x"]\r\n1. Ann 3-4 ; c\r\n') == '[Event "x"]\n1. Ann 3-4 ; c\n'


def test_a_byte_order_mark_is_dropped() -> None:
    assert format_text('\ufeff[Event "x"]\n') == '[Event "x"]\n'


def test_format_text_reports_parse_errors() -> None:
    with pytest.raises(ParseError):
        format_text("1. Ann 3-4 zz\n", "bad.mlog")


# --------------------------------------------------------------------------- fmt command

UGLY = '[Event "x"]\n\n\n1. Ann  3-4 Vermont Avenue buy $100\n'
CANONICAL = '[Event "x"]\n\n1. Ann 3-4 Vermont Avenue buy 100\n'
BROKEN = "1. Ann 3-4 zz\n"


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_fmt_prints_the_canonical_text(tmp_path: Path) -> None:
    path = _file(tmp_path, "a.mlog", UGLY)
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0
    assert result.stdout == CANONICAL
    assert path.read_text(encoding="utf-8") == UGLY  # printing changes nothing


def test_fmt_heads_each_file_only_when_there_are_several(tmp_path: Path) -> None:
    a = _file(tmp_path, "a.mlog", UGLY)
    b = _file(tmp_path, "b.mlog", "1. Ben 1-2\n")
    result = runner.invoke(app, ["fmt", str(a), str(b)])
    assert result.exit_code == 0
    assert result.stdout == f"==> {a} <==\n{CANONICAL}\n==> {b} <==\n1. Ben 1-2\n"


def test_fmt_takes_folders(tmp_path: Path) -> None:
    _file(tmp_path, "a.mlog", UGLY)
    _file(tmp_path, "notes.txt", "not a record")
    result = runner.invoke(app, ["fmt", str(tmp_path)])
    assert result.exit_code == 0
    assert result.stdout == CANONICAL


def test_fmt_check_lists_the_files_it_would_change(tmp_path: Path) -> None:
    ugly = _file(tmp_path, "ugly.mlog", UGLY)
    tidy = _file(tmp_path, "tidy.mlog", CANONICAL)
    result = runner.invoke(app, ["fmt", "--check", str(ugly), str(tidy)])
    assert result.exit_code == 1
    assert result.stdout == f"would reformat: {ugly}\n"
    assert ugly.read_text(encoding="utf-8") == UGLY


def test_fmt_check_passes_canonical_files(tmp_path: Path) -> None:
    tidy = _file(tmp_path, "tidy.mlog", CANONICAL)
    result = runner.invoke(app, ["fmt", "--check", str(tidy)])
    assert result.exit_code == 0
    assert result.stdout == ""


def test_fmt_check_exits_2_on_a_parse_error(tmp_path: Path) -> None:
    ugly = _file(tmp_path, "ugly.mlog", UGLY)
    bad = _file(tmp_path, "bad.mlog", BROKEN)
    result = runner.invoke(app, ["fmt", "--check", str(ugly), str(bad)])
    assert result.exit_code == 2
    assert f"would reformat: {ugly}" in result.stdout
    assert f"{bad}:1:12:" in result.stderr
    assert "Traceback" not in result.output


def test_fmt_write_and_check_together_is_a_usage_error(tmp_path: Path) -> None:
    ugly = _file(tmp_path, "ugly.mlog", UGLY)
    result = runner.invoke(app, ["fmt", "--write", "--check", str(ugly)])
    assert result.exit_code == 2
    assert "--check" in result.stderr
    assert ugly.read_text(encoding="utf-8") == UGLY


def test_fmt_reports_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fmt", str(tmp_path / "none.mlog")])
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_fmt_write_rewrites_and_keeps_permissions(tmp_path: Path) -> None:
    path = _file(tmp_path, "a.mlog", UGLY)
    os.chmod(path, 0o640)
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 0
    assert result.stdout == f"reformatted: {path}\n"
    assert path.read_bytes() == CANONICAL.encode("utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.mlog"]  # no temporary file left


def test_fmt_write_leaves_canonical_files_untouched(tmp_path: Path) -> None:
    path = _file(tmp_path, "a.mlog", CANONICAL)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    before = path.stat()
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 0
    assert result.stdout == ""
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_fmt_write_leaves_a_file_that_does_not_parse_unchanged(tmp_path: Path) -> None:
    bad = _file(tmp_path, "bad.mlog", BROKEN)
    ugly = _file(tmp_path, "ugly.mlog", UGLY)
    result = runner.invoke(app, ["fmt", "--write", str(bad), str(ugly)])
    assert result.exit_code == 2
    assert bad.read_text(encoding="utf-8") == BROKEN
    assert ugly.read_text(encoding="utf-8") == CANONICAL  # the others are still done
    assert f"{bad}:1:12:" in result.stderr


def test_fmt_write_keeps_the_original_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path, "a.mlog", UGLY)

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    result = runner.invoke(app, ["fmt", "--write", str(path)])
    assert result.exit_code == 2
    assert "cannot rewrite" in result.stderr
    assert path.read_text(encoding="utf-8") == UGLY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.mlog"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_fmt_write_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    target = _file(tmp_path, "real.mlog", UGLY)
    link = tmp_path / "link.mlog"
    link.symlink_to(target)
    result = runner.invoke(app, ["fmt", "--write", str(link)])
    assert result.exit_code == 0
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == CANONICAL


# --------------------------------------------------------------------------- parse command


def test_parse_table_shows_the_canonical_clause_text(tmp_path: Path) -> None:
    path = _file(
        tmp_path,
        "a.mlog",
        '[Event "x"]\n1. Ann 3-4 Reading Railroad rent $25 to Cal\n'
        "Ben build Park Place x2,Boardwalk hotel for $400\n",
    )
    result = runner.invoke(app, ["parse", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    out = result.stdout
    assert "rent 25 to Ann" not in out
    assert "rent 25 to Cal" in out
    assert "build Park Place x2, Boardwalk hotel for 400" in out
    assert '[Event "x"]' in out  # shown as written, not read as markup
    assert "\x1b[" not in out  # no colour when the output is not a terminal
    assert all(line == line.rstrip() for line in out.splitlines())


def test_parse_json_lines_carry_the_schema(tmp_path: Path) -> None:
    path = _file(tmp_path, "a.mlog", "1. Ann 3-4 buy 100\n")
    result = runner.invoke(app, ["parse", "--json", str(path)])
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["kind"] for r in rows] == ["turn", "roll", "buy"]
    assert all(r["schema"] == ev.SCHEMA_VERSION and r["file"] == str(path) for r in rows)
