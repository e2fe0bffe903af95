"""Project settings from `[tool.monolog]` in pyproject.toml, or from monolog.toml.

The first folder, from the current one up, holding a `monolog.toml`, or a `pyproject.toml` with
a `[tool.monolog]` table, gives the settings (monolog.toml wins in the same folder; its keys
sit at the top level). Options given on the command line override them.

    [tool.monolog]
    edition = "uk-1996"                       # edition of records with no Edition tag
    rulings = { CF-02 = "fourth-turn-pay" }   # readings applied to disputed points
    house-rules = ["free-parking-jackpot"]    # house rules every record is taken to declare
    select = ["M", "W1"]                      # codes or prefixes reported (default: all)
    ignore = ["A"]                            # codes or prefixes left out
    strict = true                             # every finding counts as a violation
    require-amounts = true                    # every amount the replay works out is a W014

A settings file comes with the records, so it is not trusted blindly. The search stops at the
project's root (a folder holding `.git` or `pyproject.toml`) and at the user's home, and never
enters a folder owned by another user; a settings file owned by another user, or that group
or others may write, is not read: it is skipped and the search ends there, and the reason is
noted (`Settings.notes`, which the commands print on stderr). `isolated` reads no file at all.
A file nested deeper than `MAX_NESTING` brackets is refused naming its line, before the TOML
parser could recurse that deep.

`audit` applies every key; `settle`, `state`, `ledger`, `view` and `dispute` apply `edition`,
`rulings` and `house-rules` (monolog/commands/project.py); `check` none, since a scenario file
states its own edition and rulings. A path in `edition` is taken relative to the settings file.
An unknown key, or a value of the wrong kind, is a usage error naming the file and the key.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .files import EDITION_LIMIT_VARIABLE, edition_limit, open_regular
from .findings.catalogue import printable
from .findings.render import clip

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

KEYS = ("edition", "rulings", "house-rules", "select", "ignore", "strict", "require-amounts")
# deeper than any settings need (three levels at most), far below where the parser recurses out
MAX_NESTING = 32
# what marks a project's root: the search for settings goes no higher
ROOT_MARKERS = (".git", "pyproject.toml")


class ConfigError(Exception):
    """Settings that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Settings:
    """What a settings file says; the defaults when there is none. `keys` are the keys the
    file sets, in its order; `notes` say why a settings file met on the way was not read."""

    path: Path | None = None
    edition: str | None = None
    rulings: dict[str, str] = field(default_factory=dict)
    house_rules: tuple[str, ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool | None = None
    require_amounts: bool | None = None
    keys: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def find_settings(
    start: str | os.PathLike[str] | None = None, notes: list[str] | None = None
) -> Path | None:
    """The settings file that applies in `start` (default: the current folder), or None; why a
    settings file met on the way is not read is added to `notes`."""
    notes = notes if notes is not None else []
    try:
        folder = Path(os.path.realpath(start if start is not None else os.getcwd()))
    except OSError:  # the working folder was removed: no settings file can be found from it
        return None
    home = _home()
    for place in (folder, *folder.parents):
        candidates = _candidates(place)
        if not _trusted_owner(place):
            if candidates:
                notes.append(
                    f"{candidates[0]}: skipped: the folder {place} belongs to another user "
                    f"({_owner(place)})"
                )
            return None
        for candidate in candidates:
            why = _untrusted(candidate)
            if why is not None:
                notes.append(f"{candidate}: skipped: {why}")
                return None
            if candidate.name == "monolog.toml" or _has_table(_read(candidate)):
                return candidate
        if place == home or any((place / marker).exists() for marker in ROOT_MARKERS):
            return None
    return None


def load_settings(start: str | os.PathLike[str] | None = None, isolated: bool = False) -> Settings:
    """The settings that apply in `start` (default: the current folder); none with `isolated`."""
    if isolated:
        return Settings()
    notes: list[str] = []
    path = find_settings(start, notes)
    if path is None:
        return Settings(notes=tuple(notes))
    data = _read(path)
    table = data if path.name == "monolog.toml" else data["tool"]["monolog"]
    return replace(parse_settings(table, path), notes=tuple(notes))


def _has_table(data: dict[str, Any]) -> bool:
    """A pyproject.toml's data has a `tool.monolog` key (a `tool` that is not a table holds
    no settings)."""
    tool = data.get("tool")
    return isinstance(tool, dict) and "monolog" in tool


def _home() -> Path | None:
    try:
        return Path(os.path.realpath(Path.home()))
    except (OSError, RuntimeError, KeyError):  # no home to be found: the root markers stop it
        return None


def _candidates(place: Path) -> list[Path]:
    """The settings files in `place`, monolog.toml first."""
    names = ("monolog.toml", "pyproject.toml")
    return [place / name for name in names if (place / name).is_file()]


def _trusted_owner(path: Path) -> bool:
    """Owned by the user running monolog, or by root."""
    try:
        owner = path.stat().st_uid
    except OSError:
        return False
    return owner in (0, _uid())


def _uid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else 0


def _owner(path: Path) -> str:
    try:
        return f"uid {path.stat().st_uid}"
    except OSError:
        return "its owner cannot be read"


def _untrusted(path: Path) -> str | None:
    """Why the settings file `path` is not to be read, or None."""
    try:
        info = path.stat()
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    return _untrusted_file(info)


def _untrusted_file(info: os.stat_result) -> str | None:
    """Why a settings file with this stat is not to be read, or None."""
    if info.st_uid not in (0, _uid()):
        return f"it belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"group or others may write it (mode {stat.filemode(info.st_mode)})"
    return None


def parse_settings(table: Any, path: Path) -> Settings:
    """Check a settings table and turn it into `Settings`."""
    where = f"{path}: [tool.monolog]" if path.name == "pyproject.toml" else str(path)
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table of settings")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}; the keys are {', '.join(KEYS)}")
    edition = table.get("edition")
    if edition is not None:
        edition = _string(where, "edition", edition)
        if edition.endswith((".yaml", ".yml")) or "/" in edition:
            edition = str((path.parent / edition).resolve())
    rulings = table.get("rulings", {})
    if not isinstance(rulings, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in rulings.items()
    ):
        raise ConfigError(f"{where}: 'rulings' expects a table such as {{ CF-02 = \"reading\" }}")
    strict = _flag(where, "strict", table.get("strict"))
    require_amounts = _flag(where, "require-amounts", table.get("require-amounts"))
    return Settings(
        path=path,
        edition=edition,
        rulings=dict(rulings),
        house_rules=_strings(where, "house-rules", table.get("house-rules", [])),
        select=_strings(where, "select", table.get("select", [])),
        ignore=_strings(where, "ignore", table.get("ignore", [])),
        strict=strict,
        require_amounts=require_amounts,
        keys=tuple(table),
    )


