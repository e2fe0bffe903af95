"""The board as an SVG picture: the edition's squares in its own words and colours, and on it the
table at one moment (owners, houses and hotels, mortgaged deeds, tokens, the jail, the bank).

The geometry is worked out here once, as rectangles and slots per square. `board_svg` draws the
whole picture for one position (`monolog state --export svg`). The viewer lays out a board of
its own (reports/view_board.py: owner tags, tokens beside the names) from the same squares,
jail and labels, named here for both.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from ..editions.model import Edition, Square

CORNER = 110  # a corner square is CORNER x CORNER
WIDTH = 70  # a side square is WIDTH wide and CORNER deep
SIZE = 2 * CORNER + 9 * WIDTH  # the whole board
BAND = 22  # the colour band of a site, on the board's inner side
OWNER = 9  # the owner's strip, on the board's outer side
TOKEN_R = 8

# the usual printed colours of the colour groups; a group an edition adds gets a grey
GROUP_COLOURS: dict[str, str] = {
    "brown": "#8b4a2b",
    "light_blue": "#aadcf5",
    "pink": "#d6399a",
    "orange": "#f39322",
    "red": "#e2231a",
    "yellow": "#fde500",
    "green": "#1a9c4f",
    "dark_blue": "#1460aa",
}
PLAYER_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98", "#d68910", "#117a65")
HOUSE_COLOUR = "#2e9e44"
HOTEL_COLOUR = "#c0392b"


def player_colour(index: int) -> str:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


Rect = tuple[float, float, float, float]  # x, y, width, height


@dataclass(frozen=True, slots=True)
class Place:
    """Where one square is drawn and where the things on it go.

    `side` is bottom, left, top or right (corners: corner). `band` is the colour band (sites),
    `owner` the owner's strip, `houses` four house slots and `hotel` the hotel slot (inside the
    band), `tokens` six token centres, `label` the centre of the name and `price` of the price.
    """

    index: int
    rect: Rect
    side: str
    band: Rect | None
    owner: Rect | None
    houses: tuple[Rect, ...]
    hotel: Rect | None
    tokens: tuple[tuple[float, float], ...]


def _rect(i: int) -> tuple[Rect, str]:
    far = SIZE - CORNER
    if i == 0:
        return (far, far, CORNER, CORNER), "corner"
    if i < 10:
        return (far - i * WIDTH, far, WIDTH, CORNER), "bottom"
    if i == 10:
        return (0, far, CORNER, CORNER), "corner"
    if i < 20:
        return (0, far - (i - 10) * WIDTH, CORNER, WIDTH), "left"
    if i == 20:
        return (0, 0, CORNER, CORNER), "corner"
    if i < 30:
        return (CORNER + (i - 21) * WIDTH, 0, WIDTH, CORNER), "top"
    if i == 30:
        return (far, 0, CORNER, CORNER), "corner"
    return (far, CORNER + (i - 31) * WIDTH, CORNER, WIDTH), "right"


def _strip(rect: Rect, side: str, depth: float, inner: bool) -> Rect:
    """A strip `depth` deep along the square's inner (or outer) edge."""
    x, y, w, h = rect
    edge = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}[side]
    if not inner:
        edge = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[edge]
    if edge == "top":
        return (x, y, w, depth)
    if edge == "bottom":
        return (x, y + h - depth, w, depth)
    if edge == "left":
        return (x, y, depth, h)
    return (x + w - depth, y, depth, h)


def _house_slots(band: Rect, side: str) -> tuple[tuple[Rect, ...], Rect]:
    x, y, w, h = band
    size = 11.0
    if side in ("bottom", "top"):
        step = w / 4
        houses = tuple(
            (x + k * step + (step - size) / 2, y + (h - size) / 2, size, size) for k in range(4)
        )
        hotel = (x + w / 2 - 18, y + (h - 13) / 2, 36.0, 13.0)
    else:
        step = h / 4
        houses = tuple(
            (x + (w - size) / 2, y + k * step + (step - size) / 2, size, size) for k in range(4)
        )
        hotel = (x + (w - 13) / 2, y + h / 2 - 18, 13.0, 36.0)
    return houses, hotel


