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
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
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
    fixed_palette,
    font,
    indexed,
    pixels,
    text_width,
    trace_legend,
    trace_marker,
    wrap_lines,
    write,
)
from engines.wildlands.board import Board

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

WIDTH, HEIGHT = 1300, 1100
TITLE_H = 56
MARGIN = 14
PANEL_W = 370
FEATURE_H = 34  # one row of the board-feature key under the board
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
    # The key's name for this kind of token when its shape alone does not say it (a
    # revealed object's kind, a knocked-out figure).
    marker: str = ""

    @property
    def kind(self) -> str:
        return self.marker or self.shape


def draw_board(
    board: Board,
    tokens: Sequence[Token],
    *,
    title: str,
    legend: Sequence[Entry | tuple[RGB, str]] = (),
    footer: Sequence[str] = (),
    highlight: Iterable[int] = (),
    colours: tuple[RGB, ...] = (),
    key: Mapping[str, str] | None = None,
) -> Image.Image:
    """The public picture of ``board``: title, board with tokens, the side panel (the
    ``legend`` entries, then a key for every kind of marker drawn, from ``BASE_KEY`` and the
    caller's ``key``), the board features under the board, and the footer, as palette
    indices ready to encode. ``colours`` are the caller's token fills, kept exact in the
    palette.

    The board alone is drawn once; each dynamic part (the title, every occupied or
    highlighted space, each panel entry, the key, the footer) is drawn over its own patch of
    it and reused while its content is unchanged, so a move redraws only what it touched."""
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
                trace_marker("highlight")
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
        lambda draw, dx, dy: draw_title(draw, WIDTH, title, TITLE_H),
    )
    entries = [e if isinstance(e, Entry) else Entry(*e) for e in legend]
    drawn = _kinds_drawn(by_space, marked)
    _panel_layers(layers, img, entries, _key_rows(drawn, {**BASE_KEY, **(key or {})}))
    layers.paste(
        img,
        ("footer", tuple(footer)),
        (0, HEIGHT - FOOTER_H + 1, WIDTH, HEIGHT),
        lambda draw, dx, dy: _draw_footer(draw, footer, dx, dy),
    )
    return img


def _kinds_drawn(
    by_space: Mapping[int, list[Token]], marked: Sequence[int]
) -> dict[str, Token | None]:
    """Each kind of marker the board shows, with a token to draw as its sample in the key."""
    kinds: dict[str, Token | None] = {"highlight": None} if marked else {}
    for here in by_space.values():
        shown = here if len(here) <= SLOTS else here[: SLOTS - 1]
        if len(shown) < len(here):
            kinds["more"] = None
        for token in shown:
            kinds.setdefault(token.kind, token)
            if token.ring:
                kinds.setdefault("ring", token)
            if token.damage or token.health is not None:
                kinds["damage"] = None
    return kinds


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
        self,
        img: Image.Image,
        key: Hashable,
        box: tuple[int, int, int, int],
        draw: DrawPatch,
        at: tuple[int, int] | None = None,
    ) -> None:
        """Paste the patch ``box`` (right and bottom exclusive) of the static board with
        ``draw`` drawn on it, from the cache while ``key`` (its content) is unchanged. With
        ``at``, the patch goes there instead: a panel entry is drawn once on a plain stretch
        of the panel and pasted wherever the entries above it leave it."""

        def make() -> Image.Image:
            patch = self.static.crop(box)
            draw(ImageDraw.Draw(patch), -box[0], -box[1])
            return indexed(patch, self.palette)

        img.paste(_PATCHES.get((self.scope, key, box), make), at or box[:2])


class _Geometry:
    """Pixel positions of every space, from the board's grid layout."""

    def __init__(self, board: Board) -> None:
        self.layout = board.layout
        cols = 1 + max(c for c, _ in board.layout.values())
        rows = 1 + max(r for _, r in board.layout.values())
        self.left, self.top = MARGIN, TITLE_H + 10
        self.panel_x = WIDTH - PANEL_W - MARGIN
        self.features = _feature_rows(board, self.panel_x - MARGIN - self.left)
        self.board_bottom = HEIGHT - FOOTER_H - FEATURE_H * len(self.features) - 4
        self.pitch_x = (self.panel_x - MARGIN - self.left) / cols
        self.pitch_y = (self.board_bottom - self.top) / rows

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
        (geometry.panel_x, PANEL_TOP, WIDTH - MARGIN, HEIGHT - FOOTER_H), 12, fill=PANEL
    )
    _draw_paths(draw, board, geometry)
    for s in board.spaces():
        _draw_space(img, draw, board, geometry.box(s), s)
    _draw_walls(draw, board, geometry)
    for colour in sorted(board.belts):
        _draw_belt(draw, board, geometry, colour)
    _draw_features(img, draw, geometry)
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


