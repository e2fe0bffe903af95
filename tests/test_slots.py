"""The line reader's quick makers of spans and names (monolog/notation/slots.py)."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from monolog.notation.events import Ref, Span
from monolog.notation.slots import ref, span


def test_a_span_and_a_name_made_quickly_are_the_dataclasses_own() -> None:
    # made as objects of a plain class and given their class afterwards: each must be of the
    # class itself, every field in place, still frozen, and hash and compare as one made by
    # the class (a lost field, a subclass or a mutable object would break findings unseen)
    at = span(3, 5, 3, 9)
    made = ref("Boardwalk", "name", at)
    pairs = ((at, Span(3, 5, 3, 9)), (made, Ref("Boardwalk", "name", Span(3, 5, 3, 9))))
    for quick, own in pairs:
        assert type(quick) is type(own)
        assert dataclasses.astuple(quick) == dataclasses.astuple(own)
        assert quick == own and hash(quick) == hash(own)
        assert copy.copy(quick) == own
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(quick, dataclasses.fields(quick)[0].name, 1)
    assert made.span is at
