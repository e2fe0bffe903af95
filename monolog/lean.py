"""The lean entry point: `monolog audit FILE…` without typer.

Building the typer application costs more than auditing a short record: typer imports its
own copy of click, and every parameter value goes through pydantic. The common command line,
`monolog audit` with files and the audit options written plainly, is read here instead and
handed to the same function the typer command calls (`monolog.commands.audit.run`), so the
output, the messages and the exit codes are the same. Anything this reader is not sure of
(`--help`, an unknown or malformed option, a value that looks like an option, `--`, no file,
a shell-completion request) goes to the typer application, which then says what it always
says.

Handled like click's own top level: a broken pipe on stdout exits 1 quietly, an interrupt
exits 130, an end of input prints "Aborted!" and exits 1.
"""

from __future__ import annotations

import os
import sys
from typing import Any

# options that take no value, and options that take one, as `run`'s keyword names
_FLAGS = {"--strict": "strict", "--paranoid": "paranoid"}
_VALUED = {
    "--format": "fmt",
    "--ruling": "ruling",
    "--edition": "edition",
    "--jobs": "jobs",
    "-j": "jobs",
}


def _is_jobs(value: str) -> bool:
    """One to four ASCII digits (a --jobs value this reader takes)."""
    return 0 < len(value) <= 4 and value.isascii() and value.isdigit()


def read_audit_args(args: list[str]) -> dict[str, Any] | None:
    """The keyword arguments of `run` for `monolog audit ARGS…`, or None when the command line
    holds anything that should be left to the typer application."""
    if not args or args[0] != "audit":
        return None
    options: dict[str, Any] = {"files": [], "ruling": []}
    rest = args[1:]
    i = 0
    while i < len(rest):
        arg = rest[i]
        i += 1
        if not arg.startswith("-"):
            options["files"].append(arg)
            continue
        if arg in _FLAGS:
            options[_FLAGS[arg]] = True
            continue
        name, equals, value = arg.partition("=")
        if equals and name.startswith("--") and name in _VALUED:
            pass
        elif arg in _VALUED:
            if i == len(rest):
                return None
            name, value = arg, rest[i]
            i += 1
        elif arg.startswith("-j") and _is_jobs(arg[2:]):
            name, value = "-j", arg[2:]
        else:
            return None
        if not value or value.startswith("-"):
            return None
        key = _VALUED[name]
        if key == "jobs":
            if not _is_jobs(value):
                return None
            options["jobs"] = int(value)
        elif key == "ruling":
            options["ruling"].append(value)
        else:
            options[key] = value
    if not options["files"]:
        return None
    return options


def _completion_requested() -> bool:
    """A shell asking for completions (click's `_PROG_COMPLETE` variables): typer answers."""
    return any(key.startswith("_") and key.endswith("_COMPLETE") for key in os.environ)


def run_lean(args: list[str]) -> int | None:
    """Run `monolog ARGS…` here and return the exit code, or None to leave it to typer."""
    options = read_audit_args(args)
    if options is None or _completion_requested():
        return None
    from .commands.audit import run

    try:
        return run(**options)
    except KeyboardInterrupt:
        return 130
    except EOFError:
        sys.stderr.write("\n")
        sys.stderr.flush()
        sys.stderr.write("Aborted!\n")
        sys.stderr.flush()
        return 1
    except OSError as exc:
        import errno

        if exc.errno != errno.EPIPE:
            raise
        pacify = _pacify_wrapper()
        sys.stdout = pacify(sys.stdout)
        sys.stderr = pacify(sys.stderr)
        return 1


def _pacify_wrapper() -> Any:
    """click's wrapper that keeps a stream on a broken pipe from complaining at exit."""
    import importlib

    try:
        return importlib.import_module("typer._click.utils").PacifyFlushWrapper
    except ImportError:  # a typer that uses click itself
        return importlib.import_module("click.utils").PacifyFlushWrapper
