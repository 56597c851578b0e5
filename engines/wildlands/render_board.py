"""Draw a Wildlands board with its figures, shards and objects (DESIGN.md "Pictures").

Shows the board features of wildlands.md §2 and §13: paths between adjacent spaces (a wall
is a missing path, marked with a bar), high ground (hatched, heavy outline), climb edges
(ladders), thin ice (pale blue with cracks) and conveyor belts (arrows in the belt colour).
Positions come from ``Board.layout``. The static board is drawn once per board; the title,
each occupied space, each legend row and the footer are drawn over their patch of it once
per content, all in one fixed palette, and pasted together for each picture.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from typing import Literal

from PIL import Image, ImageDraw

from engines.core.render_kit import (
    INK,
    MUTED,
    PALETTE,
    PAPER,
    SEAT_COLOURS,
    TITLE_BG,
    TITLE_FG,
    LayerCache,
    canvas,
    contrast_ink,
    draw_title,
    fit_text,
    fixed_palette,
    font,
    indexed,
    pixels,
    text_width,
    write,
)
from engines.wildlands.board import Board

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

WIDTH, HEIGHT = 1200, 1100
TITLE_H = 56
MARGIN = 14
PANEL_W = 250
FOOTER_LINES = 3
FOOTER_H = 30 * FOOTER_LINES + 12
GAP = 26  # space between neighbouring boxes, where paths, ladders, walls and belts show
NUMBER_H = 36  # band at the top of a box for the space number
SLOTS = 4  # tokens shown per space before the rest fold into "+N"

GROUND: RGB = (232, 226, 210)
HIGH_FILL: RGB = (196, 182, 150)
HATCH: RGB = (150, 132, 98)
ICE_FILL: RGB = (212, 235, 250)
ICE_EDGE: RGB = (70, 130, 180)
CRACK: RGB = (90, 140, 185)
PATH: RGB = (168, 158, 138)
LADDER: RGB = (112, 70, 28)
DAMAGE: RGB = (200, 16, 32)
HIGHLIGHT: RGB = (240, 228, 66)
PANEL: RGB = (234, 229, 216)
BELT_COLOURS: dict[str, RGB] = {"blue": PALETTE["blue"], "red": PALETTE["vermillion"]}
# Every fill of the board, kept exact in its fixed palette; the inks are the text colours
# whose antialiased tints fill the rest of it.
COLOURS: tuple[RGB, ...] = (
    PAPER,
    PANEL,
    GROUND,
    HIGH_FILL,
    HATCH,
    ICE_FILL,
    ICE_EDGE,
    CRACK,
    PATH,
    LADDER,
    DAMAGE,
    HIGHLIGHT,
    TITLE_BG,
    INK,
    MUTED,
    (255, 255, 255),
    *SEAT_COLOURS,
    *PALETTE.values(),
    *BELT_COLOURS.values(),
)
INKS: tuple[RGB, ...] = (INK, MUTED, (255, 255, 255), TITLE_FG, PAPER, ICE_EDGE)
# Figures first, so a crowded space still shows who is there.
SHAPE_ORDER = {"ancient": 0, "figure": 1, "minion": 2, "shard": 3, "object": 4}


@dataclass(frozen=True)
class Token:
    """One thing standing on a space."""

    space: int
    label: str
    colour: RGB
    damage: int = 0
    health: int | None = None
    shape: Literal["figure", "minion", "ancient", "object", "shard"] = "figure"
    ring: RGB | None = None


def draw_board(
    board: Board,
    tokens: Sequence[Token],
    *,
    title: str,
    legend: Sequence[tuple[RGB, str]] = (),
    footer: Sequence[str] = (),
    highlight: Iterable[int] = (),
    colours: tuple[RGB, ...] = (),
) -> Image.Image:
    """The public picture of ``board``: title, board with tokens, legend panel, footer, as
    palette indices ready to encode. ``colours`` are the caller's token fills, kept exact in
    the palette.

    The board alone is drawn once; each dynamic part (the title, every occupied or
    highlighted space, the legend, the footer) is drawn over its own patch of it and reused
    while its content is unchanged, so a move redraws only the spaces it touched."""
    fills = (*COLOURS, *colours)
    palette = fixed_palette(fills, INKS)
    geometry = _Geometry(board)
    static = _static_board(board, geometry)
    layers = _Layers(board, static, fills, palette)
    img = _INDEXED.get((board.id, fills), lambda: indexed(static, palette)).copy()
    marked = sorted(set(highlight))
    for s in marked:
        if s not in board.layout:
            raise ValueError(f"Space {s} is not on {board.name}, so it cannot be highlighted.")
    by_space = _tokens_by_space(board, tokens)
    for s in sorted(set(by_space) | set(marked)):
        here = tuple(by_space.get(s, ()))
        lit = s in marked

        def draw_space(
            draw: ImageDraw.ImageDraw,
            dx: float,
            dy: float,
            s: int = s,
            here: tuple[Token, ...] = here,
        ) -> None:
            x0, y0, x1, y1 = geometry.box(s)
            x0, y0, x1, y1 = x0 + dx, y0 + dy, x1 + dx, y1 + dy
            if s in marked:
                draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), 15, outline=INK, width=2)
                draw.rounded_rectangle(
                    (x0 - 3, y0 - 3, x1 + 3, y1 + 3), 14, outline=HIGHLIGHT, width=5
                )
            a0, b0, a1, b1 = geometry.token_area(s)
            _draw_space_tokens(draw, (a0 + dx, b0 + dy, a1 + dx, b1 + dy), list(here))

        layers.paste(img, ("space", s, lit, here), geometry.patch(s), draw_space)
    layers.paste(
        img,
        ("title", title),
        (0, 0, WIDTH, TITLE_H + 1),
        lambda draw, dx, dy: draw_title(draw, WIDTH, fit_text(title, 28, WIDTH - 32, bold=True)),
    )
    # Row by row: a move usually changes one player's numbers, not the whole legend.
    for row in _legend_rows(legend, geometry.legend_bottom):
        layers.paste(
            img,
            ("legend", row),
            (geometry.panel_x, row.top, WIDTH - MARGIN, row.top + row.height),
            partial(_draw_legend_row, row),
        )
    layers.paste(
        img,
        ("footer", tuple(footer)),
        (0, HEIGHT - FOOTER_H + 1, WIDTH, HEIGHT),
        lambda draw, dx, dy: _draw_footer(draw, footer, dx, dy),
    )
    return img


# A dynamic part drawn on its patch of the static board, shifted by (dx, dy) into the patch.
DrawPatch = Callable[[ImageDraw.ImageDraw, float, float], None]
# Patches of recent pictures: a table's next board repeats most of them. A board's patches
# weigh about 0.7 MB, so this keeps the last boards of some forty-five tables.
_PATCHES: LayerCache[Image.Image] = LayerCache(32 << 20, pixels)
_INDEXED: LayerCache[Image.Image] = LayerCache(16)


class _Layers:
    """The dynamic parts of one board in one palette, drawn over patches of its static
    picture and kept while their content is unchanged."""

    def __init__(
        self, board: Board, static: Image.Image, fills: tuple[RGB, ...], palette: Image.Image
    ) -> None:
        self.static, self.palette = static, palette
        self.scope = (board.id, fills)

    def paste(
        self, img: Image.Image, key: Hashable, box: tuple[int, int, int, int], draw: DrawPatch
    ) -> None:
        """Paste the patch ``box`` (right and bottom exclusive) of the static board with
        ``draw`` drawn on it, from the cache while ``key`` (its content) is unchanged."""

        def make() -> Image.Image:
            patch = self.static.crop(box)
            draw(ImageDraw.Draw(patch), -box[0], -box[1])
            return indexed(patch, self.palette)

        img.paste(_PATCHES.get((self.scope, key, box), make), box[:2])


class _Geometry:
    """Pixel positions of every space, from the board's grid layout."""

    def __init__(self, board: Board) -> None:
        self.layout = board.layout
        cols = 1 + max(c for c, _ in board.layout.values())
        rows = 1 + max(r for _, r in board.layout.values())
        self.left, self.top = MARGIN, TITLE_H + 10
        self.pitch_x = (WIDTH - PANEL_W - 2 * MARGIN - self.left) / cols
        self.pitch_y = (HEIGHT - FOOTER_H - self.top) / rows
        self.panel_x = WIDTH - PANEL_W - MARGIN
        self.key_rows = _key_rows(board)
        self.legend_bottom = HEIGHT - FOOTER_H - 14 - 34 * len(self.key_rows)

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

    def token_area(self, s: int) -> Box:
        x0, y0, x1, y1 = self.box(s)
        return x0 + 3, y0 + NUMBER_H, x1 - 3, y1 - 3


