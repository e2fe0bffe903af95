"""The lean entry point (`monolog audit` without typer) against the typer application.

Every command line here runs twice in a process of its own, once through `monolog.cli.main`
(which takes the lean path when it can) and once through the typer application itself, with
stdout and stderr going to real files; stdout, stderr and the exit code must be identical.
One driver process forks a child per run, with the engine and the parser loaded once before.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from monolog.lean import read_audit_args

ROOT = Path(__file__).resolve().parents[1]
WORKED = str(ROOT / "scenarios" / "games" / "worked-example.mlog")

CLEAN = '[Event "Club night"]\n[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 120\n'
WRONG = (
    '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150\n'
    "2. Ben 2-1 Baltic Avenue buy 80 =1400\n"
)
BROKEN = '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy @ 150\n'
CONTROL = (
    '[Event "Tab\there"]\n[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150 {\x07}\n'
)

_DRIVER = textwrap.dedent(
    """
    import json, os, sys

    mode, cases_file, out_dir = sys.argv[1:4]
    cases = json.load(open(cases_file))
    # what every run needs, loaded once before the children are forked (output is unchanged)
    import monolog.commands.audit, monolog.engine, monolog.findings.render
    import monolog.reports.formats, rich.console, rich.text
    from monolog.editions import load_edition
    from monolog.notation.parser import get_driver

    get_driver()
    for key in ("us-2018", "uk-1996"):
        load_edition(key)
    if mode == "lean":
        from monolog.cli import main as entry
    else:
        import contextlib, io
        from monolog.app import app

        def entry():
            app()

        with contextlib.redirect_stdout(io.StringIO()):  # typer's parameter machinery, loaded
            app(["--version"], standalone_mode=False)

    codes = []
    for n, case in enumerate(cases):
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            for fd, name in ((1, "out"), (2, "err")):
                target = os.open(os.path.join(out_dir, f"{n}.{name}"), os.O_WRONLY | os.O_CREAT)
                os.dup2(target, fd)
            os.environ.update(case["env"])
            sys.argv = ["monolog", *case["args"]]
            code = 0
            try:
                entry()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        codes.append(os.waitstatus_to_exitcode(status))
    print(json.dumps(codes))
    """
)


def _records(root: Path) -> dict[str, str]:
    paths = {}
    for name, text in (
        ("clean.mlog", CLEAN),
        ("wrong.mlog", WRONG),
        ("broken.mlog", BROKEN),
        ("control.mlog", CONTROL),
    ):
        path = root / name
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    paths["missing.mlog"] = str(root / "missing.mlog")
    paths["folder"] = str(root)
    return paths


def _cases(p: dict[str, str]) -> list[dict[str, object]]:
    lines: list[list[str]] = [
        ["audit", p["clean.mlog"]],
        ["audit", p["wrong.mlog"]],
        ["audit", WORKED],
        ["audit", p["broken.mlog"]],
        ["audit", p["missing.mlog"]],
        ["audit", p["control.mlog"]],
        ["audit", p["folder"]],
        ["audit", p["clean.mlog"], p["broken.mlog"], p["missing.mlog"], p["wrong.mlog"]],
        ["audit", "--strict", WORKED],
        ["audit", "--format", "json", p["wrong.mlog"], p["broken.mlog"]],
        ["audit", "--format=json", "--jobs=2", p["folder"]],
        ["audit", "-j2", "--format", "sarif", p["folder"]],
        ["audit", "--format", "github", p["wrong.mlog"], "--strict"],
        ["audit", p["wrong.mlog"], "--format", "junit"],
        ["audit", "--format", "yaml", p["clean.mlog"]],
        ["audit", "--ruling", "CF-04=extra-roll", "--paranoid", WORKED],
        ["audit", "--ruling", "CF-99=nothing", WORKED],
        ["audit", "--ruling", "no-equals", WORKED],
        ["audit", "--edition", "uk-1996", p["clean.mlog"]],
        ["audit", "--edition", "no-such-edition", p["clean.mlog"]],
        ["audit", "--jobs", "0", "--format", "json", p["folder"]],
        # left to typer by the lean reader: both runs are typer's, and must still agree
        ["audit", "--jobs", "-1", p["clean.mlog"]],
        ["audit", "--jobs", "two", p["clean.mlog"]],
        ["audit"],
        ["audit", "--help"],
        ["audit", "--bogus", p["clean.mlog"]],
        ["--version"],
    ]
    cases: list[dict[str, object]] = [{"args": args, "env": {}} for args in lines]
    for env in ({"NO_COLOR": "1"}, {"FORCE_COLOR": "1"}, {"COLUMNS": "30"}):
        cases.append({"args": ["audit", p["wrong.mlog"], p["clean.mlog"]], "env": env})
    # the same runs with Rich printing (TTY_COMPATIBLE=0: no terminal, as Rich decides it)
    for n in _RICH_TWINS:
        cases.append({"args": cases[n]["args"], "env": {"TTY_COMPATIBLE": "0"}})
    return cases


# text runs (by their place in _cases) that also run with Rich printing their report: a piped
# text report is written without Rich, and must not differ
_RICH_TWINS = (1, 2, 5, 6, 7, 8, 15)


def _run_all(mode: str, cases: list[dict[str, object]], tmp: Path) -> list[tuple[str, str, int]]:
    out = tmp / mode
    out.mkdir()
    (tmp / "cases.json").write_text(json.dumps(cases), encoding="utf-8")
    driver = tmp / "driver.py"
    driver.write_text(_DRIVER, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(driver), mode, str(tmp / "cases.json"), str(out)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp,
    )
    codes = json.loads(done.stdout)
    return [
        (
            (out / f"{n}.out").read_text(encoding="utf-8"),
            (out / f"{n}.err").read_text(encoding="utf-8"),
            code,
        )
        for n, code in enumerate(codes)
    ]


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="the driver forks")
def test_lean_entry_matches_the_typer_application(tmp_path: Path) -> None:
    paths = _records(tmp_path)
    cases = _cases(paths)
    lean = _run_all("lean", cases, tmp_path)
    full = _run_all("typer", cases, tmp_path)
    assert len(lean) == len(full) == len(cases)
    for case, a, b in zip(cases, lean, full, strict=True):
        assert a == b, case
    # written without Rich or by Rich, a text report reads the same
    twins = len(cases) - len(_RICH_TWINS)
    for k, n in enumerate(_RICH_TWINS):
        assert lean[twins + k] == lean[n], cases[n]
    # the cases cover what they claim to: every exit code, findings, parse errors, colour
    codes = {code for _, _, code in full}
    assert codes == {0, 1, 2}
    outputs = "".join(out + err for out, err, _ in full)
    assert "M203" in outputs and "P001" in outputs and "\x1b[" in outputs
    assert "Usage: monolog audit" in outputs


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["audit", "a.mlog"], {"files": ["a.mlog"], "ruling": []}),
        (
            ["audit", "-j2", "a", "--strict", "--format=json", "b", "--ruling", "CF-02=x"],
            {"files": ["a", "b"], "ruling": ["CF-02=x"], "jobs": 2, "strict": True, "fmt": "json"},
        ),
        (
            ["audit", "--jobs", "3", "--edition", "uk-esl", "--paranoid", "--format", "x", "g"],
            {
                "files": ["g"],
                "ruling": [],
                "jobs": 3,
                "edition": "uk-esl",
                "paranoid": True,
                "fmt": "x",
            },
        ),
        (["audit", "--format", "json", "--format", "sarif", "g"], None),
    ],
)
def test_read_audit_args(args: list[str], expected: dict[str, object] | None) -> None:
    if expected is None:  # a repeated option: the last wins, as in click
        assert read_audit_args(args) == {"files": ["g"], "ruling": [], "fmt": "sarif"}
    else:
        assert read_audit_args(args) == expected


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["audit"],
        ["parse", "a.mlog"],
        ["--version"],
        ["audit", "--help", "a"],
        ["audit", "-h", "a"],
        ["audit", "--", "a"],
        ["audit", "-", "a"],
        ["audit", "--format", "a"],
        ["audit", "--format", "--strict", "a"],
        ["audit", "--format=", "a"],
        ["audit", "--jobs", "-1", "a"],
        ["audit", "--jobs", "1.5", "a"],
        ["audit", "--jobs", "１", "a"],
        ["audit", "-j=2", "a"],
        ["audit", "--strict=1", "a"],
        ["audit", "--jobs=99999", "a"],
        ["audit", "--form", "json", "a"],
    ],
)
def test_the_lean_reader_leaves_the_rest_to_typer(args: list[str]) -> None:
    assert read_audit_args(args) is None
