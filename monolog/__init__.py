"""monolog: replay recorded games of Monopoly and audit them against the rules.

The public API (docs/api.md), modelled on python-chess's `chess.pgn.read_game`:

    import monolog

    record = monolog.read_games("club-night.mlog")[0]   # a path, a stream, or parse_games(text)
    game = record.replay()                              # edition from the Edition tag
    for finding in game.findings:
        print(finding.location(), finding.code, finding.message)

`read_game(handle)` gives the next game of a stream (None at its end), `read_games(source)`
every game of a path or stream, `parse_games(text)` those of a text; a file may hold several
games. `Record.replay(edition, rulings)` gives a `ReplayedGame`: `findings`, `positions()`
move by move, `ledger()` and `settlement()`. A record that cannot be read raises `ParseError`,
whose `finding` is located (file, line, column). Everything else is private and may change.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "Finding",
    "ParseError",
    "Position",
    "Record",
    "ReplayedGame",
    "Severity",
    "__version__",
    "parse_games",
    "read_game",
    "read_games",
]

if TYPE_CHECKING:
    from .api import Position, Record, ReplayedGame, parse_games, read_game, read_games
    from .findings.model import Finding, Severity
    from .notation.errors import ParseError

# Every command imports this package first (`monolog.cli` lives in it), and most of them need
# none of the API's modules (the reports behind the ledger and the settlement): the API is
# imported on first use of one of its names, not with the package.
_HOMES = {
    "Position": "api",
    "Record": "api",
    "ReplayedGame": "api",
    "parse_games": "api",
    "read_game": "api",
    "read_games": "api",
    "Finding": "findings.model",
    "Severity": "findings.model",
    "ParseError": "notation.errors",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
