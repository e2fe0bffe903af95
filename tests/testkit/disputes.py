"""A record replayed both ways, as `monolog dispute` replays it, for the tests that measure a
reading against the record's own."""

from __future__ import annotations

from collections.abc import Mapping

from monolog.dispute import Comparison, compare, run_side, split_rulings
from monolog.notation.parser import parse_text


def compared(
    text: str,
    name: str,
    rulings: Mapping[str, str],
    *,
    own: Mapping[str, str] | None = None,
    edition: str | None = None,
) -> Comparison:
    """`text` (read as the file `name`) under its own readings (`own` added to them) against the
    same events under `rulings`, compared as `monolog dispute --ruling` compares them."""
    events = parse_text(text, name)
    original = run_side(events, own, file=name, edition=edition)
    changed, _ = split_rulings(rulings, original.readings)
    alternative = run_side(events, changed, file=name, edition=edition, alternative_of=original)
    return compare(original, alternative, changed, text.splitlines(), file=name)
