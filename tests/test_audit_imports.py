"""What the rarer audit paths import when they need them: the JSON encoder, the finding
catalogue (a source line holding a control character, shown by its visible symbol), the
house-rule keys (a record that declares or plays a house rule), the state invariants
(`--paranoid`).

Each audit runs in a process of its own with the cache folder pointed at the test's own; the
process then lists the modules it holds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from loaded_modules import run_monolog

ROOT = Path(__file__).resolve().parents[1]
WORKED = ROOT / "scenarios" / "games" / "worked-example.mlog"


def _audit(args: list[str], cache: Path, tmp: Path) -> tuple[int, str, set[str]]:
    """Exit code, stdout and the modules loaded by `monolog audit ARGS…` in a fresh process
    whose cache folder is `cache`."""
    code, out, err, modules = run_monolog(["audit", *args], cache, tmp)
    assert code in (0, 1), err
    return code, out, modules


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder filled by a first (cold) audit of the worked example."""
    folder = tmp_path_factory.mktemp("cache")
    _audit([str(WORKED)], folder, tmp_path_factory.mktemp("cold"))
    return folder


def test_a_json_report_imports_the_encoder(cache: Path, tmp_path: Path) -> None:
    code, out, modules = _audit(["--format", "json", str(WORKED)], cache, tmp_path)
    assert code == 0
    assert json.loads(out)["games"][0]["file"] == str(WORKED)
    assert "json" in modules


def test_a_control_character_is_shown_by_its_symbol(cache: Path, tmp_path: Path) -> None:
    record = tmp_path / "control.mlog"
    record.write_text(
        '[Players "Ann, Ben"]\n1. Ann 3-4 Chance {a\x01b}\n2. Ben 2-1 Baltic Avenue buy 99\n',
        encoding="utf-8",
    )
    code, out, modules = _audit([str(record)], cache, tmp_path)
    assert code == 1
    assert "\n    1. Ann 3-4 Chance {a\u2401b}\n" in out  # the line under its finding (M401)
    assert "monolog.findings.catalogue" in modules


def test_a_declared_house_rule_is_read(cache: Path, tmp_path: Path) -> None:
    record = tmp_path / "house.mlog"
    record.write_text(
        '[Players "Ann, Ben"]\n[HouseRule "no-such-rule"]\n1. Ann 3-5 Vermont Avenue buy 100\n',
        encoding="utf-8",
    )
    code, out, modules = _audit([str(record)], cache, tmp_path)
    assert code == 0
    assert "W011" in out
    assert "monolog.editions.house_rules" in modules


def test_a_paranoid_audit_checks_the_invariants(cache: Path, tmp_path: Path) -> None:
    code, out, modules = _audit(["--paranoid", str(WORKED)], cache, tmp_path)
    assert code == 0
    assert "P902" not in out
    assert "monolog.engine.invariants" in modules
