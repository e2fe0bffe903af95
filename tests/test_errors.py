"""Parse errors: each common mistake gets its own code at the right spot, the rendering reads
like a compiler's, and the command line reports every unreadable record without a traceback."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from cli_process import Outcome, run_command

from monolog.notation import ParseError
from monolog.notation.mistakes import MISTAKES, PARSE_CODES
from monolog.notation.parser import parse_file, parse_text


def error_of(text: str, filename: str = "game.mlog") -> ParseError:
    with pytest.raises(ParseError) as info:
        parse_text(text, filename)
    return info.value


# (record, code, line, column): the spot is where the mistake starts.
CASES = [
    ("1. Ann 3- Vermont Avenue", "P110", 1, 8),
    ("1. Ann 3 Vermont Avenue", "P110", 1, 8),
    ('[Event "x"]\n1. Ann 5-', "P110", 2, 8),
    ("1. Ann 3-7 Vermont Avenue", "P111", 1, 8),
    ("1. Ann 0-4", "P111", 1, 8),
    ("1. Ann dice 12-3", "P111", 1, 13),
    ("1. Ann 3-4 byu 100", "P112", 1, 12),
    ("1. Ann taxes 200", "P112", 1, 8),
    ("setup Ann csh 1200", "P112", 1, 11),
    ("1. Ann 3-4 Vermont Avenue {bought it", "P113", 1, 27),
    ("1. Ann buy 1,500", "P114", 1, 12),
    ("1. Ann buy $-5", "P114", 1, 12),
    ("1. Ann rent 12.50", "P114", 1, 13),
    ("deal Ann: 1,000 | Ben: nothing", "P114", 1, 11),
    ('[Event "Thursday league]', "P115", 1, 8),
    ('1. Ann -> "Go to Jail', "P115", 1, 11),
    ('[Event "Thursday league"', "P116", 1, 25),
    ('[Event "Thursday league"\n1. Ann 3-4', "P116", 1, 25),
    ("[Event Thursday]", "P117", 1, 16),
    ("[event]", "P117", 1, 2),
    ("1. 3-4 Vermont Avenue", "P118", 1, 4),
    ('[Event "x"]\n\n12. buy', "P118", 3, 5),
    ("1. Ann decline auction bids Ben 10, Cal 20", "P119", 1, 43),
    ("1. Ann decline auction bids Ben 10, Cal 20\n2. Ben 3-4", "P119", 1, 43),
    ("Ben auction Boardwalk bids Ann 10 buy", "P119", 1, 35),
    ("deal Ann: Boardwalk Ben: Park Place", "P120", 1, 24),
    ("deal Ann: Boardwalk, 100\n", "P120", 1, 25),
    ("1. Ann buy 100 2. Ben 3-4", "P121", 1, 16),
    ("12 Ann 3-4 Vermont Avenue", "P122", 1, 1),
    ('[Event "x"]\n7) Ann 3-4', "P122", 2, 1),
    ("1. Ann 3–4 Vermont Avenue", "P123", 1, 8),
    ("1. Ann buy 100 200", "P101", 1, 16),
    ("1. Ann 3-4 Vermont: x", "P101", 1, 19),
    ("1. Ann 3-4 @", "P102", 1, 12),
    ("1. Ann 3-4 deal", "P101", 1, 12),
    ("1. Ann\x003-4", "P004", 1, 7),
]


@pytest.mark.parametrize(("text", "code", "line", "column"), CASES)
def test_mistake_code_and_spot(text: str, code: str, line: int, column: int) -> None:
    err = error_of(text)
    assert (err.finding.code, err.finding.line, err.finding.column) == (code, line, column)
    assert err.finding.file == "game.mlog"


def test_every_example_of_the_table_gives_its_code() -> None:
    # one pass; the failure lists every example that gives another code
    examples = [(m.code, ex) for m in MISTAKES for ex in m.examples]
    wrong = [
        f"{ex!r} gives {error_of(ex).finding.code}, not {code}"
        for code, ex in examples
        if error_of(ex).finding.code != code
    ]
    assert len(examples) > 100
    assert not wrong, "\n".join(wrong)


def test_every_code_is_listed() -> None:
    assert {m.code for m in MISTAKES} <= set(PARSE_CODES)
    assert {code for _, code, *_ in CASES} <= set(PARSE_CODES)


def test_unknown_word_suggests_the_closest_keyword() -> None:
    assert (
        error_of("1. Ann 3-4 byu 100").finding.message == "unknown word 'byu'; did you mean 'buy'?"
    )
    assert "did you mean 'rent'" in error_of("1. Ann 3-4 Vermont Avenue rnet 26").finding.message
    far = error_of("1. Ann 3-4 vermont avenue").finding.message
    assert far.startswith("unknown word 'vermont': ")
    assert "did you mean" not in far


def test_messages_say_how_to_write_it() -> None:
    assert "3-4" in error_of("1. Ann 3- Vermont").finding.message
    assert "1 to 6" in error_of("1. Ann 3-7").finding.message
    assert "'1,500'" in error_of("1. Ann buy 1,500").finding.message
    assert "sold" in error_of("1. Ann decline auction bids Ben 10").finding.message
    assert "'|'" in error_of("deal Ann: Boardwalk").finding.message
    assert "'}'" in error_of("1. Ann {oops").finding.message


def test_render_format() -> None:
    text = '[Event "x"]\n1. Ann 3-4 byu 100\n'
    rendered = error_of(text).render().split("\n")
    assert rendered[0] == "game.mlog:2:12: P112 unknown word 'byu'; did you mean 'buy'?"
    assert rendered[1] == "    1. Ann 3-4 byu 100"
    assert rendered[2] == "    " + " " * 11 + "^"
    assert rendered[3].startswith("    expected ")
    assert len(rendered) == 4


def test_expected_words_are_plain_and_trimmed() -> None:
    expected = error_of("1. Ann buy 100 200").finding.expected
    assert expected is not None
    assert len(expected) <= 8
    joined = " ".join(expected)
    assert not re.search(r"\b[A-Z_]{3,}\b", joined), joined  # never a terminal's name
    assert "the end of the line" in expected


def test_generic_error_lists_keywords_in_quotes() -> None:
    err = error_of("1. Ann decline auction Boardwalk 3-4")
    assert err.finding.code == "P101"
    assert err.finding.expected is not None
    assert "'bids'" in err.finding.expected and "'nobids'" in err.finding.expected


def test_long_line_is_clipped_around_the_column() -> None:
    text = "1. Ann " + "3-4 buy " * 40 + "byu" + " buy" * 40
    err = error_of(text)
    lines = err.render().split("\n")
    shown, caret = lines[1][4:], lines[2][4:]
    assert len(shown) <= 102
    assert shown.startswith("…") and shown.endswith("…")
    assert shown[len(caret) - 1 : len(caret) + 2] == "byu"


def test_tabs_keep_the_caret_in_place() -> None:
    err = error_of("1. Ann\t3-4\tbyu")
    assert (err.finding.line, err.finding.column) == (1, 12)
    lines = err.render().split("\n")
    assert lines[1][4:][len(lines[2]) - 5 :].startswith("byu")


def test_nul_byte_is_shown_visibly() -> None:
    rendered = error_of("1. Ann\x00 3-4").render()
    assert "\x00" not in rendered
    assert "␀" in rendered


def test_empty_and_comment_only_records() -> None:
    for text in ("", "\n\n", "; just a note\n\n{ another }\n", "\ufeff"):
        err = error_of(text)
        assert err.finding.code == "P003"
        assert (
            err.render()
            == "game.mlog:1:1: P003 the record is empty: it holds no tag, setup or turn line"
        )


def test_header_only_record_parses() -> None:
    events = parse_text('[Event "x"]\n[Players "Ann, Ben"]\n')
    assert [e.kind for e in events] == ["tag", "tag"]


def test_crlf_bom_and_tabs_parse() -> None:
    plain = parse_text('[Event "x"]\n1. Ann 3-4 Vermont Avenue buy 100\n')
    assert parse_text('\ufeff[Event "x"]\r\n1. Ann 3-4 Vermont Avenue buy 100\r\n') == plain
    assert parse_text('[Event "x"]\n\t1.\tAnn\t3-4\tVermont Avenue buy\t100\t\n') == plain


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ParseError) as info:
        parse_file(tmp_path / "missing.mlog")
    assert info.value.finding.code == "P001"
    with pytest.raises(ParseError) as info:
        parse_file(tmp_path)
    assert info.value.finding.code == "P001"
    assert "folder" in info.value.finding.message
    bad = tmp_path / "latin.mlog"
    bad.write_bytes('[Event "Café"]\n1. Ann 3-4\n'.encode("latin-1"))
    with pytest.raises(ParseError) as info:
        parse_file(bad)
    assert (info.value.finding.code, info.value.finding.line, info.value.finding.column) == (
        "P002",
        1,
        12,
    )


# ------------------------------------------------------------------ the command line


def _run(*args: str) -> Outcome:
    """`monolog parse ARGS` in a process of its own (forked from one that has imported monolog:
    tests/cli_process.py), in the suite's environment."""
    return run_command(["parse", *args], None, dict(os.environ), timeout=60)


