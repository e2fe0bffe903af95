"""The replay stage alone: every record of a folder parsed once, then `engine.replay` timed
over all of them, by CPU time, the collector paused per game and an observer of players
leaving (as the audit's, commands/audit_record.py) given to a game with a Result tag, as
`monolog audit` replays them.

    python benchmarks/replay_bench.py DIR [--runs 3] [--profile] [--calls on_build,on_card]

prints the CPU seconds of each run (`--profile`: one run under cProfile, the 45 functions
with the most time of their own; `--calls`: one run counting the calls, Python and built-in,
made inside each engine function named, from its outermost entry: free of the machine's
noise, for one handler's work)."""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import sys
from pathlib import Path
from typing import Any

from monolog.engine import replay
from monolog.notation.events import Bankrupt, Resign, Tag, TimeCalled
from monolog.notation.parser import parse_text, read_source


def _cpu() -> float:
    t = os.times()
    return t.user + t.system


class _Leaving:
    """The audit's observer of players leaving, as it is: a monolog whose replay knows no
    `only` tells it of every event, as such a monolog's audit did."""

    only = (Bankrupt, Resign, TimeCalled)

    def __init__(self) -> None:
        self.count = 0
        self.left: dict[str, int] = {}
        self.time_called = False

    def __call__(self, event: Any, state: Any) -> None:
        if isinstance(event, (Bankrupt, Resign)):
            for p in state.players:
                if p.name not in self.left and (p.bankrupt or p.resigned):
                    self.left[p.name] = self.count
        if isinstance(event, TimeCalled):
            self.time_called = True
        self.count += 1


def replay_all(games: list[tuple[str, list[Any], bool]]) -> float:
    spent = 0.0
    for name, events, result in games:
        gc.disable()  # as audit pauses the collector while it audits a record
        t0 = _cpu()
        replay(events, file=name, observer=_Leaving() if result else None)
        spent += _cpu() - t0
        gc.enable()
    return spent


def count_calls(games: list[tuple[str, list[Any], bool]], names: set[str]) -> None:
    """Replay all the games once, counting the calls made inside each function of `names`
    (the engine's, by name, from its outermost entry), and print them."""
    entries = dict.fromkeys(names, 0)
    calls = dict.fromkeys(names, 0)
    inside: list[Any] = []  # the frame of the handler being counted, if any

    def hook(frame: Any, event: str, arg: Any) -> None:
        code = frame.f_code
        if event == "call" and not inside and code.co_name in names:
            if "/engine/" in code.co_filename.replace(os.sep, "/"):
                inside.append(frame)
                entries[code.co_name] += 1
        elif event in ("call", "c_call") and inside:
            calls[inside[0].f_code.co_name] += 1
        elif event == "return" and inside and frame is inside[0]:
            inside.pop()

    sys.setprofile(hook)
    try:
        replay_all(games)
    finally:
        sys.setprofile(None)
    for name in sorted(names):
        print(f"{name:24} {entries[name]:8,} entered {calls[name]:12,} calls inside")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--calls", help="engine functions, by name, comma-separated")
    args = ap.parse_args()
    games = []
    for path in sorted(Path(args.folder).rglob("*.mlog")):
        events = parse_text(read_source(str(path)), str(path))
        result = any(isinstance(e, Tag) and e.key == "Result" for e in events)
        games.append((str(path), events, result))
    if args.calls:
        count_calls(games, set(args.calls.split(",")))
        return
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        replay_all(games)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(45)
        return
    print(" ".join(f"{replay_all(games):.2f}" for _ in range(args.runs)))


if __name__ == "__main__":
    main()
