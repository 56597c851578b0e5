"""Where the clearings and forests of each Root map lie on the picture (root.md §17 "Maps").

Clearings are boxes on a grid of four columns and four rows (issue 35: big enough that their
pieces read at the inline size), placed as on the printed map so the paths between them keep
their shape; a forest's name goes where its area is widest between the boxes."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from engines.root.render.style import W

Point = tuple[float, float]
Box = tuple[int, int, int, int]

# Clearing positions as (column, row) on the grid; half steps sit between two columns.
GRID: dict[str, dict[int, tuple[float, float]]] = {
    "wastelands": {
        1: (0, 0),
        5: (1.5, 0),
        2: (3, 0),
        10: (1.5, 1),
        6: (3, 1),
        9: (0, 1.5),
        12: (1, 2),
        11: (2, 2),
        7: (3, 2),
        4: (0, 3),
        8: (1.5, 3),
        3: (3, 3),
    },
    "autumn": {
        1: (0, 0),
        5: (1.5, 0),
        2: (3, 0),
        10: (1.5, 1),
        9: (0, 1.5),
        6: (3, 1.5),
        12: (1, 2),
        11: (2, 2),
        4: (0, 3),
        8: (1, 3),
        7: (2, 3),
        3: (3, 3),
    },
}
RIVERS = {"wastelands": [(5, 10), (10, 8)], "autumn": []}
# A clearing's box, and the pitch of the grid.
CW, CH = 232, 172
COL, ROW = (W - CW - 24) / 3, 236
PAD = 14
MAP_H = round(2 * PAD + CH + 3 * ROW)


def clearing_xy(map_id: str, cid: int) -> Point:
    """The centre of clearing ``cid`` on the map layer (its top edge is y = 0)."""
    col, row = GRID[map_id][cid]
    return 12 + CW / 2 + col * COL, PAD + CH / 2 + row * ROW


def clearing_box(map_id: str, cid: int) -> Box:
    x, y = clearing_xy(map_id, cid)
    return (
        math.floor(x - CW / 2),
        math.floor(y - CH / 2),
        math.ceil(x + CW / 2),
        math.ceil(y + CH / 2),
    )


def _inside(p: Point, ring: list[Point]) -> bool:
    """Whether ``p`` lies inside the polygon ``ring`` (ray casting)."""
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _room(p: Point, boxes: list[Box], lines: list[tuple[Point, Point]]) -> float:
    """How far ``p`` is from the nearest clearing box (0 inside one) or path."""
    best = math.inf
    for x0, y0, x1, y1 in boxes:
        dx = max(x0 - p[0], 0, p[0] - x1)
        dy = max(y0 - p[1], 0, p[1] - y1)
        best = min(best, math.hypot(dx, dy))
    for a, b in lines:
        ab = (b[0] - a[0], b[1] - a[1])
        t = ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / (ab[0] ** 2 + ab[1] ** 2)
        t = min(1.0, max(0.0, t))
        best = min(best, math.dist(p, (a[0] + t * ab[0], a[1] + t * ab[1])))
    return best


@cache
def forest_xy(map_id: str, ring: tuple[int, ...], paths: tuple[tuple[int, int], ...]) -> Point:
    """Where a forest's name (and the Vagabond's pawn in it) goes: the point of the forest
    farthest from every clearing box and path, on a 6 px grid."""
    corners = [clearing_xy(map_id, c) for c in ring]
    boxes = [clearing_box(map_id, c) for c in GRID[map_id]]
    lines = [(clearing_xy(map_id, a), clearing_xy(map_id, b)) for a, b in paths]
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    best, at = -1.0, corners[0]
    for x in range(int(min(xs)), int(max(xs)), 6):
        for y in range(int(min(ys)), int(max(ys)), 6):
            if _inside((x, y), corners) and (room := _room((x, y), boxes, lines)) > best:
                best, at = room, (x, y)
    return at


def forests_xy(data: dict[str, Any]) -> dict[str, Point]:
    paths = tuple((a, b) for a, b, _ in data["paths"])
    return {n: forest_xy(data["map"], tuple(r), paths) for n, r in data["forests"].items()}
