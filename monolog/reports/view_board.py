"""The viewer's board: the fixed SVG drawing and the slots its script fills.

It stands on the squares and building slots of reports/board.py (the board `monolog state
--export svg` draws) and lays out, for a page read on a screen, what differs there:
- square names and prices in a larger type (11 and 10 units on an 850-unit board), wrapped to
  the square, so that they read at about 11 px on a 1,000 px wide window;
- the owner as a white tag with the owner's mark (`player_marks`) at the square's outer edge,
  which cannot be taken for a group's colour band whatever the players' colours;
- tokens beside the names, never on them: in the lane of the board's centre along each side
  square's inner edge (corners: in the corner's free middle; jail: beside its box).
Every text passes `esc` (reports/view_escape.py).
"""

from __future__ import annotations

from typing import Any

from ..editions.model import Edition, Square
from .board import (
    CORNER,
    GROUP_COLOURS,
    HOTEL_COLOUR,
    HOUSE_COLOUR,
    SIZE,
    TOKEN_R,
    Place,
    Rect,
    jail_box,
    jail_slots,
    places,
    price_text,
    square_label,
    wrap_name,
)
from .view_escape import esc

NAME_STEP = 12.5  # between the lines of a square's name
TAG_W, TAG_H = 26.0, 15.0  # the owner's tag
LANE = (11.0, 28.0)  # token rows (or columns) from a side square's inner edge, in the centre
SPREAD = 17.0  # between tokens in a row
# per side: the name's box (x from, x to, first baseline, as offsets in the square), the
# price's centre and baseline, and the owner tag's corner
_SIDE_LAYOUT: dict[str, dict[str, tuple[float, ...]]] = {
    "bottom": {"name": (3, 67, 35), "price": (35, 88), "tag": (22, 93)},
    "top": {"name": (3, 67, 44), "price": (35, 30), "tag": (22, 2)},
    "left": {"name": (3, 85, 15), "price": (58, 63), "tag": (3, 52)},
    "right": {"name": (25, 107, 15), "price": (52, 63), "tag": (81, 52)},
}
PRICE_ROOM = {"bottom": 64, "top": 64, "left": 52, "right": 52, "corner": 100}
CHARS = {"bottom": 10, "top": 10, "left": 13, "right": 13, "corner": 15}

BOARD_CSS = """
#board .table { fill: #cfe8d4; }
#board .centre { fill: #dff0e2; stroke: #222; stroke-width: 1; }
#board .sq { fill: #f6f3e8; stroke: #222; stroke-width: 1; }
#board .band { stroke: #222; stroke-width: 0.6; }
#board .jail { fill: #f39322; fill-opacity: 0.25; stroke: #222; stroke-width: 1; }
#board .name { font: 11px "DejaVu Sans", Arial, sans-serif; text-anchor: middle; fill: #111; }
#board .price { font: 10px "DejaVu Sans", Arial, sans-serif; text-anchor: middle; fill: #333; }
#board .title { font: bold 19px sans-serif; text-anchor: middle; fill: #7a1212; }
#board .bank { font: 14px sans-serif; text-anchor: middle; fill: #222; }
#board .where { font: bold 14px sans-serif; text-anchor: middle; fill: #222; }
#board .line { font: 13px "DejaVu Sans Mono", monospace; text-anchor: middle; fill: #333; }
#board .owner rect { fill: #fff; stroke: #111; stroke-width: 1.4; }
#board .owner text { font: bold 10px sans-serif; text-anchor: middle; fill: #111; }
#board .house, #board .hotel { stroke: #111; stroke-width: 0.8; }
#board .mortgaged { fill: #777; fill-opacity: 0.45; stroke: none; }
#board .mortgage-word { font: bold 10px sans-serif; text-anchor: middle; fill: #fff; }
#board g.square.is-mortgaged .price { visibility: hidden; }
#board .token circle { stroke: #fff; stroke-width: 1.5; }
#board .token text { font: bold 9px sans-serif; text-anchor: middle; fill: #fff; }
"""


def player_marks(players: list[str]) -> list[str]:
    """A short mark per player for tokens and owner tags: the first letter, or the first
    letter and the seat number when two players share it."""
    firsts = [(name.strip()[:1] or "?").upper() for name in players]
    return [f if firsts.count(f) == 1 else f"{f}{i + 1}" for i, f in enumerate(firsts)]


def _rect(rect: Rect, cls: str = "", fill: str = "") -> str:
    x, y, w, h = rect
    extra = (f' class="{cls}"' if cls else "") + (f' fill="{fill}"' if fill else "")
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{extra}/>'


def _text(x: float, y: float, cls: str, text: str, fit: float = 0) -> str:
    # data-fit: the width the page's script squeezes a longer line into
    width = f' data-fit="{fit:g}"' if fit else ""
    return f'<text x="{x:g}" y="{y:g}" class="{cls}"{width}>{esc(text)}</text>'