_STATIC: LayerCache[Image.Image] = LayerCache(8)


def _static_board(board: Board, geometry: _Geometry) -> Image.Image:
    """Everything that depends on the board alone, drawn once per board (a board is its
    asset file, so its id names its content; every layer cache below is keyed by it)."""
    return _STATIC.get(board.id, lambda: _draw_static(board, geometry))


def _draw_static(board: Board, geometry: _Geometry) -> Image.Image:
    img = canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (geometry.panel_x, TITLE_H + 10, WIDTH - MARGIN, HEIGHT - FOOTER_H), 12, fill=PANEL
    )
    _draw_paths(draw, board, geometry)
    for s in board.spaces():
        _draw_space(img, draw, board, geometry.box(s), s)
    _draw_walls(draw, board, geometry)
    for colour in sorted(board.belts):
        _draw_belt(draw, board, geometry, colour)
    _draw_key(img, draw, geometry)
    return img


def _belt_rgb(colour: str) -> RGB:
    return BELT_COLOURS.get(colour, PALETTE.get(colour, INK))


def _draw_paths(draw: ImageDraw.ImageDraw, board: Board, geometry: _Geometry) -> None:
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
    draw.text(
        (box[0] + 8, box[1] + 3),
        str(s),
        font=font(30, bold=True),
        fill=INK,
        stroke_width=3,
        stroke_fill=PAPER,
    )


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


