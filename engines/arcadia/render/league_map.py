"""The Arcadia map picture (arcadia.md §3 "The map", §7 waylays, §12 quests), designed for
the inline view (issue 35): the title says whose move it is; a banner the Test or Trial
under way; the league cards in their grid cells, north up, the canvas as wide as the
columns laid need; the legend in the largest empty part of the grid when it fits there;
then a panel per character with its quests (what Arcadia scores). Drawn from the View's
data only."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engines.arcadia.render.league_card import Type, card_height, draw_card
from engines.arcadia.render.panels import (
    contest_line,
    draw_legend,
    draw_panel,
    drawn_kinds,
    legend_height,
    panel_height,
    pile_line,
)
from engines.arcadia.render.style import GAP, MARGIN, SECTIONS, Box, on_card, placed
from engines.core.protocol import View
from engines.core.render_kit import INK, canvas, draw_title, encode, readable_size, write

# A column of the map at least this wide, the picture at least this wide: the small print
# still reads when the picture is opened.
COLUMN = 215
NARROWEST = 960
# A panel at least this many readable letters wide (narrower, its lines wrap too often);
# three columns of the map hold one, so a snaking map's empty corners take the panels.
PANEL_EMS = 14


def _type(width: int) -> Type:
    read = readable_size(width, True)
    return Type(read=read, small=max(12, round(read * 0.55)))


def _grid(cells: list[dict[str, Any]]) -> tuple[int, int, int, int]:
    xs = [c["x"] for c in cells] or [0]
    ys = [c["y"] for c in cells] or [0]
    return min(xs), max(xs), min(ys), max(ys)


def _hole(filled: set[tuple[int, int]], cols: int, rows: int) -> tuple[int, int, int, int] | None:
    """The largest rectangle of empty grid cells (col, row, width, height), widest first."""
    best: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None
    for r0 in range(rows):
        for c0 in range(cols):
            limit = cols  # the rectangle's east end, narrowing as it grows south
            for r1 in range(r0, rows):
                c = c0
                while c < limit and (c, r1) not in filled:
                    c += 1
                limit = c
                if limit == c0:
                    break
                w, h = limit - c0, r1 - r0 + 1
                if best is None or (w * h, w) > best[0]:
                    best = ((w * h, w), (c0, r0, w, h))
    return None if best is None else best[1]


def _card(
    cell: dict[str, Any], players: list[dict[str, Any]], box: Box, ty: Type
) -> tuple[Image.Image, tuple[int, int]]:
    """A league card as a cached section, and where it goes: its box's whole-pixel corner
    (the fraction of a pixel stays inside the section, so the card lands where it did)."""
    x0, y0, x1, y1 = box
    left, top = math.floor(x0), math.floor(y0)
    shifted = (x0 - left, y0 - top, x1 - left, y1 - top)
    size = (math.ceil(shifted[2]) + 1, math.ceil(shifted[3]) + 1)
    # Of the players a card shows only whose base camp and character stand on it, in order.
    here = [(p["seat"], p["base"] == cell["cell"], p["pos"] == cell["cell"]) for p in players]

    def make() -> Image.Image:
        img = canvas(*size)
        draw_card(img, ImageDraw.Draw(img), shifted, cell, players, ty)
        return SECTIONS.indexed(img)

    with on_card(cell["cell"], box):
        placed("card", box)
    return SECTIONS.layer("card", (repr(cell), tuple(here), shifted, ty), make), (left, top)


def _banner(text: str, width: int, ty: Type) -> Image.Image:
    """A line across the picture under the title: the Test under way, or an empty map."""
    height = round(ty.read * 1.8)

    def draw(d: ImageDraw.ImageDraw) -> None:
        write(d, (MARGIN, height / 2), text, ty.read, True, INK, "lm", read="last")

    return SECTIONS.section("banner", (text, ty), (width, height), draw)


def _panels(
    data: dict[str, Any], players: list[dict[str, Any]], width: float, ty: Type
) -> Image.Image:
    """The panels of ``players`` in seat order in an area ``width`` wide, in two columns
    when there are several and room for them: each panel goes under the shorter column, and
    the last of each column reaches the bottom."""
    cols = 2 if len(players) > 1 and width >= PANEL_EMS * ty.read * 2 else 1
    panel_w = (width - (cols - 1) * GAP) / cols
    bottoms = [0.0] * cols
    boxes: list[list[Box]] = [[] for _ in range(cols)]
    order: list[tuple[int, int]] = []
    for p in players:
        col = bottoms.index(min(bottoms))
        x, y = col * (panel_w + GAP), bottoms[col]
        boxes[col].append((x, y, x + panel_w, y + panel_height(p, data, panel_w, ty)))
        order.append((col, len(boxes[col]) - 1))
        bottoms[col] = boxes[col][-1][3] + GAP
    total = max(bottoms) - GAP
    for column in boxes:
        if column:
            x0, y0, x1, _ = column[-1]
            column[-1] = (x0, y0, x1, total)

    def draw(d: ImageDraw.ImageDraw) -> None:
        for p, (col, i) in zip(players, order, strict=True):
            draw_panel(d, p, data, boxes[col][i], ty)

    key = (repr(players), repr(data["players"]), data["phase"], ty)
    return SECTIONS.section("panels", key, (math.ceil(width) + 1, math.ceil(total) + 1), draw)


def _legend(kinds: frozenset[str], width: float, ty: Type) -> Image.Image:
    height = legend_height(kinds, width, ty.small) + 8
    return SECTIONS.section(
        "legend",
        (kinds, width, ty),
        (math.ceil(width), height),
        lambda d: draw_legend(d, kinds, (0, 4, width, height), ty.small),
    )


def _holes(filled: set[tuple[int, int]], cols: int, rows: int) -> list[tuple[int, int, int, int]]:
    """The empty parts of the grid, largest first, none overlapping another."""
    taken = set(filled)
    out = []
    while (hole := _hole(taken, cols, rows)) is not None:
        c0, r0, w, h = hole
        out.append(hole)
        taken |= {(c, r) for c in range(c0, c0 + w) for r in range(r0, r0 + h)}
    return out


@dataclass
class Grid:
    """Where the map's columns and rows lie on the page."""

    left: float
    card_w: float
    row_top: list[float]
    heights: list[float]

    def box(self, col: int, row: int, w: int = 1, h: int = 1) -> Box:
        x0 = self.left + col * (self.card_w + GAP)
        y1 = self.row_top[row + h - 1] + self.heights[row + h - 1]
        return (x0, self.row_top[row], x0 + w * self.card_w + (w - 1) * GAP, y1)


