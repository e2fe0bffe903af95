"""Fuzzing the whole pipeline: whatever the record, every stage ends in a report or a ParseError.

Each input goes through the parser, the formatter, the engine (plainly and with paranoid=True),
the reports (ledger rows and their rendering with the worth chart, the settlement, the position at
a drawn line and turn), the audit renderers (text, JSON, SARIF, GitHub annotations, JUnit) and a
dispute comparison under a drawn reading, all in-process. The property: nothing raises anything
but ParseError; every finding has a catalogued code, a one-line non-empty message and a line
inside the record (except the codes about the file as a whole); every rendering is text.

Four kinds of input: random bytes, a soup of the notation's tokens, valid records from
tests/strategies.py (mostly illegal as games), and simulated legal games damaged line by line
(deleted, duplicated, swapped lines, edited clauses and numbers, renamed players, setup lines
in mid-game, the mutation operators). Inputs are kept small so no example runs long; set
MONOLOG_FUZZ_EXAMPLES to run more than the default number of examples per test.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import tempfile
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples

from monolog.findings.catalogue import load_catalogue
from monolog.findings.model import Finding
from monolog.notation import ParseError
from monolog.notation.parser import parse_text, read_source

try:
    from strategies import records as valid_records
except ImportError:  # pragma: no cover - the shared strategies live next to this file
    from tests.strategies import records as valid_records

EXAMPLES = int(os.environ.get("MONOLOG_FUZZ_EXAMPLES", examples(30)))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # slowness is bounded by the size of the inputs instead
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FILE = "fuzz.mlog"
# codes about the file as a whole: they may have no line
WHOLE_FILE_CODES = {"P001", "P002", "P003", "P900", "W009", "W101"}
MAX_TEXT = 10_000  # characters; a simulated game is cut to fit


@lru_cache(maxsize=1)
def _codes() -> frozenset[str]:
    return frozenset(load_catalogue().codes())


# --------------------------------------------------------------------------- the checks


def line_count(text: str) -> int:
    """Lines as the parser counts them (a `\\n` ends a line; `\\r\\n` is one ending)."""
    return text.count("\n") + 1


def check_finding(f: Finding, lines: int) -> None:
    assert isinstance(f, Finding)
    assert f.code in _codes(), f"{f.code} is not in the catalogue: {f}"
    assert f.message and f.message.strip(), f"{f.code}: empty message"
    assert "\n" not in f.message and "\r" not in f.message, f"{f.code}: {f.message!r}"
    if f.code in WHOLE_FILE_CODES and f.line == 0:
        return
    assert 1 <= f.line <= lines, f"{f.code} on line {f.line} of {lines}: {f.message}"
    assert f.column >= 1, f"{f.code} at column {f.column}: {f.message}"


def plain(renderables: list[Any]) -> str:
    from monolog.reports.console import render_plain

    out = render_plain(renderables)
    assert isinstance(out, str)
    return out


def run_pipeline(text: str, rng: random.Random) -> None:
    """Every stage on `text`; returns normally, or raises ParseError from the parser only."""
    from monolog.notation.formatter import format_text

    try:
        events = parse_text(text, FILE)
    except ParseError as exc:
        check_finding(exc.finding, line_count(text))
        assert exc.finding.code.startswith("P")
        assert "Traceback" not in exc.render()
        return
    lines = line_count(text)
    canonical = format_text(text, FILE)
    assert isinstance(canonical, str)
    # the canonical text is itself a record that parses
    parse_text(canonical, FILE)

    from monolog.engine import replay

    plain_run = replay(events, file=FILE)
    paranoid_run = replay(events, file=FILE, paranoid=True)
    for f in [*plain_run.findings, *paranoid_run.findings]:
        check_finding(f, lines)
    # paranoid checks only add findings: what the plain replay reports, it reports too
    assert {(f.code, f.line) for f in plain_run.findings} <= {
        (f.code, f.line) for f in paranoid_run.findings
    }
    _reports(text, events, lines, rng)
    _audit_renderers(text, plain_run.header, paranoid_run.findings)
    _dispute(text, events, lines, rng)


def _reports(text: str, events: list[Any], lines: int, rng: random.Random) -> None:
    from monolog.reports.game import replay_game
    from monolog.reports.ledger import build_ledger, parse_turns, render_ledger, resolve_player
    from monolog.reports.position import At, position_at, render_position
    from monolog.reports.settlement import settle
    from monolog.reports.settlement_table import render_settlement

    game = replay_game(FILE, text, events)
    # the report's lines are the parser's lines: a form feed or U+2028 does not add one
    assert len(game.lines) <= lines
    for f in game.findings:
        check_finding(f, lines)
    ledger = build_ledger(game)
    plain(render_ledger(ledger, chart=True))
    if game.players:
        who = resolve_player(game, rng.choice(game.players))
        first = rng.randint(0, max(game.last_turn(), 1))
        span = parse_turns(f"{first}-{first + rng.randint(0, 5)}")
        plain(render_ledger(build_ledger(game, player=who, turns=span)))

    settlement = settle(game)
    for f in settlement.findings:
        check_finding(f, lines)
    plain(render_settlement(game, settlement))

    for at in (At(rng.randint(1, max(len(game.lines), 1)), turn=False), At(0, turn=True)):
        try:
            pos = position_at(game, at)
        except ValueError as exc:  # a line or turn the record does not have: a usage error
            assert "\n" not in str(exc)
            continue
        json.dumps(pos.snapshot, default=str)
        plain(render_position(game, pos))
    if game.last_turn():
        pos = position_at(game, At(rng.randint(0, game.last_turn()), turn=True))
        plain(render_position(game, pos))


def _audit_renderers(text: str, header: dict[str, str], findings: list[Finding]) -> None:
    from rich.console import Console

    from monolog.findings.json_document import render_json
    from monolog.findings.render import render_text
    from monolog.findings.report import GameReport
    from monolog.reports.formats import FORMATS, render_format

    report = GameReport(FILE, header=dict(header), findings=list(findings), lines=text.splitlines())
    out = io.StringIO()
    render_text([report], Console(file=out, width=100, highlight=False, soft_wrap=True))
    assert FILE in out.getvalue()
    doc = json.loads(render_json([report]))
    assert isinstance(doc, dict)
    games = [(FILE, dict(header), list(findings))]
    for kind in FORMATS:
        rendered = render_format(kind, games)
        assert isinstance(rendered, str)
        if kind == "sarif":
            json.loads(rendered)
    for line in render_format("github", games).split("\n"):
        assert not line or line.startswith("::"), line


def _dispute(text: str, events: list[Any], lines: int, rng: random.Random) -> None:
    from monolog.dispute import compare, run_side, split_rulings
    from monolog.dispute.render import render_text, to_document
    from monolog.editions.readings import load_readings

    items = load_readings()
    cf = rng.choice(sorted(items))
    asked = {cf: rng.choice(list(items[cf].readings))}
    original = run_side(events, None, file=FILE)
    changed, _ = split_rulings(asked, original.readings)
    alternative = (
        run_side(events, changed, file=FILE, alternative_of=original) if changed else original
    )
    comparison = compare(original, alternative, changed, text.splitlines(), file=FILE)
    for f in alternative.result.findings:
        check_finding(f, lines)
    json.dumps(to_document(comparison), default=str)
    plain(render_text(comparison, {}))


# --------------------------------------------------------------------------- random input


@FUZZ
@given(data=st.binary(max_size=400), seed=st.integers(0, 2**16))
def test_random_bytes(data: bytes, seed: int) -> None:
    # through the file reader: a record, or a ParseError (P002 for bytes that are not UTF-8)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, FILE)
        with open(path, "wb") as handle:
            handle.write(data)
        try:
            text = read_source(path)
        except ParseError as exc:
            assert exc.finding.code in _codes()
            assert "\n" not in exc.finding.message
            return
    run_pipeline(text, random.Random(seed))


KEYWORDS = [
    "setup", "bank", "deck", "next", "cash", "at", "owns", "mortgaged", "houses", "hotels",
    "house", "hotel", "deal", "nothing", "salary", "buy", "decline", "auction", "bids",
    "nobids", "sold", "rent", "unclaimed", "to", "tax", "card", "dice", "jail", "fine", "goojf",
    "build", "sell", "for", "mortgage", "unmortgage", "interest", "pay", "bankrupt", "resign",
    "time", "end", "disputed",
]  # fmt: skip
NAMES = [
    "Ann", "Ben", "Cal", "Zoë", "Park Place", "Boardwalk", "St. Charles Place", "B&O Railroad",
    "Go", "Jail", "Chance", "Income Tax", "Electric Company", "CH07", "CC05", "CH03", "CC11",
    "Old Kent Road", "Mayfair",
]  # fmt: skip
PUNCTUATION = [
    "[", "]", "->", "=", ":", ",", "|", "{ note }", "; note", '"Go to Jail"', "#30", "#10", "x2",
    "x5", "10%", "$", "£", "\t", "x4", "hotel",
]  # fmt: skip
TAGS = [
    '[Edition "us-2018"]', '[Edition "uk-1996"]', '[Edition "uk-esl"]', '[Edition "us-classic"]',
    '[Edition "nowhere"]', '[Players "Ann, Ben"]', '[Players "Ann, Ben, Cal"]', '[Players ""]',
    '[Result "Ann"]', '[Result "*"]', '[Ruling "CF-02=fourth-turn-pay"]', '[Ruling "CF-99=x"]',
    '[Variant "standard"]', '[Variant "nothing"]',
]  # fmt: skip

token = st.one_of(
    st.sampled_from(KEYWORDS),
    st.sampled_from(NAMES),
    st.sampled_from(PUNCTUATION),
    st.just("\n"),
    st.integers(0, 3000).map(str),
    st.integers(0, 3000).map(lambda n: f"${n}"),
    st.integers(1, 40).map(lambda n: f"\n{n}."),
    st.tuples(st.integers(1, 6), st.integers(1, 6)).map(lambda d: f"{d[0]}-{d[1]}"),
    st.sampled_from(["\nsetup", "\ndeal", "\nAnn", "\nBen"]),
)


@FUZZ
@given(
    tags=st.lists(st.sampled_from(TAGS), max_size=4),
    tokens=st.lists(token, max_size=60),
    seed=st.integers(0, 2**16),
)
def test_token_soup(tags: list[str], tokens: list[str], seed: int) -> None:
    text = "\n".join(tags) + ("\n" if tags else "") + " ".join(tokens)
    run_pipeline(text, random.Random(seed))


@FUZZ
@given(text=valid_records(), seed=st.integers(0, 2**16))
def test_valid_records(text: str, seed: int) -> None:
    run_pipeline(text, random.Random(seed))


# --------------------------------------------------------------------------- damaged legal games

EDITIONS = ("us-2018", "us-classic", "uk-esl", "uk-1996")


@lru_cache(maxsize=64)
def simulated(edition: str, players: int, seed: int, turns: int | None) -> str:
    """A legal game's record: stopped after `turns`, or played to the end (None)."""
    from monolog.simulate import simulate

    text = simulate(edition, players, seed, turns=turns).text
    if len(text) > MAX_TEXT:  # whole lines only
        text = text[: text.rindex("\n", 0, MAX_TEXT) + 1]
    return text


