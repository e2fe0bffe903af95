"""How many examples a property test draws: a fifth of its full count by default, all of it
with `pytest --hypothesis-profile=thorough`.

The two profiles are registered in tests/conftest.py; they differ only in `max_examples` (20 and
100, Hypothesis' own default), which a test without a count of its own draws as it is, and which
`examples` scales a test's own full count by.
"""

from __future__ import annotations

from hypothesis import settings

THOROUGH = 100  # max_examples of the thorough profile: a test's full count is drawn
QUICK = 20  # max_examples of the default profile: a fifth of it
LEAST = 5  # a test asking for more draws at least this many under any profile


def examples(full: int) -> int:
    """The examples to draw of a test whose full count is `full`, under the loaded profile."""
    share = full * settings.default.max_examples // THOROUGH
    return max(share, min(full, LEAST))
