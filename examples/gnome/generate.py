"""Play seeded GNOME games and keep the log text of each.

Needs the GNOME simulator (``pip install --no-deps --ignore-requires-python
monopoly-simulator-test==0.0.9`` plus ``numpy`` and ``xlsxwriter``); monolog itself never
imports it. Each game is played as GNOME's own ``gameplay.play_game_in_tournament`` plays it
(four ``background_agent_v3_1`` players, the package's board schema, no novelty), with the
numpy seed given, and GNOME's log lines (logger ``monopoly_simulator.logging_info``, format
``time:name:LEVEL:message``) are written to ``OUT/seed_N.log``.

    python examples/gnome/generate.py OUT 1 2 3        # seeds 1, 2 and 3
    python examples/gnome/generate.py OUT --count 40   # seeds 1 to 40
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from pathlib import Path
from typing import Any

LOGGER = "monopoly_simulator.logging_info"
FORMAT = "%(asctime)s:%(name)s:%(levelname)s:%(message)s"


def _import_gnome() -> tuple[Path, Any, Any, Any]:
    """Import GNOME's modules; gameplay.py imports a sibling module by its bare name."""
    package = importlib.import_module("monopoly_simulator")
    folder = Path(str(package.__file__)).parent
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    gameplay = importlib.import_module("monopoly_simulator.gameplay")
    agent = importlib.import_module("monopoly_simulator.agent")
    background = importlib.import_module("monopoly_simulator.background_agent_v3_1")
    return folder, gameplay, agent.Agent, background.decision_agent_methods


def play(seed: int, out: Path) -> Path:
    """Play one game with this seed; return the path of its log."""
    folder, gameplay, agent_class, methods = _import_gnome()
    path = out / f"seed_{seed}.log"
    logger = logging.getLogger(LOGGER)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    handler = logging.FileHandler(path, mode="w", encoding="utf-8")
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    try:
        agents = {f"player_{n}": agent_class(**methods) for n in range(1, 5)}
        board = gameplay.set_up_board(str(folder / "monopoly_game_schema_v1-2.json"), agents)
        for one in agents.values():
            one.startup(board)
        logger.debug("seed used: %s", seed)
        gameplay.simulate_game_instance(board, history_log_file=None, np_seed=seed)
        for one in agents.values():
            one.shutdown()
    finally:
        logger.removeHandler(handler)
        handler.close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the logs")
    parser.add_argument("seeds", type=int, nargs="*", help="numpy seeds to play")
    parser.add_argument("--count", type=int, default=0, help="play seeds 1..COUNT")
    args = parser.parse_args(argv)
    seeds = args.seeds or list(range(1, args.count + 1))
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in seeds:
        print(play(seed, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
