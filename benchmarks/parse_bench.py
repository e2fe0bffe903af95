"""Parse speed: monolog's parser against the other ways of running its grammar through Lark,
and against a plain-regex pass over the same record.

    python benchmarks/parse_bench.py [--size-mb 5] [--seed 1] [--repeat 3] [--keep FILE]

Generates a realistic record of about `--size-mb` megabytes (many turns with rolls, rent,
cards, taxes, builds, mortgages, auctions, deals, comments and cash checksums), writes it to a
temporary file, then measures in separate processes, so the memory figures do not mix:

- `parse_file` of monolog (the whole notation, events with spans, comments kept);
- the grammar and event builder run the three public ways Lark offers: its LALR parser with
  the builder as inline transformer, the same with lark-cython's plugins (`pip install
  lark-cython`; skipped when it is missing), and the parser module written by
  `python -m lark.tools.standalone`. lark-cython's tokens are not `str`, which the event
  builder relies on, so a few of its events come out wrong: only its speed is of interest;
- a regex line pass: a per-line tokenizer with one compiled pattern that extracts the same
  kinds of things (turn numbers, rolls, names, quoted names, square numbers, amounts,
  percentages, house counts, keywords, punctuation, both kinds of comment) as tuples, and
  counts the clauses. It checks no grammar and builds no events: the pure-Python ceiling.

Prints lines/s and events/s (clauses/s for the regex pass) per CPU second of the measuring
process, its CPU and wall time, its peak memory (maximum resident set), the ratio of
monolog's parser to the fastest Lark option, and its ratios to the regex pass. Each figure is
the best of `--repeat` runs in one process. CPU time is the figure to compare on a busy
machine; wall time is shown beside it. Every parser here runs with Python's cyclic garbage
collector paused, as monolog's does; the regex pass is measured both ways, so the gain from
that pause is not counted as the parser's alone.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PLAYERS = ["Ann", "Ben", "Cal", "Dora", "Mary Jo", "Zoë"]
SQUARES = [
    "GO", "Mediterranean Avenue", "Community Chest", "Baltic Avenue", "Income Tax",
    "Reading Railroad", "Oriental Avenue", "Chance", "Vermont Avenue", "Connecticut Avenue",
    "Jail", "St. Charles Place", "Electric Company", "States Avenue", "Virginia Avenue",
    "Pennsylvania Railroad", "St. James Place", "Community Chest", "Tennessee Avenue",
    "New York Avenue", "Free Parking", "Kentucky Avenue", "Chance", "Indiana Avenue",
    "Illinois Avenue", "B&O Railroad", "Atlantic Avenue", "Ventnor Avenue", "Water Works",
    "Marvin Gardens", '"Go to Jail"', "Pacific Avenue", "North Carolina Avenue",
    "Community Chest", "Pennsylvania Avenue", "Short Line", "Chance", "Park Place",
    "Luxury Tax", "Boardwalk",
]  # fmt: skip
SITES = [i for i, s in enumerate(SQUARES) if s.endswith(("Avenue", "Place", "Gardens", "walk"))]
COMMENTS = [
    "; a long think before buying",
    "; the banker checked the cash here",
    "{fast}",
    "{table 2}",
    "; rent asked for in time",
    "{dispute settled by the host}",
]


def generate(size_mb: float, seed: int) -> str:
    """A record of about `size_mb` megabytes that the notation accepts, varied in content."""
    rnd = random.Random(seed)
    target = int(size_mb * 1_000_000)
    out: list[str] = [
        '[Event "Benchmark league"]',
        '[Site "Club room"]',
        '[Date "2026.01.15"]',
        f'[Players "{", ".join(PLAYERS)}"]',
        '[Edition "us-2018"]',
        "",
    ]
    size = sum(len(x) + 1 for x in out)
    pos = dict.fromkeys(PLAYERS, 0)
    cash = dict.fromkeys(PLAYERS, 1500)
    turn = 0
    while size < target:
        turn += 1
        player = PLAYERS[turn % len(PLAYERS)]
        lines = _turn(rnd, turn, player, pos, cash)
        if rnd.random() < 0.04:
            a, b = rnd.sample(PLAYERS, 2)
            give = SQUARES[rnd.choice(SITES)]
            lines.append(
                f"deal {a}: {give}, {rnd.randrange(10, 400)} | {b}: "
                + (SQUARES[rnd.choice(SITES)] if rnd.random() < 0.6 else "nothing")
            )
        if rnd.random() < 0.02:
            lines.append("")
        for line in lines:
            size += len(line) + 1
        out.extend(lines)
    return "\n".join(out) + "\n"


def _turn(
    rnd: random.Random, turn: int, player: str, pos: dict[str, int], cash: dict[str, int]
) -> list[str]:
    lines: list[str] = []
    first = True
    for _ in range(3):
        d1, d2 = rnd.randint(1, 6), rnd.randint(1, 6)
        pos[player] = (pos[player] + d1 + d2) % 40
        square = SQUARES[pos[player]]
        head = f"{turn}. {player} " if first else ""
        clauses = [f"{d1}-{d2}" + (f" {square}" if rnd.random() < 0.85 else "")]
        if pos[player] < d1 + d2:
            clauses.append("salary" + (" 200" if rnd.random() < 0.5 else ""))
        r = rnd.random()
        if "Chance" in square or "Community" in square:
            kind = "CH" if "Chance" in square else "CC"
            clauses.append(f"card {kind}{rnd.randint(1, 16):02d}")
            if rnd.random() < 0.3:
                clauses.append(f"-> {SQUARES[rnd.choice(SITES)]}")
        elif "Tax" in square:
            clauses.append("tax 10% 150" if rnd.random() < 0.3 else "tax $200")
        elif r < 0.3:
            price = rnd.randrange(60, 400, 20)
            clauses.append(f"buy {price}")
            cash[player] -= price
        elif r < 0.45:
            bids = ", ".join(f"{p} {10 * (k + 1)}" for k, p in enumerate(rnd.sample(PLAYERS, 3)))
            winner = bids.split(", ")[-1]
            clauses.append(f"decline auction bids {bids} sold {winner}")
        elif r < 0.8:
            owner = rnd.choice(PLAYERS)
            clauses.append(f"rent {rnd.randrange(2, 1500)} to {owner}")
        if rnd.random() < 0.25:
            clauses.append(f"={max(cash[player], 0)}")
        if rnd.random() < 0.1:
            clauses.append(rnd.choice(COMMENTS))
        lines.append(head + " ".join(clauses))
        first = False
        if d1 != d2:
            break
    if rnd.random() < 0.15:
        sites = rnd.sample([SQUARES[i] for i in SITES], 2)
        cost = rnd.randrange(100, 600, 50)
        lines.append(f"{player} build {sites[0]} x{rnd.randint(1, 3)}, {sites[1]} for {cost}")
    if rnd.random() < 0.05:
        lines.append(
            f"{player} mortgage {SQUARES[rnd.choice(SITES)]} for {rnd.randrange(30, 200, 10)}"
        )
    if rnd.random() < 0.03:
        lines.append(f"{player} unmortgage {SQUARES[rnd.choice(SITES)]}")
    if rnd.random() < 0.05:
        lines.append(rnd.choice(COMMENTS[:2] + COMMENTS[4:5]))
    return lines


# --------------------------------------------------------------------------- the regex pass

KEYWORDS = (
    "setup|bank|deck|next|cash|at|owns|mortgaged|houses|hotels|house|hotel|deal|nothing|"
    "salary|buy|decline|auction|bids|nobids|sold|rent|unclaimed|to|tax|card|dice|jail|fine|"
    "goojf|build|sell|for|mortgage|unmortgage|interest|pay|bankrupt|resign|time|end|disputed"
)
CLAUSE_STARTS = frozenset(
    [
        "salary", "buy", "decline", "auction", "rent", "tax", "card", "dice", "jail", "fine",
        "goojf", "build", "sell", "mortgage", "unmortgage", "interest", "pay", "bankrupt",
        "resign", "time", "end", "disputed", "->", "=",
    ]
)  # fmt: skip
CAPITAL = "A-Z\u00c0-\u024f\u0370-\u1fff"
TOKEN = re.compile(
    r"""
    (?P<COMMENT>;[^\n]*)
    |(?P<BRACE>\{[^}]*\})
    |(?P<STRING>"(?:[^"\\\n]|\\.)*")
    |(?P<TURN_NO>[0-9]+\.)
    |(?P<ROLL>[1-6]-[1-6])
    |(?P<PERCENT>[0-9]+%)
    |(?P<COUNT>x[0-9]+)
    |(?P<SQNUM>\#[0-9]+)
    |(?P<AMOUNT>[$£€]?[0-9]+)
    |(?P<NAME>["""
    + CAPITAL
    + r"""][\w.&'’\-]*(?:\ ["""
    + CAPITAL
    + r"""][\w.&'’\-]*)*)
    |(?P<KEYWORD>(?:"""
    + KEYWORDS
    + r""")\b)
    |(?P<PUNCT>->|[\[\]=:,|])
    |(?P<WS>[\ \t]+)
    |(?P<ERROR>.)
    """,
    re.VERBOSE,
)


def regex_pass(path: str) -> tuple[int, int]:
    """Tokenize every line; returns (lines, clauses). Tokens are kept as tuples per line."""
    lines = clauses = 0
    kept: list[list[tuple[str, str, int]]] = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            lines += 1
            tokens: list[tuple[str, str, int]] = []
            for m in TOKEN.finditer(line.rstrip("\r\n")):
                kind = m.lastgroup
                if kind == "WS":
                    continue
                if kind == "ERROR":
                    raise ValueError(f"line {number}: unexpected {m.group()!r}")
                value = m.group()
                tokens.append((kind, value, m.start() + 1))  # type: ignore[arg-type]
                if kind == "ROLL" or kind == "TURN_NO" or value in CLAUSE_STARTS:
                    clauses += 1
                elif kind == "STRING" and tokens[0][1] == "[":
                    clauses += 1  # a tag
            kept.append(tokens)
    return lines, clauses


# --------------------------------------------------------------------------- measuring


KINDS = {
    "parse": "monolog parse_file",
    "lark": "Lark LALR, inline",
    "lark-cython": "lark-cython",
    "standalone": "Lark standalone",
    "regex": "regex line pass",
    "regex-nogc": "regex, gc paused",
}
# the ways of running the grammar through Lark's public API, to compare with monolog's parser
LARK_KINDS = ("lark", "lark-cython", "standalone")


def _lark_runner(kind: str, path: str) -> Callable[[], list[Any]]:
    """A function parsing `path` into events with the grammar and event builder, the way
    `kind` says: Lark's LALR parser with the builder as its inline transformer (`lark`), the
    same with lark-cython's plugins (`lark-cython`), or a parser module written by
    `python -m lark.tools.standalone` (`standalone`). Comments and blank lines are collected by
    the same lexer callbacks as monolog's; the gc is paused as monolog's parser pauses it."""
    from monolog.notation.grammar import Trivia, grammar_path
    from monolog.notation.transformer import EventBuilder

    trivia = Trivia()
    callbacks: dict[str, Callable[[Any], Any]] = {
        "COMMENT": trivia.comment,
        "BRACE_COMMENT": trivia.comment,
        "_NL": trivia.newline,
    }
    grammar = grammar_path()
    text = Path(path).read_text(encoding="utf-8")
    parser: Any
    if kind == "standalone":
        folder = tempfile.mkdtemp()
        module = os.path.join(folder, "monolog_standalone.py")
        subprocess.run(
            [sys.executable, "-m", "lark.tools.standalone", str(grammar), "-o", module],
            check=True,
        )
        spec = importlib.util.spec_from_file_location("monolog_standalone", module)
        assert spec is not None and spec.loader is not None
        generated = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(generated)
        parser = generated.Lark_StandAlone(transformer=EventBuilder(), lexer_callbacks=callbacks)
    else:
        from lark import Lark

        extra: dict[str, Any] = {}
        if kind == "lark-cython":
            import lark_cython  # type: ignore[import-not-found]

            extra["_plugins"] = lark_cython.plugins
        parser = Lark(
            grammar.read_text(encoding="utf-8"),
            parser="lalr",
            lexer="contextual",
            transformer=EventBuilder(),
            lexer_callbacks=callbacks,
            maybe_placeholders=False,
            **extra,
        )

    def run() -> list[Any]:
        trivia.items = []
        gc.disable()
        try:
            events: list[Any] = parser.parse(text)
        finally:
            gc.enable()
        return events + trivia.items

    return run


def _measure(kind: str, path: str, repeat: int) -> dict[str, float]:
    """Run in a child process: the best of `repeat` runs (CPU and wall time), peak memory."""
    n_lines = Path(path).read_text(encoding="utf-8").count("\n")
    if kind == "parse":
        from monolog.notation.events import TRIVIA
        from monolog.notation.parser import get_parser, parse_file

        get_parser()  # building the parser is start-up cost, not parsing

        def run() -> tuple[int, int]:
            events = parse_file(path)
            return n_lines, sum(1 for e in events if not isinstance(e, TRIVIA))
    elif kind in LARK_KINDS:
        parse = _lark_runner(kind, path)

        def run() -> tuple[int, int]:
            from monolog.notation.events import TRIVIA

            return n_lines, sum(1 for e in parse() if not isinstance(e, TRIVIA))
    elif kind == "regex-nogc":
        # the same pass with the cyclic collector paused, as monolog's parser pauses it

        def run() -> tuple[int, int]:
            gc.disable()
            try:
                return regex_pass(path)
            finally:
                gc.enable()
    else:

        def run() -> tuple[int, int]:
            return regex_pass(path)

    cpu = wall = float("inf")
    lines = events = 0
    for _ in range(repeat):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        lines, events = run()
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start_wall)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":  # bytes there, KiB on Linux
        peak_kb //= 1024
    return {"cpu": cpu, "wall": wall, "lines": lines, "events": events, "peak_mib": peak_kb / 1024}


def _child(kind: str, path: str, repeat: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--measure", kind, path, "--repeat", str(repeat)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--size-mb", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", help="also write the generated record to this file")
    ap.add_argument("--measure", nargs=2, metavar=("KIND", "FILE"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(_measure(args.measure[0], args.measure[1], args.repeat)))
        return 0

    text = generate(args.size_mb, args.seed)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.mlog")
        Path(path).write_text(text, encoding="utf-8")
        if args.keep:
            Path(args.keep).write_text(text, encoding="utf-8")
        size = os.path.getsize(path) / 1e6
        print(f"record: {size:.1f} MB, {text.count(chr(10)):,} lines (seed {args.seed})")
        kinds = list(KINDS)
        if importlib.util.find_spec("lark_cython") is None:
            print("lark-cython: not installed, not measured (pip install lark-cython)")
            kinds.remove("lark-cython")
        results = {kind: _child(kind, path, args.repeat) for kind in kinds}
    print(f"{'':20} {'lines/s':>10} {'events/s':>10} {'cpu s':>7} {'wall s':>7} {'peak MiB':>9}")
    for kind, r in results.items():
        label = KINDS[kind]
        print(
            f"{label:20} {r['lines'] / r['cpu']:>10,.0f} {r['events'] / r['cpu']:>10,.0f} "
            f"{r['cpu']:7.2f} {r['wall']:7.2f} {r['peak_mib']:9.0f}"
        )
    p = results["parse"]
    best = min((k for k in LARK_KINDS if k in results), key=lambda k: results[k]["cpu"])
    b = results[best]
    print(
        f"ratio parse / best public Lark option ({KINDS[best]}): "
        f"{b['cpu'] / p['cpu']:.2f} by CPU time, {b['wall'] / p['wall']:.2f} by wall time"
    )
    for kind in ("regex", "regex-nogc"):
        x = results[kind]
        print(
            f"ratio parse / {KINDS[kind]}: {x['cpu'] / p['cpu']:.2f} by CPU time, "
            f"{x['wall'] / p['wall']:.2f} by wall time  (target: at least 0.25)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