def _square(sq: Square, place: Place, edition: Edition) -> str:
    x, y, w, h = place.rect
    parts = [f'<g class="square" data-index="{sq.index}"><title>{esc(sq.name)}</title>']
    parts.append(_rect(place.rect, "sq"))
    if place.band is not None and sq.group is not None:
        parts.append(_rect(place.band, "band", GROUP_COLOURS.get(sq.group, "#9a9a9a")))
    lines = (wrap_name(square_label(sq, edition), CHARS[place.side]) or [""])[:3]
    price = price_text(sq, edition)
    if place.side == "corner":
        jail = sq.index == edition.rules.jail_index
        top = y + h - 34 if jail else y + 30
        fit, cx, py = w - 8, x + w / 2, y + h - 12
        if jail:
            price = ""
    else:
        layout = _SIDE_LAYOUT[place.side]
        x0, x1, top = layout["name"]
        cx, fit, top = x + (x0 + x1) / 2, x1 - x0, y + top
        px, py = layout["price"]
        px, py = x + px, y + py
    for k, text in enumerate(lines):
        parts.append(_text(cx, top + k * NAME_STEP, "name", text, fit))
    if price:
        at = cx if place.side == "corner" else px
        parts.append(_text(at, py, "price", price, PRICE_ROOM[place.side]))
    parts.append("</g>")
    return "".join(parts)


def static_board(edition: Edition) -> str:
    """The fixed board: squares, bands, names and prices, the jail box and the title."""
    parts = [
        _rect((0, 0, SIZE, SIZE), "table"),
        _rect((CORNER, CORNER, SIZE - 2 * CORNER, SIZE - 2 * CORNER), "centre"),
    ]
    for sq, place in zip(edition.squares, places(edition), strict=True):
        parts.append(_square(sq, place, edition))
    box = jail_box(edition)
    parts.append(_rect(box, "jail"))
    parts.append(_text(box[0] + box[2] / 2, box[1] + 12, "price", f"in {edition.word('jail')}"))
    for k, text in enumerate((wrap_name(edition.title, 34) or [""])[:3]):
        parts.append(_text(SIZE / 2, SIZE / 2 - 90 + k * 24, "title", text))
    return "\n".join(parts)


def _tag(place: Place) -> list[float] | None:
    if place.owner is None or place.side == "corner":
        return None
    dx, dy = _SIDE_LAYOUT[place.side]["tag"]
    x, y, _, _ = place.rect
    return [x + dx, y + dy, TAG_W, TAG_H]


def _note(place: Place) -> list[float] | None:
    """Where a mortgaged deed says so: on its price's line (the page hides the price)."""
    if place.side == "corner":
        return None
    px, py = _SIDE_LAYOUT[place.side]["price"]
    return [round(place.rect[0] + px, 1), round(place.rect[1] + py, 1)]


def _tokens(place: Place, jail: bool) -> list[list[float]]:
    """Six token centres: the first in the middle of the first row, then either side of it."""
    x, y, w, h = place.rect
    along = (0.0, -SPREAD, SPREAD)
    if place.side == "corner":
        if jail:  # just visiting: beside the box that holds the players in jail
            return [[x + 12 + 18 * (k % 2), y + 14 + 18 * (k // 2)] for k in range(6)]
        return [[x + w / 2 + along[k % 3] * 1.1, y + 58 + 18 * (k // 3)] for k in range(6)]
    out = []
    for k in range(6):
        depth, shift = LANE[k // 3], along[k % 3]
        if place.side == "bottom":
            out.append([x + w / 2 + shift, y - depth])
        elif place.side == "top":
            out.append([x + w / 2 + shift, y + h + depth])
        elif place.side == "left":
            out.append([x + w + depth, y + h / 2 + shift])
        else:
            out.append([x - depth, y + h / 2 + shift])
    return out


def geometry(edition: Edition) -> dict[str, Any]:
    """The slots as plain data for the page's script (rounded to a tenth of a unit)."""

    def r(rect: Rect | list[float] | None) -> list[float] | None:
        return None if rect is None else [round(v, 1) for v in rect]

    jail = edition.rules.jail_index
    return {
        "size": SIZE,
        "token_r": TOKEN_R,
        "house": HOUSE_COLOUR,
        "hotel": HOTEL_COLOUR,
        "jail": [[round(a, 1), round(b, 1)] for a, b in jail_slots(edition)],
        "squares": [
            {
                "rect": r(p.rect),
                "owner": r(_tag(p)),
                "houses": [r(h) for h in p.houses],
                "hotel": r(p.hotel),
                "tokens": [[round(a, 1), round(b, 1)] for a, b in _tokens(p, p.index == jail)],
                "note": _note(p),
            }
            for p in places(edition)
        ],
    }
