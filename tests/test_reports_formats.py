"""SARIF, GitHub annotations and JUnit: structure, escaping and stability.

The SARIF 2.1.0 JSON schema is not shipped by any installed package and cannot be fetched while
testing, so `check_sarif` walks the log field by field against the schema's required properties,
allowed properties (every object in the schema forbids others), types and enumerations for the
objects monolog writes, and GitHub code scanning's own demands (a location per result, no empty
strings).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from monolog.findings.model import Finding, Severity
from monolog.notation.events import Span
from monolog.reports.formats import render_format
from monolog.reports.formats.github import annotation, to_github
from monolog.reports.formats.junit import to_junit
from monolog.reports.formats.sarif import artifact_uri, to_sarif_data

REPO = Path(__file__).resolve().parent.parent

# object -> (required, allowed) for the part of SARIF 2.1.0 monolog writes
SARIF_OBJECTS: dict[str, tuple[set[str], set[str]]] = {
    "log": (
        {"version", "runs"},
        {"$schema", "version", "runs", "inlineExternalProperties", "properties"},
    ),
    "run": (
        {"tool"},
        {
            "tool",
            "results",
            "columnKind",
            "invocations",
            "artifacts",
            "originalUriBaseIds",
            "properties",
        },
    ),
    "tool": ({"driver"}, {"driver", "extensions", "properties"}),
    "driver": (
        {"name"},
        {
            "name",
            "version",
            "semanticVersion",
            "informationUri",
            "rules",
            "fullName",
            "organization",
            "properties",
        },
    ),
    "rule": (
        {"id"},
        {
            "id",
            "name",
            "shortDescription",
            "fullDescription",
            "help",
            "helpUri",
            "defaultConfiguration",
            "properties",
        },
    ),
    "text": ({"text"}, {"text", "markdown", "properties"}),
    "config": (set(), {"enabled", "level", "rank", "parameters", "properties"}),
    "result": (
        {"message"},
        {
            "ruleId",
            "ruleIndex",
            "level",
            "message",
            "locations",
            "partialFingerprints",
            "fingerprints",
            "properties",
            "kind",
        },
    ),
    "location": (set(), {"physicalLocation", "message", "id", "properties"}),
    "physical": (set(), {"artifactLocation", "region", "contextRegion", "address", "properties"}),
    "artifact": (set(), {"uri", "uriBaseId", "index", "description", "properties"}),
    "region": (
        set(),
        {
            "startLine",
            "startColumn",
            "endLine",
            "endColumn",
            "charOffset",
            "charLength",
            "snippet",
            "message",
            "properties",
        },
    ),
}
LEVELS = {"none", "note", "warning", "error"}


def _obj(kind: str, value: Any, where: str) -> dict[str, Any]:
    assert isinstance(value, dict), f"{where}: an object"
    required, allowed = SARIF_OBJECTS[kind]
    assert required <= set(value), f"{where}: missing {sorted(required - set(value))}"
    assert set(value) <= allowed, f"{where}: not allowed {sorted(set(value) - allowed)}"
    return value


def _no_empty_strings(value: Any, where: str = "$") -> None:
    if isinstance(value, str):
        assert value != "", f"{where}: empty string"
    elif isinstance(value, dict):
        for k, v in value.items():
            _no_empty_strings(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _no_empty_strings(v, f"{where}[{i}]")


def check_sarif(log: Any) -> None:
    _obj("log", log, "$")
    assert log["version"] == "2.1.0"
    assert isinstance(log["runs"], list)
    _no_empty_strings(log)
    for r, run in enumerate(log["runs"]):
        _obj("run", run, f"runs[{r}]")
        driver = _obj("driver", _obj("tool", run["tool"], "tool")["driver"], "driver")
        assert isinstance(driver["name"], str)
        rules = driver.get("rules", [])
        ids = [rule["id"] for rule in rules]
        assert len(ids) == len(set(ids)), "rule ids are unique"
        for rule in rules:
            _obj("rule", rule, f"rule {rule.get('id')}")
            for key in ("shortDescription", "fullDescription", "help"):
                assert key in rule, f"rule {rule['id']}: {key} (code scanning shows it)"
                _obj("text", rule[key], f"rule {rule['id']}.{key}")
            if "defaultConfiguration" in rule:
                config = _obj("config", rule["defaultConfiguration"], "defaultConfiguration")
                assert config["level"] in LEVELS
        for i, result in enumerate(run.get("results", [])):
            where = f"results[{i}]"
            _obj("result", result, where)
            _obj("text", result["message"], f"{where}.message")
            assert result["level"] in LEVELS
            assert result["ruleId"] in ids
            assert ids[result["ruleIndex"]] == result["ruleId"]
            assert result["locations"], f"{where}: code scanning needs a location"
            for loc in result["locations"]:
                phys = _obj("physical", _obj("location", loc, where)["physicalLocation"], where)
                uri = _obj("artifact", phys["artifactLocation"], where)["uri"]
                assert not uri.startswith("/") and "\\" not in uri, f"{where}: relative {uri}"
                region = _obj("region", phys["region"], where)
                for key in ("startLine", "startColumn", "endLine", "endColumn"):
                    assert isinstance(region[key], int) and region[key] >= 1
                assert (region["endLine"], region["endColumn"]) > (
                    region["startLine"],
                    region["startColumn"],
                )
            prints = result["partialFingerprints"]
            assert prints and all(isinstance(v, str) and v for v in prints.values())


def f(code: str, message: str, line: int = 3, sev: Severity = Severity.ERROR) -> Finding:
    return Finding(
        code, sev, message, span=Span(line, 5, line, 12), rule="RENT-01", expected=52, recorded=26
    )


GAMES = [
    (
        "games/a.mlog",
        {"Event": "Club night"},
        [
            f("M301", "rent is $52: Ann holds all three light blues"),
            f("A02", "a disputed point", 7, Severity.INFO),
            f("W001", "Ann's cash is $1,200, not $1,100", 9, Severity.WARNING),
        ],
    ),
    ("games/b.mlog", {}, []),
]


def test_sarif_has_the_structure_code_scanning_reads() -> None:
    log = to_sarif_data(GAMES, root=str(REPO), information_uri="https://example.org/monolog")
    check_sarif(log)
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["M301", "A02", "W001"]
    m301 = run["tool"]["driver"]["rules"][0]
    from monolog.findings.catalogue import load_catalogue

    entry = load_catalogue()["M301"]
    assert m301["shortDescription"]["text"] == entry.title
    assert m301["fullDescription"]["text"] == entry.summary
    assert [r["level"] for r in run["results"]] == ["error", "note", "warning"]
    first = run["results"][0]["locations"][0]["physicalLocation"]
    assert first["artifactLocation"]["uri"] == "games/a.mlog"
    assert first["region"] == {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 12}


def test_sarif_of_the_real_records_is_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    text = render_format("sarif", _real_games())
    check_sarif(json.loads(text))


def test_sarif_fingerprints_survive_lines_added_above() -> None:
    moved = [
        (
            file,
            header,
            [replace(x, span=Span(x.line + 4, 1, x.line + 4, 3)) for x in fs],
        )
        for file, header, fs in GAMES
    ]
    prints = [
        [r["partialFingerprints"] for r in to_sarif_data(g, root=str(REPO))["runs"][0]["results"]]
        for g in (GAMES, moved, GAMES)
    ]
    assert prints[0] == prints[1] == prints[2]
    values = [next(iter(p.values())) for p in prints[0]]
    assert len(set(values)) == len(values)


def test_sarif_catalogue_entry_is_used_when_missing_codes_fall_back() -> None:
    log = to_sarif_data([("x.mlog", {}, [f("M999", "no such code")])], root=str(REPO))
    check_sarif(log)
    rule = log["runs"][0]["tool"]["driver"]["rules"][0]
    assert rule["shortDescription"]["text"] == "monolog finding M999"


def test_artifact_uri_is_relative_to_the_root(tmp_path: Path) -> None:
    record = tmp_path / "sub" / "g.mlog"
    assert artifact_uri(str(record), str(tmp_path)) == "sub/g.mlog"
    assert artifact_uri("./sub/g.mlog", str(tmp_path)) == "sub/g.mlog"


def test_github_annotations() -> None:
    text = to_github(GAMES)
    lines = text.splitlines()
    assert lines[0] == "::group::games/a.mlog" and lines[-1] == "::endgroup::"
    assert lines[1] == (
        "::error file=games/a.mlog,line=3,col=5,endLine=3,endColumn=12,title=M301 [RENT-01]"
        "::rent is $52: Ann holds all three light blues"
    )
    assert lines[2].startswith("::notice ") and lines[3].startswith("::warning ")
    assert "games/b.mlog" not in text  # a clean game has no annotation


def test_github_escapes_properties_and_data() -> None:
    odd = Finding("M301", Severity.ERROR, "100% wrong\nsecond", span=Span(1, 1, 1, 2))
    line = annotation(odd, "a,b:c.mlog")
    assert "file=a%2Cb%3Ac.mlog" in line
    assert line.endswith("::100%25 wrong%0Asecond")


def test_junit_structure() -> None:
    root = ET.fromstring(to_junit(GAMES).split("\n", 1)[1])
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert len(suites) == 1
    suite = suites[0]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["games/a.mlog", "games/b.mlog"]
    failure = cases[0].find("failure")
    assert failure is not None and failure.get("type") == "M301"
    assert failure.get("message") == "1 finding: M301"
    assert failure.text == (
        "games/a.mlog:3:5 M301 rent is $52: Ann holds all three light blues [RENT-01]"
    )
    out = cases[0].find("system-out")
    assert out is not None and "A02" in (out.text or "") and "W001" in (out.text or "")
    assert cases[1].find("failure") is None and cases[1].find("system-out") is None


def test_junit_strict_and_unreadable() -> None:
    strict = ET.fromstring(to_junit(GAMES, strict=True).split("\n", 1)[1])
    failure = strict.find("testsuite/testcase/failure")
    assert failure is not None and failure.get("message") == "3 findings: A02, M301, W001"
    broken = [
        ("c.mlog", {}, [Finding("P101", Severity.ERROR, "unexpected ','", span=Span(2, 4, 2, 5))])
    ]
    root = ET.fromstring(to_junit(broken).split("\n", 1)[1])
    assert root.get("errors") == "1"
    error = root.find("testsuite/testcase/error")
    assert error is not None and error.get("type") == "P101"


def test_audit_writes_each_format(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from monolog.cli import app

    monkeypatch.chdir(REPO)
    for kind, start in (("sarif", "{"), ("junit", "<?xml"), ("github", "::group::")):
        result = CliRunner().invoke(
            app, ["audit", "scenarios/games/uk-1996-short.mlog", "--format", kind]
        )
        assert result.exit_code == 0, result.output
        assert result.output.startswith(start)


def _real_games() -> list[Any]:
    from monolog.reports.game import load_game
    from monolog.reports.settlement import settle

    out = []
    for name in ("worked-example.mlog", "uk-1996-short.mlog"):
        path = f"scenarios/games/{name}"
        game = load_game(str(REPO / path))
        out.append((path, game.header, [*game.findings, *settle(game).findings]))
    return out


def test_sarif_fingerprints_survive_a_reworded_message() -> None:
    reworded = [
        (file, header, [replace(x, message="other words " + x.message) for x in fs])
        for file, header, fs in GAMES
    ]
    prints = [
        [r["partialFingerprints"] for r in to_sarif_data(g, root=str(REPO))["runs"][0]["results"]]
        for g in (GAMES, reworded)
    ]
    assert prints[0] == prints[1]


def test_sarif_locations_are_relative_to_the_repository_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    deeper = tmp_path / "club" / "games"
    deeper.mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "club")
    log = to_sarif_data([("games/a.mlog", {}, [f("M301", "rent is $6", 3)])])
    run = log["runs"][0]
    location = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "club/games/a.mlog", "uriBaseId": "%SRCROOT%"}
    assert run["invocations"] == [{"executionSuccessful": True}]


def _page_anchors(page: str) -> set[str]:
    """The anchors a Markdown renderer gives the headings of `page` (GitHub's slugs: lower
    case, punctuation dropped, each space a hyphen), counted here on their own."""
    anchors = set()
    for line in page.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip().lower()
            anchors.add("".join(c for c in heading if c.isalnum() or c in " -").replace(" ", "-"))
    return anchors


def test_every_sarif_rule_links_to_its_section_of_the_rules_page() -> None:
    from urllib.parse import urlsplit

    from monolog.findings.catalogue import RULES_PAGE, load_catalogue

    catalogue = load_catalogue()
    games = [("x.mlog", {}, [f(entry.code, entry.title) for entry in catalogue])]
    rules = to_sarif_data(games, root=str(REPO))["runs"][0]["tool"]["driver"]["rules"]
    assert len(rules) == len(catalogue) > 100
    page = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    anchors = _page_anchors(page)
    # the page is the repository's docs/rules.md, at the place the address names
    assert urlsplit(RULES_PAGE).path.endswith("/docs/rules.md")
    for rule in rules:
        parts = urlsplit(rule["helpUri"])
        assert parts.scheme == "https" and parts.netloc, rule["helpUri"]  # an absolute URI
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == RULES_PAGE
        assert parts.fragment in anchors, f"{rule['id']}: no heading for #{parts.fragment}"
        assert parts.fragment.startswith(rule["id"].lower() + "-")
    # and the page's own table of codes links to the same sections
    assert {r["helpUri"].split("#")[1] for r in rules} <= set(
        link.split(")")[0] for link in page.split("](#")[1:]
    )
