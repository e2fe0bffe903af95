"""The figures of benchmarks/README.md's before/after table, for two installed copies of monolog.

    python benchmarks/compare.py --before PYTHON [--after PYTHON] [--quick] [--corpus DIR]
                                 [--runs 9] [--skip-run]

PYTHON is the interpreter of a virtual environment holding one copy of monolog (with the `bench`
extra, or at least python-chess); `--after` defaults to the interpreter running this script.
Prints, for each copy:

- the code: lines of monolog/*.py, the largest module, modules over 600 lines, import cycles
  between monolog's modules (every import counts, inside functions too, as in
  tests/test_module_structure.py) and imports written inside functions;
- start-up: the median wall and CPU time of a one-game `monolog audit` and of
  `python -c "import typer, rich"` in the same environment, all four taking turns, `--runs`
  times each, and the ratio of each copy to its own import (the limit is 4);
- every figure of `benchmarks/run.py` (this file's copy, run by each interpreter in turn on one
  corpus, made by the `--before` copy's simulator so that both can read it).

Compare ratios measured in one run, never figures across runs; on a machine shared with other
work, say so beside the figures.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# the after copy's reader of the import graph (the one tests/test_module_structure.py uses,
# tests/testkit/structure.py); it reads any copy's source by path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from testkit.structure import cycles, graph, modules

HERE = Path(__file__).resolve().parent
LIMIT = 600


def package_dir(python: str) -> Path:
    out = subprocess.run(
        [python, "-c", "import monolog, os; print(os.path.dirname(monolog.__file__))"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),  # never a source tree in the working folder
    )
    return Path(out.stdout.strip())


def code_figures(package: Path) -> dict[str, Any]:
    """Lines, largest module, modules over the limit, import cycles, imports in functions."""
    found = modules(package)
    lines = {
        name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in found.items()
    }
    inside = 0
    for path in found.values():
        for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                inside += sum(
                    isinstance(n, ast.Import | ast.ImportFrom)
                    for n in ast.walk(func)
                    if n is not func
                )
    largest = max(lines, key=lambda n: lines[n])
    return {
        "lines": sum(lines.values()),
        "modules": len(found),
        "largest": f"{found[largest].relative_to(package.parent)} ({lines[largest]:,})",
        "over": sum(1 for n in lines.values() if n > LIMIT),
        "cycles": cycles(graph(found)),
        "inside": inside,
    }


def child_env() -> dict[str, str]:
    """As benchmarks/run.py: bytecode kept in a scratch folder when PYTHONDONTWRITEBYTECODE is
    set, so start-up is timed as an installed copy meets it."""
    env = dict(os.environ)
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        env.setdefault(
            "PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "monolog-bench-pyc")
        )
    return env


def run_process(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process, output discarded."""
    w0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - w0, usage.ru_utime + usage.ru_stime


def audit_cmd(python: str, record: str) -> list[str]:
    script = Path(python).parent / "monolog"
    return [
        str(script) if script.is_file() else python,
        *([] if script.is_file() else ["-m", "monolog"]),
        "audit",
        record,
    ]


def startup(pythons: dict[str, str], record: str, runs: int) -> dict[str, dict[str, float]]:
    env = child_env()
    cmds = {}
    for side, python in pythons.items():
        cmds[(side, "audit")] = audit_cmd(python, record)
        cmds[(side, "import")] = [python, "-c", "import typer, rich"]
    for cmd in cmds.values():  # compiles what the first run would
        run_process(cmd, env)
    times: dict[tuple[str, str], list[tuple[float, float]]] = {key: [] for key in cmds}
    for _ in range(runs):  # taking turns, so a change in the machine's load hits all four
        for key, cmd in cmds.items():
            times[key].append(run_process(cmd, env))
    out: dict[str, dict[str, float]] = {}
    for side in pythons:
        a, b = times[(side, "audit")], times[(side, "import")]
        aw, ac = statistics.median(t[0] for t in a), statistics.median(t[1] for t in a)
        bw, bc = statistics.median(t[0] for t in b), statistics.median(t[1] for t in b)
        out[side] = {"audit_wall": aw, "audit_cpu": ac, "import_wall": bw, "import_cpu": bc}
    return out


