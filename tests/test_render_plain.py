"""The text report written without Rich is byte for byte what Rich writes when it would not
colour: games, their source lines and carets, the closing summary, whatever the text holds
(control characters, wide and combining characters, trailing blanks, long lines)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples
from rich.console import Console

from monolog.findings.model import Finding, Severity
from monolog.findings.render import (
    TextOutput,
    make_console,
    plain_game,
    plain_lines,
    render_game,
    render_summary,
    rich_would_be_plain,
)
from monolog.findings.report import GameReport, RunSummary
from monolog.notation.events import Span

# text with what Rich treats specially: controls it drops (\a \b \v \f \r), an escape it
# keeps, tabs it expands, wide and combining characters, blanks at the ends
odd = st.text(
    alphabet=st.one_of(
        st.sampled_from("\a\b\v\f\r\x1b\x00\x7f\t \u00a0\u200b\u0301\u2028"),
        st.sampled_from("Ann→£€中文字😀é"),
        st.characters(codec="utf-8"),  # no lone surrogates
    ),
    max_size=30,
)
words = st.text(alphabet="abc XYZ.,;:-$#0123456789", max_size=40)
texts = st.one_of(words, odd)


@st.composite
def reports(draw: st.DrawFn) -> GameReport:
    lines = draw(st.lists(texts, min_size=0, max_size=5))
    findings = []
    for _ in range(draw(st.integers(0, 4))):
        line = draw(st.integers(0, len(lines) + 1))
        column = draw(st.integers(0, 200))
        end = draw(st.integers(0, 250))
        findings.append(
            Finding(
                draw(st.sampled_from(["M301", "A04", "W001", "P101"])),
                draw(st.sampled_from(list(Severity))),
                draw(texts),
                Span(line, column, line if draw(st.booleans()) else line + 1, end),
                draw(st.one_of(st.none(), st.sampled_from(["RENT-01", "CF-04"]), texts)),
                file=draw(st.one_of(st.none(), texts)),
            )
        )
    header = draw(st.dictionaries(st.sampled_from(["Event", "Round", "Table", "Players"]), texts))
    return GameReport(draw(texts) or "g.mlog", header, findings, lines)


def _all_text(report: GameReport) -> str:
    parts = [report.file, *report.header.values(), *report.lines]
    for f in report.findings:
        parts += [f.message, f.file or "", f.rule or ""]
    return "".join(parts)


def _rich(render: Callable[[Console], object]) -> str:
    console = make_console()
    out = io.StringIO()
    console.file = out  # not a terminal: Rich prints without colour
    render(console)
    return out.getvalue()


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(report=reports(), first=st.booleans(), width=st.sampled_from([20, 80, 120]))
def test_a_game_without_rich_is_what_rich_prints(
    report: GameReport, first: bool, width: int
) -> None:
    expected = _rich(lambda c: render_game(report, c, width, first=first))
    plain = plain_game(report, width, first)
    if plain is None:  # a tab somewhere: Rich prints this one
        assert "\t" in _all_text(report)
    else:
        assert plain == expected


@settings(max_examples=examples(100), deadline=None)
@given(names=st.lists(texts, max_size=4), codes=st.lists(st.sampled_from(["M301", "A04"])))
def test_the_summary_without_rich_is_what_rich_prints(names: list[str], codes: list[str]) -> None:
    summary = RunSummary()
    for name in names:
        summary.add_codes(name, False, [])
    summary.add_codes("g.mlog", True, [(c, "error") for c in codes])
    expected = _rich(lambda c: render_summary(summary, c))
    plain = plain_lines(summary.lines())
    if plain is not None:
        assert "\n" + plain == expected


@pytest.mark.parametrize("name", ["FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"])
def test_anything_that_could_make_rich_colour_keeps_rich(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    assert rich_would_be_plain(io.StringIO())
    monkeypatch.setenv(name, "")
    assert not rich_would_be_plain(io.StringIO())


def test_a_terminal_keeps_rich() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert not rich_would_be_plain(Terminal())


def test_text_output_falls_back_to_rich_for_a_tab(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    report = GameReport("tab\there.mlog", {"Event": "a\tb"}, [], [])
    output = TextOutput()
    assert output.plain
    output.game(report)
    output.game(report, first=False)

    def twice(console: Console) -> None:
        render_game(report, console, 120)
        render_game(report, console, 120, first=False)

    expected = _rich(twice)
    assert capsys.readouterr().out == expected
    assert "\t" not in expected  # Rich expanded the tabs
    assert sys.platform == "win32" or output.plain


def test_the_characters_rich_drops_are_rich_s() -> None:
    from rich.control import STRIP_CONTROL_CODES

    from monolog.findings.render import _RICH_DROPS

    assert set(_RICH_DROPS) == set(STRIP_CONTROL_CODES)
