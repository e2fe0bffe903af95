"""What a disputed ruling was worth: one record replayed under two rulings, side by side."""

from .compare import (
    Comparison,
    Divergence,
    Outcome,
    Side,
    Verdict,
    compare,
    run_side,
    split_rulings,
    verdicts,
)
from .signature import Difference

__all__ = [
    "Comparison",
    "Difference",
    "Divergence",
    "Outcome",
    "Side",
    "Verdict",
    "compare",
    "run_side",
    "split_rulings",
    "verdicts",
]