# what benchmarks/run.py prints, and how each figure is found in its output
RUN_FIGURES = [
    ("simulator, games per CPU s", r"simulator: ([\d,.]+) games/s"),
    ("parse stage, events per CPU s", r"^  parse\s+([\d,]+) events/s"),
    ("replay stage, events per CPU s", r"^  replay\s+([\d,]+) events/s"),
    ("render stage, events per CPU s", r"^  render\s+([\d,]+) events/s"),
    ("parse share of the stages", r"^  parse .*\(\s*([\d.]+%)\)"),
    ("audit end to end, events per CPU s", r"end to end \(monolog audit\): ([\d,]+) events/s"),
    ("python-chess, plies per CPU s", r"python-chess: .*: ([\d,]+) plies/s"),
    ("audit events/s / chess plies/s (target >= 1)", r"audit events/s / chess plies/s = ([\d.]+)"),
    ("audit speed / regex pass (>= 0.333)", r"audit speed / regex speed = ([\d.]+)"),
    ("--jobs 2 / --jobs 1, wall (>= 1.8)", r"--jobs 2 over --jobs 1 .*?: ([\d.]+x)"),
    (
        "peak memory (games: MiB)",
        r"peak memory auditing ([\d,]+) games in one process: ([\d,]+) MiB",
    ),
    ("memory large / small (<= 1.2)", r"memory [\d,]+ / [\d,]+ games = ([\d.]+)"),
    ("one-game audit / import typer+rich, wall (limit 4)", r"start-up: .*ratio ([\d.]+)"),
    ("the same by CPU time", r"start-up: .*= ([\d.]+)\)"),
]


def run_bench(python: str, corpus: str, quick: bool, runs: int) -> str:
    cmd = [python, str(HERE / "run.py"), "--corpus", corpus, "--runs", str(runs)]
    if quick:
        cmd.append("--quick")
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        return f"run.py failed:\n{out.stderr.strip()}"
    return out.stdout


def figure(output: str, pattern: str) -> str:
    """Every match of `pattern` in run.py's output (groups joined by `: `), or `-`."""
    found = [m.groups() for m in re.finditer(pattern, output, re.M)]
    return "; ".join(": ".join(groups) for groups in found) or "-"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", required=True, help="interpreter of the environment before")
    ap.add_argument("--after", default=sys.executable, help="interpreter after (this one)")
    ap.add_argument("--quick", action="store_true", help="run.py --quick (ten times smaller)")
    ap.add_argument("--corpus", help="folder for run.py's records (made by --before if empty)")
    ap.add_argument("--runs", type=int, default=9, help="runs of each start-up measurement")
    ap.add_argument("--skip-run", action="store_true", help="only the code and start-up figures")
    args = ap.parse_args(argv)
    pythons = {"before": args.before, "after": args.after}

    rows: list[tuple[str, str, str]] = []
    code = {side: code_figures(package_dir(python)) for side, python in pythons.items()}
    rows.append(
        (
            "lines of monolog/*.py",
            *(f"{code[s]['lines']:,} in {code[s]['modules']} modules" for s in pythons),
        )
    )
    rows.append(("largest module (lines)", *(code[s]["largest"] for s in pythons)))
    rows.append((f"modules over {LIMIT} lines", *(str(code[s]["over"]) for s in pythons)))
    rows.append(("import cycles", *(str(len(code[s]["cycles"])) for s in pythons)))
    rows.append(("imports inside functions", *(str(code[s]["inside"]) for s in pythons)))

    record = str(HERE.parent / "scenarios" / "games" / "worked-example.mlog")
    st = startup(pythons, record, args.runs)
    for label, key in (("wall", "wall"), ("CPU", "cpu")):
        rows.append(
            (
                f"one-game audit / import typer+rich, {label} (limit 4)",
                *(
                    f"{st[s]['audit_' + key] / st[s]['import_' + key]:.2f} "
                    f"({st[s]['audit_' + key] * 1000:.0f} / {st[s]['import_' + key] * 1000:.0f} ms)"
                    for s in pythons
                ),
            )
        )

    if not args.skip_run:
        with tempfile.TemporaryDirectory() as tmp:
            corpus = args.corpus or str(Path(tmp) / "corpus")
            outputs = {
                side: run_bench(python, corpus, args.quick, min(args.runs, 7))
                for side, python in pythons.items()
            }
        for label, pattern in RUN_FIGURES:
            rows.append((f"run.py: {label}", *(figure(outputs[s], pattern) for s in pythons)))
        for side, output in outputs.items():
            if output.startswith("run.py failed"):
                print(f"{side}: {output}", file=sys.stderr)

    for side, python in pythons.items():
        print(f"{side}: {python} (monolog in {package_dir(python)})")
        for cycle in code[side]["cycles"]:
            print(f"  cycle: {' <-> '.join(cycle)}")
    print(f"start-up record: {record}, medians of {args.runs} runs taking turns")
    print()
    print("| figure | before | after |")
    print("|---|---|---|")
    for label, before, after in rows:
        print(f"| {label} | {before} | {after} |")
    print()
    print(
        json.dumps(
            {"code": {s: {k: v for k, v in code[s].items()} for s in pythons}, "startup": st},
            default=str,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
