"""The checker every edition file's schema check reports through: it names the file, the key
path and what was expected there, with the file's own line and column where it knows them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from .errors import EditionError, FirstLines, excerpt


class Checker:
    """Walks raw data and raises on the first problem, with the file and key path. A value of
    the file is quoted only as `quote` gives it: a short, escaped excerpt of one line."""

    def __init__(self, file: str, first_lines: FirstLines | None = None) -> None:
        self.file = file
        self.first_lines = first_lines or {}

    def quote(self, value: Any) -> str:
        return excerpt(value, self.first_lines)

    def quote_all(self, values: Any, most: int = 4) -> str:
        """Several of the file's keys, each quoted, the first `most` of them."""
        shown = [self.quote(v) for v in list(values)[:most]]
        return ", ".join(shown) + (", ..." if len(values) > most else "")

    def fail(self, path: str, message: str, related: dict[str, str] | None = None) -> NoReturn:
        # the loader shows a key folded from several lines by its first line (`fold_path`)
        raise EditionError(message, file=self.file, path=path, related=related)

    def mapping(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, got {self.quote(value)}")
        for key in value:
            if not isinstance(key, str):
                self.fail(path, f"expected text keys, got {self.quote(key)}")
        return value

    def keys(self, value: dict[str, Any], path: str, allowed: tuple[str, ...]) -> None:
        for key in value:
            if key not in allowed:
                where = f"{path}.{key}" if path else key
                self.fail(where, f"unknown key (expected one of: {', '.join(allowed)})")

    def required(self, value: dict[str, Any], path: str, names: tuple[str, ...]) -> None:
        for name in names:
            if name not in value:
                where = f"{path}.{name}" if path else name
                self.fail(where, "missing (required)")

    def text(self, value: Any, path: str, *, empty: bool = False) -> str:
        if not isinstance(value, str):
            self.fail(path, f"expected text, got {self.quote(value)}")
        if not empty and not value.strip():
            self.fail(path, "expected non-empty text")
        return value

    def integer(self, value: Any, path: str, *, low: int = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"expected a whole number, got {self.quote(value)}")
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
            self.fail(path, f"expected a whole number {bound}, got {self.quote(value)}")
        return value

    def boolean(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            self.fail(path, f"expected true or false, got {self.quote(value)}")
        return value

    def choice(self, value: Any, path: str, options: tuple[str, ...]) -> str:
        if value not in options:
            self.fail(path, f"expected one of: {', '.join(options)}; got {self.quote(value)}")
        return str(value)

    def items(self, value: Any, path: str, each: Callable[[Any, str], Any]) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list, got {self.quote(value)}")
        return [each(item, f"{path}[{i}]") for i, item in enumerate(value)]
