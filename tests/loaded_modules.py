"""Run `monolog ARGS…` in a fresh process, as the installed command does, and list the modules
that process loaded: for the tests that pin what a plain audit leaves unimported.

The process's cache folder is the test's own (XDG_CACHE_HOME), and nothing may make Rich think
it writes to a terminal. The modules are listed before the script imports `json` to write them
down, so `json` is among them only if monolog loaded it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

_SCRIPT = textwrap.dedent(
    """
    import sys

    modules_file = sys.argv[1]
    sys.argv = ["monolog", *sys.argv[2:]]
    from monolog.cli import main

    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    sys.stdout.flush()
    loaded = sorted(sys.modules)
    import json

    with open(modules_file, "w", encoding="utf-8") as out:
        json.dump({"code": code, "modules": loaded}, out)
    sys.exit(code)
    """
)


def run_monolog(
    args: list[str], cache: Path, tmp: Path, cwd: Path | None = None
) -> tuple[int, str, str, set[str]]:
    """Exit code, stdout, stderr and the modules loaded by `monolog ARGS…` in a new process whose
    cache folder is `cache` (`tmp` holds the list of modules; `cwd` defaults to it)."""
    modules_file = tmp / "modules.json"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(modules_file), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd or tmp,
        timeout=120,
        check=False,
    )
    data = json.loads(modules_file.read_text(encoding="utf-8"))
    assert data["code"] == done.returncode, done.stderr
    return done.returncode, done.stdout, done.stderr, set(data["modules"])


def has(modules: set[str], package: str) -> bool:
    """Whether `package` or any module inside it was loaded."""
    return any(m == package or m.startswith(package + ".") for m in modules)