def _draw_walls(draw: ImageDraw.ImageDraw, board: Board, geometry: _Geometry) -> None:
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


def _draw_belt(draw: ImageDraw.ImageDraw, board: Board, geometry: _Geometry, colour: str) -> None:
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
        cx, cy = x1 - 17 - 30 * board.belt_colours(s).index(colour), y0 + 18
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


def _key_rows(board: Board) -> list[tuple[str, str]]:
    """The board features this board has, as (icon kind, text) rows."""
    rows = [("high", "high ground"), ("climb", "climb up (ladder)")] if board.high else []
    rows.append(("wall", "wall: no path"))
    if board.thin_ice:
        rows.append(("ice", "thin ice"))
    rows += [(f"belt:{c}", f"{c} belt") for c in sorted(board.belts)]
    if board.slippery:
        rows.append(("slippery", "slippery everywhere"))
    return rows


def _draw_key(img: Image.Image, draw: ImageDraw.ImageDraw, geometry: _Geometry) -> None:
    x, y = geometry.panel_x + 12, geometry.legend_bottom + 10
    draw.line((x, y - 6, WIDTH - MARGIN - 12, y - 6), fill=MUTED, width=1)
    for kind, text in geometry.key_rows:
        icon: Box = (x, y + 3, x + 40, y + 29)
        if kind == "high":
            draw.rounded_rectangle(icon, 6, fill=HIGH_FILL)
            _hatch(img, icon)
            draw.rounded_rectangle(icon, 6, outline=INK, width=3)
        elif kind == "climb":
            draw.line((x, y + 16, x + 40, y + 16), fill=PATH, width=16)
            _draw_ladder(draw, (x, y + 16), (x + 40, y + 16))
        elif kind == "wall":
            draw.rectangle((x + 16, y + 2, x + 24, y + 30), fill=INK)
        elif kind == "ice":
            draw.rounded_rectangle(icon, 6, fill=ICE_FILL, outline=ICE_EDGE, width=2)
            _draw_cracks(draw, icon)
        elif kind.startswith("belt:"):
            rgb = _belt_rgb(kind.removeprefix("belt:"))
            draw.line((x, y + 16, x + 28, y + 16), fill=rgb, width=12)
            draw.polygon(
                [(x + 40, y + 16), (x + 26, y + 4), (x + 26, y + 28)], fill=rgb, outline=INK
            )
        else:
            draw.rounded_rectangle(icon, 6, fill=ICE_FILL, outline=MUTED, width=2)
            draw.text((x + 20, y + 16), "≈", font=font(24, bold=True), fill=ICE_EDGE, anchor="mm")
        draw.text((x + 52, y + 16), text, font=font(19), fill=INK, anchor="lm")
        y += 34