SETUP_LINES = [
    "setup Ann cash 1200 at Illinois Avenue owns Boardwalk x2, Park Place hotel",
    "setup Ben cash 0 jail 2 goojf CC05",
    "setup bank houses 0 hotels 0",
    "setup bank houses 32 hotels 12",
    "setup deck CH03, CH07, CC05",
    "setup next Ben",
    "setup Zed cash 5 owns Reading Railroad mortgaged",
]
CLAUSES = [
    "buy", "decline", "rent 50", "rent unclaimed", "tax 200", "tax 10% 150", "card CH07",
    "card CC05 50", "dice 3-4", "jail", "fine 50", "goojf", "build Boardwalk x3",
    "sell Park Place hotel", "mortgage Boardwalk", "unmortgage Boardwalk for 220",
    "interest Park Place", "pay 100 to bank", "pay 20 to Ben", "bankrupt", "bankrupt to Ben",
    "resign", "time", "end", "=0", "=Ann 1500", "disputed", "salary", "-> Go", "-> #30",
    "auction house bids Ann 10 sold Ann 10", "auction hotel nobids", "6-6", "1-1 Jail",
]  # fmt: skip


def edit_line(line: str, rng: random.Random, names: list[str]) -> str:
    """One change to one line: a clause added, dropped or swapped, a number changed, a name
    replaced by another player's."""
    op = rng.choice(["add", "drop", "number", "rename", "dice"])
    if op == "add":
        return f"{line} {rng.choice(CLAUSES)}"
    if op == "drop":
        words = line.split(" ")
        if len(words) > 2:
            del words[rng.randrange(1, len(words))]
        return " ".join(words)
    if op == "number":
        numbers = list(re.finditer(r"\d+", line))
        if not numbers:
            return line
        m = rng.choice(numbers)
        new = rng.choice(["0", "1", "7", "99", "1000", "123456789", str(int(m.group()) + 1)])
        return line[: m.start()] + new + line[m.end() :]
    if op == "rename":
        if not names:
            return line
        old, new = rng.choice(names), rng.choice([*names, "Zed", "Ann Lee", "Bank"])
        return line.replace(old, new, 1)
    return re.sub(r"\b[1-6]-[1-6]\b", f"{rng.randint(1, 6)}-{rng.randint(1, 6)}", line, count=1)


