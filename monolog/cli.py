"""The `monolog` command line.

`main` is the installed entry point: it runs the typer application (monolog/app.py), which
reads every command line, inside the stream guard (monolog/streams.py: a closed stdout, a full
disk, a character the terminal cannot show, running out of memory). `monolog.cli.app` is that
application.

Exit codes: 0 clean; 1 findings (rule violations, or a file that is not canonical for
`fmt --check`); 2 a file that cannot be read or parsed, or a usage error.
"""

from __future__ import annotations

import gc
import sys

# Loading the commands imports most of monolog, and the cyclic collector would walk the growing
# heap some 80 times meanwhile (31M instructions, 0.8% of `monolog audit` of 20 games, 2% of one
# game's). It waits; what was loaded lives as long as the process, so it is frozen out of the
# collector's later walks before the collector runs again.
_COLLECTING = gc.isenabled()
gc.disable()
try:
    from .app import app
    from .streams import run_guarded
finally:  # the collector as it was, even should an import fail
    gc.freeze()
    if _COLLECTING:
        gc.enable()

__all__ = ["app", "main"]


def main() -> None:
    # What is loaded by now (every command, the engine, the parser's modules) lives as long as
    # the process: frozen, the cyclic collector no longer walks it, above all in the full
    # collection Python makes at exit (~30 ms of a one-game audit's ~200, measured under load)
    gc.freeze()
    sys.exit(run_guarded(_run))


def _run() -> None:
    app()
