"""The JSON Schemas of scenario files and edition files (docs/*.schema.json) hold every shipped
file, reject wrong ones the loaders reject too, name the keys the loaders know, and the worked
example of docs/scenarios.md is a scenario file that passes."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import fields
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from testkit.corpus import shipped_scenario_data

from monolog.editions import EditionError, deck_schema, list_editions, load_edition
from monolog.editions import schema as edition_code
from monolog.editions.model import RuleParams
from monolog.scenarios import model as scenario_code
from monolog.scenarios.model import ScenarioFileError, load_scenarios
from monolog.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SCENARIO_FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
EDITION_DATA = resources.files("monolog.editions") / "data"


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((DOCS / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


SCENARIO = _validator("scenario.schema.json")
EDITION = _validator("edition.schema.json")


def _problems(validator: jsonschema.Draft202012Validator, data: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)
    ]


def _edition_text(key: str) -> str:
    return (EDITION_DATA / f"{key}.yaml").read_text(encoding="utf-8")


def test_there_are_files_to_check() -> None:
    assert len(SCENARIO_FILES) > 350
    assert set(list_editions()) >= {"uk-1996", "uk-esl", "us-2018", "us-classic"}


def test_every_shipped_scenario_file_fits_the_schema() -> None:
    # one pass; the failure lists every file that does not fit, with its problems
    offenders = []
    assert [path for path, _ in shipped_scenario_data()] == SCENARIO_FILES
    for path, data in shipped_scenario_data():
        problems = _problems(SCENARIO, data)
        offenders += [f"{path.relative_to(ROOT)}: {problem}" for problem in problems]
    assert offenders == []


@pytest.mark.parametrize("key", list_editions())
def test_every_shipped_edition_fits_the_schema(key: str) -> None:
    assert _problems(EDITION, yaml.safe_load(_edition_text(key))) == []


# ---------------------------------------------------------------- the schemas know the same keys


def _props(schema: dict[str, Any], *where: str) -> set[str]:
    node: Any = schema
    for part in where:
        node = node[part]
    return set(node["properties"])


def test_the_scenario_schema_names_the_keys_the_loader_knows() -> None:
    s = SCENARIO.schema
    assert _props(s, "$defs", "scenario") == set(scenario_code.SCENARIO_KEYS)
    assert _props(s, "$defs", "expect") == set(scenario_code.EXPECT_KEYS)
    assert _props(s, "$defs", "finding") == set(scenario_code.FINDING_KEYS)
    assert _props(s, "$defs", "parse_error") == set(scenario_code.PARSE_ERROR_KEYS)
    severity = s["$defs"]["finding"]["properties"]["severity"]["enum"]
    assert tuple(severity) == scenario_code.SEVERITIES


def test_the_edition_schema_names_the_keys_the_loader_knows() -> None:
    s = EDITION.schema
    assert set(s["properties"]) == set(edition_code.TOP_KEYS)
    assert set(s["then"]["required"]) == set(edition_code.REQUIRED_TOP)
    assert _props(s, "$defs", "rules") == {f.name for f in fields(RuleParams)}
    assert _props(s, "$defs", "square") == set(edition_code.SQUARE_KEYS)
    assert _props(s, "$defs", "card") == set(deck_schema.CARD_KEYS)
    variant = s["properties"]["variants"]["additionalProperties"]
    assert set(variant["properties"]) == set(edition_code.VARIANT_KEYS)
    assumption = s["properties"]["assumptions"]["additionalProperties"]
    assert set(assumption["properties"]) == set(edition_code.ASSUMPTION_KEYS)
    square_kinds = s["$defs"]["square"]["properties"]["kind"]["enum"]
    assert tuple(square_kinds) == edition_code.SQUARE_KINDS
    assert tuple(s["$defs"]["card"]["properties"]["kind"]["enum"]) == deck_schema.CARD_KINDS


# ---------------------------------------------------------------- wrong files are rejected

GOOD_SCENARIO: dict[str, Any] = {
    "title": "Wrong rent",
    "rules": ["RENT-04"],
    "record": '[Players "Ann, Ben"]\n1. Ben 4-4 Vermont Avenue\n',
    "expect": {"findings": [{"code": "M301", "line": 2}]},
}


def _wrong_scenarios() -> list[Any]:
    def changed(**keys: Any) -> dict[str, Any]:
        data = copy.deepcopy(GOOD_SCENARIO)
        for key, value in keys.items():
            if value is None:
                del data[key]
            else:
                data[key] = value
        return data

    both = changed(record_file="game.mlog")
    return [
        pytest.param(changed(ttile="x"), id="unknown key"),
        pytest.param(changed(title=None), id="no title"),
        pytest.param(changed(rules=None), id="no rules"),
        pytest.param(changed(title=12), id="title a number"),
        pytest.param(changed(rules="RENT-04"), id="rules not a list"),
        pytest.param(changed(rules=["rent-4"]), id="not a rule ID"),
        pytest.param(changed(record=None), id="no record"),
        pytest.param(both, id="record and record_file"),
        pytest.param(changed(rulings={"CF2": "x"}), id="ruling not a CF item"),
        pytest.param(changed(expect={"finding": []}), id="unknown expect key"),
        pytest.param(changed(expect={"findings": [{"code": "X1", "line": 2}]}), id="bad code"),
        pytest.param(changed(expect={"findings": [{"code": "M301"}]}), id="finding without line"),
        pytest.param(changed(expect={"findings": [{"code": "M301", "line": "2"}]}), id="line text"),
        pytest.param(
            changed(expect={"findings": [{"code": "M301", "line": 2, "severity": "fatal"}]}),
            id="bad severity",
        ),
        pytest.param(
            changed(expect={"parse_error": {"code": "M301", "line": 2}}), id="parse error not P"
        ),
        pytest.param(
            changed(expect={"parse_error": {"code": "P111"}, "findings": []}),
            id="parse error and findings",
        ),
        pytest.param(changed(expect={"state": {2: 5}}), id="state not a snapshot"),
        pytest.param({"scenarios": []}, id="empty list"),
        pytest.param({"scenarios": [GOOD_SCENARIO], "title": "x"}, id="list and more"),
    ]


@pytest.mark.parametrize("data", _wrong_scenarios())
def test_a_wrong_scenario_file_is_rejected_by_the_schema_and_the_loader(
    data: Any, tmp_path: Path
) -> None:
    assert _problems(SCENARIO, data) != []
    (tmp_path / "game.mlog").write_text("1. Ann 3-4 Vermont Avenue\n", encoding="utf-8")
    path = tmp_path / "wrong.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioFileError):
        load_scenarios(path)


def test_the_good_scenario_fits_both() -> None:
    assert _problems(SCENARIO, GOOD_SCENARIO) == []
    assert _problems(SCENARIO, {"scenarios": [GOOD_SCENARIO]}) == []


def _wrong_editions() -> list[Any]:
    base = yaml.safe_load(_edition_text("us-2018"))

    def wrong(change: Any) -> dict[str, Any]:
        data = copy.deepcopy(base)
        change(data)
        return data

    return [
        pytest.param(wrong(lambda d: d.update(colour="red")), id="unknown top key"),
        pytest.param(wrong(lambda d: d.pop("squares")), id="no squares"),
        pytest.param(wrong(lambda d: d.pop("currency")), id="no currency"),
        pytest.param(wrong(lambda d: d["squares"].pop()), id="39 squares"),
        pytest.param(wrong(lambda d: d["squares"][1].update(kind="street")), id="square kind"),
        pytest.param(wrong(lambda d: d["squares"][1]["rents"].pop()), id="five rents"),
        pytest.param(wrong(lambda d: d["squares"][1].update(price=-60)), id="negative price"),
        pytest.param(wrong(lambda d: d["rules"].update(go_salary="200")), id="salary as text"),
        pytest.param(wrong(lambda d: d["rules"].update(salary=200)), id="unknown rule"),
        pytest.param(
            wrong(lambda d: d["decks"]["chance"]["cards"][0].update(kind="teleport")),
            id="card kind",
        ),
        pytest.param(wrong(lambda d: d.update(readings={"CF-02": 3})), id="reading a number"),
        pytest.param(
            wrong(lambda d: d.update(variants={"short": {"rules": {}}})), id="variant no title"
        ),
    ]


@pytest.mark.parametrize("data", _wrong_editions())
def test_a_wrong_edition_file_is_rejected_by_the_schema_and_the_loader(
    data: Any, tmp_path: Path
) -> None:
    assert _problems(EDITION, data) != []
    data["key"] = "wrong"
    path = tmp_path / "wrong.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(EditionError):
        load_edition(str(path))


def test_the_gnome_profile_fits_the_schema() -> None:
    profile = yaml.safe_load((DOCS.parent / "examples" / "gnome" / "gnome.yaml").read_text("utf-8"))
    assert _problems(EDITION, profile) == []
    assert _problems(EDITION, {**profile, "engine": {"name": "x", "plays": {"CF71": "a"}}}) != []


def test_an_extending_edition_gives_only_what_differs() -> None:
    partial = {"extends": "us-2018", "title": "x", "squares": [{"index": 4, "tax": 150}]}
    assert _problems(EDITION, partial) == []
    assert _problems(EDITION, {k: v for k, v in partial.items() if k != "extends"}) != []


# ---------------------------------------------------------------- docs/scenarios.md


def _doc() -> str:
    return (DOCS / "scenarios.md").read_text(encoding="utf-8")


def test_the_doc_names_every_key() -> None:
    doc = _doc()
    keys = {
        *scenario_code.SCENARIO_KEYS,
        *scenario_code.EXPECT_KEYS,
        *scenario_code.FINDING_KEYS,
        "scenarios",
    }
    for key in keys:
        assert f"`{key}`" in doc, key


def test_the_worked_example_passes(tmp_path: Path) -> None:
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", _doc(), re.S) if "scenarios:" in b]
    assert len(blocks) == 1
    assert _problems(SCENARIO, yaml.safe_load(blocks[0])) == []
    path = tmp_path / "example.yaml"
    path.write_text(blocks[0], encoding="utf-8")
    scenarios = load_scenarios(path)
    assert [s.title for s in scenarios] == [
        "Double rent on a complete group",
        "Half the rent is a mistake at its line",
        "A die cannot show 7",
    ]
    results = [run_scenario(s) for s in scenarios]
    assert [r.passed for r in results] == [True, True, True], [r.problems for r in results]
    # the snapshot it pins is checked: another figure fails
    path.write_text(blocks[0].replace("cash: 1488", "cash: 1489"), encoding="utf-8")
    wrong = run_scenario(load_scenarios(path)[0])
    assert not wrong.passed
    assert any("players.Ben.cash: expected 1489, got 1488" in p for p in wrong.problems)
