"""A plain audit with a warm cache reads no YAML: PyYAML is not even imported.

The shipped editions and readings come from the cache folder (editions/cache.py), so a process
that audits a record on a shipped edition has nothing to parse. Each audit runs in a process of
its own with the cache folder in a temporary directory: the first fills it, the next finds it.
An edition given as a YAML file is still read, and PyYAML is imported for it then.
"""

from __future__ import annotations

from pathlib import Path

from loaded_modules import run_monolog

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "scenarios" / "games" / "worked-example.mlog"
TIME_LIMIT_GAME = ROOT / "tests" / "data" / "tournament" / "r1-t2.mlog"
TIME_LIMIT_EDITION = ROOT / "tests" / "data" / "us-2018-time-limit.yaml"


def _audit(
    cache: Path, tmp_path: Path, *args: str, cwd: Path | None = None
) -> tuple[int, str, str, set[str]]:
    """Exit code, stdout, stderr and loaded modules of `monolog audit ARGS…` in a new process."""
    return run_monolog(["audit", *args], cache, tmp_path, cwd)


def _yaml(modules: set[str]) -> set[str]:
    return {m for m in modules if m == "yaml" or m.startswith("yaml.")}


def test_a_warm_audit_imports_no_yaml(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cold = _audit(cache, tmp_path, str(WORKED))
    assert _yaml(cold[3]), "a cold cache builds the editions from their YAML"
    warm = _audit(cache, tmp_path, str(WORKED))
    assert warm[:3] == cold[:3]
    assert warm[2] == "" and warm[1].startswith(str(WORKED))
    assert _yaml(warm[3]) == set()
    assert "monolog.editions.model" in warm[3]  # the editions were read, from the cache


def test_an_edition_file_is_still_read(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _audit(cache, tmp_path, str(WORKED))  # the shipped editions are in the cache from here on
    for args, cwd in (
        (("--edition", str(TIME_LIMIT_EDITION), str(TIME_LIMIT_GAME)), tmp_path),
        ((str(TIME_LIMIT_GAME),), ROOT),  # its Edition tag names the file from the project root
    ):
        code, out, err, modules = _audit(cache, tmp_path, *args, cwd=cwd)
        assert "yaml" in modules
        assert (code, err) == (0, "")
        # the time-limit variant exists only in the file: read as us-2018 it would be refused
        assert out.splitlines()[1].endswith(": clean: no findings")


def test_a_warm_audit_showing_a_control_character_imports_no_yaml(tmp_path: Path) -> None:
    """A source line holding a control character is shown through the finding catalogue's
    `printable`, which reads no catalogue entry."""
    record = tmp_path / "bell.mlog"
    record.write_text(
        '[Players "Ann, Ben"]\n1. Ann 4-5 Connecticut Avenue buy 150 {\x07}\n', encoding="utf-8"
    )
    cache = tmp_path / "cache"
    cold = _audit(cache, tmp_path, str(record))
    warm = _audit(cache, tmp_path, str(record))
    assert warm[:3] == cold[:3]
    assert warm[0] == 1 and "\u2407" in warm[1]  # the bell, shown as its symbol
    assert "monolog.findings.catalogue" in warm[3]
    assert _yaml(warm[3]) == set()
