"""One league card of the Arcadia map (arcadia.md §3 "The map"): title, printed terrains,
the terrain of each side along that edge (§3.2: N/S along the long sides, E/W on the ends),
trial and Unique marks, hidden treasures by owner, designated quest sites, base camps,
waylays in play (face up: name, rating, wins still needed) and characters as numbered discs.
Every card is as tall as its text needs: no text is ever cut."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.arcadia.render.style import (
    CARD_FILL,
    RGB,
    SITE_INK,
    TERRAIN_COLOURS,
    TREASURE,
    WAYLAY_BG,
    WHITE,
    disc,
    seat_colour,
)
from engines.core.render_kit import (
    INK,
    LayerCache,
    contrast_ink,
    fitting_size,
    text_width,
    trace_marker,
    wrap_lines,
    write,
)


def _card_fill(terrains: str) -> RGB:
    first = next((t for t in terrains.split("/") if t != "Border"), "Border")
    return TERRAIN_COLOURS.get(first, CARD_FILL)


def _fit_lines(text: str, width: float, largest: int, smallest: int, bold: bool = False) -> Lines:
    """``text`` at the largest size from ``largest`` to ``smallest`` that fits ``width`` on
    one line, else wrapped at ``smallest`` (a single word too long is set smaller still)."""
    size = fitting_size(text, width, largest, smallest - 1, bold)
    if text_width(text, size, bold) <= width:
        return size, (text,)
    lines = wrap_lines(text, smallest, width, bold)
    widest = max(lines, key=lambda line: text_width(line, smallest, bold))
    return fitting_size(widest, width, smallest, 7, bold), tuple(lines)


Lines = tuple[int, tuple[str, ...]]
SIDE_LARGEST, SIDE_SMALLEST = 13, 12


def _side_lines(text: str, length: float) -> Lines:
    return _fit_lines(text, length - 4, SIDE_LARGEST, SIDE_SMALLEST)


def _edge_label(text: str, length: int, west: bool) -> Image.Image:
    """An end's terrain label turned to run along the short side, on as many lines as it
    needs (layers cached: the same labels recur on every picture)."""

    def make() -> Image.Image:
        size, lines = _side_lines(text, length)
        step = size + 3
        tmp = Image.new("RGBA", (length, step * len(lines) + 2), (0, 0, 0, 0))
        tdraw = ImageDraw.Draw(tmp)
        for i, line in enumerate(lines):
            write(tdraw, (length / 2, 1 + step * i + step / 2), line, size, False, INK, "mm")
        return tmp.rotate(90 if west else -90, expand=True)

    return _EDGE_LABELS.get((text, length, west), make)


_EDGE_LABELS: LayerCache[Image.Image] = LayerCache(2048)
BOTTOM = 68  # room under a card's text for base camp, treasures, characters and the S label


def _card_text(cell: dict[str, Any], inner: float) -> list[tuple[str, int, bool, str]]:
    """The lines of a card's middle: (text, size, bold, kind), kind "title", "plain", "site"
    or "waylay"; every line fits ``inner`` pixels."""
    out: list[tuple[str, int, bool, str]] = []
    marks = ("★ " if cell["unique"] else "") + ("⚠ " if cell["trials"] else "")
    size, lines = _fit_lines(marks + cell["league"], inner, 16, 14, True)
    out += [(line, size, True, "title") for line in lines]
    coord = f"({cell['cell']}{' ↻' if cell['rot'] else ''})"
    size, lines = _fit_lines(f"{cell['terrains'].replace('/', ', ')} {coord}", inner, 14, 13)
    out += [(line, size, False, "plain") for line in lines]
    for name in cell["names"]:
        size, lines = _fit_lines("◆ " + name, inner, 14, 13, True)
        out += [(line, size, True, "site") for line in lines]
    for wl in cell["waylays"]:
        label = f"▲ {wl['name']} ({wl['rating']})" + (
            f" ×{wl['wins_left']}" if wl["wins_left"] > 1 else ""
        )
        size, lines = _fit_lines(label, inner - 8, 14, 13, True)
        out += [(line, size, True, "waylay") for line in lines]
    return out


def _side_text(cell: dict[str, Any], d: str) -> str:
    """The label of side ``d``: its letter and terrains, spaced so a long one can wrap."""
    return f"{d} {cell['sides'][d].replace('/', ' ')}"


def _strip(cell: dict[str, Any], length: float) -> int:
    """The width of the strip the W and E labels take along the card's ends."""
    lines = max(len(_side_lines(_side_text(cell, d), length)[1]) for d in "WE")
    return 17 * lines + 4


