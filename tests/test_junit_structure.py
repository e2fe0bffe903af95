"""The JUnit XML of `monolog audit --format junit` and `monolog check --junit`, one writer for
both, held to the structure CI systems read.

Each document is validated against Jenkins' JUnit schema (tests/data/junit/junit-10.xsd, from
jenkinsci/xunit-plugin, MIT: see NOTICE.md there) once the two attributes it leaves out are
taken off: `file` and `line` on a test case, which GitLab shows and the GitHub test reporters
annotate (pytest's xunit1 output writes them too). Then what a schema cannot say: each suite's
`timestamp` is an ISO 8601 time and its `hostname` the machine's; the counts on each suite and
on the document are those of the cases, a suite's time is the sum of its cases', and
`classname` with `name` names each case once (GitLab keeps only the first of two cases with the
same names).
"""

from __future__ import annotations

import socket
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolog.cli import app
from monolog.reports.formats.junit import JUnitWriter

# a test dependency (pyproject's test extra): a development environment installed before it
# was added skips these tests until `pip install -e '.[dev]'` is run again
xmlschema = pytest.importorskip("xmlschema", reason="pip install -e '.[dev]' (xmlschema)")

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = xmlschema.XMLSchema(ROOT / "tests" / "data" / "junit" / "junit-10.xsd")
EXTENSIONS = ("file", "line")  # testcase attributes beyond junit-10.xsd, read by GitLab/GitHub


def check_junit(text: str) -> ET.Element:
    """The document's root, once every rule above holds."""
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ET.fromstring(text.split("\n", 1)[1])
    bare = ET.fromstring(text.split("\n", 1)[1])
    for case in bare.iter("testcase"):
        for name in EXTENSIONS:
            case.attrib.pop(name, None)
    SCHEMA.validate(bare)  # raises with the path of what is wrong
    totals = {"tests": 0, "failures": 0, "errors": 0}
    seen: set[tuple[str, str]] = set()
    for suite in root:
        # when and where the suite ran, as Jenkins and GitLab show them
        datetime.fromisoformat(suite.get("timestamp", ""))
        assert suite.get("hostname") == socket.gethostname()
        cases = suite.findall("testcase")
        counts = {
            "tests": len(cases),
            "failures": sum(1 for c in cases if c.find("failure") is not None),
            "errors": sum(1 for c in cases if c.find("error") is not None),
        }
        for key, value in counts.items():
            assert suite.get(key) == str(value), (suite.get("name"), key)
            totals[key] += value
        case_times = 0.0
        for case in cases:
            assert case.get("name") and case.get("classname"), case.attrib
            key = (case.get("classname", ""), case.get("name", ""))
            assert key not in seen, f"two cases named {key}"
            seen.add(key)
            case_times += float(case.get("time", ""))
            if case.get("line") is not None:
                assert case.get("line", "").isdigit()
            assert len([c for c in case if c.tag in ("failure", "error", "skipped")]) <= 1
        assert abs(float(suite.get("time", "")) - case_times) < 0.001 * (len(cases) + 1)
    for key, value in totals.items():
        assert root.get(key) == str(value), key
    assert float(root.get("time", "")) >= 0
    return root


def test_the_schema_check_catches_what_ci_would_refuse() -> None:
    empty = check_junit(JUnitWriter("nothing").text())  # a run with no test
    assert (empty.get("tests"), len(empty)) == ("0", 0)
    for bad in (
        "<testsuites><testcase name='x' /></testsuites>",  # a case outside a suite
        "<testsuites><testsuite name='s' tests='0' failures='0' /></testsuites>",  # no errors=
        "<testsuites><testsuite name='s' tests='0' failures='0' errors='0' time='1s' />"
        "</testsuites>",  # a time that is not a number
    ):
        with pytest.raises(xmlschema.XMLSchemaValidationError):
            check_junit('<?xml version="1.0" encoding="UTF-8"?>\n' + bad)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_audit_junit_has_the_structure_ci_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    games = ROOT / "scenarios" / "games"
    two = tmp_path / "two.mlog"
    two.write_text(
        (games / "worked-example.mlog").read_text(encoding="utf-8")
        + "\n"
        + (games / "uk-1996-short.mlog").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    broken = tmp_path / "broken.mlog"
    broken.write_text('[Players "Ann, Ben"]\n1. Ann 4 - 2 Oriental Avenue\n', encoding="utf-8")
    wrong = tmp_path / "wrong.mlog"
    wrong.write_text('[Players "Ann, Ben"]\n1. Ann 1-2 Baltic Avenue buy 70\n', encoding="utf-8")
    long_game = sorted(games.glob("us-2018-long-*.mlog"))[0]
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        app,
        [
            "audit",
            "-j",
            jobs,
            "--format",
            "junit",
            "two.mlog",
            "broken.mlog",
            "wrong.mlog",
            str(long_game),
        ],
    )
    assert result.exit_code == 2, result.output
    text = result.stdout
    root = check_junit(text)
    cases = root.findall("testsuite/testcase")
    assert [c.get("name") for c in cases] == [
        "two.mlog",
        "two.mlog (game 2)",
        "broken.mlog",
        "wrong.mlog",
        str(long_game),
    ]
    assert cases[2].find("error") is not None and cases[3].find("failure") is not None
    # real times: each case's own, the suite's their sum; a long game takes some time
    assert float(cases[4].get("time", "0")) > 0


