"""tools/port_scenario.py: scenarios moved to another edition's board, names and decks."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from monolog.editions import load_edition
from monolog.scenarios.model import parse_scenarios
from monolog.scenarios.runner import run_scenario

ROOT = Path(__file__).resolve().parent.parent


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("port_scenario", ROOT / "tools/port_scenario.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["port_scenario"] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


@pytest.fixture(scope="module")
def porter() -> object:
    return tool.Porter(load_edition("us-2018"), load_edition("uk-1996"))


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / "src" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


RENT = """\
title: Rent on Boardwalk with Park Place held too
rules: [RENT-04, SET-01]
record: |
  [Players "Ann, Ben"]
  ; Ann holds Park Place and Boardwalk: $100 is due
  setup Ann owns Park Place, Boardwalk, Oriental Avenue
  setup Ben at #33
  setup next Ben
  1. Ben 2-4 Boardwalk rent $100 {double rent on Boardwalk}
expect:
  findings: []
  final:
    players: {Ann: {cash: 1600}}
    deeds: {Boardwalk: {owner: Ann}, Oriental Avenue: {owner: Ann}}
"""


def test_squares_renamed_in_place_comments_kept(porter: object) -> None:
    data = yaml.safe_load(RENT)
    out = tool.port_scenario(porter, data, Path("."), False)
    assert out["record"] == (
        '[Players "Ann, Ben"]\n'
        "; Ann holds Park Lane and Mayfair: £100 is due\n"
        'setup Ann owns Park Lane, Mayfair, "The Angel, Islington"\n'
        "setup Ben at #33\n"
        "setup next Ben\n"
        "1. Ben 2-4 Mayfair rent £100 {double rent on Mayfair}\n"
    )
    assert out["title"] == "Rent on Mayfair with Park Lane held too (uk-1996)"
    assert out["edition"] == "uk-1996"  # no [Edition] tag in the record: the key says it
    assert out["rules"] == ["RENT-04"]  # SET-01: the 1996 text gives no player count
    assert out["expect"]["final"]["deeds"] == {
        "Mayfair": {"owner": "Ann"},
        "The Angel, Islington": {"owner": "Ann"},
    }


def test_edition_tag_rewritten_and_aliases_resolved(porter: object) -> None:
    record = '[Edition "us-2018"]\n[Players "Ann, Ben"]\n1. Ann 2-3 Reading buy 200\n'
    text, tagged = porter.record(record)  # type: ignore[attr-defined]
    assert tagged
    assert text == (
        '[Edition "uk-1996"]\n[Players "Ann, Ben"]\n1. Ann 2-3 King\'s Cross Station buy 200\n'
    )


def test_cards_mapped_by_effect(porter: object) -> None:
    record = (
        '[Players "Ann, Ben"]\n'
        "setup Ann goojf CC05\n"
        "setup deck CH13\n"
        '1. Ann 3-4 Chance card "Speeding fine $15" 15\n'
        "deal Ann: goojf CC05 | Ben: Illinois Avenue\n"
    )
    text, _ = porter.record(record)  # type: ignore[attr-defined]
    assert text.splitlines()[1:] == [
        "setup Ann goojf CC15",
        "setup deck CH12",
        '1. Ann 3-4 Chance card "Speeding fine 15" 15',
        "deal Ann: goojf CC15 | Ben: Trafalgar Square",
    ]
    # an id in an expected snapshot follows the card
    snap = porter.snapshot({"players": {"Ann": {"cards": ["CC05"]}}})  # type: ignore[attr-defined]
    assert snap == {"players": {"Ann": {"cards": ["CC15"]}}}


def test_card_map_pairs_each_target_card_once() -> None:
    cards = tool.card_map(load_edition("us-2018"), load_edition("uk-1996"))
    assert cards["CC03"].id == "CC05"  # Doctor's fee: pay 50, paired by its title
    assert cards["CC12"].id == "CC06"  # the other pay-50 Community Chest card
    assert len({c.id for c in cards.values()}) == len(cards)
    assert "CH15" not in cards  # pay each player: no UK card does it


@pytest.mark.parametrize(
    ("scenario", "reason"),
    [
        (
            {
                "title": "t",
                "rules": ["RENT-01"],
                "record": '[Players "Ann, Ben"]\n1. Ann 3-4 Chance card CH15 100\n',
            },
            "no uk-1996 card does what CH15",
        ),
        (
            {
                "title": "t",
                "rules": [],
                "record": "1. Ann 9-9\n",
                "expect": {"parse_error": {"code": "P101", "line": 1}},
            },
            "expects a parse error",
        ),
        (
            {"title": "t", "rules": ["SET-01"], "record": '[Players "Ann, Ben"]\n'},
            "uk-1996 states none of its rules (SET-01)",
        ),
        (
            {"title": "t", "rules": ["RENT-01"], "edition": "uk-esl", "record": "\n"},
            "runs under uk-esl, not us-2018",
        ),
        (
            {"title": "t", "rules": ["RENT-01"], "record": "1. Ann 3-4 St buy\n"},
            '"St" fits several us-2018 squares',
        ),
    ],
)
def test_skip_reasons(porter: object, scenario: dict[str, object], reason: str) -> None:
    with pytest.raises(tool.Skip, match="^" + reason.replace("(", r"\(").replace(")", r"\)")):
        tool.port_scenario(porter, scenario, Path("."), True)


def test_variant_the_target_lacks_is_skipped() -> None:
    back = tool.Porter(load_edition("uk-1996"), load_edition("us-2018"))
    record = '[Edition "uk-1996"]\n[Variant "short"]\n[Players "Ann, Ben"]\n'
    with pytest.raises(tool.Skip, match="'short' variant, which us-2018 lacks"):
        back.record(record)


def test_a_misspelt_name_is_kept(porter: object) -> None:
    record = '[Players "Ann, Ben"]\n1. Ann 3-3 Orientl Avenue buy 100\n'
    assert porter.record(record)[0] == record  # type: ignore[attr-defined]


def test_main_writes_a_readable_file_that_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = "  - " + textwrap.indent(RENT, "    ")[4:]
    second = (
        "  - title: Elected chairman\n    rules: [CARD-02]\n    record: |\n"
        '      [Players "Ann, Ben"]\n      1. Ann 3-4 Chance card CH15 50\n'
    )
    src = _write(tmp_path, "two.yaml", "scenarios:\n" + first + second)
    out_dir = tmp_path / "out"
    assert tool.main([str(src), "--edition", "uk-1996", "-o", str(out_dir)]) == 0
    printed = capsys.readouterr().out
    assert "skipped 'Elected chairman': no uk-1996 card does what CH15" in printed
    assert "1 scenarios ported into 1 files, 1 skipped" in printed
    written = (out_dir / "two.yaml").read_text(encoding="utf-8")
    assert written.startswith(
        f"# Ported from {src.as_posix()} to uk-1996 by tools/port_scenario.py; "
        "edited by hand where the edition differs.\n"
    )
    assert "\n    record: |\n      [Players" in written
    (scenario,) = parse_scenarios(written, out_dir / "two.yaml")
    assert scenario.title == "Rent on Mayfair with Park Lane held too (uk-1996)"
    assert scenario.edition == "uk-1996"
    result = run_scenario(scenario)
    assert result.passed, result.diff


def test_block_scalars_keep_trailing_newlines() -> None:
    data = {"title": "x", "rules": [], "record": "a\n\n", "notes": "no newline"}
    text = tool.dump_file([data], False, "# h")
    assert "record: |+\n" in text
    assert yaml.safe_load(text) == data


def test_free_text_names_the_target_edition(porter: object) -> None:
    text = porter.text("Time called in a us-2018 game on Boardwalk")  # type: ignore[attr-defined]
    assert text == "Time called in a uk-1996 game on Mayfair"


def test_articles_follow_the_vocabulary() -> None:
    esl = tool.Porter(load_edition("us-2018"), load_edition("uk-esl"))
    assert esl.text("Building with a site of the group") == "Building with an event of the group"


def test_a_file_edited_by_hand_is_kept_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _write(tmp_path, "rent.yaml", RENT)
    out_dir = tmp_path / "out"
    args = [str(src), "--edition", "uk-1996", "-o", str(out_dir), "-q"]
    assert tool.main(args) == 0
    target = out_dir / "rent.yaml"
    edited = target.read_text(encoding="utf-8").replace("rent £100", "rent £100 ; checked")
    target.write_text(edited, encoding="utf-8")
    assert tool.main(args) == 0
    assert "kept" in capsys.readouterr().out
    assert target.read_text(encoding="utf-8") == edited
    assert tool.main([*args, "--force"]) == 0
    assert "; checked" not in target.read_text(encoding="utf-8")
