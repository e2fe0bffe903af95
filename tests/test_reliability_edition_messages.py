"""A message about an edition file never quotes more of it than a short, escaped excerpt of one
YAML line: no newline, no control character, at most EXCERPT_CHARS characters of a value.

Before, a copy of /etc/passwd named by a record's Edition tag gave a W009 quoting 40 characters
across its first two lines ("got 'root:x:0:0:root:/root:/bin/bash daem..."), since YAML folds a
plain scalar written over several lines into one value; a newline written in a quoted key or
value was printed raw, breaking the message in two; and the `extends` target, a duplicate key
or a YAML tag were quoted whole, however long."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_process import run_cli

from monolog.editions import EditionError, load_edition
from monolog.editions.errors import EXCERPT_CHARS, excerpt

PASSWD = (
    "root:x:0:0:root:/root:/bin/bash\n"
    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
    "bin:x:2:2:bin:/bin:/usr/sbin/nologin\n"
)
LONG = "x" * 300


def _message(tmp_path: Path, text: str) -> str:
    path = tmp_path / "e.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EditionError) as info:
        load_edition(str(path))
    message = str(info.value)
    assert "\n" not in message and "\r" not in message, message
    assert message.isprintable(), message
    return message


CASES = [
    pytest.param(PASSWD, "got 'root:x:0:0:root:/root:/b'...", "daemon", id="passwd"),
    pytest.param(
        "short line\nsecond line here\n", "got 'short line'...", "second", id="folded document"
    ),
    pytest.param(
        'extends: us-2018\nrules:\n  go_salary: "two\n    hundred"\n',
        "rules.go_salary: expected a whole number, got 'two'...",
        "hundred",
        id="folded quoted value",
    ),
    pytest.param(
        "extends: us-2018\nrules:\n  go_salary: >\n    two\n    hundred\n",
        "got 'two'...",
        "hundred",
        id="folded block",
    ),
    pytest.param(
        'extends: us-2018\nrules:\n  go_salary: "two\\nhundred\\u001b[31m"\n',
        "got 'two'...",
        "hundred",
        id="escaped newline in a value",
    ),
    pytest.param(
        'extends: us-2018\nrules:\n  "bad\\nkey\\u001b": 1\n',
        "rules.'bad\\nkey\\x1b': unknown key",
        "\x1b",
        id="newline and escape in a key",
    ),
    pytest.param(
        f'extends: "{LONG}.yaml"\n',
        f"no edition or file '{'x' * EXCERPT_CHARS}'...",
        "x" * (EXCERPT_CHARS + 1),
        id="long extends",
    ),
    pytest.param(
        f"extends: us-2018\nrules:\n  {LONG}: 1\n  {LONG}: 2\n",
        f"duplicate key '{'x' * EXCERPT_CHARS}'...",
        "x" * (EXCERPT_CHARS + 1),
        id="long duplicate key",
    ),
    pytest.param(
        f"extends: us-2018\nrules:\n  go_salary: !<tag:{LONG}> 1\n",
        "constructor for the tag 'tag:",
        "x" * (EXCERPT_CHARS + 1),
        id="long tag",
    ),
    pytest.param(
        f"extends: us-2018\nrules:\n  income_tax_percent: {'9' * 400}\n",
        "expected a whole number from 1 to 100, got a whole number too large to show",
        "9" * (EXCERPT_CHARS + 1),
        id="long number",
    ),
]


@pytest.mark.parametrize(("text", "shown", "never"), CASES)
def test_an_edition_file_is_quoted_by_one_short_escaped_line(
    tmp_path: Path, text: str, shown: str, never: str
) -> None:
    message = _message(tmp_path, text)
    assert shown in message, message
    assert never not in message, message


def test_excerpt_cuts_to_the_first_line() -> None:
    assert excerpt("Park Place") == "'Park Place'"
    assert excerpt("a" * 30) == f"'{'a' * EXCERPT_CHARS}'..."
    assert excerpt("first\nsecond") == "'first'..."
    assert excerpt("folded value", {"folded value": "folded"}) == "'folded'..."
    assert excerpt(10**5000) == "a whole number too large to show"
    assert excerpt([1]) == "a list" and excerpt(None) == "nothing"


def test_a_system_file_copied_beside_a_record_is_quoted_by_its_first_line(
    tmp_path: Path,
) -> None:
    (tmp_path / "sys.yaml").write_text(PASSWD, encoding="utf-8")
    (tmp_path / "r.mlog").write_text(
        '[Edition "sys.yaml"]\n[Players "Ann, Ben"]\n1. Ann 2-4 Oriental Avenue buy 100\n',
        encoding="utf-8",
    )
    for fmt in ("text", "json", "github"):
        out = run_cli(["audit", "--format", fmt, "r.mlog"], tmp_path)
        assert out.clean, out
        assert "root:x:0:0:root:/root:/b" in out.stdout, out.stdout
        assert "daemon" not in out.stdout and "/bin/bash" not in out.stdout, out.stdout