def _features(board: Board) -> list[tuple[str, str]]:
    """The board features this board has, as (icon kind, text) pairs."""
    rows = [("high", "high ground"), ("climb", "climb up (ladder)")] if board.high else []
    rows.append(("wall", "wall: no path"))
    if board.thin_ice:
        rows.append(("ice", "thin ice"))
    rows += [(f"belt:{c}", f"{c} belt") for c in sorted(board.belts)]
    if board.slippery:
        rows.append(("slippery", "slippery everywhere"))
    return rows


FEATURE_ICON_W = 40
FEATURE_SIZE = 18


def _feature_rows(board: Board, width: float) -> list[list[tuple[str, str, float]]]:
    """The features laid out left to right under the board, (kind, text, x) in rows."""
    rows: list[list[tuple[str, str, float]]] = [[]]
    x = 0.0
    for kind, text in _features(board):
        w = FEATURE_ICON_W + 10 + text_width(text, FEATURE_SIZE) + 26
        if x + w > width and rows[-1]:
            rows.append([])
            x = 0.0
        rows[-1].append((kind, text, x))
        x += w
    return rows


def _draw_features(img: Image.Image, draw: ImageDraw.ImageDraw, geometry: _Geometry) -> None:
    """The board-feature key in rows under the board (static: it depends on the board)."""
    strip = (MARGIN, geometry.board_bottom, geometry.panel_x - MARGIN, HEIGHT - FOOTER_H)
    for r, row in enumerate(geometry.features):
        y = geometry.board_bottom + 2 + r * FEATURE_H
        for kind, text, dx in row:
            x = MARGIN + dx
            _feature_icon(img, draw, kind, x, y)
            write(
                draw, (x + FEATURE_ICON_W + 10, y + 16), text, FEATURE_SIZE, False, INK, "lm", strip
            )


def _feature_icon(
    img: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: float, y: float
) -> None:
    icon: Box = (x, y + 3, x + FEATURE_ICON_W, y + 29)
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
        draw.polygon([(x + 40, y + 16), (x + 26, y + 4), (x + 26, y + 28)], fill=rgb, outline=INK)
    else:
        draw.rounded_rectangle(icon, 6, fill=ICE_FILL, outline=MUTED, width=2)
        draw.text((x + 20, y + 16), "≈", font=font(24, bold=True), fill=ICE_EDGE, anchor="mm")


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
        trace_marker("more")
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
    draw: ImageDraw.ImageDraw,
    token: Token,
    centre: tuple[float, float],
    size: float,
    badge: bool = True,
) -> None:
    """A token of ``size`` pixels at ``centre``, with its damage badge unless ``badge`` is
    off (the panel's chips and the key's samples)."""
    trace_marker(token.kind)
    cx, cy = centre
    r = size / 2
    if token.ring:
        trace_marker("ring")
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
    if badge and (token.damage or token.health is not None):
        trace_marker("damage")
        text = str(token.damage) if token.health is None else f"{token.damage}/{token.health}"
        _badge(draw, text, (cx + size * 0.4, cy - size * 0.45))


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


def _badge(draw: ImageDraw.ImageDraw, text: str, at: tuple[float, float]) -> None:
    """Damage against health on a red pill."""
    cx, cy = at
    half = max(10.0, text_width(text, 14, bold=True) / 2 + 5)
    pill = (cx - half, cy - 10, cx + half, cy + 10)
    draw.rounded_rectangle(pill, 10, fill=DAMAGE, outline=PAPER, width=2)
    draw.text((cx, cy), text, font=font(14, bold=True), fill=(255, 255, 255), anchor="mm")


@dataclass(frozen=True)
class Chip:
    """A token drawn small in the side panel beside the name it stands for."""

    token: Token
    name: str


@dataclass(frozen=True)
class Entry:
    """One block of the side panel: a swatch in ``colour`` (None: no swatch), ``text``
    wrapped to the panel (its first line bold; a newline starts a new line), the tokens it
    names (``chips``) and, in a strip of their own, its knocked-out figures (``out``)."""

    colour: RGB | None
    text: str
    chips: tuple[Chip, ...] = ()
    out: tuple[Chip, ...] = ()


