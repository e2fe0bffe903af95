"""Project settings from `[tool.monolog]` in pyproject.toml, or from monolog.toml.

The first folder, from the current one up to the root, holding a `monolog.toml`, or a
`pyproject.toml` with a `[tool.monolog]` table, gives the settings (monolog.toml wins in the
same folder; its keys sit at the top level). Options given on the command line override them.

    [tool.monolog]
    edition = "uk-1996"                       # default edition (key or file)
    rulings = { CF-02 = "fourth-turn-pay" }   # readings applied to disputed points
    house-rules = ["free-parking-jackpot"]    # house rules every record is taken to declare
    select = ["M", "W1"]                      # codes or prefixes reported (default: all)
    ignore = ["A"]                            # codes or prefixes left out
    strict = true                             # every finding counts as a violation
    require-amounts = true                    # every amount the replay works out is a W014

`audit` applies every key; `settle`, `state`, `ledger`, `view` and `dispute` apply `edition`,
`rulings` and `house-rules` (monolog/commands/project.py); `check` none, since a scenario file
states its own edition and rulings. A path in `edition` is taken relative to the settings file.
An unknown key, or a value of the wrong kind, is a usage error naming the file and the key.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

KEYS = ("edition", "rulings", "house-rules", "select", "ignore", "strict", "require-amounts")


class ConfigError(Exception):
    """Settings that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Settings:
    """What a settings file says; the defaults when there is none."""

    path: Path | None = None
    edition: str | None = None
    rulings: dict[str, str] = field(default_factory=dict)
    house_rules: tuple[str, ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool | None = None
    require_amounts: bool | None = None


def find_settings(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The settings file that applies in `start` (default: the current folder), or None."""
    try:
        folder = Path(os.path.realpath(start if start is not None else os.getcwd()))
    except OSError:  # the working folder was removed: no settings file can be found from it
        return None
    for place in (folder, *folder.parents):
        own = place / "monolog.toml"
        if own.is_file():
            return own
        project = place / "pyproject.toml"
        if project.is_file() and "monolog" in _read(project).get("tool", {}):
            return project
    return None


def load_settings(start: str | os.PathLike[str] | None = None) -> Settings:
    """The settings that apply in `start` (default: the current folder)."""
    path = find_settings(start)
    if path is None:
        return Settings()
    data = _read(path)
    table = data if path.name == "monolog.toml" else data["tool"]["monolog"]
    return parse_settings(table, path)


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
    )


def _flag(where: str, key: str, value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ConfigError(f"{where}: {key!r} expects true or false")
    return value


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: cannot be read as TOML: {exc}") from None


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
