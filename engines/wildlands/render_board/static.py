"""The static Wildlands board: space positions and everything that depends on the board
alone, drawn once per board (DESIGN.md "Pictures").

Shows the board features of wildlands.md §2 and §13: paths between adjacent spaces (a wall
is a missing path, marked with a bar), high ground (hatched, heavy outline), climb edges
(ladders), thin ice (pale blue with cracks) and conveyor belts (arrows in the belt colour),
with the space numbers in type that reads inline. Positions come from ``Board.layout``; the
board-feature key (``features``, ``feature_icon``) is drawn in the panel's key.
"""

from __future__ import annotations

import math
from itertools import pairwise

from PIL import Image, ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    LayerCache,
    canvas,
    font,
    text_width,
    write,
)
from engines.wildlands.board import Board
from engines.wildlands.render_board.style import (
    BELT_COLOURS,
    BOARD_H,
    CRACK,
    FOOTER_H,
    GAP,
    GROUND,
    HATCH,
    HEIGHT,
    HIGH_FILL,
    ICE_EDGE,
    ICE_FILL,
    LADDER,
    MARGIN,
    PANEL,
    PATH,
    READ_SIZE,
    RGB,
    ROW_H,
    TITLE_H,
    WIDTH,
    Box,
)


class Geometry:
    """Pixel positions of every space, from the board's grid layout, across the picture's
    whole width between the title and the panel."""

    def __init__(self, board: Board, title_h: int = TITLE_H) -> None:
        self.board = board
        self.layout = board.layout
        cols = 1 + max(c for c, _ in board.layout.values())
        rows = 1 + max(r for _, r in board.layout.values())
        self.left, self.top = MARGIN, title_h + 8
        self.pitch_x = (WIDTH - 2 * MARGIN) / cols
        self.pitch_y = BOARD_H / rows
        self.panel_top = self.top + BOARD_H + 8

    def centre(self, s: int) -> tuple[float, float]:
        c, r = self.layout[s]
        return self.left + (c + 0.5) * self.pitch_x, self.top + (r + 0.5) * self.pitch_y

    def box(self, s: int) -> Box:
        cx, cy = self.centre(s)
        hw, hh = (self.pitch_x - GAP) / 2, (self.pitch_y - GAP) / 2
        return cx - hw, cy - hh, cx + hw, cy + hh

    def patch(self, s: int) -> tuple[int, int, int, int]:
        """The pixels a space's dynamic layer may touch: its box and half the gap around
        it, so the patches of neighbouring spaces never overlap."""
        x0, y0, x1, y1 = self.box(s)
        pad = GAP / 2 - 1
        return (
            math.floor(x0 - pad),
            math.floor(y0 - pad),
            math.ceil(x1 + pad),
            math.ceil(y1 + pad),
        )

    def rows(self, s: int, row_h: float = ROW_H) -> tuple[tuple[float, float, float], ...]:
        """The rows ``row_h`` tall pieces go in, as (left, right, top): the first beside
        the space number and before the belt badges, the others the box's whole width."""
        x0, y0, x1, y1 = self.box(s)
        number = x0 + 8 + text_width(str(s), READ_SIZE, True) + 8
        belts = 30 * len(self.board.belt_colours(s))
        rows = int((y1 - y0 - 4) // row_h)
        return tuple(
            (number if r == 0 else x0 + 4, x1 - 4 - (belts if r == 0 else 0), y0 + 4 + r * row_h)
            for r in range(rows)
        )


_STATIC: LayerCache[Image.Image] = LayerCache(8)


def static_board(board: Board, geometry: Geometry, height: int = HEIGHT) -> Image.Image:
    """Everything that depends on the board alone, drawn once per board, title bar and
    picture height (a board is its asset file, so its id names its content; every layer
    cache below is keyed by it)."""
    return _STATIC.get(
        (board.id, geometry.top, height), lambda: _draw_static(board, geometry, height)
    )


def _draw_static(board: Board, geometry: Geometry, height: int) -> Image.Image:
    img = canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)
    panel = (MARGIN, geometry.panel_top, WIDTH - MARGIN, height - FOOTER_H)
    draw.rounded_rectangle(panel, 12, fill=PANEL)
    _draw_paths(draw, board, geometry)
    for s in board.spaces():
        _draw_space(img, draw, board, geometry.box(s), s)
    _draw_walls(draw, board, geometry)
    for colour in sorted(board.belts):
        _draw_belt(draw, board, geometry, colour)
    return img


def _belt_rgb(colour: str) -> RGB:
    return BELT_COLOURS.get(colour, PALETTE.get(colour, INK))


