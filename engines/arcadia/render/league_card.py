"""One league card of the Arcadia map (arcadia.md §3 "The map"), laid out for the inline
view (issue 35): its name, its printed terrains and place, a band on any edge whose terrain
differs from the league's land (the Border edge, §3.2), trial and Unique marks, designated
quest sites, waylays in play (name, rating, wins still needed) and its pieces: characters,
base camps, hidden treasures and quest items, each numbered with its player.

What a player reads every turn (the name and what stands on the league) is set at the
picture's readable size (``render_kit.readable_size``) where the card's width allows; the
rest (terrains, place) is small print for the opened picture. Every label and piece is
drawn inside the card (``style.placements`` records where), and every card is as tall as
its text needs: no text is ever cut."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engines.arcadia.render.style import (
    CARD_FILL,
    RGB,
    SITE_INK,
    TERRAIN_COLOURS,
    WAYLAY_BG,
    WHITE,
    Box,
    label,
    on_card,
    piece,
    placed,
)
from engines.core.render_kit import (
    INK,
    LayerCache,
    text_width,
    trace_marker,
    wrap_lines,
    write,
)

# Pieces in the order they are laid out along the bottom of a card.
PIECES = ("character", "base", "treasure", "item")


@dataclass(frozen=True)
class Type:
    """The type sizes of a picture: ``read`` for what a player reads inline, ``small`` for
    the small print."""

    read: int
    small: int

    @property
    def pad(self) -> int:
        return max(4, round(self.read * 0.25))

    @property
    def token(self) -> int:
        """A piece's size: its number at the readable size, with room around it."""
        return round(self.read * 1.5)


@dataclass(frozen=True)
class Line:
    """A line of a card's text: ``kind`` is "title", "info", "site" or "waylay"."""

    text: str
    size: int
    bold: bool
    kind: str


def fit(
    text: str, width: float, size: int, bold: bool, smallest: int
) -> tuple[int, bool, list[str]]:
    """``text`` wrapped to ``width`` at ``size`` (bold if its words fit so, else regular),
    or at the largest size down to ``smallest`` at which every word fits a line."""
    for weight in (bold, False) if bold else (False,):
        lines = wrap_lines(text, size, width, weight)
        if all(text_width(line, size, weight) <= width for line in lines):
            return size, weight, lines
    for smaller in range(size - 1, smallest - 1, -1):
        lines = wrap_lines(text, smaller, width, False)
        if all(text_width(line, smaller, False) <= width for line in lines):
            return smaller, False, lines
    lines = wrap_lines(text, smallest, width, False)
    widest = max(text_width(line, smallest, False) for line in lines)
    return max(6, int(smallest * width / widest)), False, lines


def land(cell: dict[str, Any]) -> str:
    """The terrains the edges carry when no band says otherwise: the printed terrains but
    Border (§3.2)."""
    return "/".join(sorted(t for t in cell["terrains"].split("/") if t != "Border"))


def bands(cell: dict[str, Any]) -> dict[str, str]:
    """The edges whose terrain differs from the league's land, with that terrain."""
    return {d: t for d, t in cell["sides"].items() if t != land(cell)}


def _fill(terrains: str) -> RGB:
    first = next((t for t in terrains.split("/") if t != "Border"), "Border")
    return TERRAIN_COLOURS.get(first, CARD_FILL)


def waylay_text(wl: dict[str, Any]) -> str:
    wins = f" ×{wl['wins_left']}" if wl["wins_left"] > 1 else ""
    return f"{wl['name']} ({wl['rating']}){wins}"


def _band_size(ty: Type) -> int:
    return ty.small + 4


def _inner(box_w: float, cell: dict[str, Any], ty: Type) -> float:
    """The width the card's text may take: inside its padding and any W or E band."""
    sides = bands(cell)
    return box_w - 2 * ty.pad - _band_size(ty) * (("W" in sides) + ("E" in sides))


def lines(cell: dict[str, Any], width: float, ty: Type) -> list[Line]:
    """The card's text from the top: name, terrains and place, quest sites, waylays."""
    out: list[Line] = []
    size, bold, rows = fit(cell["league"], width, ty.read, True, ty.small)
    out += [Line(r, size, bold, "title") for r in rows]
    marks = ("★ " if cell["unique"] else "") + ("⚠ " if cell["trials"] else "")
    turned = " ↻" if cell["rot"] else ""
    info = f"{marks}{cell['terrains'].replace('/', ', ')} {cell['place']}{turned}"
    size, bold, rows = fit(info, width, ty.small, False, ty.small - 3)
    out += [Line(r, size, bold, "info") for r in rows]
    for site in cell["sites"]:
        size, bold, rows = fit(f"◆ {site['key']} of {site['seat'] + 1}", width, ty.read, True, 8)
        out += [Line(r, size, bold, "site") for r in rows]
    for i, wl in enumerate(cell["waylays"]):
        size, bold, rows = fit(waylay_text(wl), width - ty.pad, ty.read, True, 8)
        out += [Line(r, size, bold, f"waylay {i}") for r in rows]
    return out


