"""A rent or tax the record writes is judged once (engine/core/judge.py): under any readings, the
findings on its line never give two different right figures, never call the figure wrong (an
M code) while saying the record follows a reading (an A code with the record's choice), and the
replay pays what the record wrote."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

import monolog
from monolog.editions.loader import load_edition
from monolog.engine.core import judge
from monolog.engine.core.game import Game
from monolog.engine.core.state import GameState
from monolog.notation.events import Span

WRONG = {"M301", "M407"}


@dataclass(frozen=True)
class Line:
    """A record whose last line (`line`) writes a rent or tax `payer` pays, and its readings."""

    text: str
    edition: str
    rulings: dict[str, str]
    payer: str
    written: int
    line: int


_RENTS = {
    # Ben from Reading Railroad, a roll of 7, onto Electric Company (4 or 10 times the dice)
    "utility": ("Reading Railroad", "3-4", ["Electric Company"], "Water Works"),
    # Ben from Free Parking, a roll of 5, onto B&O Railroad (25, 50 with two railroads)
    "railroad": ("Free Parking", "2-3", ["B&O Railroad"], "Reading Railroad"),
    # Ben from GO, a roll of 3, onto Baltic Avenue (4, doubled 8 with both purples)
    "site": ("GO", "1-2", ["Baltic Avenue"], "Mediterranean Avenue"),
}


@st.composite
def rent_lines(draw: st.DrawFn) -> Line:
    kind = draw(st.sampled_from(sorted(_RENTS)))
    start, roll, (landed,), second = _RENTS[kind]
    lines = ['[Players "Ann, Ben"]', f"setup Ann owns {landed}"]
    if draw(st.booleans()):
        mortgaged = " mortgaged" if draw(st.booleans()) else ""
        lines.append(f"setup Ann owns {second}{mortgaged}")
    lines += [f"setup Ben at {start}", "setup next Ben"]
    clause = ""
    throw = 7 if kind == "utility" else 0
    if kind == "utility" and draw(st.booleans()):
        die1, die2 = draw(st.integers(1, 6)), draw(st.integers(1, 6))
        clause, throw = f" dice {die1}-{die2}", die1 + die2
    figures = [4, 8, 25, 50, 4 * 7, 10 * 7, 4 * throw, 10 * throw]
    written = draw(st.sampled_from(figures) | st.integers(0, 150))
    lines.append(f"1. Ben {roll} {landed}{clause} rent {written}")
    rulings = {
        "CF-01": draw(st.sampled_from(["no-double", "double-unmortgaged"])),
        "CF-19": draw(st.sampled_from(["movement-roll", "fresh-roll"])),
        "CF-20": draw(st.sampled_from(["count-all", "count-unmortgaged"])),
    }
    return Line("\n".join(lines) + "\n", "us-2018", rulings, "Ben", written, len(lines))


@st.composite
def card_rent_lines(draw: st.DrawFn) -> Line:
    """Ben from GO onto Chance, the nearest-utility card to Electric Company (CF-58 where it is
    mortgaged), a throw or none, and a rent."""
    mortgaged = " mortgaged" if draw(st.booleans()) else ""
    lines = [
        '[Players "Ann, Ben"]',
        f"setup Ann owns Electric Company{mortgaged}",
        "setup next Ben",
    ]
    clause, throw = "", 7
    if draw(st.booleans()):
        die1, die2 = draw(st.integers(1, 6)), draw(st.integers(1, 6))
        clause, throw = f" dice {die1}-{die2}", die1 + die2
    written = draw(st.sampled_from([0, 10 * throw, 4 * throw, 70]) | st.integers(0, 150))
    lines.append(f"1. Ben 3-4 Chance card CH07{clause} rent {written}")
    rulings = {"CF-58": draw(st.sampled_from(["nothing-owed", "ten-times-anyway"]))}
    return Line("\n".join(lines) + "\n", "us-2018", rulings, "Ben", written, len(lines))


@st.composite
def tax_lines(draw: st.DrawFn) -> Line:
    """Ann from Mediterranean Avenue onto Income Tax (us-classic: $200 or 10% of her worth);
    odd cash so that the roundings differ, a mortgaged deed so that the worths do."""
    cash = draw(st.integers(1000, 2000))
    lines = ['[Players "Ann, Ben"]', f"setup Ann cash {cash} at #1"]
    if draw(st.booleans()):
        lines.append("setup Ann owns Oriental Avenue mortgaged")
    lines.append("setup next Ann")
    worths = [cash, cash + 50, cash + 100]
    figures = [200] + [w // 10 for w in worths] + [(w + 9) // 10 for w in worths]
    written = draw(st.sampled_from(figures) | st.integers(0, 300))
    percent = "10% " if draw(st.booleans()) else ""
    counted = " counted" if draw(st.booleans()) else ""
    lines.append(f"1. Ann 1-2 Income Tax tax {percent}{written}{counted}")
    rulings = {
        "CF-34": draw(st.sampled_from(["half-up", "down", "up"])),
        "CF-42": draw(st.sampled_from(["worth-at-landing", "mortgage-value", "worth-at-payment"])),
        "CF-43": draw(st.sampled_from(["choice-first", "choice-after-count"])),
    }
    return Line("\n".join(lines) + "\n", "us-classic", rulings, "Ann", written, len(lines))


def _replayed(case: Line) -> tuple[list[monolog.Finding], int]:
    """The findings on the case's line, and what the payer paid over the game (the line is
    the record's only movement of money)."""
    record = monolog.parse_games(case.text)[0]
    game = record.replay(edition=case.edition, rulings=case.rulings)
    on_line = [f for f in game.findings if f.span.line == case.line]
    cash = [p.state["players"][case.payer]["cash"] for p in game.positions()]  # type: ignore[index]
    return on_line, int(cash[0]) - int(cash[-1])  # type: ignore[call-overload]