def _token_slots(rect: Rect, side: str) -> tuple[tuple[float, float], ...]:
    """Six token centres in the middle of the square, clear of the band and the name."""
    x, y, w, h = rect
    if side in ("bottom", "top"):
        cx, cy = x + w / 2, y + h / 2 + (12 if side == "bottom" else -12)
        return tuple((cx + (k % 2 - 0.5) * 19, cy + (k // 2 - 1) * 17) for k in range(6))
    if side in ("left", "right"):
        cx, cy = x + w / 2 + (-12 if side == "left" else 12), y + h / 2 + 8
        return tuple((cx + (k % 3 - 1) * 18, cy + (k // 3 - 0.5) * 16) for k in range(6))
    cx, cy = x + w / 2, y + h / 2 + 22
    return tuple((cx + (k % 3 - 1) * 19, cy + (k // 3 - 0.5) * 18) for k in range(6))


def places(edition: Edition) -> list[Place]:
    """Where every square of the edition's board is drawn, in board order."""
    out = []
    for sq in edition.squares:
        rect, side = _rect(sq.index)
        band = owner = hotel = None
        houses: tuple[Rect, ...] = ()
        if side != "corner":
            owner = _strip(rect, side, OWNER, inner=False) if sq.ownable else None
            if sq.kind == "site":
                band = _strip(rect, side, BAND, inner=True)
                houses, hotel = _house_slots(band, side)
        out.append(
            Place(sq.index, rect, side, band, owner, houses, hotel, _token_slots(rect, side))
        )
    return out


# the corner box of the jail square that holds the players in jail
def jail_box(edition: Edition) -> Rect:
    x, y, _, _ = _rect(edition.rules.jail_index)[0]
    return (x + CORNER - 66, y + 4, 62, 62)


def jail_slots(edition: Edition) -> tuple[tuple[float, float], ...]:
    x, y, _, _ = jail_box(edition)
    return tuple((x + 14 + (k % 2) * 32, y + 24 + (k // 2) * 14) for k in range(6))


def wrap_name(name: str, width: int) -> list[str]:
    """A square's name in lines of at most `width` characters, broken between words."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def square_label(sq: Square, edition: Edition) -> str:
    """The name a square shows: a deck's squares by the edition's word for the deck."""
    if sq.kind in ("chance", "chest"):
        return edition.word(sq.kind)
    return sq.name


def price_text(sq: Square, edition: Edition) -> str:
    """What a square shows under its name: a deed's price, a tax, GO's salary."""
    if sq.ownable:
        return edition.money(sq.price)
    if sq.kind == "tax" and sq.tax:
        return edition.money(sq.tax)
    if sq.kind == "go":
        return f"collect {edition.money(edition.rules.go_salary)}"
    return ""


def _r(rect: Rect, **attrs: str) -> str:
    x, y, w, h = rect
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{extra}/>'


def static_board(edition: Edition) -> str:
    """The fixed board: squares, bands, names and prices, the jail box and the centre title."""
    parts = [
        f'<rect x="0" y="0" width="{SIZE}" height="{SIZE}" class="table"/>',
        _r((CORNER, CORNER, 9 * WIDTH, 9 * WIDTH), **{"class": "centre"}),
    ]
    for sq, place in zip(edition.squares, places(edition), strict=True):
        x, y, w, h = place.rect
        parts.append(
            f'<g class="square" data-index="{sq.index}"><title>{escape(sq.name)}</title>'
            + _r(place.rect, **{"class": "sq"})
        )
        if place.band is not None and sq.group is not None:
            colour = GROUP_COLOURS.get(sq.group, "#9a9a9a")
            parts.append(_r(place.band, fill=colour, stroke="#222", stroke_width="0.6"))
        chars = 11 if place.side in ("bottom", "top") else 16
        lines = wrap_name(square_label(sq, edition), chars if place.side != "corner" else 14)
        cx = x + w / 2
        if place.side == "bottom":
            ty = y + BAND + 13
        elif place.side == "top":
            ty = y + OWNER + 13
        elif sq.index == edition.rules.jail_index:
            ty = y + h - 34  # below the box that holds the players in jail
        elif place.side == "corner":
            ty = y + 30
        else:
            ty = y + 14
            left = x + (OWNER if place.side == "left" else BAND)
            cx = left + (w - OWNER - BAND) / 2
        for k, text in enumerate(lines[:4]):
            parts.append(f'<text x="{cx:g}" y="{ty + k * 10:g}" class="name">{escape(text)}</text>')
        price = price_text(sq, edition)
        if price and sq.index != edition.rules.jail_index:
            if place.side == "bottom":
                py = y + h - OWNER - 5
            elif place.side == "top":
                py = y + h - BAND - 5
            elif place.side == "corner":
                py = y + h - 12
            else:
                py = y + h - 5
            parts.append(f'<text x="{cx:g}" y="{py:g}" class="price">{escape(price)}</text>')
        parts.append("</g>")
    parts.append(_r(jail_box(edition), **{"class": "jail"}))
    jx, jy, jw, _ = jail_box(edition)
    parts.append(
        f'<text x="{jx + jw / 2:g}" y="{jy + 11:g}" class="price">in {escape(edition.word("jail"))}'
        "</text>"
    )
    title = wrap_name(edition.title, 34)
    for k, text in enumerate(title):
        parts.append(
            f'<text x="{SIZE / 2:g}" y="{SIZE / 2 - 90 + k * 22:g}" class="title">'
            f"{escape(text)}</text>"
        )
    return "\n".join(parts)


def dynamic_board(
    edition: Edition, snapshot: dict[str, Any], players: list[str], caption: str = ""
) -> str:
    """What is on the board at one moment, drawn in the slots `places` gives."""
    at = {s.name: s.index for s in edition.squares}
    where = places(edition)
    colour = {name: player_colour(i) for i, name in enumerate(players)}
    parts: list[str] = []
    for name, deed in snapshot["deeds"].items():
        place = where[at[name]]
        if deed["owner"] is not None and place.owner is not None:
            parts.append(
                _r(place.owner, fill=colour.get(deed["owner"], "#555"), **{"class": "owner"})
            )
        if deed["hotel"] and place.hotel is not None:
            parts.append(_r(place.hotel, fill=HOTEL_COLOUR, **{"class": "hotel"}))
        else:
            for k in range(min(deed["houses"], len(place.houses))):
                parts.append(_r(place.houses[k], fill=HOUSE_COLOUR, **{"class": "house"}))
        if deed["mortgaged"]:
            parts.append(_r(place.rect, **{"class": "mortgaged"}))
            x, y, w, h = place.rect
            parts.append(
                f'<text x="{x + w / 2:g}" y="{y + h / 2:g}" class="mortgage-word">mortgaged</text>'
            )
    crowd: dict[int, int] = {}
    jailed = 0
    jail = jail_slots(edition)
    for i, name in enumerate(players):
        p = snapshot["players"].get(name)
        if p is None or p["bankrupt"] or p["resigned"]:
            continue
        if p["in_jail"]:
            cx, cy = jail[jailed % len(jail)]
            jailed += 1
        else:
            index = at[p["position"]]
            k = crowd.get(index, 0)
            crowd[index] = k + 1
            cx, cy = where[index].tokens[k % 6]
        parts.append(
            f'<g class="token"><circle cx="{cx:g}" cy="{cy:g}" r="{TOKEN_R}" '
            f'fill="{player_colour(i)}"/><text x="{cx:g}" y="{cy + 3.5:g}">'
            f"{escape(name[:1])}</text></g>"
        )
    bank = snapshot["bank"]
    unsold = sum(1 for d in snapshot["deeds"].values() if d["owner"] is None)
    lines = [
        f"{edition.word('bank').capitalize()}: {bank['houses']} {edition.word('houses')}, "
        f"{bank['hotels']} {edition.word('hotels')}",
        f"{unsold} deed{'s' if unsold != 1 else ''} unsold",
    ]
    if caption:
        lines.append(caption)
    for k, text in enumerate(lines):
        parts.append(
            f'<text x="{SIZE / 2:g}" y="{SIZE / 2 + 10 + k * 20:g}" class="bank">'
            f"{escape(text)}</text>"
        )
    return "\n".join(parts)


BOARD_STYLE = """
.table { fill: #cfe8d4; }
.centre { fill: #dff0e2; stroke: #222; stroke-width: 1; }
.sq { fill: #f6f3e8; stroke: #222; stroke-width: 1; }
.jail { fill: #f39322; fill-opacity: 0.25; stroke: #222; stroke-width: 1; }
.name { font: 8.5px sans-serif; text-anchor: middle; fill: #111; }
.price { font: 8px sans-serif; text-anchor: middle; fill: #333; }
.title { font: bold 17px sans-serif; text-anchor: middle; fill: #7a1212; }
.bank { font: 13px sans-serif; text-anchor: middle; fill: #222; }
.owner { stroke: #222; stroke-width: 0.6; }
.house, .hotel { stroke: #111; stroke-width: 0.8; }
.mortgaged { fill: #777; fill-opacity: 0.45; stroke: none; }
.mortgage-word { font: bold 8px sans-serif; text-anchor: middle; fill: #fff; }
.token circle { stroke: #fff; stroke-width: 1.5; }
.token text { font: bold 9px sans-serif; text-anchor: middle; fill: #fff; }
"""


def board_svg(edition: Edition, snapshot: dict[str, Any], players: list[str], caption: str) -> str:
    """The whole board at one moment as a standalone SVG document (no external resource)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" '
        f'width="{SIZE}" height="{SIZE}" role="img">\n'
        f"<title>{escape(caption or edition.title)}</title>\n"
        f"<style>{BOARD_STYLE}</style>\n"
        f"{static_board(edition)}\n"
        f'<g id="dynamic">{dynamic_board(edition, snapshot, players, caption)}</g>\n'
        "</svg>\n"
    )
