"""Every Python example in the API and engine docs runs, from the repository root."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "docs" / "api.md", ROOT / "docs" / "engines.md"]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
EXAMPLES = [
    pytest.param(block, id=f"{doc.name}-{n}")
    for doc in DOCS
    for n, block in enumerate(BLOCK.findall(doc.read_text(encoding="utf-8")), start=1)
]


def test_the_docs_have_examples() -> None:
    assert len(EXAMPLES) >= 4
    first = BLOCK.findall(DOCS[0].read_text(encoding="utf-8"))[0]
    assert len(first.strip().splitlines()) <= 5  # the five-line example


@pytest.mark.parametrize("block", EXAMPLES)
def test_example_runs(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(block, "docs example", "exec"), {"__name__": "__docs__"})


def test_the_public_api_is_documented_and_typed() -> None:
    import inspect

    import monolog

    assert monolog.__doc__ and "docs/api.md" in monolog.__doc__
    for name in monolog.__all__:
        value = getattr(monolog, name)
        if name == "__version__":
            continue
        assert inspect.getdoc(value), name
        if inspect.isfunction(value):
            hints = value.__annotations__
            assert "return" in hints and len(hints) == len(inspect.signature(value).parameters) + 1
