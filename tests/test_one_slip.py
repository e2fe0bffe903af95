"""One slip, one finding: a written amount that breaks the rule, whose next count agrees with
the rule's figure, is one finding at that amount, and the replay pays the rule's figure (no
W001 at the counts that follow)."""

from __future__ import annotations

from monolog.engine import Replay, replay
from monolog.notation.parser import parse_text

# Marvin Gardens (Ann holds one yellow) rents for 24; 240 is typed, and the counts are as paid.
TYPO = """\
[Players "Ann, Ben"]
setup Ann owns Marvin Gardens
setup Ben at #20
setup next Ben
1. Ben 4-5 Marvin Gardens rent 240 =1476
2. Ann 2-4 Oriental Avenue buy 100 =1424
"""


def run(text: str) -> Replay:
    return replay(parse_text(text, "slip.mlog"), edition="us-2018", file="slip.mlog")


def cash(result: Replay) -> dict[str, int]:
    return {p.name: p.cash for p in result.state.players}


def test_a_rent_typed_wrong_and_counted_as_paid_is_one_finding() -> None:
    result = run(TYPO)
    assert [(f.code, f.span.line) for f in result.findings] == [("M301", 5)]
    (found,) = result.findings
    assert "the count on line 5 agrees with the rule's figure" in found.message
    assert "replayed with $24 paid" in found.message
    assert found.data["confirmed_by"] == 5
    assert cash(result) == {"Ann": 1424, "Ben": 1476}
    # the ledger pays the rule's figure, in the rent's place, once
    rents = [t for t in result.transfers if t.payer == "Ben" and t.payee == "Ann"]
    assert [t.amount for t in rents] == [24]
    assert not [t for t in result.transfers if t.reason == "cash taken as counted"]


def test_a_tax_typed_wrong_and_counted_as_paid_is_one_finding() -> None:
    """Income Tax is 200; 2000 is typed and Ann's count (1,300) is as paid."""
    result = run('[Players "Ann, Ben"]\n1. Ann 1-3 Income Tax tax 2000 =1300\n')
    assert [(f.code, f.span.line) for f in result.findings] == [("M407", 2)]
    assert "replayed with $200 paid" in result.findings[0].message
    assert cash(result)["Ann"] == 1300


def test_a_card_amount_typed_wrong_and_counted_as_paid_is_one_finding() -> None:
    """CH08 pays 50; 500 is typed and Ann's count (1,550) is as paid."""
    result = run('[Players "Ann, Ben"]\n1. Ann 3-4 Chance card CH08 500 =1550\n')
    assert [(f.code, f.span.line) for f in result.findings] == [("M405", 2)]
    assert "replayed with $50 paid" in result.findings[0].message
    assert cash(result)["Ann"] == 1550


def test_a_later_count_of_the_payee_settles_the_slip_too() -> None:
    """Ben writes no count at the rent; Ann's, on the next line, agrees with the rule's figure,
    and Ben's on the line after agrees with the replay."""
    text = TYPO.replace("rent 240 =1476", "rent 240") + "3. Ben 1-2 North Carolina Avenue =1476\n"
    result = run(text)
    codes = [(f.code, f.span.line) for f in result.findings]
    assert ("M301", 5) in codes and not [c for c in codes if c[0] == "W001"]
    assert cash(result)["Ben"] == 1476


def test_a_shortfall_the_slip_alone_made_is_taken_back() -> None:
    """2,400 typed for 24 leaves Ben $900 short at the end of his turn (M801); Ann's count on the
    next line shows the rent was 24, so Ben was never short: one finding, the M301."""
    text = TYPO.replace("rent 240 =1476", "rent 2400") + "3. Ben 1-2 North Carolina Avenue =1476\n"
    result = run(text)
    assert [(f.code, f.span.line) for f in result.findings] == [("M301", 5)]
    assert cash(result) == {"Ann": 1424, "Ben": 1476}