CLI_CASES: dict[str, bytes | None] = {
    "empty.mlog": b"",
    "comments.mlog": b"; a note\n\n{ and another }\n",
    "latin.mlog": '[Event "Café"]\n'.encode("latin-1"),
    "nul.mlog": b"1. Ann 3-4\x00\n",
    "syntax.mlog": b"1. Ann 3-4 byu 100\n",
    "brace.mlog": b"1. Ann {never closed\n",
    "long.mlog": b"1. Ann " + b"3-4 buy " * 500 + b"3-7\n",
    "binary.mlog": bytes(range(256)),
    "missing.mlog": None,
}


@pytest.mark.parametrize("name", sorted(CLI_CASES))
def test_cli_reports_unreadable_records(tmp_path: Path, name: str) -> None:
    data = CLI_CASES[name]
    path = tmp_path / name
    if data is not None:
        path.write_bytes(data)
    result = _run(str(path))
    assert result.code == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert re.match(rf"{re.escape(str(path))}(:\d+:\d+)?: P\d{{3}} ", result.stderr), result.stderr


def test_cli_folder_without_records(tmp_path: Path) -> None:
    result = _run(str(tmp_path))
    assert result.code == 2
    assert "P001" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_crlf_and_bom_parse(tmp_path: Path) -> None:
    path = tmp_path / "crlf.mlog"
    path.write_bytes(b'\xef\xbb\xbf[Event "x"]\r\n1. Ann 3-4 Vermont Avenue buy 100\r\n')
    result = _run(str(path), "--json")
    assert result.code == 0, result.stderr
    assert len(result.stdout.strip().splitlines()) == 4