def pieces(cell: dict[str, Any], players: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """(kind, seat) of every piece on the league, characters first."""
    out = [("character", p["seat"]) for p in players if p["pos"] == cell["cell"]]
    out += [("base", p["seat"]) for p in players if p["base"] == cell["cell"]]
    out += [("item" if t["item"] else "treasure", t["owner"]) for t in cell["hidden"]]
    return out


def _per_row(width: float, ty: Type) -> int:
    return max(1, int((width + ty.pad) // (ty.token + ty.pad)))


def _step(line: Line, following: Line | None = None) -> int:
    """The height of ``line``, and of the gap to the next unless it continues a waylay."""
    same = following is not None and following.kind == line.kind
    return line.size + (2 if same else 8 if line.kind.startswith("waylay") else 5)


def _text_height(rows: list[Line]) -> int:
    return sum(
        _step(line, rows[i + 1] if i + 1 < len(rows) else None) for i, line in enumerate(rows)
    )


def card_height(cell: dict[str, Any], players: list[dict[str, Any]], w: float, ty: Type) -> float:
    """How tall the card at width ``w`` must be to hold its text and pieces."""
    sides = bands(cell)
    width = _inner(w, cell, ty)
    text = _text_height(lines(cell, width, ty))
    n = len(pieces(cell, players))
    rows = -(-n // _per_row(width, ty)) if n else 0
    edges = _band_size(ty) * (("N" in sides) + ("S" in sides))
    return 2 * ty.pad + text + rows * (ty.token + ty.pad) + edges


def _edge_band(
    target: Image.Image, draw: ImageDraw.ImageDraw, box: Box, d: str, text: str, ty: Type
) -> None:
    """A band along edge ``d`` naming the terrain printed there."""
    x0, y0, x1, y1 = box
    b = _band_size(ty)
    edge = {
        "N": (x0 + 2, y0 + 2, x1 - 2, y0 + b),
        "S": (x0 + 2, y1 - b, x1 - 2, y1 - 2),
        "W": (x0 + 2, y0 + 2, x0 + b, y1 - 2),
        "E": (x1 - b, y0 + 2, x1 - 2, y1 - 2),
    }[d]
    draw.rectangle(edge, fill=WHITE)
    words = text.replace("/", ", ")
    if d in "NS":
        size = min(ty.small, _fitting(words, edge[2] - edge[0] - 8, ty.small))
        label(
            draw,
            ((edge[0] + edge[2]) / 2, (edge[1] + edge[3]) / 2),
            words,
            size,
            True,
            INK,
            "mm",
            box,
        )
        return
    length = int(edge[3] - edge[1])
    rot = _edge_label(words, length, ty.small, d == "W")
    at = (int(edge[0]), int(edge[1]))
    target.paste(rot, at, rot)
    placed("text", (at[0], at[1], at[0] + rot.width, at[1] + rot.height))


def _fitting(text: str, width: float, size: int) -> int:
    while size > 6 and text_width(text, size, True) > width:
        size -= 1
    return size


def _edge_label(text: str, length: int, size: int, west: bool) -> Image.Image:
    """An edge's terrain turned to run along a W or E band (layers cached)."""

    def make() -> Image.Image:
        fitted = _fitting(text, length - 8, size)
        tmp = Image.new("RGBA", (length, fitted + 4), (0, 0, 0, 0))
        write(ImageDraw.Draw(tmp), (length / 2, (fitted + 4) / 2), text, fitted, True, INK, "mm")
        return tmp.rotate(90 if west else -90, expand=True)

    return _EDGE_LABELS.get((text, length, size, west), make)


_EDGE_LABELS: LayerCache[Image.Image] = LayerCache(512)


def draw_card(
    target: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    cell: dict[str, Any],
    players: list[dict[str, Any]],
    ty: Type,
) -> None:
    with on_card(cell["cell"], box):
        _draw(target, draw, box, cell, players, ty)


def _draw(
    target: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    cell: dict[str, Any],
    players: list[dict[str, Any]],
    ty: Type,
) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=_fill(cell["terrains"]), outline=INK, width=2)
    sides = bands(cell)
    for d, text in sides.items():
        _edge_band(target, draw, box, d, text, ty)
    trace_marker("side_terrain")
    for mark, on in (
        ("unique", cell["unique"]),
        ("trials", cell["trials"]),
        ("turned", cell["rot"]),
    ):
        if on:
            trace_marker(mark)
    band = _band_size(ty)
    left = x0 + ty.pad + (band if "W" in sides else 0)
    right = x1 - ty.pad - (band if "E" in sides else 0)
    y = y0 + ty.pad + (band if "N" in sides else 0)
    rows = lines(cell, right - left, ty)
    tops = []
    for i, line in enumerate(rows):
        tops.append(y)
        y += _step(line, rows[i + 1] if i + 1 < len(rows) else None)
    # One red band for each waylay, however many lines its name takes, under its text.
    for kind in dict.fromkeys(line.kind for line in rows if line.kind.startswith("waylay")):
        mine = [i for i, line in enumerate(rows) if line.kind == kind]
        first, last = tops[mine[0]], tops[mine[-1]] + rows[mine[-1]].size
        draw.rounded_rectangle((left - 2, first - 3, right + 2, last + 5), 4, WAYLAY_BG)
        trace_marker("waylay")
    for line, top in zip(rows, tops, strict=True):
        read = "pieces" if line.size >= ty.read and line.kind != "info" else None
        if line.kind.startswith("waylay"):
            at = (left + ty.pad / 2, top)
            label(draw, at, line.text, line.size, line.bold, WHITE, panel=box, read=read)
            continue
        if line.kind == "site":
            trace_marker("quest_site")
        ink = SITE_INK if line.kind == "site" else INK
        label(draw, (left, top), line.text, line.size, line.bold, ink, panel=box, read=read)
    # The pieces, in rows from the bottom edge up (or under the text, whichever is lower).
    found = pieces(cell, players)
    per_row = _per_row(right - left, ty)
    rows = -(-len(found) // per_row) if found else 0
    bottom = y1 - ty.pad - (band if "S" in sides else 0)
    top = max(y, bottom - rows * (ty.token + ty.pad) + ty.pad)
    for i, (kind, seat) in enumerate(found):
        px = left + (i % per_row) * (ty.token + ty.pad)
        py = top + (i // per_row) * (ty.token + ty.pad)
        piece(draw, kind, (px, py, px + ty.token, py + ty.token), seat, ty.read)