def _extra_side_lines(cell: dict[str, Any], w: float, d: str) -> int:
    return len(_side_lines(_side_text(cell, d), w - 12)[1]) - 1


def card_height(cell: dict[str, Any], w: float) -> float:
    inner = w - 2 * _strip(cell, 150 - 44) - 8
    sides = 16 * (_extra_side_lines(cell, w, "N") + _extra_side_lines(cell, w, "S"))
    return 22 + sum(size + 4 for _, size, _, _ in _card_text(cell, inner)) + BOTTOM + sides


def draw_card(
    target: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    cell: dict[str, Any],
    players: list[dict[str, Any]],
) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    draw.rounded_rectangle(box, radius=8, fill=_card_fill(cell["terrains"]), outline=INK, width=2)
    trace_marker("side_terrain")
    # Side terrains along each edge, inside the card.
    for d, anchor, y in (("N", "mt", y0 + 3), ("S", "mb", y1 - 3)):
        size, lines = _side_lines(_side_text(cell, d), w - 12)
        # Both lines of a long N or S label, each fitted: the card's height is for the text.
        for i, line in enumerate(lines if d == "N" else lines[::-1]):
            dy = i * (size + 2) * (1 if d == "N" else -1)
            write(draw, ((x0 + x1) / 2, y + dy), line, size, False, INK, anchor, panel=box)
    length = 150 - 44
    strip = _strip(cell, length)
    for d, x in (("W", x0 + 3), ("E", x1 - 3)):
        rot = _edge_label(_side_text(cell, d), length, d == "W")
        px = int(x) if d == "W" else int(x - rot.width)
        target.paste(rot, (px, int((y0 + y1) / 2 - length / 2)), rot)
    if cell["unique"]:
        trace_marker("unique")
    if cell["trials"]:
        trace_marker("trials")
    if cell["rot"]:
        trace_marker("turned")
    # Title, terrains and coordinates, quest sites, waylays in play.
    left = x0 + strip + 4
    inner = w - 2 * strip - 8
    y = y0 + 22 + 16 * _extra_side_lines(cell, w, "N")
    for text, size, bold, kind in _card_text(cell, inner):
        if kind == "waylay":
            trace_marker("waylay")
            draw.rounded_rectangle((left - 2, y - 1, x1 - strip - 2, y + size + 3), 4, WAYLAY_BG)
            write(draw, (left + 2, y + 1), text, size, True, WHITE, panel=box)
        else:
            ink = SITE_INK if kind == "site" else INK
            if kind == "site":
                trace_marker("quest_site")
            write(draw, (left, y), text, size, bold, ink, panel=box)
        y += size + 4
    # Treasures (diamonds with the owner's number) bottom left, characters bottom right.
    y1 -= 16 * _extra_side_lines(cell, w, "S")
    tx = left + 10
    ty = y1 - 30
    for owner in cell["treasures"]:
        trace_marker("treasure")
        draw.polygon(
            [(tx, ty - 11), (tx + 11, ty), (tx, ty + 11), (tx - 11, ty)], fill=TREASURE, outline=INK
        )
        write(draw, (tx, ty), str(owner + 1), 12, True, INK, "mm", panel=box)
        tx += 26
    cx = x1 - strip - 18
    for p in players:
        if p["base"] == cell["cell"]:
            trace_marker("base")
            colour = seat_colour(p["seat"])
            draw.rounded_rectangle(
                (left, y1 - 64, left + 80, y1 - 44), radius=4, fill=colour, outline=INK
            )
            label = f"BASE {p['seat'] + 1}"
            write(draw, (left + 40, y1 - 54), label, 13, True, contrast_ink(colour), "mm", box)
        if p["pos"] == cell["cell"]:
            trace_marker("character")
            disc(draw, cx, y1 - 32, 14, p["seat"], str(p["seat"] + 1))
            cx -= 32
