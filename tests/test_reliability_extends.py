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


# ------------------------------------------------- schema errors of the merged edition
#
# The schema checks the merged edition and names merged key paths (`squares[1]` is the square
# at board position 1). Before, an edition using `extends:` was reported with that merged path,
# against the file that was loaded, and with no line:col: a wrong value in a child's first
# square entry read `child.yaml: squares[1].price: ...`, and a wrong value in a parent or a
# grandparent was blamed on the child. Each complaint now names the file that wrote the value,
# its line and column, and the key path as written in that file.

CHAIN = {
    "grand.yaml": "extends: us-2018\ntitle: Grand\nrules:\n  go_salary: 250\n",
    "parent.yaml": "extends: grand.yaml\nsquares:\n  - index: 3\n    price: 70\n",
    "child.yaml": "extends: parent.yaml\nsquares:\n  - index: 1\n    price: 80\n",
}


def _chain(tmp_path: Path, **changed: str) -> Path:
    for name, text in CHAIN.items():
        (tmp_path / name).write_text(changed.get(name.split(".")[0], text), encoding="utf-8")
    return tmp_path / "child.yaml"


def _error(child: Path) -> EditionError:
    with pytest.raises(EditionError) as caught:
        load_edition(str(child))
    return caught.value


def test_the_good_chain_of_three_files_loads(tmp_path: Path) -> None:
    edition = load_edition(str(_chain(tmp_path)))
    assert edition.rules.go_salary == 250
    assert (edition.squares[1].price, edition.squares[3].price) == (80, 70)


def test_the_childs_first_square_entry_is_named_as_the_child_wrote_it(tmp_path: Path) -> None:
    child = _chain(
        tmp_path, child="extends: parent.yaml\nsquares:\n  - index: 1\n    price: eighty\n"
    )
    err = _error(child)
    assert str(err).startswith(f"{child}:4:12: squares[0].price: expected a whole number")
    assert err.path == "squares[0].price"
    assert "squares[1]" not in str(err)


def test_a_wrong_value_in_the_parent_is_reported_in_the_parent(tmp_path: Path) -> None:
    child = _chain(
        tmp_path,
        parent="extends: grand.yaml\n\nsquares:\n  - index: 3\n    price: -70\n",
    )
    err = _error(child)
    parent = tmp_path.resolve() / "parent.yaml"
    assert str(err).startswith(f"{parent}:5:12: squares[0].price: expected a whole number")


def test_a_wrong_value_in_the_grandparent_is_reported_in_the_grandparent(tmp_path: Path) -> None:
    child = _chain(tmp_path, grand="extends: us-2018\ntitle: Grand\nrules:\n  go_salary: -250\n")
    err = _error(child)
    grand = tmp_path.resolve() / "grand.yaml"
    assert str(err).startswith(f"{grand}:4:14: rules.go_salary: expected a whole number")


def test_a_field_the_child_leaves_is_the_parents_even_when_the_child_changes_the_square(
    tmp_path: Path,
) -> None:
    """The parent's wrong price of square 3 stays the parent's when the child renames square 3:
    the square is merged field by field, and so is where each field came from."""
    child = _chain(
        tmp_path,
        parent="extends: grand.yaml\nsquares:\n  - index: 3\n    price: 7000\n"
        "    mortgage_value: 9000\n",
        child="extends: parent.yaml\nsquares:\n  - index: 1\n    price: 80\n"
        "  - index: 3\n    name: Baltic Road\n",
    )
    err = _error(child)
    parent = tmp_path.resolve() / "parent.yaml"
    assert str(err).startswith(f"{parent}:5:21: squares[0].mortgage_value: expected at most")


def test_a_value_the_child_overrides_hides_the_parents(tmp_path: Path) -> None:
    child = _chain(
        tmp_path,
        grand="extends: us-2018\nrules:\n  go_salary: -250\n",
        child="extends: parent.yaml\nrules:\n  go_salary: 300\n",
    )
    assert load_edition(str(child)).rules.go_salary == 300


def test_a_card_overridden_by_id_is_named_as_the_child_wrote_it(tmp_path: Path) -> None:
    """Cards are matched by id: the child's card replaces the base's card CH05 (position 4 of
    the merged chance deck), and a complaint names the child's `cards[0]`."""
    child = _chain(
        tmp_path,
        child="extends: parent.yaml\ndecks:\n  chance:\n    cards:\n"
        "      - id: CH05\n        title: Bank pays you\n        kind: collect\n"
        "        amount: lots\n",
    )
    err = _error(child)
    assert str(err).startswith(f"{child}:8:17: decks.chance.cards[0].amount: expected a whole")


def test_a_card_inherited_from_the_grandparent_is_named_there(tmp_path: Path) -> None:
    child = _chain(
        tmp_path,
        grand="extends: us-2018\ndecks:\n  chest:\n    cards:\n"
        "      - {id: CC02, title: Fee, kind: pay, amount: 50}\n"
        "      - {id: NEW1, title: Odd, kind: teleport}\n",
    )
    err = _error(child)
    grand = tmp_path.resolve() / "grand.yaml"
    assert str(err).startswith(f"{grand}:6:38: decks.chest.cards[1].kind: expected one of")


