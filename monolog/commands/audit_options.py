"""What `monolog audit`'s options and the project's settings resolve to: the output formats, the
`--ruling` values checked against the readings catalogue, the edition, the findings kept, and
the settings every audit of a run shares (sent to the worker processes with `--jobs`)."""

from __future__ import annotations

import re
from typing import Any

from ..editions import load_edition
from ..editions.readings import load_readings
from ..findings.catalogue import RENAMED, load_catalogue
from ..findings.formats import AUDIT_FORMATS
from ..findings.selection import Selection, SelectionError, read_codes

FORMATS = AUDIT_FORMATS
# compiled on first use, and kept by re: most runs give no --ruling
_RULING_PATTERN = r"^\s*(?P<cf>[Cc][Ff]-?\d{1,2})\s*=\s*(?P<reading>\S+)\s*$"


class UsageError(Exception):
    """A command-line value that cannot be used; the message says why (exit 2)."""


def parse_rulings(values: list[str], named: str = "--ruling") -> dict[str, str]:
    """`["CF-04=extra-roll", …]` -> `{"CF-04": "extra-roll"}`, each checked against the readings
    monolog knows (an unknown key or reading names the valid ones). The one reading of
    `--ruling` values and of the settings' rulings, for every command that takes them; `named`
    says where the values were given, for the message about one that cannot be used."""
    rulings: dict[str, str] = {}
    known = known_readings() if values else None
    for value in values:
        m = re.match(_RULING_PATTERN, value)
        if m is None:
            raise UsageError(f"{named} {value!r}: expected CF-nn=READING, e.g. CF-04=extra-roll")
        number = int(re.sub(r"\D", "", m["cf"]))
        cf = f"CF-{number:02d}"
        reading = m["reading"]
        if known is not None:
            if cf not in known:
                raise UsageError(
                    f"{named} {value!r}: unknown disputed point {cf}; valid keys: "
                    + ", ".join(known)
                )
            if reading not in known[cf]:
                raise UsageError(
                    f"{named} {value!r}: {cf} has no reading {reading!r}; valid readings: "
                    + ", ".join(known[cf])
                )
        if cf in rulings and rulings[cf] != reading:
            raise UsageError(f"{named}: {cf} is given twice ({rulings[cf]} and {reading})")
        rulings[cf] = reading
    return rulings


def known_readings() -> dict[str, list[str]] | None:
    """CF item -> its reading names, from the editions' readings catalogue (None if absent)."""
    try:
        items = load_readings()
    except (OSError, ValueError):
        return None
    return {cf: list(item.readings) for cf, item in items.items()}


def load_edition_option(key_or_path: str, named: str = "--edition") -> Any:
    """The edition `--edition` (or the settings) names: a key or an edition file; `named` says
    where it was named, for the message when it cannot be used."""
    try:
        return load_edition(key_or_path)
    except (OSError, ValueError, LookupError) as exc:
        raise UsageError(f"{named} {key_or_path!r}: {exc}") from None


def selection_for(
    select: list[str],
    ignore: list[str],
    quiet: bool,
    named: tuple[str, str] = ("--select", "--ignore"),
) -> Selection:
    """Which findings a run keeps: `--select`, `--ignore` (checked against the catalogue's
    codes) and `--quiet`; `named` says where the select and ignore codes were given, for the
    message about a code that is none."""
    if not select and not ignore:
        return Selection(quiet=quiet)

    known = load_catalogue().codes()
    try:
        return Selection(
            read_codes(select, named[0], known, RENAMED),
            read_codes(ignore, named[1], known, RENAMED),
            quiet,
        )
    except SelectionError as exc:
        raise UsageError(str(exc)) from None


class Settings:
    """What every audit of a run shares; `edition_arg` is what a worker process started afresh
    (not forked) loads again."""

    def __init__(
        self,
        edition_arg: str | None,
        edition: Any,
        rulings: dict[str, str],
        paranoid: bool,
        fmt: str,
        strict: bool,
    ) -> None:
        self.edition_arg = edition_arg
        self.edition = edition
        self.rulings = rulings
        self.paranoid = paranoid
        self.fmt = fmt
        self.strict = strict
        self.selection = Selection()
        self.house_rules: tuple[str, ...] = ()
        self.require_amounts = False  # every derived amount reported (W014)
        self.edition_default = False  # the edition is the settings': for records with no tag
        # what the options alone select, when the settings' codes select or ignore too
        self.command_line: Selection | None = None
        self.stdin: bytes | None = None  # the record read from stdin, for a FILE of `-`
        # for a cluster's workers: the edition goes with the settings, as validated here, the
        # MONOLOG_EDITIONS folders' edition files as read here (monolog/editions/carried.py)
        # and the size limits' variables as set here (monolog/files.py)
        self.carry_edition = False
        self.edition_folders: Any = None
        self.limits: dict[str, str] | None = None

    def __getstate__(self) -> dict[str, Any]:
        # sent to a worker started afresh, which loads the edition again from `edition_arg`;
        # a forked worker inherits the settings whole, edition included, with nothing sent; a
        # cluster's worker gets the edition itself (`carry_edition`): it may not see the file
        if self.carry_edition:
            return dict(self.__dict__)
        return {**self.__dict__, "edition": None}