PIPELINE_OPS = ("delete", "duplicate", "swap", "edit", "edit", "setup", "rename-all")


def damage(text: str, rng: random.Random, edits: int, ops: tuple[str, ...] = PIPELINE_OPS) -> str:
    """`edits` damages drawn from `ops`: a line deleted, duplicated, swapped, edited or a
    setup line written in; "rename-all" renames a player everywhere after a line."""
    lines = text.split("\n")
    names = re.findall(r"\[Players \"([^\"]*)\"\]", text)
    players = [n.strip() for n in names[0].split(",")] if names else []
    for _ in range(edits):
        if not lines:
            break
        i = rng.randrange(len(lines))
        op = rng.choice(ops)
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "edit":
            lines[i] = edit_line(lines[i], rng, players)
        elif op == "setup":
            lines.insert(i, rng.choice(SETUP_LINES))
        elif players:  # a player renamed everywhere after this line
            old, new = rng.choice(players), rng.choice(["Zed", "Mary Jo", "Øre", "Ann"])
            lines[i:] = [re.sub(rf"\b{re.escape(old)}\b", new, ln) for ln in lines[i:]]
    return "\n".join(lines)


def mutated(text: str, rng: random.Random) -> str:
    """One of the mutation operators' known mistakes, when it finds a spot for it."""
    from testkit.mutate import kinds, mutate

    m = mutate(rng.choice(kinds()), text, rng)
    return m.text if m is not None else text


