"""YAML read with the safe loader and a limit on nesting: lists and mappings within each other
more than `MAX_DEPTH` deep are a YAML error where the level too deep starts, never a
RecursionError (the loader's composer, then its constructor, recurse once per level). For the
YAML files that come with a run: scenario files and `--points-file`.
"""

from __future__ import annotations

from typing import Any

import yaml

MAX_DEPTH = 64  # a scenario is about six levels deep


class ShallowLoader(yaml.SafeLoader):
    """The safe loader, refusing nesting deeper than `MAX_DEPTH`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                problem = f"lists and mappings nested more than {MAX_DEPTH} levels deep"
                raise yaml.composer.ComposerError(None, None, problem, mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def safe_load(text: str) -> Any:
    """`yaml.safe_load` with the nesting limit."""
    return yaml.load(text, Loader=ShallowLoader)
