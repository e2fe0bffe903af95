"""`extends:` chains with wrong-shaped values are refused with the file:line:col of the value,
never a traceback: each file is checked for the shapes merging relies on before it is merged
(before, an unhashable square index, a card id that is a list, `rules: 5` in the parent or
`decks` as a list crashed the merge, which ran before the schema check)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_process import run_cli

from monolog.editions import EditionError, load_edition

CASES = {
    "unhashable-index": ("child", "squares:\n  - index: [1]\n    price: 70\n", 3),
    "card-id-list": (
        "child",
        "decks:\n  chance:\n    cards:\n      - id: [CH01]\n        text: x\n",
        5,
    ),
    "rules-number-in-parent": ("parent", "rules: 5\n", 2),
    "decks-list": ("child", "decks:\n  - chance\n", 3),
    "square-not-mapping": ("child", "squares:\n  - 5\n", 3),
    "squares-mapping": ("child", "squares:\n  index: 1\n", 3),
}


def _files(tmp_path: Path, where: str, text: str) -> Path:
    parent = tmp_path / "parent.yaml"
    child = tmp_path / "child.yaml"
    if where == "parent":
        parent.write_text("extends: us-2018\n" + text, encoding="utf-8")
        child.write_text("extends: parent.yaml\n", encoding="utf-8")
    else:
        parent.write_text("extends: us-2018\n", encoding="utf-8")
        child.write_text("extends: parent.yaml\n" + text, encoding="utf-8")
    return child


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_wrong_shape_is_located_in_its_own_file(tmp_path: Path, case: str) -> None:
    where, text, line = CASES[case]
    child = _files(tmp_path, where, text)
    with pytest.raises(EditionError) as caught:
        load_edition(str(child))
    message = str(caught.value)
    named = tmp_path / f"{where}.yaml"
    assert re.search(re.escape(str(named.name)) + rf":{line}:\d+", message), message


def test_the_command_line_reports_it_with_exit_2(tmp_path: Path) -> None:
    child = _files(tmp_path, "parent", "rules: 5\n")
    (tmp_path / "g.mlog").write_text('[Players "Ann, Ben"]\n1. Ann 3-4\n', encoding="utf-8")
    out = run_cli(["audit", "--edition", str(child), "g.mlog"], tmp_path)
    assert out.clean and out.code == 2, out
    assert "parent.yaml:2:" in out.stderr and "expected a mapping" in out.stderr


def test_a_good_chain_still_merges(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text(
        "extends: us-2018\nrules:\n  go_salary: 400\n", encoding="utf-8"
    )
    (tmp_path / "child.yaml").write_text(
        "extends: parent.yaml\nsquares:\n  - index: 1\n    price: 70\n", encoding="utf-8"
    )
    edition = load_edition(str(tmp_path / "child.yaml"))
    assert edition.squares[1].price == 70


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("[us-2018]", "expected an edition key or a file path"),
        ("nowhere.yaml", "no edition or file 'nowhere.yaml'"),
        ("notes.txt", "is not a .yaml file"),
        ("child.yaml", "levels of extends (a cycle?)"),
    ],
)
def test_a_wrong_extends_value_is_located_too(tmp_path: Path, value: str, words: str) -> None:
    """The extends value itself, not only the shapes it merges, is reported at file:line:col
    (these messages named the file alone)."""
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    child = tmp_path / "child.yaml"
    child.write_text(f"title: mine\nextends: {value}\n", encoding="utf-8")
    with pytest.raises(EditionError) as err:
        load_edition(str(child))
    assert re.search(r"child\.yaml:2:10: extends: ", str(err.value)), str(err.value)
    assert words in str(err.value)
