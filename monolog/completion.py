"""The values the shell completes once `monolog --install-completion` is run: output formats,
`--color` choices, edition keys, `--ruling` readings, and the codes, rule IDs and CF items
`explain` takes. Each function takes what was typed so far and gives the values that start
with it (case aside); none is given for a path, which the shell then completes as a file.

The lists are read only when the shell asks (a command line that is run loads nothing here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


def _starting(values: Iterable[str], incomplete: str) -> list[str]:
    typed = incomplete.casefold()
    return [v for v in values if v.casefold().startswith(typed)]


def choices(*values: str) -> Callable[[str], list[str]]:
    """A completion of fixed values (`--format text|json`)."""

    def complete(incomplete: str) -> list[str]:
        return _starting(values, incomplete)

    return complete


def editions(incomplete: str) -> list[str]:
    """The shipped edition keys (an edition file is a path: the shell completes it)."""
    # here: this module loads with every command, the data only when the shell asks
    from .editions import list_editions

    return _starting(list_editions(), incomplete)


def rulings(incomplete: str) -> list[str]:
    """`CF-nn=READING` for every reading of the catalogue."""
    # here: this module loads with every command, the data only when the shell asks
    from .editions.readings import load_readings

    pairs = (f"{cf}={r}" for cf, item in load_readings().items() for r in item.readings)
    return _starting(pairs, incomplete)


def explained(incomplete: str) -> list[str]:
    """The finding codes, then the rule IDs and CF items."""
    # here: this module loads with every command, the data only when the shell asks
    from .findings.catalogue import load_catalogue
    from .findings.docs import rule_ids

    return _starting([*load_catalogue().codes(), *rule_ids()], incomplete)