def _draw_paths(draw: ImageDraw.ImageDraw, board: Board, geometry: Geometry) -> None:
    for a in board.spaces():
        for b in board.neighbours(a):
            if a < b:
                start, end = geometry.centre(a), geometry.centre(b)
                draw.line((start, end), fill=PATH, width=16)
                if board.is_climb_edge(a, b):
                    _draw_ladder(draw, start, end)


def _draw_ladder(
    draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float]
) -> None:
    """Two rails and rungs along a climb edge; only the part in the gap stays visible."""
    (ux, uy), length = _unit(start, end)
    px, py = -uy * 9, ux * 9
    for side in (1, -1):
        draw.line(
            (start[0] + side * px, start[1] + side * py, end[0] + side * px, end[1] + side * py),
            fill=LADDER,
            width=3,
        )
    for i in range(int(length // 7) + 1):
        x, y = start[0] + ux * i * 7, start[1] + uy * i * 7
        draw.line((x - px, y - py, x + px, y + py), fill=LADDER, width=3)


def _unit(
    start: tuple[float, float], end: tuple[float, float]
) -> tuple[tuple[float, float], float]:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    return (dx / length, dy / length), length


def _draw_space(
    img: Image.Image, draw: ImageDraw.ImageDraw, board: Board, box: Box, s: int
) -> None:
    ice, high = s in board.thin_ice, s in board.high
    draw.rounded_rectangle(box, 12, fill=ICE_FILL if ice else HIGH_FILL if high else GROUND)
    if ice:
        _draw_cracks(draw, box)
    if high:
        _hatch(img, box)
    outline, width = (INK, 5) if high else (ICE_EDGE, 3) if ice else (MUTED, 2)
    draw.rounded_rectangle(box, 12, outline=outline, width=width)
    # The number on a plain tab, so hatching or cracks never run through it.
    x, cy = box[0] + 8, box[1] + 4 + ROW_H / 2
    w = text_width(str(s), READ_SIZE, True)
    tab = (x - 4, cy - 15, x + w + 4, cy + 15)
    draw.rounded_rectangle(tab, 6, fill=ICE_FILL if ice else HIGH_FILL if high else GROUND)
    # The log, the menus and the text name every piece's place by this number, so it reads
    # inline with the pieces (and is what the map shows before any piece is on it).
    write(draw, (x, cy), str(s), READ_SIZE, True, INK, "lm", box, "pieces")


def _hatch(img: Image.Image, box: Box) -> None:
    """Diagonal hatching clipped to the rounded box: high ground never relies on hue."""
    x0, y0, x1, y1 = (round(v) for v in box)
    w, h = x1 - x0, y1 - y0
    layer = Image.new("RGB", (w, h), HIGH_FILL)
    hatch = ImageDraw.Draw(layer)
    for k in range(-h, w, 14):
        hatch.line((k, h, k + h, 0), fill=HATCH, width=3)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), 12, fill=255)
    img.paste(layer, (x0, y0), mask)