def test_check_junit_has_the_structure_ci_reads(tmp_path: Path) -> None:
    folder = tmp_path / "sc"
    folder.mkdir()
    (folder / "a.yaml").write_text(
        "scenarios:\n"
        "  - title: rent right\n"
        "    rules: [RENT-01]\n"
        "    record: |\n"
        '      [Players "Ann, Ben"]\n'
        "      1. Ann 1-2 Baltic Avenue buy 60\n"
        "      2. Ben 1-2 Baltic Avenue rent 4\n"
        "    expect: {findings: []}\n"
        "  - title: rent wrong\n"
        "    rules: [RENT-01]\n"
        "    record: |\n"
        '      [Players "Ann, Ben"]\n'
        "      1. Ann 1-2 Baltic Avenue buy 60\n"
        "      2. Ben 1-2 Baltic Avenue rent 5\n"
        "    expect: {findings: []}\n",
        encoding="utf-8",
    )
    (folder / "b.yaml").write_text("title: t\nrules: [NOPE-01]\nrecord: x\n", encoding="utf-8")
    out = tmp_path / "junit.xml"
    result = CliRunner().invoke(app, ["check", "--junit", str(out), str(folder)])
    assert result.exit_code != 0
    root = check_junit(out.read_text(encoding="utf-8"))
    assert [s.get("name") for s in root] == [str(folder / "a.yaml"), str(folder / "b.yaml")]
    cases = root.findall("testsuite/testcase")
    assert [c.get("name") for c in cases] == ["rent right", "rent wrong", "(invalid scenario file)"]
    assert cases[1].find("failure") is not None and cases[2].find("error") is not None
    assert cases[0].get("line") == "2"
    assert float(root.get("time", "")) > 0  # the scenarios' own times, measured


def test_a_spool_past_memory_gives_the_same_document(monkeypatch: pytest.MonkeyPatch) -> None:
    from monolog.reports.formats import junit

    # the two documents are built a moment apart: their suites' start times are made the same
    monkeypatch.setattr(junit, "now", lambda: "2026-01-01T12:00:00+00:00")

    def document() -> str:
        writer = JUnitWriter("many")
        for n in range(2000):
            writer.suite(f"suite {n // 500}") if n % 500 == 0 else None
            output = "Ann pays £" + "é" * (n % 7) + "\nline two"
            writer.case(junit.Case("c", f"case {n}", n / 1000, output=output))
        return writer.text()

    # both documents stamped with the same start, however long the first took to write
    monkeypatch.setattr(junit, "now", lambda: "2026-11-24T12:00:00+00:00")
    in_memory = document()
    monkeypatch.setattr(junit, "SPOOL_IN_MEMORY", 1000)  # a file after the first few cases
    monkeypatch.setattr(junit, "COPY", 333)  # copied in many pieces
    assert document() == in_memory
    root = check_junit(in_memory)
    assert [s.get("tests") for s in root] == ["500"] * 4


def test_the_audit_and_check_documents_come_from_one_writer() -> None:
    import inspect

    from monolog.reports.formats import junit
    from monolog.scenarios import junit as scenario_junit

    source = inspect.getsource(scenario_junit)
    assert "JUnitWriter" in source and "ElementTree" not in source
    assert junit.JUnitWriter is scenario_junit.JUnitWriter


def test_check_junit_dash_writes_the_document_to_stdout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--junit -` is stdout, as `-` is for the other commands' outputs (it made a file named
    '-'); the lines about each scenario then go to stderr, so stdout is the document alone."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "sc"
    folder.mkdir()
    (folder / "a.yaml").write_text(
        "title: rent right\nrules: [RENT-01]\nrecord: |\n"
        '  [Players "Ann, Ben"]\n  1. Ann 1-2 Baltic Avenue buy 60\n'
        "expect: {findings: []}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["check", "--junit", "-", str(folder)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    root = check_junit(result.stdout)
    assert [c.get("name") for c in root.iter("testcase")] == ["rent right"]
    assert "PASS" in result.stderr and not (tmp_path / "-").exists()
