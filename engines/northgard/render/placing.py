"""The tile being placed (northgard.md §5.2; issue 29): drawn in the panel in each turn the
rules offer, labelled as the moves are ("Turned 90°"), for the map's dashed candidate cells
labelled "(x,y)" as the moves are ("At (x,y)")."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.core.render_kit import INK, MUTED, wrap_lines, write
from engines.northgard.content import TEMPLATES, content
from engines.northgard.render.frame import border_lines, centroid, piece_polygon
from engines.northgard.render.style import IMPASSABLE, LAKE, LAND, READ, ROUGH, SMALL, TILE_EDGE


def draw_tile(
    draw: ImageDraw.ImageDraw, tile_id: str, rot: int, box: tuple[float, float, float, float]
) -> None:
    """A tile with its pieces' marks and its borders, turned ``rot`` quarter turns."""
    from engines.northgard.render.map_tiles import dashed, piece_marks

    tile = content().tiles[tile_id]
    x0, y0, x1, _ = box
    cell = x1 - x0

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (x0 + p[0] * cell, y0 + p[1] * cell)

    for letter in TEMPLATES[tile.template]:
        pts = [at(p) for p in piece_polygon(tile.template, letter, rot)]
        draw.polygon(pts, fill=LAND, outline=TILE_EDGE)
        cx, cy = centroid(pts)
        piece_marks(draw, content().pieces[(tile_id, letter)], cx, cy, cell, box)
    width = max(2, int(cell / 40))
    for a, b, k in border_lines(tile.template, rot):
        kind = tile.borders[k]
        if kind == "#":
            draw.line((at(a), at(b)), fill=IMPASSABLE, width=width * 3)
        elif kind == "~":
            dashed(draw, at(a), at(b), ROUGH, width * 2)
        else:
            draw.line((at(a), at(b)), fill=INK, width=width)
    if tile.env_type == "lake":
        r, mx, my = cell * 0.14, x0 + cell / 2, y0 + cell / 2
        draw.ellipse((mx - r, my - r, mx + r, my + r), fill=LAKE, outline=IMPASSABLE, width=3)
    draw.rectangle(box, outline=INK, width=2 if not tile.edge_borders else width)


def draw_placing(draw: ImageDraw.ImageDraw, placing: dict[str, Any], x: int, y: int, w: int) -> int:
    """The drawn tile in every turn on offer somewhere, or the Raven's two tiles to keep one
    of; returns the y under it."""
    if "choice" in placing:
        return _draw_choice(draw, placing["choice"], x, y, w)
    write(draw, (x, y), f"Placing {placing['name']}", READ, True, read="turn")
    y += READ + 10
    turns = sorted({t for _, _, ts in placing["cells"] for t in ts})
    side = min(120.0, (w - 10 * (len(turns) - 1)) / max(4, len(turns)))
    for i, rot in enumerate(turns):
        bx = x + i * (side + 10)
        draw_tile(draw, placing["tile"], rot, (bx, y, bx + side, y + side))
        write(draw, (bx + side / 2, y + side + 4), f"{rot * 90}°", SMALL, True, INK, "mt")
    y += int(side) + SMALL + 10
    for line in wrap_lines("Turned as above, to a dashed square on the map", SMALL, w):
        write(draw, (x, y), line, SMALL, False, MUTED)
        y += SMALL + 4
    return y


def _draw_choice(draw: ImageDraw.ImageDraw, choice: list[list[str]], x: int, y: int, w: int) -> int:
    """The Raven's far sight: the two tiles on top of the map pile, each with its name."""
    write(draw, (x, y), "Keep one tile to place", READ, True, read="turn")
    y += READ + 10
    side = min(120.0, (w - 20) / 2)
    for i, (tile, name) in enumerate(choice):
        bx = x + i * (side + 20)
        draw_tile(draw, tile, 0, (bx, y, bx + side, y + side))
        for k, line in enumerate(wrap_lines(name, SMALL, side, True)):
            write(draw, (bx, y + side + 4 + k * (SMALL + 3)), line, SMALL, True)
    return int(y + side + 2 * (SMALL + 3) + 8)
