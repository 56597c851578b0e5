"""The Root map (root.md §17 "Maps", §16.3 barren trails): every clearing's suit, slots,
buildings, tokens and warriors by faction with counts; paths, barren trails, rivers and
forests, and their key. Suits are written out in each clearing; barren trails are dashed and
labelled.

Drawn in layers (issue 20): the ground (forests, rivers, paths and the key) once per map and
set of opened trails, then each clearing as a patch over its piece of the ground, drawn once
per content; a patch is pasted through the mask of the pixels it drew, so clearings whose
patches overlap leave each other as they are drawn in order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engines.core.render_kit import (
    INK,
    LayerCache,
    contrast_ink,
    pixels,
    text_width,
    trace_legend,
    trace_marker,
    write,
)
from engines.root.render.geometry import RIVERS, R, clearing_xy
from engines.root.render.style import (
    BARREN,
    FACTION_COLOUR,
    FOREST,
    FOREST_INK,
    LETTER,
    MAP_H,
    OPENED,
    PATH_GREY,
    RGB,
    RIVER,
    RUIN_FILL,
    SECTIONS,
    SHORT,
    SUIT_FILL,
    TOKEN_SHORT,
    WHITE,
    W,
)

Point = tuple[float, float]
Patch = tuple[Image.Image, Image.Image, tuple[int, int]]
# The ground in RGB, to draw patches over (a map and its opened trails change once a turn).
_GROUNDS: LayerCache[Image.Image] = LayerCache(4)
# Patches of clearings (palette image, mask, corner): a board has twelve, most unchanged,
# weighing about 0.7 MB together: the last boards of some forty tables.
_PATCHES: LayerCache[Patch] = LayerCache(32 << 20, lambda p: 2 * pixels(p[0]))
KEY = (
    "Saw sawmill · Wk workshop · Rec recruiter · Ro roost · B base · wd wood · K keep · "
    "Sy sympathy · M/E/A ×n warriors · V Vagabond · outer ring = ruler"
)
# What the key's text explains (a ruin's box says "ruin" in full).
KEY_MARKERS = (
    "building:sawmill",
    "building:workshop",
    "building:recruiter",
    "building:roost",
    "building:base",
    "building:ruin",
    "token:wood",
    "token:keep",
    "token:sympathy",
    "warriors",
    "vagabond",
    "ruler",
)


def _dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: RGB, width: int) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // 22))
    for i in range(steps):
        if i % 2:
            continue
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        draw.line([p0, p1], fill=colour, width=width)


def _pill_width(text: str, size: int) -> float:
    return text_width(text, size, True) + 14


def _pill(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, colour: RGB, size: int = 20
) -> float:
    """A rounded label; returns its width."""
    w = _pill_width(text, size)
    draw.rounded_rectangle((x, y, x + w, y + size + 10), radius=8, fill=colour, outline=INK)
    write(draw, (x + w / 2, y + (size + 10) / 2), text, size, True, contrast_ink(colour), "mm")
    return w


def _positions(data: dict[str, Any]) -> dict[int, Point]:
    return {c["id"]: clearing_xy(data, c["id"]) for c in data["clearings"]}


def _centre(pos: dict[int, Point], ring: list[int]) -> Point:
    return sum(pos[c][0] for c in ring) / len(ring), sum(pos[c][1] for c in ring) / len(ring)


def _ground(data: dict[str, Any]) -> Image.Image:
    """Forests, rivers, paths and the key, in RGB."""
    img = Image.new("RGB", (W, MAP_H), SECTIONS.colours[0])
    draw = ImageDraw.Draw(img, "RGBA")
    pos = _positions(data)
    for name, ring in data["forests"].items():
        draw.polygon([pos[c] for c in ring], fill=(*FOREST, 150))
        write(draw, _centre(pos, ring), name, 22, True, FOREST_INK, "mm")
    for a, b in RIVERS[data["map"]]:
        trace_marker("river")
        _dashed(draw, pos[a], pos[b], RIVER, 4)
    opened = set(data["activated"])
    for a, b, kind in data["paths"]:
        if kind == "barren":
            is_open = f"{min(a, b)}-{max(a, b)}" in opened
            trace_marker("opened" if is_open else "barren")
            _dashed(draw, pos[a], pos[b], OPENED if is_open else BARREN, 9)
        else:
            trace_marker("path")
            draw.line([pos[a], pos[b]], fill=PATH_GREY, width=9)
    _draw_key(draw, data)
    return img


Paint = Callable[[ImageDraw.ImageDraw, int, int], None]
Box = tuple[int, int, int, int]


def _patch(ground: Image.Image, box: Box, paint: Paint) -> Patch:
    """``paint(draw, dx, dy)`` over ``box`` of the ground (moved by dx, dy to its corner):
    the patch in the palette, the mask of the pixels it changed, and its corner."""
    x0, y0 = max(0, box[0]), max(0, box[1])
    x1, y1 = min(ground.width, box[2]), min(ground.height, box[3])
    under = ground.crop((x0, y0, x1, y1))
    img = under.copy()
    paint(ImageDraw.Draw(img), -x0, -y0)
    bands = ImageChops.difference(img, under).split()
    changed = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    mask = changed.point(lambda v: 255 if v else 0)
    return SECTIONS.indexed(img), mask, (x0, y0)


def _clearing_patch(ground: Image.Image, c: dict[str, Any], at: Point, pawn: bool) -> Patch:
    def paint(draw: ImageDraw.ImageDraw, dx: int, dy: int) -> None:
        _draw_clearing(draw, c, (at[0] + dx, at[1] + dy), pawn)

    return _patch(ground, _clearing_box(c, at, pawn), paint)


def _forest_pawn_patch(ground: Image.Image, at: Point) -> Patch:
    """The Vagabond's pawn in a forest, under the forest's name."""
    cx, cy = at

    def paint(draw: ImageDraw.ImageDraw, dx: int, dy: int) -> None:
        trace_marker("vagabond")
        _pill(draw, cx - 18 + dx, cy + 14 + dy, "V", FACTION_COLOUR["vagabond"])

    box = (math.floor(cx - 20), math.floor(cy + 12), math.ceil(cx + 40), math.ceil(cy + 48))
    return _patch(ground, box, paint)


def _warrior_parts(c: dict[str, Any]) -> list[tuple[str, str]]:
    return [(f, f"{LETTER[f]}×{n}") for f, n in sorted(c["warriors"].items()) if n]


def _clearing_box(c: dict[str, Any], at: Point, pawn: bool) -> tuple[int, int, int, int]:
    """Everything a clearing draws: its ring, and the row of warriors that may be wider."""
    x, y = at
    row = sum(_pill_width(label, 20) + 4 for _, label in _warrior_parts(c)) + (30 if pawn else 0)
    half = max(R + 6, row / 2 + 4)
    return math.floor(x - half), math.floor(y - R - 6), math.ceil(x + half), math.ceil(y + R + 28)


def _draw_clearing(draw: ImageDraw.ImageDraw, c: dict[str, Any], at: Point, pawn: bool) -> None:
    x, y = at
    draw.ellipse((x - R, y - R, x + R, y + R), fill=SUIT_FILL[c["suit"]], outline=INK, width=3)
    ruler = c["ruler"]
    if ruler:
        trace_marker("ruler")
        draw.ellipse(
            (x - R - 5, y - R - 5, x + R + 5, y + R + 5), outline=FACTION_COLOUR[ruler], width=5
        )
    write(draw, (x, y - R + 18), f"{c['id']} {c['suit']}", 19, True, INK, "mm")
    # Slots: one box each, filled with the building's short name.
    n = c["slots"]
    bw = 44
    x0 = x - n * (bw + 4) / 2
    for i in range(n):
        bx = x0 + i * (bw + 4)
        box = (bx, y - 16, bx + bw, y + 12)
        if i < len(c["buildings"]):
            b = c["buildings"][i]
            trace_marker("building:" + ("base" if b.startswith("base") else b))
            owner = {"roost": "eyrie", "ruin": ""}.get(
                b, "alliance" if b.startswith("base") else "marquise"
            )
            fill = FACTION_COLOUR.get(owner, RUIN_FILL)
            draw.rectangle(box, fill=fill, outline=INK)
            write(draw, (bx + bw / 2, y - 2), SHORT[b], 15, True, contrast_ink(fill), "mm")
        else:
            draw.rectangle(box, fill=WHITE, outline=INK)
    tokens: dict[str, int] = {}
    for t in c["tokens"]:
        tokens[t] = tokens.get(t, 0) + 1
    tx = x - R + 16
    for t, k in tokens.items():
        trace_marker("token:" + t)
        label = TOKEN_SHORT[t] + (f"×{k}" if k > 1 else "")
        owner = "alliance" if t == "sympathy" else "marquise"
        tx += _pill(draw, tx, y + 16, label, FACTION_COLOUR[owner], 14) + 3
    wy = y + R - 4
    parts = _warrior_parts(c)
    total = sum(_pill_width(label, 20) + 4 for _, label in parts) + (30 if pawn else 0)
    wx = x - total / 2
    for f, label in parts:
        trace_marker("warriors")
        wx += _pill(draw, wx, wy, label, FACTION_COLOUR[f]) + 4
    if pawn:
        trace_marker("vagabond")
        _pill(draw, wx, wy, "V", FACTION_COLOUR["vagabond"])


def _draw_key(draw: ImageDraw.ImageDraw, data: dict[str, Any]) -> None:
    x, y = 20, MAP_H - 56
    trace_legend("path")
    draw.line([(x, y + 10), (x + 40, y + 10)], fill=PATH_GREY, width=7)
    x += 48
    write(draw, (x, y), "path", 16)
    x += 50
    trace_legend("barren")
    _dashed(draw, (x, y + 10), (x + 44, y + 10), BARREN, 7)
    x += 52
    write(draw, (x, y), "barren trail", 16)
    x += 104
    trace_legend("opened")
    _dashed(draw, (x, y + 10), (x + 44, y + 10), OPENED, 7)
    x += 52
    write(draw, (x, y), "opened this turn", 16)
    x += 140
    if RIVERS[data["map"]]:
        trace_legend("river")
        _dashed(draw, (x, y + 10), (x + 44, y + 10), RIVER, 4)
        x += 52
        write(draw, (x, y), "river (no moves)", 16)
    for kind in KEY_MARKERS:
        trace_legend(kind)
    write(draw, (20, y + 26), KEY, 16)


def draw_map(page: Image.Image, data: dict[str, Any], top: int) -> None:
    """The map pasted on ``page`` with its top edge at ``top``."""
    ground_key: Hashable = (
        data["map"],
        repr(data["forests"]),
        repr(data["paths"]),
        tuple(data["activated"]),
    )
    ground = _GROUNDS.get(ground_key, lambda: _ground(data))
    page.paste(SECTIONS.layer("ground", ground_key, lambda: SECTIONS.indexed(ground)), (0, top))
    pos = _positions(data)
    vag = data.get("vagabond", {}).get("where", "")
    for c in data["clearings"]:
        pawn, at = vag == str(c["id"]), pos[c["id"]]
        key = (ground_key, repr(c), pawn)
        _paste(page, top, _PATCHES.get(key, partial(_clearing_patch, ground, c, at, pawn)))
    if vag and not vag.isdigit():
        at = _centre(pos, data["forests"][vag])
        key = (ground_key, "forest", vag)
        _paste(page, top, _PATCHES.get(key, lambda: _forest_pawn_patch(ground, at)))


def _paste(page: Image.Image, top: int, patch: Patch) -> None:
    img, mask, (x, y) = patch
    page.paste(img, (x, y + top), mask)