# What each kind of marker means, for the key under the panel's entries; a game adds its own.
BASE_KEY: dict[str, str] = {
    "figure": "character, by its initials",
    "shard": "shard, by its player's number",
    "damage": "damage taken / health",
    "highlight": "the decision is about this space",
    "more": "more tokens here than fit",
}
TEXT_SIZE, LINE_H = 18, 23
CHIP_SIZE, CHIP_H = 15, 28
KEY_SIZE = 16
PANEL_TOP = TITLE_H + 10
PANEL_PAD = 12


def _inner_width() -> int:
    return PANEL_W - 2 * PANEL_PAD


# A laid-out entry: ("text", x, y, line, bold) and ("chip", x, y, chip) items, and its height.
Item = tuple[str, float, float, object, bool]


@lru_cache(maxsize=512)
def _entry_items(entry: Entry) -> tuple[tuple[Item, ...], int]:
    """Where each line and chip of ``entry`` goes, relative to its top left corner."""
    items: list[Item] = []
    indent = 36 if entry.colour is not None else 0
    width = _inner_width() - indent
    y = 0.0
    head, _, rest = entry.text.partition("\n")
    for line in wrap_lines(head, TEXT_SIZE, width, True):
        items.append(("text", indent, y, line, True))
        y += LINE_H
    for line in wrap_lines(rest, TEXT_SIZE, width) if rest else []:
        items.append(("text", indent, y, line, False))
        y += LINE_H
    if entry.chips:
        y = _flow_chips(items, entry.chips, indent, y + 2, indent)
    if entry.out:
        label = "Knocked out:"
        items.append(("out", indent, y + 2, label, False))
        start = indent + text_width(label, CHIP_SIZE) + 8
        y = _flow_chips(items, entry.out, start, y + 2, indent)
    return tuple(items), round(y) + 10


def _chip_width(chip: Chip) -> float:
    return 2 * 13 + 6 + text_width(chip.name, CHIP_SIZE)


def _flow_chips(
    items: list[Item], chips: tuple[Chip, ...], x: float, y: float, indent: int
) -> float:
    """Chips left to right, a new row when the next does not fit; returns the y below them."""
    right = _inner_width()
    for chip in chips:
        w = _chip_width(chip)
        if x + w > right and x > indent:
            x, y = indent, y + CHIP_H
        items.append(("chip", x, y, chip, False))
        x += w + 14
    return y + CHIP_H


def _draw_entry(entry: Entry, draw: ImageDraw.ImageDraw, dx: float, dy: float, top: int) -> None:
    x0, y0 = WIDTH - PANEL_W - MARGIN + PANEL_PAD + dx, top + dy
    panel = (WIDTH - PANEL_W - MARGIN + dx, y0, WIDTH - MARGIN + dx, y0 + _entry_items(entry)[1])
    if entry.colour is not None:
        draw.rounded_rectangle(
            (x0, y0 + 1, x0 + 24, y0 + 25), 5, fill=entry.colour, outline=INK, width=2
        )
    items, _ = _entry_items(entry)
    for kind, x, y, what, bold in items:
        if kind == "text":
            write(draw, (x0 + x, y0 + y + LINE_H / 2), str(what), TEXT_SIZE, bold, INK, "lm", panel)
        elif kind == "out":
            trace_legend("knocked_out")
            write(
                draw, (x0 + x, y0 + y + CHIP_H / 2), str(what), CHIP_SIZE, False, MUTED, "lm", panel
            )
        else:
            assert isinstance(what, Chip)
            cy = y0 + y + CHIP_H / 2
            _draw_token(draw, what.token, (x0 + x + 13, cy), 26, badge=False)
            name_x = x0 + x + 32
            write(draw, (name_x, cy), what.name, CHIP_SIZE, False, INK, "lm", panel)


@dataclass(frozen=True)
class _KeyRow:
    """One line of the key: a sample of the marker ``kind`` and what it means."""

    kind: str
    sample: Token | None
    lines: tuple[str, ...]


def _key_rows(kinds: dict[str, Token | None], key: dict[str, str]) -> tuple[_KeyRow, ...]:
    """Rows for the marker kinds drawn, in the key's order; a kind the key cannot explain
    gets no row (the picture tests catch it)."""
    width = _inner_width() - 52
    return tuple(
        _KeyRow(kind, kinds[kind], tuple(wrap_lines(text, KEY_SIZE, width)))
        for kind, text in key.items()
        if kind in kinds
    )