@settings(max_examples=examples(100), deadline=None)
@given(rent_lines() | card_rent_lines() | tax_lines())
def test_a_written_figure_is_judged_once_and_followed(case: Line) -> None:
    findings, paid = _replayed(case)
    shown = [(f.code, f.message) for f in findings]
    rights = {f.expected for f in findings if isinstance(f.expected, int)}
    assert len(rights) <= 1, shown
    if any(f.code in WRONG for f in findings):
        assert not [f for f in findings if f.code[0] == "A" and f.data.get("follows")], shown
    assert paid == case.written


def test_a_throw_made_and_a_rent_neither_throw_gives_is_one_m301() -> None:
    """The issue's case: the moving roll (7) gives $28, the throw made (5) gives $20, the rent
    written is $40. One M301, at the figure of the reading in force."""
    case = Line(
        '[Players "Ann, Ben"]\nsetup Ann owns Electric Company\nsetup Ben at Reading Railroad\n'
        "setup next Ben\n1. Ben 3-4 Electric Company dice 2-3 rent 40\n",
        "us-2018",
        {},
        "Ben",
        40,
        5,
    )
    findings, paid = _replayed(case)
    assert [(f.code, f.expected, f.recorded) for f in findings] == [("M301", 28, 40)]
    assert paid == 40


def test_compare_names_the_reading_a_figure_follows() -> None:
    """compare: agrees with the reading in force, follows another open reading, or breaks
    every reading with the right value; an outcome equal to the one in force names nothing."""
    edition = load_edition("us-2018")
    game = Game(edition, GameState.new(edition, ["Ann", "Ben"]), dict(edition.readings))
    decision = judge.Decision(
        judge.Outcome(28, "Ben", "Ann"),
        "RENT-10",
        (
            judge.Alternative("CF-19", "same", judge.Outcome(28, "Ben", "Ann")),
            judge.Alternative("CF-19", "fresh-roll", judge.Outcome(20, "Ben", "Ann")),
        ),
    )
    assert judge.compare(game, decision, 28).kind == judge.AGREES
    assert judge.compare(game, decision, None).kind == judge.AGREES
    follows = judge.compare(game, decision, 20)
    assert (follows.kind, follows.other and follows.other.reading) == (judge.FOLLOWS, "fresh-roll")
    breaks = judge.compare(game, decision, 40)
    assert (breaks.kind, breaks.right.amount) == (judge.BREAKS, 28)


def test_a_figure_of_a_settled_points_other_reading_is_m990() -> None:
    """Where the edition's text settles the point (CF-01 under the classic rules: doubled
    beside a mortgaged site), the other reading's figure is not that reading's play but a
    violation: M990, never an A code."""
    edition = load_edition("us-classic")
    game = Game(edition, GameState.new(edition, ["Ann", "Ben"]), dict(edition.readings))
    other = judge.Alternative("CF-01", "no-double", judge.Outcome(4, "Ben", "Ann"))
    decision = judge.Decision(judge.Outcome(8, "Ben", "Ann"), "RENT-05", (other,))
    words = judge.Words("M301", "rent is $8", other=lambda alt: f"the figure of {alt.reading}")
    verdict, finding = judge.judge(game, decision, 4, Span(1, 1, 1, 2), words)
    assert verdict.kind == judge.FOLLOWS
    assert finding is not None and finding.code == "M990"


def test_shown_reading_names_one_reading_of_the_point_or_none() -> None:
    """shown_reading: the reading in force for the right figure, another point's alternative
    keeping it; the other reading for its figure; none for no figure, a figure no reading gives,
    or one two readings of the point give (as CF-36's $120 for a railroad under CF-35
    printed-price: one-ten there, one-twenty on the mortgage value)."""
    edition = load_edition("us-2018")
    game = Game(edition, GameState.new(edition, ["Ann", "Ben"]), dict(edition.readings))
    decision = judge.Decision(
        judge.Outcome(120, "Ben"),
        "BKR-06",
        (
            judge.Alternative("CF-36", "one-twenty", judge.Outcome(140, "Ben")),
            judge.Alternative("CF-35", "mortgage-value", judge.Outcome(110, "Ben")),
            judge.Alternative("CF-36", "one-twenty", judge.Outcome(120, "Ben")),
        ),
    )
    shown = [judge.shown_reading(game, decision, "CF-36", w) for w in (140, 110, 120, 99, None)]
    assert shown == ["one-twenty", "one-ten", None, None, None]
