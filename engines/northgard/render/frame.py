"""Northgard map geometry (northgard.md §2): the pieces and borders of each tile template,
turned and placed on the explored grid, and grid cells to pixels."""

from __future__ import annotations

from typing import Any

from engines.northgard.content import TEMPLATE_BORDERS, TEMPLATES
from engines.northgard.render.style import (
    Point,
    Rect,
)

RING = ((0, 0), (0.5, 0), (1, 0), (1, 0.5), (1, 1), (0.5, 1), (0, 1), (0, 0.5))


def _arcs(segs: list[int]) -> list[list[int]]:
    """Split a piece's physical segments into runs that follow the ring clockwise."""
    left = set(segs)
    runs: list[list[int]] = []
    while left:
        start = next(s for s in sorted(left) if (s - 1) % 8 not in left)
        run = [start]
        while (run[-1] + 1) % 8 in left and (run[-1] + 1) % 8 != start:
            run.append((run[-1] + 1) % 8)
        runs.append(run)
        left -= set(run)
    return runs


def piece_polygon(template: str, letter: str, rot: int) -> list[Point]:
    segs = [(i + 2 * rot) % 8 for i in TEMPLATES[template][letter]]
    if len(segs) == 8:
        return list(RING)
    runs = _arcs(segs)
    pts: list[Point] = []
    for run in runs:
        pts += [RING[s] for s in run] + [RING[(run[-1] + 1) % 8]]
        if template != "D":
            pts.append((0.5, 0.5))
    return pts


def border_lines(template: str, rot: int) -> list[tuple[Point, Point, int]]:
    """(from, to, border index) for each drawn line between pieces."""
    out: list[tuple[Point, Point, int]] = []
    for k, (u, v) in enumerate(TEMPLATE_BORDERS[template]):
        if template == "D":
            corner = u if u != "c" else v
            segs = sorted((i + 2 * rot) % 8 for i in TEMPLATES[template][corner])
            run = _arcs(segs)[0]
            out.append((RING[run[0]], RING[(run[-1] + 1) % 8], k))
            continue
        us = {(i + 2 * rot) % 8 for i in TEMPLATES[template][u]}
        vs = {(i + 2 * rot) % 8 for i in TEMPLATES[template][v]}
        for p in range(8):
            a, b = (p - 1) % 8, p
            if (a in us and b in vs) or (a in vs and b in us):
                out.append(((0.5, 0.5), RING[p], k))
    return out


class Frame:
    """Grid cells to pixels for the box (left, top, width, height), cropped to the tiles."""

    def __init__(
        self, tiles: list[dict[str, Any]], left: float, top: float, width: float, height: float
    ) -> None:
        xs = [t["x"] for t in tiles]
        ys = [t["y"] for t in tiles]
        self.x0, self.y0 = min(xs) - 0.15, min(ys) - 0.15
        cols = max(xs) - min(xs) + 1.3
        rows = max(ys) - min(ys) + 1.3
        self.cell = min((width - 20) / cols, (height - 20) / rows, 240)
        self.ox = left + 10 + ((width - 20) - cols * self.cell) / 2
        self.oy = top + 10
        self.left, self.right = left, left + width
        self.bottom = self.oy + rows * self.cell

    def tile_box(self, tx: int, ty: int) -> Rect:
        (x0, y0), (x1, y1) = self.at(tx, ty, (0, 0)), self.at(tx, ty, (1, 1))
        return (x0, y0, x1, y1)

    def box(self) -> Rect:
        """The map area: labels stay inside it, clear of the panel beside or below."""
        return (self.left, self.oy - 10, self.right, self.bottom + 10)

    def at(self, tx: int, ty: int, p: Point) -> Point:
        return (
            self.ox + (tx - self.x0 + p[0]) * self.cell,
            self.oy + (ty - self.y0 + p[1]) * self.cell,
        )


def grid(tiles: list[dict[str, Any]]) -> tuple[float, float]:
    xs = [t["x"] for t in tiles]
    ys = [t["y"] for t in tiles]
    return max(xs) - min(xs) + 1.3, max(ys) - min(ys) + 1.3


def centroid(pts: list[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