def test_aliases_added_along_the_chain_are_each_named_where_written(tmp_path: Path) -> None:
    child = _chain(
        tmp_path,
        parent="extends: grand.yaml\nsquares:\n  - index: 1\n    aliases: [Med, 5]\n",
        child="extends: parent.yaml\nsquares:\n  - index: 1\n    aliases: [Medi]\n",
    )
    err = _error(child)
    parent = tmp_path.resolve() / "parent.yaml"
    assert str(err).startswith(f"{parent}:4:20: squares[0].aliases[1]: expected text, got 5")


def test_of_two_values_in_conflict_the_extending_files_is_reported(tmp_path: Path) -> None:
    """A card id the child adds that the base already uses: the base's card was fine where it
    was written, so the child's is named (before: the base's card, against the child file)."""
    child = _chain(
        tmp_path,
        child="extends: parent.yaml\ndecks:\n  chance:\n    cards:\n"
        "      - {id: CC01, title: Twin, kind: collect, amount: 5}\n",
    )
    err = _error(child)
    assert str(err).startswith(f"{child}:5:14: decks.chance.cards[0].id: card id 'CC01' is also")


def test_a_missing_field_is_placed_at_the_entry_that_changed_the_square(tmp_path: Path) -> None:
    child = _chain(tmp_path, child="extends: parent.yaml\nsquares:\n  - index: 2\n    kind: site\n")
    err = _error(child)
    assert str(err).startswith(f"{child}:3:5: squares[0].price: missing (required)")


def test_the_message_quotes_only_a_short_escaped_line_of_the_file(tmp_path: Path) -> None:
    long_kind = "castle\\n" + "x" * 5000
    child = _chain(
        tmp_path,
        parent=f'extends: grand.yaml\nsquares:\n  - index: 5\n    kind: "{long_kind}"\n',
        child='extends: parent.yaml\nrules:\n  "go\\nsalary' + "y" * 200 + '": 1\n',
    )
    err = str(_error(child))
    assert "\n" not in err and "y" * 50 not in err and len(err) < 1000, err
    assert str(child) + ":3:" in err and "'go\\nsalary" in err
    (tmp_path / "child.yaml").write_text("extends: parent.yaml\n", encoding="utf-8")
    err = str(_error(child))
    assert "\n" not in err and "x" * 50 not in err and "squares[0].kind" in err, err


def test_the_command_line_names_the_grandparent(tmp_path: Path) -> None:
    child = _chain(tmp_path, grand="extends: us-2018\nrules:\n  go_salary: -250\n")
    (tmp_path / "g.mlog").write_text('[Players "Ann, Ben"]\n1. Ann 3-4\n', encoding="utf-8")
    grand = tmp_path.resolve() / "grand.yaml"
    out = run_cli(["audit", "--edition", child.name, "g.mlog"], tmp_path)
    assert out.clean and out.code == 2, out
    assert f"{grand}:3:14: rules.go_salary: expected a whole number" in out.stderr, out
    out = run_cli(["rules", "show", child.name], tmp_path)
    assert out.clean and out.code != 0, out
    assert f"{grand}:3:14: rules.go_salary: expected a whole number" in out.stderr, out


def test_a_records_edition_tag_names_the_childs_line_in_w009(tmp_path: Path) -> None:
    child = _chain(
        tmp_path, child="extends: parent.yaml\nsquares:\n  - index: 1\n    price: eighty\n"
    )
    record = tmp_path / "g.mlog"
    record.write_text(
        f'[Edition "{child.name}"]\n[Players "Ann, Ben"]\n1. Ann 3-4\n', encoding="utf-8"
    )
    out = run_cli(["audit", "--format", "json", record.name], tmp_path)
    assert out.clean, out
    assert "W009" in out.stdout
    assert f"{child.resolve()}:4:12: squares[0].price: expected a whole number" in out.stdout


LONG = "a" * 600


@pytest.mark.parametrize(
    "text",
    [
        f"extends: us-2018\ntitle: *{LONG}\n",  # an alias PyYAML names in its problem
        f"extends: us-2018\ntitle: !{LONG} x\n",  # a tag PyYAML names
        f"extends: us-2018\n{LONG}: 1\n{LONG}: 2\n",  # a duplicate key
        f"extends: {LONG}.yaml\n",  # the extends value itself
        f"extends: us-2018\nsettled: [{LONG}]\n",  # a schema check that quotes the value
    ],
    ids=["alias", "tag", "duplicate-key", "extends-value", "settled"],
)
def test_no_message_quotes_more_than_a_short_excerpt(tmp_path: Path, text: str) -> None:
    """Each of these quoted the 600 characters whole."""
    child = tmp_path / "child.yaml"
    child.write_text(text, encoding="utf-8")
    err = str(_error(child))
    assert "a" * 120 not in err and "\n" not in err, err
    assert err.startswith(f"{child}:"), err