def _tokens_by_space(board: Board, tokens: Sequence[Token]) -> dict[int, list[Token]]:
    by_space: dict[int, list[Token]] = {}
    for token in tokens:
        if token.space not in board.layout:
            raise ValueError(f"A token is on space {token.space}, which is not on {board.name}.")
        by_space.setdefault(token.space, []).append(token)
    return {s: sorted(here, key=lambda t: SHAPE_ORDER[t.shape]) for s, here in by_space.items()}


def _draw_space_tokens(draw: ImageDraw.ImageDraw, area: Box, here: list[Token]) -> None:
    """Up to four tokens in a 2 x 2 grid; a crowded space shows three and "+N"."""
    x0, y0, x1, y1 = area
    sw, sh = (x1 - x0) / 2, (y1 - y0) / 2
    size = min(sw, sh) - 2
    shown = here if len(here) <= SLOTS else here[: SLOTS - 1]
    for i, token in enumerate(shown):
        _draw_token(draw, token, (x0 + sw * (i % 2 + 0.5), y0 + sh * (i // 2 + 0.5)), size)
    if len(shown) < len(here):
        centre = (x0 + sw * 1.5, y0 + sh * 1.5)
        extra = f"+{len(here) - len(shown)}"
        draw.text(
            centre,
            extra,
            font=font(22, bold=True),
            fill=INK,
            anchor="mm",
            stroke_width=3,
            stroke_fill=PAPER,
        )


def _draw_token(
    draw: ImageDraw.ImageDraw, token: Token, centre: tuple[float, float], size: float
) -> None:
    cx, cy = centre
    r = size / 2
    if token.ring:
        # A halo in the ring colour with an ink rim shows on any fill; the token shrinks
        # inside it so it never spills into the next slot.
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=token.ring, outline=INK, width=1)
        r -= 5
    if token.shape == "figure":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=token.colour, outline=INK, width=2)
    elif token.shape == "minion":
        q = r * 0.88
        box = (cx - q, cy - q, cx + q, cy + q)
        draw.rounded_rectangle(box, 6, fill=token.colour, outline=INK, width=2)
    else:
        corners = _outline(token.shape, cx, cy, r)
        draw.polygon(corners, fill=token.colour, outline=INK, width=2)
    if token.label:
        small = token.shape in ("object", "shard")
        pt = _label_size(token.label, 2 * r * (0.62 if small else 0.82))
        ink = contrast_ink(token.colour)
        draw.text((cx, cy), token.label, font=font(pt, bold=True), fill=ink, anchor="mm")
    if token.damage or token.health is not None:
        _damage_badge(draw, token, (cx + size * 0.4, cy - size * 0.45))


def _outline(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon corners: a hexagon for an Ancient, a diamond for an object counter, a tall
    crystal for a shard."""
    if shape == "ancient":
        r *= 1.08  # a flat-topped hexagon looks smaller than a disc of the same radius
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (math.pi / 3 * k for k in range(6))
        ]
    if shape == "object":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    w = r * 0.62
    return [
        (cx, cy - r),
        (cx + w, cy - r * 0.4),
        (cx + w, cy + r * 0.4),
        (cx, cy + r),
        (cx - w, cy + r * 0.4),
        (cx - w, cy - r * 0.4),
    ]


def _label_size(label: str, max_width: float) -> int:
    size = 20
    while size > 10 and text_width(label, size, bold=True) > max_width:
        size -= 1
    return size


def _damage_badge(draw: ImageDraw.ImageDraw, token: Token, at: tuple[float, float]) -> None:
    text = str(token.damage) if token.health is None else f"{token.damage}/{token.health}"
    cx, cy = at
    half = max(10.0, text_width(text, 14, bold=True) / 2 + 5)
    pill = (cx - half, cy - 10, cx + half, cy + 10)
    draw.rounded_rectangle(pill, 10, fill=DAMAGE, outline=PAPER, width=2)
    draw.text((cx, cy), text, font=font(14, bold=True), fill=(255, 255, 255), anchor="mm")


@dataclass(frozen=True)
class _LegendRow:
    """One legend row placed in the panel: a swatch and up to two lines, or (``colour``
    None) the "+N more" note that ends a legend too long for the panel."""

    top: int
    height: int
    colour: RGB | None
    lines: tuple[str, ...]


def _legend_rows(legend: Sequence[tuple[RGB, str]], bottom: float) -> list[_LegendRow]:
    """Caller rows (swatch + text, wrapped to two lines) from the top of the panel down."""
    y = TITLE_H + 22
    rows = []
    for i, (rgb, text) in enumerate(legend):
        lines = tuple(_wrap(text, 20, PANEL_W - 62))
        row_h = 10 + 26 * len(lines)
        if y + row_h > bottom or (i < len(legend) - 1 and y + row_h + 36 > bottom):
            rows.append(_LegendRow(y, 30, None, (f"+{len(legend) - i} more",)))
            break
        rows.append(_LegendRow(y, row_h, rgb, lines))
        y += row_h
    return rows


def _draw_legend_row(row: _LegendRow, draw: ImageDraw.ImageDraw, dx: float, dy: float) -> None:
    x, y = WIDTH - PANEL_W - MARGIN + 12 + dx, row.top + dy
    if row.colour is None:
        write(draw, (x, y), row.lines[0], 20, True, MUTED)
        return
    draw.rounded_rectangle((x, y + 1, x + 26, y + 27), 5, fill=row.colour, outline=INK, width=2)
    for k, line in enumerate(row.lines):
        write(draw, (x + 38, y + 14 + 26 * k), line, 20, False, INK, "lm")


def _wrap(text: str, size: int, max_width: float) -> list[str]:
    """Greedy word wrap to at most two lines; the second is shortened to fit. A newline in
    ``text`` is where the caller wants the second line to start."""
    if "\n" in text:
        head, _, tail = text.partition("\n")
        return [fit_text(head, size, max_width), fit_text(tail.replace("\n", " "), size, max_width)]
    words = text.split()
    first = ""
    while words and text_width(f"{first} {words[0]}".strip(), size) <= max_width:
        first = f"{first} {words.pop(0)}".strip()
    if not first:
        return [fit_text(text, size, max_width)]
    return [first, fit_text(" ".join(words), size, max_width)] if words else [first]


def _draw_footer(
    draw: ImageDraw.ImageDraw, footer: Sequence[str], dx: float = 0, dy: float = 0
) -> None:
    lines = list(footer)
    if len(lines) > FOOTER_LINES:
        lines = [*lines[: FOOTER_LINES - 1], f"(+{len(lines) - FOOTER_LINES + 1} more lines)"]
    y = HEIGHT - FOOTER_H + 8 + dy
    for line in lines:
        text = fit_text(line, 22, WIDTH - 2 * MARGIN - 8)
        write(draw, (MARGIN + 4 + dx, y + 15), text, 22, False, INK, "lm")
        y += 30
