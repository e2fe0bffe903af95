"""GitHub Actions workflow commands: one annotation per finding.

`::error file=F,line=L,col=C,endLine=…,endColumn=…,title=CODE::message`; errors as `error`,
warnings as `warning`, ambiguous rulings and other information as `notice`. Values are escaped
as the runner expects (`%`, CR and LF everywhere; `:` and `,` inside properties too). Each
game's annotations are folded in a `::group::` named after the file; a game whose edition holds an
engine profile closes with a notice naming the readings it declares and their counts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ...findings.declared import Declared, declared_words
from ...findings.model import Finding, Severity, shown_name
from .games import GameFindings

COMMANDS: dict[Severity, str] = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding, file: str) -> str:
    """One workflow command for one finding."""
    span = finding.span
    props = [f"file={escape_property(finding.file or file)}"]
    if span.line:
        props.append(f"line={span.line}")
        if span.column:
            props.append(f"col={span.column}")
        if span.end_line:
            props.append(f"endLine={span.end_line}")
            if span.end_column:
                props.append(f"endColumn={span.end_column}")
    title = finding.code + (f" [{finding.rule}]" if finding.rule else "")
    props.append(f"title={escape_property(title)}")
    return f"::{COMMANDS[finding.severity]} {','.join(props)}::{escape_data(finding.message)}"


class GithubStream:
    """The annotations written a game at a time through `write` (see `to_github`)."""

    def __init__(self, write: Callable[[str], object], group: bool = True) -> None:
        self.write = write
        self.group = group
        # the settings file the run read and what it changed: a notice after the annotations
        self.settings: dict[str, Any] | None = None

    def game(
        self,
        file: str,
        header: dict[str, str],
        findings: Sequence[Finding],
        seconds: float = 0.0,
        declared: Sequence[Declared] = (),
    ) -> None:
        """One game's findings (`seconds`, the time its audit took, is not written here), then
        a notice naming the readings the edition's engine profile declares, if any."""
        lines = [annotation(f, file) for f in findings]
        words = declared_words(declared)
        if words is not None:
            place = f"file={escape_property(file)},title=monolog declared"
            lines.append(f"::notice {place}::{escape_data(words)}")
        if not lines:
            return
        if self.group:
            lines = [f"::group::{escape_data(file)}", *lines, "::endgroup::"]
        self.write("\n".join(lines) + "\n")

    def close(self) -> None:
        """A notice of the settings file the run read, if any, follows the annotations."""
        if self.settings is not None:
            self.write(settings_notice(self.settings) + "\n")


def settings_notice(settings: dict[str, Any]) -> str:
    """`::notice title=monolog settings::FILE applied {...}; hidden {...}`."""
    applied = json.dumps(settings.get("applied", {}), ensure_ascii=False)
    hidden = json.dumps(settings.get("hidden", {}), ensure_ascii=False)
    file = shown_name(str(settings.get("file")))
    text = f"{file} applied {applied}; findings hidden by it: {hidden}"
    return f"::notice title=monolog settings::{escape_data(text)}"


def to_github(games: Sequence[GameFindings], group: bool = True) -> str:
    """Every finding as an annotation, grouped by game (games with no finding are left out)."""
    parts: list[str] = []
    stream = GithubStream(parts.append, group)
    for file, header, findings in games:
        stream.game(file, header, findings)
    stream.close()
    return "".join(parts)