def render(view: View) -> bytes:
    """The map: the title, a banner, each league card, the legend and the characters'
    panels are cached sections in one fixed palette (issue 20), drawn again only when what
    they show changes. The panels and the legend go into the largest empty parts of the
    grid where they fit (a map that snakes leaves much of its rectangle bare), else under
    the map."""
    data = view.data
    cells: list[dict[str, Any]] = list(data["cells"])
    players = list(data["players"])
    x_lo, x_hi, y_lo, y_hi = _grid(cells)
    cols, rows = x_hi - x_lo + 1, y_hi - y_lo + 1
    width = max(NARROWEST, cols * COLUMN + 2 * MARGIN + (cols - 1) * GAP)
    ty = _type(width)
    title_h = max(56, round(ty.read * 1.9))
    card_w = (width - 2 * MARGIN - (cols - 1) * GAP) / cols
    parts: list[tuple[Image.Image, tuple[int, int]]] = []
    top = title_h + GAP
    banners = []
    if data["contest"]:
        banners.append(contest_line(data))
    if data["solo"] and data["pile_count"]:
        banners.append(pile_line(data))
    if not cells:
        banners.append("No leagues laid yet: the map grows as each player lays theirs.")
    for text in banners:
        img = _banner(text, width, ty)
        parts.append((img, (0, top)))
        top += img.height
    # Every row as tall as its fullest card: no text is ever cut.
    by_row: dict[int, list[dict[str, Any]]] = {}
    for cell in cells:
        by_row.setdefault(y_hi - cell["y"], []).append(cell)
    smallest = 3 * ty.read
    heights = [
        max([smallest, *(card_height(c, players, card_w, ty) for c in by_row.get(r, []))])
        for r in range(rows)
    ]
    grid = Grid(MARGIN, card_w, [top + sum(heights[:r]) + GAP * r for r in range(rows)], heights)
    for cell in cells:
        box = grid.box(cell["x"] - x_lo, y_hi - cell["y"])
        parts.append(_card(cell, players, box, ty))
    bottom = (grid.row_top[-1] + heights[-1] + GAP) if cells else top
    filled = {(c["x"] - x_lo, y_hi - c["y"]) for c in cells}
    holes = [grid.box(*h) for h in _holes(filled, cols, rows)] if cells else []
    # Each panel, in seat order, in the first empty part of the grid with room for it,
    # reading from the top left (so the panels read in seat order down the page); the rest
    # under the map.
    rooms = sorted((list(h) for h in holes), key=lambda r: (r[1], r[0]))
    below = []
    for p in players:
        for room in rooms:
            x0, y0, x1, y1 = room
            if x1 - x0 < PANEL_EMS * ty.read:
                continue
            block = _panels(data, [p], x1 - x0, ty)
            if y0 + block.height <= y1:
                parts.append(_part("panels", block, (x0, y0)))
                room[1] = y0 + block.height + GAP
                break
        else:
            below.append(p)
    if below:
        panels = _panels(data, below, width - 2 * MARGIN, ty)
        parts.append(_part("panels", panels, (MARGIN, bottom)))
        bottom += panels.height + GAP
    # The legend in the largest empty part left, when it fits there.
    kinds = frozenset(drawn_kinds(data))
    legend = None
    for x0, y0, x1, y1 in sorted(rooms, key=lambda r: -(r[2] - r[0]) * (r[3] - r[1])):
        room = x1 - x0 - 2 * ty.pad
        if legend_height(kinds, room, ty.small) + 8 <= y1 - y0:
            legend = _legend(kinds, room, ty)
            parts.append(_part("legend", legend, (x0 + ty.pad, y0)))
            break
    if legend is None:
        legend = _legend(kinds, width - 2 * MARGIN, ty)
        parts.append(_part("legend", legend, (MARGIN, bottom)))
        bottom += legend.height
    page = SECTIONS.page(width, int(bottom) + MARGIN)
    for img, at in parts:
        page.paste(img, at)

    def draw_bar(d: ImageDraw.ImageDraw) -> None:
        draw_title(d, width, data["title"], title_h)

    bar = SECTIONS.section("title", (data["title"], title_h), (width, title_h + 1), draw_bar)
    page.paste(bar, (0, 0))
    return encode(page)


def _part(
    kind: str, img: Image.Image, at: tuple[float, float]
) -> tuple[Image.Image, tuple[int, int]]:
    """A section pasted at ``at``, its box noted for ``placements``."""
    x, y = round(at[0]), round(at[1])
    with on_card("", (x, y, x + img.width, y + img.height)):
        placed(kind, (x, y, x + img.width, y + img.height))
    return img, (x, y)
