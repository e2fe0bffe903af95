"""The `monolog` command line.

`main` is the installed entry point: it runs the typer application (monolog/app.py), which
reads every command line. `monolog.cli.app` is that application.

Exit codes: 0 clean; 1 findings (rule violations, or a file that is not canonical for
`fmt --check`); 2 a file that cannot be read or parsed, or a usage error.
"""

from __future__ import annotations

from .app import app

__all__ = ["app", "main"]


def main() -> None:
    app()
