"""A clause the replay cannot carry out says so in the same words, whatever the event: the
finding's message holds `; not replayed: <why>`, only that clause is skipped, and money the
clause writes still changes hands (monolog/engine/core/skipped.py). Each record below writes such a
clause, and where it writes money, a cash count after it that agrees only if that money moved."""

from __future__ import annotations

import pytest
from testkit.base import audit_text

from monolog.engine.core.skipped import not_replayed
from monolog.findings.model import Severity


def _houses(n: int) -> str:
    """Houses standing on Ben's orange, red and yellow sites, built evenly: with them on the
    board a short bank stock adds up (W013), so each record shows only its own finding."""
    sites = [
        "St. James Place", "Tennessee Avenue", "New York Avenue",
        "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue",
        "Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens",
    ]  # fmt: skip
    parts = []
    for group in range(3):
        take = min(12, n - 12 * group)
        if take <= 0:
            break
        base, extra = divmod(take, 3)
        for i in range(3):
            parts.append(f"{sites[3 * group + i]} x{base + (1 if i < extra else 0)}")
    return ", ".join(parts)


CASES = {
    # code: record (the clause on its last line but one or last line)
    "M601": """[Players "Ann, Ben"]
setup Ann owns Reading Railroad, Pennsylvania Railroad
1. Ann 1-2 Baltic Avenue buy 60
Ann build Reading Railroad for 50 =1390
""",
    "M602": """[Players "Ann, Ben"]
setup Ben owns Baltic Avenue, Mediterranean Avenue
1. Ann 1-2 Baltic Avenue rent 8
Ann build Baltic Avenue for 50 =1442
""",
    "M604": """[Players "Ann, Ben"]
setup Ann owns Park Place x4, Boardwalk x4
setup bank houses 24
setup next Ann
Ann build Boardwalk for 200 =1300
""",
    "M605": """[Players "Ann, Ben"]
setup Ann owns Park Place hotel, Boardwalk hotel
setup next Ann
Ann build Boardwalk for 200 =1300
""",
    "M608": f"""[Players "Ann, Ben"]
setup Ann owns Park Place x1, Boardwalk
setup Ben owns {_houses(31)}
setup bank houses 0
setup next Ann
Ann build Boardwalk for 200 =1300
""",
    "M611": """[Players "Ann, Ben"]
setup Ann owns Baltic Avenue x1, Mediterranean Avenue x1
setup next Ann
Ann sell Baltic Avenue hotel for 25 =1525
""",
    "M613": f"""[Players "Ann, Ben"]
setup bank houses 2
setup Ann owns Baltic Avenue hotel, Mediterranean Avenue hotel
setup Ben owns {_houses(30)}
setup next Ann
Ann sell Baltic Avenue hotel for 25 =1525
""",
    "M701": """[Players "Ann, Ben"]
setup Ben owns Baltic Avenue
setup next Ann
Ann mortgage Baltic Avenue for 30 =1530
""",
    "M705": """[Players "Ann, Ben"]
setup Ben owns Baltic Avenue mortgaged
setup next Ann
Ann unmortgage Baltic Avenue for 33 =1467
""",
    "M707": """[Players "Ann, Ben"]
setup Ben owns Baltic Avenue mortgaged
setup next Ann
Ann interest Baltic Avenue for 3 =1497
""",
    "M711": """[Players "Ann, Ben"]
setup Ann owns Baltic Avenue
setup next Ann
deal Ann: Boardwalk, Baltic Avenue | Ben: 100 =Ann 1600 =Ben 1400
""",
    "M416": """[Players "Ann, Ben"]
setup Ann goojf CC05
setup next Ann
auction goojf CC05 bids Ben 20 sold Ben 20 =Ben 1480
""",
    "M404": """[Players "Ann, Ben"]
setup Ben goojf CC05
1. Ann 1-1 Community Chest card CC05
""",
    "M202": """[Players "Ann, Ben"]
1. Ann 3-4 Chance card CH08 50 buy 100 =1450
""",
    "M204": """[Players "Ann, Ben"]
setup Ben owns Baltic Avenue
1. Ann 1-2 Baltic Avenue rent 4
auction Baltic Avenue bids Ann 50 sold Ann 50 =Ann 1446
""",
    "M713": """[Players "Ann, Ben, Cal"]
Cal resign
deal Ann: 100 | Cal: nothing =Ann 1500
""",
    "M902": """[Players "Ann, Ben, Cal"]
Cal resign
1. Ann 1-2 Baltic Avenue buy
Cal build Baltic Avenue
""",
    "M903": """[Players "Ann, Ben"]
setup Ann cash 10
1. Ann 1-3 Income Tax tax 200
Ann bankrupt to bank
end
2. Ben 1-2 Baltic Avenue buy 60
""",
    "W007": """[Players "Ann, Ben"]
1. Ann 3-4 Chance card CH04 50
""",
    "W012": """[Players "Ann, Ben"]
1. Ann 1-2 Baltic Avenue buy ignored =1440
""",
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_clause_not_carried_out_says_so_and_its_money_moves(code: str) -> None:
    findings = audit_text(CASES[code], "g.mlog")
    (skip,) = [f for f in findings if f.code == code and f.caused_by is None]
    assert "; not replayed: " in skip.message
    # nothing else but rulings: the clause's money moved, so the count on its line agrees
    others = [f for f in findings if f.code != code and f.severity is not Severity.INFO]
    assert others == []


def test_the_words_are_one_phrase() -> None:
    assert not_replayed("why") == "not replayed: why"


@pytest.mark.parametrize(
    ("line", "tail"),
    [
        # every deed of the line left out: there is no rest of the line to replay
        (
            "Ann mortgage Oriental Avenue, Vermont Avenue for 100",
            "not replayed: Oriental Avenue is not Ann's (the $100 written changes hands as "
            "recorded)",
        ),
        # one deed left out beside one of Ann's: the rest of the line is replayed
        (
            "Ann mortgage Oriental Avenue, Baltic Avenue for 80",
            "not replayed: Oriental Avenue is not Ann's (the rest of the line is replayed, and "
            "the $80 written changes hands as recorded)",
        ),
        (
            "Ann mortgage Oriental Avenue, Baltic Avenue",
            "not replayed: Oriental Avenue is not Ann's (the rest of the line is replayed)",
        ),
        ("Ann mortgage Oriental Avenue", "not replayed: Oriental Avenue is not Ann's"),
    ],
)
def test_a_mortgage_line_says_what_of_it_is_replayed(line: str, tail: str) -> None:
    # the words once read "(the rest of the line is, and the $100 written ...)", and spoke of
    # the rest of a line whose every deed was left out
    record = (
        '[Players "Ann, Ben"]\n'
        "setup Ann owns Baltic Avenue\n"
        "setup Ben owns Oriental Avenue, Vermont Avenue\n"
        "1. Ann 1-2 Baltic Avenue\n"
        f"{line}\n"
    )
    first = next(f for f in audit_text(record) if f.code == "M701")
    assert first.message.endswith(tail), first.message
