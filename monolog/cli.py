"""The `monolog` command line.

`main` is the installed entry point. A plain `monolog audit FILE…` (the common case, and the
one whose start-up matters most) is run by the lean entry point (monolog/lean.py), which
imports neither typer nor the other commands; everything else, and any audit command line the
lean reader is not sure of, goes to the typer application (monolog/app.py), with the same
output, messages and exit codes either way. `monolog.cli.app` is that application.

Exit codes: 0 clean; 1 findings (rule violations, or a file that is not canonical for
`fmt --check`); 2 a file that cannot be read or parsed, or a usage error.
"""

from __future__ import annotations

import sys
from typing import Any


def main() -> None:
    from .lean import run_lean

    code = run_lean(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from .app import app

    app()


def __getattr__(name: str) -> Any:
    if name == "app":
        from .app import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
