"""Simulated records pinned by hash: a fixed sample of games (editions, variants, player counts,
fault kinds, the jackpot, the bots' settings, a turn limit) and the hash of each record as the
simulator wrote it at 8ab5eae, before its between-turn plans were kept (tests/test_simulate.py
checks that they are still written so). This module imports nothing the simulator of 8ab5eae
lacks, so that that copy can make the hashes:

    git archive 8ab5eae | tar -x -C /tmp/sim_before
    PYTHONPATH=/tmp/sim_before python tests/simulate_pins.py --write-hashes
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from monolog.simulate import KINDS, Settings, simulate

HASHES = Path(__file__).parent / "data" / "simulate_hashes.json"


def pinned_cases() -> list[dict[str, object]]:
    """The keyword arguments of every pinned game (`settings`: those of the bots' Settings)."""
    out: list[dict[str, object]] = []
    counts = {
        "us-2018": (2, 3, 4, 5, 6),
        "us-classic": (2, 4, 6, 8),
        "uk-1996": (2, 3, 5, 8),
        "uk-esl": (2, 4, 6),
    }
    for edition, players in counts.items():
        for p in players:
            for seed in (p, 100 + p, 1000 + p):
                out.append({"edition": edition, "players": p, "seed": seed})
    for edition, variant in (("uk-1996", "short"), ("uk-1996", "time-limit"), ("uk-esl", "short")):
        for p in (2, 3, 4, 6):
            out.append({"edition": edition, "players": p, "seed": 7 * p, "variant": variant})
    for i, kind in enumerate(KINDS):
        for seed in (200 + i, 250 + i):
            out.append(
                {"edition": "us-2018", "players": 3 + seed % 4, "seed": seed, "faults": [kind]}
            )
    for seed in (300, 301, 302, 303):
        out.append(
            {"edition": "uk-1996", "players": 3 + seed % 4, "seed": seed, "faults": list(KINDS)}
        )
    for seed in (400, 401, 402):
        jackpot = ["free-parking-jackpot"]
        out.append({"edition": "us-2018", "players": 5, "seed": seed, "house_rules": jackpot})
    bots: list[dict[str, float]] = [
        {"hotels": 0.0},  # house hoarders: shortages
        {"hotels": 0.0},
        {"hotels": 0.0},
        {"hotels": 1.0},
        {"hotels": 1.0},
        {"build": 0.5, "trade": 0.6},
        {"build": 0.0},
        {"decline": 0.4, "liquidate": 1.0, "jail_stay": 1.0},
    ]
    for seed, settings in enumerate(bots, start=500):
        out.append(
            {"edition": "us-classic", "players": 4 + seed % 3, "seed": seed, "settings": settings}
        )
    out.append({"edition": "us-2018", "players": 4, "seed": 600, "turns": 40})
    return out


def pinned_hash(case: dict[str, object]) -> str:
    kwargs = dict(case)
    settings = kwargs.pop("settings", None)
    if isinstance(settings, dict):
        kwargs["settings"] = Settings(**settings)
    g = simulate(**kwargs)  # type: ignore[arg-type]
    return hashlib.sha256(f"{g.result}\n{g.turns}\n{g.text}".encode()).hexdigest()


if __name__ == "__main__" and sys.argv[1:] == ["--write-hashes"]:
    cases = pinned_cases()
    HASHES.write_text(
        json.dumps(
            {
                "made by": "PYTHONPATH=/tmp/sim_before python tests/simulate_pins.py "
                "--write-hashes, /tmp/sim_before holding `git archive 8ab5eae`",
                "cases": cases,
                "sha256": [pinned_hash(c) for c in cases],
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