@FUZZ
@given(
    edition=st.sampled_from(EDITIONS),
    players=st.integers(2, 5),
    game_seed=st.integers(0, 7),
    turns=st.integers(1, 48).map(lambda n: None if n > 40 else n),  # None: the whole game
    edits=st.integers(0, 6),
    use_operator=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_damaged_simulated_games(
    edition: str,
    players: int,
    game_seed: int,
    turns: int | None,
    edits: int,
    use_operator: bool,
    seed: int,
) -> None:
    rng = random.Random(seed)
    # a whole game only with two players, to keep the record short
    text = simulated(edition, 2 if turns is None else players, game_seed, turns)
    if use_operator:
        text = mutated(text, rng)
    run_pipeline(damage(text, rng, edits), rng)


# --------------------------------------------------------------------------- the legal games


@pytest.mark.parametrize("edition", EDITIONS)
def test_simulated_games_go_through_cleanly(edition: str) -> None:
    """An undamaged legal game, played to the end, goes through every stage with no rule
    violation and no warning."""
    from monolog.engine import replay

    text = simulated(edition, 2, 1, None)
    run_pipeline(text, random.Random(1))
    errors = [f for f in replay(parse_text(text, FILE), file=FILE).findings if f.code[0] in "MW"]
    assert errors == []


def test_report_lines_are_the_parsers_lines() -> None:
    """A form feed or U+2028 in a comment is no line break for the parser, nor for the reports."""
    from monolog.reports.game import replay_game

    text = '[Players "Ann, Ben"]\n; a\u2028b\x0cc\x85d\n1. Ann 3-4 Vermont Avenue\n'
    game = replay_game(FILE, text, parse_text(text, FILE))
    assert len(game.lines) == 3
    assert game.lines[2] == "1. Ann 3-4 Vermont Avenue"
    assert game.moment_at_line(3) is not None and game.moment_at_line(3).line == 3
