"""How text from outside gets into the viewer's page (monolog/reports/view.py).

Everything a record brings is untrusted: its names, tags and comments, the edition it names (a
user's file may set the currency, the words and the square names), and the file's own name.
In the page's HTML such text passes one function, `esc`; in the data the page's script reads,
it passes `script_json`; the script itself only ever sets `textContent`. The page's own style
and script run by their SHA-256 hashes (`policy`), never because they are inline, so a string
that slipped through still could not run.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from typing import Any

# in embedded JSON: nothing that could end the <script> element or open a comment in it, the
# two line separators older script parsers treat as line ends, and no C1 control character (a
# terminal shown the page with `-o -` would obey it; JSON itself escapes the C0 ones)
_JSON_ESCAPES = {
    ord("<"): "\\u003c",
    ord(">"): "\\u003e",
    ord("&"): "\\u0026",
    0x2028: "\\u2028",
    0x2029: "\\u2029",
    0x7F: "\\u007f",
    **{c: f"\\u{c:04x}" for c in range(0x80, 0xA0)},
}
# in the HTML: a control character is shown by its picture (ESC as ␛), never written raw, so
# that the page written to a terminal cannot drive it; tab and line feed stay
_CONTROLS = {
    **{c: chr(0x2400 + c) for c in range(0x20) if c not in (0x09, 0x0A)},
    0x7F: "\u2421",
    **{c: "\ufffd" for c in range(0x80, 0xA0)},
}


def esc(text: object) -> str:
    """Any text for the page's HTML (an element's text or a quoted attribute's value)."""
    return html.escape(str(text), quote=True).translate(_CONTROLS)


def script_json(data: Any) -> str:
    """Data as JSON that is safe as the content of a <script type="application/json">."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.translate(_JSON_ESCAPES)


def source_hash(source: str) -> str:
    """A CSP source for exactly this inline script or style (its SHA-256, in base64)."""
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def policy(script: str, style: str) -> str:
    """The page's content security policy: nothing loads, only this script and style apply,
    no inline handler or style attribute runs, no <base> or form may point anywhere."""
    return (
        "default-src 'none'; "
        f"script-src {source_hash(script)}; "
        f"style-src {source_hash(style)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
