"""The built package, installed into a fresh virtual environment, in a project folder of its own
that has nothing of this repository: the pytest plugin is opt-in, `check --coverage` works, and
the API examples of docs/api.md run.

The wheel is built from this checkout (hatchling, without build isolation, so no download) and
installed with `--no-deps`; the environment reaches its dependencies (typer, lark, rich, pytest
...) through a .pth line naming the running environment's site-packages, placed after its own,
so the monolog it imports is the wheel's.
"""

from __future__ import annotations

import os
import re
import site
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.packaging


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=900)
    assert out.returncode == 0, f"{' '.join(cmd)}\n{out.stdout}\n{out.stderr}"
    return out.stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment holding the wheel built from this checkout."""
    work = tmp_path_factory.mktemp("installed")
    wheels = work / "wheels"
    pip = [sys.executable, "-m", "pip"]
    _run(
        [*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(ROOT)],
        work,
    )
    (wheel,) = wheels.glob("monolog_audit-*.whl")
    env_dir = work / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], work)
    python = env_dir / "bin" / "python"
    purelib = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work
    ).strip()
    # the wheel goes in before the running environment is made visible: pip would otherwise find
    # the copy installed there (a non-editable install, as in CI) and install nothing
    _run([*pip, "--python", str(python), "install", "-q", "--no-deps", str(wheel)], work)
    ours = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
    (Path(purelib) / "zz_parent_env.pth").write_text("\n".join(sorted(ours)) + "\n")
    return env_dir


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHONPATH"))}
    env["NO_COLOR"] = "1"
    return env


def test_the_installed_package_in_a_project_of_its_own(venv: Path, tmp_path: Path) -> None:
    python = str(venv / "bin" / "python")
    where = _run([python, "-c", "import monolog; print(monolog.__file__)"], tmp_path)
    assert str(venv) in where, where  # the wheel's copy, not this checkout
    # PEP 561: without the marker a type checker ignores the API's hints ("missing library
    # stubs or py.typed marker") and a user's `mypy --strict` fails at `import monolog`
    assert (Path(where.strip()).parent / "py.typed").is_file()
    # the audit's own test tools (mutations, base games, the import graph) stay with the tests
    assert not (Path(where.strip()).parent / "testing").exists()

    # a project that has not opted in: its scenarios/*.yaml are its own business
    other = tmp_path / "other"
    (other / "scenarios").mkdir(parents=True)
    (other / "scenarios" / "login.yaml").write_text("user: ann\npassword: x\n")
    (other / "test_ok.py").write_text("def test_ok():\n    pass\n")
    out = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider"], other, _env())
    assert "1 passed" in out and "login" not in out

    # a project that opts in, and uses check --coverage and the API
    project = tmp_path / "project"
    (project / "checks").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\nmonolog_scenarios = ["checks"]\n'
    )
    (project / "checks" / "rent.yaml").write_text(
        textwrap.dedent(
            """\
            title: rent on a lone brown
            rules: [RENT-01]
            record: |
              [Players "Ann, Ben"]
              1. Ann 1-2 Baltic Avenue buy 60
              2. Ben 1-2 Baltic Avenue rent 4 to Ann
            expect:
              findings: []
            """
        )
    )
    games = project / "scenarios" / "games"
    games.mkdir(parents=True)
    for name in ("worked-example.mlog", "uk-1996-short.mlog"):
        (games / name).write_text((ROOT / "scenarios" / "games" / name).read_text("utf-8"))
    api_doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", api_doc, re.S)
    (project / "test_api_examples.py").write_text(
        "import subprocess, sys\n\n"
        + "".join(
            f"\ndef test_example_{n}():\n    exec({block!r}, {{}})\n"
            for n, block in enumerate(blocks, start=1)
        )
        + textwrap.dedent(
            """

            def test_check_coverage_works_here():
                run = subprocess.run(
                    [sys.executable, "-m", "monolog", "check", "--coverage", "checks"],
                    capture_output=True, text=True,
                )
                assert run.returncode == 0, run.stdout + run.stderr
                assert "no rules documentation found" not in run.stdout
                assert "listed, not enforced" in run.stdout
                assert "rule and edition pairs: 1 covered" in run.stdout
            """
        )
    )
    out = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA"], project, _env())
    assert f"{len(blocks) + 2} passed" in out, out
    assert "rent on a lone brown" in out
