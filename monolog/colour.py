"""Whether the commands write colour and other styling: `--color auto|always|never`, NO_COLOR
and FORCE_COLOR.

`--color always` and `--color never` are turned into the two environment variables every
console already follows (and worker processes inherit): FORCE_COLOR styles output that is not a
terminal, NO_COLOR leaves every style out. Under NO_COLOR nothing writes an escape sequence,
bold and dim included (Rich alone would still write those).
"""

from __future__ import annotations

import os
from typing import Any

CHOICES = ("auto", "always", "never")


def apply_choice(choice: str) -> None:
    """Make `--color CHOICE` hold for the rest of the process and its children."""
    if choice == "always":
        os.environ.pop("NO_COLOR", None)
        os.environ["FORCE_COLOR"] = "1"
    elif choice == "never":
        os.environ.pop("FORCE_COLOR", None)
        os.environ["NO_COLOR"] = "1"


def no_colour() -> bool:
    """NO_COLOR is set to something (https://no-color.org)."""
    return bool(os.environ.get("NO_COLOR"))


def console_options() -> dict[str, Any]:
    """Keyword arguments for a Rich `Console`: under NO_COLOR no colour system, so no style at
    all is written."""
    return {"color_system": None} if no_colour() else {}