def _key_row_height(row: _KeyRow) -> int:
    return max(30, 20 * len(row.lines) + 10)


def _key_height(rows: tuple[_KeyRow, ...]) -> int:
    return 34 + sum(_key_row_height(r) for r in rows) if rows else 0


def _draw_key(
    rows: tuple[_KeyRow, ...], draw: ImageDraw.ImageDraw, dx: float, dy: float, top: int
) -> None:
    x, y = WIDTH - PANEL_W - MARGIN + PANEL_PAD + dx, top + dy
    panel = (x - PANEL_PAD, y, WIDTH - MARGIN + dx, y + _key_height(rows))
    draw.line((x, y + 2, x + _inner_width(), y + 2), fill=MUTED, width=1)
    write(draw, (x, y + 18), "Key", TEXT_SIZE, True, INK, "lm", panel)
    y += 34
    for row in rows:
        h = _key_row_height(row)
        cy = y + h / 2
        trace_legend(row.kind)
        _draw_sample(draw, row, (x + 20, cy))
        for i, line in enumerate(row.lines):
            ly = cy - 10 * (len(row.lines) - 1) + 20 * i
            write(draw, (x + 52, ly), line, KEY_SIZE, False, INK, "lm", panel)
        y += h


def _draw_sample(draw: ImageDraw.ImageDraw, row: _KeyRow, at: tuple[float, float]) -> None:
    cx, cy = at
    if row.kind == "damage":
        _badge(draw, "1/3", (cx, cy))
    elif row.kind == "more":
        write(draw, (cx, cy), "+2", 20, True, INK, "mm")
    elif row.kind == "highlight":
        box = (cx - 18, cy - 13, cx + 18, cy + 13)
        draw.rounded_rectangle(box, 6, fill=GROUND, outline=HIGHLIGHT, width=5)
    elif row.sample is not None:
        _draw_token(draw, row.sample, (cx, cy), 30, badge=False)


def _panel_layers(
    layers: _Layers, img: Image.Image, entries: Sequence[Entry], rows: tuple[_KeyRow, ...]
) -> None:
    """The entries from the top of the panel down, the key under them; an entry that
    would run into the key is left out and counted in a last line."""
    x0, x1 = WIDTH - PANEL_W - MARGIN, WIDTH - MARGIN
    key_h = _key_height(rows)
    bottom = HEIGHT - FOOTER_H - 10 - key_h
    top = y = PANEL_TOP + 10

    # Every entry and the key are drawn at the panel's top, below its rounded corners, where
    # the panel is plain: one drawing serves wherever the entries above push them.
    def paste(entry: Entry, y: int) -> int:
        h = _entry_items(entry)[1]
        box = (x0, top, x1, top + h)
        layers.paste(img, ("entry", entry), box, partial(_draw_entry, entry, top=top), (x0, y))
        return y + h

    for i, entry in enumerate(entries):
        # The last entry may use the room a note about the ones left out would need.
        room = bottom - (0 if i == len(entries) - 1 else LINE_H + 10)
        if y + _entry_items(entry)[1] > room:
            paste(Entry(None, f"(+{len(entries) - i} more not shown)"), y)
            break
        y = paste(entry, y)
    if rows:
        box = (x0, top, x1, top + key_h)
        layers.paste(img, ("key", rows), box, partial(_draw_key, rows, top=top), (x0, bottom))


def _footer_lines(footer: Sequence[str]) -> list[str]:
    """The newest events that fit the footer whole, wrapped, oldest first."""
    lines: list[str] = []
    for event in reversed(footer):
        wrapped = wrap_lines(event, FOOTER_SIZE, WIDTH - 2 * MARGIN - 8)
        if lines and len(lines) + len(wrapped) > FOOTER_LINES:
            break
        lines = wrapped + lines
    return lines


FOOTER_SIZE = 22


def _draw_footer(
    draw: ImageDraw.ImageDraw, footer: Sequence[str], dx: float = 0, dy: float = 0
) -> None:
    lines = _footer_lines(footer)
    # An event longer than the footer's lines is set smaller so it still fits whole.
    size = FOOTER_SIZE if len(lines) <= FOOTER_LINES else 16
    step = (FOOTER_H - 12) / max(FOOTER_LINES, len(lines))
    y = HEIGHT - FOOTER_H + 8 + dy
    for line in lines:
        write(draw, (MARGIN + 4 + dx, y + step / 2), line, size, False, INK, "lm")
        y += step