def _flag(where: str, key: str, value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ConfigError(f"{where}: {key!r} expects true or false")
    return value


def _read(path: Path) -> dict[str, Any]:
    try:  # the file opened is the one checked: it cannot be swapped after the search saw it
        cap = edition_limit()
        with open_regular(path, EDITION_LIMIT_VARIABLE) as handle:
            why = _untrusted_file(os.fstat(handle.fileno()))
            if why is not None:
                raise ConfigError(f"{path}: not read: {why}")
            data = handle.read(cap + 1)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > cap:
        raise ConfigError(f"{path}: cannot be read: larger than {cap:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: cannot be read as TOML: not UTF-8 ({exc.reason})") from None
    deep = too_deep(text)
    if deep is not None:
        raise ConfigError(
            _located(
                path,
                text,
                *deep,
                f"brackets or braces nested more than {MAX_NESTING} deep (settings need "
                "three at most)",
            )
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = re.search(r"at line (\d+), column (\d+)", str(exc))
        if at is None:
            raise ConfigError(f"{path}: cannot be read as TOML: {exc}") from None
        words = str(exc)[: at.start()].rstrip(" (")
        raise ConfigError(_located(path, text, int(at[1]), int(at[2]), words)) from None
    except RecursionError:  # not reached below MAX_NESTING; said the same way if it were
        raise ConfigError(f"{path}: cannot be read as TOML: nested too deep") from None


def _located(path: Path, text: str, line: int, column: int, words: str) -> str:
    """`FILE:LINE:COL: cannot be read as TOML: words`, then the line (clipped around the
    column, control characters shown as symbols) and a caret under the column."""
    lines = text.split("\n")
    source = lines[line - 1].rstrip("\r").expandtabs(1) if 0 < line <= len(lines) else ""
    shown, at = clip(printable(source), column - 1, _EXCERPT_WIDTH)
    return (
        f"{path}:{line}:{column}: cannot be read as TOML: {words}\n"
        f"    {shown}\n    {' ' * max(at, 0)}^"
    )


_EXCERPT_WIDTH = 76


def too_deep(text: str, limit: int = MAX_NESTING) -> tuple[int, int] | None:
    """The line and column (from 1) of the first `[` or `{` nested more than `limit` deep in the
    TOML `text`, outside strings and comments; None when there is none."""
    depth = 0
    line, start = 1, 0
    at, end = 0, len(text)
    while at < end:
        char = text[at]
        if char == "\n":
            line, start = line + 1, at + 1
        elif char == "#":
            newline = text.find("\n", at)
            at = end if newline < 0 else newline
            continue
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, at) else char
            close = _string_end(text, at + len(quote), quote)
            line += text.count("\n", at, close)
            start = text.rfind("\n", 0, close) + 1 if "\n" in text[at:close] else start
            at = close
            continue
        elif char in "[{":
            depth += 1
            if depth > limit:
                return line, at - start + 1
        elif char in "]}":
            depth = max(depth - 1, 0)
        at += 1
    return None


def _string_end(text: str, at: int, quote: str) -> int:
    """Where the string opened by `quote` before `at` ends (past its closing quote); a basic
    string's backslash escapes the character after it. An unclosed one-line string ends at its
    line's end (the parser reports it)."""
    basic = quote[0] == '"'
    while at < len(text):
        char = text[at]
        if basic and char == "\\":
            at += 2
            continue
        if text.startswith(quote, at):
            return at + len(quote)
        if char == "\n" and len(quote) == 1:
            return at
        at += 1
    return at


def _string(where: str, key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where}: {key!r} expects a string")
    return value.strip()


def _strings(where: str, key: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key!r} expects a list of strings")
    return tuple(v.strip() for v in value if v.strip())
