"""Audit speed and memory on a corpus of simulated games, with the figures that matter as ratios.

    python benchmarks/run.py [--games 2000] [--quick] [--corpus DIR] [--seed 1] [--runs 7]
                             [--jobs-runs 3]

Simulates `--games` records (seeds S, S+1, ...; 2 to 6 players in turn) into a temporary folder
(or `--corpus DIR`, reused when it already holds records), then prints:

- simulator games per second (and events per second of the records it writes);
- audit events per second end to end (`monolog audit DIR` as a whole process, start-up
  included) and per stage in one process: parse (`read_source` + `parse_text`), replay
  (`engine.replay`) and render (the text report as a piped audit writes it);
- peak memory (maximum resident set, from `os.wait4` of the child) of one `monolog audit`
  process auditing 1,000 games, and of one auditing 10,000 (the corpus given five times when it
  holds 2,000);
- the speed-up of `monolog audit --jobs 2` over `--jobs 1`, when audit has that option (the
  medians of `--jobs-runs` runs of each, taking turns);
- the ratio of audit speed to a plain regex pass over the same corpus (the tokenizer of
  benchmarks/parse_bench.py, one file at a time) and to python-chess replaying 2,000 random
  80-ply games from PGN (`read_game`, a legality check of each move, `push`): audit events
  per second over chess plies per second;
- the start-up ratio: the median wall time of a one-game `monolog audit` over that of
  `python -c "import typer, rich"`.

Every measured piece runs in its own child process. Speeds are CPU seconds (user + system) of
that process, so a busy machine disturbs them less than wall time; wall time is printed beside
them, and the --jobs speed-up and start-up ratio are wall time by nature. `--quick` makes
everything ten times smaller (the memory pair is then 100 and 1,000 games). The script prints
each target and whether it is met; it asserts nothing. python-chess is the `bench` extra
(`pip install chess`).
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHESS_PLIES = 80


# --------------------------------------------------------------------------- children


def _cpu() -> float:
    t = os.times()
    return t.user + t.system


def measure_stages(folder: str) -> dict[str, Any]:
    """Parse, replay and render every record of `folder` in this process, timing each stage."""
    from rich.console import Console

    from monolog.engine import replay
    from monolog.findings.render import plain_game, render_game

    try:
        from monolog.findings.report import GameReport, source_lines
    except ImportError:  # an older monolog, where render.py held the reports too (compare.py)
        from monolog.findings.render import GameReport, source_lines
    from monolog.notation.events import TRIVIA, Tag
    from monolog.notation.parser import get_parser, parse_text, read_source

    get_parser()  # building the parser is start-up, not parsing
    # the records as `monolog audit DIR` finds them (sorted), without its private helpers, so
    # that this script also measures an older monolog (benchmarks/compare.py)
    files = sorted(str(p) for p in Path(folder).rglob("*.mlog"))
    events = lines = findings = 0
    times = {"parse": 0.0, "replay": 0.0, "render": 0.0}
    console = Console(file=io.StringIO(), width=120, highlight=False, soft_wrap=True, emoji=False)
    for name in files:
        gc.disable()  # as audit pauses the collector while it audits a record
        t0 = _cpu()
        text = read_source(name)
        evs = parse_text(text, name)
        t1 = _cpu()
        result = replay(evs, file=name)
        t2 = _cpu()
        header = {e.key: e.value for e in evs if isinstance(e, Tag)}
        report = GameReport(
            name, header=header, findings=list(result.findings), lines=source_lines(text)
        )
        # as a piped audit writes it: the text built without Rich, or Rich where it must print
        # (a source line holding a tab); one game at a time
        out = plain_game(report, 120)
        if out is None:
            render_game(report, console, 120)
            console.file = io.StringIO()
        t3 = _cpu()
        gc.enable()
        times["parse"] += t1 - t0
        times["replay"] += t2 - t1
        times["render"] += t3 - t2
        events += sum(1 for e in evs if not isinstance(e, TRIVIA))
        lines += len(report.lines)
        findings += len(report.findings)
    return {"files": len(files), "events": events, "lines": lines, "findings": findings, **times}


def measure_regex(folder: str) -> dict[str, Any]:
    """The plain regex tokenizer of parse_bench.py over every record of `folder`."""
    sys.path.insert(0, str(HERE))
    from parse_bench import regex_pass

    files = sorted(str(p) for p in Path(folder).rglob("*.mlog"))
    t0, w0 = _cpu(), time.perf_counter()
    lines = clauses = 0
    for name in files:
        n, c = regex_pass(name)
        lines += n
        clauses += c
    return {
        "cpu": _cpu() - t0,
        "wall": time.perf_counter() - w0,
        "lines": lines,
        "clauses": clauses,
    }


def measure_chess(games: int, seed: int) -> dict[str, Any]:
    """Random legal 80-ply games written as PGN, then read back with legality checks."""
    import chess
    import chess.pgn

    rnd = random.Random(seed)
    out = io.StringIO()
    made = 0
    while made < games:
        board = chess.Board()
        moves: list[chess.Move] = []
        while len(moves) < CHESS_PLIES and not board.is_game_over():
            move = rnd.choice(list(board.legal_moves))
            moves.append(move)
            board.push(move)
        if len(moves) < CHESS_PLIES:
            continue  # a game over early: draw another one
        game = chess.pgn.Game()
        game.headers["Event"] = "Random walk"
        game.headers["Round"] = str(made + 1)
        node: Any = game
        for move in moves:
            node = node.add_variation(move)
        print(game, file=out, end="\n\n")
        made += 1
    pgn = out.getvalue()
    handle = io.StringIO(pgn)
    t0, w0 = _cpu(), time.perf_counter()
    plies = read = 0
    while True:
        record = chess.pgn.read_game(handle)
        if record is None:
            break
        read += 1
        board = record.board()
        for move in record.mainline_moves():
            if not board.is_legal(move):
                raise ValueError(f"illegal move {move} in game {read}")
            board.push(move)
            plies += 1
    return {
        "cpu": _cpu() - t0,
        "wall": time.perf_counter() - w0,
        "games": read,
        "plies": plies,
        "pgn_mb": len(pgn) / 1e6,
    }


# The environment of every measured process. Under PYTHONDONTWRITEBYTECODE every run compiles
# monolog's modules from source again, which no installed copy does; the children then keep
# their bytecode in a folder of their own (PYTHONPYCACHEPREFIX), so start-up is measured as a
# user meets it and the source tree stays untouched.
CHILD_ENV: dict[str, str] | None = None


def child_env(folder: str) -> dict[str, str] | None:
    if not sys.flags.dont_write_bytecode:
        return None
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", folder)
    return env


def _child(kind: str, *args: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--measure", kind, *args],
        capture_output=True,
        text=True,
        env=CHILD_ENV,
    )
    if out.returncode != 0:
        raise RuntimeError(f"{kind} measurement failed:\n{out.stderr.strip()}")
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def run_process(cmd: list[str]) -> dict[str, float]:
    """Run `cmd` with output discarded: wall seconds, CPU seconds and peak memory (MiB)."""
    w0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - w0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):  # 1: findings, which is fine here
        raise RuntimeError(f"{' '.join(cmd[:3])} … exited with {proc.returncode}")
    rss = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": rss}


def monolog_cmd() -> list[str]:
    """The `monolog` command of the environment this script runs in (the script beside the
    interpreter, as an installed copy is run), whatever PATH holds."""
    script = Path(sys.executable).parent / "monolog"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "monolog"]


# --------------------------------------------------------------------------- the corpus


def make_corpus(folder: Path, games: int, seed: int) -> dict[str, float]:
    """Simulate `games` records into `folder`; the simulator's speed."""
    from monolog.editions import load_edition
    from monolog.notation.events import TRIVIA
    from monolog.notation.parser import parse_text
    from monolog.simulate import simulate

    ed = load_edition("us-2018")
    folder.mkdir(parents=True, exist_ok=True)
    t0, w0 = _cpu(), time.perf_counter()
    texts = []
    for n in range(games):
        s = seed + n
        game = simulate(ed, 2 + s % 5, s)
        texts.append((f"us-2018-{2 + s % 5}p-{s}.mlog", game.text))
    cpu, wall = _cpu() - t0, time.perf_counter() - w0
    for name, text in texts:
        (folder / name).write_text(text, encoding="utf-8")
    sample = texts[: max(1, games // 10)]
    events = sum(sum(1 for e in parse_text(t, n) if not isinstance(e, TRIVIA)) for n, t in sample)
    return {"games": games, "cpu": cpu, "wall": wall, "events": events * games / len(sample)}


def subset(corpus: Path, files: list[Path], count: int, into: Path) -> list[str]:
    """Paths naming `count` records: whole copies of the corpus folder, then a folder of links
    to the first records for the rest."""
    whole, rest = divmod(count, len(files))
    args = [str(corpus)] * whole
    if rest:
        into.mkdir(parents=True, exist_ok=True)
        for f in files[:rest]:
            link = into / f.name
            if not link.exists():
                link.symlink_to(f)
        args.append(str(into))
    return args


# --------------------------------------------------------------------------- report


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=None, help="records to simulate (2000)")
    ap.add_argument("--quick", action="store_true", help="everything ten times smaller")
    ap.add_argument("--corpus", help="folder for the records (reused if it holds some)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=None, help="runs for the start-up medians")
    ap.add_argument(
        "--jobs-runs", type=int, default=3, help="runs of each --jobs setting for the speed-up"
    )
    ap.add_argument("--measure", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        kind, *rest = args.measure
        if kind == "stages":
            print(json.dumps(measure_stages(rest[0])))
        elif kind == "regex":
            print(json.dumps(measure_regex(rest[0])))
        else:
            print(json.dumps(measure_chess(int(rest[0]), int(rest[1]))))
        return 0

    scale = 10 if args.quick else 1
    games = args.games or 2000 // scale
    chess_games = 2000 // scale
    small, large = 1000 // scale, 10000 // scale
    runs = args.runs or (3 if args.quick else 7)
    jobs_runs = args.jobs_runs
    try:
        import chess  # noqa: F401

        have_chess = True
    except ImportError:
        have_chess = False

    global CHILD_ENV
    with tempfile.TemporaryDirectory() as tmp:
        CHILD_ENV = child_env(str(Path(tmp) / "pycache"))
        if CHILD_ENV is not None:
            print("bytecode: compiled once into a scratch folder (PYTHONDONTWRITEBYTECODE is set)")
        corpus = Path(args.corpus) if args.corpus else Path(tmp) / "corpus"
        files = sorted(corpus.glob("*.mlog")) if corpus.is_dir() else []
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
        if files:
            print(
                f"corpus: {len(files)} records already in {corpus}; simulator timed on "
                f"{min(len(files), 200)} more"
            )
            sim = make_corpus(Path(tmp) / "sim", min(len(files), 200), args.seed + 10**6)
        else:
            sim = make_corpus(corpus, games, args.seed)
            files = sorted(corpus.glob("*.mlog"))
        mb = sum(f.stat().st_size for f in files) / 1e6
        print(f"corpus: {len(files)} simulated US 2018 games (2-6 players), {mb:.1f} MB")
        print(
            f"simulator: {sim['games'] / sim['cpu']:,.1f} games/s, "
            f"{sim['events'] / sim['cpu']:,.0f} record events/s "
            f"({sim['cpu']:.1f} s CPU, {sim['wall']:.1f} s wall)"
        )

        st = _child("stages", str(corpus))
        ev = st["events"]
        print(
            f"events: {ev:,} in {st['lines']:,} lines ({ev / st['files']:.0f} per game), "
            f"{st['findings']:,} findings"
        )
        stage_total = st["parse"] + st["replay"] + st["render"]
        for stage in ("parse", "replay", "render"):
            print(
                f"  {stage:7} {ev / st[stage]:>10,.0f} events/s  {st[stage]:7.2f} s CPU "
                f"({100 * st[stage] / stage_total:4.1f}%)"
            )
        print(f"  {'stages':7} {ev / stage_total:>10,.0f} events/s  {stage_total:7.2f} s CPU")

        e2e = run_process([*monolog_cmd(), "audit", str(corpus)])
        e2e_speed = ev / e2e["cpu"]
        print(
            f"end to end (monolog audit): {e2e_speed:,.0f} events/s "
            f"({e2e['cpu']:.2f} s CPU, {e2e['wall']:.2f} s wall, "
            f"{ev / e2e['wall']:,.0f} events/s wall)"
        )

        rx = _child("regex", str(corpus))
        regex_ratio = rx["cpu"] / e2e["cpu"]
        print(
            f"regex pass: {rx['lines'] / rx['cpu']:,.0f} lines/s, {ev / rx['cpu']:,.0f} "
            f"corpus events/s ({rx['cpu']:.2f} s CPU); audit speed / regex speed = "
            f"{regex_ratio:.3f}"
        )

        chess_ratio = None
        if have_chess:
            ch = _child("chess", str(chess_games), str(args.seed))
            plies_speed = ch["plies"] / ch["cpu"]
            chess_ratio = e2e_speed / plies_speed
            print(
                f"python-chess: {ch['games']:,} games, {ch['plies']:,} plies "
                f"({ch['pgn_mb']:.1f} MB PGN): {plies_speed:,.0f} plies/s "
                f"({ch['cpu']:.2f} s CPU); audit events/s / chess plies/s = "
                f"{chess_ratio:.3f}"
            )
        else:
            print(
                "python-chess: not installed (pip install chess, or the 'bench' extra); "
                "that ratio is skipped"
            )

        mem = {}
        for count in (small, large):
            paths = subset(corpus, files, count, Path(tmp) / f"first-{count}")
            mem[count] = run_process([*monolog_cmd(), "audit", *paths])
            print(
                f"peak memory auditing {count:,} games in one process: "
                f"{mem[count]['rss']:,.0f} MiB ({mem[count]['wall']:.1f} s wall)"
            )
        mem_ratio = mem[large]["rss"] / mem[small]["rss"]
        print(f"  memory {large:,} / {small:,} games = {mem_ratio:.2f}")

        help_text = subprocess.run(
            [*monolog_cmd(), "audit", "--help"], capture_output=True, text=True
        ).stdout
        jobs_ratio = None
        if "--jobs" in help_text:
            # wall time on a shared 2-core machine swings with whatever else runs: the two
            # take turns, `jobs_runs` times each, and the medians are compared
            ones: list[float] = []
            twos: list[float] = []
            for _ in range(jobs_runs):
                ones.append(
                    run_process([*monolog_cmd(), "audit", "--jobs", "1", str(corpus)])["wall"]
                )
                twos.append(
                    run_process([*monolog_cmd(), "audit", "--jobs", "2", str(corpus)])["wall"]
                )
            one, two = statistics.median(ones), statistics.median(twos)
            jobs_ratio = one / two
            print(
                f"--jobs 2 over --jobs 1 (wall, medians of {jobs_runs} taking turns): "
                f"{jobs_ratio:.2f}x ({one:.1f} s, {two:.1f} s; each pair: "
                + ", ".join(f"{a / b:.2f}x" for a, b in zip(ones, twos, strict=True))
                + ")"
            )
        else:
            print("--jobs 2 over --jobs 1: n/a: audit has no --jobs yet")

        one_game = [*monolog_cmd(), "audit", str(files[0])]
        imports = [sys.executable, "-c", "import typer, rich"]
        run_process(one_game)  # compiles what the first run would (see CHILD_ENV)
        audits: list[dict[str, float]] = []
        imported: list[dict[str, float]] = []
        for _ in range(runs):  # taking turns, so a change in the machine's load hits both
            audits.append(run_process(one_game))
            imported.append(run_process(imports))
        a = statistics.median(r["wall"] for r in audits)
        b = statistics.median(r["wall"] for r in imported)
        a_cpu = statistics.median(r["cpu"] for r in audits)
        b_cpu = statistics.median(r["cpu"] for r in imported)
        startup_ratio = a / b
        print(
            f"start-up: one-game audit {a * 1000:.0f} ms, import typer+rich {b * 1000:.0f} ms "
            f"(wall, medians of {runs} taking turns); ratio {startup_ratio:.2f} "
            f"(CPU: {a_cpu * 1000:.0f} ms / {b_cpu * 1000:.0f} ms = {a_cpu / b_cpu:.2f})"
        )
        print(f"  the audit ran as: {' '.join(one_game[:-1])} FILE")

    print()
    print("targets:")
    if chess_ratio is not None:
        print(
            f"  audit per event at least as fast as python-chess per ply: "
            f"{chess_ratio:.2f} (>= 1)  {verdict(chess_ratio >= 1)}"
        )
    else:
        print("  audit per event at least as fast as python-chess per ply: not measured")
    print(
        f"  audit no slower than a third of the regex pass: {regex_ratio:.3f} (>= 0.333)  "
        f"{verdict(regex_ratio >= 1 / 3)}"
    )
    if jobs_ratio is not None:
        print(f"  --jobs 2 at least 1.8x --jobs 1: {jobs_ratio:.2f}x  {verdict(jobs_ratio >= 1.8)}")
    else:
        print("  --jobs 2 at least 1.8x --jobs 1: n/a: audit has no --jobs yet")
    print(
        f"  peak memory at {large:,} games within 1.2x of {small:,}: {mem_ratio:.2f}x  "
        f"{verdict(mem_ratio <= 1.2)}"
    )
    print(
        f"  one-game audit at most 4x importing typer+rich (a limit): {startup_ratio:.2f}x  "
        f"{verdict(startup_ratio <= 4.0)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