def _draw_cracks(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cracks = (
        ((0.08, 0.55), (0.3, 0.45), (0.48, 0.68), (0.7, 0.58), (0.93, 0.8)),
        ((0.48, 0.68), (0.42, 0.93)),
        ((0.55, 0.3), (0.72, 0.4), (0.9, 0.32)),
        ((0.7, 0.58), (0.76, 0.4)),
    )
    for crack in cracks:
        draw.line([(x0 + fx * w, y0 + fy * h) for fx, fy in crack], fill=CRACK, width=2)


def _draw_walls(draw: ImageDraw.ImageDraw, board: Board, geometry: Geometry) -> None:
    """A bar across the gap between grid neighbours that share no path."""
    at = {pos: s for s, pos in board.layout.items()}
    for (c, r), a in at.items():
        for dc, dr in ((1, 0), (0, 1)):
            b = at.get((c + dc, r + dr))
            if b is None or b in board.neighbours(a):
                continue
            (ax, ay), (bx, by) = geometry.centre(a), geometry.centre(b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            half = (geometry.pitch_y if dc else geometry.pitch_x) / 2 - GAP / 2 - 4
            bar = (
                (mx - 4, my - half, mx + 4, my + half)
                if dc
                else (mx - half, my - 4, mx + half, my + 4)
            )
            draw.rectangle(bar, fill=INK)


def _draw_belt(draw: ImageDraw.ImageDraw, board: Board, geometry: Geometry, colour: str) -> None:
    """An arrow in each gap along the belt, and a chevron badge on each belt space pointing
    where the belt carries it (a square on the last space: nothing leaves the board)."""
    path, rgb = board.belts[colour], _belt_rgb(colour)
    for a, b in pairwise(path):
        start, end = geometry.centre(a), geometry.centre(b)
        (ux, uy), _ = _unit(start, end)
        mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        draw.line((mx - ux * 13, my - uy * 13, mx, my), fill=rgb, width=12)
        head = [
            (mx + ux * 13, my + uy * 13),
            (mx - ux * 2 - uy * 12, my - uy * 2 + ux * 12),
            (mx - ux * 2 + uy * 12, my - uy * 2 - ux * 12),
        ]
        draw.polygon(head, fill=rgb, outline=INK)
    for s in path:
        _, y0, x1, _ = geometry.box(s)
        cx, cy = x1 - 19 - 30 * board.belt_colours(s).index(colour), y0 + 4 + ROW_H / 2
        draw.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=rgb, outline=INK, width=2)
        after = board.belt_next(colour, s)
        if after is None:
            draw.rectangle((cx - 5, cy - 5, cx + 5, cy + 5), fill=PAPER)
        else:
            _chevron(draw, (cx, cy), _unit(geometry.centre(s), geometry.centre(after))[0])


def _chevron(
    draw: ImageDraw.ImageDraw, at: tuple[float, float], direction: tuple[float, float]
) -> None:
    (cx, cy), (ux, uy) = at, direction
    points = [
        (cx - ux * 3 - uy * 7, cy - uy * 3 + ux * 7),
        (cx + ux * 5, cy + uy * 5),
        (cx - ux * 3 + uy * 7, cy - uy * 3 - ux * 7),
    ]
    draw.line(points, fill=PAPER, width=4, joint="curve")


def features(board: Board) -> list[tuple[str, str]]:
    """The board features this board has, as (icon kind, text) pairs."""
    rows = [("high", "high ground"), ("climb", "climb up (ladder)")] if board.high else []
    rows.append(("wall", "wall: no path"))
    # Ranged attacks need line of sight (wildlands.md §2): the board's table follows this
    # rule (tools/freeze_boards.py), so a player can read it off the picture.
    sight = "line of sight: along a row or column up to a wall"
    if board.high:
        sight += "; high ground between blocks it unless either end is high"
    rows.append(("sight", sight))
    if board.thin_ice:
        rows.append(("ice", "thin ice"))
    rows += [(f"belt:{c}", f"{c} belt") for c in sorted(board.belts)]
    if board.slippery:
        rows.append(("slippery", "slippery everywhere"))
    return rows


FEATURE_ICON_W = 40


def feature_icon(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float) -> None:
    """A sample of the board feature ``kind`` for the key, ``FEATURE_ICON_W`` wide from
    ``(x, y)``."""
    icon: Box = (x, y + 3, x + FEATURE_ICON_W, y + 29)
    if kind == "high":
        draw.rectangle(icon, fill=HIGH_FILL)
        for k in range(-26, FEATURE_ICON_W, 14):
            # Diagonal hatching clipped to the sample's rectangle.
            a, b = max(0, k), min(FEATURE_ICON_W, k + 26)
            draw.line((x + a, y + 29 - (a - k), x + b, y + 29 - (b - k)), fill=HATCH, width=3)
        draw.rectangle(icon, outline=INK, width=3)
    elif kind == "climb":
        draw.line((x, y + 16, x + 40, y + 16), fill=PATH, width=16)
        _draw_ladder(draw, (x, y + 16), (x + 40, y + 16))
    elif kind == "wall":
        draw.rectangle((x + 16, y + 2, x + 24, y + 30), fill=INK)
    elif kind == "sight":
        for k in range(0, 30, 8):
            draw.line((x + k, y + 16, x + k + 4, y + 16), fill=INK, width=3)
        draw.polygon([(x + 40, y + 16), (x + 30, y + 9), (x + 30, y + 23)], fill=INK)
    elif kind == "ice":
        draw.rounded_rectangle(icon, 6, fill=ICE_FILL, outline=ICE_EDGE, width=2)
        _draw_cracks(draw, icon)
    elif kind.startswith("belt:"):
        rgb = _belt_rgb(kind.removeprefix("belt:"))
        draw.line((x, y + 16, x + 28, y + 16), fill=rgb, width=12)
        draw.polygon([(x + 40, y + 16), (x + 26, y + 4), (x + 26, y + 28)], fill=rgb, outline=INK)
    else:
        draw.rounded_rectangle(icon, 6, fill=ICE_FILL, outline=MUTED, width=2)
        draw.text((x + 20, y + 16), "≈", font=font(24, bold=True), fill=ICE_EDGE, anchor="mm")