def test_every_parse_code_is_catalogued() -> None:
    from monolog.findings.catalogue import load_catalogue

    catalogue = load_catalogue()
    engine_internal = {"P901", "P902"}  # the replay engine's own internal-error codes
    parse = [e.code for e in catalogue.by_family("P") if e.code not in engine_internal]
    assert sorted(PARSE_CODES) == sorted(parse)
    for code, title in PARSE_CODES.items():
        assert catalogue[code].title == title


def test_a_failure_while_describing_still_gives_a_located_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monolog.notation import parser

    def broken(*args: object) -> ParseError:
        raise RuntimeError("describing failed")

    monkeypatch.setattr(parser, "describe_unexpected", broken)
    err = error_of('[Event "x"]\n1. Ann 3-4 byu 100')
    assert (err.finding.code, err.finding.line, err.finding.column) == ("P101", 2, 12)
    assert err.render().split("\n")[1] == "    1. Ann 3-4 byu 100"


@pytest.mark.parametrize(
    "text, column",
    [
        ('[Players "Ann, Ben"]\n1. Ann 3-4 Oriental Avenue buy ' + "9" * 4301 + "\n", 32),
        ('[Players "Ann, Ben"]\n1. Ann 3-4 ' + "q" * 100_000 + "\n", 12),
    ],
)
def test_huge_tokens_give_a_located_one_line_error(text: str, column: int) -> None:
    # a number too long for int() or a megabyte of letters: still a located error whose
    # message stays one readable line
    with pytest.raises(ParseError) as err:
        parse_text(text, "f.mlog")
    finding = err.value.finding
    assert finding.code != "P900"
    assert (finding.span.line, finding.span.column) == (2, column)
    assert len(finding.message) < 250 and "\n" not in finding.message


def test_amounts_have_at_most_nine_digits() -> None:
    assert parse_text("1. Ann 3-4 buy 123456789\n")
    with pytest.raises(ParseError) as err:
        parse_text("1. Ann 3-4 buy 1234567890\n")
    assert err.value.finding.span.column == 16


def test_clipping_leaves_prose_between_quoted_words_alone() -> None:
    from monolog.notation.errors import clip_quoted

    prose = "'3–4' is joined by a dash that is not a hyphen: write '-', like 3-4"
    assert clip_quoted(prose) == prose
    assert clip_quoted("unexpected '" + "9" * 60 + "'") == "unexpected '" + "9" * 40 + "…'"
